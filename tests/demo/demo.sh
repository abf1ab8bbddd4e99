#!/bin/bash
# make demo, first boot (DMA_MODE=demo): the patched kernel, the limits, an atomic device, atomic
# lists, then a stream of atomic writes that the host cuts by killing QEMU (a power cut).
# The second boot (demo-recover.sh) recovers and verifies.  Narrates each step.
set -u
say() { printf '\n== %s\n' "$*"; }
run() { printf '$ %s\n' "$*"; "$@"; }
export DM_DISABLE_UDEV=1
dmsetup() { command dmsetup --noudevsync "$@"; }
# limits DEV: the queue limits of a block device (found through its major:minor, since
# /dev/mapper nodes are not symlinks without udev).
limits() {
	local d=$1 q
	q=/sys/dev/block/$(printf '%d:%d' "0x$(stat -L -c %t "$d")" "0x$(stat -L -c %T "$d")")/queue
	if [ -e "$q/max_write_list_segments" ]; then
		echo "   $d: write lists: max_write_list_segments=$(cat $q/max_write_list_segments) write_list_max_bytes=$(cat $q/write_list_max_bytes)"
		echo "   $d: single atomic writes: atomic_write_unit_min_bytes=$(cat $q/atomic_write_unit_min_bytes) atomic_write_unit_max_bytes=$(cat $q/atomic_write_unit_max_bytes)"
	elif [ -e "$q/atomic_write_segments" ]; then
		echo "   $d: atomic_write_segments=$(cat $q/atomic_write_segments) atomic_write_max_bytes=$(cat $q/atomic_write_max_bytes)"
	else
		echo "   $d: no write-list attribute (series not applied)"
	fi
}

say "The kernel: linux-source-6.1 with block-core-patches applied"
run uname -r
sed 's/^/   /' /payload/kernel-info

say "An ordinary disk cannot write atomically: virtio-blk advertises 0 ..."
limits "$SCRATCH2"
echo "... and an atomic write to it fails with EOPNOTSUPP, writing nothing:"
echo 'atomic 0+2' >/tmp/one
run dma-exercise -j /tmp/j0 --script /tmp/one "$SCRATCH2"

if [ ! -f "${DMA_MODULE:-}" ]; then
	say "STOP: the dm-atomic module was not built; the rest of the demo needs it."
	exit 0
fi

say "The atomic target: data on SCRATCH0 ($SCRATCH0), its log on SCRATCH1 ($SCRATCH1)"
echo "   The data disk is made slow (dm-delay, 300 ms per write), so write-back lags behind the"
echo "   log and the power cut finds committed transactions that only the log holds."
run insmod "$DMA_MODULE"
size=$(blockdev --getsz "$SCRATCH0")
run dmsetup create slowdata --table "0 $size delay $SCRATCH0 0 0 $SCRATCH0 0 300"
run dmsetup create atom --table "0 $size atomic /dev/mapper/slowdata $SCRATCH1"
limits /dev/mapper/atom
run dmsetup status atom

say "Stacked: a dm-linear slice of the atomic device passes the limits through"
run dmsetup create slice --table "0 65536 linear /dev/mapper/atom 0"
limits /dev/mapper/slice
run dmsetup remove slice

say "Atomic writes: one discontiguous write list (ioctl), one contiguous atomic write, then verify"
printf 'ioctl 0+2 1000+1 5000+3\natomic 20+16\nflush\n' >/tmp/script
run dma-exercise -j /tmp/j1 --script /tmp/script /dev/mapper/atom
run dma-verify /dev/mapper/atom /tmp/j1 2>/dev/null

say "The journal of acknowledged writes goes to SCRATCH3, which survives the power cut"
mkfs.ext4 -q -F "$SCRATCH3" && mkdir -p /journal && mount -o sync "$SCRATCH3" /journal
echo "   /journal mounted ($SCRATCH3)"

say "Now a stream of random writes from 2 writers: atomic writes and write lists mixed with
   plain writes (which, as on any disk, may tear), a flush every 50."
echo "   The host will cut the power (kill QEMU) a few seconds into it."
dma-exercise -j /journal/journal -n 100000000 -S 7 -m mixed -J 2 -F 50 /dev/mapper/atom \
	>/tmp/exercise.out 2>&1 &
sleep 2
echo "@@DMA-CUT writing; acknowledged so far: $(grep -c '^ack' /journal/journal)"
wait
echo "the exerciser ended before the power cut:"
cat /tmp/exercise.out
exit 1
