#!/usr/bin/env python3
"""Drive the write-list ioctl of the v3 block-core patches (BLKWRITELIST, patch 27) from the
VM tests.  Port of the `list` and `pattern` commands of tests/vm/block-atomic.py (plan 6.4);
the RWF_ATOMIC commands live in dma-rwf.

Every command prints "ok" (exit 0) or the errno name of the failure (exit 1), so a cram test
shows exactly which error the kernel returned.

  write-list.py list DEV SEG... [opt...]   BLKWRITELIST; SEG is OFF:LEN:SEED (bytes), in the
                                           order given (the kernel sorts them);
                                           opt: flags=N reserved=N nsegs=N rdonly badsegs
                                           badbuf badarg bufoff=N
                                           setro (device made read-only after open)
                                           failing (make-it-fail set just before the ioctl:
                                           fault injection for this task from there on)
  write-list.py failnth DEV OFF LEN        lists of two LEN/2-byte segments LEN bytes apart
                                           with /proc/thread-self/fail-nth = 1, 2, ... (the
                                           n-th fault-injection point of the call fails),
                                           each to a fresh range from byte OFF on, until one
                                           passes every point; prints the errnos of the
                                           failed lists (sorted, once each) and how many
                                           failed lists left part of their data
  write-list.py biglist DEV OFF LEN BUFOFF [NSEGS SEGLEN]
                                           one BLKWRITELIST of LEN bytes at byte OFF, in
                                           NSEGS segments (default 1): NSEGS-1 of SEGLEN bytes,
                                           the last one the rest, one after the other on
                                           the device; each segment's buffer starts BUFOFF
                                           bytes into a page of a fresh anonymous mapping;
                                           only the first and last MiB of the data hold
                                           something (pattern 1 and 2, so they land at OFF
                                           and OFF+LEN-1MiB), the rest are untouched pages
                                           (the kernel's zero page); prints how many
                                           segments and pages the buffers have, then ok or
                                           the errno name
  write-list.py pattern SEED LEN           the pattern bytes on stdout (for cmp)
  write-list.py write DEV OFF LEN SEED [plain]
                                           one pwritev2(RWF_ATOMIC) of the pattern on an
                                           O_DIRECT descriptor (plain: without RWF_ATOMIC)
  write-list.py io CMD ARG...              run CMD (list or write) and print what it added
                                           to this task's write_bytes (/proc/self/io)
"""
import ctypes
import errno
import mmap
import os
import random
import struct
import subprocess
import sys

# _IOW(0x12, 129, struct blkwritelist): dir=1 (write) <<30 | size 32 <<16 | 0x12 <<8 | 129;
# the number of the v2 BLKATOMICWRITE (same layout).
BLKWRITELIST = (1 << 30) | (32 << 16) | (0x12 << 8) | 129

libc = ctypes.CDLL(None, use_errno=True)
libc.ioctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_void_p]


def pattern(seed, n):
    return random.Random(seed).randbytes(n)


def fail(e):
    # errno.errorcode says ENOTSUP for 95; the kernel and its documentation say EOPNOTSUPP.
    print("EOPNOTSUPP" if e == errno.EOPNOTSUPP else errno.errorcode.get(e, str(e)))
    sys.exit(1)


def aligned(data, off=0):
    """An mmap (page aligned) holding data at offset off; returns (map, address)."""
    m = mmap.mmap(-1, max(len(data) + off, mmap.PAGESIZE))
    m[off:off + len(data)] = data
    addr = ctypes.addressof(ctypes.c_char.from_buffer(m)) + off
    return m, addr


def cmd_list(dev, *args):
    segs, opts = [], {}
    for a in args:
        if ":" in a:
            o, n, s = (int(x) for x in a.split(":"))
            segs.append((o, n, s))
        elif "=" in a:
            k, v = a.split("=")
            opts[k] = int(v)
        else:
            opts[a] = 1
    try:
        fd = os.open(dev, os.O_RDONLY if "rdonly" in opts else os.O_WRONLY)
    except OSError as e:
        fail(e.errno)
    if "setro" in opts:
        subprocess.run(["blockdev", "--setro", dev], check=True)
    keep, raw = [], b""
    for o, n, s in segs:
        m, addr = aligned(pattern(s, n), opts.get("bufoff", 0))
        keep.append(m)
        if "badbuf" in opts:
            addr = 0x1000  # aligned, but never mapped (mmap_min_addr)
        raw += struct.pack("=QQQ", o, n, addr)
    sm, saddr = aligned(raw or b"\0")
    if "badsegs" in opts:
        saddr = 0x10
    # struct blkwritelist: nr_segs, flags, segs, reserved[2]
    arg = struct.pack("=IIQQQ", opts.get("nsegs", len(segs)), opts.get("flags", 0), saddr,
                      opts.get("reserved", 0), 0)
    am, aaddr = aligned(arg)
    if "badarg" in opts:
        aaddr = 0x10
    if "failing" in opts:
        # fault injection (failslab, fail_page_alloc) for this task, from here on
        with open("/proc/self/make-it-fail", "w") as f:
            f.write("1")
    ret = libc.ioctl(fd, BLKWRITELIST, aaddr)
    err = ctypes.get_errno()
    if "setro" in opts:
        subprocess.run(["blockdev", "--setrw", dev], check=True)
    if ret != 0:
        fail(err)
    print("ok")


