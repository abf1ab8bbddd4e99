Write lists on md raid1 with a write-intent bitmap, over two null_blk devices that take them
(v3 patch 32; port of v2's block-atomic-raid1-bitmap.t, plan 6.4, same scenario): a list
written while a leg is missing keeps its bitmap bits set (as other raid1 writes do: raid1
clears them only when every leg wrote the list and none is missing), so that when the leg is
re-added, recovery copies the list to it and the legs match.

  $ . "$TESTDIR/lib.sh"
  $ W="python3 $TESTDIR/write-list.py"
  $ modinfo null_blk 2>/dev/null | grep -q '^parm: *write_list_segments' || _skip "null_blk without write_list_segments (v3 patch 27)"
  $ modprobe null_blk queue_mode=0 memory_backed=1 write_list_segments=8 write_list_max_bytes=131072 bs=4096 gb=1 nr_devices=2
  $ mdadm --create /dev/md/wlr-bm --run --quiet --level=1 --raid-devices=2 --metadata=1.2 --assume-clean --bitmap=internal --bitmap-chunk=1M --size=65536 /dev/nullb0 /dev/nullb1 2>&1 | grep -v started
  [1]
  $ md=$(basename $(readlink -f /dev/md/wlr-bm))
  $ off=$(mdadm -E /dev/nullb0 | sed -n 's/.*Data Offset : \([0-9]*\) sectors.*/\1/p')
  $ mdadm -E /dev/nullb0 | grep -E 'Super Offset|Internal Bitmap'
     Super Offset : 8 sectors
  Internal Bitmap : 8 sectors from superblock
  $ cat /sys/block/$md/queue/max_write_list_segments
  8

nullb1 fails and is removed; two lists are written while it is missing.  The bitmap daemon,
woken every second, would clear bits of completed writes within two rounds.  Re-added,
nullb1 is recovered from the bitmap, and both legs hold the lists.

  $ mdadm /dev/md/wlr-bm --fail /dev/nullb1 >/dev/null 2>&1; sleep 1; mdadm /dev/md/wlr-bm --remove /dev/nullb1 >/dev/null 2>&1 || echo not removed
  $ cat /sys/block/$md/md/degraded
  1
  $ $W list /dev/md/wlr-bm 16777216:8192:3 20971520:4096:4
  ok
  $ $W list /dev/md/wlr-bm 25165824:4096:5
  ok
  $ echo 1 > /sys/block/$md/md/bitmap/time_base; sleep 4
  $ mdadm /dev/md/wlr-bm --re-add /dev/nullb1 >/dev/null 2>&1 || echo not re-added
  $ sleep 1; mdadm --wait /dev/md/wlr-bm; cat /sys/block/$md/md/degraded
  0
  $ for leg in /dev/nullb0 /dev/nullb1; do
  >   for seg in 16777216:8192:3 20971520:4096:4 25165824:4096:5; do
  >     IFS=: read o n s <<< "$seg"
  >     dd if=$leg bs=4k skip=$(( (off * 512 + o) / 4096 )) count=$(( n / 4096 )) iflag=direct status=none |
  >       cmp -s - <($W pattern $s $n) || echo "$leg: list data at $o missing"
  >   done
  > done
  $ mdadm --stop --quiet /dev/md/wlr-bm
  $ mdadm --zero-superblock /dev/nullb0 /dev/nullb1
  $ rmmod null_blk
