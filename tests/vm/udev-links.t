The udev rule hides a raw data disk's file system but keeps its stable names: under a running
systemd-udevd, the data partition of an atomictab entry (named there by its PARTUUID, as the
documentation advises) holds a stale ext4 file system; the rule marks it, and udev makes its
/dev/disk/by-partuuid, by-partlabel and by-id links as for any partition, but no by-uuid or
by-label link for the file system, and no ID_FS_* properties (what fstab, LVM, RAID and
udisks go by).  The same after a second event (`udevadm trigger --action=change`).  The
metadata disk keeps its by-id link.  The rule adds /dev/disk/dm-atomic/NAME-data, which the
systemd generator waits for when the atomictab names the data disk by UUID= or LABEL=.  The daemon is stopped and its traces removed at the
end (other tests run without udev).

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 2
  $ [ -x /lib/systemd/systemd-udevd ] || _skip "no systemd-udevd in the guest"
  $ [ -e /dev/disk ] && had_disk=1 || had_disk=0; [ -e /run/udev ] && had_run=1 || had_run=0

A GPT with one partition (guest has no partitioning tool: written by hand).

  $ python3 - $SCRATCH0 <<'PY'
  > import os, struct, sys, uuid, zlib
  > fd = os.open(sys.argv[1], os.O_RDWR); n = os.lseek(fd, 0, 2) // 512
  > g = lambda s: uuid.UUID(s).bytes_le
  > ent = g("0fc63daf-8483-4772-8e79-3d69d8477de4") + g("6c1f0e4a-5b2d-4e8f-9a10-3c4d5e6f7a8b")
  > ent += struct.pack("<QQQ", 2048, 2048 + 131071, 0) + "dma-data".encode("utf-16-le").ljust(72, b"\0")
  > ents = ent.ljust(128 * 128, b"\0")
  > def hdr(me, alt, at):
  >     h = struct.pack("<8sIIIIQQQQ16sQIII", b"EFI PART", 0x10000, 92, 0, 0, me, alt, 34, n - 34,
  >                     g("0b1d2e3f-4a5b-4c6d-8e7f-901234567890"), at, 128, 128, zlib.crc32(ents))
  >     return (h[:16] + struct.pack("<I", zlib.crc32(h)) + h[20:]).ljust(512, b"\0")
  > mbr = bytearray(512); mbr[446:462] = struct.pack("<8BII", 0, 0, 2, 0, 0xEE, 0xFF, 0xFF, 0xFF, 1, min(n - 1, 0xFFFFFFFF)); mbr[510:] = b"\x55\xaa"
  > for data, lba in ((bytes(mbr), 0), (hdr(1, n - 1, 2), 1), (ents, 2), (ents, n - 33), (hdr(n - 1, 1, n - 33), n - 1)):
  >     os.pwrite(fd, data, lba * 512)
  > os.close(fd)
  > PY
  $ blockdev --rereadpt $SCRATCH0; P=${SCRATCH0}1; [ -b $P ] && echo "partition $P" | _filter_scratch
  partition SCRATCH01
  $ mkfs.ext4 -q -E nodiscard -U 3b7d2c1e-0f9a-4b8c-8d7e-6f5a4b3c2d1e -L stale $P
  $ dma-format -d $P $SCRATCH1 >/dev/null
  $ cat >/etc/atomictab <<EOF
  > db  PARTUUID=6c1f0e4a-5b2d-4e8f-9a10-3c4d5e6f7a8b  /dev/disk/by-id/virtio-scratch1
  > EOF
  $ mkdir -p /etc/udev/rules.d
  $ sed 's|@SBINDIR@|/payload/bin|' /payload/system/58-dm-atomic.rules >/etc/udev/rules.d/58-dm-atomic.rules
  $ /lib/systemd/systemd-udevd --daemon >/dev/null 2>&1
  $ check() {
  >   udevadm info -q property -n $P | grep -E '^(DM_ATOMIC_[A-Z]*|ID_FS_[A-Z_]*|ID_PART_ENTRY_(UUID|NAME)|SYSTEMD_READY|UDISKS_IGNORE)=' | sort
  >   for l in by-partuuid/6c1f0e4a-5b2d-4e8f-9a10-3c4d5e6f7a8b by-partlabel/dma-data by-id/virtio-scratch0-part1 by-uuid/3b7d2c1e-0f9a-4b8c-8d7e-6f5a4b3c2d1e by-label/stale dm-atomic/db-data by-id/virtio-scratch1; do
  >     [ -e /dev/disk/$l ] && echo "$l: $(readlink -f /dev/disk/$l)" || echo "$l: none"
  >   done | _filter_scratch
  > }
  $ udevadm trigger --action=add --settle /sys/class/block/${SCRATCH1##*/} /sys/class/block/${SCRATCH0##*/} /sys/class/block/${P##*/}
  $ check
  DM_ATOMIC_NAME=db
  DM_ATOMIC_ROLE=data
  ID_PART_ENTRY_NAME=dma-data
  ID_PART_ENTRY_UUID=6c1f0e4a-5b2d-4e8f-9a10-3c4d5e6f7a8b
  UDISKS_IGNORE=1
  by-partuuid/6c1f0e4a-5b2d-4e8f-9a10-3c4d5e6f7a8b: SCRATCH01
  by-partlabel/dma-data: SCRATCH01
  by-id/virtio-scratch0-part1: SCRATCH01
  by-uuid/3b7d2c1e-0f9a-4b8c-8d7e-6f5a4b3c2d1e: none
  by-label/stale: none
  dm-atomic/db-data: SCRATCH01
  by-id/virtio-scratch1: SCRATCH1
  $ udevadm info -q property -n $SCRATCH1 | grep -E '^(DM_ATOMIC_ROLE|UDISKS_IGNORE)='
  DM_ATOMIC_ROLE=metadata
  UDISKS_IGNORE=1
  $ udevadm trigger --action=change --settle /sys/class/block/${P##*/}
  $ check
  DM_ATOMIC_NAME=db
  DM_ATOMIC_ROLE=data
  ID_PART_ENTRY_NAME=dma-data
  ID_PART_ENTRY_UUID=6c1f0e4a-5b2d-4e8f-9a10-3c4d5e6f7a8b
  UDISKS_IGNORE=1
  by-partuuid/6c1f0e4a-5b2d-4e8f-9a10-3c4d5e6f7a8b: SCRATCH01
  by-partlabel/dma-data: SCRATCH01
  by-id/virtio-scratch0-part1: SCRATCH01
  by-uuid/3b7d2c1e-0f9a-4b8c-8d7e-6f5a4b3c2d1e: none
  by-label/stale: none
  dm-atomic/db-data: SCRATCH01
  by-id/virtio-scratch1: SCRATCH1

Without the rule the same partition gets its file system's links (what the rule prevents).

  $ rm /etc/udev/rules.d/58-dm-atomic.rules; udevadm control --reload
  $ udevadm trigger --action=change --settle /sys/class/block/${P##*/}
  $ check | grep -E '^(ID_FS_UUID=|by-uuid|by-label)'
  ID_FS_UUID=3b7d2c1e-0f9a-4b8c-8d7e-6f5a4b3c2d1e
  by-uuid/3b7d2c1e-0f9a-4b8c-8d7e-6f5a4b3c2d1e: SCRATCH01
  by-label/stale: SCRATCH01

  $ _udevd_stop
  $ rm /etc/atomictab
  $ dd if=/dev/zero of=$SCRATCH0 bs=1M count=1 oflag=direct status=none; dd if=/dev/zero of=$SCRATCH0 bs=1M seek=$(($(_sectors $SCRATCH0) / 2048 - 1)) count=1 oflag=direct status=none
  $ blockdev --rereadpt $SCRATCH0; [ -b $P ] || echo "partition gone"
  partition gone
  $ [ $had_disk = 1 ] || rm -rf /dev/disk; [ $had_run = 1 ] || rm -rf /run/udev
