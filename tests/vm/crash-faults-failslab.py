#!/usr/bin/env python3
"""Fail each slab allocation of a dm-atomic table load in turn.

    crash-faults-failslab.py DATA META SECTORS [FEATURE ARGS...]

For n = 1, 2, ...: create an empty DM device, arm /proc/thread-self/fail-nth
with n (the n-th fault-injection point this thread passes fails: with failslab
armed and ignore-gfp-wait off, the n-th slab allocation), then load an atomic
table over DATA and META and resume it.  The enumeration ends at the first n
the load and resume pass without reaching (the fault was not consumed): every
allocation of the path has then failed once.  Each attempt must either fail
with an error, leaving the metadata device byte for byte as it was, or
succeed and come up in rw mode.  The device is removed after each attempt and
the metadata put back as it was before it.

All-zero metadata takes the format path; metadata holding committed
transactions the replay path (each successful load replays them all).

Prints one summary; exit 0 when every attempt behaved, 1 otherwise.
"""
import collections
import errno
import importlib.util
import mmap
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("crash_states", os.path.join(HERE, "crash-states.py"))
cs = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cs)

NAME = "cf-slab"
MAX_N = 2000


def read_all(path):
    """The whole device, past the page cache."""
    fd = os.open(path, os.O_RDONLY | os.O_DIRECT)
    try:
        size = os.lseek(fd, 0, os.SEEK_END)
        m = mmap.mmap(-1, size)
        off = 0
        while off < size:
            n = os.preadv(fd, [memoryview(m)[off:]], off)
            if n <= 0:
                raise OSError(errno.EIO, "short read of %s" % path)
            off += n
        return bytes(m)
    finally:
        os.close(fd)


def write_all(path, data):
    fd = os.open(path, os.O_WRONLY)
    try:
        os.pwrite(fd, data, 0)
        os.fsync(fd)
    finally:
        os.close(fd)


def main():
    data, meta, sectors = sys.argv[1], sys.argv[2], int(sys.argv[3])
    dm = cs.DM()
    table = " ".join([data, meta] + sys.argv[4:])
    spec = cs.struct.pack(cs.SPEC_FMT, 0, sectors, 0, 0, b"atomic")
    params = table.encode() + b"\0"
    params += b"\0" * (-len(params) % 8)

    def buf(nr, payload=b"", count=0):
        size = 16384
        b = bytearray(size)
        cs.struct.pack_into(cs.DM_FMT, b, 0, 4, 0, 0, size, cs.DM_SIZE, count, 0, 0,
                            0, 0, 0, NAME.encode(), b"", b"")
        b[cs.DM_SIZE:cs.DM_SIZE + len(payload)] = payload
        return b

    before = read_all(meta)
    nth = os.open("/proc/thread-self/fail-nth", os.O_RDWR)
    errors = collections.Counter()
    bad = []
    resume_changed = [0]
    replayed = []
    ok = 0
    n = 0
    while n < MAX_N:
        n += 1
        dm._call(cs.DM_CREATE, NAME)
        load, resume = buf(cs.DM_LOAD, spec + params, 1), buf(cs.DM_SUSPEND)
        err, stage = 0, "load"
        os.pwrite(nth, b"%d" % n, 0)
        try:
            cs.fcntl.ioctl(dm.fd, cs._dm_ioc(cs.DM_LOAD), load, True)
            stage = "resume"
            cs.fcntl.ioctl(dm.fd, cs._dm_ioc(cs.DM_SUSPEND), resume, True)
        except OSError as e:
            err = e.errno
        left = int(os.pread(nth, 32, 0).decode().strip() or "0")
        os.pwrite(nth, b"0", 0)
        changed = True
        if err:
            errors["%s %s" % (stage, errno.errorcode.get(err, str(err)))] += 1
            dm.remove(NAME)
            # A failed load (the constructor only checks the superblock)
            # writes nothing; a failed resume (preresume formats or
            # replays) neither, unless it failed after the final superblock
            # write: counted.
            changed = read_all(meta) != before
            if changed and stage == "load":
                bad.append("n=%d: the failed load (%s) changed the metadata"
                           % (n, errno.errorcode.get(err, err)))
            if changed and stage == "resume":
                resume_changed[0] += 1
        else:
            ok += 1
            status = dm.status(NAME).split()
            if status[-1] != "rw":
                bad.append("n=%d: loaded in mode %s" % (n, status[-1]))
            replayed.append(int(status[3]))
            dm.remove(NAME)
        if changed:
            write_all(meta, before)
        if not err and left:
            break               # no fault point left: the whole path passed
    failed = sum(errors.values())
    print("fault points: %d; failed cleanly: %d (%s); succeeded: %d; %s"
          % (n - 1, failed, ", ".join("%s %d" % kv for kv in sorted(errors.items())),
             ok, "enumeration complete" if n < MAX_N else "STOPPED at %d" % MAX_N))
    short = sum(1 for r in replayed if r != replayed[-1])
    if short:
        bad.append("%d successful loads replayed another number of transactions than "
                   "the last one (%d)" % (short, replayed[-1]))
    print("replayed by each successful load: %d" % replayed[-1])
    print("failed loads that changed the metadata or bad modes: %d" % len(bad))
    print("failed resumes after which the metadata had moved on: %d" % resume_changed[0])
    for b in bad[:10]:
        print("  " + b)
    return 1 if bad or n >= MAX_N else 0


if __name__ == "__main__":
    sys.exit(main())
