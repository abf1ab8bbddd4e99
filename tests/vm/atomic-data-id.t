The superblock records the identity of the data device it belongs to: a DM uuid, a
partition uuid, or none (a whole disk: only its size is checked).  Activation with another
device of the same size, or a replay onto it with the tools, is refused with a specific
error; the tools read the identity the way the kernel does, and agree with it.

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_scratch 3
  $ _require_dm_atomic
  $ N=65536
  $ dmsetup create dd-m --table "0 16384 linear $SCRATCH1 0"; M=/dev/mapper/dd-m
  $ try() {
  >   dmesg -C
  >   if dmsetup create dma --table "$1" 2>/tmp/err; then echo accepted; dmsetup remove dma; return; fi
  >   sed -n 's/.*failed: /dmsetup: /p' /tmp/err
  >   dmesg | sed -n 's/.*device-mapper: table: [0-9]*:[0-9]*: atomic: //p' | tail -1
  >   dmesg | grep -o 'atomic: [a-z0-9-]*: .*not the data device[^(]*' | sed 's/^atomic: [a-z0-9-]*: //; s/dm-[0-9][0-9]*/DM/g; s/ *$//'
  > }
  $ zero_meta() { dd if=/dev/zero of=$M bs=1M count=1 oflag=direct status=none; }
  $ part() { sed "s|$(basename $SCRATCH2)1|PART|g"; }

Two DM devices of the same size with their own uuids (two slices of one disk).  Formatting
over the first records its uuid; the kernel log names it.

  $ dmsetup create dd-a -u TEST-DATA-A --table "0 $N linear $SCRATCH0 0"
  $ dmsetup create dd-b -u TEST-DATA-B --table "0 $N linear $SCRATCH0 $N"
  $ zero_meta; dmesg -C
  $ dmsetup create dma --table "0 $N atomic /dev/mapper/dd-a $M 1 no_suspend_writeback"
  $ dmesg | grep -o 'formatted a log.*' | sed 's/dm-[0-9][0-9]*/DM/'
  formatted a log of 2047 blocks; data device DM: dm-uuid TEST-DATA-A
  $ dma-dump --kv --live $M | head -1 | grep -o 'data_id=.*'
  data_id=dm-uuid:TEST-DATA-A
  $ _pattern 1 65536 >/tmp/p1; _dma_write /tmp/p1 /dev/mapper/dma 0
  $ dmsetup remove dma

The log still holds that list (no_suspend_writeback).  The other device is refused, by the
target with -EMEDIUMTYPE (dmsetup: "Wrong medium type") and both uuids in the kernel log,
and by the tools:

  $ try "0 $N atomic /dev/mapper/dd-b $M"
  dmsetup: Wrong medium type
  Data device is not the one the superblock records (-EMEDIUMTYPE)
  data device DM has dm-uuid TEST-DATA-B, the superblock records dm-uuid TEST-DATA-A: not the data device of this metadata
  $ try "0 $N atomic /dev/mapper/dd-b $M 1 read_only"
  dmsetup: Wrong medium type
  Data device is not the one the superblock records (-EMEDIUMTYPE)
  data device DM has dm-uuid TEST-DATA-B, the superblock records dm-uuid TEST-DATA-A: not the data device of this metadata
  $ dma-check --data-dev /dev/mapper/dd-b $M | tail -2
  data device: /dev/mapper/dd-b is not the data device of this metadata: the superblock records dm-uuid TEST-DATA-A, /dev/mapper/dd-b has dm-uuid TEST-DATA-B
  wrong data device
  $ dma-replay /dev/mapper/dd-b $M
  dma-replay: /dev/mapper/dd-b is not the data device of this metadata: the superblock records dm-uuid TEST-DATA-A, /dev/mapper/dd-b has dm-uuid TEST-DATA-B; nothing replayed (--ignore-data-id replays anyway)
  [2]
  $ dd if=/dev/mapper/dd-b bs=65536 count=1 status=none | cmp -s - /tmp/p1 || echo "nothing written there"
  nothing written there

A DM device without a uuid is refused too ("has none"); the right one activates and has the
list:

  $ dmsetup create dd-c --table "0 $N linear $SCRATCH0 $((2 * N))"
  $ try "0 $N atomic /dev/mapper/dd-c $M" | tail -1
  the superblock records data device dm-uuid TEST-DATA-A, DM has no dm-uuid: not the data device of this metadata
  $ dma-check -q --data-dev /dev/mapper/dd-a $M; echo "dma-check: $?"
  dma-check: 0
  $ dmsetup create dma --table "0 $N atomic /dev/mapper/dd-a $M"
  $ dd if=/dev/mapper/dma bs=65536 count=1 iflag=direct status=none | cmp - /tmp/p1 && echo "the list is there"
  the list is there
  $ dmsetup remove dma

Metadata without the feature (formatted by a version before it) checks only the size: the
other device of the same size activates, as before.

  $ dma-craft sb $M compat=0
  $ try "0 $N atomic /dev/mapper/dd-b $M"
  accepted
  $ dmsetup remove dd-a dd-b dd-c

