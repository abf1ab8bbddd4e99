Part of `make crash-test` (not of `make test`): many short recordings of the `mixed`
workload (atomic lists and plain writes to the same 24 blocks, fsyncs between), each a new
interleaving of commits, write-back passes and plain writes, 6 states checked per recording
(a prefix, a subset and a torn state of each kind, stratified).  Races that show in one
recording out of hundreds are found here rather than in the per-seed shards; a failing
recording is kept in /tmp/results/cs-keep (the results disk) for offline study.

  $ . "$TESTDIR/preamble.sh"

  $ mkdir -p /tmp/results/cs-keep
  $ for s in $(seq 3001 3050); do $C run mixed $s --max 6 --save /tmp/results/cs-keep; done |
  >   awk '/^TOTAL/ { r++; n += $5; v += $8 } /^VIOLATION/ { print } END { print r " recordings, " n " states checked, " v " violations" }'
  50 recordings, [0-9]+ states checked, 0 violations (re)
  $ rmdir /tmp/results/cs-keep 2>/dev/null; true
