A raid1 array's write list limits are the smallest of its legs', also with a leg that joins
it later (v3 patch 31: md_stack_rdev_live() for a free slot, md_stack_atomic_limits_rdev() for
a replacement, and md_update_write_list_limits() at resume; port of v2's
block-atomic-raid1-addleg.t, plan 6.4, same scenarios).  The array starts on two legs that
take lists of 8 segments (nullb0, nullb1); a leg that takes 2 (a configfs null_blk device)
joins it, by growing the array onto it, or as the replacement of a leg (mdadm --replace).  The
array then advertises 2, so a list of 4 segments is refused before it reaches raid1 (E2BIG:
more segments than the device takes), and a list of 2 is written.  Had the limits stayed at 8,
raid1 would still check every leg before writing any and refuse the list whole (EINVAL), but a
program would see a limit that the array does not keep.

  $ . "$TESTDIR/lib.sh"
  $ W="python3 $TESTDIR/write-list.py"
  $ modinfo null_blk 2>/dev/null | grep -q '^parm: *write_list_segments' || _skip "null_blk without write_list_segments (v3 patch 27)"
  $ modprobe null_blk queue_mode=0 memory_backed=1 write_list_segments=8 write_list_max_bytes=131072 bs=4096 gb=1 nr_devices=2
  $ mountpoint -q /sys/kernel/config || mount -t configfs configfs /sys/kernel/config
  $ C=/sys/kernel/config/nullb/nbsmall
  $ mkdir $C
  $ echo 2 > $C/write_list_segments; echo 1 > $C/memory_backed; echo 0 > $C/queue_mode; echo 128 > $C/size; echo 4096 > $C/blocksize; echo 1 > $C/power
  $ cat /sys/block/nbsmall/queue/max_write_list_segments /sys/block/nbsmall/queue/write_list_max_bytes
  2
  131072
  $ mkarray() {
  >   mdadm --create /dev/md/wlr-add --run --quiet --level=1 --raid-devices=2 --metadata=1.2 --assume-clean --bitmap=none --size=65536 /dev/nullb0 /dev/nullb1 2>&1 | grep -v started
  >   md=$(basename $(readlink -f /dev/md/wlr-add))
  >   echo "array: $(cat /sys/block/$md/queue/max_write_list_segments)"
  > }
  $ lists() {
  >   echo "array: $(cat /sys/block/$md/queue/max_write_list_segments), degraded $(cat /sys/block/$md/md/degraded)"
  >   $W list /dev/md/wlr-add 0:4096:1 65536:4096:2 131072:4096:3 196608:4096:4
  >   for leg in "$@"; do
  >     o=$(mdadm -E $leg | sed -n 's/.*Data Offset : \([0-9]*\) sectors.*/\1/p')
  >     dd if=$leg bs=4k skip=$(( o / 8 )) count=1 iflag=direct status=none | cmp -s - <($W pattern 1 4096) && echo "$leg has the refused list"
  >   done
  >   $W list /dev/md/wlr-add 1048576:4096:5 1114112:4096:6
  >   for leg in "$@"; do
  >     o=$(mdadm -E $leg | sed -n 's/.*Data Offset : \([0-9]*\) sectors.*/\1/p')
  >     dd if=$leg bs=4k skip=$(( (o * 512 + 1114112) / 4096 )) count=1 iflag=direct status=none | cmp -s - <($W pattern 6 4096) || echo "$leg lacks the list"
  >   done
  >   echo "degraded $(cat /sys/block/$md/md/degraded)"
  > }

Grown onto the small leg:

  $ mkarray
  array: 8
  $ mdadm --quiet /dev/md/wlr-add --add /dev/nbsmall
  $ mdadm --grow /dev/md/wlr-add --raid-devices=3 >/tmp/grow.out 2>&1 || cat /tmp/grow.out
  $ mdadm --wait /dev/md/wlr-add; cat /sys/block/$md/md/raid_disks
  3
  $ lists /dev/nullb0 /dev/nullb1 /dev/nbsmall
  array: 2, degraded 0
  E2BIG
  ok
  degraded 0
  $ mdadm --stop --quiet /dev/md/wlr-add
  $ mdadm --zero-superblock /dev/nullb0 /dev/nullb1 /dev/nbsmall
  $ dd if=/dev/zero of=/dev/nbsmall bs=1M count=8 oflag=direct status=none

The small leg replaces nullb1:

  $ mkarray
  array: 8
  $ mdadm --quiet /dev/md/wlr-add --add /dev/nbsmall
  $ mdadm --quiet /dev/md/wlr-add --replace /dev/nullb1 --with /dev/nbsmall
  $ sleep 1; mdadm --wait /dev/md/wlr-add; sleep 1
  $ cat /sys/block/$md/md/dev-nbsmall/state
  in_sync
  $ lists /dev/nullb0 /dev/nbsmall
  array: 2, degraded 0
  E2BIG
  ok
  degraded 0
  $ mdadm --stop --quiet /dev/md/wlr-add
  $ mdadm --zero-superblock /dev/nullb0 /dev/nullb1 /dev/nbsmall
  $ echo 0 > $C/power; rmdir $C
  $ rmmod null_blk
