"""Crash states of a database from a dm-log-writes recording (tests/apps/*-crash.py).

What the database crash tests share: the devices of a recording (ext4 on dm-atomic, or on a
plain slice in the control, over a dm-log-writes device that records every bio in one total
order), blktrace of the write bios the top device was given, reading the recorded log, and
the states: the log replayed up to a chosen data write, then the first part of that write
only (a power cut in the middle of it), each judged under a throw-away snapshot.

  $SCRATCH0  the dm-log-writes device's data      $SCRATCH2  the replay target
  $SCRATCH1  its log                              $SCRATCH3  the snapshot's COW store
"""
import contextlib
import mmap
import os
import struct
import subprocess

SECTOR = 512
LW_MAGIC = 0x6a736677736872
F_FLUSH, F_FUA, F_DISCARD, F_MARK = 1, 2, 4, 8


def dm(*args):
    subprocess.run(["dmsetup", "--noudevsync"] + list(args), check=True, stdout=subprocess.DEVNULL)


def dm_remove(*names):
    for d in names:
        if os.path.exists("/dev/mapper/" + d):
            dm("remove", d)


def pread(fd, off, n):
    buf = mmap.mmap(-1, n)
    if os.preadv(fd, [buf], off) != n:
        raise IOError("short read at %d" % off)
    return bytes(buf)


def pwrite_direct(fd, data, off):
    buf = mmap.mmap(-1, len(data))
    buf[:] = data
    os.pwritev(fd, [buf], off)


class Recording:
    """The devices of a recording: NAME-lw (dm-log-writes over $SCRATCH0, log on $SCRATCH1),
    NAME-d (the data slice) and, with FEATURES (a dm-atomic feature list), NAME-m (the
    metadata slice) and NAME-a (dm-atomic over the two).  .dev is the device to put ext4 on."""

    def __init__(self, name, data_sectors, meta_sectors, features=None):
        self.name, self.features = name, features
        self.data_sectors, self.meta_sectors = data_sectors, meta_sectors
        self.total = data_sectors + (meta_sectors if features else 0)
        s0, s1 = os.environ["SCRATCH0"], os.environ["SCRATCH1"]
        self.lw = name + "-lw"
        dm("create", self.lw, "--table", "0 %d log-writes %s %s" % (self.total, s0, s1))
        dm("create", name + "-d", "--table", "0 %d linear /dev/mapper/%s 0" % (data_sectors, self.lw))
        self.dev = "/dev/mapper/%s-d" % name
        if features:
            dm("create", name + "-m", "--table", "0 %d linear /dev/mapper/%s %d"
               % (meta_sectors, self.lw, data_sectors))
            dm("create", name + "-a", "--table", "0 %d atomic /dev/mapper/%s-d /dev/mapper/%s-m %s"
               % (data_sectors, name, name, features))
            self.dev = "/dev/mapper/%s-a" % name

    def mark(self, text):
        dm("message", self.lw, "0", "mark", text)

    def stats(self):
        """dm-atomic's counters (the stats message) as a dict."""
        out = subprocess.check_output(["dmsetup", "message", self.name + "-a", "0", "stats"], text=True)
        return dict(l.split("=", 1) for l in out.split())

    def remove(self):
        dm_remove(self.name + "-a", self.name + "-m", self.name + "-d", self.lw)


@contextlib.contextmanager
def recovered(name, snap, rec):
    """The state on SNAP as the database sees it after a power cut: dm-atomic activated over
    its two slices (its recovery runs), or the snapshot itself in the control.  Yields the
    device, or None when dm-atomic refused to activate."""
    if not rec.features:
        yield snap
        return
    try:
        dm("create", name + "-cd", "--table", "0 %d linear %s 0" % (rec.data_sectors, snap))
        dm("create", name + "-cm", "--table", "0 %d linear %s %d" % (rec.meta_sectors, snap, rec.data_sectors))
        try:
            dm("create", name + "-c", "--table", "0 %d atomic /dev/mapper/%s-cd /dev/mapper/%s-cm %s"
               % (rec.data_sectors, name, name, rec.features))
            dev = "/dev/mapper/%s-c" % name
        except subprocess.CalledProcessError:
            dev = None
        yield dev
    finally:
        dm_remove(name + "-c", name + "-cm", name + "-cd")


