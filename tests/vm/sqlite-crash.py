#!/usr/bin/env python3
"""Crash states of SQLite commits (tests/vm/sqlite-crash*.t).

  sqlite-crash.py atomic|control SEED --txns N --max STATES

One writer, Debian's sqlite3 shell with journal_mode=OFF and synchronous=FULL, commits N
numbered transactions; each sets v = n in two far-apart rows of each of four tables (eight
table pages, each table's pages apart from the others) and inserts n into acks.  After each
COMMIT returns, the shell logs the mark "cN" in the dm-log-writes log (on another disk): the
journal of acknowledgments, in the same total order as the writes.

  atomic   the database on dm-atomic through the atomicblk VFS (tools/sqlite/); dm-atomic's
           data and metadata devices are two slices of the dm-log-writes device
  control  the stock unix VFS, the database a file on ext4 on a slice of the dm-log-writes
           device (no atomic writes): the same writer must be caught tearing transactions

Crash states are enumerated as tests/vm/crash-states.py does (every prefix ending at a FLUSH
or FUA, subsets of the writes a FLUSH made durable, torn FUA writes), from the first mark on,
and a fixed-seed sample of STATES of them is checked on $SCRATCH2: dm-atomic activated
(recovery) or ext4 mounted (its journal replayed), then PRAGMA integrity_check is "ok", the
database equals exactly the state after some transaction M (acks holds 1..M, every row as the
first M transactions left it: nothing torn) and M >= the last acknowledged transaction
(nothing acknowledged lost).  Prints per state kind what it found and a summary line; exit 0.
"""
import importlib.util
import os
import random
import subprocess
import sys

spec = importlib.util.spec_from_file_location(
    "cs", os.path.join(os.path.dirname(os.path.abspath(__file__)), "crash-states.py"))
cs = importlib.util.module_from_spec(spec)
spec.loader.exec_module(cs)

SECTOR = 512
DATA_SECTORS = 8192            # dm-atomic data: 4 MiB; the control's ext4: 4 MiB too
META_SECTORS = 2048            # dm-atomic metadata: 1 MiB
FEATURES = "4 max_segments 32 max_bytes 262144"
EXT = "/payload/bin/atomicblk"
TABLES, ROWS = 4, 64
MNT = "/tmp/sqc-mnt"


