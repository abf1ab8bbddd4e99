#!/usr/bin/env python3
"""Crash states of plain 16 KiB O_DIRECT writes on dm-atomic (tests/vm/atomic-all-writes.t).

  atomic-all-writes.py on|from|off SEED --writes N --max STATES

One writer overwrites four 16 KiB blocks of a dm-atomic device round robin with N plain
O_DIRECT pwrite()s (no O_ATOMIC, no REQ_ATOMIC: what a database writing its pages does),
fdatasync() after every fourth.  Every 512-byte sector of write n carries n, its block and
its sector number, so a state in which a block holds sectors of two writes is a torn write.
After each write returns the writer logs the mark "w<n>", after each fdatasync "f<n>", in a
dm-log-writes log that also records every bio dm-atomic sends to its data and metadata
devices (two dm-linear slices of the dm-log-writes device), in one total order.

  on   the table has the all_writes_atomic feature: every write goes through the log
  from the table has all_writes_atomic_from 16384 instead: every write of at least 16 KiB
       (each of these) goes through the log
  off  the same table without it: plain writes go straight to the data device (the
       control, which must be caught tearing writes)

Crash states: those of tests/vm/crash-states.py (every prefix ending at a FLUSH or FUA,
subsets of the writes a FLUSH made durable, torn FUA writes) and, since a disk may persist
part of any write it has not completed, every plain write cut short (its first sector, half
of it, all but its last sector, a random half) on top of everything before it.  A fixed-seed
sample of STATES of them is checked on $SCRATCH2: dm-atomic activated on it (recovery),
then each block must hold one write whole (or zeros: never written), and at least the last
write to it that was made durable: the writes acknowledged before a completed fdatasync
(with the feature too: a logged write sits in the metadata device's cache until a flush), or
with the feature and dm-atomic's module parameter fua_commits=Y every acknowledged write.  Prints per state kind what it found and a summary line; exit 0.
"""
import importlib.util
import os
import random
import struct
import sys

spec = importlib.util.spec_from_file_location(
    "cs", os.path.join(os.path.dirname(os.path.abspath(__file__)), "crash-states.py"))
cs = importlib.util.module_from_spec(spec)
spec.loader.exec_module(cs)

SECTOR = 512
PAGE = 16384
BLOCKS = [0, 5, 17, 30]         # 16 KiB blocks written, round robin
DATA_SECTORS = 1024             # 512 KiB of data
META_SECTORS = 2048             # 1 MiB of log
BASE = "4 max_segments 8 max_bytes 65536"
MAGIC = b"AWA-WRIT"


