PostgreSQL 15 with full_page_writes=off on dm-atomic: ext4 on dm-atomic with
all_writes_atomic, data checksums on, checkpoints every few transactions.  pgbench runs while
a client commits numbered transactions, then every server process is killed; crash states cut
relation page writes on the data device after their first 4 KiB (postgresql-crash.py).  In
every state dm-atomic's recovery puts the page back whole: the server recovers without
full-page images, pg_amcheck finds every table and index sound, pgbench's four balances agree,
every acknowledged transaction is there and pg_checksums passes every page.  The page cache
gave dm-atomic every relation page in one bio: of the write bios queued on the device, none
started or ended inside an 8 KiB page of a relation file (blktrace, mapped back with FIEMAP).
postgresql-crash-control.t runs the same on ext4 without dm-atomic and must see torn pages.

  $ . "$TESTDIR/../vm/lib.sh"
  $ . "$TESTDIR/postgresql-lib.sh"
  $ _require_scratch 4
  $ _require_dm_atomic
  $ _require_postgresql
  $ python3 "$TESTDIR/postgresql-crash.py" atomic --states 5 --txns 9 --pgbench 150 2>/dev/console | tee /dev/console | sed 's/[0-9]* plain writes logged/N plain writes logged/'
  atomic: [0-9]+ write bios queued on the dm-atomic device during the run, [1-9][0-9]* to relation files, 0 of them starting or ending inside an 8 KiB page (re)
  atomic: 9 transactions acknowledged, pgbench 300 transactions; dm-atomic: N plain writes logged, 0 straight to the data device
  atomic: [0-9]+ log entries, [1-9][0-9]* relation page writes during the run, 5 torn states (re)
    state 1 (page write * torn, * acknowledged): ok (glob)
    state 2 (page write * torn, * acknowledged): ok (glob)
    state 3 (page write * torn, * acknowledged): ok (glob)
    state 4 (page write * torn, * acknowledged): ok (glob)
    state 5 (page write * torn, * acknowledged): ok (glob)
  atomic: 5 states checked, 0 with a torn page, a failed recovery or a lost transaction
