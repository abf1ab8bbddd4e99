The control for postgresql-crash.t: the same PostgreSQL run (full_page_writes=off, data
checksums) on ext4 straight on the disk, the same crash states (a relation page write cut
after its first 4 KiB).  Without atomic writes and without full-page images in the WAL a torn
page must be caught: by the server's crash recovery, pg_amcheck or pg_checksums.  So the check
of postgresql-crash.t can fail.

  $ . "$TESTDIR/../vm/lib.sh"
  $ . "$TESTDIR/postgresql-lib.sh"
  $ _require_scratch 4
  $ _require_postgresql
  $ python3 "$TESTDIR/postgresql-crash.py" control --states 5 --txns 9 --pgbench 150 >/tmp/out 2>/dev/console; echo "exit $?"
  exit 0
  $ cat /tmp/out >/dev/console; head -n 3 /tmp/out
  control: [0-9]+ write bios queued on the ext4 device during the run, [1-9][0-9]* to relation files, 0 of them starting or ending inside an 8 KiB page (re)
  control: 9 transactions acknowledged, pgbench 300 transactions
  control: [0-9]+ log entries, [1-9][0-9]* relation page writes during the run, 5 torn states (re)
  $ tail -n 1 /tmp/out | sed 's/checked, [1-9]/checked, N/'
  control: 5 states checked, N with a torn page, a failed recovery or a lost transaction
  $ grep -c -E ': (postgres did not start|pg_amcheck|pg_checksums)' /tmp/out | sed 's/^[1-5]$/N/'
  N
