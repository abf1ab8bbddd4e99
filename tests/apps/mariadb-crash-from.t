MariaDB without its doublewrite buffer on dm-atomic with all_writes_atomic_from 16384 instead
of all_writes_atomic: only writes of at least 16 KiB (InnoDB's page writes) go through the
log, the redo log's appends and ext4's journal blocks straight to the data device.  The same
run and crash states as mariadb-crash.t (mariadb-crash.py atomic16k): every page write torn
in half is put back whole by dm-atomic's recovery, innochecksum is clean, the server starts,
CHECK TABLE is OK and every acknowledged transaction is there; smaller writes did go straight
to the data device (the target's stats).

  $ . "$TESTDIR/../vm/lib.sh"
  $ . "$TESTDIR/mariadb-lib.sh"
  $ _require_scratch 4
  $ _require_dm_atomic
  $ _require_mariadb
  $ python3 "$TESTDIR/mariadb-crash.py" atomic16k --states 3 --txns 12 --events 60 2>/dev/console | tee /dev/console | sed 's/[0-9]* plain writes logged, [1-9][0-9]* straight/N plain writes logged, M (not 0) straight/'
  atomic16k: write bios queued on the dm-atomic device during the run: [1-9][0-9]* of 16 KiB, [1-9][0-9]* of other sizes (re)
  atomic16k: 12 transactions acknowledged, sysbench 60 events; dm-atomic: N plain writes logged, M (not 0) straight to the data device
  atomic16k: [0-9]+ log entries, [0-9]+ page writes of 16 KiB during the run, 3 torn states (re)
    state 1 (page write * torn, * acknowledged): ok (glob)
    state 2 (page write * torn, * acknowledged): ok (glob)
    state 3 (page write * torn, * acknowledged): ok (glob)
  atomic16k: 3 states checked, 0 with a torn page, a failed recovery or a lost transaction
