Atomic lists on md raid1 while it resyncs, over two null_blk devices that take them: the
lists wait for the resync barriers of their ranges, and afterwards a check finds the legs
identical and every list reads back.

  $ . "$TESTDIR/lib.sh"
  $ A="python3 $TESTDIR/block-atomic.py"
  $ modprobe null_blk queue_mode=0 memory_backed=1 atomic_segs=8 atomic_max_bytes=131072 bs=4096 gb=1 nr_devices=2

The array is limited to 64 MiB per leg and the resync slowed to 1 MB/s (over a minute), so
that it is still running when the lists are written, also on the slow debug kernel.

  $ old_max=$(cat /proc/sys/dev/raid/speed_limit_max); echo 1000 > /proc/sys/dev/raid/speed_limit_max
  $ mdadm --create /dev/md/blk-r1 --run --quiet --level=1 --raid-devices=2 --metadata=1.2 --bitmap=none --size=65536 /dev/nullb0 /dev/nullb1 2>&1 | grep -v started
  [1]
  $ for i in $(seq 1 8); do $A list /dev/md/blk-r1 $((i * 2097152)):8192:$i $((i * 2097152 - 16384)):4096:$((i + 100)); done | sort | uniq -c | sed 's/^ *//'
  8 ok
  $ grep -qE 'resync|recovery' /proc/mdstat && echo still resyncing after the lists
  still resyncing after the lists
  $ echo $old_max > /proc/sys/dev/raid/speed_limit_max
  $ md=$(basename $(readlink -f /dev/md/blk-r1)); mdadm --wait /dev/md/blk-r1; echo check > /sys/block/$md/md/sync_action; sleep 1; mdadm --wait /dev/md/blk-r1; cat /sys/block/$md/md/mismatch_cnt
  0
  $ for i in $(seq 1 8); do
  >   cmp <(dd if=/dev/md/blk-r1 bs=4k skip=$((i * 512)) count=2 iflag=direct status=none) <($A pattern $i 8192) &&
  >   cmp <(dd if=/dev/md/blk-r1 bs=4k skip=$((i * 512 - 4)) count=1 iflag=direct status=none) <($A pattern $((i + 100)) 4096) || echo "list $i differs"
  > done
  $ mdadm --stop --quiet /dev/md/blk-r1
  $ mdadm --zero-superblock /dev/nullb0 /dev/nullb1
  $ rmmod null_blk
