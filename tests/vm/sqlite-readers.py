#!/usr/bin/env python3
"""Readers beside writers on one atomicblk database (tests/vm/sqlite-readers.t, and
tests/host/sqlite-locks.t on a file shown as a block device).

  sqlite-readers.py EXT DEV init ACCOUNTS
  sqlite-readers.py EXT DEV writer NAME TXNS
  sqlite-readers.py EXT DEV reader NAME READY STOP [--no-wait]
  sqlite-readers.py EXT DEV check ACCOUNTS

Every process opens DEV through the atomicblk VFS (EXT, the .so) with locking_mode=NORMAL
(SQLite's default) and journal_mode=MEMORY.  The database keeps two invariants that every
committed state holds and a half-seen commit would break:
  - ACCOUNTS rows of acct, each on a page of its own (a 3000-byte pad), whose balances sum
    to 1000 * ACCOUNTS: a writer moves an amount from one row to another;
  - meta.n is the number of rows of log: the same transaction inserts 3 rows (3000 bytes
    each) and adds 3 to n.
writer: TXNS such transactions, each BEGIN IMMEDIATE ... COMMIT, SQLite's busy handler
waiting for the lock (busy_timeout 20 s); a COMMIT that still finds readers is retried.
reader: one connection kept open (SQLite's page cache and the VFS's cache of committed
blocks stay warm between reads), reading the sum, n and count(log) in one statement (one
read transaction) until the file STOP exists, then once more; it creates READY after its
first read.  With --no-wait it has no busy handler: a read that finds the writer committing
fails with SQLITE_BUSY, is counted and retried.  It prints whether every read held both
invariants, whether n ever went back, whether it saw n move (no stale cache) and its last n;
the counts (reads, busy, cache drops) go to stderr.
"""
import os
import random
import sqlite3
import sys
import time

EXT, DEV, CMD = sys.argv[1], sys.argv[2], sys.argv[3]
ARGS = sys.argv[4:]
URI = "file:%s?vfs=atomicblk" % DEV


def load():
    c = sqlite3.connect(":memory:")
    c.enable_load_extension(True)
    c.load_extension(EXT)
    c.close()


def connect(timeout):
    c = sqlite3.connect(URI, uri=True, timeout=timeout, isolation_level=None)
    c.execute("PRAGMA journal_mode=MEMORY").fetchall()
    return c


def busy(e):
    return isinstance(e, sqlite3.OperationalError) and "locked" in str(e)


def init(accounts):
    c = connect(20)
    c.execute("BEGIN")
    c.execute("CREATE TABLE acct(id INTEGER PRIMARY KEY, bal INTEGER, pad BLOB)")
    c.execute("CREATE TABLE meta(n INTEGER)")
    c.execute("CREATE TABLE log(id INTEGER PRIMARY KEY, w TEXT, pad BLOB)")
    c.execute("INSERT INTO meta VALUES (0)")
    c.executemany("INSERT INTO acct VALUES (?, 1000, zeroblob(3000))",
                  [(i,) for i in range(1, accounts + 1)])
    c.execute("COMMIT")
    c.close()


def writer(name, txns):
    c = connect(20)
    accounts = c.execute("SELECT count(*) FROM acct").fetchone()[0]
    rnd = random.Random(name)
    retries = 0
    for _ in range(txns):
        a, b = rnd.sample(range(1, accounts + 1), 2)
        d = rnd.randint(1, 100)
        while True:
            try:
                c.execute("BEGIN IMMEDIATE")
                break
            except sqlite3.OperationalError as e:
                if not busy(e):
                    raise
                retries += 1
        c.execute("UPDATE acct SET bal = bal - ? WHERE id = ?", (d, a))
        c.executemany("INSERT INTO log(w, pad) VALUES (?, randomblob(3000))", [(name,)] * 3)
        c.execute("UPDATE acct SET bal = bal + ? WHERE id = ?", (d, b))
        c.execute("UPDATE meta SET n = n + 3")
        while True:
            try:
                c.execute("COMMIT")
                break
            except sqlite3.OperationalError as e:
                if not busy(e):
                    raise
                retries += 1
                time.sleep(0.01)
    c.close()
    print("writer %s: %d commits" % (name, txns))
    print("writer %s: %d busy retries" % (name, retries), file=sys.stderr)


def reader(name, ready, stop, wait):
    c = connect(20 if wait else 0)
    accounts = c.execute("SELECT count(*) FROM acct").fetchone()[0]
    q = "SELECT (SELECT sum(bal) FROM acct), (SELECT n FROM meta), (SELECT count(*) FROM log)"
    reads = bad = back = nbusy = 0
    seen = set()
    last = -1
    first = True
    while True:
        final = os.path.exists(stop)
        try:
            s, n, cnt = c.execute(q).fetchone()
        except sqlite3.OperationalError as e:
            if not busy(e):
                raise
            nbusy += 1
            time.sleep(0.005)
            continue
        reads += 1
        if s != 1000 * accounts or n != cnt:
            bad += 1
            print("reader %s: inconsistent read: sum %d, n %d, log rows %d" % (name, s, n, cnt))
        if n < last:
            back += 1
        last = n
        seen.add(n)
        if first:
            open(ready, "w").close()
            first = False
        if final:
            break
    stats = c.execute("PRAGMA atomicblk_cache_stats").fetchone()[0]
    c.close()
    print("reader %s: every read consistent: %s" % (name, "yes" if not bad else "NO (%d)" % bad))
    print("reader %s: n went back: %s" % (name, "no" if not back else "YES (%d)" % back))
    print("reader %s: saw n move: %s" % (name, "yes" if len(seen) > 1 else "no"))
    print("reader %s: last n %d" % (name, last))
    print("reader %s: %d reads, %d distinct n, %d busy; %s" % (name, reads, len(seen), nbusy, stats),
          file=sys.stderr)


def check(accounts):
    c = connect(20)
    s, n, cnt = c.execute("SELECT (SELECT sum(bal) FROM acct), (SELECT n FROM meta), "
                          "(SELECT count(*) FROM log)").fetchone()
    print("sum %s, n %d, log rows %d" % ("ok" if s == 1000 * accounts else s, n, cnt))
    print(c.execute("PRAGMA integrity_check").fetchone()[0])
    c.close()


load()
if CMD == "init":
    init(int(ARGS[0]))
elif CMD == "writer":
    writer(ARGS[0], int(ARGS[1]))
elif CMD == "reader":
    reader(ARGS[0], ARGS[1], ARGS[2], "--no-wait" not in ARGS[3:])
elif CMD == "check":
    check(int(ARGS[0]))
else:
    sys.exit("sqlite-readers.py: unknown command %s" % CMD)
