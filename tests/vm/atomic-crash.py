#!/usr/bin/env python3
"""Crash workload and judge for the dm-atomic power-cut tests.

  atomic-crash.py write DEV JOURNAL SEED THREADS BASE_BLOCK
      Each thread owns its own area of 64 MiB (16384 4 KiB blocks) starting at
      BASE_BLOCK + thread * 16384, and writes operations there one after the
      other until killed: a random range of 1-256 blocks (at most 1 MiB, one bio,
      so one atomic transaction), O_DIRECT.  Every block carries a stamp: magic,
      seed, op id, block number, then filler derived from them.  The journal
      (global order, one lock) records "sub OP THREAD START COUNT" before the
      write and "ack OP" after it returns.

  atomic-crash.py verify DEV JOURNAL SEED THREADS BASE_BLOCK ACKED_BEFORE_CUT
      Reads every area back and checks:
        G1  each block holds the stamp of the newest op of a prefix of its
            thread's ops (no torn op: a prefix that explains every block exists)
        G2  every op acknowledged before the cut (the first ACKED_BEFORE_CUT
            "ack" lines) is in that prefix
        G3  if op j survives, every op acknowledged before j was submitted
            survives (across threads too)
      Prints one summary line; exit 1 on any violation.
"""
import mmap
import os
import random
import struct
import sys
import threading

BLOCK = 4096
AREA = 16384
MAGIC = b"DMACRASH"


def stamp(seed, op, block):
    head = MAGIC + struct.pack("<QQQ", seed, op, block)
    r = random.Random(op * 1000003 + block)
    return head + r.randbytes(BLOCK - len(head))


def parse(buf, seed):
    if buf[:8] != MAGIC:
        return None if buf.count(0) == BLOCK else "garbage"
    s, op, block = struct.unpack("<QQQ", buf[8:32])
    if s != seed:
        return None	# an earlier run's stamp: old contents
    if buf != stamp(seed, op, block):
        return "garbage"
    return (op, block)


sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kblk  # noqa: E402  (tests/vm/kblk.py: the write-list interfaces of either series)


def writer(dev, journal, seed, threads, base):
    # Each write is one transaction: RWF_ATOMIC or a one-range write list (v3), an O_ATOMIC
    # write (v2); without the block-layer series dm-atomic logs every bio (each write here
    # is one bio) atomically.
    aw = kblk.AtomicWriter(dev)
    jl = threading.Lock()
    jf = open(journal, "w", buffering=1)
    counter = [0]

    def run(t):
        r = random.Random(seed * 100 + t)
        buf = mmap.mmap(-1, 256 * BLOCK)
        while True:
            n = r.randrange(1, 257)
            start = base + t * AREA + r.randrange(0, AREA - n + 1)
            with jl:
                counter[0] += 1
                op = counter[0]
                jf.write("sub %d %d %d %d\n" % (op, t, start, n))
            for i in range(n):
                buf[i * BLOCK:(i + 1) * BLOCK] = stamp(seed, op, start + i)
            aw.pwrite(memoryview(buf)[:n * BLOCK], start * BLOCK)
            with jl:
                jf.write("ack %d\n" % op)

    ts = [threading.Thread(target=run, args=(t,), daemon=True) for t in range(threads)]
    for th in ts:
        th.start()
    for th in ts:
        th.join()


def verify(dev, journal, seed, threads, base, acked_before_cut):
    subs, order, acks = {}, [], []
    for line in open(journal):
        f = line.split()
        if len(f) == 5 and f[0] == "sub":
            op, t, start, n = map(int, f[1:])
            subs[op] = (t, start, n, len(order))
            order.append(("sub", op))
        elif len(f) == 2 and f[0] == "ack":
            order.append(("ack", int(f[1])))
            acks.append(int(f[1]))
    ack_pos = {op: i for i, (k, op) in enumerate(order) if k == "ack"}

    fd = os.open(dev, os.O_RDONLY | os.O_DIRECT)
    buf = mmap.mmap(-1, 256 * BLOCK)
    bad = []
    prefix = {}
    for t in range(threads):
        first = base + t * AREA
        seen = []
        for chunk in range(0, AREA, 256):
            os.preadv(fd, [buf], (first + chunk) * BLOCK)
            for i in range(256):
                p = parse(bytes(buf[i * BLOCK:(i + 1) * BLOCK]), seed)
                if p == "garbage":
                    bad.append("thread %d block %d: garbage" % (t, first + chunk + i))
                    p = None
                elif p is not None:
                    if p[1] != first + chunk + i:
                        bad.append("block %d holds the stamp of block %d" % (first + chunk + i, p[1]))
                    elif p[0] not in subs or subs[p[0]][0] != t:
                        bad.append("block %d holds op %d of another thread" % (first + chunk + i, p[0]))
                seen.append(p[0] if p else None)
        mine = sorted(op for op, v in subs.items() if v[0] == t)
        j = max([op for op in seen if op is not None] or [0])
        model = [None] * AREA
        for op in mine:
            if op > j:
                break
            _, start, n, _ = subs[op]
            for b in range(start - first, start - first + n):
                model[b] = op
        diff = [i for i in range(AREA) if model[i] != seen[i]]
        if diff:
            i = diff[0]
            bad.append("G1: thread %d: %d blocks differ from its op prefix <= %d, first block %d holds %s, expected %s"
                       % (t, len(diff), j, first + i, seen[i], model[i]))
        prefix[t] = j

    def survives(op):
        return op <= prefix[subs[op][0]]

    for op in acks[:acked_before_cut]:
        if not survives(op):
            bad.append("G2: op %d was acknowledged before the cut but is lost" % op)
    for t in range(threads):
        j = prefix[t]
        if not j:
            continue
        for op, pos in ack_pos.items():
            if pos < subs[j][3] and not survives(op):
                bad.append("G3: op %d (thread %d) survives but op %d, acknowledged before it was submitted, does not"
                           % (j, t, op))
                break
    survived = sum(1 for op in subs if survives(op))
    print("verify: %s (%d ops submitted, %d acknowledged, %d before the cut, %d survive)"
          % ("ok" if not bad else "VIOLATIONS", len(subs), len(acks), acked_before_cut, survived),
          file=sys.stderr)
    for b in bad[:10]:
        print(b)
    return 1 if bad else 0


def main():
    mode, dev, journal = sys.argv[1:4]
    seed, threads, base = map(int, sys.argv[4:7])
    if mode == "write":
        writer(dev, journal, seed, threads, base)
        return 0
    return verify(dev, journal, seed, threads, base, int(sys.argv[7]))


if __name__ == "__main__":
    sys.exit(main())
