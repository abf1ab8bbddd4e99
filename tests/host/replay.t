dma-replay: offline recovery with the shared scan, on image files.

  $ dma-craft format meta 16 1024 >/dev/null
  $ dma-craft txn meta 0+8 100+9 >/dev/null; dma-craft txn meta 4+8 >/dev/null
  $ dma-craft txn meta 900+8 >/dev/null; dma-craft flip meta 7 10
  $ truncate -s 512K data
  $ dma-replay --dry-run data meta
  txn seq 1 entry 0: sector 0 +8 from log block 1
  txn seq 1 entry 1: sector 100 +9 from log block 2
  txn seq 2 entry 0: sector 4 +8 from log block 5
  would replay 2 transactions (25 sectors); log ends: data checksum mismatch in entry 0 (data at log block 7) of the transaction at log block 6 (expected seq 3)
  $ cmp data /dev/zero 2>&1 | sed 's/,.*//'
  cmp: EOF on data after byte 524288

The torn third transaction is left out; the bytes written are the logged ones,
in order (transaction 2 overwrites sectors 4..7 of transaction 1):

  $ dma-replay --keep-tail data meta
  replayed 2 transactions (25 sectors); log ended: data checksum mismatch in entry 0 (data at log block 7) of the transaction at log block 6 (expected seq 3)
  $ log() { dd if=meta bs=4096 skip=$((1 + $1)) count=1 status=none | head -c $2; }
  $ sec() { dd if=data bs=512 skip=$1 count=$2 status=none; }
  $ log 1 2048 > want; sec 0 4 | cmp - want && echo "sectors 0-3 from txn 1"
  sectors 0-3 from txn 1
  $ log 5 4096 > want; sec 4 8 | cmp - want && echo "sectors 4-11 from txn 2"
  sectors 4-11 from txn 2
  $ { log 2 4096; log 3 512; } > want; sec 100 9 | cmp - want && echo "sectors 100-108 from txn 1"
  sectors 100-108 from txn 1
  $ head -c 4096 /dev/zero > want; sec 900 8 | cmp - want && echo "sector 900 untouched"
  sector 900 untouched
  $ log 1 4096 | cmp -s - want || echo "(the logged data is not zero)"
  (the logged data is not zero)

Idempotent: replaying again gives the same bytes; moving the tail makes the
next replay a no-op and puts the new run's seq far beyond the old ones.

  $ md5sum data > sum
  $ dma-replay data meta
  replayed 2 transactions (25 sectors); log ended: data checksum mismatch in entry 0 (data at log block 7) of the transaction at log block 6 (expected seq 3)
  tail now seq 4294967299 at log block 6
  $ md5sum -c sum
  data: OK
  $ dma-replay data meta
  replayed 0 transactions (0 sectors); log ended: stale sequence number (found seq 3) at log block 6 (expected seq 4294967299)
  tail now seq 8589934595 at log block 6
  $ md5sum -c sum
  data: OK
  $ dma-check -q meta

Refusals change nothing: a damaged log (a transaction after the damaged one
records it as durable), a data device of another size, an invalid superblock.

  $ dma-craft format meta 16 1024 >/dev/null; dma-craft txn meta 0+8 >/dev/null
  $ dma-craft txn --durable-seq 2 meta 8+8 >/dev/null; dma-craft flip meta 1 0
  $ md5sum meta data > sum
  $ dma-replay data meta
  dma-replay: meta: damaged log (data checksum mismatch in entry 0 (data at log block 1) of the transaction at log block 0 (expected seq 1)); nothing replayed (--force replays the 0 transactions before it)
  [7]
  $ truncate -s 256K small; dma-replay small meta
  dma-replay: meta: superblock: data device size mismatch: formatted for 1024 sectors, the data device has 512; nothing replayed
  [7]
  $ dma-craft sb meta version=9; dma-replay data meta
  dma-replay: meta: superblock: unsupported version; nothing replayed
  [7]
  $ dma-craft sb meta version=1; md5sum -c sum
  meta: OK
  data: OK

The arguments are DATA METADATA, the order of the table line.  Given the other
way round, the superblock on the data argument gives it away:

  $ dma-replay meta data
  dma-replay: meta holds a dm-atomic superblock and data does not: the order is DATA METADATA, as in the table line; nothing replayed
  Try 'dma-replay --help'.
  [1]
  $ dma-replay --force meta data >/dev/null 2>&1; echo rc=$?; md5sum -c sum
  rc=1
  meta: OK
  data: OK
  $ dma-replay --force data meta | tail -1
  tail now seq 4294967297 at log block 0
  $ dma-replay data
  dma-replay: missing METADATA argument
  Try 'dma-replay --help'.
  [1]
