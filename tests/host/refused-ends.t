Ends of the log no crash leaves.  A crash tears at most the transactions in flight at the
head: what the scan then meets there is a torn block, an unwritten one, or an older lap's
record or data.  A sound record of the current run that is malformed (bad_desc), points past
the data device (entry_range), runs over the tail (log_overrun), carries a later sequence
number (seq_gap) or sits where it was not written (blocknr_mismatch) is damage or a bug: the
target refuses to activate such a log (-EUCLEAN, nothing written), and dma-check and
dma-replay say the same: damaged, exit status 7, the reason named; dma-replay writes nothing
unless --force.  One dma-craft image per reason (a 16-block log, 1024 data sectors); then the
ends a crash does leave, still accepted.

  $ fresh() { dma-craft format img 16 1024 "$@" >/dev/null; }
  $ truncate -s 512K data
  $ refused() {
  >   dma-check img; echo "dma-check: $?"
  >   dma-check --json img | jq -c '[.end.reason, .end.normal, .verdict]'
  >   md5sum img data > sum
  >   dma-replay data img; echo "dma-replay: $?"
  >   md5sum -c --quiet sum && echo "nothing written"
  > }
  $ accepted() {
  >   dma-check -q img; echo "dma-check: $?"
  >   dma-check --json img | jq -c '[.end.reason, .end.normal, .verdict]'
  >   dma-replay data img >out; echo "dma-replay: $?"; head -1 out
  > }

seq_gap: the descriptor at the head is sound and in its place but carries seq 7 where
seq 2 is due.  Sequence numbers are handed out in log order and only grow (recovery jumps
them forward), so no earlier record can carry a later number:

  $ fresh; dma-craft txn img 0+8 >/dev/null; dma-craft txn --seq 7 img 8+8 >/dev/null
  $ refused
  superblock: ok, version 1, uuid 11223344-5566-7788-99aa-bbccddeef001, log 1+16 blocks, data 1024 sectors, tail seq 1 at log block 0
  log: 1 transactions in 2 blocks
  end: sequence gap (found seq 7) at log block 2 (expected seq 2)
  refused: no crash ends a log this way; the target does not activate it (dma-replay --force replays the 1 transactions before it and gives up the rest)
  damaged
  dma-check: 7
  ["seq_gap",false,"damaged"]
  dma-replay: img: damaged log (sequence gap (found seq 7) at log block 2 (expected seq 2)); nothing replayed (--force replays the 1 transactions before it)
  dma-replay: 7
  nothing written

blocknr_mismatch: the descriptor due at log block 2 (seq 2, sound) names metadata block 10
as its own, so it was written somewhere else or the log was moved:

  $ fresh; dma-craft txn img 0+8 >/dev/null; dma-craft txn --blocknr 10 img 8+8 >/dev/null
  $ refused
  superblock: ok, version 1, uuid 11223344-5566-7788-99aa-bbccddeef001, log 1+16 blocks, data 1024 sectors, tail seq 1 at log block 0
  log: 1 transactions in 2 blocks
  end: block number mismatch (found seq 2) at log block 2 (expected seq 2)
  refused: no crash ends a log this way; the target does not activate it (dma-replay --force replays the 1 transactions before it and gives up the rest)
  damaged
  dma-check: 7
  ["blocknr_mismatch",false,"damaged"]
  dma-replay: img: damaged log (block number mismatch (found seq 2) at log block 2 (expected seq 2)); nothing replayed (--force replays the 1 transactions before it)
  dma-replay: 7
  nothing written

bad_desc: a sound descriptor with an entry of zero sectors:

  $ fresh; dma-craft txn img 0+8 >/dev/null; dma-craft txn --unchecked img 8+8 16+0 >/dev/null
  $ refused
  superblock: ok, version 1, uuid 11223344-5566-7788-99aa-bbccddeef001, log 1+16 blocks, data 1024 sectors, tail seq 1 at log block 0
  log: 1 transactions in 2 blocks
  end: malformed descriptor (entry 1) at log block 2 (expected seq 2)
  refused: no crash ends a log this way; the target does not activate it (dma-replay --force replays the 1 transactions before it and gives up the rest)
  damaged
  dma-check: 7
  ["bad_desc",false,"damaged"]
  dma-replay: img: damaged log (malformed descriptor (entry 1) at log block 2 (expected seq 2)); nothing replayed (--force replays the 1 transactions before it)
  dma-replay: 7
  nothing written

