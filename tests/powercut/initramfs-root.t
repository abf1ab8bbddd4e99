The root file system on a dm-atomic device, booted through a real initramfs: Debian's stock
kernel, Debian's initramfs-tools with the hook and boot script of the dm-atomic-tools package,
the module built by DKMS (qemu-scripts/initramfs-boot.sh).  The first boot installs the
package, makes a small root file system on a dm-atomic device whose last file stays in the log
(not on the raw data disk), lists the device in /etc/atomictab with the option initramfs and
runs mkinitramfs.  The second boot has only the kernel, that initramfs and the two disks, with
root=/dev/mapper/root: the initramfs opens the device by its /dev/disk/by-id names (replaying
the log), the kernel mounts the root file system on it and its init finds the file.

  $ [ "${DMA_STOCK_SHARE:-}" != 0 ] || { echo "skipped: DMA_STOCK_SHARE=0 (no stock kernel)" >&2; exit 80; }
  $ log=$TOP/out/initramfs-boot.log
  $ "$TOP/qemu-scripts/initramfs-boot.sh" >"$log" 2>&1 || cat "$log"
  $ grep -E '^(boot 1: (log before|raw data disk|in the initramfs|mkinitramfs)|boot 2: (initramfs|root)|raw data disk|initramfs-boot: (root|the initramfs))' "$log" | sed -E 's/[0-9]+ transaction/N transaction/; s/[0-9]+ MiB/S MiB/'
  boot 1: log before the second boot: N transaction(s) not written back
  boot 1: raw data disk: /etc/marker absent
  boot 1: in the initramfs: dm-atomic.ko
  boot 1: in the initramfs: dm-mod.ko
  boot 1: in the initramfs: etc/atomictab
  boot 1: in the initramfs: etc/dm-atomic
  boot 1: in the initramfs: etc/dm-atomic/initramfs
  boot 1: in the initramfs: lib/udev/rules.d/58-dm-atomic.rules
  boot 1: in the initramfs: sbin/dm-atomic-setup
  boot 1: in the initramfs: sbin/dma-check
  boot 1: in the initramfs: scripts/local-top/dm-atomic
  boot 2: initramfs: activating root (the kernel replays the log if a crash left one)...
  boot 2: initramfs: /dev/mapper/root: S MiB, log ended: unwritten block, replayed N transaction(s)
  boot 2: root: mounted: /dev/mapper/root ext4
  boot 2: root: dm device: root on vda vdb
  boot 2: root: marker: written in the first boot, left in the log
  boot 2: root: DONE
  initramfs-boot: the initramfs replayed the N transaction(s) boot 1 left in the log
  raw data disk after boot 2: /etc/marker: written in the first boot, left in the log
  initramfs-boot: root on dm-atomic: ok
