Hand-crafted logs, each getting exactly its scan verdict from the shared scan
code (dm-atomic/dma-scan.c, the code recovery runs).  dma-craft makes a
16-block log for a 1024-sector data device with a fixed uuid.

  $ verdict() { dma-dump img | tail -1; dma-check -q img; echo "check=$?"; }
  $ fresh() { dma-craft format img 16 1024 "$@"; }
  $ three() { fresh; for r in 0+8 100+9 1016+8; do dma-craft txn img $r >/dev/null; done; }

A formatted, empty log ends at its first block:

  $ fresh; verdict
  end: unwritten block at log block 0 (expected seq 1)
  check=0

Three good transactions (the second spans two data blocks):

  $ three; dma-dump img
  superblock: ok, version 1, uuid 11223344-5566-7788-99aa-bbccddeef001, log 1+16 blocks, data 1024 sectors, tail seq 1 at log block 0
  txn seq 1 at log block 0: 1 entries, 1 data blocks
    entry 0: sector 0 +8 at log block 1, crc 0ba9ef82
  txn seq 2 at log block 2: 1 entries, 2 data blocks
    entry 0: sector 100 +9 at log block 3, crc d91c477e
  txn seq 3 at log block 5: 1 entries, 1 data blocks
    entry 0: sector 1016 +8 at log block 6, crc b5e60da7
  end: unwritten block at log block 7 (expected seq 4)
  $ dma-dump --kv img | tail -1
  end reason=unwritten normal=yes log_block=7 expected_seq=4 found_seq=0 entry=0 bad_block=7 txns=3 used_blocks=7
  $ dma-dump --json img | jq -c '[.transactions[] | [.seq, .log_block, .entries[0].sector]], .end'
  [[1,0,0],[2,2,100],[3,5,1016]]
  {"reason":"unwritten","normal":true,"log_block":7,"expected_seq":4,"found_seq":0,"entry":0,"bad_block":7,"txns":3,"used_blocks":7}
  $ dma-craft sb img magic=1; dma-dump --json img | jq -c .; three
  {"json_format_version":1,"superblock":{"status":"bad_magic","message":"bad magic"},"transactions":[],"end":{"reason":"superblock"}}

Torn tail: the last transaction's data is damaged.  Recovery discards it; check
calls that a normal end after a crash.

  $ three; dma-craft flip img 6 100; verdict
  end: data checksum mismatch in entry 0 (data at log block 6) of the transaction at log block 5 (expected seq 3)
  check=0

Bad crc in the middle of the log, with a valid transaction after it.  If
that one records the damaged one as durable (durable_seq), committed data
was lost and check reports damage; if not, it was in flight with the torn one
and never acknowledged: a legal crash state.  Recovery stops there either way.

  $ fresh; dma-craft txn img 0+8 >/dev/null; dma-craft txn img 100+9 >/dev/null
  $ dma-craft txn --durable-seq 3 img 1016+8 >/dev/null; dma-craft flip img 4 100; verdict
  end: data checksum mismatch in entry 0 (data at log block 3) of the transaction at log block 2 (expected seq 2)
  log: 1 transactions in 2 blocks
  end: data checksum mismatch in entry 0 (data at log block 3) of the transaction at log block 2 (expected seq 2)
  beyond: valid transaction seq 3 at log block 5 records seq 2 as durable: committed transactions lost
  damaged
  check=7
  $ three; dma-craft flip img 4 100; verdict
  end: data checksum mismatch in entry 0 (data at log block 3) of the transaction at log block 2 (expected seq 2)
  check=0
  $ dma-check img | tail -2
  note: valid transaction seq 3 at log block 5 lies beyond the end; it was in flight when the log ended (never acknowledged) unless the writer does not record durable_seq
  clean (the torn transaction at the head is discarded by recovery)

Torn descriptor (checksum), wrong magic:

  $ three; dma-craft flip img 5 3000; verdict
  end: descriptor checksum mismatch at log block 5 (expected seq 3)
  check=0
  $ three; dma-craft flip img 2 4; verdict
  end: bad magic at log block 2 (expected seq 2)
  check=0

The same mid-log damage to a descriptor is caught when a later transaction
records it as durable:

  $ fresh; dma-craft txn img 0+8 >/dev/null; dma-craft txn img 100+9 >/dev/null
  $ dma-craft txn --durable-seq 3 img 1016+8 >/dev/null; dma-craft flip img 2 4; verdict
  end: bad magic at log block 2 (expected seq 2)
  log: 1 transactions in 2 blocks
  end: bad magic at log block 2 (expected seq 2)
  beyond: valid transaction seq 3 at log block 5 records seq 2 as durable: committed transactions lost
  damaged
  check=7
  $ truncate -s 512K data.img; dma-replay data.img img
  dma-replay: img: damaged log (bad magic at log block 2 (expected seq 2)); nothing replayed (--force replays the 1 transactions before it)
  [7]

