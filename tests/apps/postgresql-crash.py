#!/usr/bin/env python3
"""Crash states of PostgreSQL with full_page_writes=off (tests/apps/postgresql-crash*.t).

  postgresql-crash.py atomic|atomic8k|control --states K --txns N --pgbench T

Debian's PostgreSQL 15 (data checksums on, full_page_writes=off, checkpoints every few
transactions and a busy background writer) on ext4 on a dm-log-writes device ($SCRATCH0, its
log on $SCRATCH1), which records every bio in one total order:

  atomic    ext4 on dm-atomic with all_writes_atomic, whose data and metadata devices are two
            slices of the dm-log-writes device
  atomic8k  the same with all_writes_atomic_from 8192: writes of a page or more go through the
            log, smaller ones (ext4's journal blocks, its metadata) straight to the data device
  control   ext4 on a slice of the dm-log-writes device (no atomic writes)

PostgreSQL writes its pages through the page cache; the page cache's writeback decides which
bios reach the device.  dm-atomic makes each bio atomic, so a page is safe when no bio starts
or ends inside it.  The run checks that of every write bio queued on the device the file
system is on: blktrace gives the bios, FIEMAP maps each one's ends back to the relation file
and offset they fall in, and the run counts those that cut an 8 KiB page.

After pgbench -i, pgbench runs T transactions (2 clients) while another client commits N
numbered transactions (INSERT INTO acks) and logs the mark "c<n>" after each COMMIT returns,
with a CHECKPOINT after every third; then every server process is killed (SIGKILL).  Crash
states: for K relation page writes that reached the data device during the run (8 KiB or more
whose first page has PostgreSQL's page header: ext4's writeback in the control, dm-atomic's
write-back otherwise), spread over the run, everything logged before that write plus its
first 4 KiB: a power cut in the middle of a page.  Each state is built on $SCRATCH2 under a
throw-away snapshot (COW on $SCRATCH3) and judged: dm-atomic activated (its recovery), ext4
mounted, the server started (crash recovery without full-page images), pg_amcheck of every
table and index (heapallindexed), the pgbench balances equal in its four tables, every
acknowledged transaction present, then a clean stop and pg_checksums over every page.
Prints one line per state and a summary; exit 0.
"""
import bisect
import fcntl
import os
import re
import struct
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lwlog import Recording, Trace, check_recording, head_of, recovered  # noqa: E402

DATA_SECTORS = 524288           # 256 MiB for ext4
META_SECTORS = 131072           # 64 MiB of log for dm-atomic
PAGE = 8192
MNT = "/mnt/pg"
DATA = MNT + "/data"
HERE = os.path.dirname(os.path.abspath(__file__))
LIB = os.path.join(HERE, "postgresql-lib.sh")
VMLIB = os.path.join(HERE, "..", "vm", "lib.sh")

# The dm-atomic feature arguments of each mode.
FEATURES = {"atomic": "1 all_writes_atomic", "atomic8k": "2 all_writes_atomic_from 8192"}
# A relation's files (main fork, free space map, visibility map, segments): what holds pages.
RELFILE = re.compile(r"^\d+(_fsm|_vm|_init)?(\.\d+)?$")


