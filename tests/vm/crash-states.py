#!/usr/bin/env python3
"""Crash-state enumeration for dm-atomic (fstests generic/482 / CrashMonkey style).

  crash-states.py run WORKLOAD SEED [--max N] [--sample-seed S] [--recovery] [--corrupt N]
                 [--save DIR] [--control] [--zero-copy BYTES] [--data-writethrough]

1. Record.  One dm-log-writes device (backing disk $SCRATCH0, log $SCRATCH1)
   holds both of dm-atomic's devices as two dm-linear slices, so every write,
   flush and FUA to data and metadata lands in one log in one total order.
   The workload runs on dm-atomic; after each operation returns, a mark
   "a<op>" is logged; after each fsync, a mark "f<op>".
2. Enumerate crash states from the log (our own reader of the dm-log-writes
   format: sector 0 super {magic, version, nr_entries, sectorsize}, then per
   entry one header sector {sector, nr_sectors, flags, data_len} (+ mark text)
   followed by the written sectors):
     prefix  everything up to and including each FLUSH or FUA entry;
     subset  before each FLUSH, the writes it made durable (logged just before
             it) were in the disk's volatile cache: every subset of them on top
             of the preceding state (exhaustive up to 12 writes, else 64 random
             subsets, fixed seed);
     torn    each FUA write cut short: its first 1, n/2 and n-1 sectors, and a
             random subset of its sectors, on top of the preceding state.
3. Check each state on $SCRATCH2 (data and metadata slices, same sizes):
     dma-check passes on the crash-state metadata (or it is all zero);
     activation (recovery) succeeds in rw mode;
     G1 every atomic op all-new or all-old (superseded by a later op counts as new);
     G2 every op acknowledged before a completed fsync (mark f<op>) is present,
        and so is every acknowledged (mark a<op> in the state) op that was written
        with REQ_FUA (the uring and aio workloads' RWF_DSYNC), or every acknowledged
        list when dm-atomic's module parameter fua_commits is Y (each commit durable
        when acknowledged); other acknowledged ops may still sit in a device's cache;
     G3 an atomic op that survives implies every atomic op acknowledged
        before it was submitted survives;
     no block with a garbage or misdirected stamp;
     G7 the crash-state metadata put back over the recovered data, activated
        again: identical data bytes.
   --recovery: then record a second log, of recovery itself (the state whose
   recovery replayed the most transactions, activated under dm-log-writes),
   and check every crash state of that recovery the same way.
   --save DIR: when a state fails, keep the recording and the journal in
   DIR/WORKLOAD-SEED.pickle.gz (to study offline).
   --corrupt N: for N prefix states, flip one bit of the superblock (activation
   must refuse and write nothing) and one bit of a used log block (activation
   must replay exactly what dma-dump finds before the damage and write no
   garbage; a list whose record was damaged while its write-back was under way
   may read part new, part old: nothing can restore the flipped copy), unless
   dma-check calls the log damaged (a later transaction records the damaged one
   as durable, or the scan stops at a record no crash leaves): then activation
   must refuse and write nothing.
   --zero-copy BYTES: the table logs lists of at least BYTES zero-copy (feature
   zero_copy_bytes: the data from the writer's pages, a commit record after it,
   no data crc).  Not with --corrupt: a flipped bit in such a transaction's data
   is replayed as it is (nothing checksums it).
   --meta-flush-delay MS: the metadata slice delays each flush (REQ_PREFLUSH)
   by MS milliseconds (dm-delay's flush class), so that zero-copy lists whose
   data is written while a commit record's flush waits go as a group.
   --data-writethrough: dm-atomic is created over a data slice that says it
   has no volatile cache (queue/write_cache "write through", as a
   power-loss-protected disk says) and a metadata slice that has one; DM core
   derives the dm-atomic device's flush support from that at the table load.
   Then the data slice says "write back" again, so that the recording stays
   faithful (dm-log-writes logs a write that is neither FLUSH nor FUA only
   when the next FLUSH comes, and a write-through device never sends one).
   The flushes and FUAs an fsync or RWF_DSYNC sends through dm-atomic must
   still reach its log (tests/vm/atomic-writethrough.t shows the same on
   null_blk).
   Workloads uring and aio: asynchronous RWF_ATOMIC|RWF_DSYNC writes of 2 or 4 blocks,
   up to 32 in flight, by `dma-rwf stream`; each is an atomic op of one segment, its
   mark logged when it is reaped.  --control (uring, aio): the same writes without
   RWF_ATOMIC on dm-linear instead of dm-atomic, judged as if they were atomic: the
   torn FUA writes of the enumeration must show as G1 violations (the check can fail).

Prints per phase: states by kind, violations, seconds per state; exit 1 on any
violation, 2 on a setup failure.  Our own code; DM ioctls are issued directly
(one dmsetup process per state would dominate the time under TCG).
"""
import ctypes
import faulthandler
import fcntl
import hashlib
import json
import mmap
import os
import random
import re
import signal
import struct
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kblk  # noqa: E402  (tests/vm/kblk.py: the write-list interfaces of either series)

SECTOR = 512
BLOCK = 4096
DATA_SECTORS = 1024            # 512 KiB of data: 128 blocks
META_SECTORS = 512             # 256 KiB of metadata: superblock + 63 log blocks
FEATURES = "4 max_segments 8 max_bytes 32768"
MAX_SEGS = 8
MAX_BLOCKS = 8

