SQLite (Debian's sqlite3, unmodified) on a dm-atomic device through the atomicblk VFS
(tools/sqlite/atomicblk.c, docs/sqlite.md): create, insert, update and query from the shell;
each commit is one atomic list; and every refusal says why and writes nothing.

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_scratch 3
  $ _require_dm_atomic
  $ command -v sqlite3 >/dev/null || _skip "sqlite3 is not in the guest's root filesystem"
  $ [ -f /payload/bin/atomicblk.so ] || _skip "atomicblk.so was not built (no libsqlite3-dev on the host)"
  $ dmsetup create sq --table "0 $(_sectors $SCRATCH0) atomic $SCRATCH0 $SCRATCH1"
  $ _dma_lists /dev/mapper/sq || { dmsetup remove sq; _skip "the kernel has no atomic write lists"; }
  $ db() { sqlite3 -bail -cmd ".load /payload/bin/atomicblk" -cmd ".open file:$1?vfs=atomicblk" -cmd "PRAGMA locking_mode=EXCLUSIVE" -cmd "PRAGMA journal_mode=MEMORY"; }

Create, insert (about 250 pages), update and query; then a second process reads it back.

  $ db /dev/mapper/sq <<'EOF'
  > CREATE TABLE t(id INTEGER PRIMARY KEY, v INTEGER, pad BLOB);
  > WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
  >   INSERT INTO t SELECT i, i, zeroblob(900) FROM n;
  > UPDATE t SET v = v * 10 WHERE id % 100 = 7;
  > SELECT count(*), sum(v) FROM t;
  > EOF
  exclusive
  memory
  1000|541630
  $ db /dev/mapper/sq <<'EOF'
  > SELECT count(*), sum(v) FROM t;
  > SELECT v FROM t WHERE id IN (7, 8, 907);
  > PRAGMA integrity_check;
  > EOF
  exclusive
  memory
  1000|541630
  70
  8
  9070
  ok

A ROLLBACK (journal_mode=MEMORY) leaves nothing behind, even after SQLite spilled pages to the
VFS (a cache of 10 pages); the default-VFS entry point opens a plain name through atomicblk:

  $ db /dev/mapper/sq <<'EOF'
  > PRAGMA cache_size=10;
  > BEGIN;
  > UPDATE t SET v = 0, pad = zeroblob(950) WHERE id <= 400;
  > SELECT sum(v) FROM t;
  > ROLLBACK;
  > SELECT count(*), sum(v) FROM t;
  > EOF
  exclusive
  memory
  455778
  1000|541630
  $ sqlite3 -bail :memory: -cmd ".load /payload/bin/atomicblk sqlite3_atomicblk_default_init" -cmd ".open /dev/mapper/sq" -cmd "PRAGMA locking_mode=EXCLUSIVE" "PRAGMA journal_mode=MEMORY" "SELECT count(*) FROM t" "PRAGMA integrity_check"
  exclusive
  memory
  1000
  ok

Blocks that SQLite's cache lets go of come back from the VFS's own cache of committed blocks
(what each commit wrote and what was read from the device; `PRAGMA atomicblk_cache_size`,
2048 blocks by default), never older than the last commit: with a cache of 10 pages in SQLite
every update reads most of the table back from the VFS.  With the VFS's cache off (0) every
such read goes to the device; a bad size is refused:

  $ db /dev/mapper/sq <<'EOF' 2>&1
  > PRAGMA cache_size=10;
  > PRAGMA atomicblk_cache_size;
  > UPDATE t SET v = v + 1;
  > UPDATE t SET v = v + 1;
  > SELECT sum(v) FROM t;
  > PRAGMA atomicblk_cache_stats;
  > PRAGMA atomicblk_cache_size=0;
  > UPDATE t SET v = v - 2;
  > SELECT count(*), sum(v) FROM t;
  > PRAGMA atomicblk_cache_stats;
  > PRAGMA integrity_check;
  > PRAGMA atomicblk_cache_size=-1;
  > EOF
  exclusive
  memory
  2048
  543630
  blocks=[1-9][0-9]* cap=2048 hits=[1-9][0-9]* misses=[1-9][0-9]* drops=0 (re)
  0
  1000|541630
  blocks=0 cap=0 hits=* misses=* drops=0 (glob)
  ok
  Parse error near line 12: atomicblk: /dev/mapper/sq: atomicblk_cache_size=-1 refused: a number of 4 KiB blocks from 0 to 1048576
  [1]

Block 0 is the VFS's header, SQLite's own file starts at 4 KiB:

  $ head -c 7 /dev/mapper/sq; echo
  SQLTATM
  $ dd if=/dev/mapper/sq bs=4096 skip=1 count=1 status=none | head -c 15; echo
  SQLite format 3

Ten one-row transactions are ten atomic lists, and nothing is written around the log:

  $ dmsetup message sq 0 clear_stats
  $ db /dev/mapper/sq <<'EOF' >/dev/null
  > INSERT INTO t VALUES (2001, 1, NULL); INSERT INTO t VALUES (2002, 1, NULL);
  > INSERT INTO t VALUES (2003, 1, NULL); INSERT INTO t VALUES (2004, 1, NULL);
  > INSERT INTO t VALUES (2005, 1, NULL); INSERT INTO t VALUES (2006, 1, NULL);
  > INSERT INTO t VALUES (2007, 1, NULL); INSERT INTO t VALUES (2008, 1, NULL);
  > INSERT INTO t VALUES (2009, 1, NULL); INSERT INTO t VALUES (2010, 1, NULL);
  > EOF
  $ _dma_stat sq lists_committed; _dma_stat sq writes_direct
  10
  0

With synchronous=OFF a commit is still one list of its own (written at the end of the commit,
without the flush):

  $ dmsetup message sq 0 clear_stats
  $ db /dev/mapper/sq <<'EOF' >/dev/null
  > PRAGMA synchronous=OFF;
  > INSERT INTO t VALUES (2011, 0, NULL); INSERT INTO t VALUES (2012, 0, NULL); INSERT INTO t VALUES (2013, 0, NULL);
  > EOF
  $ _dma_stat sq lists_committed
  3
  $ db /dev/mapper/sq <<<'DELETE FROM t WHERE id > 2010;' >/dev/null

In locking_mode=EXCLUSIVE the connection keeps its locks until it closes: once it has
written, a second connection, even in the same process, finds the database locked
(sqlite-readers.t has more, and locking_mode=NORMAL):

  $ db /dev/mapper/sq <<<"INSERT INTO t VALUES (3001, 0, NULL); DELETE FROM t WHERE id = 3001; ATTACH 'file:/dev/mapper/sq?vfs=atomicblk' AS b;" 2>&1 >/dev/null
  Runtime error near line 1: database is locked (5)
  [1]

Refused: a journal or WAL (each with its message; the database is unchanged after each):

  $ db /dev/mapper/sq <<'EOF'
  > PRAGMA journal_mode=WAL;
  > EOF
  exclusive
  memory
  Parse error near line 1: atomicblk: /dev/mapper/sq: journal_mode=WAL refused: every commit is one atomic write, use journal_mode=MEMORY (or OFF)
  [1]
  $ sqlite3 -bail :memory: -cmd ".load /payload/bin/atomicblk" -cmd ".open file:/dev/mapper/sq?vfs=atomicblk" -cmd "PRAGMA locking_mode=EXCLUSIVE" "INSERT INTO t VALUES (3000, 1, NULL)" 2>&1 >/dev/null
  atomicblk: /dev/mapper/sq-journal: no journal file on an atomic device: each commit is one atomic write; run PRAGMA journal_mode=MEMORY (or OFF) first
  Error: stepping, unable to open database file (14)
  [14]
  $ db /dev/mapper/sq <<<'SELECT count(*), sum(v) FROM t; PRAGMA integrity_check;'
  exclusive
  memory
  1010|541640
  ok
  $ dmsetup remove sq

A transaction larger than the device's atomic limits (here max_bytes 64 KiB) fails with
SQLITE_FULL and says so; nothing of it is written, the database stays usable, and smaller
transactions go on.  Both journal modes:

  $ dmsetup create sq --table "0 $(_sectors $SCRATCH0) atomic $SCRATCH0 $SCRATCH1 4 max_segments 8 max_bytes 65536"
  $ for jm in MEMORY OFF; do
  >   sqlite3 -bail :memory: -cmd ".load /payload/bin/atomicblk" -cmd ".open file:/dev/mapper/sq?vfs=atomicblk" \
  >     -cmd "PRAGMA locking_mode=EXCLUSIVE" -cmd "PRAGMA journal_mode=$jm" \
  >     "INSERT INTO t VALUES (5000, 1, zeroblob(100000))" 2>&1 >/dev/null | _filter_v2names; echo "exit ${PIPESTATUS[0]}"
  >   db /dev/mapper/sq <<<"SELECT count(*), sum(v) FROM t; PRAGMA integrity_check; INSERT INTO t VALUES (5001, 2, zeroblob(2000)); SELECT count(*) FROM t; DELETE FROM t WHERE id = 5001;"
  > done
  atomicblk: /dev/mapper/sq: transaction too large for one atomic write: at least 69632 bytes in 2 segments, the device takes at most 65536 bytes (write_list_max_bytes) in 8 segments (max_write_list_segments); nothing of it was written, split it into smaller transactions
  Error: stepping, database or disk is full (13)
  exit 13
  exclusive
  memory
  1010|541640
  ok
  1011
  atomicblk: /dev/mapper/sq: transaction too large for one atomic write: at least 69632 bytes in 2 segments, the device takes at most 65536 bytes (write_list_max_bytes) in 8 segments (max_write_list_segments); nothing of it was written, split it into smaller transactions
  Error: stepping, database or disk is full (13)
  exit 13
  exclusive
  memory
  1010|541640
  ok
  1011
Ten rows on ten pages apart are more runs than the device's 8 segments:

  $ db /dev/mapper/sq <<<"UPDATE t SET v = v + 1 WHERE id % 100 = 7;" 2>&1 >/dev/null | _filter_v2names; echo "exit ${PIPESTATUS[0]}"
  atomicblk: /dev/mapper/sq: transaction too large for one atomic write: at least * bytes in 9 segments, the device takes at most 65536 bytes (write_list_max_bytes) in 8 segments (max_write_list_segments); nothing of it was written, split it into smaller transactions (glob)
  Runtime error near line 1: database or disk is full (13)
  exit 1
  $ db /dev/mapper/sq <<<"SELECT count(*), sum(v) FROM t; PRAGMA integrity_check;"
  exclusive
  memory
  1010|541640
  ok
  $ dmsetup remove sq

A device without atomic lists (a plain disk, dm-linear over it) is refused at open, and so is
a device whose first block is neither zeros nor our header; none of them is written:

  $ dmsetup create lin --table "0 $(_sectors $SCRATCH2) linear $SCRATCH2 0"
  $ for d in $SCRATCH2 /dev/mapper/lin; do db $d <<<'CREATE TABLE x(a);' 2>&1 >/dev/null | _filter_scratch | _filter_v2names; done
  atomicblk: SCRATCH2: the device does not write atomic lists (max_write_list_segments=0, write_list_max_bytes=0): refusing to open it, a commit would not be atomic
  Error: unable to open database "file:SCRATCH2?vfs=atomicblk": unable to open database file
  atomicblk: /dev/mapper/lin: the device does not write atomic lists (max_write_list_segments=0, write_list_max_bytes=0): refusing to open it, a commit would not be atomic
  Error: unable to open database "file:/dev/mapper/lin?vfs=atomicblk": unable to open database file
  $ dmsetup remove lin
  $ head -c 1048576 $SCRATCH2 | tr -d '\0' | wc -c
  0
  $ dmsetup create sq --table "0 $(_sectors $SCRATCH2) atomic $SCRATCH2 $SCRATCH1"
  $ printf 'ext4 or anything' | dd of=/dev/mapper/sq conv=fsync status=none
  $ db /dev/mapper/sq <<<'CREATE TABLE x(a);' 2>&1 >/dev/null
  atomicblk: /dev/mapper/sq: does not hold an atomicblk database (its first block is neither zeros nor an atomicblk header); refusing to overwrite it
  Error: unable to open database "file:/dev/mapper/sq?vfs=atomicblk": unable to open database file
  $ head -c 16 /dev/mapper/sq; echo
  ext4 or anything

Zeroed, it is an empty database again; pages smaller and larger than the VFS's 4 KiB blocks:

  $ for ps in 1024 65536; do
  >   dd if=/dev/zero of=/dev/mapper/sq bs=4096 count=1 oflag=direct status=none
  >   db /dev/mapper/sq <<<"PRAGMA page_size=$ps; CREATE TABLE x(a, b); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300) INSERT INTO x SELECT i, randomblob(500) FROM n; UPDATE x SET a = -a WHERE a % 7 = 0;" >/dev/null
  >   db /dev/mapper/sq <<<"PRAGMA page_size; SELECT count(*), sum(a) FROM x; PRAGMA integrity_check;"
  > done
  exclusive
  memory
  1024
  300|32508
  ok
  exclusive
  memory
  65536
  300|32508
  ok
  $ dmsetup remove sq