A partition: its uuid is what the partition table gives it (MBR here: disk signature and
partition number; GPT: the partition's GUID).  Same partition, same size, another disk
signature: refused.

  $ mbr() {  # mbr DISK SIGNATURE: one partition of N sectors at sector 2048
  >   python3 - "$1" "$2" "$N" <<'PY'
  > import struct, sys
  > b = bytearray(512)
  > b[440:444] = struct.pack("<I", int(sys.argv[2], 16))
  > b[446:462] = struct.pack("<B3sB3sII", 0, b"\0\0\0", 0x83, b"\0\0\0", 2048, int(sys.argv[3]))
  > b[510:512] = b"\x55\xaa"
  > with open(sys.argv[1], "r+b") as f:
  >     f.write(b)
  > PY
  >   blockdev --rereadpt "$1"; udevadm settle 2>/dev/null; [ -b "${1}1" ] || echo "no ${1}1"
  > }
  $ mbr $SCRATCH2 1234abcd; zero_meta; dmesg -C
  $ dmsetup create dma --table "0 $N atomic ${SCRATCH2}1 $M"
  $ dmesg | grep -o 'formatted a log.*' | part
  formatted a log of 2047 blocks; data device PART: partuuid 1234abcd-01
  $ dmsetup remove dma
  $ dma-check -q --data-dev ${SCRATCH2}1 $M; echo "dma-check agrees: $?"
  dma-check agrees: 0
  $ mbr $SCRATCH2 5678ef01
  $ try "0 $N atomic ${SCRATCH2}1 $M" | part
  dmsetup: Wrong medium type
  Data device is not the one the superblock records (-EMEDIUMTYPE)
  data device PART has partuuid 5678ef01-01, the superblock records partuuid 1234abcd-01: not the data device of this metadata

If it is the right device after all (the data was copied to a new disk), dma-check records
the new identity:

  $ dma-check --data-dev ${SCRATCH2}1 --set-data-id $M | tail -1
  data device identity recorded: partuuid 5678ef01-01
  $ try "0 $N atomic ${SCRATCH2}1 $M"
  accepted

GPT: the partition's unique GUID, as blkid's PARTUUID; dma-check reads it from the table
as the kernel does.

  $ gpt() {  # gpt DISK GUID: one partition of N sectors at sector 2048, primary and backup tables
  >   python3 - "$1" "$2" "$N" <<'PY'
  > import struct, sys, uuid, zlib
  > dev, guid, n = sys.argv[1], uuid.UUID(sys.argv[2]), int(sys.argv[3])
  > last = int(open("/sys/class/block/%s/size" % dev.split("/")[-1]).read()) - 1
  > ent = bytearray(128 * 128)
  > ent[0:128] = struct.pack("<16s16sQQQ72s", uuid.UUID("0fc63daf-8483-4772-8e79-3d69d8477de4").bytes_le,
  >                          guid.bytes_le, 2048, 2048 + n - 1, 0, b"")
  > def header(my, alt, entries):
  >     h = bytearray(struct.pack("<8sIIIIQQQQ16sQIII", b"EFI PART", 0x10000, 92, 0, 0, my, alt, 34,
  >                               last - 33, uuid.UUID(int=1).bytes_le, entries, 128, 128, zlib.crc32(ent)))
  >     h[16:20] = struct.pack("<I", zlib.crc32(h))
  >     return bytes(h) + bytes(512 - len(h))
  > mbr = bytearray(512)
  > mbr[446:462] = struct.pack("<B3sB3sII", 0, b"\0\0\0", 0xee, b"\0\0\0", 1, 0xffffffff)
  > mbr[510:512] = b"\x55\xaa"
  > with open(dev, "r+b") as f:
  >     f.write(mbr + header(1, last, 2) + ent)
  >     f.seek((last - 32) * 512); f.write(ent + header(last, 1, last - 32))
  > PY
  >   blockdev --rereadpt "$1"; udevadm settle 2>/dev/null; [ -b "${1}1" ] || echo "no ${1}1"
  > }
  $ gpt $SCRATCH2 6a3d9c2e-1111-4a5b-8c7d-0123456789ab; zero_meta; dmesg -C
  $ dmsetup create dma --table "0 $N atomic ${SCRATCH2}1 $M"
  $ dmesg | grep -o 'formatted a log.*' | part
  formatted a log of 2047 blocks; data device PART: partuuid 6a3d9c2e-1111-4a5b-8c7d-0123456789ab
  $ dmsetup remove dma
  $ dma-check -q --data-dev ${SCRATCH2}1 $M; echo "dma-check agrees: $?"
  dma-check agrees: 0
  $ gpt $SCRATCH2 6a3d9c2e-2222-4a5b-8c7d-0123456789ab
  $ try "0 $N atomic ${SCRATCH2}1 $M" | part | tail -1
  data device PART has partuuid 6a3d9c2e-2222-4a5b-8c7d-0123456789ab, the superblock records partuuid 6a3d9c2e-1111-4a5b-8c7d-0123456789ab: not the data device of this metadata
  $ dma-check --data-dev ${SCRATCH2}1 $M | tail -1
  wrong data device
  $ dd if=/dev/zero of=$SCRATCH2 bs=1M count=1 oflag=direct status=none; blockdev --rereadpt $SCRATCH2

A whole disk has no identity the kernel can read: a disk of the same size is not told apart.

  $ zero_meta; dmsetup create dma --table "0 $N atomic $SCRATCH0 $M"
  $ dma-dump --kv --live $M | head -1 | grep -o 'data_id=.*'
  data_id=none
  $ dmsetup remove dma
  $ dd if=/dev/zero of=$SCRATCH2 bs=512 count=1 oflag=direct status=none; blockdev --rereadpt $SCRATCH2
  $ dmsetup remove dd-m
