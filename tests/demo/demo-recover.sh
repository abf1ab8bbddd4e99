#!/bin/bash
# make demo, second boot (DMA_MODE=demo-recover): the same disks after the power cut.
set -u
say() { printf '\n== %s\n' "$*"; }
run() { printf '$ %s\n' "$*"; "$@"; }
export DM_DISABLE_UDEV=1
dmsetup() { command dmsetup --noudevsync "$@"; }

say "Power is back.  The journal survived on SCRATCH3:"
mkdir -p /journal && mount "$SCRATCH3" /journal || exit 1
echo "   operations started: $(grep -c '^op ' /journal/journal), acknowledged: $(grep -c '^ack ' /journal/journal), flushes completed: $(grep -c '^flushed ' /journal/journal)"

say "What the log on SCRATCH1 holds (read-only check, before activation)"
run dma-check "$SCRATCH1"

say "Activate the target on the same disks (no dm-delay now): recovery replays the committed
   transactions the log holds and stops at the first torn or unwritten record"
run insmod "$DMA_MODULE"
size=$(blockdev --getsz "$SCRATCH0")
dmesg -C
run dmsetup create atom --table "0 $size atomic $SCRATCH0 $SCRATCH1"
dmesg | grep -i 'atomic' | sed 's/^\[ *[0-9.]*\] /   kernel: /'
run dmsetup status atom

say "Verify every operation against the journal: atomic lists all-new or all-old, never torn
   (a plain write caught by the cut may be torn: that is allowed and not a violation)"
dma-verify -q /dev/mapper/atom /journal/journal 2>/tmp/verify.err
rc=$?
[ $rc = 0 ] || cat /tmp/verify.err
if [ $rc = 0 ]; then
	echo "VERDICT: no torn list, nothing acknowledged-and-flushed lost, no order violation"
else
	echo "VERDICT: VIOLATIONS FOUND (dma-verify exit $rc)"
fi

say "Clean up: remove the device (it checkpoints), check the log again"
run dmsetup remove atom
run dma-check -q "$SCRATCH1"
umount /journal
exit $rc