def rows_of(n, i):
    a = (n * 7 + i * 29) % ROWS + 1
    return (a, (a + ROWS // 2 - 1) % ROWS + 1)


def expected(m):
    st = {(i, r): 0 for i in range(TABLES) for r in range(1, ROWS + 1)}
    for n in range(1, m + 1):
        for i in range(TABLES):
            for r in rows_of(n, i):
                st[(i, r)] = n
    return st


def setup_sql():
    s = []
    for i in range(TABLES):
        s.append("CREATE TABLE t%d(id INTEGER PRIMARY KEY, v INTEGER, pad BLOB);" % i)
        s.append("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < %d) "
                 "INSERT INTO t%d SELECT x, 0, randomblob(900) FROM c;" % (ROWS, i))
    s.append("CREATE TABLE acks(n INTEGER PRIMARY KEY);")
    return "\n".join(s) + "\n"


def txn_sql(n):
    s = ["BEGIN;"]
    for i in range(TABLES):
        s.append("UPDATE t%d SET v = %d WHERE id IN (%d, %d);" % ((i, n) + rows_of(n, i)))
    s.append("INSERT INTO acks VALUES (%d);" % n)
    s.append("COMMIT;")
    s.append(".system dmsetup --noudevsync message sqc-lw 0 mark c%d" % n)
    return "\n".join(s) + "\n"


def shell(target, sql, atomic):
    pre = ""
    if atomic:
        pre = ".load %s\n.open file:%s?vfs=atomicblk\n" % (EXT, target)
    else:
        pre = ".open %s\n" % target
    pre += "PRAGMA locking_mode=EXCLUSIVE;\nPRAGMA journal_mode=OFF;\nPRAGMA synchronous=FULL;\n"
    p = subprocess.run(["sqlite3", "-bail"], input=pre + sql, capture_output=True, text=True)
    return p.returncode, p.stdout.splitlines()[2:], p.stderr.strip()


CHECK_SQL = ("PRAGMA integrity_check;\nSELECT 'acks', coalesce(max(n), 0), count(*) FROM acks;\n" +
             "".join("SELECT 'row', %d, id, v FROM t%d;\n" % (i, i) for i in range(TABLES)))


def judge(out, acked):
    """A problem string, or None when the state is whole and holds everything acknowledged."""
    if not out or out[0] != "ok":
        return "integrity_check: " + " / ".join(out[:3])
    st, m, cnt = {}, None, None
    for line in out[1:]:
        f = line.split("|")
        if f[0] == "acks":
            m, cnt = int(f[1]), int(f[2])
        elif f[0] == "row":
            st[(int(f[1]), int(f[2]))] = int(f[3])
    if m is None or cnt != m:
        return "acks holds %s rows up to %s" % (cnt, m)
    if st != expected(m):
        return "torn: the tables are not the state after transaction %d" % m
    if m < acked:
        return "lost: transaction %d was acknowledged, the database ends at %d" % (acked, m)
    return None


def main():
    mode, seed = sys.argv[1], int(sys.argv[2])
    txns = int(sys.argv[sys.argv.index("--txns") + 1])
    limit = int(sys.argv[sys.argv.index("--max") + 1])
    atomic = mode == "atomic"
    s0, s1, s2 = os.environ["SCRATCH0"], os.environ["SCRATCH1"], os.environ["SCRATCH2"]
    total = DATA_SECTORS + (META_SECTORS if atomic else 0)
    base = bytearray(cs.pread_direct(s0, 0, total * SECTOR))
    cs.pwrite_direct(s1, 0, bytes(4096))
    dm = cs.dmsetup
    dm("create", "sqc-lw", "--table", "0 %d log-writes %s %s" % (total, s0, s1))
    dm("create", "sqc-d", "--table", "0 %d linear /dev/mapper/sqc-lw 0" % DATA_SECTORS)
    if atomic:
        dm("create", "sqc-m", "--table", "0 %d linear /dev/mapper/sqc-lw %d" % (META_SECTORS, DATA_SECTORS))
        dm("create", "sqc-a", "--table", "0 %d atomic /dev/mapper/sqc-d /dev/mapper/sqc-m %s"
           % (DATA_SECTORS, FEATURES))
        target = "/dev/mapper/sqc-a"
    else:
        subprocess.run(["mke2fs", "-q", "-t", "ext4", "-F", "/dev/mapper/sqc-d"], check=True)
        os.makedirs(MNT, exist_ok=True)
        subprocess.run(["mount", "/dev/mapper/sqc-d", MNT], check=True)
        target = MNT + "/db"
    try:
        rc, out, err = shell(target, setup_sql(), atomic)
        if rc:
            raise SystemExit("setup failed: %s" % err)
        if not atomic:
            subprocess.run(["sync"], check=True)
        dm("message", "sqc-lw", "0", "mark", "c0")
        rc, out, err = shell(target, "".join(txn_sql(n) for n in range(1, txns + 1)), atomic)
        if rc:
            raise SystemExit("writer failed: %s" % err)
    finally:
        if atomic:
            dm("remove", "sqc-a")
            dm("remove", "sqc-m")
        else:
            subprocess.run(["umount", MNT], check=True)
        dm("remove", "sqc-d")
        dm("remove", "sqc-lw")
    entries = cs.read_log(s1)
    marks = [(i, int(e["mark"][1:])) for i, e in enumerate(entries) if e["mark"] and e["mark"][0] == "c"]
    if len(marks) != txns + 1:
        raise SystemExit("%d marks logged, %d expected" % (len(marks), txns + 1))
    print("%s: %d transactions acknowledged, %d log entries" % (mode, txns, len(entries)))
    start = marks[0][0]
    states = [st for st in cs.enumerate_states(entries, random.Random(seed)) if st[1] > start]
    states = cs.sample(states, limit, seed)

    # Check each state on SCRATCH2, building the images in prefix order.
    dm("create", "sqc-cd", "--table", "0 %d linear %s 0" % (DATA_SECTORS, s2))
    if atomic:
        dm("create", "sqc-cm", "--table", "0 %d linear %s %d" % (META_SECTORS, s2, DATA_SECTORS))
    img, applied = bytearray(base), 0
    found = {}
    bad = 0
    try:
        for kind, prefix, extras in states:
            while applied < prefix:
                cs.apply(img, entries[applied])
                applied += 1
            state = bytearray(img)
            for idx, mask in extras:
                cs.apply(state, entries[idx], mask)
            acked = max([n for i, n in marks if i < prefix] or [0])
            cs.pwrite_direct(s2, 0, bytes(state))
            if atomic:
                try:
                    dm("create", "sqc-c", "--table", "0 %d atomic /dev/mapper/sqc-cd /dev/mapper/sqc-cm %s"
                       % (DATA_SECTORS, FEATURES))
                except subprocess.CalledProcessError:
                    problem = "dm-atomic refused to activate"
                else:
                    try:
                        rc, out, err = shell("/dev/mapper/sqc-c", CHECK_SQL, True)
                        problem = judge(out, acked) if not rc else "sqlite3: " + err
                    finally:
                        dm("remove", "sqc-c")
            else:
                if subprocess.run(["mount", "/dev/mapper/sqc-cd", MNT], stderr=subprocess.DEVNULL).returncode:
                    problem = "ext4 did not mount"
                else:
                    try:
                        rc, out, err = shell(MNT + "/db", CHECK_SQL, False)
                        problem = judge(out, acked) if not rc else "sqlite3: " + err.splitlines()[-1]
                    finally:
                        subprocess.run(["umount", MNT], check=True)
            k = found.setdefault(kind, [0, 0])
            k[0] += 1
            if problem:
                k[1] += 1
                bad += 1
                if bad <= 3:
                    print("  %s state (prefix %d, %d acknowledged): %s" % (kind, prefix, acked, problem))
    finally:
        dm("remove", "sqc-cd")
        if atomic:
            dm("remove", "sqc-cm")
    for kind in sorted(found):
        print("%s %s states: %d checked, %d bad" % (mode, kind, found[kind][0], found[kind][1]))
    print("%s: %d states checked, %d with a torn or lost transaction or a corrupt database"
          % (mode, sum(v[0] for v in found.values()), bad))
    return 0


if __name__ == "__main__":
    sys.exit(main())
