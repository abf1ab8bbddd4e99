#!/usr/bin/env python3
"""Drive the atomic-write user interfaces of the block-core patches from the VM tests.

Every command prints "ok" (exit 0) or the errno name of the failure (exit 1), so a cram test
shows exactly which error the kernel returned.

The O_ATOMIC commands (write, sendfile, splice, bigwrite, failnth) need the v2 series: on a
kernel that drops O_ATOMIC at open (the v3 series, a stock kernel) they print "O_ATOMIC
ignored" (exit 1) instead of writing plainly; open and getfl show what the kernel does.  The
list ioctl has the same number and layout in both series (BLKATOMICWRITE, v3's
BLKWRITELIST), so `list` drives either; the v3 tests use write-list.py.

  block-atomic.py open DEV [FLAG...]            open(DEV, O_WRONLY|FLAGs); FLAGs: direct atomic
                                                creat rdonly (O_RDONLY instead of O_WRONLY)
  block-atomic.py getfl DEV                     open O_ATOMIC|O_DIRECT, print what F_GETFL says
  block-atomic.py setfl-nodirect DEV            open O_ATOMIC|O_DIRECT, F_SETFL without O_DIRECT
  block-atomic.py write DEV OFF LEN SEED [how]  one O_ATOMIC|O_DIRECT write of pattern SEED;
                                                how: pwrite (default), pwritev (3 iovecs),
                                                unaligned-buf (256 bytes off), nodirect,
                                                plain (O_DIRECT without O_ATOMIC)
  block-atomic.py list DEV SEG... [opt...]      BLKATOMICWRITE; SEG is OFF:LEN:SEED (bytes);
                                                opt: flags=N reserved=N nsegs=N rdonly
                                                badsegs badbuf badarg bufoff=N
                                                setro (device made read-only after open)
                                                failing (make-it-fail set just before the ioctl)
  block-atomic.py sendfile DEV OFF FILE         sendfile(2) all of FILE to an O_ATOMIC|O_DIRECT
                                                fd of DEV at byte OFF (data through a pipe)
  block-atomic.py splice DEV OFF LEN SEED       write pattern SEED into a pipe, splice(2) it to
                                                an O_ATOMIC|O_DIRECT fd of DEV at byte OFF
  block-atomic.py bigwrite DEV OFF LEN BUFOFF   one O_ATOMIC|O_DIRECT pwrite of LEN bytes from
                                                BUFOFF bytes into a fresh anonymous mapping; only
                                                its first and last MiB hold data (pattern 1 and 2,
                                                written at OFF and OFF+LEN-1MiB), the rest are
                                                untouched pages (the kernel's zero page)
  block-atomic.py pattern SEED LEN              the pattern bytes on stdout (for cmp)
  block-atomic.py io CMD ARG...                 run CMD (write or list) and print what it added
                                                to this task's write_bytes (/proc/self/io)
  block-atomic.py failnth DEV OFF LEN           O_ATOMIC|O_DIRECT writes of LEN bytes with
                                                /proc/thread-self/fail-nth = 1, 2, ... (the n-th
                                                fault-injection point of the write fails), each
                                                to a fresh range from byte OFF on, until one
                                                passes every point; prints the errnos of the
                                                failed writes (sorted, once each) and how many
                                                failed writes left part of their data
"""
import ctypes
import errno
import mmap
import os
import random
import struct
import sys
import fcntl

O_ATOMIC = 0o40000000
# _IOW(0x12, 129, struct blk_atomic_write): dir=1 (write) <<30 | size 32 <<16 | 0x12 <<8 | 129
BLKATOMICWRITE = (1 << 30) | (32 << 16) | (0x12 << 8) | 129

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


def do_open(dev, flags):
    try:
        return os.open(dev, flags)
    except OSError as e:
        fail(e.errno)


def atomic_open(dev, flags):
    """do_open() for writes that must be atomic: refuse a kernel that drops O_ATOMIC."""
    fd = do_open(dev, flags)
    if flags & O_ATOMIC and not fcntl.fcntl(fd, fcntl.F_GETFL) & O_ATOMIC:
        print("O_ATOMIC ignored")
        sys.exit(1)
    return fd


def cmd_open(dev, *names):
    flags = os.O_RDONLY if "rdonly" in names else os.O_WRONLY
    for n in names:
        flags |= {"direct": os.O_DIRECT, "atomic": O_ATOMIC, "creat": os.O_CREAT,
                  "rdonly": 0}[n]
    os.close(do_open(dev, flags))
    print("ok")


def cmd_getfl(dev):
    fd = do_open(dev, os.O_WRONLY | os.O_DIRECT | O_ATOMIC)
    fl = fcntl.fcntl(fd, fcntl.F_GETFL)
    print("O_ATOMIC" if fl & O_ATOMIC else "no O_ATOMIC",
          "O_DIRECT" if fl & os.O_DIRECT else "no O_DIRECT")


def cmd_setfl_nodirect(dev):
    fd = do_open(dev, os.O_WRONLY | os.O_DIRECT | O_ATOMIC)
    try:
        fcntl.fcntl(fd, fcntl.F_SETFL, os.O_WRONLY)
    except OSError as e:
        fail(e.errno)
    print("ok")


