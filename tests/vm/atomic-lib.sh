# Helpers for the dm-atomic target tests (tests/vm/atomic-*.t).  Source after lib.sh:
#   . "$TESTDIR/lib.sh"; . "$TESTDIR/atomic-lib.sh"

# _list_attr DEV: the queue attribute that holds DEV's write-list segment limit on this
# kernel: max_write_list_segments (v3 series), atomic_write_segments (v2 series), or nothing
# (a kernel without write lists).
_list_attr() {
	local q=/sys/dev/block/$(_majmin "$1")/queue
	if [ -e $q/max_write_list_segments ]; then echo max_write_list_segments
	elif [ -e $q/atomic_write_segments ]; then echo atomic_write_segments
	fi
}

# _list_segs DEV: how many ranges one write list to DEV may have (0: it takes none).
_list_segs() {
	local a
	a=$(_list_attr "$1")
	[ -n "$a" ] && cat "/sys/dev/block/$(_majmin "$1")/queue/$a" || echo 0
}

# _list_limits DEV: "SEGMENTS BYTES" of one write list to DEV ("0 0" where it takes none),
# from max_write_list_segments/write_list_max_bytes (v3) or atomic_write_segments/
# atomic_write_max_bytes (v2).
_list_limits() {
	local q=/sys/dev/block/$(_majmin "$1")/queue
	case $(_list_attr "$1") in
	max_write_list_segments) echo "$(cat $q/max_write_list_segments) $(cat $q/write_list_max_bytes)" ;;
	atomic_write_segments) echo "$(cat $q/atomic_write_segments) $(cat $q/atomic_write_max_bytes)" ;;
	*) echo "0 0" ;;
	esac
}

# _list_series: v3, v2 or none: which block-core series this kernel has (by SCRATCH0).
_list_series() {
	case $(_list_attr "$SCRATCH0") in
	max_write_list_segments) echo v3 ;; atomic_write_segments) echo v2 ;; *) echo none ;;
	esac
}

# _filter_v2names: the expected outputs name v3's write-list attributes; on a kernel with
# the v2 series this renames v2's (atomic_write_segments, atomic_write_max_bytes) to them.
# Elsewhere it passes everything through: there atomic_write_max_bytes is mainline's limit
# of one atomic write, another thing.
_filter_v2names() {
	if [ "$(_list_series)" = v2 ]; then
		sed 's/atomic_write_segments/max_write_list_segments/g; s/atomic_write_max_bytes/write_list_max_bytes/g'
	else cat; fi
}

# _dma_lists DEV: true when DEV takes write lists (the kernel has the block-layer series
# and the device advertises a segment limit > 0).
_dma_lists() { [ "$(_list_segs "$1")" != 0 ]; }

# _require_lists: skip the test on a kernel without write lists (neither series).
_require_lists() {
	[ -n "$(_list_attr "$SCRATCH0")" ] || _skip "kernel without write lists (no block-core series)"
}

# _dma_write FILE DEV BYTE_OFFSET: write FILE to DEV in one call that dm-atomic logs as one
# transaction: a one-range write list (v3), a write() to an O_ATOMIC|O_DIRECT descriptor
# (v2), else one plain O_DIRECT write (without the series the target logs every bio
# atomically).  FILE must be at most max_bytes and a multiple of 4096 bytes.
_dma_write() {
	python3 - "$@" <<'PY'
import mmap, os, sys
sys.path.insert(0, os.environ["TESTDIR"])
import kblk
data = open(sys.argv[1], "rb").read()
w = kblk.AtomicWriter(sys.argv[2])
buf = mmap.mmap(-1, len(data))
buf[:] = data
try:
    n = w.pwrite(buf, int(sys.argv[3]))
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

# _dma_ioctl DEV SEED BLOCK+COUNT...: one write list (BLKWRITELIST, v2: BLKATOMICWRITE) of the
# given 4 KiB-block ranges, filled with _pattern-like bytes from SEED (range i gets seed
# SEED+i).  Prints "ok" or the errno name; the data of range i is left in /tmp/seg.i for comparison.
_dma_ioctl() {
	python3 - "$@" <<'PY'
import ctypes, errno, fcntl, mmap, os, random, struct, sys
dev, seed, ranges = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
BLKWRITELIST = (1 << 30) | (32 << 16) | (0x12 << 8) | 129  # = v2's BLKATOMICWRITE
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
    fcntl.ioctl(fd, BLKWRITELIST, req)
    print("ok")
except OSError as e:
    print(errno.errorcode.get(e.errno, str(e.errno)))
PY
}
