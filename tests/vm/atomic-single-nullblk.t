Single atomic writes (REQ_ATOMIC, RWF_ATOMIC) on one device, null_blk with the atomic_write
parameters of v3 patch 11: the four queue/atomic_write_* files report what the parameters ask
for, as far as max_hw_sectors and one bio allow; statx reports the same units, segments_max 1
and STATX_ATTR_WRITE_ATOMIC; every power of two from unit_min to unit_max, naturally aligned,
is written whole, synchronously, through io_uring and through libaio; each other shape fails
with mainline's errno and writes nothing; a partition that does not start on a unit reports no
atomic writes; bad parameters are refused at load, naming the parameter.  The checks follow
blktests scsi/009 and nvme/059 (sysfs, statx, RWF_ATOMIC at unit_max, unit_max + LBS, unit_min)
and the block-device part of xfstests generic/765 (each size, alignment, iovec count, O_DIRECT).

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomics-lib.sh"
  $ _require_v3_atomics
  $ _require_nullblk_atomic
  $ insert_err() { sed "s/^modprobe: ERROR: could not insert 'null_blk': //"; }

Bad combinations fail to load with EINVAL and a message naming the parameter (plan 7d): each
unit a power of two, block size <= unit_min <= unit_max <= atomic_write_max_bytes <= boundary
(0: none), and on a zoned device nothing larger than a zone.

  $ bad() { dmesg -C; modprobe null_blk bs=4096 atomic_write=1 "$@" 2>&1 | insert_err; dmesg | grep -o 'null_blk: atomic_write.*'; }
  $ bad atomic_write_unit_min=2048
  Invalid argument
  null_blk: atomic_write_unit_min must be a power of two, at least the block size
  $ bad atomic_write_unit_min=12288
  Invalid argument
  null_blk: atomic_write_unit_min must be a power of two, at least the block size
  $ bad atomic_write_unit_min=8192 atomic_write_unit_max=4096
  Invalid argument
  null_blk: atomic_write_unit_max (default atomic_write_max_bytes) must be a power of two, at least atomic_write_unit_min
  $ bad atomic_write_unit_max=65536 atomic_write_max_bytes=98304
  Invalid argument
  null_blk: atomic_write_max_bytes must be a power of two, at least atomic_write_unit_max
  $ bad atomic_write_unit_max=65536 atomic_write_max_bytes=32768
  Invalid argument
  null_blk: atomic_write_max_bytes must be a power of two, at least atomic_write_unit_max
  $ bad atomic_write_max_bytes=65536 atomic_write_boundary=32768
  Invalid argument
  null_blk: atomic_write_boundary must be 0 or a power of two, at least atomic_write_max_bytes
  $ bad zoned=1 zone_size=1 atomic_write_max_bytes=2097152
  Invalid argument
  null_blk: atomic_write_max_bytes and atomic_write_boundary must not exceed zone_size
  $ grep -c '^null_blk ' /proc/modules
  0
  [1]

Without atomic_write=1 the other parameters are not looked at, and the device has no atomic
writes.  (atomic-unsupported.t checks such a device in full.)

  $ modprobe null_blk nr_devices=1 bs=4096 atomic_write_unit_min=12288
  $ _atomic_limits /dev/nullb0
  unit_min=0 unit_max=0 max_bytes=0 boundary=0
  $ rmmod null_blk

The device of the plan (6.3): units 4 KiB to 64 KiB, atomic_write_max_bytes 128 KiB (larger
than unit_max on purpose: requests may merge up to it), max_hw_sectors 512 KiB, memory backed.
Where mq-deadline exists it is the scheduler, so that atomic requests meet a merging elevator.

  $ P="nr_devices=1 bs=4096 gb=1 memory_backed=1 atomic_write=1 atomic_write_unit_min=4096 atomic_write_unit_max=65536 atomic_write_max_bytes=131072"
  $ modprobe null_blk queue_mode=2 max_sectors=1024 $P
  $ N=/dev/nullb0; q=$(_atomic_qdir $N)
  $ echo mq-deadline 2>/dev/null >$q/scheduler || true
  $ cat $q/max_hw_sectors_kb $q/logical_block_size
  512
  4096
  $ _atomic_limits $N
  unit_min=4096 unit_max=65536 max_bytes=131072 boundary=0
  $ _atomic_statx $N
  attr_known=1 atomic=1 unit_min=4096 unit_max=65536 segments_max=1

