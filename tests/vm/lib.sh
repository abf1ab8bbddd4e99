# Shared helpers for the VM cram tests.  Source with:  . "$TESTDIR/lib.sh"
# Runs inside the guest as root.  Conventions (see tests/README.md):
#   $SCRATCH0..$SCRATCH3  four 512 MiB virtio-blk disks, zeroed before every test
#   $DMA_MODULE           the dm-atomic module built against this kernel (may be absent)
#   /payload/bin          our tools, on PATH
#   /payload/test-bin     the test helpers (dma-craft, dma-unit), on PATH after them
# A test removes every device it creates; the runner fails a test that leaves any behind.

export DM_DISABLE_UDEV=1
# No udev in the guest: mdadm makes its /dev/md/NAME links itself.  (It waits for udev when
# /run/udev exists, which `udevadm test` creates.)
export MDADM_NO_UDEV=1
dmsetup() { command dmsetup --noudevsync "$@"; }

# _udevd_stop: stop the systemd-udevd a test started and wait until it is gone.  `udevadm
# control --exit` only asks: on a slow kernel udevd may still be running, its control socket
# still in /run/udev, when the next test starts (the runner fails a test that leaves either).
_udevd_stop() {
	local i
	udevadm control --exit 2>/dev/null
	for i in $(seq 300); do
		pgrep -x systemd-udevd >/dev/null || break
		sleep 0.2
	done
	if pgrep -x systemd-udevd >/dev/null; then
		echo "systemd-udevd still running 60 s after udevadm control --exit: killed"
		pkill -KILL -x systemd-udevd
	fi
	rm -f /run/udev/control
}

# _skip REASON: end the test as skipped (cram's exit 80), saying why.
_skip() { echo "skipped: $*" >&2; exit 80; }

# _sectors DEV: size in 512-byte sectors.
_sectors() { blockdev --getsz "$1"; }

# _require_scratch N: at least N scratch disks.
_require_scratch() {
	local i
	for ((i = 0; i < $1; i++)); do
		eval "[ -b \"\${SCRATCH$i:-}\" ]" || _skip "needs $1 scratch disks, SCRATCH$i is missing"
	done
}

# _require_dm_atomic: load the dm-atomic module (skips the test when it was not built).
_require_dm_atomic() {
	[ -f "${DMA_MODULE:-}" ] || _skip "dm-atomic.ko was not built"
	if ! grep -q '^dm_atomic ' /proc/modules; then
		# What it needs first (a stock kernel has dm-mod and libcrc32c as modules).
		local deps
		deps=$(modinfo -F depends "$DMA_MODULE" | tr , ' ')
		[ -z "$deps" ] || modprobe -a $deps || exit 1
		insmod "$DMA_MODULE" || exit 1
	fi
}

# _filter_scratch: replace scratch device names with SCRATCHn, for stable output.
_filter_scratch() {
	sed -e "s|${SCRATCH0:-@@}|SCRATCH0|g" -e "s|${SCRATCH1:-@@}|SCRATCH1|g" \
	    -e "s|${SCRATCH2:-@@}|SCRATCH2|g" -e "s|${SCRATCH3:-@@}|SCRATCH3|g"
}

# _majmin DEV: "major:minor" of a block device, as dmsetup table prints it.
_majmin() { printf '%d:%d\n' "0x$(stat -L -c %t "$1")" "0x$(stat -L -c %T "$1")"; }

# _pattern SEED BYTES: deterministic bytes (for writing and comparing data).
_pattern() { python3 -c "import random,sys; r=random.Random(int(sys.argv[1])); sys.stdout.buffer.write(r.randbytes(int(sys.argv[2])))" "$1" "$2"; }