Newer version, unknown flags, bad superblock checksum, wrong block number,
data device of another size:

  $ three; dma-craft sb img version=2; verdict
  end: invalid superblock (unsupported version)
  superblock: unsupported version
  damaged
  check=7
  $ three; dma-craft sb img flags=4; dma-check img
  superblock: unsupported flags
  damaged
  [7]
  $ three; dma-craft sb --no-seal img tail_seq=2; dma-check img
  superblock: bad checksum
  damaged
  [7]
  $ three; dma-craft sb img blocknr=3; dma-check img
  superblock: wrong block number
  damaged
  [7]
  $ three; dma-check -q --data-sectors 2048 img
  superblock: data device size mismatch: formatted for 1024 sectors, the data device has 2048
  damaged
  [7]
  $ three; dma-craft sb img tail_block=16; dma-check img
  superblock: bad geometry
  damaged
  [7]

Sequence gap (damage) and a stale record from an earlier lap (normal end):

  $ fresh; dma-craft txn img 0+8; dma-craft txn --seq 7 img 8+8; verdict
  txn seq 1 at log block 0, next at log block 2
  txn seq 7 at log block 2, next at log block 4
  end: sequence gap (found seq 7) at log block 2 (expected seq 2)
  log: 1 transactions in 2 blocks
  end: sequence gap (found seq 7) at log block 2 (expected seq 2)
  refused: no crash ends a log this way; the target does not activate it (dma-replay --force replays the 1 transactions before it and gives up the rest)
  damaged
  check=7
  $ fresh 5 0; dma-craft txn --seq 2 --at 2 img 8+8 >/dev/null
  $ dma-craft txn --seq 5 --at 0 img 0+8 >/dev/null; verdict
  end: stale sequence number (found seq 2) at log block 2 (expected seq 6)
  check=0

A record pointing past the data device:

  $ fresh; dma-craft txn img 0+8 >/dev/null; dma-craft txn --unchecked img 1020+8 >/dev/null; verdict
  end: entry past the end of the data device (entry 0) at log block 2 (expected seq 2)
  log: 1 transactions in 2 blocks
  end: entry past the end of the data device (entry 0) at log block 2 (expected seq 2)
  refused: no crash ends a log this way; the target does not activate it (dma-replay --force replays the 1 transactions before it and gives up the rest)
  damaged
  check=7

A malformed descriptor (valid checksum, an entry of zero sectors):

  $ fresh; dma-craft txn --unchecked img 0+8 8+0 >/dev/null; verdict
  end: malformed descriptor (entry 1) at log block 0 (expected seq 1)
  log: 0 transactions in 0 blocks
  end: malformed descriptor (entry 1) at log block 0 (expected seq 1)
  refused: no crash ends a log this way; the target does not activate it (dma-replay --force replays the 0 transactions before it and gives up the rest)
  damaged
  check=7

A record of an earlier format (other uuid: salt) ends the log normally; one
of the current run written to the wrong place (block number salt) is damage;
an older one out of place (seq below the one due: a copy of one of the log's
descriptors in an older data block) ends it normally, as a stale record would:

  $ fresh; dma-craft txn img 0+8 >/dev/null; dma-craft txn --foreign img 8+8 >/dev/null; verdict
  end: salt mismatch (record of another format) at log block 2 (expected seq 2)
  check=0
  $ fresh; dma-craft txn --blocknr 9 img 8+8 >/dev/null; verdict
  end: block number mismatch (found seq 1) at log block 0 (expected seq 1)
  log: 0 transactions in 0 blocks
  end: block number mismatch (found seq 1) at log block 0 (expected seq 1)
  refused: no crash ends a log this way; the target does not activate it (dma-replay --force replays the 0 transactions before it and gives up the rest)
  damaged
  check=7
  $ fresh 3 0; dma-craft txn --seq 1 --at 0 --blocknr 9 img 8+8 >/dev/null; verdict
  end: block number mismatch (found seq 1) at log block 0 (expected seq 3)
  check=0

Wrap-around: the tail at log block 14, a transaction whose data runs over the
end of the log into block 0, then one more:

  $ fresh 40 14; dma-craft txn img 8+24 100+1; dma-craft txn img 0+8
  txn seq 40 at log block 14, next at log block 3
  txn seq 41 at log block 3, next at log block 5
  $ dma-dump img | tail -6
  txn seq 40 at log block 14: 2 entries, 4 data blocks
    entry 0: sector 8 +24 at log block 15, crc d452b4bc
    entry 1: sector 100 +1 at log block 2, crc 036f7e42
  txn seq 41 at log block 3: 1 entries, 1 data blocks
    entry 0: sector 0 +8 at log block 4, crc 83dd165f
  end: unwritten block at log block 5 (expected seq 42)
  $ dma-check -q img

A transaction that would run over the tail (log overrun):

  $ fresh 1 0; for i in 1 2 3; do dma-craft txn img 0+32 >/dev/null; done
  $ dma-craft txn --no-data img 0+8; verdict
  txn seq 4 at log block 15, next at log block 1
  end: transaction overruns the log tail at log block 15 (expected seq 4)
  log: 3 transactions in 15 blocks
  end: transaction overruns the log tail at log block 15 (expected seq 4)
  refused: no crash ends a log this way; the target does not activate it (dma-replay --force replays the 3 transactions before it and gives up the rest)
  damaged
  check=7
