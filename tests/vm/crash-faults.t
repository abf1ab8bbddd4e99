Faults at each phase of the commit protocol.  dm-atomic runs on a data
slice of $SCRATCH0 and a metadata slice of $SCRATCH1; while dma-exercise streams mixed
atomic, discontiguous and plain writes with fsyncs (four threads, journaled), one slice is
swapped for a faulty table.  Each phase must end cleanly: the writer gets errors, the
target latches fail mode (or, for a disk that lies, carries on), and after the disk is
repaired and the target re-activated, dma-verify finds no torn list and, unless the disk
lied (dropped or corrupted writes), nothing acknowledged lost and no order violation.
Recovery itself meets a failing data device and unreadable metadata (dm-dust): activation
fails with its error and writes nothing, and succeeds once the disk is back.  Failslab
during table loads: every load fails cleanly or succeeds.  No splat anywhere (the runner
fails the test on one).

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ D=131072 M=16384
  $ dmsetup create cf-d --table "0 $D linear $SCRATCH0 0"
  $ dmsetup create cf-m --table "0 $M linear $SCRATCH1 0"
  $ T="0 $D atomic /dev/mapper/cf-d /dev/mapper/cf-m"
  $ . "$TESTDIR/crash-faults-lib.sh"
  $ verify() {  # full: no violation at all; torn: only no torn list / no corrupt block
  >   dma-verify -q /dev/mapper/cf /tmp/j > /tmp/v; rc=$?
  >   s=$(tail -n 1 /tmp/v)
  >   case "$1" in
  >   full) [ $rc = 0 ] && echo "verify: no violation" || { echo "verify rc $rc"; cat /tmp/v; } ;;
  >   torn) echo "$s" | grep -q 'violations: torn 0, .*corrupt 0, misdirected 0' &&
  >         echo "verify: no torn list" || { echo "verify rc $rc"; cat /tmp/v; } ;;
  >   esac
  >   grep -q '^ack' /tmp/j || echo "NOTHING ACKNOWLEDGED"
  > }
  $ phase() {  # SLICE TABLE SEED: a stream; the fault once 50 ops are acknowledged; the writer runs until it fails
  >   dmsetup create cf --table "$T" || return 1
  >   rm -f /tmp/j
  >   dma-exercise --force -j /tmp/j -m mixed -r 0+4096 -n 100000 -T 180 -S $3 -F 16 -J 4 /dev/mapper/cf \
  >     >/dev/null 2>&1 & w=$!
  >   waitfor 120 acked 50 || echo "fewer than 50 ops acknowledged before the fault"
  >   echo "$2" > /tmp/t; dmsetup suspend --noflush $1; dmsetup load $1 /tmp/t
  >   dmsetup resume $1; wait $w; echo "writer exit $?"
  >   waitfor 60 failed  # fail mode may latch in a worker just after the writer's error
  > }
  $ again() {  # repair, re-activate, then the caller verifies
  >   dmsetup remove cf; good; dmsetup create cf --table "$T" && mode
  > }

Log write fails (metadata slice returns EIO for writes):

  $ phase cf-m "0 $M flakey $SCRATCH1 0 0 60 1 error_writes" 1
  writer exit 6
  $ mode
  Fail
  $ again
  rw
  $ verify full
  verify: no violation
  $ dmsetup remove cf

Write-back fails (data slice returns EIO for writes); plain writes fail directly.  The
log keeps what was acknowledged.  Recovery then meets the still failing data slice, and
next unreadable metadata (dm-dust: block 0 unreadable): both activations are refused
with their reason and write nothing; repaired, recovery replays and nothing is lost.

  $ phase cf-d "0 $D flakey $SCRATCH0 0 0 60 1 error_writes" 2
  writer exit 6
  $ mode
  Fail
  $ dmsetup remove cf
  $ refused
  atomic: I/O error while replaying the log
  metadata untouched
  $ swap cf-d "0 $D linear $SCRATCH0 0"
  $ swap cf-m "0 $M dust $SCRATCH1 0 4096"
  $ dmsetup message cf-m 0 addbadblock 0; dmsetup message cf-m 0 enable
  $ refused
  atomic: Cannot read the superblock
  metadata untouched
  $ good
  $ dmsetup create cf --table "$T" && mode
  rw
  $ verify full
  verify: no violation
  $ dmsetup remove cf

Superblock (tail) update fails: metadata block 0 returns errors, the log does not.

  $ phase cf-m "$(printf '0 8 error\n8 %d linear %s 8' $((M - 8)) $SCRATCH1)" 3
  writer exit 6
  $ dmsetup message cf 0 checkpoint >/dev/null 2>&1; mode
  Fail
  $ again
  rw
  $ verify full
  verify: no violation
  $ dmsetup remove cf

  $ dmsetup create cf --table "$T" && mode
  rw
  $ verify full
  verify: no violation
  $ dmsetup remove cf cf-d cf-m
