A zoned device never takes write lists (v3 patch 26; port of v2's block-atomic-zoned.t, plan
6.4, names only): the ranges of a list may lie anywhere, and the sequential zones of a zoned
device take writes only at their write pointers.  The block layer keeps
max_write_list_segments and write_list_max_bytes at 0 on a zoned queue whatever its driver
asks for (disk_set_zoned()), and on a device stacked on one (blk_stack_limits()); a
BLKWRITELIST list for either fails with EOPNOTSUPP before any I/O.  null_blk with zoned=1 and
write_list_segments shows it, and dm-linear over it (it needs a kernel built with
CONFIG_BLK_DEV_ZONED).

Where v3 differs by design: v2's O_ATOMIC write is gone; single atomic writes (RWF_ATOMIC) are
mainline's, which a zoned device may take (atomic-single-nullblk.t checks them there), so only
the list is refused here.

  $ . "$TESTDIR/lib.sh"
  $ W="python3 $TESTDIR/write-list.py"
  $ modinfo null_blk 2>/dev/null | grep -q '^parm: *write_list_segments' || _skip "null_blk without write_list_segments (v3 patch 27)"
  $ modprobe null_blk zoned=1 nr_devices=1 2>/dev/null || _skip "no zoned block devices in this kernel (CONFIG_BLK_DEV_ZONED is off)"
  $ rmmod null_blk

  $ modprobe null_blk queue_mode=0 memory_backed=1 write_list_segments=4 write_list_max_bytes=65536 bs=4096 gb=1 zoned=1 zone_size=64 nr_devices=1
  $ q=/sys/block/nullb0/queue; cat $q/zoned $q/max_write_list_segments $q/write_list_max_bytes
  host-managed
  0
  0
  $ $W list /dev/nullb0 0:4096:1 131072:4096:2
  EOPNOTSUPP
  [1]
  $ $W list /dev/nullb0 0:4096:1
  EOPNOTSUPP
  [1]

dm-linear over the zoned device is zoned too, and takes no lists either.

  $ dmsetup create wlz-lin --table "0 $(_sectors /dev/nullb0) linear /dev/nullb0 0"
  $ q=/sys/dev/block/$(_majmin /dev/mapper/wlz-lin)/queue; cat $q/zoned $q/max_write_list_segments $q/write_list_max_bytes
  host-managed
  0
  0
  $ $W list /dev/mapper/wlz-lin 0:4096:1 131072:4096:2
  EOPNOTSUPP
  [1]
  $ dmsetup remove wlz-lin

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
