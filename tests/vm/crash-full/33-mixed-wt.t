Part of `make crash-test` (not of `make test`): crash states of dm-atomic enumerated from
dm-log-writes recordings and checked after recovery, as in ../crash-states.t (see there),
with a data device that says it has no volatile cache (write through) under a metadata
device that has one (write back).

  $ . "$TESTDIR/preamble.sh"

  $ $C run mixed 301 --corrupt 5 --data-writethrough | grep -e '^TOTAL' -e '^VIOLATION'
  TOTAL mixed seed 301: [0-9]+ states checked, 0 violations (re)
