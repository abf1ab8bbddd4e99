#!/usr/bin/env bash
# make vm / make demo: build what is needed, then boot one guest in the given mode.
#   vm.sh shell|demo [lean|debug]
source "$(dirname "$0")/common.sh"
mode=${1:-shell} flavor=${2:-lean}
build=$("$SCRIPTS/kernel.sh" "$flavor")
rootfs=$("$SCRIPTS/rootfs.sh")
exec "$SCRIPTS/run-vm.sh" --build "$build" --rootfs "$rootfs" --out "$TOP/out/vm-$mode" \
	--mode "$mode" --timeout "${DMA_DEMO_TIMEOUT:-900}"
