Asynchronous atomic writes are all-or-nothing at any crash (G1, G2, G3).  io_uring and
libaio keep up to 32 RWF_ATOMIC|RWF_DSYNC writes of 8 or 16 KiB in flight (96 in all, each
block stamped with its write), on dm-atomic whose devices are slices of one dm-log-writes
device; each write's acknowledgment is logged as a mark when it is reaped.  crash-states.py
cuts the recording at every flush and FUA (and loses or tears what the disk had in flight
there), recovers each sampled state and checks that every write is entirely old or entirely
new and every acknowledged write is present.  The control runs the same writes without
RWF_ATOMIC on dm-linear: the torn states then show torn writes, so the check can fail.

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 3
  $ _require_dm_atomic
  $ C="python3 $TESTDIR/crash-states.py"

  $ $C run uring 11 --max 20 | grep -v '^time by stage'
  uring: 96 ops (96 acknowledged), 98 marks logged
  uring: 96 lists in [0-9]+ commits.* (re)
  uring: 32 writes in flight at most
  uring: [0-9]+ log entries, [0-9]+ states enumerated, 20 checked \(.*\), violations 0, [0-9.]+ s/state (re)
  TOTAL uring seed 11: 20 states checked, 0 violations

  $ $C run aio 12 --max 20 | grep -v '^time by stage'
  aio: 96 ops (96 acknowledged), 98 marks logged
  aio: 96 lists in [0-9]+ commits.* (re)
  aio: 32 writes in flight at most
  aio: [0-9]+ log entries, [0-9]+ states enumerated, 20 checked \(.*\), violations 0, [0-9.]+ s/state (re)
  TOTAL aio seed 12: 20 states checked, 0 violations

The control: violations, all in torn states, each a block with a torn stamp or a write
half old, half new (the first five are printed):

  $ $C run uring 11 --max 20 --control > /tmp/ctl.out; echo "exit $?"
  exit 1
  $ grep -v '^time by stage\|^VIOLATION' /tmp/ctl.out
  uring: 96 ops (96 acknowledged), 98 marks logged
  uring: control on dm-linear, 96 writes without RWF_ATOMIC
  uring: 32 writes in flight at most
  uring: [0-9]+ log entries, [0-9]+ states enumerated, 20 checked \(.*\), violations [1-9][0-9]*, [0-9.]+ s/state (re)
  TOTAL uring seed 11: 20 states checked, [1-9][0-9]* violations (re)
  $ grep '^VIOLATION' /tmp/ctl.out | grep -vc 'torn state.*\(garbage\|G1 op [0-9]* torn\)'
  0
  [1]
  $ grep -c '^VIOLATION' /tmp/ctl.out
  [1-5] (re)
