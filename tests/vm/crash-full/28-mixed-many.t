Part of `make crash-test`: 50 more short `mixed` recordings, as in 27-mixed-many.t.

  $ . "$TESTDIR/preamble.sh"

  $ mixed_many 3051 50
  50 recordings, [0-9]+ states checked, 0 violations (re)
