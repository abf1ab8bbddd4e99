A zoned device never takes atomic lists: the writes of a list may lie anywhere, and the
sequential zones of a zoned device take writes only at their write pointers.  The block layer
keeps atomic_write_segments and atomic_write_max_bytes at 0 on a zoned queue whatever its
driver asks for, and an O_ATOMIC write or a BLKATOMICWRITE list for it fails with EOPNOTSUPP
before any I/O.  null_blk with zoned=1 and atomic_segs shows it (it needs a kernel built with
CONFIG_BLK_DEV_ZONED).

  $ . "$TESTDIR/lib.sh"
  $ A="python3 $TESTDIR/block-atomic.py"
  $ modprobe null_blk zoned=1 nr_devices=1 2>/dev/null || _skip "no zoned block devices in this kernel (CONFIG_BLK_DEV_ZONED is off)"
  $ rmmod null_blk

  $ modprobe null_blk queue_mode=0 memory_backed=1 atomic_segs=4 atomic_max_bytes=65536 bs=4096 gb=1 zoned=1 zone_size=64 nr_devices=1
  $ q=/sys/block/nullb0/queue; cat $q/zoned $q/atomic_write_segments $q/atomic_write_max_bytes $q/atomic_write_unit_max_bytes
  host-managed
  0
  0
  0
  $ $A write /dev/nullb0 0 4096 1
  EOPNOTSUPP
  [1]
  $ $A list /dev/nullb0 0:4096:1 131072:4096:2
  EOPNOTSUPP
  [1]

Nothing was written: null_blk reads a sequential zone past its write pointer as 0xff bytes,
and the first block still reads so.

  $ dd if=/dev/nullb0 bs=4k count=1 iflag=direct status=none | tr -d '\377' | wc -c
  0

A plain write at the write pointer still works.

  $ dd if=/dev/zero bs=4k count=1 status=none | tr '\0' x | dd of=/dev/nullb0 bs=4k oflag=direct status=none && echo written
  written
  $ dd if=/dev/nullb0 bs=4k count=1 iflag=direct status=none | tr -d x | wc -c
  0
  $ rmmod null_blk
