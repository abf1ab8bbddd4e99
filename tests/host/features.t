Superblock feature flags, one class at a time, through the tools, with bits
this version does not know (it knows the compatible fixed_log 0x1 and
data_id 0x2 and the incompatible commit_records 0x1, and no other): an unknown
incompatible feature makes the metadata unusable (dma-check says
"unsupported", exit 2: refused), an unknown read-only-compatible one may be read but
not written (dma-check and dma-dump read it, dma-replay and dma-format
refuse to write), an unknown compatible one is ignored and kept.

  $ dma-craft format meta 16 1024; truncate -s 512K data
  $ dma-craft txn meta 0+8 >/dev/null; dma-craft txn meta 100+9 >/dev/null
  $ log() { dma-dump meta | tail -n +2; }
  $ log > log.orig

Metadata written before the feature words existed has zeroes there: valid, no
features shown in text; key=value and JSON always carry the words.

  $ dma-check meta | head -1
  superblock: ok, version 1, uuid 11223344-5566-7788-99aa-bbccddeef001, log 1+16 blocks, data 1024 sectors, tail seq 1 at log block 0
  $ dma-dump --kv meta | head -1
  superblock status=ok version=1 uuid=11223344-5566-7788-99aa-bbccddeef001 log_start=1 log_blocks=16 data_sectors=1024 tail_seq=1 tail_block=0 feature_compat=0x0 feature_ro_compat=0x0 feature_incompat=0x0 unknown_compat=0x0 unknown_ro_compat=0x0

The words are bytes 88-99 of the superblock, right after tail_block:

  $ dma-craft sb meta compat=1 ro_compat=2 incompat=4
  $ od -An -tx1 -j 88 -N 16 meta | sed 's/^ //'
  01 00 00 00 02 00 00 00 04 00 00 00 00 00 00 00
  $ dma-craft sb meta compat=0 ro_compat=0 incompat=0

Incompatible: refused by every tool, the reason named, nothing written.

  $ dma-craft sb meta incompat=2147483648; md5sum meta data > sum
  $ dma-check meta
  superblock: incompatible features this version does not know (incompat 0x80000000): only a newer version can use this metadata
  unsupported
  [2]
  $ dma-check -q --json meta | jq -c .; echo "rc=${PIPESTATUS[0]}"
  {"json_format_version":1,"superblock":{"status":"incompat_features","message":"incompatible features this version does not know (incompat 0x80000000): only a newer version can use this metadata","unknown_incompat":2147483648},"verdict":"unsupported"}
  rc=2
  $ dma-dump meta
  superblock: incompatible features this version does not know (incompat 0x80000000): only a newer version can use this metadata
  end: invalid superblock (incompatible features this version does not know (incompat 0x80000000): only a newer version can use this metadata)
  [2]
  $ dma-dump --kv meta
  superblock status=incompat_features
  end reason=superblock
  [2]
  $ dma-replay data meta
  dma-replay: meta: superblock: incompatible features this version does not know (incompat 0x80000000): only a newer version can use this metadata; nothing replayed
  [2]
  $ dma-replay --force data meta 2>&1 | tail -c 17; echo "rc=${PIPESTATUS[0]}"
  nothing replayed
  rc=2
  $ dma-format -s 1024 meta
  dma-format: meta: holds dm-atomic metadata with incompatible features this version does not know (incompat 0x80000000); use --force to overwrite it
  [2]

Swapped arguments are still recognised by the superblock on the data argument:

  $ dma-replay meta data 2>&1 | head -1; echo "rc=${PIPESTATUS[0]}"
  dma-replay: meta holds a dm-atomic superblock and data does not: the order is DATA METADATA, as in the table line; nothing replayed
  rc=1
  $ md5sum -c sum
  meta: OK
  data: OK

Incompatible is checked right after the flags, before the geometry and the
sizes, and before read-only-compatible:

  $ dma-craft sb meta flags=4; dma-check -q meta
  superblock: unsupported flags
  damaged
  [7]
  $ dma-craft sb meta flags=0 tail_block=99 ro_compat=1; dma-check -q -s 8 meta
  superblock: incompatible features this version does not know (incompat 0x80000000): only a newer version can use this metadata
  unsupported
  [2]
  $ dma-craft sb meta incompat=0 tail_block=0 ro_compat=0
  $ log | cmp - log.orig

