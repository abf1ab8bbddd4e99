#!/bin/bash
# make demo, the guest side.  Narrates each step on the console.
set -u
say() { printf '\n== %s\n' "$*"; }
run() { printf '$ %s\n' "$*"; "$@"; }
export DM_DISABLE_UDEV=1

say "The kernel: linux-source-6.1 with block-core-patches applied"
run uname -r
sed 's/^/   /' /payload/kernel-info

say "Atomic write limits the block layer advertises (0 = no atomic support)"
for d in /sys/block/vd*; do
	s=$(cat "$d/serial" 2>/dev/null)
	if [ -e "$d/queue/atomic_write_segments" ]; then
		echo "   ${d##*/} ($s): atomic_write_segments=$(cat "$d/queue/atomic_write_segments") atomic_write_max_bytes=$(cat "$d/queue/atomic_write_max_bytes")"
	else
		echo "   ${d##*/} ($s): no atomic_write_segments attribute (series patch 1 not applied)"
	fi
done

say "Device-mapper targets in this kernel"
run dmsetup targets

if [ ! -f "${DMA_MODULE:-}" ]; then
	say "STOP: the dm-atomic target has not been built yet (dm-atomic/ has no module)."
	echo "   The rest of the demo (atomic lists, a power cut, recovery and verification) needs it."
	exit 0
fi
if [ -x /payload/tests/demo/atomic-demo.sh ]; then
	exec /payload/tests/demo/atomic-demo.sh
fi
say "dm-atomic module present"
run insmod "$DMA_MODULE"
run dmsetup targets
say "STOP: the full atomic-write demo (tests/demo/atomic-demo.sh) is not written yet."
exit 0
