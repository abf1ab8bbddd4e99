Part of `make crash-test` (not of `make test`): many short recordings of the `mixed`
workload (atomic lists and plain writes to the same 24 blocks, fsyncs between), each a new
interleaving of commits, write-back passes and plain writes, 6 states checked per recording
(a prefix, a subset and a torn state of each kind, stratified).  Races that show in one
recording out of hundreds are found here rather than in the per-seed shards
(mixed_many: preamble.sh).

  $ . "$TESTDIR/preamble.sh"

  $ mixed_many 3001 50
  50 recordings, [0-9]+ states checked, 0 violations (re)
