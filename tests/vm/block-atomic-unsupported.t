Devices that cannot write atomically advertise 0 in sysfs, and every atomic write to them
fails with EOPNOTSUPP without changing a byte: virtio-blk, loop, null_blk (blk-mq), and the
stacking drivers over them (dm-linear, md raid0, md raid1).

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 3
  $ A="python3 $TESTDIR/block-atomic.py"
  $ limits() { local q=/sys/dev/block/$(_majmin "$1")/queue; echo "$2 $(cat $q/atomic_write_segments) $(cat $q/atomic_write_max_bytes)"; }

The limits are read-only.

  $ n=$(basename $SCRATCH0); ls -l /sys/block/$n/queue/atomic_write_segments /sys/block/$n/queue/atomic_write_max_bytes | cut -c1-10
  -r--r--r--
  -r--r--r--
  $ echo 8 > /sys/block/$n/queue/atomic_write_segments
  .*: Permission denied (re)
  [1]

Build one of each: a loop device on a tmpfs file, null_blk, dm-linear, md raid0 and raid1.

  $ truncate -s 64M /tmp/loop.img
  $ LOOP=$(losetup -f --show /tmp/loop.img)
  $ modprobe null_blk nr_devices=1
  $ echo "0 $(_sectors $SCRATCH0) linear $SCRATCH0 0" | dmsetup create blk-lin
  $ mdadm --create /dev/md/blk-r0 --run --quiet --level=0 --raid-devices=2 --chunk=64 $SCRATCH1 $SCRATCH2 2>&1 | grep -v 'mdadm: array /dev/md/blk-r0 started'
  [1]
  $ for d in $SCRATCH0 $LOOP /dev/nullb0 /dev/mapper/blk-lin /dev/md/blk-r0; do limits $d x; done | cut -d' ' -f2-
  0 0
  0 0
  0 0
  0 0
  0 0

O_ATOMIC writes and atomic lists fail with EOPNOTSUPP before any I/O, also on a write the
device would otherwise take happily.

  $ for d in $SCRATCH0 $LOOP /dev/nullb0 /dev/mapper/blk-lin /dev/md/blk-r0; do
  >   echo "$($A write $d 0 65536 1) $($A write $d 4096 8192 2 pwritev) $($A list $d 0:4096:3 1048576:4096:4)"
  > done
  EOPNOTSUPP EOPNOTSUPP EOPNOTSUPP
  EOPNOTSUPP EOPNOTSUPP EOPNOTSUPP
  EOPNOTSUPP EOPNOTSUPP EOPNOTSUPP
  EOPNOTSUPP EOPNOTSUPP EOPNOTSUPP
  EOPNOTSUPP EOPNOTSUPP EOPNOTSUPP

Nothing was written: every device still reads all zeroes where the writes went.

  $ for d in $SCRATCH0 $LOOP /dev/mapper/blk-lin /dev/md/blk-r0; do head -c 4194304 $d | tr -d '\0' | wc -c; done
  0
  0
  0
  0

Plain (non-atomic) direct writes still work on all of them.

  $ for d in $LOOP /dev/mapper/blk-lin /dev/md/blk-r0; do
  >   _pattern 7 65536 | dd of=$d bs=64k oflag=direct status=none && dd if=$d bs=64k count=1 iflag=direct status=none | cmp - <(_pattern 7 65536) && echo same
  > done
  same
  same
  same

md raid1 over two legs without support advertises 0 too (raid1 takes the minimum of its legs).

  $ mdadm --stop --quiet /dev/md/blk-r0
  $ mdadm --create /dev/md/blk-r1 --run --quiet --level=1 --raid-devices=2 --metadata=1.2 --assume-clean $SCRATCH1 $SCRATCH2 2>&1 | grep -v 'started'
  [1]
  $ limits /dev/md/blk-r1 raid1
  raid1 0 0
  $ $A write /dev/md/blk-r1 0 4096 5
  EOPNOTSUPP
  [1]
  $ mdadm --stop --quiet /dev/md/blk-r1

  $ dmsetup remove blk-lin
  $ losetup -d $LOOP
  $ rmmod null_blk
  $ mdadm --zero-superblock $SCRATCH1 $SCRATCH2