def cmd_write(dev, off, length, seed, how="pwrite"):
    off, length, seed = int(off), int(length), int(seed)
    flags = os.O_WRONLY | (0 if how == "plain" else O_ATOMIC) | \
        (0 if how == "nodirect" else os.O_DIRECT)
    fd = atomic_open(dev, flags)
    data = pattern(seed, length)
    m = mmap.mmap(-1, length + mmap.PAGESIZE)
    start = 256 if how == "unaligned-buf" else 0
    m[start:start + length] = data
    mv = memoryview(m)[start:start + length]
    try:
        if how == "pwritev":
            third = (length // 3) & ~4095
            n = os.pwritev(fd, [mv[:third], mv[third:2 * third], mv[2 * third:]], off)
        else:
            n = os.pwrite(fd, mv, off)
    except OSError as e:
        fail(e.errno)
    finally:
        mv.release()
    if n != length:
        print("short write: %d of %d" % (n, length))
        sys.exit(1)
    print("ok")


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
    fd = do_open(dev, os.O_RDONLY if "rdonly" in opts else os.O_WRONLY)
    if "setro" in opts:
        import subprocess
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
    arg = struct.pack("=IIQQQ", opts.get("nsegs", len(segs)), opts.get("flags", 0), saddr,
                      opts.get("reserved", 0), 0)
    am, aaddr = aligned(arg)
    if "badarg" in opts:
        aaddr = 0x10
    if "failing" in opts:
        # fault injection (failslab, fail_page_alloc) for this task, from here on
        with open("/proc/self/make-it-fail", "w") as f:
            f.write("1")
    ret = libc.ioctl(fd, BLKATOMICWRITE, aaddr)
    err = ctypes.get_errno()
    if "setro" in opts:
        subprocess.run(["blockdev", "--setrw", dev], check=True)
    if ret != 0:
        fail(err)
    print("ok")


def cmd_sendfile(dev, off, path):
    fd = atomic_open(dev, os.O_WRONLY | O_ATOMIC | os.O_DIRECT)
    src = os.open(path, os.O_RDONLY)
    size = os.fstat(src).st_size
    os.lseek(fd, int(off), os.SEEK_SET)
    done = 0
    try:
        while done < size:
            n = os.sendfile(fd, src, done, size - done)
            if n <= 0:
                break
            done += n
    except OSError as e:
        fail(e.errno)
    if done != size:
        print("short sendfile: %d of %d" % (done, size))
        sys.exit(1)
    print("ok")


def cmd_splice(dev, off, length, seed):
    off, length = int(off), int(length)
    fd = atomic_open(dev, os.O_WRONLY | O_ATOMIC | os.O_DIRECT)
    r, w = os.pipe()
    data = pattern(int(seed), length)
    done = 0
    try:
        while done < length:
            # Fill the pipe with whole pages, then move them to the device.
            chunk = data[done:done + 65536]
            os.write(w, chunk)
            left = len(chunk)
            while left:
                n = os.splice(r, fd, left, offset_dst=off + done)
                if n <= 0:
                    print("short splice")
                    sys.exit(1)
                left -= n
                done += n
    except OSError as e:
        fail(e.errno)
    print("ok")


def cmd_bigwrite(dev, off, length, bufoff):
    off, length, bufoff = int(off), int(length), int(bufoff)
    mib = 1 << 20
    fd = atomic_open(dev, os.O_WRONLY | O_ATOMIC | os.O_DIRECT)
    # Private and not accounted: a mapping bigger than the guest's memory is fine, the
    # untouched pages are never allocated.
    m = mmap.mmap(-1, bufoff + length,
                  flags=mmap.MAP_PRIVATE | getattr(mmap, "MAP_NORESERVE", 0x4000))
    m[bufoff:bufoff + mib] = pattern(1, mib)
    m[bufoff + length - mib:bufoff + length] = pattern(2, mib)
    mv = memoryview(m)[bufoff:bufoff + length]
    try:
        n = os.pwrite(fd, mv, off)
    except OSError as e:
        fail(e.errno)
    finally:
        mv.release()
    if n != length:
        print("short write: %d of %d" % (n, length))
        sys.exit(1)
    print("ok")


def cmd_pattern(seed, length):
    sys.stdout.buffer.write(pattern(int(seed), int(length)))


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


def cmd_failnth(dev, off, length):
    off, length = int(off), int(length)
    fd = atomic_open(dev, os.O_WRONLY | O_ATOMIC | os.O_DIRECT)
    rfd = os.open(dev, os.O_RDONLY)
    fnfd = os.open("/proc/thread-self/fail-nth", os.O_RDWR)
    m = mmap.mmap(-1, length)
    errs, torn, n = set(), 0, 0
    while True:
        n += 1
        data = pattern(n, length)
        m[:] = data
        where = off + (n - 1) * length
        mv = memoryview(m)
        os.write(fnfd, b"%d" % n)
        try:
            os.pwrite(fd, mv, where)
            err = None
        except OSError as e:
            err = e.errno
        finally:
            mv.release()
        left = int(os.pread(fnfd, 32, 0) or b"0")
        os.write(fnfd, b"0")
        if err is None and left:
            break
        if err is None:
            continue
        errs.add("EOPNOTSUPP" if err == errno.EOPNOTSUPP else errno.errorcode.get(err, str(err)))
        got = os.pread(rfd, length, where)
        if got != data and got != bytes(length):
            torn += 1
    print("failed writes: %s" % (" ".join(sorted(errs)) or "none"))
    print("failed writes that left part of their data: %d" % torn)


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    cmd = {"open": cmd_open, "getfl": cmd_getfl, "setfl-nodirect": cmd_setfl_nodirect,
           "write": cmd_write, "list": cmd_list, "sendfile": cmd_sendfile,
           "splice": cmd_splice, "bigwrite": cmd_bigwrite,
           "pattern": cmd_pattern, "io": cmd_io, "failnth": cmd_failnth}.get(sys.argv[1])
    if not cmd:
        print("unknown command: %s" % sys.argv[1], file=sys.stderr)
        sys.exit(2)
    cmd(*sys.argv[2:])


if __name__ == "__main__":
    main()
