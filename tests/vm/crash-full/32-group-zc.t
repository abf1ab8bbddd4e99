Part of `make crash-test` (not of `make test`): crash states of dm-atomic enumerated from
dm-log-writes recordings and checked after recovery, as in ../crash-states.t (see there),
with zero-copy transactions (feature zero_copy_bytes).

  $ . "$TESTDIR/preamble.sh"

  $ $C run group 204 --max 300 --zero-copy 8192 | grep -e '^TOTAL' -e '^VIOLATION'
  TOTAL group seed 204: [0-9]+ states checked, 0 violations (re)
