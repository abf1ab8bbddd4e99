Crash-state enumeration (G1, G2, G3, G7): each workload runs on dm-atomic whose data and
metadata devices are slices of one dm-log-writes device, with a mark logged after every
completed operation and fsync.  crash-states.py reads the log and materialises crash
states (every prefix at a FLUSH/FUA, subsets of the writes a FLUSH made durable, torn FUA
writes), activates dm-atomic on each (recovery) and judges it: dma-check passes, no torn
list, nothing acknowledged (or acknowledged and flushed) lost, no order violation, and
replaying the same log again gives the same bytes.  This is the CI share (a fixed-seed
sample of each workload's states); `make crash-test` checks every state of more seeds.
The figures also go to the kernel log ("crash-states:" lines in the console log).

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 3
  $ _require_dm_atomic
  $ C="python3 $TESTDIR/crash-states.py"
  $ total() { awk '/^TOTAL/ { n += $5; v += $8 } END { print n " states checked, " v " violations" }' /tmp/cs.out; }

One list of 1, 2, 4 and 8 segments, contiguous and discontiguous, one after the other;
then one bit flipped in the superblock, and in the log, of 10 of its states (part 4:
refused and untouched, or replayed up to the damage exactly as dma-dump reads it); then
a crash at every point of the recovery of the state that replayed the most:

  $ $C run lists 1 --max 60 --corrupt 10 --recovery | tee -a /tmp/cs.out | grep -v '^time by stage'
  lists: 8 ops (8 acknowledged), 10 marks logged
  lists: 8 lists in [0-9]+ commits (re)
  lists: [0-9]+ log entries, [0-9]+ states enumerated, 60 checked \(.*\), violations 0, [0-9.]+ s/state (re)
  lists corrupt: [0-9]+ states \(superblock and log bit flips\), violations 0, [0-9.]+ s/state (re)
  recovery of a state that replayed [1-9][0-9]* transactions: [0-9]+ log entries (re)
  recovery: [1-9][0-9]* states checked, violations 0, [0-9.]+ s/state (re)
  TOTAL lists seed 1: [0-9]+ states checked, 0 violations (re)

128 lists from 8 threads at once (group commit, commit_delay_us 2000), one fsync.  How many
lists share a commit depends on timing (on a loaded TCG host none may), so the count is not
asserted here; tests/vm/atomic-groupcommit.t is the group-commit test.

  $ $C run group 2 --max 80 | tee -a /tmp/cs.out | grep -v '^time by stage'
  group: 128 ops (128 acknowledged), 130 marks logged
  group: 128 lists in [0-9]+ commits.* (re)
  group: [0-9]+ log entries, [0-9]+ states enumerated, 80 checked \(.*\), violations 0, [0-9.]+ s/state (re)
  TOTAL group seed 2: 80 states checked, 0 violations

Atomic lists and plain writes to the same 24 blocks, fsyncs in between (a plain write
must be present only once an fsync after it completed).  Each fsync first waits for
dm-atomic's log to empty, so its FLUSH is never in flight beside dm-atomic's own: the
recording would show them out of order (tools/crash/README.md, "A false alarm"):

  $ $C run mixed 3 --max 80 | tee -a /tmp/cs.out | grep -v '^time by stage'
  mixed: 40 ops (40 acknowledged), 56 marks logged
  mixed: [0-9]+ lists in [0-9]+ commits.* (re)
  mixed: [0-9]+ log entries, [0-9]+ states enumerated, 80 checked \(.*\), violations 0, [0-9.]+ s/state (re)
  TOTAL mixed seed 3: 80 states checked, 0 violations

60 lists through a 63-block log: it wraps around several times:

  $ $C run wrap 4 --max 80 --corrupt 10 | tee -a /tmp/cs.out | grep -v '^time by stage'
  wrap: 60 ops (60 acknowledged), 62 marks logged
  wrap: 60 lists in [0-9]+ commits.* (re)
  wrap: [0-9]+ log entries, [0-9]+ states enumerated, 80 checked \(.*\), violations 0, [0-9.]+ s/state (re)
  wrap corrupt: 20 states \(superblock and log bit flips\), violations 0, [0-9.]+ s/state (re)
  TOTAL wrap seed 4: 100 states checked, 0 violations

Zero-copy transactions (zero_copy_bytes 4096: every list of a block or more that overlaps
no logged data goes to the log from the writer's pages, with a commit record after its
data): one list of each size, then mixed atomic and plain writes, with a crash at every
point of a recovery:

  $ $C run lists 5 --max 60 --recovery --zero-copy 4096 | tee -a /tmp/cs.out | grep -v '^time by stage'
  lists: 8 ops (8 acknowledged), 10 marks logged
  lists: 8 lists in [0-9]+ commits.* (re)
  lists: [1-8] of them zero-copy (re)
  lists: [0-9]+ log entries, [0-9]+ states enumerated, 60 checked \(.*\), violations 0, [0-9.]+ s/state (re)
  recovery of a state that replayed [1-9][0-9]* transactions: [0-9]+ log entries (re)
  recovery: [1-9][0-9]* states checked, violations 0, [0-9.]+ s/state (re)
  TOTAL lists seed 5: [0-9]+ states checked, 0 violations (re)
  $ $C run mixed 6 --max 60 --zero-copy 4096 | tee -a /tmp/cs.out | grep -v '^time by stage'
  mixed: 40 ops \(40 acknowledged\), [0-9]+ marks logged (re)
  mixed: [0-9]+ lists in [0-9]+ commits.* (re)
  mixed: [1-9][0-9]* of them zero-copy (re)
  mixed: [0-9]+ log entries, [0-9]+ states enumerated, 60 checked \(.*\), violations 0, [0-9.]+ s/state (re)
  TOTAL mixed seed 6: 60 states checked, 0 violations

Zero-copy lists from 8 writers at once: their log writes, commit records and in-place
writes overlap (a record waits for the log writes of every earlier transaction, a list
for the records before it; records whose data was written by then go as a group after one
flush, when timing allows; tests/vm/crash-zc-groups.t makes sure they do):

  $ $C run group 8 --max 60 --zero-copy 4096 | tee -a /tmp/cs.out | grep -v '^time by stage'
  group: 128 ops (128 acknowledged), 130 marks logged
  group: 128 lists in [0-9]+ commits.* (re)
  group: [1-9][0-9]* of them zero-copy (re)
  group: [1-9][0-9]* zero-copy lists began beside another commit in flight, ([0-9]+ records went in groups|every record went alone) (re)
  group: [0-9]+ log entries, [0-9]+ states enumerated, 60 checked \(.*\), violations 0, [0-9.]+ s/state (re)
  TOTAL group seed 8: 60 states checked, 0 violations

A data device without a volatile cache under a metadata device with one: dm-atomic is
created over a data slice that says "write through" (as a power-loss-protected disk says),
which then says "write back" again so that the recording stays faithful (crash-states.py,
--data-writethrough).  The dm-atomic device must still say "write back", so that each
fsync reaches its log (tests/vm/atomic-writethrough.t shows the same on null_blk);
atomic and plain writes with fsyncs, and a crash at every point of a recovery:

  $ $C run mixed 7 --max 60 --recovery --data-writethrough | tee -a /tmp/cs.out | grep -v '^time by stage'
  mixed: 40 ops \(40 acknowledged\), [0-9]+ marks logged (re)
  mixed: over a write-through data device, dm-atomic says write back
  mixed: [0-9]+ lists in [0-9]+ commits.* (re)
  mixed: [0-9]+ log entries, [0-9]+ states enumerated, 60 checked \(.*\), violations 0, [0-9.]+ s/state (re)
  recovery of a state that replayed [1-9][0-9]* transactions: [0-9]+ log entries (re)
  recovery: [1-9][0-9]* states checked, violations 0, [0-9.]+ s/state (re)
  TOTAL mixed seed 7: [0-9]+ states checked, 0 violations (re)

  $ total
  [4-8][0-9][0-9] states checked, 0 violations (re)
