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
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lwlog import Recording, Trace, check_recording, head_of, recovered  # noqa: E402

DATA_SECTORS = 393216           # 192 MiB for ext4
META_SECTORS = 131072           # 64 MiB of log for dm-atomic
MNT = "/mnt/mdb"
LIB = os.path.join(os.path.dirname(os.path.abspath(__file__)), "mariadb-lib.sh")
VMLIB = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "vm", "lib.sh")

# The dm-atomic feature arguments of each mode.
FEATURES = {"atomic": "1 all_writes_atomic", "atomic16k": "2 all_writes_atomic_from 16384"}


def sh(cmd, check=True):
    """Run a bash command with the MariaDB helpers; returns (rc, output)."""
    p = subprocess.run(["bash", "-c", ". %s; . %s; %s" % (VMLIB, LIB, cmd)],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if check and p.returncode:
        raise SystemExit("failed (%d): %s\n%s" % (p.returncode, cmd, p.stdout[-2000:]))
    return p.returncode, p.stdout


def is_index_page(log, e):
    return head_of(log, e)[24:26] == b"\x45\xbf"       # FIL_PAGE_TYPE = FIL_PAGE_INDEX


def record(rec, mode, txns, events):
    atomic = rec.features is not None
    dev = rec.dev
    try:
        sh("mkfs.ext4 -q -E nodiscard %s && mkdir -p %s && mount %s %s" % (dev, MNT, dev, MNT))
        sh("_mdb_init %s/data && _mdb_start %s/data 0 && _mdb -e 'CREATE DATABASE sbtest; "
           "CREATE TABLE sbtest.acks (n INT PRIMARY KEY) ENGINE=InnoDB' && "
           "_sysbench --tables=1 --table-size=2000 prepare >/dev/null && "
           "_mdb -e 'SET GLOBAL innodb_max_dirty_pages_pct=0; SET GLOBAL innodb_max_dirty_pages_pct_lwm=0.001'"
           % (MNT, MNT))
        if atomic:
            subprocess.run(["dmsetup", "message", rec.name + "-a", "0", "clear_stats"], check=True)
        # What reaches the top device: every write bio queued on it, with its size.
        bt = Trace(dev)
        rec.mark("c0")
        load = subprocess.Popen(["bash", "-c", ". %s; . %s; _sysbench --tables=1 --table-size=2000 "
                                 "--events=%d --time=0 --threads=1 run" % (VMLIB, LIB, events)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for n in range(1, txns + 1):
            sh("_mdb -e 'INSERT INTO sbtest.acks VALUES (%d)'" % n)
            rec.mark("c%d" % n)
        load.wait()
        sizes = [n for _, n in bt.writes()]
        print("%s: write bios queued on the %s device during the run: %d of 16 KiB, %d of other sizes"
              % (mode, "dm-atomic" if atomic else "ext4", sizes.count(32),
                 len([x for x in sizes if x != 32])))
        stats = ""
        if atomic:
            st = rec.stats()
            stats = "; dm-atomic: %s plain writes logged, %s straight to the data device" % (
                st["plain_writes_logged"], st["writes_direct"])
        sh("kill -9 $(cat /run/mdb.pid); sleep 1")
        rec.mark("end")
        print("%s: %d transactions acknowledged, sysbench %d events%s" % (mode, txns, events, stats))
    finally:
        subprocess.run(["umount", MNT])


def judge(rec, snap, acked):
    """Mount the state (under the snapshot) and check it; a problem string or None."""
    with recovered("mc", snap, rec) as dev:
        if dev is None:
            return "dm-atomic refused to activate"
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


def main():
    mode = sys.argv[1]
    k = int(sys.argv[sys.argv.index("--states") + 1])
    txns = int(sys.argv[sys.argv.index("--txns") + 1])
    events = int(sys.argv[sys.argv.index("--events") + 1])
    t0 = time.time()
    rec = Recording("mc", DATA_SECTORS, META_SECTORS, FEATURES.get(mode))
    try:
        record(rec, mode, txns, events)
    finally:
        rec.remove()
    t1 = time.time()
    check_recording("mc", rec, mode, k, 32, is_index_page, "page writes of 16 KiB", lambda e: e[1] // 2,
                    lambda snap, acked: judge(rec, snap, acked))
    print("%s: recorded in %.0f s, checked in %.0f s" % (mode, t1 - t0, time.time() - t1),
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