The files are read-only.

  $ ls -l $q/atomic_write_unit_min_bytes $q/atomic_write_unit_max_bytes $q/atomic_write_max_bytes $q/atomic_write_boundary_bytes | cut -c1-10
  -r--r--r--
  -r--r--r--
  -r--r--r--
  -r--r--r--
  $ echo 4096 >$q/atomic_write_unit_max_bytes
  .*: Permission denied (re)
  [1]

Every allowed size, at an offset that is a multiple of it, lands whole and reads back; also at
offset 0 and with RWF_DSYNC.

  $ for l in 4096 8192 16384 32768 65536; do echo "$l: $(_atomic_write $N $l $l $l) $(_atomic_check $N $l $l $l)"; done
  4096: ok match
  8192: ok match
  16384: ok match
  32768: ok match
  65536: ok match
  $ _atomic_write $N 0 65536 9; _atomic_check $N 0 65536 9
  ok
  match
  $ _atomic_write -d $N 1048576 16384 10; _atomic_check $N 1048576 16384 10
  ok
  match

Every other shape is refused before any I/O (the first MiB and the last 64 KiB stay as they
are): larger than unit_max (also when within atomic_write_max_bytes), not a power of two,
not aligned to its length, not a whole number of blocks, below unit_min, odd lengths and
offsets (generic/765's bsize - 1, bsize + 1, offset 1), two iovecs: EINVAL;
without O_DIRECT and as a read: EOPNOTSUPP; at the end of the device: ENOSPC.

  $ sum() { (head -c 1048576 $N; tail -c 65536 $N) | md5sum; }; before=$(sum)
  $ _atomic_write $N 0 131072 11
  EINVAL
  $ _atomic_write $N 0 69632 11
  EINVAL
  $ _atomic_write $N 0 12288 11
  EINVAL
  $ _atomic_write $N 4096 8192 11
  EINVAL
  $ _atomic_write $N 512 4096 11
  EINVAL
  $ _atomic_write $N 0 2048 11
  EINVAL
  $ _atomic_write $N 0 4095 11; _atomic_write $N 0 4097 11; _atomic_write $N 1 4096 11
  EINVAL
  EINVAL
  EINVAL
  $ _atomic_write -v 2 $N 0 8192 11
  EINVAL
  $ _atomic_write -B $N 0 4096 11
  EOPNOTSUPP
  $ _atomic_write -r $N 0 4096 11
  EOPNOTSUPP
  $ _atomic_write $N 1073741824 4096 11
  ENOSPC
  $ [ "$(sum)" = "$before" ] && echo unchanged
  unchanged

io_uring and libaio take RWF_ATOMIC too (a single buffer each); io_uring's fixed buffers are
not one user buffer (the kernel sees bio_vecs): EINVAL, as in mainline.

  $ dma-rwf uring $N 8 16384 21 | sed 's/; in flight.*//'
  io_uring: 8 atomic writes of 16384 bytes: 8 ok, 0 failed
  $ _atomic_check $N 0 131072 21
  match
  $ dma-rwf aio $N 8 8192 22 | sed 's/; in flight.*//'
  libaio: 8 atomic writes of 8192 bytes: 8 ok, 0 failed
  $ _atomic_check $N 0 65536 22
  match
  $ dma-rwf uring -f $N 8 16384 23 >/tmp/fixed; echo "exit $?"; sed 's/; in flight.*//' /tmp/fixed
  exit 1
  first failure: EINVAL
  io_uring: 8 atomic writes of 16384 bytes: 0 ok, 8 failed
  $ _atomic_check $N 0 65536 22
  match
  $ rmmod null_blk

null_blk's default max_hw_sectors (255 sectors, rounded down to 248 for 4 KiB blocks) bounds
both: atomic_write_max_bytes becomes 126976, unit_max (by default the largest power of two
within atomic_write_max_bytes, 128 KiB) 64 KiB (scsi/009 TEST 2: the parameter when it fits
max_hw, else max_hw).

  $ modprobe null_blk nr_devices=1 bs=4096 gb=1 memory_backed=1 atomic_write=1 atomic_write_max_bytes=131072
  $ cat $(_atomic_qdir $N)/max_hw_sectors_kb
  124
  $ _atomic_limits $N
  unit_min=4096 unit_max=65536 max_bytes=126976 boundary=0
  $ _atomic_write $N 0 65536 12; _atomic_write $N 0 131072 12
  ok
  EINVAL
  $ rmmod null_blk

The same in bio mode (queue_mode=0).

  $ modprobe null_blk queue_mode=0 max_sectors=1024 $P
  $ _atomic_limits $N
  unit_min=4096 unit_max=65536 max_bytes=131072 boundary=0
  $ _atomic_statx $N
  attr_known=1 atomic=1 unit_min=4096 unit_max=65536 segments_max=1
  $ for l in 4096 65536 131072 12288; do echo "$l: $(_atomic_write $N 0 $l 13)"; done
  4096: ok
  65536: ok
  131072: EINVAL
  12288: EINVAL
  $ _atomic_check $N 0 65536 13
  match
  $ rmmod null_blk

A boundary (as NVMe has) is reported as given; a naturally aligned write up to unit_max never
crosses it.

  $ modprobe null_blk nr_devices=1 bs=4096 gb=1 memory_backed=1 max_sectors=1024 atomic_write=1 atomic_write_unit_max=16384 atomic_write_max_bytes=65536 atomic_write_boundary=65536
  $ _atomic_limits $N
  unit_min=4096 unit_max=16384 max_bytes=65536 boundary=65536
  $ _atomic_write $N 49152 16384 14; _atomic_write $N 65536 32768 14
  ok
  EINVAL
  $ rmmod null_blk

A zoned device takes atomic writes too (mainline puts no zoned rule on them; its zones are
chunks that an atomic write may not cross, 4 MiB here): at the write pointer of an empty zone.

  $ modprobe null_blk queue_mode=0 zoned=1 zone_size=4 nr_devices=1 bs=4096 gb=1 memory_backed=1 max_sectors=1024 atomic_write=1 atomic_write_unit_max=65536 atomic_write_max_bytes=65536
  $ cat $(_atomic_qdir $N)/zoned; _atomic_limits $N
  host-managed
  unit_min=4096 unit_max=65536 max_bytes=65536 boundary=0
  $ _atomic_write $N 4194304 65536 18; _atomic_check $N 4194304 65536 18
  ok
  match
  $ rmmod null_blk

Partitions (added with BLKPG, no table needed).  Units 8 KiB to 64 KiB: partition 1 starts 4 KiB
into the disk, not on a unit: statx does not answer STATX_WRITE_ATOMIC and RWF_ATOMIC fails
with EOPNOTSUPP, while plain writes work.  Partition 2 starts at 1 MiB and keeps the units; its
size (1 MiB + 4 KiB) is not a multiple of 8 KiB, so an aligned atomic write can reach past its
end: EINVAL, where a plain write is shortened.

  $ modprobe null_blk nr_devices=1 bs=4096 gb=1 memory_backed=1 max_sectors=1024 atomic_write=1 atomic_write_unit_min=8192 atomic_write_unit_max=65536
  $ addpart $N 1 8 2040 && addpart $N 2 2048 2056
  $ blockdev --getsize64 ${N}p1 ${N}p2
  1044480
  1052672
  $ _atomic_statx $N
  attr_known=1 atomic=1 unit_min=8192 unit_max=65536 segments_max=1
  $ _atomic_statx ${N}p1
  STATX_WRITE_ATOMIC not reported
  $ _atomic_write ${N}p1 8192 8192 15; _atomic_write -p ${N}p1 8192 8192 15
  EOPNOTSUPP
  ok
  $ _atomic_statx ${N}p2
  attr_known=1 atomic=1 unit_min=8192 unit_max=65536 segments_max=1
  $ _atomic_write ${N}p2 0 65536 16
  ok

The partition's offset 0 is the disk's 1 MiB (dma-rwf's pattern repeats every 256 blocks, so the
same seed matches there).

  $ _atomic_check $N 1048576 65536 16
  match
  $ _atomic_write ${N}p2 0 4096 17
  EINVAL
  $ _atomic_write ${N}p2 1048576 8192 17; _atomic_write -p ${N}p2 1048576 8192 17
  EINVAL
  short 4096
  $ _atomic_write ${N}p2 1056768 8192 17
  ENOSPC
  $ delpart $N 1 && delpart $N 2
  $ rmmod null_blk