Read-only-compatible: dma-check and dma-dump read the log as usual (a note
says what cannot be done); dma-replay, even --dry-run or --force, and
dma-format without --force refuse and write nothing.

  $ dma-craft sb meta ro_compat=1; md5sum meta data > sum
  $ dma-check meta
  superblock: ok, version 1, uuid 11223344-5566-7788-99aa-bbccddeef001, log 1+16 blocks, data 1024 sectors, tail seq 1 at log block 0, features compat 0x0 ro_compat 0x1 incompat 0x0 (not known to this version: ro_compat 0x1, read-only)
  note: read-only-compatible features this version does not know (ro_compat 0x1): checked read-only; the target refuses to activate this metadata and dma-replay to replay it
  log: 2 transactions in 5 blocks
  end: unwritten block at log block 5 (expected seq 3)
  clean
  $ dma-check -q meta
  $ dma-check --json meta | jq -c '[.verdict, .superblock.feature_ro_compat, .superblock.unknown_ro_compat, .log.transactions]'
  ["clean",1,1,2]
  $ log | cmp - log.orig
  $ dma-dump --kv meta | sed -n 's/.*\(feature_ro_compat=[^ ]*\).*\(unknown_ro_compat=[^ ]*\)$/\1 \2/p'
  feature_ro_compat=0x1 unknown_ro_compat=0x1

The data size is still checked:

  $ dma-check -q -s 2048 meta
  superblock: data device size mismatch: formatted for 1024 sectors, the data device has 2048
  damaged
  [7]

  $ dma-replay data meta
  dma-replay: meta: superblock: read-only-compatible features this version does not know (ro_compat 0x1): it may be read (dma-check, dma-dump) but not written; nothing replayed
  [2]
  $ dma-replay --dry-run data meta
  dma-replay: meta: superblock: read-only-compatible features this version does not know (ro_compat 0x1): it may be read (dma-check, dma-dump) but not written; nothing replayed
  [2]
  $ dma-replay --force --keep-tail data meta >/dev/null 2>&1; echo rc=$?
  rc=2
  $ dma-format -s 1024 meta
  dma-format: meta: holds dm-atomic metadata with read-only-compatible features this version does not know (ro_compat 0x1); use --force to overwrite it
  [2]
  $ md5sum -c sum
  meta: OK
  data: OK

Compatible: ignored by every tool and kept when dma-replay rewrites the
superblock (the tail moves, the word stays, the checksum is right).

  $ dma-craft sb meta ro_compat=0 compat=2147483652
  $ dma-check meta | head -1
  superblock: ok, version 1, uuid 11223344-5566-7788-99aa-bbccddeef001, log 1+16 blocks, data 1024 sectors, tail seq 1 at log block 0, features compat 0x80000004 ro_compat 0x0 incompat 0x0 (not known to this version: compat 0x80000004, ignored)
  $ log | cmp - log.orig
  $ dma-replay data meta
  replayed 2 transactions (17 sectors); log ended: unwritten block at log block 5 (expected seq 3)
  tail now seq 4294967299 at log block 5
  $ dma-dump --kv meta | head -1
  superblock status=ok version=1 uuid=11223344-5566-7788-99aa-bbccddeef001 log_start=1 log_blocks=16 data_sectors=1024 tail_seq=4294967299 tail_block=5 feature_compat=0x80000004 feature_ro_compat=0x0 feature_incompat=0x0 unknown_compat=0x80000004 unknown_ro_compat=0x0
  $ dma-check -q meta

--force overwrites any of them with a fresh superblock without features:

  $ dma-craft sb meta ro_compat=1 incompat=1
  $ dma-format -s 1024 --force meta >/dev/null
  $ dma-dump --json meta | jq -c '.superblock | [.status, .feature_compat, .feature_ro_compat, .feature_incompat]'
  ["ok",0,0,0]

dma-craft refuses a value that does not fit a 32-bit word:

  $ dma-craft sb meta incompat=4294967296
  dma-craft: sb: incompat is a 32-bit field
  Try 'dma-craft --help'.
  [1]
