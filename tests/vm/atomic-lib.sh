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

# _dma_stat NAME KEY: one counter of `dmsetup message NAME 0 stats`.
_dma_stat() { dmsetup message "$1" 0 stats | sed -n "s/^$2=//p"; }
