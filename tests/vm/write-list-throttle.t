blk-throttle holds a write list back like any other bio: it waits in blk-throttle's queue of
the device below, and neither its submitter nor any level above sleeps for it (plan section 7,
defect (3); patch 26).  v2 throttled lists in the submitter, at every level
(__blk_throtl_atomic(), schedule_timeout_uninterruptible()): under dm-linear with DM's SRCU
read lock held, so that `dmsetup suspend` hung in synchronize_srcu() (state D, deaf to
signals); under raid1 with the array's resync barriers held.

  $ . "$TESTDIR/lib.sh"
  $ W="python3 $TESTDIR/write-list.py"
  $ mountpoint -q /sys/fs/cgroup || mount -t cgroup2 none /sys/fs/cgroup
  $ grep -qw io /sys/fs/cgroup/cgroup.controllers || _skip "no cgroup v2 io controller"
  $ echo +io > /sys/fs/cgroup/cgroup.subtree_control
  $ G=/sys/fs/cgroup/wl-throttle
  $ mkdir $G
  $ [ -e $G/io.max ] || { rmdir $G; _skip "no io.max in this kernel (CONFIG_BLK_DEV_THROTTLING is off)"; }
  $ modprobe null_blk queue_mode=0 memory_backed=1 write_list_segments=16 write_list_max_bytes=1048576 bs=4096 gb=1 nr_devices=2
  $ n0=$(_majmin /dev/nullb0); n1=$(_majmin /dev/nullb1)
  $ wstat() { sed -n "s/^$1 .*wbytes=\([0-9]*\) .*wios=\([0-9]*\).*/\1 \2/p" $G/io.stat; }
  $ writer() { sh -c "echo \$\$ > $G/cgroup.procs; exec $W list $*" > /tmp/wl-thr.out 2>&1 & wp=$!; }
  $ inflight() {
  >   local i; for i in $(seq 150); do grep -qE 'submit_bio_wait|blkdev_direct_IO' /proc/$1/stack 2>/dev/null && return; sleep 0.2; done
  > }
  $ only_waits() {
  >   grep -q submit_bio_wait /proc/$1/stack && echo "waits in submit_bio_wait"
  >   grep -E 'throtl|schedule_timeout|dm_|raid1|md_' /proc/$1/stack | sed 's/^\[<[0-9a-f]*>\] //; s/+.*//'
  > }

`inflight PID` waits (up to 30 s) until PID's write is in the block layer, so that each check
below starts from the same point however slowly the writer (Python) starts: on the debug
kernel that takes seconds.

(a) dm-linear over nullb0, 4 KiB/s of writes to nullb0 for the group: a 256 KiB list (two
ranges of 128 KiB) takes 64 s.  Its submitter waits only for the bio; `dmsetup suspend`
meanwhile waits for it as in-flight I/O (state S) and ends on SIGINT.

  $ echo "$n0 wbps=4096" > $G/io.max
  $ echo "0 1048576 linear /dev/nullb0 0" | dmsetup create wl-thr
  $ writer /dev/mapper/wl-thr 0:131072:1 1048576:131072:2
  $ inflight $wp; sleep 2; only_waits $wp
  waits in submit_bio_wait
  $ (exec dmsetup --noudevsync suspend wl-thr) > /tmp/wl-thr-suspend.out 2>&1 & sp=$!
  $ sleep 3
  $ awk '{ print $3 }' /proc/$sp/stat
  S
  $ grep -cE 'synchronize_srcu|flush_workqueue' /proc/$sp/stack
  0
  [1]
  $ kill -INT $sp; for i in $(seq 20); do [ -d /proc/$sp ] || break; sleep 0.1; done
  $ [ -d /proc/$sp ] && echo "suspend still running 2 s after SIGINT" || echo "suspend ended"
  suspend ended
  $ wait $sp 2>/dev/null; dmsetup info -c -o suspended --noheadings wl-thr
  Active