# ---------------------------------------------------------------- DM ioctls
DM_FMT = "<3IIIIiIIIQ128s129s7s"
DM_SIZE = struct.calcsize(DM_FMT)          # 312
assert DM_SIZE == 312
SPEC_FMT = "<QQiI16s"
SPEC_SIZE = struct.calcsize(SPEC_FMT)      # 40
DM_CREATE, DM_REMOVE, DM_SUSPEND, DM_LOAD, DM_STATUS, DM_MSG = 3, 4, 6, 9, 12, 14
DM_SUSPEND_FLAG = 1 << 1
DM_NOFLUSH_FLAG = 1 << 11
DM_DATA_OUT_FLAG = 1 << 16


def _dm_ioc(nr):
    return (3 << 30) | (DM_SIZE << 16) | (0xFD << 8) | nr


class DM:
    def __init__(self):
        self.fd = os.open("/dev/mapper/control", os.O_RDWR)

    def _call(self, nr, name, payload=b"", flags=0, count=0, size=16384):
        buf = bytearray(size)
        struct.pack_into(DM_FMT, buf, 0, 4, 0, 0, size, DM_SIZE, count, 0, flags,
                         0, 0, 0, name.encode(), b"", b"")
        buf[DM_SIZE:DM_SIZE + len(payload)] = payload
        fcntl.ioctl(self.fd, _dm_ioc(nr), buf, True)
        return buf

    def create(self, name, table, ttype):
        start, length, params = table
        self._call(DM_CREATE, name)
        spec = struct.pack(SPEC_FMT, start, length, 0, 0, ttype.encode())
        p = params.encode() + b"\0"
        p += b"\0" * (-len(p) % 8)
        try:
            self._call(DM_LOAD, name, spec + p, count=1)
            self._call(DM_SUSPEND, name)           # resume
        except OSError:
            self.remove(name)
            raise

    def remove(self, name):
        self._call(DM_REMOVE, name)

    def suspend(self, name, noflush=False):
        self._call(DM_SUSPEND, name, flags=DM_SUSPEND_FLAG | (DM_NOFLUSH_FLAG if noflush else 0))

    def resume(self, name):
        self._call(DM_SUSPEND, name)

    def status(self, name):
        buf = self._call(DM_STATUS, name)
        ds = struct.unpack_from("<I", buf, 16)[0]
        s = bytes(buf[ds + SPEC_SIZE:])
        return s[:s.index(b"\0")].decode()

    def message(self, name, msg):
        payload = struct.pack("<Q", 0) + msg.encode() + b"\0"
        self._call(DM_MSG, name, payload, flags=DM_DATA_OUT_FLAG)


PROF = {}
CURRENT = ["start"]     # the state being checked, for the watchdog


class prof:
    """Accumulate wall time per stage (printed with the totals)."""

    def __init__(self, key):
        self.key = key

    def __enter__(self):
        self.t = time.time()

    def __exit__(self, *a):
        PROF[self.key] = PROF.get(self.key, 0) + time.time() - self.t


def say(line):
    """Print a result line, and put it in the kernel log (the console log keeps it)."""
    print(line)
    sys.stdout.flush()
    try:
        with open("/dev/kmsg", "w") as k:
            k.write("crash-states: %s\n" % line)
    except OSError:
        pass


def dmsetup(*args):
    subprocess.run(["dmsetup", "--noudevsync"] + list(args), check=True,
                   stdout=subprocess.DEVNULL)


def majmin(path):
    r = os.stat(path).st_rdev
    return "%d:%d" % (os.major(r), os.minor(r))


# ---------------------------------------------------------------- direct I/O
def aligned(n):
    return mmap.mmap(-1, max(n, SECTOR))


def pread_direct(path, off, n):
    try:
        fd = os.open(path, os.O_RDONLY | os.O_DIRECT)
    except OSError:                     # a file on tmpfs (host tests): no O_DIRECT
        fd = os.open(path, os.O_RDONLY)
    try:
        buf = aligned(n)
        got = os.preadv(fd, [buf], off)
        if got != n:
            raise IOError("%s: short read at %d" % (path, off))
        return bytes(buf[:n])
    finally:
        os.close(fd)


def pwrite_direct(path, off, data):
    fd = os.open(path, os.O_WRONLY | os.O_DIRECT)
    try:
        buf = aligned(len(data))
        buf[:len(data)] = data
        if os.pwritev(fd, [memoryview(buf)[:len(data)]], off) != len(data):
            raise IOError("%s: short write" % path)
        os.fsync(fd)
    finally:
        os.close(fd)


# ---------------------------------------------------------------- stamps
MAGIC = b"CRASHSTM"


def stamp(seed, op, block):
    out = []
    for s in range(8):
        h = struct.pack("<8sQQQQ", MAGIC, seed, op, block, s)
        out.append((h * 13)[:SECTOR])
    return b"".join(out)


ZERO_BLOCK = bytes(BLOCK)
STAMPS = {}


def parse_block(buf, seed):
    """None (never written), (op, block) or 'garbage'."""
    if buf[:8] != MAGIC:
        return None if buf == ZERO_BLOCK else "garbage"
    _, s, op, block, _ = struct.unpack_from("<8sQQQQ", buf)
    want = STAMPS.get((op, block))
    if want is None:
        want = STAMPS[(op, block)] = stamp(seed, op, block)
    if s != seed or buf != want:
        return "garbage"
    return (op, block)


# ---------------------------------------------------------------- workloads
BLKWRITELIST = kblk.BLKWRITELIST  # BLKATOMICWRITE in the v2 series: same number and layout


