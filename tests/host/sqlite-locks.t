The atomicblk SQLite VFS (tools/sqlite/atomicblk.c, docs/sqlite.md) shared by several
connections and processes: SQLite's lock levels as open-file-description locks on the
device, readers beside one writer, the commit counter in the header that tells a reader
its caches are stale.  No kernel here: blkdev-stub.c (an LD_PRELOAD library) shows a file
as a block device with write lists (written segment by segment, so not atomic: only the
locks keep a reader from seeing half a commit).  tests/vm/sqlite-readers.t runs the same
on dm-atomic in the guest.

  $ [ -e "$TOP/tools/bin/atomicblk.so" ] && command -v sqlite3 >/dev/null || { echo "skipped: no atomicblk.so or sqlite3"; exit 80; }
  $ PY=/usr/bin/python3
  $ $PY -c 'import sqlite3; sqlite3.connect(":memory:").enable_load_extension(True)' 2>/dev/null || { echo "skipped: no python3 whose sqlite3 module loads extensions"; exit 80; }
  $ cc -Wall -Wextra -Werror -shared -fPIC -I"$TOP/tools/include" -o stub.so "$TESTDIR/blkdev-stub.c" -ldl
  $ mkdir -p sys/queue
  $ echo 512 > sys/queue/logical_block_size
  $ echo 64 > sys/queue/max_write_list_segments; echo 1048576 > sys/queue/write_list_max_bytes
  $ truncate -s 64M dev
  $ cat > sq <<EOF
  > #!/bin/sh
  > # sq [SQLITE3 ARGS]: a connection to the device, journal_mode=MEMORY, locking_mode NORMAL
  > STUB_DEV=$PWD/dev STUB_SYSFS=$PWD/sys LD_PRELOAD=$PWD/stub.so exec sqlite3 -bail :memory: \\
  >   -cmd ".load $TOP/tools/bin/atomicblk" -cmd ".open file:$PWD/dev?vfs=atomicblk" -cmd ".output /dev/null" \\
  >   -cmd "PRAGMA journal_mode=MEMORY" -cmd ".output stdout" "\$@"
  > EOF
  $ chmod +x sq
  $ cat > other <<'EOF'
  > #!/bin/sh
  > # other [SQLITE3 ARGS]: another process, run from inside a connection's .shell; its
  > # output (stdout, then stderr) goes to other.out
  > ./sq "$@" >other.1 2>other.2; cat other.1 other.2 >>other.out
  > EOF
  $ chmod +x other
  $ ./sq "CREATE TABLE t(id INTEGER PRIMARY KEY, v INTEGER, pad BLOB)" \
  >   "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100) INSERT INTO t SELECT i, 10, zeroblob(3000) FROM n" \
  >   "SELECT count(*), sum(v) FROM t"
  100|1000