def sh(cmd, check=True):
    """Run a bash command with the PostgreSQL helpers; returns (rc, output)."""
    p = subprocess.run(["bash", "-c", ". %s; . %s; %s" % (VMLIB, LIB, cmd)],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if check and p.returncode:
        raise SystemExit("failed (%d): %s\n%s" % (p.returncode, cmd, p.stdout[-2000:]))
    return p.returncode, p.stdout


def fiemap(path):
    """The extents of a file: (physical byte, length, logical byte), mapped after a sync."""
    out, start = [], 0
    fd = os.open(path, os.O_RDONLY)
    try:
        while True:
            n = 256
            buf = bytearray(struct.pack("=QQLLLL", start, (1 << 64) - 1 - start, 1, 0, n, 0) + bytes(56 * n))
            fcntl.ioctl(fd, 0xC020660B, buf)            # FS_IOC_FIEMAP, FIEMAP_FLAG_SYNC
            got = struct.unpack_from("=L", buf, 20)[0]
            last = False
            for j in range(got):
                lo, ph, ln, _, _, fl = struct.unpack_from("=QQQQQL", buf, 32 + 56 * j)
                out.append((ph, ln, lo))
                start = lo + ln
                last = last or bool(fl & 1)             # FIEMAP_EXTENT_LAST
            if got < n or last:
                return out
    finally:
        os.close(fd)


def page_cuts(writes):
    """Of the write bios (sector, sectors) on the file system's device: how many touch a
    relation file, and how many of those start or end inside one of its 8 KiB pages."""
    ext = []
    for top in ("base", "global"):
        for d, _, files in os.walk(os.path.join(DATA, top)):
            ext += [e for f in files if RELFILE.match(f) for e in fiemap(os.path.join(d, f))]
    ext.sort()
    phys = [e[0] for e in ext]

    def logical(p):
        """The file offset of device byte P if a relation file holds it, else None."""
        k = bisect.bisect_right(phys, p) - 1
        if k >= 0 and ext[k][0] <= p < ext[k][0] + ext[k][1]:
            return ext[k][2] + p - ext[k][0]
        return None

    touching = cut = 0
    for s, n in writes:
        a, b = s * 512, (s + n) * 512
        k = bisect.bisect_left(phys, b) - 1     # the last extent that starts before the end
        if k < 0 or ext[k][0] + ext[k][1] <= a:
            continue
        touching += 1
        la, lb = logical(a), logical(b - 1)
        if (la is not None and la % PAGE) or (lb is not None and (lb + 1) % PAGE):
            cut += 1
    return touching, cut


def is_page(log, e):
    """PostgreSQL's page header: pd_lower <= pd_upper <= pd_special <= 8192, size/version 8192|4."""
    h = head_of(log, e)
    lower, upper, special, size_version = struct.unpack_from("<HHHH", h, 12)
    return size_version == 0x2004 and 24 <= lower <= upper <= special <= PAGE


def record(rec, mode, txns, pgbench):
    atomic = rec.features is not None
    try:
        sh("mkfs.ext4 -q -E nodiscard %s && mkdir -p %s && mount %s %s" % (rec.dev, MNT, rec.dev, MNT))
        sh("_pg_init %s && _pg_start %s off && _psql -c 'CREATE TABLE acks (n int PRIMARY KEY)' "
           "-c 'CREATE EXTENSION amcheck' && _pgbench -i -s 1 -q >/dev/null 2>&1 && _psql -c CHECKPOINT"
           % (DATA, DATA))
        if atomic:
            subprocess.run(["dmsetup", "message", rec.name + "-a", "0", "clear_stats"], check=True)
        bt = Trace(rec.dev)
        rec.mark("c0")
        load = subprocess.Popen(["bash", "-c", ". %s; . %s; _pgbench -c 2 -t %d -n" % (VMLIB, LIB, pgbench)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for n in range(1, txns + 1):
            sh("_psql -c 'INSERT INTO acks VALUES (%d)'" % n)
            rec.mark("c%d" % n)
            if n % 3 == 0:
                sh("_psql -c CHECKPOINT")
        load.wait()
        writes = bt.writes()
        touching, cut = page_cuts(writes)
        print("%s: %d write bios queued on the %s device during the run, %d to relation files, "
              "%d of them starting or ending inside an 8 KiB page"
              % (mode, len(writes), "dm-atomic" if atomic else "ext4", touching, cut))
        stats = ""
        if atomic:
            st = rec.stats()
            stats = "; dm-atomic: %s plain writes logged, %s straight to the data device" % (
                st["plain_writes_logged"], st["writes_direct"])
        sh("_pg_kill")
        rec.mark("end")
        print("%s: %d transactions acknowledged, pgbench %d transactions%s" % (mode, txns, 2 * pgbench, stats))
    finally:
        subprocess.run(["umount", MNT])


def server_error(out):
    """The server's first complaint in OUT, as "message (level)": no "WARNING:" of the server
    may reach the console, where the test runner looks for kernel warnings."""
    for l in out.splitlines():
        m = re.search(r"\b(PANIC|FATAL|ERROR|WARNING):\s+(.*)", l)
        if m:
            return "%s (%s)" % (m.group(2).strip(), m.group(1).lower())
    return " / ".join(out.splitlines()[-2:])


def judge(rec, snap, acked):
    """Mount the state (under the snapshot) and check it; a problem string or None."""
    with recovered("pc", snap, rec) as dev:
        if dev is None:
            return "dm-atomic refused to activate"
        if subprocess.run(["mount", dev, MNT], stderr=subprocess.DEVNULL).returncode:
            return "ext4 did not mount"
        try:
            rc, out = sh("_pg_start %s off" % DATA, check=False)
            if rc:
                return "postgres did not start: %s" % server_error(out)
            try:
                rc, out = sh("_pg_as $PG_BIN/pg_amcheck -h $PG_SOCK -U postgres --heapallindexed -d postgres 2>&1",
                             check=False)
                if rc:
                    return "pg_amcheck: %s" % " / ".join(out.splitlines()[:2])
                rc, out = sh("_psql -F ' ' -c 'SELECT coalesce(max(n), 0), count(*) FROM acks' -c "
                             "'SELECT (SELECT sum(abalance) FROM pgbench_accounts), (SELECT sum(bbalance) "
                             "FROM pgbench_branches), (SELECT sum(tbalance) FROM pgbench_tellers), "
                             "(SELECT coalesce(sum(delta), 0) FROM pgbench_history)'", check=False)
                lines = out.splitlines()
                if rc or len(lines) != 2:
                    return "queries failed: %s" % " / ".join(lines[:3])
                m, cnt = map(int, lines[0].split())
                sums = lines[1].split()
                if len(set(sums)) != 1:
                    return "pgbench balances differ: accounts, branches, tellers, history %s" % ", ".join(sums)
                if cnt != m:
                    return "acks holds %d rows up to %d" % (cnt, m)
                if m < acked:
                    return "lost: transaction %d was acknowledged, acks ends at %d" % (acked, m)
            finally:
                if sh("_pg_stop %s" % DATA, check=False)[0]:
                    sh("_pg_kill", check=False)
            rc, out = sh("_pg_as $PG_BIN/pg_checksums -c -D %s 2>&1" % DATA, check=False)
            if rc:
                bad = [l for l in out.splitlines() if "checksum" in l.lower()]
                return "pg_checksums: %s" % (bad[0].strip() if bad else out.splitlines()[-1:])
        finally:
            subprocess.run(["umount", MNT])
        return None


def main():
    mode = sys.argv[1]
    if mode not in ("atomic", "atomic8k", "control"):
        raise SystemExit("usage: postgresql-crash.py atomic|atomic8k|control --states K --txns N --pgbench T")
    k = int(sys.argv[sys.argv.index("--states") + 1])
    txns = int(sys.argv[sys.argv.index("--txns") + 1])
    pgbench = int(sys.argv[sys.argv.index("--pgbench") + 1])
    t0 = time.time()
    rec = Recording("pc", DATA_SECTORS, META_SECTORS, FEATURES.get(mode))
    try:
        record(rec, mode, txns, pgbench)
    finally:
        rec.remove()
    t1 = time.time()
    check_recording("pc", rec, mode, k, 16, is_page, "relation page writes", lambda e: 8,
                    lambda snap, acked: judge(rec, snap, acked))
    print("%s: recorded in %.0f s, checked in %.0f s" % (mode, t1 - t0, time.time() - t1),
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
