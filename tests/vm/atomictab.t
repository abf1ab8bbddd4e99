Boot-time activation from an atomictab, in the guest.  The guest has no systemd (and no udev
daemon), so this runs what the generated units run (dm-atomic-setup open-tab and close-tab,
tested as they are here; the generator's output is checked on the host in
tests/host/atomictab.t), and the udev rule through `udevadm test`, which applies the rules to
a device without the daemon.

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_scratch 4
  $ _require_dm_atomic
  $ command -v udevadm >/dev/null || _skip "no udevadm in the guest"

A file system made through a dm-atomic device is visible on its raw data disk once written
back: the tab may name the data disk by that UUID.

  $ dm-atomic-setup -q open $SCRATCH0 $SCRATCH1 db >/dev/null
  $ mkfs.ext4 -q -E nodiscard -U 6d5e1f40-0a3b-4c2d-9e8f-123456789abc /dev/mapper/db
  $ dm-atomic-setup close db
  $ blkid -o value -s UUID $SCRATCH0
  6d5e1f40-0a3b-4c2d-9e8f-123456789abc
  $ cat >/etc/atomictab <<EOF
  > # name  data                                       metadata   options
  > db      UUID=6d5e1f40-0a3b-4c2d-9e8f-123456789abc  $SCRATCH1  max-bytes=256K,high-watermark=60
  > log2    $SCRATCH2                                  $SCRATCH3  noauto
  > EOF
  $ dm-atomic-setup list-tab | _filter_scratch
  db UUID=6d5e1f40-0a3b-4c2d-9e8f-123456789abc SCRATCH1 max-bytes=256K,high-watermark=60
  log2 SCRATCH2 SCRATCH3 noauto

open-tab opens every entry but the noauto ones, with the options as feature arguments; a
second run leaves active devices alone; a noauto entry opens when named.

  $ dm-atomic-setup open-tab
  activating db (the kernel replays the log if a crash left one)...
  /dev/mapper/db: 512 MiB, log ended: unwritten block, replayed 0 transaction(s)
  $ dmsetup table db | sed "s/$(_majmin $SCRATCH0) $(_majmin $SCRATCH1)/DATA META/"
  0 1048576 atomic DATA META 4 max_bytes 262144 high_watermark 60
  $ dmsetup ls | cut -f1 | sort
  db
  $ dm-atomic-setup open-tab
  db: active already
  $ dm-atomic-setup open-tab log2 | tail -n 1
  /dev/mapper/log2: 512 MiB, metadata formatted, replayed 0 transaction(s)
  $ blkid -o value -s TYPE /dev/mapper/db
  ext4

The udev rule hides the raw disks: without it udev would see an ext4 file system on the data
disk (a /dev/disk/by-uuid link, something to mount); with it the disk is marked, ignored by
udisks, and neither the data nor the metadata disk shows a file system (tests/vm/udev-links.t:
their stable links stay).

  $ [ -e /dev/disk ] && had_disk=1 || had_disk=0; [ -e /run/udev ] && had_run=1 || had_run=0
  $ props() { udevadm test --action=add "/sys/class/block/${1##*/}" 2>/dev/null | grep -E '^(DM_ATOMIC_[A-Z]*|SYSTEMD_READY|ID_FS_TYPE|UDISKS_IGNORE)=' | sort; }
  $ props $SCRATCH0
  ID_FS_TYPE=ext4
  $ sed 's|@SBINDIR@|/payload/bin|' /payload/system/58-dm-atomic.rules >/etc/udev/rules.d/58-dm-atomic.rules
  $ props $SCRATCH0
  DM_ATOMIC_NAME=db
  DM_ATOMIC_ROLE=data
  UDISKS_IGNORE=1
  $ props $SCRATCH1
  DM_ATOMIC_ROLE=metadata
  UDISKS_IGNORE=1

close-tab closes them all, the last entry first.  A bad line is reported and skipped: the
other entries are opened and closed all the same (the exit status says a line was bad).

  $ dm-atomic-setup close-tab
  $ dmsetup ls
  No devices found
  $ echo "db2 $SCRATCH2" >>/etc/atomictab
  $ dm-atomic-setup open-tab
  dm-atomic-setup: /etc/atomictab:4: expected NAME DATA META [OPTIONS] (line skipped)
  activating db (the kernel replays the log if a crash left one)...
  /dev/mapper/db: 512 MiB, log ended: unwritten block, replayed 0 transaction(s)
  [1]
  $ dmsetup ls | cut -f1
  db
  $ dm-atomic-setup close-tab
  dm-atomic-setup: /etc/atomictab:4: expected NAME DATA META [OPTIONS] (line skipped)
  [1]
  $ dmsetup ls
  No devices found
  $ rm /etc/atomictab /etc/udev/rules.d/58-dm-atomic.rules

udevadm test made udev's links (/dev/disk/...) and /run/udev: they go too, other tests do not
expect them (mdadm and LVM take /run/udev for a running udev and wait for it).

  $ [ $had_disk = 1 ] || rm -rf /dev/disk; [ $had_run = 1 ] || rm -rf /run/udev
