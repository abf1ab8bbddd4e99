The control for sqlite-crash.t: the same writer (journal_mode=OFF, 16 numbered transactions
of eight spread pages each) through SQLite's own unix VFS, the database a file on ext4 on a
plain device, crash states built and judged the same way.  Without atomic writes some crash
states must hold a torn transaction or a corrupt database: the harness can fail.

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 3
  $ command -v sqlite3 >/dev/null || _skip "sqlite3 is not in the guest's root filesystem"
  $ python3 "$TESTDIR/sqlite-crash.py" control 1 --txns 16 --max 16 >/tmp/out; echo "exit $?"
  exit 0
  $ head -n 1 /tmp/out
  control: 16 transactions acknowledged, [0-9]+ log entries (re)
  $ tail -n 1 /tmp/out | grep -E 'control: 16 states checked, [1-9][0-9]* with a torn' | sed 's/[0-9]* with/N with/'
  control: 16 states checked, N with a torn or lost transaction or a corrupt database
  $ grep -E '^  subset state .*: (torn|integrity_check)' /tmp/out | head -n 1 | sed 's/(.*)/(...)/; s/after transaction [0-9]*/after transaction M/; s/check: .*/check: .../'
  *subset state (...): * (glob)