entry_range: a sound descriptor whose entry runs past the 1024 sectors of the data device:

  $ fresh; dma-craft txn img 0+8 >/dev/null; dma-craft txn --unchecked img 1020+8 >/dev/null
  $ refused
  superblock: ok, version 1, uuid 11223344-5566-7788-99aa-bbccddeef001, log 1+16 blocks, data 1024 sectors, tail seq 1 at log block 0
  log: 1 transactions in 2 blocks
  end: entry past the end of the data device (entry 0) at log block 2 (expected seq 2)
  refused: no crash ends a log this way; the target does not activate it (dma-replay --force replays the 1 transactions before it and gives up the rest)
  damaged
  dma-check: 7
  ["entry_range",false,"damaged"]
  dma-replay: img: damaged log (entry past the end of the data device (entry 0) at log block 2 (expected seq 2)); nothing replayed (--force replays the 1 transactions before it)
  dma-replay: 7
  nothing written

log_overrun: three transactions fill 15 of the 16 blocks; a sound fourth one of two blocks
would run over the tail, which the writer never reserves:

  $ fresh 1 0; for i in 1 2 3; do dma-craft txn img 0+32 >/dev/null; done
  $ dma-craft txn --no-data img 0+8 >/dev/null
  $ refused
  superblock: ok, version 1, uuid 11223344-5566-7788-99aa-bbccddeef001, log 1+16 blocks, data 1024 sectors, tail seq 1 at log block 0
  log: 3 transactions in 15 blocks
  end: transaction overruns the log tail at log block 15 (expected seq 4)
  refused: no crash ends a log this way; the target does not activate it (dma-replay --force replays the 3 transactions before it and gives up the rest)
  damaged
  dma-check: 7
  ["log_overrun",false,"damaged"]
  dma-replay: img: damaged log (transaction overruns the log tail at log block 15 (expected seq 4)); nothing replayed (--force replays the 3 transactions before it)
  dma-replay: 7
  nothing written

--force replays what comes before the damage and moves the tail past it; the log is then
clean (what lay beyond is given up):

  $ fresh; dma-craft txn img 0+8 >/dev/null; dma-craft txn --seq 7 img 8+8 >/dev/null
  $ dma-replay --force data img
  replayed 1 transactions (8 sectors); log ended: sequence gap (found seq 7) at log block 2 (expected seq 2)
  tail now seq 4294967298 at log block 2
  $ dma-check -q img; echo "dma-check: $?"
  dma-check: 0

The ends a crash leaves are accepted as before: a torn last transaction (its data, its
descriptor), an unwritten block, a stale record of an earlier lap:

  $ fresh; dma-craft txn img 0+8 >/dev/null; dma-craft txn img 100+9 >/dev/null
  $ dma-craft flip img 3 100; accepted
  dma-check: 0
  ["data_crc",true,"clean"]
  dma-replay: 0
  replayed 1 transactions (8 sectors); log ended: data checksum mismatch in entry 0 (data at log block 3) of the transaction at log block 2 (expected seq 2)
  $ fresh; dma-craft txn img 0+8 >/dev/null; dma-craft txn img 100+9 >/dev/null
  $ dma-craft flip img 2 3000; accepted
  dma-check: 0
  ["desc_csum",true,"clean"]
  dma-replay: 0
  replayed 1 transactions (8 sectors); log ended: descriptor checksum mismatch at log block 2 (expected seq 2)
  $ fresh; dma-craft txn img 0+8 >/dev/null; accepted
  dma-check: 0
  ["unwritten",true,"clean"]
  dma-replay: 0
  replayed 1 transactions (8 sectors); log ended: unwritten block at log block 2 (expected seq 2)
  $ fresh 5 0; dma-craft txn --seq 2 --at 2 img 8+8 >/dev/null
  $ dma-craft txn --seq 5 img 0+8 >/dev/null; accepted
  dma-check: 0
  ["stale_seq",true,"clean"]
  dma-replay: 0
  replayed 1 transactions (8 sectors); log ended: stale sequence number (found seq 2) at log block 2 (expected seq 6)

A block number mismatch is accepted when the record is older than the transaction due
(seq below it): a data block of an earlier lap that holds a copy of one of this log's own
descriptors (an image of the metadata device written through the target, say) is just that.
Data is logged verbatim, block-aligned, so such a copy meets the scan wherever the head
lands on it; were its block number right, it would be a stale record, and so it is here.
Below, seq 3 at log block 0 is due, and log block 0 holds a copy of the descriptor of seq 1
that was written for log block 4:

  $ fresh 3 0; dma-craft txn --seq 1 --at 0 --blocknr 5 img 8+8 >/dev/null; accepted
  dma-check: 0
  ["blocknr_mismatch",true,"clean"]
  dma-replay: 0
  replayed 0 transactions (0 sectors); log ended: block number mismatch (found seq 1) at log block 0 (expected seq 3)
