#!/usr/bin/env bash
# Our kernel as Debian packages, installed and booted (tests/powercut/kernel-deb.t).
#
#   kernel-deb-boot.sh [--flavour lean|debian] [--out DIR]
#
# 1. qemu-scripts/kernel-deb.sh FLAVOUR makes the linux-image and linux-headers packages
#    (lean, the default: the lean test kernel packaged, quick; debian: Debian's whole
#    configuration, make kernel-deb, hours on 2 cores).
# 2. qemu-scripts/stock-kernel.sh with DMA_STOCK_DEBS unpacks them as it unpacks Debian's own
#    kernel (nothing is installed on this machine) and builds dm-atomic against the headers
#    package with DKMS and the dkms.conf of the dm-atomic-dkms package.
# 3. The guest boots the packaged kernel and runs tests/powercut/kernel-deb-check.sh: dpkg -i
#    of both packages, the kernel running is the package's, the DKMS module loads and a
#    dm-atomic device takes an atomic list.
# Prints what the guest reported and ends with "kernel-deb-boot: ok" or "kernel-deb-boot: FAIL
# ..."; exit status 0 only for ok.  Logs in DIR (default out/kernel-deb-boot).
source "$(dirname "$0")/common.sh"
out=$TOP/out/kernel-deb-boot flavor=lean
while [ $# -gt 0 ]; do
	case "$1" in
	--out) out=$2; shift 2 ;;
	--flavour|--flavor) flavor=$2; shift 2 ;;
	*) die "kernel-deb-boot.sh: unknown argument '$1' (see the comment at the top)" ;;
	esac
done
say() { echo "kernel-deb-boot: $*"; }
fail() { say "FAIL $*"; exit 1; }
rm -rf "$out"
mkdir -p "$out"
debs=$("$SCRIPTS/kernel-deb.sh" "$flavor" 2>"$out/kernel-deb.log") || { tail -n 20 "$out/kernel-deb.log"; fail "no packages (qemu-scripts/kernel-deb.sh $flavor)"; }
for d in "$debs"/linux-image-*.deb "$debs"/linux-headers-*.deb; do
	say "package: $(dpkg-deb -f "$d" Package) $(dpkg-deb -f "$d" Version) ($(du -h "$d" | cut -f1))"
done
build=$(DMA_STOCK_DEBS=$debs "$SCRIPTS/stock-kernel.sh" 2>"$out/unpack.log") ||
	{ tail -n 20 "$out/unpack.log"; fail "unpacking the packages or the DKMS build failed"; }
krel=$(cat "$build/kernelrelease")
ko=$build/$EXT_NAME/dm-atomic/dm-atomic.ko
[ "$(modinfo -F vermagic "$ko" 2>/dev/null | cut -d' ' -f1)" = "$krel" ] ||
	fail "DKMS made no dm-atomic.ko for $krel (log: $out/unpack.log)"
say "dm-atomic built by DKMS against linux-headers-$krel"
rootfs=${DMA_ROOTFS:-$("$SCRIPTS/rootfs.sh")}
mkdir -p "$out/kdeb"
cp "$debs"/linux-image-*.deb "$debs"/linux-headers-*.deb "$out/kdeb/"
sum=$(sha256sum <"$build/arch/x86/boot/bzImage" | cut -c1-64)
"$SCRIPTS/run-vm.sh" --build "$build" --rootfs "$rootfs" --out "$out/guest" --mode powercut \
	--timeout 600 --payload "$out/kdeb:kdeb" --env DMA_PC_SCRIPT=kernel-deb-check.sh \
	--env "DMA_KDEB_SHA=$sum" >"$out/guest.log" 2>&1 || true
tr -d '\r' <"$out/guest/console.log" >"$out/guest/console.txt" 2>/dev/null || : >"$out/guest/console.txt"
grep -a '^@@DMA-KDEB ' "$out/guest/console.txt" | sed 's/^@@DMA-KDEB /guest: /'
splat=$(grep -a -m1 'BUG:\|WARNING:\|Oops\|general protection fault\|Kernel panic' "$out/guest/console.txt" || true)
[ -z "$splat" ] || fail "kernel: $splat (console: $out/guest/console.txt)"
grep -aq '^@@DMA-KDEB DONE' "$out/guest/console.txt" || fail "the guest did not finish (console: $out/guest/console.txt)"
say ok
