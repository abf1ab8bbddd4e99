A write list that DM held while the device was suspended, and that blk-throttle then holds
below it, must not make the next suspend hang uninterruptibly (plan section 7, defect (2);
patches 26, 29).  v2's dm_wq_work() resubmitted held lists synchronously: the worker slept
in blk-throttle for the whole list, and the next `dmsetup suspend` waited for the worker in
__flush_workqueue() (state D, deaf to signals).  v3: the list is an ordinary bio; the worker
resubmits it with submit_bio_noacct(), blk-throttle queues it (the worker does not sleep),
and the next suspend waits for it as in-flight I/O in dm_wait_for_completion(),
interruptibly.

  $ . "$TESTDIR/lib.sh"
  $ W="python3 $TESTDIR/write-list.py"
  $ mountpoint -q /sys/fs/cgroup || mount -t cgroup2 none /sys/fs/cgroup
  $ grep -qw io /sys/fs/cgroup/cgroup.controllers || _skip "no cgroup v2 io controller"
  $ echo +io > /sys/fs/cgroup/cgroup.subtree_control
  $ G=/sys/fs/cgroup/wl-suspend
  $ mkdir $G
  $ [ -e $G/io.max ] || { rmdir $G; _skip "no io.max in this kernel (CONFIG_BLK_DEV_THROTTLING is off)"; }
  $ modprobe null_blk queue_mode=0 memory_backed=1 write_list_segments=16 write_list_max_bytes=1048576 bs=4096 gb=1 nr_devices=1
  $ echo "$(_majmin /dev/nullb0) wbps=4096" > $G/io.max
  $ echo "0 1048576 linear /dev/nullb0 0" | dmsetup create wl-susp

A list of 256 KiB (two ranges of 128 KiB) from the throttled group, written while wl-susp is
suspended: DM holds it.  On resume it goes down to nullb0, where the group may write 4 KiB/s
(64 s for the list).

  $ dmsetup suspend wl-susp
  $ sh -c "echo \$\$ > $G/cgroup.procs; exec $W list /dev/mapper/wl-susp 0:131072:1 1048576:131072:2" > /tmp/wl-susp.out 2>&1 & lp=$!
  $ sleep 1; cat /tmp/wl-susp.out
  $ dmsetup resume wl-susp
  $ sleep 2
  $ dd if=/dev/nullb0 bs=4k count=1 iflag=direct status=none | tr -d '\0' | wc -c
  0
  $ cat /tmp/wl-susp.out

The next suspend waits for the list, in DM's wait for in-flight I/O (state S), not in a
flush of DM's workqueue, and ends on SIGINT, leaving the device active.

  $ (exec dmsetup --noudevsync suspend wl-susp) > /tmp/wl-susp-suspend.out 2>&1 & sp=$!
  $ sleep 3
  $ awk '{ print $3 }' /proc/$sp/stat
  S
  $ grep -c flush_workqueue /proc/$sp/stack
  0
  [1]
  $ grep -qE 'dm_wait_for_completion|__dm_suspend' /proc/$sp/stack && echo "waits in dm suspend"
  waits in dm suspend
  $ kill -INT $sp; for i in $(seq 20); do [ -d /proc/$sp ] || break; sleep 0.1; done
  $ [ -d /proc/$sp ] && echo "suspend still running 2 s after SIGINT" || echo "suspend ended"
  suspend ended
  $ wait $sp 2>/dev/null; dmsetup info -c -o suspended --noheadings wl-susp
  Active

Without the limit the list completes, whole.

  $ echo "$(_majmin /dev/nullb0) wbps=max" > $G/io.max
  $ wait $lp; cat /tmp/wl-susp.out
  ok
  $ dd if=/dev/nullb0 bs=128k count=1 iflag=direct status=none | cmp - <($W pattern 1 131072) && echo range 1
  range 1
  $ dd if=/dev/nullb0 bs=128k skip=8 count=1 iflag=direct status=none | cmp - <($W pattern 2 131072) && echo range 2
  range 2
  $ dmsetup remove wl-susp
  $ rmdir $G
  $ rm -f /tmp/wl-susp.out /tmp/wl-susp-suspend.out
  $ rmmod null_blk
