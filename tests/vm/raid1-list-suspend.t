A suspended DM leg under md raid1, with write lists and with plain writes (v3 patches 29, 32;
port of v2's block-atomic-raid1-suspend.t, plan 6.4, same scenario).  The legs are dm-linear
devices over null_blk, and a dm-linear device ("top") sits on the array.  A list whose leg is
suspended waits until the leg is resumed, as a plain write does; meanwhile operations that
suspend the array or the top device wait for it in the same way for both: md's suspend
(writing md/suspend_lo) in raid1's freeze_array() until the leg is resumed, and a suspend of
the top device in dm_wait_for_completion(), where a signal interrupts it.  A list does not
sleep in its submitter holding the top device's SRCU, the array's active_io or a queue's
usage counter: the suspended leg keeps the list (a deferred bio), as it keeps plain bios,
and submits it when resumed.

Where v3 differs by design: the list writer waits where a plain synchronous write does, in
submit_bio_wait() (the BLKWRITELIST ioctl submits one bio and waits for it, patch 28); v2's
writer waited in its own __blkdev_atomic_write().

  $ . "$TESTDIR/lib.sh"
  $ W="python3 $TESTDIR/write-list.py"
  $ modinfo null_blk 2>/dev/null | grep -q '^parm: *write_list_segments' || _skip "null_blk without write_list_segments (v3 patch 27)"
  $ modprobe null_blk queue_mode=0 memory_backed=1 write_list_segments=8 write_list_max_bytes=131072 bs=4096 gb=1 nr_devices=2
  $ S=$(_sectors /dev/nullb0)
  $ for i in 0 1; do dmsetup create wlr-sl$i --table "0 $S linear /dev/nullb$i 0"; done
  $ mdadm --create /dev/md/wlr-sus --run --quiet --level=1 --raid-devices=2 --metadata=1.2 --assume-clean --bitmap=none --size=65536 /dev/mapper/wlr-sl0 /dev/mapper/wlr-sl1 2>&1 | grep -v started
  [1]
  $ md=$(basename $(readlink -f /dev/md/wlr-sus))
  $ echo 600 > /sys/block/$md/md/safe_mode_delay; dd if=/dev/zero of=/dev/md/wlr-sus bs=4k count=1 oflag=direct status=none; cat /sys/block/$md/md/array_state
  active
  $ dmsetup create wlr-stop --table "0 $(_sectors /dev/md/wlr-sus) linear /dev/md/wlr-sus 0"
  $ cat /sys/dev/block/$(_majmin /dev/mapper/wlr-stop)/queue/max_write_list_segments
  8
  $ off=$(cat /sys/block/$md/md/dev-dm-*/offset | sort -u); echo "$off" | wc -l
  1

where PID: the innermost function on a waiting task's kernel stack (scheduler functions
are not shown), or "done".

  $ where() {
  >   local st
  >   st=$(sed 's/^\[<0>\] \([^+]*\)+.*/\1/; s/\.\(part\|isra\|constprop\)\..*//' /proc/$1/stack 2>/dev/null | head -n 1)
  >   [ -n "$st" ] && [ "$(cut -d' ' -f3 /proc/$1/stat 2>/dev/null)" != Z ] && echo "$st" || echo done
  > }

One case for each kind of write: the write to the array (a list of two ranges through
BLKWRITELIST, or a plain O_DIRECT write) starts while leg 1 is suspended; once the writer
waits for it (up to 20 s: python's start alone can take seconds on the debug kernel), md's
suspend is asked for, and a suspend of the top device that SIGTERM ends after 3 s.  Then
leg 1 is resumed and everything completes.

  $ trial() {
  >   dmsetup suspend wlr-sl1
  >   if [ $1 = list ]; then
  >     ( exec $W list /dev/mapper/wlr-stop 1048576:4096:1 2097152:4096:2 >/tmp/sus.out 2>&1 ) &
  >   else
  >     ( exec dd if=/dev/zero of=/dev/mapper/wlr-stop bs=4k count=1 seek=256 oflag=direct status=none >/tmp/sus.out 2>&1 ) &
  >   fi
  >   w=$!
  >   for i in $(seq 1 100); do case $(where $w) in submit_bio_wait) break ;; esac; sleep 0.2; done
  >   ( echo 0 > /sys/block/$md/md/suspend_lo ) & m=$!
  >   ( exec timeout 3 dmsetup suspend wlr-stop ) & t=$!
  >   sleep 5
  >   echo "$1 writer: $(where $w); md suspend: $(where $m); top suspend: $(where $t)"
  >   dmsetup resume wlr-sl1
  >   for i in $(seq 1 20); do [ "$(where $w)$(where $m)$(where $t)" = donedonedone ] && break; sleep 1; done
  >   echo "after resume: writer $(where $w), md suspend $(where $m), top suspend $(where $t)"
  >   wait $w; echo "writer: $? $(cat /tmp/sus.out)"
  >   wait $t; echo "top suspend exit status: $?, top $(dmsetup info -c --noheadings -o attr wlr-stop)"
  >   dmsetup resume wlr-stop 2>/dev/null; true
  > }
  $ trial plain
  plain writer: submit_bio_wait; md suspend: freeze_array; top suspend: done
  after resume: writer done, md suspend done, top suspend done
  writer: 0 
  top suspend exit status: 124, top L--w
  $ trial list
  list writer: submit_bio_wait; md suspend: freeze_array; top suspend: done
  after resume: writer done, md suspend done, top suspend done
  writer: 0 ok
  top suspend exit status: 124, top L--w
  $ for seg in 1048576:4096:1 2097152:4096:2; do
  >   IFS=: read o n s <<< "$seg"
  >   for i in 0 1; do
  >     dd if=/dev/mapper/wlr-sl$i bs=4k skip=$(( (off * 512 + o) / 4096 )) count=1 iflag=direct status=none | cmp -s - <($W pattern $s $n) || echo "leg $i: list data at $o missing"
  >   done
  > done
  $ dmsetup remove wlr-stop
  $ mdadm --stop --quiet /dev/md/wlr-sus
  $ for i in 0 1; do dmsetup remove wlr-sl$i; done
  $ rmmod null_blk
