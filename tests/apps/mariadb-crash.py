#!/usr/bin/env python3
"""Crash states of MariaDB with innodb_doublewrite=0 (tests/apps/mariadb-crash.t).

  mariadb-crash.py atomic|atomic16k|control --states K --txns N --events E

Debian's MariaDB (innodb_doublewrite=0, innodb_flush_method=O_DIRECT, page cleaner flushing
all the time) on ext4 on a dm-log-writes device ($SCRATCH0, its log on $SCRATCH1), which
records every bio in one total order:

  atomic   ext4 on dm-atomic with all_writes_atomic, whose data and metadata devices are two
           slices of the dm-log-writes device
  atomic16k  the same with all_writes_atomic_from 16384 instead: InnoDB's page writes go
           through the log, smaller writes (redo log, ext4's journal) straight to the data
           device
  control  ext4 on a slice of the dm-log-writes device (no atomic writes)

After sysbench prepare, sysbench oltp_write_only runs E events while a client commits N
numbered transactions (INSERT INTO acks) and logs the mark "c<n>" after each COMMIT returns;
then mariadbd is killed (SIGKILL).  Crash states: for K InnoDB index pages written to the
data device during the run (16 KiB plain writes whose FIL header says FIL_PAGE_INDEX: the
page writes themselves in the control, dm-atomic's write-back of them otherwise), spread over
the run, everything logged before that write plus its first half: a power cut in the middle
of a page write.  Each state is built on $SCRATCH2 (replayed from the log) under a throw-away
snapshot (COW on $SCRATCH3) and judged: dm-atomic activated (recovery), ext4 mounted,
innochecksum over every tablespace, mariadbd started (crash recovery), CHECK TABLE, and every
acknowledged transaction present.  Prints one line per state and a summary; exit 0.
"""
import mmap
import os
import struct
import subprocess
import sys
import time

SECTOR = 512
DATA_SECTORS = 393216           # 192 MiB for ext4
META_SECTORS = 131072           # 64 MiB of log for dm-atomic
LW_MAGIC = 0x6a736677736872
F_FLUSH, F_FUA, F_DISCARD, F_MARK = 1, 2, 4, 8
MNT = "/mnt/mdb"
LIB = os.path.join(os.path.dirname(os.path.abspath(__file__)), "mariadb-lib.sh")
VMLIB = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "vm", "lib.sh")


