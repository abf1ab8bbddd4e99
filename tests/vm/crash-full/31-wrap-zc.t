Part of `make crash-test` (not of `make test`): crash states of dm-atomic enumerated from
dm-log-writes recordings and checked after recovery, as in ../crash-states.t (see there),
with zero-copy transactions (feature zero_copy_bytes).

  $ . "$TESTDIR/preamble.sh"

  $ $C run wrap 203 --max 450 --zero-copy 8192 | grep -e '^TOTAL' -e '^VIOLATION'
  TOTAL wrap seed 203: [0-9]+ states checked, 0 violations (re)
