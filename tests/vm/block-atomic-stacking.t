Atomic lists through the stacking drivers, over null_blk devices that take them: dm-linear
passes a list through when it lies in one linear target and advertises the limits of its
device; a table with any other target type advertises 0; a list arriving while the device is
suspended waits for resume; md raid1 advertises the minimum of its legs and writes the list to
every leg; raid0 advertises 0.

  $ . "$TESTDIR/lib.sh"
  $ A="python3 $TESTDIR/block-atomic.py"
  $ limits() { local q=/sys/dev/block/$(_majmin "$1")/queue; echo "$(cat $q/atomic_write_segments) $(cat $q/atomic_write_max_bytes)"; }
  $ modprobe null_blk queue_mode=0 memory_backed=1 atomic_segs=8 atomic_max_bytes=131072 bs=4096 gb=1 nr_devices=2
  $ limits /dev/nullb0
  8 131072

dm-linear over nullb0, at an offset of 1 MiB: the same limits, and a list lands on nullb0
shifted by the offset.

  $ echo "0 1048576 linear /dev/nullb0 2048" | dmsetup create blk-lin
  $ limits /dev/mapper/blk-lin
  8 131072
  $ $A list /dev/mapper/blk-lin 0:8192:1 65536:4096:2
  ok
  $ dd if=/dev/nullb0 bs=4k skip=256 count=2 iflag=direct status=none | cmp - <($A pattern 1 8192) && echo seg1 on nullb0
  seg1 on nullb0
  $ dd if=/dev/nullb0 bs=4k skip=272 count=1 iflag=direct status=none | cmp - <($A pattern 2 4096) && echo seg2 on nullb0
  seg2 on nullb0
  $ $A write /dev/mapper/blk-lin 131072 131072 3
  ok
  $ $A write /dev/mapper/blk-lin 131072 135168 3
  EINVAL
  [1]

A list arriving while the device is suspended waits for resume, then completes.

  $ dmsetup suspend blk-lin
  $ ( $A list /dev/mapper/blk-lin 4096:4096:4 > /tmp/bg.out; echo done >> /tmp/bg.out ) &
  $ sleep 2; cat /tmp/bg.out
  $ dmsetup resume blk-lin
  $ wait; cat /tmp/bg.out
  ok
  done
  $ dd if=/dev/mapper/blk-lin bs=4k skip=1 count=1 iflag=direct status=none | cmp - <($A pattern 4 4096) && echo written after resume
  written after resume

A list spanning two linear targets fails with EOPNOTSUPP, and a table that also has a zero
target (which does not take atomic lists) advertises 0.

  $ printf '0 1024 linear /dev/nullb0 0\n1024 1024 linear /dev/nullb1 0\n' | dmsetup reload blk-lin
  $ dmsetup resume blk-lin
  $ limits /dev/mapper/blk-lin
  8 131072
  $ $A list /dev/mapper/blk-lin 0:4096:5 520192:8192:5
  EOPNOTSUPP
  [1]
  $ $A list /dev/mapper/blk-lin 0:4096:5 516096:4096:5
  ok
  $ printf '0 1024 linear /dev/nullb0 0\n1024 1024 zero\n' | dmsetup reload blk-lin
  $ dmsetup resume blk-lin
  $ limits /dev/mapper/blk-lin
  0 0
  $ $A list /dev/mapper/blk-lin 0:4096:5
  EOPNOTSUPP
  [1]
  $ dmsetup remove blk-lin

md raid1 over both null_blk devices: their limits, and the list and an O_ATOMIC write reach
both legs (read back from each leg at the array's data offset).

  $ mdadm --create /dev/md/blk-r1 --run --quiet --level=1 --raid-devices=2 --metadata=1.2 --assume-clean --bitmap=none /dev/nullb0 /dev/nullb1 2>&1 | grep -v started
  [1]
  $ limits /dev/md/blk-r1
  8 131072
  $ $A list /dev/md/blk-r1 0:8192:6 1048576:4096:7
  ok
  $ $A write /dev/md/blk-r1 2097152 65536 8
  ok
  $ mdadm --stop --quiet /dev/md/blk-r1
  $ for leg in /dev/nullb0 /dev/nullb1; do
  >   off=$(( $(mdadm -E $leg | sed -n 's/.*Data Offset : \([0-9]*\) sectors.*/\1/p') * 512 ))
  >   cmp <(dd if=$leg bs=4k skip=$((off / 4096)) count=2 status=none) <($A pattern 6 8192) &&
  >   cmp <(dd if=$leg bs=4k skip=$((off / 4096 + 256)) count=1 status=none) <($A pattern 7 4096) &&
  >   cmp <(dd if=$leg bs=4k skip=$((off / 4096 + 512)) count=16 status=none) <($A pattern 8 65536) &&
  >   echo "$leg has the list and the write"
  > done
  /dev/nullb0 has the list and the write
  /dev/nullb1 has the list and the write

raid1 with one leg that cannot take lists (a virtio disk) advertises 0; so does raid0 over two
legs that can.

  $ _require_scratch 1
  $ mdadm --create /dev/md/blk-r1 --run --quiet --level=1 --raid-devices=2 --metadata=1.2 --assume-clean --bitmap=none /dev/nullb0 $SCRATCH0 2>&1 | grep -v started
  [1]
  $ limits /dev/md/blk-r1
  0 0
  $ $A write /dev/md/blk-r1 0 4096 9
  EOPNOTSUPP
  [1]
  $ mdadm --stop --quiet /dev/md/blk-r1
  $ mdadm --create /dev/md/blk-r0 --run --quiet --level=0 --raid-devices=2 --chunk=64 /dev/nullb0 /dev/nullb1 2>&1 | grep -v started
  [1]
  $ limits /dev/md/blk-r0
  0 0
  $ $A write /dev/md/blk-r0 0 4096 9
  EOPNOTSUPP
  [1]
  $ mdadm --stop --quiet /dev/md/blk-r0
  $ mdadm --zero-superblock /dev/nullb0 /dev/nullb1 $SCRATCH0
  $ rmmod null_blk
