Readers beside the writer: several processes open one SQLite database on a dm-atomic device
through the atomicblk VFS (docs/sqlite.md) in locking_mode=NORMAL.  SQLite's lock levels are
open-file-description locks on the device; the commit list is written only while the writer
holds EXCLUSIVE; a reader never sees part of a commit and its caches (SQLite's and the VFS's
cache of committed blocks) never serve a block older than the last commit.
tests/host/sqlite-locks.t runs most of this on a file shown as a block device.

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ command -v sqlite3 >/dev/null || _skip "sqlite3 is not in the guest's root filesystem"
  $ [ -f /payload/bin/atomicblk.so ] || _skip "atomicblk.so was not built (no libsqlite3-dev on the host)"
  $ python3 -c 'import sqlite3; sqlite3.connect(":memory:").enable_load_extension(True)' || _skip "python3's sqlite3 module loads no extensions"
  $ dmsetup create sq --table "0 $(_sectors $SCRATCH0) atomic $SCRATCH0 $SCRATCH1"
  $ _dma_lists /dev/mapper/sq || { dmsetup remove sq; _skip "the kernel has no atomic write lists"; }
  $ cat > sq <<'EOF'
  > #!/bin/sh
  > # sq [SQLITE3 ARGS]: a connection (DEV, default /dev/mapper/sq), journal_mode=MEMORY, locking_mode NORMAL
  > exec sqlite3 -bail :memory: -cmd ".load /payload/bin/atomicblk" -cmd ".open file:${DEV:-/dev/mapper/sq}?vfs=atomicblk" \
  >   -cmd ".output /dev/null" -cmd "PRAGMA journal_mode=MEMORY" -cmd ".output stdout" "$@"
  > EOF
  $ cat > other <<'EOF'
  > #!/bin/sh
  > # other [SQLITE3 ARGS]: another process, run from inside a connection's .shell; its
  > # output (stdout, then stderr) goes to other.out
  > ./sq "$@" >other.1 2>other.2; cat other.1 other.2 >>other.out
  > EOF
  $ chmod +x sq other
  $ ./sq "CREATE TABLE t(id INTEGER PRIMARY KEY, v INTEGER, pad BLOB)" \
  >   "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100) INSERT INTO t SELECT i, 10, zeroblob(3000) FROM n" \
  >   "SELECT count(*), sum(v) FROM t"
  100|1000

While a writer's transaction holds RESERVED (its changes in SQLite's cache) another process
reads the last commit and its own write gives up after its busy timeout (SQLITE_BUSY,
"database is locked"); after the commit the other process reads it.  Each commit is one
list:

  $ dmsetup message sq 0 clear_stats
  $ ./sq "BEGIN" "UPDATE t SET v = v + 1 WHERE id = 1" \
  >   ".shell ./other 'SELECT sum(v) FROM t'" ".shell ./other '.timeout 200' 'UPDATE t SET v = 0'" \
  >   "COMMIT" ".shell ./other 'SELECT sum(v) FROM t'" 2>/dev/null; cat other.out; rm other.out
  1000
  Error: stepping, database is locked (5)
  1001
  $ _dma_stat sq lists_committed; _dma_stat sq writes_direct
  1
  0

Holding EXCLUSIVE (BEGIN EXCLUSIVE, or SQLite spilling a big transaction into the VFS, with a
cache of 5 pages), the writer keeps every reader out: SQLITE_BUSY, never a page of the
unfinished transaction.  After ROLLBACK both see the last commit (journal_mode=MEMORY:
SQLite writes the old contents back; OFF: the VFS drops what was spilled when the lock goes):

  $ ./sq "BEGIN EXCLUSIVE" ".shell ./other 'SELECT sum(v) FROM t'" "ROLLBACK" 2>/dev/null; cat other.out; rm other.out
  Error: in prepare, database is locked (5)
  $ for jm in MEMORY OFF; do
  >   ./sq "PRAGMA journal_mode=$jm" "PRAGMA cache_size=5" "BEGIN" "UPDATE t SET v = v * 2, pad = zeroblob(3100)" \
  >     ".shell ./other '.timeout 300' 'SELECT sum(v) FROM t'" "ROLLBACK" "SELECT sum(v) FROM t" \
  >     ".shell ./other 'SELECT sum(v) FROM t' 'PRAGMA integrity_check'" 2>/dev/null; cat other.out; rm other.out
  > done
  memory
  1001
  Error: in prepare, database is locked (5)
  1001
  ok
  off
  1001
  Error: in prepare, database is locked (5)
  1001
  ok

The locks are on the kernel's node for the device (/dev/dm-N): a connection that opened
it by that name meets the locks of one that opened /dev/mapper/sq (without udev, as here,
a separate inode):

  $ DM=/dev/$(dmsetup info -c --noheadings -o blkdevname sq)
  $ ./sq "BEGIN EXCLUSIVE" ".shell DEV=$DM ./other 'SELECT count(*) FROM t'" "COMMIT" ".shell DEV=$DM ./other 'SELECT count(*) FROM t'" 2>/dev/null; cat other.out; rm other.out
  Error: in prepare, database is locked (5)
  100

