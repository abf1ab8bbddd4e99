Crash states of zero-copy lists in flight together and of commit records that go as a
group (G1, G2, G3, G7; see crash-states.t for how states are made and judged).  A zero-copy
list's record waits for the log writes of every earlier transaction; the lists whose data
was written by then go together: one flush of the metadata device, then all their records
with REQ_FUA at once, and none of them goes in place before all are durable.  Here 96
single-range atomic writes of whole blocks go through io_uring, up to 32 in flight, on a
table that logs every such list zero-copy, and the metadata slice delays every flush by
100 ms (dm-delay's flush class), so that lists pile up behind a record's flush: the test
fails unless lists overlapped and records went in groups.  The states are sampled from the
whole recording, with a crash at every point of a recovery too:

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 3
  $ _require_dm_atomic
  $ C="python3 $TESTDIR/crash-states.py"

  $ $C run uring 9 --max 400 --recovery --zero-copy 4096 --meta-flush-delay 100 | grep -v '^time by stage'
  uring: 96 ops (96 acknowledged), 98 marks logged
  uring: 96 lists in [0-9]+ commits.* (re)
  uring: [1-9][0-9]* of them zero-copy (re)
  uring: [1-9][0-9]* zero-copy lists began beside another commit in flight, [1-9][0-9]* records went in groups (re)
  uring: [0-9]+ writes in flight at most (re)
  uring: [0-9]+ log entries, [0-9]+ states enumerated, 400 checked \(.*\), violations 0, [0-9.]+ s/state (re)
  recovery of a state that replayed [1-9][0-9]* transactions: [0-9]+ log entries (re)
  recovery: [1-9][0-9]* states checked, violations 0, [0-9.]+ s/state (re)
  TOTAL uring seed 9: [0-9]+ states checked, 0 violations (re)
