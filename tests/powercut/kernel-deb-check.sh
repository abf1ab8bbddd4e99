#!/bin/bash
# The guest side of tests/powercut/kernel-deb.t (qemu-scripts/kernel-deb-boot.sh), run as
# DMA_MODE=powercut on the kernel taken from our linux-image package:
# 1. dpkg installs the linux-image and linux-headers packages (on the payload in /payload/kdeb)
#    as on any Debian 12 machine: their maintainer scripts run /etc/kernel/postinst.d, which
#    makes /boot/initrd.img-KREL with initramfs-tools;
# 2. the running kernel is the package's (its /boot/vmlinuz has the SHA-256 the host booted);
# 3. the dm-atomic module DKMS built against the linux-headers package loads, and a dm-atomic
#    device takes an atomic list (the series is in the packaged kernel) and reads it back.
# Lines for the host start with "@@DMA-KDEB "; the last one is "@@DMA-KDEB DONE" or
# "@@DMA-KDEB FAIL ...".
set -u
export DM_DISABLE_UDEV=1
kd() { echo "@@DMA-KDEB $*"; }
fail() { kd "FAIL $*"; exit 1; }
export PATH=/usr/sbin:/usr/bin:/sbin:/bin:$PATH
krel=$(uname -r)
kd "running kernel: $krel"

# 1. The packages.
img=$(ls /payload/kdeb/linux-image-"${krel}"_*.deb 2>/dev/null | head -n1)
hdr=$(ls /payload/kdeb/linux-headers-"${krel}"_*.deb 2>/dev/null | head -n1)
[ -n "$img" ] && [ -n "$hdr" ] || fail "no linux-image-$krel and linux-headers-$krel packages on the payload"
# A small initramfs, made faster (what the hook makes is not booted here).
sed -i 's/^MODULES=.*/MODULES=dep/' /etc/initramfs-tools/initramfs.conf
dpkg -i "$img" "$hdr" >/tmp/dpkg.log 2>&1 || { cat /tmp/dpkg.log; fail "dpkg -i $(basename "$img") $(basename "$hdr")"; }
for p in "linux-image-$krel" "linux-headers-$krel"; do
	kd "installed: $p $(dpkg-query -W -f '${Version} ${Status}' "$p")"
done
[ -s "/boot/initrd.img-$krel" ] && kd "the package's hooks made /boot/initrd.img-$krel" ||
	{ cat /tmp/dpkg.log; fail "no /boot/initrd.img-$krel after dpkg -i"; }
[ -f "/lib/modules/$krel/build/Makefile" ] && [ -f "/lib/modules/$krel/build/Module.symvers" ] &&
	kd "/lib/modules/$krel/build: the headers DKMS builds against" || fail "/lib/modules/$krel/build is incomplete"

# 2. The running kernel is the one the package installed.
sum=$(sha256sum <"/boot/vmlinuz-$krel" | cut -c1-64)
[ "$sum" = "${DMA_KDEB_SHA:-}" ] && kd "/boot/vmlinuz-$krel is the kernel running" ||
	fail "/boot/vmlinuz-$krel ($sum) is not the kernel the host booted (${DMA_KDEB_SHA:-?})"

# 3. The DKMS module, a dm-atomic device and an atomic list.
[ "$(modinfo -F vermagic "$DMA_MODULE" | cut -d' ' -f1)" = "$krel" ] && kd "dm-atomic (DKMS) built for $krel" ||
	fail "the DKMS module is not built for $krel"
insmod "$DMA_MODULE" || fail "insmod $DMA_MODULE"
. /payload/tests/vm/lib.sh
. /payload/tests/vm/atomic-lib.sh
SZ=$(_sectors "$SCRATCH0")
dmsetup create kdeb --table "0 $SZ atomic $SCRATCH0 $SCRATCH1" || fail "dmsetup create"
q=/sys/dev/block/$(_majmin /dev/mapper/kdeb)/queue
kd "dm-atomic device: write lists of $(_list_limits /dev/mapper/kdeb | sed 's/ / segments, /') bytes"
_dma_lists /dev/mapper/kdeb || fail "the device takes no atomic lists: the package has no series"
r=$(_dma_ioctl /dev/mapper/kdeb 5 16+4 1024+2 64+1)
[ "$r" = ok ] || fail "an atomic list of 3 ranges: $r"
i=0
for rg in 16+4 1024+2 64+1; do
	dd if=/dev/mapper/kdeb bs=4096 skip=${rg%+*} count=${rg#*+} iflag=direct status=none |
		cmp -s - /tmp/seg.$i || fail "range $i reads back other data"
	i=$((i + 1))
done
kd "an atomic list of 3 ranges: written, read back whole, $(_dma_stat kdeb txns_committed) transaction(s)"
dmsetup remove kdeb || fail "dmsetup remove"
rmmod dm_atomic || fail "rmmod dm_atomic"
kd DONE
