Sequence numbers are bounded (DMAT_SEQ_LIMIT, 2^62, dm-atomic-format.h): a superblock
whose tail_seq is at or above the limit has a bad geometry, and a replay refuses to move
the tail to or past it.  Without the bound a tail near 2^64 wrapped at recovery (tail
seq + 2^32) to a small number, below the sequence numbers of the descriptors still in the
log.

  $ dma-craft format meta 16 1024 18446744069414584320 0
  $ truncate -s 512K data
  $ dma-check meta
  superblock: bad geometry
  damaged
  [7]
  $ dma-replay data meta
  dma-replay: meta: superblock: bad geometry; nothing replayed
  [7]
  $ cmp data /dev/zero 2>&1 | sed 's/,.*//'
  cmp: EOF on data after byte 524288

The largest tail accepted is below the limit; a replay whose new tail (the end of the log
+ 2^32) would pass it writes nothing, and --keep-tail replays without moving the tail:

  $ dma-craft format meta2 16 1024 4611686014132420608 0
  $ dma-craft txn meta2 0+8
  txn seq 4611686014132420608 at log block 0, next at log block 2
  $ dma-check -q meta2 && echo clean
  clean
  $ cp meta2 before
  $ dma-replay data meta2
  dma-replay: meta2: the log ends at seq 4611686014132420609: the tail after replay would pass the sequence number limit 4611686018427387904; nothing replayed (--keep-tail replays without moving it; then copy the data off and format)
  [2]
  $ cmp meta2 before && cmp data /dev/zero 2>&1 | sed 's/,.*//'
  cmp: EOF on data after byte 524288
  $ dma-replay --keep-tail data meta2
  replayed 1 transactions (8 sectors); log ended: unwritten block at log block 2 (expected seq 4611686014132420609)