def sh(cmd, check=True):
    """Run a bash command with the MariaDB helpers; returns (rc, output)."""
    p = subprocess.run(["bash", "-c", ". %s; . %s; %s" % (VMLIB, LIB, cmd)],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if check and p.returncode:
        raise SystemExit("failed (%d): %s\n%s" % (p.returncode, cmd, p.stdout[-2000:]))
    return p.returncode, p.stdout


def dm(*args):
    subprocess.run(["dmsetup", "--noudevsync"] + list(args), check=True, stdout=subprocess.DEVNULL)


def pread(fd, off, n):
    buf = mmap.mmap(-1, n)
    if os.preadv(fd, [buf], off) != n:
        raise IOError("short read at %d" % off)
    return bytes(buf)


def read_log(path):
    """Entries of a dm-log-writes log, without their data: (sector, n, flags, offset, mark)."""
    fd = os.open(path, os.O_RDONLY | os.O_DIRECT)
    try:
        magic, version, nr, ssz = struct.unpack_from("<QQQI", pread(fd, 0, 4096))
        if magic != LW_MAGIC or ssz != SECTOR:
            raise SystemExit("%s: not a dm-log-writes log" % path)
        out, pos = [], SECTOR
        chunk, cbase = b"", -1
        for _ in range(nr):
            if not (cbase <= pos and pos + SECTOR <= cbase + len(chunk)):
                cbase = pos - pos % 4096
                chunk = pread(fd, cbase, 1 << 20)
            hdr = chunk[pos - cbase:pos - cbase + SECTOR]
            sec, n, flags, dlen = struct.unpack_from("<QQQQ", hdr)
            mark = hdr[32:32 + dlen].decode() if flags & F_MARK else None
            pos += SECTOR
            data_off = None
            if not flags & (F_MARK | F_DISCARD) and n:
                data_off = pos
                pos += n * SECTOR
            out.append((sec, n, flags, data_off, mark))
        return out
    finally:
        os.close(fd)


class Replayer:
    """Applies log entries to a device in order, streaming their data from the log."""

    def __init__(self, log, dev):
        self.lfd = os.open(log, os.O_RDONLY | os.O_DIRECT)
        self.dev = dev
        self.dfd = os.open(dev, os.O_WRONLY | os.O_DIRECT)
        self.done = 0

    def apply(self, e, sectors=None):
        sec, n, flags, off, mark = e
        if flags & F_DISCARD:
            subprocess.run(["blkdiscard", "-f", "-o", str(sec * SECTOR), "-l", str(n * SECTOR), self.dev],
                           check=True)
        elif off is not None:
            k = n if sectors is None else sectors
            data = pread(self.lfd, off, k * SECTOR)
            buf = mmap.mmap(-1, len(data))
            buf[:] = data
            os.pwritev(self.dfd, [buf], sec * SECTOR)

    def upto(self, entries, i):
        while self.done < i:
            self.apply(entries[self.done])
            self.done += 1
        os.fsync(self.dfd)


def is_index_page(log, e):
    fd = os.open(log, os.O_RDONLY | os.O_DIRECT)
    try:
        head = pread(fd, e[3], 4096)
    finally:
        os.close(fd)
    return head[24:26] == b"\x45\xbf"       # FIL_PAGE_TYPE = FIL_PAGE_INDEX


# The dm-atomic feature arguments of each mode.
FEATURES = {"atomic": "1 all_writes_atomic", "atomic16k": "2 all_writes_atomic_from 16384"}


def record(mode, txns, events):
    s0, s1 = os.environ["SCRATCH0"], os.environ["SCRATCH1"]
    atomic = mode in FEATURES
    total = DATA_SECTORS + (META_SECTORS if atomic else 0)
    dm("create", "mc-lw", "--table", "0 %d log-writes %s %s" % (total, s0, s1))
    dm("create", "mc-d", "--table", "0 %d linear /dev/mapper/mc-lw 0" % DATA_SECTORS)
    dev = "/dev/mapper/mc-d"
    if atomic:
        dm("create", "mc-m", "--table", "0 %d linear /dev/mapper/mc-lw %d" % (META_SECTORS, DATA_SECTORS))
        dm("create", "mc-a", "--table", "0 %d atomic /dev/mapper/mc-d /dev/mapper/mc-m %s"
           % (DATA_SECTORS, FEATURES[mode]))
        dev = "/dev/mapper/mc-a"
    try:
        sh("mkfs.ext4 -q -E nodiscard %s && mkdir -p %s && mount %s %s" % (dev, MNT, dev, MNT))
        sh("_mdb_init %s/data && _mdb_start %s/data 0 && _mdb -e 'CREATE DATABASE sbtest; "
           "CREATE TABLE sbtest.acks (n INT PRIMARY KEY) ENGINE=InnoDB' && "
           "_sysbench --tables=1 --table-size=2000 prepare >/dev/null && "
           "_mdb -e 'SET GLOBAL innodb_max_dirty_pages_pct=0; SET GLOBAL innodb_max_dirty_pages_pct_lwm=0.001'"
           % (MNT, MNT))
        if atomic:
            dm("message", "mc-a", "0", "clear_stats")
        # What reaches the top device: every write bio queued on it, with its size.
        subprocess.run(["rm", "-rf", "/tmp/mc-bt"])
        os.makedirs("/tmp/mc-bt")
        bt = subprocess.Popen(["blktrace", "-d", dev, "-a", "queue", "-D", "/tmp/mc-bt", "-o", "bt"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        dm("message", "mc-lw", "0", "mark", "c0")
        load = subprocess.Popen(["bash", "-c", ". %s; . %s; _sysbench --tables=1 --table-size=2000 "
                                 "--events=%d --time=0 --threads=1 run" % (VMLIB, LIB, events)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for n in range(1, txns + 1):
            sh("_mdb -e 'INSERT INTO sbtest.acks VALUES (%d)'" % n)
            dm("message", "mc-lw", "0", "mark", "c%d" % n)
        load.wait()
        bt.send_signal(2)
        bt.wait()
        out = subprocess.run(["blkparse", "-q", "-D", "/tmp/mc-bt", "-i", "bt", "-f", "%a %d %n\\n"],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout
        sizes = [int(f[2]) for f in (l.split() for l in out.splitlines())
                 if len(f) == 3 and f[0] == "Q" and "W" in f[1] and f[2].isdigit()]
        print("%s: write bios queued on the %s device during the run: %d of 16 KiB, %d of other sizes"
              % (mode, "dm-atomic" if atomic else "ext4", sizes.count(32),
                 len([x for x in sizes if x != 32])))
        stats = ""
        if atomic:
            out = subprocess.check_output(["dmsetup", "message", "mc-a", "0", "stats"], text=True)
            st = dict(l.split("=", 1) for l in out.split())
            stats = "; dm-atomic: %s plain writes logged, %s straight to the data device" % (
                st["plain_writes_logged"], st["writes_direct"])
        sh("kill -9 $(cat /run/mdb.pid); sleep 1")
        dm("message", "mc-lw", "0", "mark", "end")
        print("%s: %d transactions acknowledged, sysbench %d events%s" % (mode, txns, events, stats))
    finally:
        subprocess.run(["umount", MNT])
        for d in ("mc-a", "mc-m", "mc-d", "mc-lw"):
            if os.path.exists("/dev/mapper/" + d):
                dm("remove", d)


def judge(mode, acked):
    """Mount the state (under the snapshot) and check it; a problem string or None."""
    atomic = mode in FEATURES
    dev = "/dev/mapper/mc-snap"
    try:
        if atomic:
            dm("create", "mc-cd", "--table", "0 %d linear %s 0" % (DATA_SECTORS, dev))
            dm("create", "mc-cm", "--table", "0 %d linear %s %d" % (META_SECTORS, dev, DATA_SECTORS))
            try:
                dm("create", "mc-c", "--table", "0 %d atomic /dev/mapper/mc-cd /dev/mapper/mc-cm %s"
                   % (DATA_SECTORS, FEATURES[mode]))
            except subprocess.CalledProcessError:
                return "dm-atomic refused to activate"
            dev = "/dev/mapper/mc-c"
        if subprocess.run(["mount", dev, MNT], stderr=subprocess.DEVNULL).returncode:
            return "ext4 did not mount"
        try:
            rc, out = sh("cd %s/data && for f in ibdata1 sbtest/*.ibd mysql/*.ibd; do innochecksum $f "
                         ">/dev/null 2>&1 || echo \"bad: $f\"; done" % MNT, check=False)
            bad = [l.split()[-1] for l in out.splitlines() if l.startswith("bad:")]
            if bad:
                return "innochecksum: corrupt page(s) in %s" % ", ".join(bad)
            rc, out = sh("_mdb_start %s/data 0" % MNT, check=False)
            if rc:
                err = [l for l in out.splitlines() if "ERROR" in l or "corrupt" in l.lower()]
                return "mariadbd did not start: %s" % (err[0] if err else out.splitlines()[-1:])
            try:
                rc, out = sh("_mdb -e 'CHECK TABLE sbtest.sbtest1, sbtest.acks; "
                             "SELECT coalesce(max(n), 0), count(*) FROM sbtest.acks'", check=False)
                lines = out.splitlines()
                checks = [l.split("\t") for l in lines if "\tcheck\t" in l]
                if rc or len(checks) != 2 or any(c[-1] != "OK" for c in checks):
                    return "CHECK TABLE: %s" % " / ".join(lines[:4])
                m, cnt = map(int, lines[-1].split("\t"))
                if cnt != m:
                    return "acks holds %d rows up to %d" % (cnt, m)
                if m < acked:
                    return "lost: transaction %d was acknowledged, acks ends at %d" % (acked, m)
            finally:
                sh("_mdb_stop", check=False)
        finally:
            subprocess.run(["umount", MNT])
        return None
    finally:
        for d in ("mc-c", "mc-cm", "mc-cd"):
            if os.path.exists("/dev/mapper/" + d):
                dm("remove", d)


def main():
    mode = sys.argv[1]
    k = int(sys.argv[sys.argv.index("--states") + 1])
    txns = int(sys.argv[sys.argv.index("--txns") + 1])
    events = int(sys.argv[sys.argv.index("--events") + 1])
    atomic = mode in FEATURES
    s1, s2, s3 = os.environ["SCRATCH1"], os.environ["SCRATCH2"], os.environ["SCRATCH3"]
    t0 = time.time()
    record(mode, txns, events)
    t1 = time.time()
    entries = read_log(s1)
    marks = [(i, e[4]) for i, e in enumerate(entries) if e[4]]
    start = next(i for i, m in marks if m == "c0")
    end = next(i for i, m in marks if m == "end")
    cands = [i for i in range(start, end)
             if entries[i][3] is not None and entries[i][1] >= 32 and not entries[i][2] & F_FUA
             and entries[i][0] < DATA_SECTORS and is_index_page(s1, entries[i])]
    if not cands:
        raise SystemExit("no 16 KiB index page write was logged during the run")
    picks = sorted({cands[(j * (len(cands) - 1)) // max(k - 1, 1)] for j in range(k)})
    print("%s: %d log entries, %d page writes of 16 KiB during the run, %d torn states"
          % (mode, len(entries), len(cands), len(picks)))
    total = DATA_SECTORS + (META_SECTORS if atomic else 0)
    rep = Replayer(s1, s2)
    bad = 0
    try:
        for n, i in enumerate(picks, 1):
            rep.upto(entries, i)
            acked = max([int(m[1:]) for j, m in marks if j < i and m[0] == "c"] or [0])
            dm("create", "mc-snap", "--table", "0 %d snapshot %s %s N 8" % (total, s2, s3))
            try:
                fd = os.open("/dev/mapper/mc-snap", os.O_WRONLY | os.O_DIRECT)
                try:
                    sec, cnt, flags, off, mark = entries[i]
                    data = pread(rep.lfd, off, cnt // 2 * SECTOR)
                    buf = mmap.mmap(-1, len(data))
                    buf[:] = data
                    os.pwritev(fd, [buf], sec * SECTOR)
                    os.fsync(fd)
                finally:
                    os.close(fd)
                problem = judge(mode, acked)
            finally:
                dm("remove", "mc-snap")
            if problem:
                bad += 1
            print("  state %d (page write %d of %d torn, %d acknowledged): %s"
                  % (n, cands.index(i) + 1, len(cands), acked, problem or "ok"))
    finally:
        os.close(rep.lfd)
        os.close(rep.dfd)
    print("%s: %d states checked, %d with a torn page, a failed recovery or a lost transaction"
          % (mode, len(picks), bad))
    print("%s: recorded in %.0f s, checked in %.0f s" % (mode, t1 - t0, time.time() - t1),
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
