Part of `make crash-test` (not of `make test`): crash states of dm-atomic enumerated from
dm-log-writes recordings and checked after recovery, as in ../crash-states.t (see there).

  $ . "$TESTDIR/preamble.sh"

  $ $C run mixed 105 --corrupt 5 | grep -e '^TOTAL' -e '^VIOLATION'
  TOTAL mixed seed 105: [0-9]+ states checked, 0 violations (re)
