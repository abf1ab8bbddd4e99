# Helpers for the dm-atomic target tests (tests/vm/atomic-*.t).  Source after lib.sh:
#   . "$TESTDIR/lib.sh"; . "$TESTDIR/atomic-lib.sh"

# _dma_lists DEV: true when DEV takes atomic lists (the kernel has the block-layer series
# and the device advertises atomic_write_segments > 0).
_dma_lists() {
	local n
	n=$(cat "/sys/dev/block/$(_majmin "$1")/queue/atomic_write_segments" 2>/dev/null)
	[ "${n:-0}" != 0 ]
}

# _dma_write FILE DEV BYTE_OFFSET: write FILE to DEV in one write() that dm-atomic logs as
# one transaction: with O_ATOMIC|O_DIRECT when the device takes atomic lists (checked with
# F_GETFL), else plain O_DIRECT (without the series the target logs every bio atomically).
# FILE must be at most max_bytes and a multiple of 4096 bytes.
_dma_write() {
	python3 - "$@" <<'PY'
import fcntl, mmap, os, sys
O_ATOMIC = 0o40000000
data = open(sys.argv[1], "rb").read()
dev = sys.argv[2]
rdev = os.stat(dev).st_rdev
try:
    segs = int(open("/sys/dev/block/%d:%d/queue/atomic_write_segments"
                    % (os.major(rdev), os.minor(rdev))).read())
except OSError:
    segs = 0
fd = os.open(dev, os.O_WRONLY | os.O_DIRECT | (O_ATOMIC if segs else 0))
if segs and not fcntl.fcntl(fd, fcntl.F_GETFL) & O_ATOMIC:
    sys.exit("O_ATOMIC was ignored")
buf = mmap.mmap(-1, len(data))
buf[:] = data
try:
    n = os.pwrite(fd, buf, int(sys.argv[3]))
except OSError as e:
    sys.exit(os.strerror(e.errno))
if n != len(data):
    sys.exit("short write: %d of %d" % (n, len(data)))
PY
}

# _dma_wbwait DELAYDEV [SECONDS]: wait (default up to 60 s) until the dm-delay device
# DELAYDEV holds a write (its status counts them): dm-atomic's write-back has started and
# is held there.  Says "write-back never started" otherwise.
_dma_wbwait() {
	local end=$((SECONDS + ${2:-60}))
	while [ $SECONDS -lt $end ]; do
		[ "$(dmsetup status "$1" | cut -d' ' -f5)" -ge 1 ] && return
		sleep 0.05
	done
	echo "write-back never started"
}

# _dma_stat NAME KEY: one counter of `dmsetup message NAME 0 stats`.
_dma_stat() { dmsetup message "$1" 0 stats | sed -n "s/^$2=//p"; }

# _dma_ioctl DEV SEED BLOCK+COUNT...: one BLKATOMICWRITE list of the given 4 KiB-block
# ranges, filled with _pattern-like bytes from SEED (range i gets seed SEED+i).  Prints "ok"
# or the errno name; the data of range i is left in /tmp/seg.i for comparison.
_dma_ioctl() {
	python3 - "$@" <<'PY'
import ctypes, errno, fcntl, mmap, os, random, struct, sys
dev, seed, ranges = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
BLKATOMICWRITE = (1 << 30) | (32 << 16) | (0x12 << 8) | 129
fd = os.open(dev, os.O_WRONLY | os.O_DIRECT)
bufs, segs = [], b""
for i, r in enumerate(ranges):
    b, n = map(int, r.split("+"))
    data = random.Random(seed + i).randbytes(n * 4096)
    open("/tmp/seg.%d" % i, "wb").write(data)
    m = mmap.mmap(-1, max(len(data), 4096))
    m[:len(data)] = data
    bufs.append(m)
    addr = ctypes.addressof(ctypes.c_char.from_buffer(m))
    segs += struct.pack("<QQQ", b * 4096, n * 4096, addr)
arr = ctypes.create_string_buffer(segs, len(segs))
req = struct.pack("<IIQQQ", len(ranges), 0, ctypes.addressof(arr), 0, 0)
try:
    fcntl.ioctl(fd, BLKATOMICWRITE, req)
    print("ok")
except OSError as e:
    print(errno.errorcode.get(e.errno, str(e.errno)))
PY
}
