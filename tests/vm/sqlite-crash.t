Crash states of SQLite on dm-atomic through the atomicblk VFS, journal_mode=OFF: a writer
commits 16 numbered transactions (each changes eight pages spread over four tables, and
acks), the acknowledgments logged as marks beside the writes by dm-log-writes; every sampled
crash state (prefixes at each flush, subsets of the writes a flush made durable, torn FUA
writes) recovers to a database whose integrity_check is ok, that is exactly the state after
some transaction, and that holds every acknowledged one.  sqlite-crash-control.t runs the
same writer on ext4 without atomic writes and must see the opposite.

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_scratch 3
  $ _require_dm_atomic
  $ command -v sqlite3 >/dev/null || _skip "sqlite3 is not in the guest's root filesystem"
  $ [ -f /payload/bin/atomicblk.so ] || _skip "atomicblk.so was not built (no libsqlite3-dev on the host)"
  $ dmsetup create probe --table "0 8 atomic $SCRATCH2 $SCRATCH3"
  $ _dma_lists /dev/mapper/probe || { dmsetup remove probe; _skip "the kernel has no atomic write lists"; }
  $ dmsetup remove probe
  $ python3 "$TESTDIR/sqlite-crash.py" atomic 1 --txns 16 --max 16
  atomic: 16 transactions acknowledged, [0-9]+ log entries (re)
  atomic prefix states: [0-9]+ checked, 0 bad (re)
  atomic subset states: [0-9]+ checked, 0 bad (re)
  atomic torn states: [0-9]+ checked, 0 bad (re)
  atomic: 16 states checked, 0 with a torn or lost transaction or a corrupt database