def cmd_failnth(dev, off, length):
    off, length = int(off), int(length)
    half = length // 2
    fd = os.open(dev, os.O_WRONLY)
    rfd = os.open(dev, os.O_RDONLY | os.O_DIRECT)
    fnfd = os.open("/proc/thread-self/fail-nth", os.O_RDWR)
    buf = mmap.mmap(-1, length)
    baddr = ctypes.addressof(ctypes.c_char.from_buffer(buf))
    segs = mmap.mmap(-1, mmap.PAGESIZE)
    saddr = ctypes.addressof(ctypes.c_char.from_buffer(segs))
    arg = mmap.mmap(-1, mmap.PAGESIZE)
    aaddr = ctypes.addressof(ctypes.c_char.from_buffer(arg))
    rbuf = mmap.mmap(-1, length)
    errs, torn, n = set(), 0, 0
    while True:
        n += 1
        data = pattern(n, length)
        buf[:] = data
        where = off + (n - 1) * 2 * length
        # the second segment first: the kernel sorts them
        segs[:48] = struct.pack("=QQQQQQ", where + length, half, baddr + half,
                                where, half, baddr)
        arg[:32] = struct.pack("=IIQQQ", 2, 0, saddr, 0, 0)
        os.write(fnfd, b"%d" % n)
        ret = libc.ioctl(fd, BLKWRITELIST, aaddr)
        err = ctypes.get_errno() if ret else None
        left = int(os.pread(fnfd, 32, 0) or b"0")
        os.write(fnfd, b"0")
        if err is None and left:
            break
        if err is None:
            continue
        errs.add("EOPNOTSUPP" if err == errno.EOPNOTSUPP else errno.errorcode.get(err, str(err)))
        got = b""
        for at in (where, where + length):
            os.preadv(rfd, [memoryview(rbuf)[:half]], at)
            got += rbuf[:half]
        if got != data and got != bytes(length):
            torn += 1
    print("failed lists: %s" % (" ".join(sorted(errs)) or "none"))
    print("failed lists that left part of their data: %d" % torn)


def cmd_biglist(dev, off, length, bufoff, nsegs=1, seglen=0):
    off, length, bufoff, nsegs, seglen = int(off), int(length), int(bufoff), int(nsegs), int(seglen)
    mib, page = 1 << 20, mmap.PAGESIZE
    lens = [seglen] * (nsegs - 1) + [length - seglen * (nsegs - 1)]
    # each buffer BUFOFF bytes into a page, none sharing a page with the one before it
    starts, at, pages = [], 0, 0
    for n in lens:
        starts.append(at + bufoff)
        end = at + bufoff + n
        pages += (end - at + page - 1) // page
        at = (end + page - 1) // page * page
    fd = os.open(dev, os.O_WRONLY)
    # Private and not accounted: a mapping bigger than the guest's memory is fine, the
    # untouched pages are never allocated.
    m = mmap.mmap(-1, at, flags=mmap.MAP_PRIVATE | getattr(mmap, "MAP_NORESERVE", 0x4000))

    def put(pos, data):
        # data at byte pos of the list's data, through the buffers that hold it
        i = 0
        while data:
            while pos >= lens[i]:
                pos -= lens[i]
                i += 1
            n = min(len(data), lens[i] - pos)
            m[starts[i] + pos:starts[i] + pos + n] = data[:n]
            data, pos, i = data[n:], 0, i + 1

    put(0, pattern(1, min(mib, length)))
    if length >= 2 * mib:
        put(length - mib, pattern(2, mib))
    base = ctypes.addressof(ctypes.c_char.from_buffer(m))
    raw, dev_at = b"", off
    for s, n in zip(starts, lens):
        raw += struct.pack("=QQQ", dev_at, n, base + s)
        dev_at += n
    sm, saddr = aligned(raw)
    am, aaddr = aligned(struct.pack("=IIQQQ", len(lens), 0, saddr, 0, 0))
    print("%d segments, %d pages" % (len(lens), pages))
    ret = libc.ioctl(fd, BLKWRITELIST, aaddr)
    if ret != 0:
        fail(ctypes.get_errno())
    print("ok")


RWF_ATOMIC = 0x40  # Linux 6.11's value


def cmd_write(dev, off, length, seed, *opts):
    off, length = int(off), int(length)
    try:
        fd = os.open(dev, os.O_WRONLY | os.O_DIRECT)
    except OSError as e:
        fail(e.errno)
    m, addr = aligned(pattern(int(seed), length))
    try:
        n = os.pwritev(fd, [memoryview(m)[:length]], off, 0 if "plain" in opts else RWF_ATOMIC)
    except OSError as e:
        fail(e.errno)
    print("ok" if n == length else "short write of %d bytes" % n)


def write_bytes():
    with open("/proc/self/io") as f:
        for line in f:
            if line.startswith("write_bytes:"):
                return int(line.split()[1])
    return None


def cmd_io(name, *args):
    before = write_bytes()
    if before is None:
        print("no write_bytes in /proc/self/io (task I/O accounting off)")
        sys.exit(1)
    try:
        {"write": cmd_write, "list": cmd_list}[name](*args)
    finally:
        print("write_bytes %d" % (write_bytes() - before))


def cmd_pattern(seed, length):
    sys.stdout.buffer.write(pattern(int(seed), int(length)))


def main():
    cmd = {"list": cmd_list, "failnth": cmd_failnth, "biglist": cmd_biglist,
           "pattern": cmd_pattern, "write": cmd_write, "io": cmd_io}.get(sys.argv[1] if len(sys.argv) > 1 else "")
    if cmd is None or len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    cmd(*sys.argv[2:])


if __name__ == "__main__":
    main()
