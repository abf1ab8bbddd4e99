#!/usr/bin/env bash
# The root file system on a dm-atomic device, booted through a real initramfs (Debian's
# initramfs-tools with the dm-atomic hook), on Debian's stock kernel with the DKMS-built module.
#
#   initramfs-boot.sh [--out DIR]
#
# Boot 1 (tests/powercut/initramfs-prepare.sh in the guest image): installs the dm-atomic-tools
# package and the module, makes a small root file system on a dm-atomic device over scratch
# disks 0 (data) and 1 (log), leaves its last file in the log only, names the pair in
# /etc/atomictab with "initramfs" and runs mkinitramfs; the initramfs comes back on the
# results disk.
# Boot 2 (here): the same kernel, that initramfs, the two disks and root=/dev/mapper/root,
# nothing else: the initramfs opens the device (its activation replays the log), the kernel
# mounts the root file system on it, and its /sbin/init reports on the console what it found
# (lines "@@DMA-ROOT ...") and powers off.
# Prints what each boot reported and ends with "initramfs-boot: root on dm-atomic: ok" or
# "initramfs-boot: FAIL ..."; exit status 0 only for ok.  Logs: DIR/boot-1, DIR/boot-2
# (DIR defaults to out/initramfs-boot).  Needs the stock kernel (qemu-scripts/stock-kernel.sh,
# which downloads it once) and the dm-atomic-tools package in out/deb (make deb).
source "$(dirname "$0")/common.sh"
out=$TOP/out/initramfs-boot
while [ $# -gt 0 ]; do
	case "$1" in
	--out) out=$2; shift 2 ;;
	*) die "initramfs-boot.sh: unknown argument '$1' (see the comment at the top)" ;;
	esac
done
say() { echo "initramfs-boot: $*"; }
fail() { say "FAIL $*"; exit 1; }
ls "$TOP"/out/deb/dm-atomic-tools_*.deb >/dev/null 2>&1 || fail "no dm-atomic-tools package in out/deb (make deb builds it)"
build=${DMA_STOCK_BUILD:-$("$SCRIPTS/stock-kernel.sh")} || fail "no stock kernel (qemu-scripts/stock-kernel.sh failed)"
rootfs=${DMA_ROOTFS:-$("$SCRIPTS/rootfs.sh")}
rm -rf "$out"
mkdir -p "$out/disks"

# Boot 1: the guest image, as any test boot.
"$SCRIPTS/run-vm.sh" --build "$build" --rootfs "$rootfs" --out "$out/boot-1" --mode powercut \
	--disks "$out/disks" --timeout 600 --env DMA_PC_SCRIPT=initramfs-prepare.sh >"$out/boot-1.log" 2>&1 || true
tr -d '\r' <"$out/boot-1/console.log" >"$out/boot-1/console.txt" 2>/dev/null || : >"$out/boot-1/console.txt"
grep -a '^@@DMA-IRD ' "$out/boot-1/console.txt" | sed 's/^@@DMA-IRD /boot 1: /'
grep -aq '^@@DMA-IRD DONE' "$out/boot-1/console.txt" || fail "boot 1 did not finish (console: $out/boot-1/console.txt)"
initrd=$out/boot-1/results/initrd.img
[ -s "$initrd" ] || fail "boot 1 returned no initramfs"

# Boot 2: the stock kernel, the new initramfs, the two disks (by-id names virtio-scratch0/1),
# the root file system on /dev/mapper/root.
accel=$(qemu_accel_args "${DMA_ACCEL:-tcg}")
mkdir -p "$out/boot-2"
args=($accel -smp 2 -m 1024 -no-reboot -monitor none -display none -serial "file:$out/boot-2/console.log"
	-kernel "$build/arch/x86/boot/bzImage" -initrd "$initrd"
	-append "console=ttyS0 root=/dev/mapper/root ro panic=-1 pci=noacpi no_timer_check loglevel=5"
	$(qemu_disk "$out/disks/scratch0.img" scratch0) $(qemu_disk "$out/disks/scratch1.img" scratch1))
echo "qemu-system-x86_64 ${args[*]}" >"$out/boot-2/qemu-cmdline"
t0=$SECONDS
timeout 600 qemu-system-x86_64 "${args[@]}" </dev/null >"$out/boot-2/qemu.out" 2>&1
rc=$?
tr -d '\r' <"$out/boot-2/console.log" >"$out/boot-2/console.txt" 2>/dev/null || : >"$out/boot-2/console.txt"
[ $rc = 124 ] && say "boot 2 did not power off within 600 s"
# What the initramfs said about the device (the setup tool's lines), then the root's init.
grep -a -E '^(activating root|/dev/mapper/root:)' "$out/boot-2/console.txt" | sed 's/^/boot 2: initramfs: /'
grep -a '^@@DMA-ROOT ' "$out/boot-2/console.txt" | sed 's/^@@DMA-ROOT /boot 2: root: /'
say "boot 2 took $((SECONDS - t0)) s"
splat=$(grep -a -m1 'BUG:\|WARNING:\|Oops\|general protection fault\|Kernel panic' "$out/boot-2/console.txt" || true)
[ -z "$splat" ] || fail "kernel: $splat (console: $out/boot-2/console.txt)"
grep -aq '^@@DMA-ROOT DONE' "$out/boot-2/console.txt" || fail "the root file system's init did not run (console: $out/boot-2/console.txt)"
grep -aq '^@@DMA-ROOT mounted: /dev/mapper/root ' "$out/boot-2/console.txt" || fail "/ is not /dev/mapper/root"
grep -aq '^@@DMA-ROOT marker: written in the first boot, left in the log$' "$out/boot-2/console.txt" ||
	fail "the file left in the log is not in the root file system"
left=$(sed -n 's/^@@DMA-IRD log before the second boot: \([0-9]*\) transaction.*/\1/p' "$out/boot-1/console.txt")
replayed=$(sed -n 's/^\/dev\/mapper\/root: .*replayed \([0-9]*\) transaction.*/\1/p' "$out/boot-2/console.txt")
[ -n "$left" ] && [ "$left" -gt 0 ] && [ "$left" = "$replayed" ] ||
	fail "boot 1 left ${left:-?} transaction(s) in the log, the initramfs replayed ${replayed:-?}"
say "the initramfs replayed the $left transaction(s) boot 1 left in the log"
# The activation in the initramfs wrote the log back: the raw data disk has the file now.
debugfs -R 'cat /etc/marker' "$out/disks/scratch0.img" 2>/dev/null | sed 's/^/raw data disk after boot 2: \/etc\/marker: /'
say "root on dm-atomic: ok"
