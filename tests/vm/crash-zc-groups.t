Crash states of zero-copy commit records that go as a group (G1, G2, G3, G7; see
crash-states.t for how states are made and judged).  A zero-copy list's record waits for
the log writes of every earlier transaction; the lists whose data was written by then go
together: one flush of the metadata device, then all their records with REQ_FUA at once,
and none of them goes in place before all are durable.  Here the metadata slice delays
every flush by 100 ms (dm-delay's flush class), so that 8 writers' lists pile up behind a
record's flush and their records go in groups; the test fails if none did.  The states are
sampled from the whole recording, with a crash at every point of a recovery too:

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 3
  $ _require_dm_atomic
  $ C="python3 $TESTDIR/crash-states.py"

  $ $C run group 9 --max 150 --recovery --zero-copy 4096 --meta-flush-delay 100 | grep -v '^time by stage'
  group: 128 ops (128 acknowledged), 130 marks logged
  group: 128 lists in [0-9]+ commits.* (re)
  group: [1-9][0-9]* of them zero-copy (re)
  group: [1-9][0-9]* zero-copy lists began beside another commit in flight, [1-9][0-9]* records went in groups (re)
  group: [0-9]+ log entries, [0-9]+ states enumerated, 150 checked \(.*\), violations 0, [0-9.]+ s/state (re)
  recovery of a state that replayed [1-9][0-9]* transactions: [0-9]+ log entries (re)
  recovery: [1-9][0-9]* states checked, violations 0, [0-9.]+ s/state (re)
  TOTAL group seed 9: [0-9]+ states checked, 0 violations (re)
