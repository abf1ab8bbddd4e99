MariaDB without its doublewrite buffer on dm-atomic: innodb_doublewrite=0,
innodb_flush_method=O_DIRECT, ext4 on dm-atomic with all_writes_atomic.  sysbench
oltp_write_only runs while a client commits numbered transactions, then mariadbd is killed;
crash states cut the data device's page writes in half (mariadb-crash.py).  In every state
dm-atomic's recovery puts the page back whole: innochecksum is clean, the server starts,
CHECK TABLE is OK and every acknowledged transaction is there.  The page writes reached
dm-atomic as single bios (blktrace: write bios of 16 KiB queued on the device) and went
through the log (the target's stats: plain writes logged, none straight to the data device).
mariadb-crash-control.t runs the same on ext4 without dm-atomic and must see torn pages.

  $ . "$TESTDIR/../vm/lib.sh"
  $ . "$TESTDIR/mariadb-lib.sh"
  $ _require_scratch 4
  $ _require_dm_atomic
  $ _require_mariadb
  $ python3 "$TESTDIR/mariadb-crash.py" atomic --states 3 --txns 12 --events 60 2>/dev/console | tee /dev/console | sed 's/[0-9]* plain writes logged/N plain writes logged/'
  atomic: write bios queued on the dm-atomic device during the run: [1-9][0-9]* of 16 KiB, [0-9]+ of other sizes (re)
  atomic: 12 transactions acknowledged, sysbench 60 events; dm-atomic: N plain writes logged, 0 straight to the data device
  atomic: [0-9]+ log entries, [0-9]+ page writes of 16 KiB during the run, 3 torn states (re)
    state 1 (page write * torn, * acknowledged): ok (glob)
    state 2 (page write * torn, * acknowledged): ok (glob)
    state 3 (page write * torn, * acknowledged): ok (glob)
  atomic: 3 states checked, 0 with a torn page, a failed recovery or a lost transaction
