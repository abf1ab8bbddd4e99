Write lists on md raid1 while it resyncs, over two null_blk devices that take them (v3 patch
31; port of v2's block-atomic-raid1-resync.t, plan 6.4, same scenario): a list waits for the
resync barriers of the buckets of all of its ranges, and afterwards a check finds the legs
identical and every list reads back.

  $ . "$TESTDIR/lib.sh"
  $ W="python3 $TESTDIR/write-list.py"
  $ modinfo null_blk 2>/dev/null | grep -q '^parm: *write_list_segments' || _skip "null_blk without write_list_segments (v3 patch 27)"
  $ modprobe null_blk queue_mode=0 memory_backed=1 write_list_segments=8 write_list_max_bytes=131072 bs=4096 gb=1 nr_devices=2

The array is limited to 64 MiB per leg and the resync slowed to 1 MB/s (over a minute), so
that it is still running when the lists are written, also on the slow debug kernel.

  $ old_max=$(cat /proc/sys/dev/raid/speed_limit_max); echo 1000 > /proc/sys/dev/raid/speed_limit_max
  $ mdadm --create /dev/md/wlr-r1 --run --quiet --level=1 --raid-devices=2 --metadata=1.2 --bitmap=none --size=65536 /dev/nullb0 /dev/nullb1 2>&1 | grep -v started
  [1]
  $ md=$(basename $(readlink -f /dev/md/wlr-r1))
  $ cat /sys/block/$md/queue/max_write_list_segments
  8
  $ for i in $(seq 1 8); do $W list /dev/md/wlr-r1 $((i * 2097152)):8192:$i $((i * 2097152 - 16384)):4096:$((i + 100)); done | sort | uniq -c | sed 's/^ *//'
  8 ok
  $ grep -qE 'resync|recovery' /proc/mdstat && echo still resyncing after the lists
  still resyncing after the lists
  $ echo $old_max > /proc/sys/dev/raid/speed_limit_max
  $ mdadm --wait /dev/md/wlr-r1; echo check > /sys/block/$md/md/sync_action; sleep 1; mdadm --wait /dev/md/wlr-r1; cat /sys/block/$md/md/mismatch_cnt
  0
  $ for i in $(seq 1 8); do
  >   cmp <(dd if=/dev/md/wlr-r1 bs=4k skip=$((i * 512)) count=2 iflag=direct status=none) <($W pattern $i 8192) &&
  >   cmp <(dd if=/dev/md/wlr-r1 bs=4k skip=$((i * 512 - 4)) count=1 iflag=direct status=none) <($W pattern $((i + 100)) 4096) || echo "list $i differs"
  > done
  $ for leg in /dev/nullb0 /dev/nullb1; do
  >   o=$(mdadm -E $leg | sed -n 's/.*Data Offset : \([0-9]*\) sectors.*/\1/p')
  >   dd if=$leg bs=4k skip=$(( (o * 512 + 8 * 2097152) / 4096 )) count=2 iflag=direct status=none | cmp -s - <($W pattern 8 8192) && echo "$leg has the last list"
  > done
  /dev/nullb0 has the last list
  /dev/nullb1 has the last list
  $ mdadm --stop --quiet /dev/md/wlr-r1
  $ mdadm --zero-superblock /dev/nullb0 /dev/nullb1
  $ rmmod null_blk