class Trace:
    """blktrace of the write bios queued on a device."""

    def __init__(self, dev, tmp="/tmp/lw-bt"):
        self.tmp = tmp
        subprocess.run(["rm", "-rf", tmp])
        os.makedirs(tmp)
        self.p = subprocess.Popen(["blktrace", "-d", dev, "-a", "queue", "-D", tmp, "-o", "bt"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def writes(self):
        """Stop tracing; the write bios queued, as (sector, sectors)."""
        self.p.send_signal(2)
        self.p.wait()
        out = subprocess.run(["blkparse", "-q", "-D", self.tmp, "-i", "bt", "-f", "%a %d %S %n\\n"],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout
        return [(int(f[2]), int(f[3])) for f in (l.split() for l in out.splitlines())
                if len(f) == 4 and f[0] == "Q" and "W" in f[1] and f[2].isdigit() and f[3].isdigit()
                and int(f[3]) > 0]


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


def head_of(log, e, n=4096):
    """The first N bytes a logged write carried."""
    fd = os.open(log, os.O_RDONLY | os.O_DIRECT)
    try:
        return pread(fd, e[3], n)
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
            pwrite_direct(self.dfd, pread(self.lfd, off, k * SECTOR), sec * SECTOR)

    def upto(self, entries, i):
        while self.done < i:
            self.apply(entries[self.done])
            self.done += 1
        os.fsync(self.dfd)

    def close(self):
        os.close(self.lfd)
        os.close(self.dfd)


def run_states(name, rec, entries, picks, tear, judge, describe):
    """Each pick i: the log replayed onto $SCRATCH2 up to entry i, then a snapshot (COW on
    $SCRATCH3) takes the first TEAR(entry) sectors of entry i; JUDGE(acked) on it gives a
    problem string or None, where acked is the highest "c<n>" mark logged before entry i.
    Prints one line per state (DESCRIBE(n, i, acked) + the verdict); returns the bad count."""
    s1, s2, s3 = os.environ["SCRATCH1"], os.environ["SCRATCH2"], os.environ["SCRATCH3"]
    marks = [(j, e[4]) for j, e in enumerate(entries) if e[4]]
    rep = Replayer(s1, s2)
    bad = 0
    snap = name + "-snap"
    try:
        for n, i in enumerate(picks, 1):
            rep.upto(entries, i)
            acked = max([int(m[1:]) for j, m in marks if j < i and m[0] == "c" and m[1:].isdigit()] or [0])
            dm("create", snap, "--table", "0 %d snapshot %s %s N 8" % (rec.total, s2, s3))
            try:
                fd = os.open("/dev/mapper/" + snap, os.O_WRONLY | os.O_DIRECT)
                try:
                    sec, cnt, flags, off, mark = entries[i]
                    pwrite_direct(fd, pread(rep.lfd, off, tear(entries[i]) * SECTOR), sec * SECTOR)
                    os.fsync(fd)
                finally:
                    os.close(fd)
                problem = judge("/dev/mapper/" + snap, acked)
            finally:
                dm("remove", snap)
            if problem:
                bad += 1
            print("  state %d (%s): %s" % (n, describe(n, i, acked), problem or "ok"))
    finally:
        rep.close()
    return bad


def spread(cands, k):
    """K picks spread evenly over the candidates, first and last included."""
    return sorted({cands[(j * (len(cands) - 1)) // max(k - 1, 1)] for j in range(k)})


def check_recording(name, rec, mode, k, min_sectors, is_page, what, tear, judge):
    """The crash states of a recording: the data writes of at least MIN_SECTORS between the
    marks "c0" and "end", not FUA, whose data IS_PAGE(log, entry) accepts (WHAT names them in
    the output), K of them spread over the run, each torn after TEAR(entry) sectors and judged
    by JUDGE(snap, acked).  Prints what it checked and the number of bad states."""
    s1 = os.environ["SCRATCH1"]
    entries = read_log(s1)
    marks = [(i, e[4]) for i, e in enumerate(entries) if e[4]]
    start = next(i for i, m in marks if m == "c0")
    end = next(i for i, m in marks if m == "end")
    cands = [i for i in range(start, end)
             if entries[i][3] is not None and entries[i][1] >= min_sectors and not entries[i][2] & F_FUA
             and entries[i][0] < rec.data_sectors and is_page(s1, entries[i])]
    if not cands:
        raise SystemExit("no %s during the run" % what)
    picks = spread(cands, k)
    print("%s: %d log entries, %d %s during the run, %d torn states"
          % (mode, len(entries), len(cands), what, len(picks)))
    bad = run_states(name, rec, entries, picks, tear, judge,
                     lambda n, i, acked: "page write %d of %d torn, %d acknowledged"
                     % (cands.index(i) + 1, len(cands), acked))
    print("%s: %d states checked, %d with a torn page, a failed recovery or a lost transaction"
          % (mode, len(picks), bad))