class Recorder:
    """Runs operations on the atomic device, journals them in memory and marks the log."""

    def __init__(self, dev, dm, lw, seed, control=False):
        self.dev, self.dm, self.lw, self.seed = dev, dm, lw, seed
        self.control = control  # dm-linear, not dm-atomic: no log to wait for
        self.depth = 0          # the most writes a stream had in flight
        self.name = os.path.basename(dev)
        self.fd = os.open(dev, os.O_RDWR | os.O_DIRECT)
        self.lock = threading.Lock()
        self.ops = {}           # id -> dict(kind, segs=[(block, count)], k=acks before submit)
        self.acks = []          # op ids in acknowledgment order
        self.flushes = {}       # flush id -> number of acks before the fsync started
        self.next = 1

    def _new(self, kind, segs):
        with self.lock:
            op = self.next
            self.next += 1
            self.ops[op] = dict(kind=kind, segs=segs, k=len(self.acks))
        return op

    def _ack(self, op):
        with self.lock:
            self.acks.append(op)
            self.dm.message(self.lw, "mark a%d" % op)

    def write(self, kind, segs):
        """kind 'list' (BLKWRITELIST, one entry per segment) or 'plain' (pwrite each)."""
        op = self._new(kind, segs)
        bufs = []
        for blk, cnt in segs:
            b = aligned(cnt * BLOCK)
            b[:] = b"".join(stamp(self.seed, op, blk + i) for i in range(cnt))
            bufs.append(b)
        if kind == "plain":
            for (blk, cnt), b in zip(segs, bufs):
                os.pwritev(self.fd, [b], blk * BLOCK)
        else:
            arr = (ctypes.c_uint64 * (3 * len(segs)))()
            for i, ((blk, cnt), b) in enumerate(zip(segs, bufs)):
                arr[3 * i] = blk * BLOCK
                arr[3 * i + 1] = cnt * BLOCK
                arr[3 * i + 2] = ctypes.addressof(ctypes.c_char.from_buffer(b))
            req = struct.pack("<IIQQQ", len(segs), 0, ctypes.addressof(arr), 0, 0)
            fcntl.ioctl(self.fd, BLKWRITELIST, req)
        self._ack(op)
        return op

    def quiesce(self):
        """Wait until dm-atomic's log is empty: its last write-back pass, data flush and
        superblock update are done, and with no operation in flight none starts.

        dm-log-writes logs a cached write only when a FLUSH submitted after its completion
        completes, and puts it just before that FLUSH.  With two FLUSHes in flight (ours and
        dm-atomic's write-back flush) the later one can complete first: the writes the earlier
        one took then appear in the log after the later FLUSH (and after what followed it,
        e.g. dm-atomic's superblock update) although that FLUSH made them durable too.  The
        log would show states no disk can be in: applied in log order, such a plain write
        even lands over a newer list's write-back.  Before this wait, 4 of 1038 recordings of
        `mixed` showed it as G1/G2 'violations' (e.g. plain op 6 logged after the write-back of
        list 7 over the same blocks, a FLUSH between).  So our FLUSH never overlaps dm-atomic's."""
        t0 = time.time()
        while not self.control and not self.dm.status(self.name).startswith("0/"):
            if time.time() - t0 > 60:
                raise SystemExit("dm-atomic's log did not empty within 60 s: " + self.dm.status(self.name))
            time.sleep(0.005)

    def flush(self):
        self.quiesce()
        with self.lock:
            f = self.next
            self.next += 1
            self.flushes[f] = len(self.acks)
        os.fsync(self.fd)
        with self.lock:
            self.dm.message(self.lw, "mark f%d" % f)

    def stream(self, engine, n):
        """n writes through io_uring or libaio (dma-rwf stream), up to 32 in flight, each an
        atomic op of one segment; acknowledged (marked) when reaped.  An op's k counts the
        writes reaped before it was submitted (dma-rwf says "s" before submitting)."""
        nblocks = DATA_SECTORS * SECTOR // BLOCK
        cmd = ["dma-rwf", "stream"] + (["-c"] if self.control else []) + \
            [engine, self.dev, "32", str(n), str(self.seed), str(self.next), str(nblocks)]
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, universal_newlines=True)
        failed = []
        for line in p.stdout:
            f = line.split()
            if f[0] == "s":
                with self.lock:
                    self.ops[int(f[1])] = dict(kind="list", segs=[(int(f[2]), int(f[3]))],
                                               k=len(self.acks), fua=True)
            elif f[0] == "c":
                op, res = int(f[1]), int(f[2])
                if res != self.ops[op]["segs"][0][1] * BLOCK:
                    failed.append("op %d: %d" % (op, res))
                else:
                    self._ack(op)
            else:
                self.depth = int(f[-1])
        if p.wait() or failed:
            raise SystemExit("dma-rwf stream failed (status %d): %s" % (p.returncode, failed[:4]))
        self.next += n

    def close(self):
        os.close(self.fd)