def page(n, blk):
    return b"".join((struct.pack("<8sQQQ", MAGIC, n, blk, s) * 16)[:SECTOR]
                    for s in range(PAGE // SECTOR))


def sector_write(data, blk, s):
    """The write number a sector of block blk holds: 0 for zeros, None for anything else."""
    if data == bytes(SECTOR):
        return 0
    magic, n, b, ss = struct.unpack_from("<8sQQQ", data)
    if magic != MAGIC or b != blk or ss != s or data != page(n, blk)[s * SECTOR:(s + 1) * SECTOR]:
        return None
    return n


def judge(img, writes_of, need):
    """A problem string, or None when every block holds one write whole and nothing lost."""
    for blk in BLOCKS:
        off = blk * PAGE
        got = {sector_write(img[off + s * SECTOR:off + (s + 1) * SECTOR], blk, s)
               for s in range(PAGE // SECTOR)}
        if None in got:
            return "block %d holds garbage" % blk
        if len(got) > 1:
            return "block %d torn: sectors of writes %s" % (blk, sorted(got))
        n = got.pop()
        if n and n not in writes_of[blk]:
            return "block %d holds write %d, which went elsewhere" % (blk, n)
        if n < need.get(blk, 0):
            return "block %d lost write %d (holds %d)" % (blk, need[blk], n)
    return None


def torn_plain(entries, r):
    """Every plain (not FUA) write of more than one sector cut short, on top of the prefix."""
    out = []
    for i, e in enumerate(entries):
        if e["data"] is None or e["n"] < 2 or e["flags"] & cs.F_FUA:
            continue
        k = e["n"]
        for c in sorted({1, k // 2, k - 1}):
            out.append(("torn-plain", i, [(i, list(range(c)))]))
        mask = [s for s in range(k) if r.random() < .5]
        if 0 < len(mask) < k:
            out.append(("torn-plain", i, [(i, mask)]))
    return out


def main():
    mode, seed = sys.argv[1], int(sys.argv[2])
    nwrites = int(sys.argv[sys.argv.index("--writes") + 1])
    limit = int(sys.argv[sys.argv.index("--max") + 1])
    on = mode in ("on", "from")
    features = {"on": BASE.replace("4 ", "5 ", 1) + " all_writes_atomic",
                "from": BASE.replace("4 ", "6 ", 1) + " all_writes_atomic_from 16384",
                "off": BASE}[mode]
    s0, s1, s2 = os.environ["SCRATCH0"], os.environ["SCRATCH1"], os.environ["SCRATCH2"]
    total = DATA_SECTORS + META_SECTORS
    cs.pwrite_direct(s0, 0, bytes(total * SECTOR))
    cs.pwrite_direct(s1, 0, bytes(4096))
    made = []

    def dm(*args):
        cs.dmsetup(*args)
        if args[0] == "create":
            made.insert(0, args[1])

    def remove_all():
        while made:
            cs.dmsetup("remove", made.pop(0))

    ioc = cs.DM()
    writes_of = {b: set() for b in BLOCKS}
    try:
        dm("create", "aw-lw", "--table", "0 %d log-writes %s %s" % (total, s0, s1))
        dm("create", "aw-d", "--table", "0 %d linear /dev/mapper/aw-lw 0" % DATA_SECTORS)
        dm("create", "aw-m", "--table", "0 %d linear /dev/mapper/aw-lw %d" % (META_SECTORS, DATA_SECTORS))
        dm("create", "aw-a", "--table", "0 %d atomic /dev/mapper/aw-d /dev/mapper/aw-m %s"
           % (DATA_SECTORS, features))
        ioc.message("aw-lw", "mark w0")
        fd = os.open("/dev/mapper/aw-a", os.O_WRONLY | os.O_DIRECT)
        buf = cs.aligned(PAGE)
        try:
            for n in range(1, nwrites + 1):
                blk = BLOCKS[n % len(BLOCKS)]
                buf[:PAGE] = page(n, blk)
                if os.pwritev(fd, [buf], blk * PAGE) != PAGE:
                    raise SystemExit("short write")
                writes_of[blk].add(n)
                ioc.message("aw-lw", "mark w%d" % n)
                if n % 4 == 0:
                    os.fdatasync(fd)
                    ioc.message("aw-lw", "mark f%d" % n)
        finally:
            os.close(fd)
        st = {k: v for k, v in (l.split("=", 1) for l in
                                cs.subprocess.check_output(["dmsetup", "message", "aw-a", "0", "stats"],
                                                           text=True).split())}
    finally:
        remove_all()
    print("%s: %d writes of 16 KiB: %s logged as %s bios (%s bytes), %s straight to the data device"
          % (mode, nwrites, st["plain_writes_logged"], st["bios_logged"], st["bytes_logged"],
             st["writes_direct"]))

    entries = cs.read_log(s1)
    marks = [(i, e["mark"][0], int(e["mark"][1:])) for i, e in enumerate(entries)
             if e["mark"] and e["mark"][0] in "wf"]
    start = marks[0][0]
    r = random.Random(seed)
    states = cs.enumerate_states(entries, r) + torn_plain(entries, r)
    states = cs.sample([x for x in states if x[1] > start], limit, seed)
    states.sort(key=lambda x: x[1])

    def need_at(prefix):
        """Per block, the newest write that must survive a crash after prefix entries."""
        acked = [n for i, k, n in marks if i < prefix and k == "w"]
        if not (on and cs.fua_commits()):
            synced = max([n for i, k, n in marks if i < prefix and k == "f"] or [0])
            acked = [n for n in acked if n <= synced]
        need = {}
        for n in acked:
            need[BLOCKS[n % len(BLOCKS)]] = n
        return need

    base = bytearray(total * SECTOR)
    img, applied, found, bad = bytearray(base), 0, {}, 0
    try:
        dm("create", "aw-cd", "--table", "0 %d linear %s 0" % (DATA_SECTORS, s2))
        dm("create", "aw-cm", "--table", "0 %d linear %s %d" % (META_SECTORS, s2, DATA_SECTORS))
        for kind, prefix, extras in states:
            while applied < prefix:
                cs.apply(img, entries[applied])
                applied += 1
            state = bytearray(img)
            for idx, mask in extras:
                cs.apply(state, entries[idx], mask)
            cs.pwrite_direct(s2, 0, bytes(state))
            try:
                ioc.create("aw-c", (0, DATA_SECTORS, "%s %s %s" % (cs.majmin("/dev/mapper/aw-cd"),
                                                                    cs.majmin("/dev/mapper/aw-cm"),
                                                                    features)), "atomic")
            except OSError as e:
                problem = "dm-atomic refused to activate: %s" % e
            else:
                # Removing the device writes the log back: the data device then holds
                # what a read through the target returned.
                try:
                    dmode = ioc.status("aw-c").split()[-1]
                finally:
                    ioc.remove("aw-c")
                data = cs.pread_direct(s2, 0, DATA_SECTORS * SECTOR)
                problem = judge(data, writes_of, need_at(prefix)) if dmode == "rw" else \
                    "mode after recovery: " + dmode
            k = found.setdefault(kind, [0, 0])
            k[0] += 1
            if problem:
                k[1] += 1
                bad += 1
                if bad <= 3:
                    print("  %s state (prefix %d): %s" % (kind, prefix, problem))
    finally:
        remove_all()
    for kind in sorted(found):
        print("%s %s states: %d checked, %d bad" % (mode, kind, found[kind][0], found[kind][1]))
    print("%s: %d states checked, %d with a torn or lost write"
          % (mode, sum(v[0] for v in found.values()), bad))
    return 0


if __name__ == "__main__":
    sys.exit(main())
