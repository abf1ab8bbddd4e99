PostgreSQL 15 with full_page_writes=off on dm-atomic with all_writes_atomic_from 8192 instead
of all_writes_atomic: writes of a page or more go through the log, ext4's 4 KiB journal and
metadata writes straight to the data device (the target's stats show both).  The same run and
crash states as postgresql-crash.t (postgresql-crash.py atomic8k): every relation page write
torn after its first 4 KiB is put back whole by dm-atomic's recovery, the server recovers
without full-page images, pg_amcheck, the pgbench balances, the acknowledged transactions and
pg_checksums all pass; no write bio cut a relation page.

  $ . "$TESTDIR/../vm/lib.sh"
  $ . "$TESTDIR/postgresql-lib.sh"
  $ _require_scratch 4
  $ _require_dm_atomic
  $ _require_postgresql
  $ python3 "$TESTDIR/postgresql-crash.py" atomic8k --states 5 --txns 9 --pgbench 150 2>/dev/console | tee /dev/console | sed 's/[0-9]* plain writes logged, [1-9][0-9]* straight/N plain writes logged, M (not 0) straight/'
  atomic8k: [0-9]+ write bios queued on the dm-atomic device during the run, [1-9][0-9]* to relation files, 0 of them starting or ending inside an 8 KiB page (re)
  atomic8k: 9 transactions acknowledged, pgbench 300 transactions; dm-atomic: N plain writes logged, M (not 0) straight to the data device
  atomic8k: [0-9]+ log entries, [1-9][0-9]* relation page writes during the run, 5 torn states (re)
    state 1 (page write * torn, * acknowledged): ok (glob)
    state 2 (page write * torn, * acknowledged): ok (glob)
    state 3 (page write * torn, * acknowledged): ok (glob)
    state 4 (page write * torn, * acknowledged): ok (glob)
    state 5 (page write * torn, * acknowledged): ok (glob)
  atomic8k: 5 states checked, 0 with a torn page, a failed recovery or a lost transaction
