#!/bin/bash
# The first boot of the initramfs test (qemu-scripts/initramfs-boot.sh), run in the guest as
# DMA_MODE=powercut on Debian's stock kernel: what an operator does to put the root file system
# on a dm-atomic device, up to update-initramfs.
#
# 1. Installs the dm-atomic-tools package (the initramfs-tools hook and boot script come with
#    it) and the DKMS-built module into /lib/modules/KREL/updates.
# 2. Makes a small root file system on /dev/mapper/root (data SCRATCH0, log SCRATCH1): busybox
#    and an /sbin/init that reports what it finds.  Every write is logged (all_writes_atomic);
#    a checkpoint writes it back.  Then /etc/marker is written, synced and left in the log
#    only (write-back delayed a minute, a removal that keeps the log): the raw data disk does
#    not have it, the next activation -- in the initramfs -- must replay it.
# 3. Names the pair in /etc/atomictab with the option initramfs (by /dev/disk/by-id names, as
#    the second boot has other disks around them), runs mkinitramfs and lists what went in.
# The initramfs goes back to the host on the results disk (initrd.img).  Lines for the host
# start with "@@DMA-IRD "; the last one is "@@DMA-IRD DONE" or "@@DMA-IRD FAIL ...".
set -u
export DM_DISABLE_UDEV=1
ird() { echo "@@DMA-IRD $*"; }
fail() { ird "FAIL $*"; exit 1; }
krel=$(uname -r)
out=/tmp/ird
mkdir -p $out

command -v mkinitramfs >/dev/null || fail "no mkinitramfs in the guest image (initramfs-tools)"
deb=$(ls /payload/deb/dm-atomic-tools_*.deb 2>/dev/null) || fail "no dm-atomic-tools package in out/deb"
dpkg -i "$deb" >/tmp/dpkg.log 2>&1 || { cat /tmp/dpkg.log; fail "dpkg -i $deb"; }
[ -x /usr/share/initramfs-tools/hooks/dm-atomic ] || fail "the package installed no initramfs hook"
mkdir -p "/lib/modules/$krel/updates"
cp "$DMA_MODULE" "/lib/modules/$krel/updates/" && depmod -a "$krel" || fail "installing the module"
modprobe dm-atomic || fail "modprobe dm-atomic"
ird "installed dm-atomic-tools $(dpkg-query -W -f '${Version}' dm-atomic-tools) and the module for $krel"
export PATH=/usr/sbin:/usr/bin:/sbin:/bin

# 2. The root file system, through the log.
dmsetup() { command dmsetup --noudevsync "$@"; }
dm-atomic-setup -q format "$SCRATCH0" "$SCRATCH1" >/dev/null || fail "format"
dm-atomic-setup --all-writes-atomic --writeback-delay-ms 60000 --no-suspend-writeback \
	open "$SCRATCH0" "$SCRATCH1" root >/dev/null || fail "open"
mkfs.ext4 -q -L dmaroot /dev/mapper/root || fail "mkfs"
mkdir -p /mnt/r && mount /dev/mapper/root /mnt/r || fail "mount"
mkdir -p /mnt/r/bin /mnt/r/sbin /mnt/r/proc /mnt/r/sys /mnt/r/dev /mnt/r/etc
cp /bin/busybox /mnt/r/bin/ || fail "busybox"
for lib in $(ldd /bin/busybox | grep -o '/[^ ]*'); do cp --parents -L "$lib" /mnt/r/; done
cat >/mnt/r/sbin/init <<'EOF'
#!/bin/busybox sh
# The root file system's init (tests/powercut/initramfs-prepare.sh): what it found, then off.
/bin/busybox mount -t proc proc /proc
/bin/busybox mount -t sysfs sysfs /sys
echo "@@DMA-ROOT mounted: $(/bin/busybox awk '$2 == "/" { print $1, $3 }' /proc/mounts)"
for d in /sys/block/dm-*; do
	echo "@@DMA-ROOT dm device: $(/bin/busybox cat $d/dm/name) on" $(/bin/busybox ls $d/slaves)
done
echo "@@DMA-ROOT marker: $(/bin/busybox cat /etc/marker 2>&1)"
echo "@@DMA-ROOT DONE"
/bin/busybox sync
/bin/busybox poweroff -f
EOF
chmod +x /mnt/r/sbin/init
sync -f /mnt/r/sbin/init
dmsetup message root 0 checkpoint >/dev/null || fail "checkpoint"
echo "written in the first boot, left in the log" >/mnt/r/etc/marker
sync -f /mnt/r/etc/marker || fail "sync of the marker"
umount /mnt/r || fail "umount"
dmsetup remove root || fail "remove"
ird "log before the second boot: $(dma-dump "$SCRATCH1" | grep -c '^txn ') transaction(s) not written back"
ird "raw data disk: /etc/marker $(debugfs -R 'stat /etc/marker' "$SCRATCH0" 2>/dev/null | grep -q '^Inode:' && echo present || echo absent)"

# 3. The atomictab and the initramfs.
cat >/etc/atomictab <<EOF
root  /dev/disk/by-id/virtio-scratch0  /dev/disk/by-id/virtio-scratch1  initramfs
EOF
# The kernel's configuration where an installed kernel has it (mkinitramfs checks it for the
# compression it uses).
# Only the modules this machine needs to mount its root (the hook adds dm-atomic's): a smaller
# initramfs, made faster, as many installations configure it.
sed -i 's/^MODULES=.*/MODULES=dep/' /etc/initramfs-tools/initramfs.conf
mkdir -p /boot; [ -f "/boot/config-$krel" ] || cp /payload/kernel-config "/boot/config-$krel" || fail "no kernel configuration on the payload"
mkinitramfs -o $out/initrd.img "$krel" >/tmp/mkinitramfs.log 2>&1 || { cat /tmp/mkinitramfs.log; fail "mkinitramfs"; }
# Its errors and the hook's warnings (the others are about this guest: a module tree without
# modules.builtin.modinfo, no md loaded).
grep -E '^(E:|W: dm-atomic)' /tmp/mkinitramfs.log | sed 's/^/@@DMA-IRD mkinitramfs: /'
lsinitramfs $out/initrd.img | grep -E '(^|/)(dm-atomic(\.ko)?|atomictab|initramfs|58-dm-atomic\.rules|dm-atomic-setup|dma-check|dm-mod\.ko)$' |
	sed 's|^usr/||; s|^lib/modules/[^/]*/.*/||' | sort -u | sed 's/^/@@DMA-IRD in the initramfs: /'
tar -C $out -cf "$DMA_RESULTS_DEV" . && sync
ird "initramfs: $(stat -c %s $out/initrd.img) bytes"
ird DONE
