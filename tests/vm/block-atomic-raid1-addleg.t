A raid1 array's atomic limits are the smallest of its legs', also with a leg that joins it
later.  The array starts on two legs that take lists of 8 segments (nullb0, nullb1); a leg
that takes 2 (a configfs null_blk device) joins it, by growing the array onto it, or as
the replacement of a leg (mdadm --replace).  The array then advertises 2, so a list of 4
segments is refused before it reaches raid1 (E2BIG: more segments than the device takes),
and a list of 2 is written.  Had the limits stayed at 8, raid1 would still check every leg
before writing any and refuse the list whole (EINVAL), but a program would see a limit
that the array does not keep.

  $ . "$TESTDIR/lib.sh"
  $ A="python3 $TESTDIR/block-atomic.py"
  $ modprobe null_blk queue_mode=0 memory_backed=1 atomic_segs=8 atomic_max_bytes=131072 bs=4096 gb=1 nr_devices=2
  $ mountpoint -q /sys/kernel/config || mount -t configfs configfs /sys/kernel/config
  $ C=/sys/kernel/config/nullb/nbsmall
  $ mkdir $C
  $ echo 2 > $C/atomic_segs; echo 1 > $C/memory_backed; echo 128 > $C/size; echo 4096 > $C/blocksize; echo 1 > $C/power
  $ cat /sys/block/nbsmall/queue/atomic_write_segments
  2
  $ mkarray() {
  >   mdadm --create /dev/md/blk-add --run --quiet --level=1 --raid-devices=2 --metadata=1.2 --assume-clean --bitmap=none --size=65536 /dev/nullb0 /dev/nullb1 2>&1 | grep -v started
  >   md=$(basename $(readlink -f /dev/md/blk-add))
  >   echo "array: $(cat /sys/block/$md/queue/atomic_write_segments)"
  > }
  $ lists() {
  >   echo "array: $(cat /sys/block/$md/queue/atomic_write_segments), degraded $(cat /sys/block/$md/md/degraded)"
  >   $A list /dev/md/blk-add 0:4096:1 65536:4096:2 131072:4096:3 196608:4096:4
  >   for leg in "$@"; do
  >     o=$(mdadm -E $leg | sed -n 's/.*Data Offset : \([0-9]*\) sectors.*/\1/p')
  >     dd if=$leg bs=4k skip=$(( o / 8 )) count=1 iflag=direct status=none | cmp -s - <($A pattern 1 4096) && echo "$leg has the refused list"
  >   done
  >   $A list /dev/md/blk-add 1048576:4096:5 1114112:4096:6
  >   echo "degraded $(cat /sys/block/$md/md/degraded)"
  > }

Grown onto the small leg:

  $ mkarray
  array: 8
  $ mdadm --quiet /dev/md/blk-add --add /dev/nbsmall
  $ mdadm --grow /dev/md/blk-add --raid-devices=3 >/tmp/grow.out 2>&1 || cat /tmp/grow.out
  $ mdadm --wait /dev/md/blk-add; cat /sys/block/$md/md/raid_disks
  3
  $ lists /dev/nullb0 /dev/nullb1 /dev/nbsmall
  array: 2, degraded 0
  E2BIG
  ok
  degraded 0
  $ mdadm --stop --quiet /dev/md/blk-add
  $ mdadm --zero-superblock /dev/nullb0 /dev/nullb1 /dev/nbsmall
  $ dd if=/dev/zero of=/dev/nbsmall bs=1M count=8 oflag=direct status=none

The small leg replaces nullb1:

  $ mkarray
  array: 8
  $ mdadm --quiet /dev/md/blk-add --add /dev/nbsmall
  $ mdadm --quiet /dev/md/blk-add --replace /dev/nullb1 --with /dev/nbsmall
  $ sleep 1; mdadm --wait /dev/md/blk-add; sleep 1
  $ cat /sys/block/$md/md/dev-nbsmall/state
  in_sync
  $ lists /dev/nullb0 /dev/nbsmall
  array: 2, degraded 0
  E2BIG
  ok
  degraded 0
  $ mdadm --stop --quiet /dev/md/blk-add
  $ mdadm --zero-superblock /dev/nullb0 /dev/nullb1 /dev/nbsmall
  $ echo 0 > $C/power; rmdir $C
  $ rmmod null_blk
