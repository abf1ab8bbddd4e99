#!/usr/bin/env bash
# make vm / make demo: build what is needed, then boot the guest.
#   vm.sh shell|demo [lean|debug]
# demo boots twice on the same scratch disks: the first boot writes atomic lists until the
# host kills QEMU (a power cut at a random moment), the second recovers and verifies.
source "$(dirname "$0")/common.sh"
mode=${1:-shell} flavor=${2:-lean}
build=$("$SCRIPTS/kernel.sh" "$flavor")
rootfs=$("$SCRIPTS/rootfs.sh")
if [ "$mode" = shell ]; then
	exec "$SCRIPTS/run-vm.sh" --build "$build" --rootfs "$rootfs" --out "$TOP/out/vm-shell" --mode shell --timeout 86400
fi
disks=$TOP/out/demo-disks
rm -rf "$disks"
cut=$((3 + RANDOM % 6))
log "demo, boot 1 of 2: atomic writes, then a power cut ${cut} s into the write stream"
"$SCRIPTS/run-vm.sh" --build "$build" --rootfs "$rootfs" --out "$TOP/out/demo-1" --mode demo \
	--disks "$disks" --cut-after "$cut" --timeout 600
if [ ! -f "$TOP/out/demo-1/power-cut" ]; then
	log "demo: the first boot ended without reaching the power cut (see $TOP/out/demo-1/console.log)"
	exit 1
fi
log "demo, boot 2 of 2: the same disks after the power cut: recovery and verification"
"$SCRIPTS/run-vm.sh" --build "$build" --rootfs "$rootfs" --out "$TOP/out/demo-2" --mode demo-recover \
	--disks "$disks" --timeout 600
rc=0
grep -aq '^VERDICT: no torn list' "$TOP/out/demo-2/console.log" || rc=1
rm -rf "$disks"
[ $rc = 0 ] && log "demo: done — every atomic list survived the power cut whole or not at all" ||
	log "demo: FAILED — see $TOP/out/demo-2/console.log"
exit $rc