A reader's caches stay warm between its transactions (the second scan: VFS cache hits, no
new misses) and are dropped when another process committed (the header's commit counter
moved: drops=1); it reads the new commit:

  $ ./sq "PRAGMA cache_size=2" "PRAGMA atomicblk_cache_size=2048" \
  >   "SELECT sum(v) FROM t" "PRAGMA atomicblk_cache_stats" \
  >   "SELECT sum(v) FROM t" "PRAGMA atomicblk_cache_stats" \
  >   ".shell ./other 'UPDATE t SET v = v + 1000 WHERE id = 100'" \
  >   "SELECT sum(v) FROM t" "PRAGMA atomicblk_cache_stats" 2>/dev/null; cat other.out; rm -f other.out
  2048
  1001
  blocks=102 cap=2048 hits=0 misses=104 drops=0
  1001
  blocks=102 cap=2048 hits=101 misses=104 drops=0
  2001
  blocks=102 cap=2048 hits=102 misses=206 drops=1

locking_mode=EXCLUSIVE: the connection keeps its locks until it closes.  While it has only
read, another process reads but cannot write; once it has written, no one else reads, not
even a second connection of the same process (ATTACH):

  $ ./sq "PRAGMA locking_mode=EXCLUSIVE" "SELECT count(*) FROM t" \
  >   ".shell ./other 'SELECT count(*) FROM t' 'DELETE FROM t'" \
  >   "UPDATE t SET v = v + 1 WHERE id = 3" ".shell ./other 'SELECT count(*) FROM t'" \
  >   "ATTACH 'file:/dev/mapper/sq?vfs=atomicblk' AS b" 2>err; cat err; cat other.out; rm other.out
  exclusive
  100
  Error: stepping, database is locked (5)
  100
  Error: stepping, database is locked (5)
  Error: in prepare, database is locked (5)

A process killed while it holds EXCLUSIVE in the middle of a transaction: the kernel drops
its locks, nothing of its transaction is on the device, the others go on:

  $ ./sq "PRAGMA cache_size=5" "BEGIN" "UPDATE t SET v = 0, pad = zeroblob(3200)" \
  >   ".shell touch held; while [ ! -e go ]; do sleep 0.1; done" >/dev/null 2>&1 & pid=$!
  $ for i in $(seq 300); do [ -e held ] && break; sleep 0.1; done
  $ ./sq "SELECT sum(v) FROM t"
  Error: in prepare, database is locked (5)
  [5]
  $ { kill -9 $pid; wait $pid; } 2>/dev/null; touch go
  $ ./sq "SELECT count(*), sum(v) FROM t" "PRAGMA integrity_check" "UPDATE t SET v = v - 1 WHERE id = 3" "SELECT sum(v) FROM t"
  100|2002
  ok
  2001

Mounted, or claimed by another device-mapper device, the device is refused at open:

  $ dmsetup create lin --table "0 8 linear /dev/mapper/sq 0"
  $ ./sq "SELECT 1" 2>&1 >/dev/null
  atomicblk: /dev/mapper/sq: Device or resource busy (in use: mounted, or claimed by another program)
  Error: unable to open database "file:/dev/mapper/sq?vfs=atomicblk": unable to open database file
  $ dmsetup remove lin

Readers in a loop beside two writers (sqlite-readers.py): each writer's transaction moves an
amount between two of 100 rows of its own page (the sum stays 100,000) and inserts 3 rows of
3000 bytes while adding 3 to a counter row; every read (one statement) must see both hold,
never see the counter go back, and see it move; one reader waits on the lock (busy timeout),
one has none and retries after SQLITE_BUSY.  Then the database is whole:

  $ dd if=/dev/zero of=/dev/mapper/sq bs=4096 count=1 oflag=direct status=none
  $ lim=$(( ${DMA_TEST_TIMEOUT:-660} - 60 ))  # each program's limit: the test's, less a minute (longer on the debug kernel)
  $ rdr() { timeout $lim python3 "$TESTDIR/sqlite-readers.py" /payload/bin/atomicblk.so /dev/mapper/sq "$@"; }
  $ rdr init 100
  $ rdr reader r1 ready1 stop >r1.out 2>r1.err &
  $ rdr reader r2 ready2 stop --no-wait >r2.out 2>r2.err &
  $ for i in $(seq 600); do [ -e ready1 ] && [ -e ready2 ] && break; sleep 0.1; done
  $ rdr writer a 150 >a.out 2>a.err & wa=$!; rdr writer b 150 2>b.err; wait $wa; touch stop; wait; cat a.out
  writer b: 150 commits
  writer a: 150 commits
  $ cat r1.out r2.out
  reader r1: every read consistent: yes
  reader r1: n went back: no
  reader r1: saw n move: yes
  reader r1: last n 900
  reader r2: every read consistent: yes
  reader r2: n went back: no
  reader r2: saw n move: yes
  reader r2: last n 900
  $ cat r1.err r2.err a.err b.err
  reader r1: [0-9]+ reads, [0-9]+ distinct n, 0 busy; blocks=[0-9]+ cap=2048 hits=[0-9]+ misses=[0-9]+ drops=[1-9][0-9]* (re)
  reader r2: [0-9]+ reads, [0-9]+ distinct n, [0-9]+ busy; blocks=[0-9]+ cap=2048 hits=[0-9]+ misses=[0-9]+ drops=[1-9][0-9]* (re)
  writer a: [0-9]+ busy retries (re)
  writer b: [0-9]+ busy retries (re)
  $ rdr check 100
  sum ok, n 900, log rows 900
  ok
  $ dmsetup remove sq
