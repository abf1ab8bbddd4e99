All-zero metadata is what the target formats when it is first activated: the
tools call it unformatted, not damaged, and have nothing to check or replay.

  $ truncate -s 1M meta; truncate -s 512K data
  $ dma-check meta; echo rc=$?
  superblock: unformatted (all zero): the target formats it when first activated
  unformatted
  rc=0
  $ dma-check -q --data-dev data meta; echo rc=$?
  rc=0
  $ dma-dump meta; echo rc=$?
  superblock: unformatted (all zero)
  end: unformatted
  rc=0
  $ dma-dump --kv meta
  superblock status=unformatted
  end reason=unformatted
  $ dma-dump --json meta | jq -c .
  {"json_format_version":1,"superblock":{"status":"unformatted","message":"unformatted (all zero)"},"transactions":[],"end":{"reason":"unformatted"}}
  $ dma-replay data meta; echo rc=$?
  meta: unformatted (all zero): nothing to replay
  rc=0
  $ cmp meta /dev/zero 2>&1 | sed 's/,.*//'; cmp data /dev/zero 2>&1 | sed 's/,.*//'
  cmp: EOF on meta after byte 1048576
  cmp: EOF on data after byte 524288

Only block 0 decides, as in the target: an old log behind a zeroed superblock
is still unformatted.

  $ dma-craft format meta 16 1024; dma-craft txn meta 0+8 >/dev/null
  $ dd if=/dev/zero of=meta bs=4096 count=1 conv=notrunc status=none
  $ dma-check -q meta; echo rc=$?
  rc=0

One non-zero byte in block 0 is no longer unformatted but damaged:

  $ printf '\001' | dd of=meta bs=1 seek=4095 conv=notrunc status=none
  $ dma-check meta
  superblock: bad magic
  damaged
  [7]
  $ dma-dump meta
  superblock: bad magic
  end: invalid superblock (bad magic)
  [7]
