Part of `make crash-test` (not of `make test`): crash states of dm-atomic enumerated from
dm-log-writes recordings and checked after recovery, as in ../crash-states.t (see there),
with zero-copy transactions (feature zero_copy_bytes).

  $ . "$TESTDIR/preamble.sh"

  $ $C run lists 201 --recovery --zero-copy 4096 | grep -e '^TOTAL' -e '^VIOLATION'
  TOTAL lists seed 201: [0-9]+ states checked, 0 violations (re)