locking_mode=NORMAL (SQLite's default).  A writer's transaction keeps its changes in
SQLite's cache while it holds RESERVED: another process reads the last commit, and its
own write waits for the lock and gives up (SQLITE_BUSY, "database is locked"); after the
commit the other process reads it.

  $ ./sq "BEGIN" "UPDATE t SET v = v + 1 WHERE id = 1" \
  >   ".shell ./other 'SELECT sum(v) FROM t'" ".shell ./other '.timeout 200' 'UPDATE t SET v = 0'" \
  >   "COMMIT" ".shell ./other 'SELECT sum(v) FROM t'" 2>/dev/null; cat other.out; rm other.out
  1000
  Error: stepping, database is locked (5)
  1001

Once the writer holds EXCLUSIVE (BEGIN EXCLUSIVE; or SQLite spilling its cache into the
VFS in the middle of a big transaction, here with a cache of 5 pages), no one reads: a
reader gets SQLITE_BUSY (after its busy timeout) rather than pages of an unfinished
transaction.  After a ROLLBACK the reader and the writer see the last commit: with
journal_mode=MEMORY SQLite writes the spilled pages' old contents back, with
journal_mode=OFF it cannot, and the VFS drops the spilled pages when the lock goes:

  $ ./sq "BEGIN EXCLUSIVE" ".shell ./other 'SELECT sum(v) FROM t'" "ROLLBACK" 2>/dev/null; cat other.out; rm other.out
  Error: in prepare, database is locked (5)
  $ ./sq "PRAGMA cache_size=5" "BEGIN" "UPDATE t SET v = v * 2, pad = zeroblob(3100)" "PRAGMA atomicblk_cache_stats" \
  >   ".shell ./other '.timeout 300' 'SELECT sum(v) FROM t'" "ROLLBACK" \
  >   ".shell ./other 'SELECT sum(v) FROM t' 'PRAGMA integrity_check'" 2>/dev/null; cat other.out; rm other.out
  blocks=* cap=2048 hits=* misses=* drops=0 (glob)
  Error: in prepare, database is locked (5)
  1001
  ok
  $ ./sq "PRAGMA journal_mode=OFF" "PRAGMA cache_size=5" "BEGIN" "UPDATE t SET v = v * 2, pad = zeroblob(3100)" \
  >   ".shell ./other '.timeout 300' 'SELECT sum(v) FROM t'" "ROLLBACK" "SELECT sum(v) FROM t" \
  >   ".shell ./other 'SELECT sum(v) FROM t' 'PRAGMA integrity_check'" 2>/dev/null; cat other.out; rm other.out
  off
  1001
  Error: in prepare, database is locked (5)
  1001
  ok

Two writers: the second's transaction waits for the first's lock (here it gives up after
its 200 ms busy timeout, and ROLLBACK leaves nothing of it); both commits of one process
after the other are there:

  $ ./sq "BEGIN IMMEDIATE" "UPDATE t SET v = v - 1 WHERE id = 1" \
  >   ".shell ./other '.timeout 200' 'BEGIN IMMEDIATE'" ".shell ./other '.timeout 200' 'DELETE FROM t'" "COMMIT" \
  >   ".shell ./other 'UPDATE t SET v = v + 5 WHERE id = 2'" 2>/dev/null; cat other.out; rm other.out
  Error: stepping, database is locked (5)
  Error: stepping, database is locked (5)
  $ ./sq "SELECT count(*), sum(v) FROM t" "PRAGMA integrity_check"
  100|1005
  ok

A reader's caches stay warm between its transactions (SQLite's page cache, here 2 pages,
and the VFS's cache of committed blocks: the second scan is all hits, no new misses) and
are dropped when another process committed (the header's commit counter moved: drops=1):
it reads the new commit, not what it had cached.

  $ ./sq "PRAGMA cache_size=2" "PRAGMA atomicblk_cache_size=2048" \
  >   "SELECT sum(v) FROM t" "PRAGMA atomicblk_cache_stats" \
  >   "SELECT sum(v) FROM t" "PRAGMA atomicblk_cache_stats" \
  >   ".shell ./other 'UPDATE t SET v = v + 1000 WHERE id = 100'" \
  >   "SELECT sum(v) FROM t" "PRAGMA atomicblk_cache_stats" 2>/dev/null; cat other.out; rm -f other.out
  2048
  1005
  blocks=102 cap=2048 hits=0 misses=104 drops=0
  1005
  blocks=102 cap=2048 hits=101 misses=104 drops=0
  2005
  blocks=102 cap=2048 hits=102 misses=206 drops=1

In locking_mode=EXCLUSIVE a connection keeps its locks until it closes (SQLite's rule):
while it has only read, another process reads but cannot write; once it has written, no
one else reads.  A second connection of the same process (ATTACH of the same device)
is refused the same way: the locks are the connection's, not the process's:

  $ ./sq "PRAGMA locking_mode=EXCLUSIVE" "SELECT count(*) FROM t" \
  >   ".shell ./other 'SELECT count(*) FROM t' 'DELETE FROM t'" \
  >   "UPDATE t SET v = v + 1 WHERE id = 3" ".shell ./other 'SELECT count(*) FROM t'" \
  >   "ATTACH 'file:$PWD/dev?vfs=atomicblk' AS b" 2>err; cat err; cat other.out; rm other.out
  exclusive
  100
  Error: stepping, database is locked (5)
  100
  Error: stepping, database is locked (5)
  Error: in prepare, database is locked (5)

A read-only connection (mode=ro) reads; SQLite refuses its writes:

  $ STUB_DEV=$PWD/dev STUB_SYSFS=$PWD/sys LD_PRELOAD=$PWD/stub.so sqlite3 -bail :memory: -cmd ".load $TOP/tools/bin/atomicblk" \
  >   -cmd ".open file:$PWD/dev?vfs=atomicblk&mode=ro" "SELECT sum(v) FROM t" "DELETE FROM t" 2>err; echo "exit $?"; cat err
  2006
  exit 8
  Error: stepping, attempt to write a readonly database (8)

The header: version 2 carries a commit counter, written in the list of each commit that
changes the size and of the first commit of each hold of the EXCLUSIVE lock.  A version 1
header (an older VFS's: no counter) still opens, as counter 0, and the next commit makes it
version 2:

  $ hdr() { $PY -c 'import struct,sys; b=open(sys.argv[1],"rb").read(48); print("%s version %d size %d commits %d" % ((b[:7].decode(),) + struct.unpack("<I4xQ8xQ", b[8:40])))' dev; }
  $ hdr
  SQLTATM version 2 size 417792 commits 8
  $ ./sq "UPDATE t SET v = v + 1 WHERE id = 1"; hdr
  SQLTATM version 2 size 417792 commits 9
  $ $PY - <<'EOF'
  > import struct, zlib
  > with open("dev", "r+b") as f:
  >     b = bytearray(f.read(48))
  >     struct.pack_into("<I", b, 8, 1)
  >     struct.pack_into("<I", b, 24, zlib.crc32(bytes(b[:24])))
  >     b[32:48] = bytes(16)
  >     f.seek(0); f.write(b)
  > EOF
  $ hdr
  SQLTATM version 1 size 417792 commits 0
  $ ./sq "SELECT count(*), sum(v) FROM t" "UPDATE t SET v = v - 2 WHERE id = 3"; hdr
  100|2007
  SQLTATM version 2 size 417792 commits 1

A damaged header is refused at open, and so is another version:

  $ cp dev dev.good
  $ printf '\003' | dd of=dev bs=1 seek=8 conv=notrunc status=none
  $ ./sq "SELECT 1" 2>&1 >/dev/null | sed "s|$PWD|.|"
  atomicblk: ./dev: the atomicblk header is damaged or of another version (version 3, block 4096, size 417792; this VFS reads versions 1 and 2)
  Error: unable to open database "file:./dev?vfs=atomicblk": unable to open database file
  $ mv dev.good dev

Readers in a loop beside two writers (tests/vm/sqlite-readers.py): every read one
committed state (the sum of the balances and the count of rows each transaction adds),
never going back, the last read seeing every commit; one reader waits on the lock (busy
timeout), one has none and retries after SQLITE_BUSY:

  $ : > dev; truncate -s 64M dev
  $ rdr() { STUB_DEV=$PWD/dev STUB_SYSFS=$PWD/sys LD_PRELOAD=$PWD/stub.so timeout 300 $PY "$TESTDIR/../vm/sqlite-readers.py" "$TOP/tools/bin/atomicblk.so" "$PWD/dev" "$@"; }
  $ rdr init 50
  $ rdr reader r1 ready1 stop >r1.out 2>r1.err &
  $ rdr reader r2 ready2 stop --no-wait >r2.out 2>r2.err &
  $ for i in $(seq 600); do [ -e ready1 ] && [ -e ready2 ] && break; sleep 0.1; done
  $ rdr writer a 60 >a.out 2>/dev/null & wa=$!; rdr writer b 60 2>/dev/null; wait $wa; touch stop; wait; cat a.out
  writer b: 60 commits
  writer a: 60 commits
  $ cat r1.out r2.out
  reader r1: every read consistent: yes
  reader r1: n went back: no
  reader r1: saw n move: yes
  reader r1: last n 360
  reader r2: every read consistent: yes
  reader r2: n went back: no
  reader r2: saw n move: yes
  reader r2: last n 360
  $ rdr check 50
  sum ok, n 360, log rows 360
  ok
