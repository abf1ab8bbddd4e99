The control for mariadb-crash.t: the same MariaDB run (innodb_doublewrite=0, O_DIRECT) on ext4
straight on the disk, the same crash states (a page write cut in half).  Without atomic
writes and without the doublewrite buffer a torn page must be caught: by innochecksum, or by
the server refusing to start.  So the check of mariadb-crash.t can fail.

  $ . "$TESTDIR/../vm/lib.sh"
  $ . "$TESTDIR/mariadb-lib.sh"
  $ _require_scratch 4
  $ _require_mariadb
  $ python3 "$TESTDIR/mariadb-crash.py" control --states 3 --txns 12 --events 60 >/tmp/out 2>/dev/console; echo "exit $?"
  exit 0
  $ cat /tmp/out >/dev/console; head -n 3 /tmp/out
  control: write bios queued on the ext4 device during the run: [1-9][0-9]* of 16 KiB, [0-9]+ of other sizes (re)
  control: 12 transactions acknowledged, sysbench 60 events
  control: [0-9]+ log entries, [0-9]+ page writes of 16 KiB during the run, 3 torn states (re)
  $ tail -n 1 /tmp/out | sed 's/checked, [1-9]/checked, N/'
  control: 3 states checked, N with a torn page, a failed recovery or a lost transaction
  $ grep -c -E ': (innochecksum: corrupt|mariadbd did not start)' /tmp/out | sed 's/^[1-9]$/N/'
  N
