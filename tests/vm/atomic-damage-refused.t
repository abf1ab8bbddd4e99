Logs whose scan stops at a record no crash leaves.  A crash tears at most the transactions in
flight at the head of the log; a sound descriptor of the current run with a later sequence
number (seq_gap), naming another block as its own (blocknr_mismatch), malformed (bad_desc),
reaching past the data device (entry_range) or running over the tail (log_overrun) is damage
or a bug.  Replaying the transactions before it and moving the tail there would make the rest
of the log unreachable for good, so activation refuses the table (-EUCLEAN, a specific error
and a kernel log line naming the reason, the log block and the sequence numbers) and writes
nothing: the metadata device and the data device stay byte for byte as they were.  The ends a
crash does leave (a torn last transaction, an unwritten block, an older record, a copy of an
older descriptor in a data block) still replay.  The logs are made by dma-craft on a file and
copied onto small dm-linear devices, so that whole devices can be compared.

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ cd /tmp
  $ DS=16384
  $ dmsetup create dma-d --table "0 $DS linear $SCRATCH0 0"
  $ dmsetup create dma-m --table "0 $((1025 * 8)) linear $SCRATCH1 0"
  $ D=/dev/mapper/dma-d M=/dev/mapper/dma-m
  $ fresh() { dma-craft format m.img 1024 $DS "$@" >/dev/null; }
  $ try() {
  >   dd if=m.img of=$M bs=4096 oflag=direct status=none
  >   dma-check -q $M >/dev/null 2>&1; echo "dma-check: $?"
  >   dd if=$D of=d.before bs=1M iflag=direct status=none; dmesg -C
  >   if dmsetup create dma-x --table "0 $DS atomic $D $M" 2>/dev/null; then
  >     echo "accepted: $(dmsetup message dma-x 0 stats | grep -E '^replayed_txns=')"
  >     dmsetup remove dma-x; return
  >   fi
  >   dmesg | sed -n 's/.*device-mapper: table: [0-9]*:[0-9]*: atomic: //p'
  >   dmesg | grep -o 'log damaged at .*'
  >   cmp m.img $M && cmp d.before $D && echo "metadata and data devices unchanged"
  > }

seq_gap: transaction 1, then a sound descriptor in its place carrying seq 7 where 2 is due.

  $ fresh; dma-craft txn m.img 0+8 >/dev/null; dma-craft txn --seq 7 m.img 8+8 >/dev/null; try
  dma-check: 7
  Log damaged: the scan stops at a record no crash leaves, not at the end of the log (see dma-check) (-EUCLEAN)
  log damaged at log block 2, where seq 2 is due: sequence gap (seq_gap, found seq 7), after 1 valid transactions; no crash ends a log this way: not activating, nothing written (see dma-check; dma-replay --force replays what comes before it)
  metadata and data devices unchanged

blocknr_mismatch: the descriptor of seq 2, due at log block 2, names metadata block 10:

  $ fresh; dma-craft txn m.img 0+8 >/dev/null; dma-craft txn --blocknr 10 m.img 8+8 >/dev/null; try
  dma-check: 7
  Log damaged: the scan stops at a record no crash leaves, not at the end of the log (see dma-check) (-EUCLEAN)
  log damaged at log block 2, where seq 2 is due: block number mismatch (blocknr_mismatch, found seq 2), after 1 valid transactions; no crash ends a log this way: not activating, nothing written (see dma-check; dma-replay --force replays what comes before it)
  metadata and data devices unchanged

bad_desc: a sound descriptor with an entry of zero sectors:

  $ fresh; dma-craft txn m.img 0+8 >/dev/null; dma-craft txn --unchecked m.img 8+8 16+0 >/dev/null; try
  dma-check: 7
  Log damaged: the scan stops at a record no crash leaves, not at the end of the log (see dma-check) (-EUCLEAN)
  log damaged at log block 2, where seq 2 is due: malformed descriptor (bad_desc, entry 1), after 1 valid transactions; no crash ends a log this way: not activating, nothing written (see dma-check; dma-replay --force replays what comes before it)
  metadata and data devices unchanged

entry_range: an entry that runs past the end of the data device:

  $ fresh; dma-craft txn m.img 0+8 >/dev/null; dma-craft txn --unchecked m.img $((DS - 4))+8 >/dev/null; try
  dma-check: 7
  Log damaged: the scan stops at a record no crash leaves, not at the end of the log (see dma-check) (-EUCLEAN)
  log damaged at log block 2, where seq 2 is due: entry past the end of the data device (entry_range, entry 0), after 1 valid transactions; no crash ends a log this way: not activating, nothing written (see dma-check; dma-replay --force replays what comes before it)
  metadata and data devices unchanged

log_overrun: three transactions of 257 blocks, then a sound fourth one of 257 that would run
over the tail of the 1024-block log:

  $ fresh; for i in 1 2 3; do dma-craft txn m.img 0+2048 >/dev/null; done
  $ dma-craft txn --no-data m.img 0+2048 >/dev/null; try
  dma-check: 7
  Log damaged: the scan stops at a record no crash leaves, not at the end of the log (see dma-check) (-EUCLEAN)
  log damaged at log block 771, where seq 4 is due: transaction overruns the log tail (log_overrun), after 3 valid transactions; no crash ends a log this way: not activating, nothing written (see dma-check; dma-replay --force replays what comes before it)
  metadata and data devices unchanged

The ends a crash leaves replay as before: a torn last transaction, the plain end of a log, and
a copy of an older descriptor (seq 1, written for log block 4) in the block where seq 3 is due:

  $ fresh; dma-craft txn m.img 0+8 >/dev/null; dma-craft txn m.img 100+9 >/dev/null
  $ dma-craft flip m.img 3 100; try
  dma-check: 0
  accepted: replayed_txns=1
  $ fresh; dma-craft txn m.img 0+8 >/dev/null; try
  dma-check: 0
  accepted: replayed_txns=1
  $ fresh 3 0; dma-craft txn --seq 1 --at 0 --blocknr 5 m.img 8+8 >/dev/null; try
  dma-check: 0
  accepted: replayed_txns=0

After dma-replay --force gives up what lies beyond the damage, the log activates:

  $ fresh; dma-craft txn m.img 0+8 >/dev/null; dma-craft txn --seq 7 m.img 8+8 >/dev/null
  $ dd if=m.img of=$M bs=4096 oflag=direct status=none
  $ dma-replay --force $D $M
  replayed 1 transactions (8 sectors); log ended: sequence gap (found seq 7) at log block 2 (expected seq 2)
  tail now seq 4294967298 at log block 2
  $ dmsetup create dma-x --table "0 $DS atomic $D $M" && dmsetup remove dma-x

  $ dmsetup remove dma-d; dmsetup remove dma-m
