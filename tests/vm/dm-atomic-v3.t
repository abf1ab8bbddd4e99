dm-atomic on the v3 series (skipped where the module was not built): the target says version
2.1.0 and advertises both capabilities, mainline's single atomic writes (unit_min = the data
device's logical block size, unit_max = the largest power of two not above max_bytes, boundary
0; statx says the same with one segment) and write lists (max_write_list_segments =
max_segments, write_list_max_bytes = max_bytes). Every power of two from unit_min to unit_max
lands whole as one transaction (RWF_ATOMIC), misaligned or oversized writes fail with EINVAL, a
three-range BLKWRITELIST is one more transaction of three logged bios, and a checkpoint writes
all of it back to the data device.

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomics-lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ W="python3 $TESTDIR/write-list.py"
  $ SZ=$(_sectors $SCRATCH0)
  $ dmsetup create dma --table "0 $SZ atomic $SCRATCH0 $SCRATCH1"
  $ dmsetup targets | grep atomic
  atomic           v2.1.0
  $ cat /sys/block/$(basename $SCRATCH0)/queue/logical_block_size
  512
  $ _atomic_limits /dev/mapper/dma
  unit_min=512 unit_max=524288 max_bytes=1048576 boundary=0
  $ q=/sys/dev/block/$(_majmin /dev/mapper/dma)/queue; cat $q/max_write_list_segments $q/write_list_max_bytes $q/write_cache
  128
  1048576
  write back
  $ _atomic_statx /dev/mapper/dma
  attr_known=1 atomic=1 unit_min=512 unit_max=524288 segments_max=1
  $ for n in 512 4096 8192 65536 131072 262144 524288; do echo "$n $(_atomic_write /dev/mapper/dma $((n * 4)) $n $n)"; done
  512 ok
  4096 ok
  8192 ok
  65536 ok
  131072 ok
  262144 ok
  524288 ok
  $ _atomic_check /dev/mapper/dma 262144 65536 65536
  match
  $ _atomic_write /dev/mapper/dma 4096 8192 3
  EINVAL
  $ _atomic_write /dev/mapper/dma 0 1048576 3
  EINVAL
  $ $W list /dev/mapper/dma 1048576:8192:4 262144:4096:5 2097152:16384:6
  ok
  $ dd if=/dev/mapper/dma bs=4k skip=256 count=2 iflag=direct status=none | cmp - <($W pattern 4 8192) && echo seg1
  seg1
  $ dd if=/dev/mapper/dma bs=4k skip=512 count=4 iflag=direct status=none | cmp - <($W pattern 6 16384) && echo seg3
  seg3
  $ dmsetup message dma 0 stats | grep -E '^(txns_committed|lists_committed|bios_logged)='
  txns_committed=8
  lists_committed=8
  bios_logged=10
  $ dmsetup message dma 0 checkpoint | sed 's/tail seq [0-9]*/tail seq N/'
  checkpoint done: log used 0/131071 blocks, tail seq N
  $ dd if=$SCRATCH0 bs=4k skip=512 count=4 iflag=direct status=none | cmp - <($W pattern 6 16384) && echo seg3 on the data device
  seg3 on the data device
  $ dmsetup remove dma