def rand_list(r, lo, hi, nseg, contiguous):
    """nseg non-overlapping segments inside blocks [lo, hi), at most MAX_BLOCKS blocks."""
    per = max(1, MAX_BLOCKS // nseg)
    lens = [r.randint(1, per) for _ in range(nseg)]
    if contiguous:
        start = r.randrange(lo, hi - sum(lens) + 1)
        segs, b = [], start
        for n in lens:
            segs.append((b, n))
            b += n
        return segs
    while True:
        starts = sorted(r.sample(range(lo, hi - per), nseg))
        segs = list(zip(starts, lens))
        if all(a[0] + a[1] < b[0] for a, b in zip(segs, segs[1:])):
            return segs


def workload(name, rec, r):
    nblocks = DATA_SECTORS * SECTOR // BLOCK
    if name == "lists":          # one list of 1, 2, 4, 8 segments, contiguous and not
        for nseg in (1, 2, 4, 8):
            for contiguous in (True, False):
                rec.write("list", rand_list(r, 0, nblocks, nseg, contiguous))
        rec.flush()
    elif name == "group":        # 128 lists from 8 threads: group commits
        def th(t):
            tr = random.Random(r.random() + t)
            lo = t * (nblocks // 8)
            for _ in range(16):
                nseg = tr.choice((1, 2, 4, 8))
                rec.write("list", rand_list(tr, lo, lo + nblocks // 8, nseg, tr.random() < .5))
        ts = [threading.Thread(target=th, args=(t,)) for t in range(8)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        rec.flush()
    elif name == "mixed":        # atomic and plain writes to the same few blocks, fsyncs
        for i in range(40):
            segs = rand_list(r, 0, 24, r.choice((1, 2, 3)), r.random() < .5)
            rec.write("plain" if r.random() < .4 else "list", segs)
            if r.random() < .25:
                rec.flush()
        rec.flush()
    elif name == "wrap":         # a 63-block log written around several times
        for i in range(60):
            rec.write("list", rand_list(r, 0, nblocks, r.choice((2, 4, 8)), r.random() < .5))
        rec.flush()
    elif name in ("uring", "aio"):  # 96 asynchronous writes, up to 32 in flight
        rec.stream(name, 96)
        rec.flush()
    else:
        raise SystemExit("unknown workload " + name)


# ---------------------------------------------------------------- the dm-log-writes log
LW_MAGIC = 0x6a736677736872
F_FLUSH, F_FUA, F_DISCARD, F_MARK = 1, 2, 4, 8


def read_log(path):
    sup = pread_direct(path, 0, SECTOR)
    magic, version, nr, ssz = struct.unpack_from("<QQQI", sup)
    if magic != LW_MAGIC or version != 1 or ssz != SECTOR:
        raise SystemExit("%s: not a dm-log-writes log (magic %x version %d sectorsize %d)"
                         % (path, magic, version, ssz))
    if os.path.isfile(path):
        size = os.path.getsize(path)
    else:
        size = int(subprocess.check_output(["blockdev", "--getsz", path])) * SECTOR
    entries, pos, chunk, cbase = [], SECTOR, b"", 0

    def get(off, n):
        nonlocal chunk, cbase
        if off < cbase or off + n > cbase + len(chunk):
            cbase = off - off % SECTOR
            ln = max(1 << 20, n + SECTOR)
            ln = min(ln, size - cbase)
            chunk = pread_direct(path, cbase, ln - ln % SECTOR)
        return chunk[off - cbase:off - cbase + n]

    for _ in range(nr):
        sec, nsec, flags, dlen = struct.unpack_from("<QQQQ", get(pos, 32))
        e = dict(sector=sec, n=nsec, flags=flags, mark=None, data=None)
        if flags & F_MARK:
            e["mark"] = get(pos + 32, dlen).decode()
        pos += SECTOR
        if not flags & (F_MARK | F_DISCARD) and nsec:
            e["data"] = get(pos, nsec * SECTOR)
            pos += nsec * SECTOR
        entries.append(e)
    return entries


def apply(img, e, mask=None):
    if e["flags"] & F_DISCARD:
        off = e["sector"] * SECTOR
        img[off:off + e["n"] * SECTOR] = bytes(e["n"] * SECTOR)
    elif e["data"] is not None:
        off = e["sector"] * SECTOR
        if mask is None:
            img[off:off + len(e["data"])] = e["data"]
        else:
            for s in mask:
                img[off + s * SECTOR:off + (s + 1) * SECTOR] = e["data"][s * SECTOR:(s + 1) * SECTOR]


def enumerate_states(entries, r):
    """Yield (kind, prefix, extras) where prefix = number of leading entries applied in full,
    extras = [(entry index, sector mask or None)] applied on top."""
    states = []
    n = len(entries)
    for i, e in enumerate(entries):
        if e["flags"] & (F_FLUSH | F_FUA):
            states.append(("prefix", i + 1, []))
        if e["flags"] & F_FLUSH:
            g = i
            while g > 0 and entries[g - 1]["data"] is not None and \
                    not entries[g - 1]["flags"] & (F_FUA | F_FLUSH):
                g -= 1
            group = list(range(g, i))
            if group:
                if len(group) <= 12:
                    subsets = range(1, (1 << len(group)) - 1)
                else:
                    subsets = [r.randrange(1, (1 << len(group)) - 1) for _ in range(64)]
                for m in subsets:
                    states.append(("subset", g, [(group[j], None) for j in range(len(group))
                                                 if m >> j & 1]))
        if e["flags"] & F_FUA and e["n"] > 1 and e["data"] is not None:
            k = e["n"]
            cuts = sorted({1, k // 2, k - 1})
            for c in cuts:
                states.append(("torn", i, [(i, list(range(c)))]))
            mask = [s for s in range(k) if r.random() < .5]
            if 0 < len(mask) < k:
                states.append(("torn", i, [(i, mask)]))
    if not states or states[-1][1] != n:
        states.append(("prefix", n, []))
    return states


# ---------------------------------------------------------------- judging a state
def fua_commits():
    """dm-atomic's module parameter fua_commits: Y, every commit durable when acknowledged."""
    try:
        with open("/sys/module/dm_atomic/parameters/fua_commits") as f:
            return f.read().strip() == "Y"
    except OSError:
        return False


FUA_COMMITS = False     # set once the module is loaded (main)


class Judge:
    def __init__(self, rec_ops, acks, flushes, seed):
        self.ops, self.acks, self.flushes, self.seed = rec_ops, acks, flushes, seed
        self.blist = {op: [b for blk, cnt in o["segs"] for b in range(blk, blk + cnt)]
                      for op, o in rec_ops.items()}
        self.bset = {op: set(v) for op, v in self.blist.items()}
        self.memo = {}

    def blocks(self, op):
        return self.blist[op]

    def verdict(self, data, marks):
        """Memoised on (data, number of marks): many crash states recover to the same bytes."""
        key = (hashlib.sha1(data).digest(), len(marks))
        if key not in self.memo:
            self.memo[key] = self._verdict(data, marks)
        return self.memo[key]

    def _verdict(self, data, marks):
        """data: bytes of the data device; marks: mark strings in the state.  -> [problems]"""
        bad = []
        shown = {}
        for b in range(len(data) // BLOCK):
            v = parse_block(data[b * BLOCK:(b + 1) * BLOCK], self.seed)
            if v == "garbage":
                bad.append("block %d: garbage" % b)
            elif v is not None:
                op, blk = v
                if blk != b or op not in self.ops or b not in self.bset[op]:
                    bad.append("block %d: misdirected stamp of op %d block %d" % (b, op, blk))
                else:
                    shown[b] = op

        def applied(op, b):
            return shown.get(b, 0) >= op

        full, present = set(), set()
        for op, o in self.ops.items():
            a = [applied(op, b) for b in self.blocks(op)]
            if all(a):
                full.add(op)
            if o["kind"] == "list" and any(a) and not all(a):
                bad.append("G1 op %d torn: %s" % (op, "".join("n" if x else "o" for x in a)))
        present = set(shown.values())
        must = set()
        for m in marks:
            if m.startswith("a") and (self.ops[int(m[1:])].get("fua") or
                                      (FUA_COMMITS and self.ops[int(m[1:])]["kind"] == "list")):
                must.add(int(m[1:]))    # otherwise durable only after a flush
            elif m.startswith("f"):
                must.update(self.acks[:self.flushes[int(m[1:])]])
        for op in sorted(must - full):
            o = self.ops[op]
            bad.append("G2 op %d acknowledged%s but absent" %
                       (op, " (REQ_FUA)" if o.get("fua") else
                        "" if FUA_COMMITS and o["kind"] == "list" else " and flushed"))
        k = max([self.ops[op]["k"] for op in present if self.ops[op]["kind"] == "list"] or [0])
        for op in self.acks[:k]:
            if self.ops[op]["kind"] == "list" and op not in full:
                bad.append("G3 op %d absent while a list submitted after its ack survives" % op)
        return bad


class LinearChecker:
    """The control: the data as the crash left it, no recovery (dm-linear has none)."""

    def __init__(self, dev):
        self.dev = dev

    def close(self):
        pass

    def check(self, img):
        return [], bytes(img[:DATA_SECTORS * SECTOR]), 0


class Checker:
    def __init__(self, dm, dev, seed):
        self.dm, self.dev = dm, dev
        self.cd, self.cm = "/dev/mapper/cs-cd", "/dev/mapper/cs-cm"
        dmsetup("create", "cs-cd", "--table", "0 %d linear %s 0" % (DATA_SECTORS, dev))
        dmsetup("create", "cs-cm", "--table", "0 %d linear %s %d" % (META_SECTORS, dev, DATA_SECTORS))
        self.table = (0, DATA_SECTORS, "%s %s %s" % (majmin(self.cd), majmin(self.cm), FEATURES))
        self.meta_file = "/tmp/cs-meta.img"
        self.checked = {}       # dma-check verdicts by metadata image: states share them

    def close(self):
        dmsetup("remove", "cs-cd", "cs-cm")

    def activate(self):
        """Activate and remove the target; return (replayed, mode) or raise."""
        self.dm.create("cs-c", self.table, "atomic")
        try:
            st = self.dm.status("cs-c").split()
        finally:
            self.dm.remove("cs-c")
        return int(st[3]), st[-1]

    def check(self, img):
        problems = []
        meta = bytes(img[DATA_SECTORS * SECTOR:])
        if any(meta[:BLOCK]):
            with prof("dma-check"):
                key = hashlib.sha1(meta).digest()
                if key not in self.checked:
                    with open(self.meta_file, "wb") as f:
                        f.write(meta)
                    try:
                        c = subprocess.run(["dma-check", "-q", self.meta_file], stdout=subprocess.PIPE,
                                           stderr=subprocess.STDOUT, timeout=60)
                        self.checked[key] = None if c.returncode == 0 else \
                            "dma-check %d: %s" % (c.returncode, c.stdout.decode().strip())
                    except subprocess.TimeoutExpired:
                        keep = "/tmp/cs-hung-%s.img" % key.hex()[:12]
                        os.rename(self.meta_file, keep)
                        self.checked[key] = "dma-check did not finish in 60 s (image kept: %s)" % keep
            if self.checked[key]:
                problems.append(self.checked[key])
        with prof("write"):
            pwrite_direct(self.dev, 0, bytes(img))
        try:
            with prof("activate"):
                replayed, mode = self.activate()
        except OSError as e:
            return problems + ["activation failed: %s" % e], None, 0
        if mode != "rw":
            problems.append("mode after recovery: " + mode)
        with prof("read"):
            data = pread_direct(self.dev, 0, DATA_SECTORS * SECTOR)
        # G7: a crash during recovery after its replay: the old log again over the new data.
        with prof("write"):
            pwrite_direct(self.dev, DATA_SECTORS * SECTOR, meta)
        try:
            with prof("activate"):
                self.activate()
        except OSError as e:
            return problems + ["second activation failed: %s" % e], data, replayed
        with prof("read"):
            again = pread_direct(self.dev, 0, DATA_SECTORS * SECTOR)
        if again != data:
            problems.append("G7 replaying again changed the data")
        return problems, data, replayed

    def check_corrupt(self, img, where, judge, marks):
        pwrite_direct(self.dev, 0, bytes(img))
        meta = bytes(img[DATA_SECTORS * SECTOR:])
        if where == "sb":
            try:
                self.activate()
            except OSError:
                after = pread_direct(self.dev, 0, len(img))
                return [] if after == bytes(img) else ["a refused activation wrote to the devices"]
            return ["activation accepted a superblock with a flipped bit"]
        with open(self.meta_file, "wb") as f:
            f.write(meta)
        try:
            d = subprocess.run(["dma-dump", "--kv", self.meta_file], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, timeout=60).stdout.decode().splitlines()
        except subprocess.TimeoutExpired:
            return ["dma-dump did not finish in 60 s"]
        end = [l for l in d if l.startswith("end ")]
        want = int(end[-1].split("txns=")[1].split()[0]) if end else None
        # A flip that dma-check calls damage (a valid later transaction records the one
        # where the log ends as durable, or the scan stops at a record no crash leaves)
        # must be refused, with nothing written; the target's probe window covers this
        # whole 63-block log, so the two must agree.
        try:
            c = subprocess.run(["dma-check", "--json", self.meta_file], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, timeout=60).stdout.decode()
            damage = json.loads(c).get("verdict") == "damaged"
        except (subprocess.TimeoutExpired, ValueError):
            return ["dma-check --json did not give a verdict"]
        if damage:
            try:
                self.activate()
            except OSError:
                after = pread_direct(self.dev, 0, len(img))
                return [] if after == bytes(img) else ["a refused activation wrote to the devices"]
            return ["activation accepted a log that dma-check proves damaged"]
        try:
            replayed, mode = self.activate()
        except OSError as e:
            return ["activation failed on a flipped log bit: %s" % e]
        problems = [] if mode == "rw" else ["mode " + mode]
        if want is not None and replayed != want:
            problems.append("replayed %d transactions, dma-dump finds %d" % (replayed, want))
        # Damage to a committed record loses that transaction and every later one; one
        # whose write-back was under way when the crash came may then read part new,
        # part old (nothing can restore the flipped copy).  What must never happen is a
        # replay of damaged data: no garbage and no misdirected block.
        data = pread_direct(self.dev, 0, DATA_SECTORS * SECTOR)
        problems += [p for p in judge.verdict(data, []) if p.startswith("block ")]
        return problems


def corrupt_states(label, entries, base, judge, checker, count, seed):
    """Part 4: bit flips in the metadata of count prefix states (fixed seed).
    A flipped superblock bit must refuse activation and leave both devices untouched (G6);
    a flipped log bit must activate, replay exactly the transactions dma-dump finds before
    the damage (the documented stop at the first invalid record) and never write damaged
    data (no garbage or misdirected block) -- unless dma-check proves the log's end to be
    damage (a later transaction records it as durable): then activation must refuse and
    write nothing."""
    r = random.Random(seed)
    ends = [i + 1 for i, e in enumerate(entries) if e["flags"] & (F_FLUSH | F_FUA)]
    picks = sorted(r.sample(ends, min(count, len(ends))))
    img, applied, marks, viol, n = bytearray(base), 0, [], 0, 0
    t0 = time.time()
    for p in picks:
        while applied < p:
            apply(img, entries[applied])
            if entries[applied]["mark"]:
                marks.append(entries[applied]["mark"])
            applied += 1
        moff = DATA_SECTORS * SECTOR
        used = [b for b in range(1, META_SECTORS * SECTOR // BLOCK)
                if any(img[moff + b * BLOCK:moff + (b + 1) * BLOCK])]
        for where in ["sb"] + (["log"] if used else []):
            blk = 0 if where == "sb" else r.choice(used)
            bit = r.randrange(BLOCK * 8)
            st = bytearray(img)
            st[moff + blk * BLOCK + bit // 8] ^= 1 << (bit % 8)
            CURRENT[0] = "%s %s flip of bit %d of metadata block %d at entry %d" % (label, where, bit, blk, p)
            problems = checker.check_corrupt(st, where, judge, marks)
            n += 1
            if problems:
                viol += 1
                if viol <= 5:
                    say("VIOLATION %s flip of bit %d of metadata block %d at entry %d: %s"
                        % (where, bit, blk, p, "; ".join(problems[:4])))
    say("%s corrupt: %d states (superblock and log bit flips), violations %d, %.3f s/state"
        % (label, n, viol, (time.time() - t0) / max(n, 1)))
    return n, viol


def sample(states, limit, seed):
    """A fixed-seed sample of limit states, stratified: each kind (prefix, subset, torn)
    gets an equal share (or all it has), the rest goes to the others."""
    r = random.Random(seed)
    kinds = {}
    for i, st in enumerate(states):
        kinds.setdefault(st[0], []).append(i)
    take, left = [], limit
    for n, (k, idx) in enumerate(sorted(kinds.items(), key=lambda kv: len(kv[1]))):
        share = left // (len(kinds) - n)
        got = idx if len(idx) <= share else r.sample(idx, share)
        take += got
        left -= len(got)
    return [states[i] for i in sorted(take)]


def check_all(label, entries, base, judge, checker, r, limit, sample_seed):
    states = enumerate_states(entries, r)
    total = len(states)
    if limit and total > limit:
        states = sample(states, limit, sample_seed)
    states.sort(key=lambda s: s[1])     # stable: one pass over the log
    counts, viol, bad_states = {}, 0, []
    best = (-1, None)
    t0 = time.time()
    img = bytearray(base)
    applied = 0
    marks = []
    for kind, prefix, extras in states:
        if prefix < applied:      # states are in prefix order; restart if sampling reordered
            img, applied, marks = bytearray(base), 0, []
        while applied < prefix:
            e = entries[applied]
            apply(img, e)
            if e["mark"]:
                marks.append(e["mark"])
            applied += 1
        CURRENT[0] = "%s %s state at entry %d %s" % (label, kind, prefix, [(i, m and len(m)) for i, m in extras])
        st = img
        if extras:
            st = bytearray(img)
            for i, mask in extras:
                apply(st, entries[i], mask)
        problems, data, replayed = checker.check(st)
        if data is not None:
            with prof("judge"):
                problems += judge.verdict(data, marks)
        if replayed > best[0]:
            best = (replayed, bytes(st))
        counts[kind] = counts.get(kind, 0) + 1
        if problems:
            viol += 1
            where = "%s state at entry %d%s" % (kind, prefix,
                                                 "".join(" +%d%s" % (i, "" if m is None else "[%d sectors]" % len(m))
                                                         for i, m in extras))
            bad_states.append(where)
            if len(bad_states) <= 5:
                say("VIOLATION %s: %s" % (where, "; ".join(problems[:4])))
    dt = time.time() - t0
    n = sum(counts.values())
    say("%s: %d log entries, %d states enumerated, %d checked (%s), violations %d, %.3f s/state"
          % (label, len(entries), total, n, " ".join("%s %d" % kv for kv in sorted(counts.items())),
             viol, dt / max(n, 1)))
    return n, viol, best


# ---------------------------------------------------------------- main
def write_cache(dev, value=None):
    """A device's queue/write_cache: set it to value, or read it."""
    path = "/sys/dev/block/%s/queue/write_cache" % majmin(dev)
    if value is None:
        with open(path) as f:
            return f.read().strip()
    with open(path, "w") as f:
        f.write(value)


def record(dm, base_img, run, meta_flush_delay=0):
    """Put base_img on the backing disk, stack log-writes + slices, run run(), tear down."""
    s0, s1 = os.environ["SCRATCH0"], os.environ["SCRATCH1"]
    total = DATA_SECTORS + META_SECTORS
    pwrite_direct(s0, 0, bytes(base_img))
    pwrite_direct(s1, 0, bytes(4096))
    dmsetup("create", "cs-lw", "--table", "0 %d log-writes %s %s" % (total, s0, s1))
    dmsetup("create", "cs-d", "--table", "0 %d linear /dev/mapper/cs-lw 0" % DATA_SECTORS)
    if meta_flush_delay:    # reads, writes at once; flushes after meta_flush_delay ms
        lw = "/dev/mapper/cs-lw %d" % DATA_SECTORS
        dmsetup("create", "cs-m", "--table", "0 %d delay %s 0 %s 0 %s %d"
                % (META_SECTORS, lw, lw, lw, meta_flush_delay))
    else:
        dmsetup("create", "cs-m", "--table", "0 %d linear /dev/mapper/cs-lw %d" % (META_SECTORS, DATA_SECTORS))
    try:
        run()
    finally:
        dmsetup("remove", "cs-d", "cs-m")
        dmsetup("remove", "cs-lw")
    return read_log(s1)


def main():
    # A state that hangs the kernel or a tool: say where we are before cram's timeout.
    # The runner kills a test after DMA_TEST_TIMEOUT s (guest-run.sh): speak up a minute before.
    killed_after = int(os.environ.get("DMA_TEST_TIMEOUT") or 360)
    faulthandler.dump_traceback_later(max(killed_after - 60, 60), exit=False)
    signal.signal(signal.SIGALRM, lambda *a: say("STUCK at %s" % CURRENT[0]))
    signal.alarm(max(killed_after - 70, 50))
    args = sys.argv[1:]
    if len(args) < 3 or args[0] != "run":
        raise SystemExit(__doc__)
    name, seed = args[1], int(args[2])
    limit = int(args[args.index("--max") + 1]) if "--max" in args else 0
    sseed = int(args[args.index("--sample-seed") + 1]) if "--sample-seed" in args else seed
    global FUA_COMMITS
    FUA_COMMITS = fua_commits()
    dm = DM()
    r = random.Random(seed)
    total = DATA_SECTORS + META_SECTORS
    zero = bytes(total * SECTOR)
    feats = FEATURES
    if name == "group":     # a window so that concurrent lists surely share commits
        feats = "6" + FEATURES[1:] + " commit_delay_us 2000"
    if "--zero-copy" in args:   # lists of at least BYTES logged zero-copy (commit records)
        n, rest = feats.split(" ", 1)
        feats = "%d %s zero_copy_bytes %d" % (int(n) + 2, rest,
                                               int(args[args.index("--zero-copy") + 1]))
    table = "0 %d atomic /dev/mapper/cs-d /dev/mapper/cs-m %s" % (DATA_SECTORS, feats)
    control = "--control" in args
    if control:
        if name not in ("uring", "aio"):
            raise SystemExit("--control is for the uring and aio workloads")
        table = "0 %d linear /dev/mapper/cs-d 0" % DATA_SECTORS
    holder = {}

    writethrough = "--data-writethrough" in args
    if writethrough and control:
        raise SystemExit("--data-writethrough is for dm-atomic")

    def run():
        if writethrough:
            write_cache("/dev/mapper/cs-d", "write through")
        dmsetup("create", "cs-a", "--table", table)
        if writethrough:
            write_cache("/dev/mapper/cs-d", "write back")
            holder["wc"] = write_cache("/dev/mapper/cs-a")
        try:
            if not control and kblk.list_limits("/dev/mapper/cs-a")[0] < MAX_SEGS:
                print("skipped: the target does not take lists of %d segments" % MAX_SEGS)
                holder["skip"] = True
                return
            rec = Recorder("/dev/mapper/cs-a", dm, "cs-lw", seed, control)
            try:
                workload(name, rec, r)
            finally:
                rec.close()
            holder["rec"] = rec
            holder["commits"] = 0 if control else int(dm.status("cs-a").split()[1])
            if "zero_copy_bytes" in table:
                st = subprocess.run(["dmsetup", "message", "cs-a", "0", "stats"], check=True,
                                    capture_output=True, text=True).stdout
                holder["zc"] = int(re.search(r"^zero_copy_txns=(\d+)", st, re.M).group(1))
                m = re.search(r"^zero_copy_overlapped=(\d+)", st, re.M)
                holder["zc_overlap"] = int(m.group(1)) if m else None
                m = re.search(r"^zero_copy_records_grouped=(\d+)", st, re.M)
                holder["zc_grouped"] = int(m.group(1)) if m else 0
        finally:
            dmsetup("remove", "cs-a")

    entries = record(dm, zero, run, int(args[args.index("--meta-flush-delay") + 1])
                     if "--meta-flush-delay" in args else 0)
    if holder.get("skip"):
        return 80
    rec = holder["rec"]
    judge = Judge(rec.ops, rec.acks, rec.flushes, seed)
    marks = sum(1 for e in entries if e["mark"])
    say("%s: %d ops (%d acknowledged), %d marks logged" % (name, len(rec.ops), len(rec.acks), marks))
    if writethrough:
        say("%s: over a write-through data device, dm-atomic says %s" % (name, holder["wc"]))
    lists = sum(1 for o in rec.ops.values() if o["kind"] == "list")
    if control:
        say("%s: control on dm-linear, %d writes without RWF_ATOMIC" % (name, lists))
    else:
        say("%s: %d lists in %d commits%s" % (name, lists, holder["commits"],
                                              " (group commit)" if holder["commits"] < lists else ""))
        if "zc" in holder:
            say("%s: %d of them zero-copy" % (name, holder["zc"]))
            if name in ("group", "uring", "aio") and holder["zc_overlap"] is not None:
                say("%s: %d zero-copy lists began beside another commit in flight, %s"
                    % (name, holder["zc_overlap"],
                       "%d records went in groups" % holder["zc_grouped"] if holder["zc_grouped"] else
                       "every record went alone"))
    if rec.depth:
        say("%s: %d writes in flight at most" % (name, rec.depth))
    checker = LinearChecker(os.environ["SCRATCH2"]) if control else \
        Checker(dm, os.environ["SCRATCH2"], seed)
    try:
        n, viol, best = check_all(name, entries, zero, judge, checker, r, limit, sseed)
        if viol and "--save" in args:
            # Keep what it takes to study the failure offline: the recording and the journal.
            import gzip, pickle
            path = "%s/%s-%d.pickle.gz" % (args[args.index("--save") + 1], name, seed)
            with gzip.open(path, "wb") as f:
                pickle.dump(dict(entries=entries, ops=rec.ops, acks=rec.acks,
                                 flushes=rec.flushes, seed=seed, features=feats), f)
            say("saved the recording and the journal to " + path)
        if "--corrupt" in args:
            n2, v2 = corrupt_states(name, entries, zero, judge, checker,
                                    int(args[args.index("--corrupt") + 1]), sseed)
            n, viol = n + n2, viol + v2
        if "--recovery" in args and best[1] is not None:
            # Crash during recovery: record the recovery of the state that replayed most.
            # Every crash state of that recovery must recover to exactly what the
            # uninterrupted recovery gives (which check_all already judged).
            base = best[1]
            def run2():
                dm.create("cs-a", (0, DATA_SECTORS, "%s %s %s" % (majmin("/dev/mapper/cs-d"),
                                                                   majmin("/dev/mapper/cs-m"), FEATURES)), "atomic")
                dm.remove("cs-a")
            entries2 = record(dm, base, run2)
            say("recovery of a state that replayed %d transactions: %d log entries" % (best[0], len(entries2)))
            _, want, _ = checker.check(bytearray(base))
            n2, v2, _ = check_recovery(entries2, base, checker, want, r, limit)
            n, viol = n + n2, viol + v2
    finally:
        checker.close()
    say("time by stage: " + " ".join("%s %.1fs" % kv for kv in sorted(PROF.items())))
    say("TOTAL %s seed %d: %d states checked, %d violations" % (name, seed, n, viol))
    return 1 if viol else 0


def check_recovery(entries, base, checker, want, r, limit):
    """Every crash state of a recovery must recover to exactly what the uninterrupted one gave."""
    states = enumerate_states(entries, r)
    if limit and len(states) > limit:
        states = sample(states, limit, 1)
    viol, t0 = 0, time.time()
    for kind, prefix, extras in states:
        CURRENT[0] = "recovery %s state at entry %d %s" % (kind, prefix, [(i, m and len(m)) for i, m in extras])
        st = bytearray(base)
        for e in entries[:prefix]:
            apply(st, e)
        for i, mask in extras:
            apply(st, entries[i], mask)
        problems, data, _ = checker.check(st)
        if data is not None and data != want:
            problems.append("recovered data differs from an uninterrupted recovery")
        if problems:
            viol += 1
            if viol <= 5:
                say("VIOLATION recovery %s state at entry %d: %s" % (kind, prefix, "; ".join(problems[:4])))
    n = len(states)
    say("recovery: %d states checked, violations %d, %.3f s/state" % (n, viol, (time.time() - t0) / max(n, 1)))
    return n, viol, None


if __name__ == "__main__":
    sys.exit(main())