The charge: the list is one bio of 256 KiB to nullb0.

  $ before=$(wstat $n0); [ -n "$before" ] || before="0 0"
  $ echo "$n0 wbps=max" > $G/io.max
  $ wait $wp; cat /tmp/wl-thr.out
  ok
  $ set -- $before $(wstat $n0); echo "nullb0: +$(( $3 - $1 )) bytes, +$(( $4 - $2 )) ios"
  nullb0: +262144 bytes, +1 ios
  $ dd if=/dev/nullb0 bs=128k skip=8 count=1 iflag=direct status=none | cmp - <($W pattern 2 131072) && echo written
  written
  $ dmsetup remove wl-thr

(b) raid1 over nullb0 and nullb1, both limited for the group: the writer of a list to the
array waits only for the bio (not in raid1, not in blk-throttle); each leg's clone waits in
that leg's throttle queue, and nothing is on the legs until the limit is lifted.

  $ mdadm --create /dev/md/wl-thr --run --quiet --metadata=1.2 --level=1 --raid-devices=2 --assume-clean --bitmap=none /dev/nullb0 /dev/nullb1 2>&1 | grep -v started
  [1]
  $ md=$(basename $(readlink -f /dev/md/wl-thr)); off=$(( $(cat /sys/block/$md/md/dev-nullb0/offset) * 512 ))
  $ $W list /dev/md/wl-thr 4096:4096:9
  ok
  $ echo "$n0 wbps=4096" > $G/io.max; echo "$n1 wbps=4096" > $G/io.max
  $ writer /dev/md/wl-thr 0:131072:3 1048576:131072:4
  $ inflight $wp; sleep 2; only_waits $wp
  waits in submit_bio_wait
  $ for d in nullb0 nullb1; do dd if=/dev/$d bs=128k skip=$(( (off + 1048576) / 131072 )) count=1 iflag=direct status=none | tr -d '\0' | wc -c; done
  0
  0
  $ echo "$n0 wbps=max" > $G/io.max; echo "$n1 wbps=max" > $G/io.max
  $ wait $wp; cat /tmp/wl-thr.out
  ok
  $ for d in nullb0 nullb1; do dd if=/dev/$d bs=128k skip=$(( (off + 1048576) / 131072 )) count=1 iflag=direct status=none | cmp - <($W pattern 4 131072) && echo $d; done
  nullb0
  nullb1

A md suspend meanwhile waits for the list as in-flight I/O, as long as for a plain write of
the same size under the same limit (16 KiB/s on each leg: 16 s for 256 KiB; the suspend starts
2 s after the write is in flight): writing suspend_hi suspends the array, which waits for the I/O in
flight.

  $ susp() {
  >   local s e
  >   inflight $wp; sleep 2; s=$(date +%s%N)
  >   echo 1073741824 > /sys/block/$md/md/suspend_hi; echo 0 > /sys/block/$md/md/suspend_hi
  >   e=$(date +%s%N); echo $(( (e - s) / 1000000 ))
  > }
  $ echo "$n0 wbps=16384" > $G/io.max; echo "$n1 wbps=16384" > $G/io.max
  $ writer /dev/md/wl-thr 4194304:131072:5 5242880:131072:6
  $ tl=$(susp); wait $wp; cat /tmp/wl-thr.out
  ok
  $ sh -c "echo \$\$ > $G/cgroup.procs; exec dd if=/dev/zero of=/dev/md/wl-thr bs=256k count=1 seek=32 oflag=direct status=none" & wp=$!
  $ tp=$(susp); wait $wp
  $ [ $tl -ge 5000 ] && [ $tp -ge 5000 ] && echo "both suspends waited for the write"
  both suspends waited for the write
  $ [ $(( tl * 10 )) -ge $(( tp * 8 )) ] && [ $(( tl * 10 )) -le $(( tp * 12 )) ] && echo "within 20%" || echo "list $tl ms, plain $tp ms"
  within 20%
  $ echo "$n0 wbps=max" > $G/io.max; echo "$n1 wbps=max" > $G/io.max
  $ mdadm --stop --quiet /dev/md/wl-thr
  $ mdadm --zero-superblock /dev/nullb0 /dev/nullb1
  $ rmdir $G
  $ rm -f /tmp/wl-thr.out /tmp/wl-thr-suspend.out
  $ rmmod null_blk
