"""The kernel's multi-range atomic write interfaces, for the VM tests' Python snippets.

dm-atomic's tests run on a kernel with either version of the block-core series, or on a
stock kernel (the stock-kernel share), and must mean the same there:

  v3 (block-core-patches/): a write list is one BLKWRITELIST ioctl (or a REQ_OP_WRITE_LIST
      bio in the kernel); limits in queue/max_write_list_segments and write_list_max_bytes;
      there is no O_ATOMIC.
  v2 (the previous version): the same ioctl, named BLKATOMICWRITE (number and layout are the
      same), or a write() to an O_ATOMIC|O_DIRECT descriptor; limits in
      queue/atomic_write_segments and atomic_write_max_bytes.
  stock: neither; dm-atomic logs every write bio by itself.

Use from a cram test's heredoc:  sys.path.insert(0, os.environ["TESTDIR"]); import kblk
"""
import ctypes
import fcntl
import os
import struct

# _IOW(0x12, 129, 32-byte struct): BLKWRITELIST in v3, BLKATOMICWRITE in v2.
BLKWRITELIST = (1 << 30) | (32 << 16) | (0x12 << 8) | 129
O_ATOMIC = 0o40000000  # v2 only; other kernels ignore the bit in open()
RWF_ATOMIC = 0x40      # Linux 6.11's value; v3 and v2 both take it

_libc = ctypes.CDLL(None, use_errno=True)
_libc.ioctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_void_p]


def _queue(dev, name):
    rdev = os.stat(dev).st_rdev
    path = "/sys/dev/block/%d:%d/queue/%s" % (os.major(rdev), os.minor(rdev), name)
    try:
        with open(path) as f:
            return int(f.read())
    except OSError:
        return None


def series(dev):
    """'v3', 'v2' or None (no write lists in this kernel), from DEV's queue attributes."""
    if _queue(dev, "max_write_list_segments") is not None:
        return "v3"
    if _queue(dev, "atomic_write_segments") is not None:
        return "v2"
    return None


def list_limits(dev):
    """(segments, bytes) of one write list on DEV; (0, 0) where it takes none."""
    s = series(dev)
    if s == "v3":
        return _queue(dev, "max_write_list_segments"), _queue(dev, "write_list_max_bytes")
    if s == "v2":
        return _queue(dev, "atomic_write_segments"), _queue(dev, "atomic_write_max_bytes")
    return 0, 0


def takes_lists(dev):
    return list_limits(dev)[0] > 0


def address(buf):
    """The address of a writable buffer: an mmap, a bytearray or a memoryview of one."""
    mv = memoryview(buf)
    return ctypes.addressof((ctypes.c_char * mv.nbytes).from_buffer(mv))


def write_list(fd, ranges):
    """One write list of (byte offset, buffer) ranges, all-or-nothing; raises OSError.
    Buffers as for O_DIRECT (page-aligned mmaps or views of them)."""
    arr = b"".join(struct.pack("<QQQ", off, memoryview(b).nbytes, address(b))
                   for off, b in ranges)
    tab = ctypes.create_string_buffer(arr, len(arr))
    req = ctypes.create_string_buffer(
        struct.pack("<IIQQQ", len(ranges), 0, ctypes.addressof(tab), 0, 0), 32)
    if _libc.ioctl(fd, BLKWRITELIST, req) != 0:
        e = ctypes.get_errno()
        raise OSError(e, os.strerror(e))


class AtomicWriter:
    """Writes that dm-atomic logs as one transaction each.  v3: pwritev2(RWF_ATOMIC) when the
    write fits mainline's rules (a power of two within the device's atomic_write_unit_min/
    max_bytes, at an offset aligned to its length), else a one-range write list; v2: a
    write() to an O_ATOMIC descriptor; stock: a plain O_DIRECT write (dm-atomic logs every
    bio there).  pwrite(buf, off) takes what os.pwrite takes for O_DIRECT (a page-aligned
    mmap or a view of one) of at most the device's list bytes, and returns the bytes
    written.  The descriptor's O_DSYNC (flags) applies to the RWF_ATOMIC and O_ATOMIC writes;
    a write list is made durable by a later fsync, as the ioctl documents."""

    def __init__(self, dev, flags=0):
        self.kind = series(dev) if takes_lists(dev) else None
        extra = O_ATOMIC if self.kind == "v2" else 0
        self.fd = os.open(dev, os.O_WRONLY | os.O_DIRECT | flags | extra)
        if extra and not fcntl.fcntl(self.fd, fcntl.F_GETFL) & O_ATOMIC:
            raise SystemExit("O_ATOMIC was ignored")
        self.units = (_queue(dev, "atomic_write_unit_min_bytes") or 0,
                      _queue(dev, "atomic_write_unit_max_bytes") or 0)

    def single(self, n, off):
        """True when an n-byte write at off goes as one RWF_ATOMIC write (v3)."""
        lo, hi = self.units
        return (self.kind == "v3" and lo and n & (n - 1) == 0 and lo <= n <= hi
                and off % n == 0)

    def pwrite(self, buf, off):
        n = memoryview(buf).nbytes
        if self.kind == "v3":
            if self.single(n, off):
                return os.pwritev(self.fd, [buf], off, RWF_ATOMIC)
            write_list(self.fd, [(off, buf)])
            return n
        return os.pwrite(self.fd, buf, off)

    def close(self):
        os.close(self.fd)
