A suspended DM leg under md raid1, with atomic lists and with plain writes.  The legs are
dm-linear devices over null_blk, and a dm-linear device ("top") sits on the array.  A list
whose leg is suspended waits until the leg is resumed, as a plain write does; meanwhile
operations that suspend the array or the top device wait for it in the same way for both:
md's suspend (writing md/suspend_lo) in raid1's freeze_array() until the leg is resumed,
and a suspend of the top device in dm_wait_for_completion(), where a signal interrupts it.
A list does not sleep in its submitter holding the top device's SRCU, the array's
active_io or a queue's usage counter: the suspended leg keeps the list, as it keeps plain
bios, and submits it when resumed.

  $ . "$TESTDIR/lib.sh"
  $ A="python3 $TESTDIR/block-atomic.py"
  $ modprobe null_blk queue_mode=0 memory_backed=1 atomic_segs=8 atomic_max_bytes=131072 bs=4096 gb=1 nr_devices=2
  $ S=$(_sectors /dev/nullb0)
  $ for i in 0 1; do dmsetup create blk-sl$i --table "0 $S linear /dev/nullb$i 0"; done
  $ mdadm --create /dev/md/blk-sus --run --quiet --level=1 --raid-devices=2 --metadata=1.2 --assume-clean --bitmap=none --size=65536 /dev/mapper/blk-sl0 /dev/mapper/blk-sl1 2>&1 | grep -v started
  [1]
  $ md=$(basename $(readlink -f /dev/md/blk-sus))
  $ echo 600 > /sys/block/$md/md/safe_mode_delay; dd if=/dev/zero of=/dev/md/blk-sus bs=4k count=1 oflag=direct status=none; cat /sys/block/$md/md/array_state
  active
  $ dmsetup create blk-stop --table "0 $(_sectors /dev/md/blk-sus) linear /dev/md/blk-sus 0"
  $ cat /sys/dev/block/$(_majmin /dev/mapper/blk-stop)/queue/atomic_write_segments
  8

where PID: the innermost function on a waiting task's kernel stack (scheduler functions
are not shown), or "done".

  $ where() {
  >   local st
  >   st=$(sed 's/^\[<0>\] \([^+]*\)+.*/\1/; s/\.\(part\|isra\|constprop\)\..*//' /proc/$1/stack 2>/dev/null | head -n 1)
  >   [ -n "$st" ] && [ "$(cut -d' ' -f3 /proc/$1/stat 2>/dev/null)" != Z ] && echo "$st" || echo done
  > }

One case for each kind of write: the write to the array (a list of two ranges through
BLKATOMICWRITE, or a plain O_DIRECT write) starts while leg 1 is suspended; once the writer
waits for it (up to 20 s: python's start alone can take seconds on the debug kernel), md's
suspend is asked for, and a suspend of the top device that SIGTERM ends after 3 s.  Then
leg 1 is resumed and everything completes.

  $ trial() {
  >   dmsetup suspend blk-sl1
  >   if [ $1 = list ]; then
  >     ( exec $A list /dev/mapper/blk-stop 1048576:4096:1 2097152:4096:2 >/tmp/sus.out 2>&1 ) &
  >   else
  >     ( exec dd if=/dev/zero of=/dev/mapper/blk-stop bs=4k count=1 seek=256 oflag=direct status=none >/tmp/sus.out 2>&1 ) &
  >   fi
  >   w=$!
  >   for i in $(seq 1 100); do case $(where $w) in __blkdev_atomic_write|submit_bio_wait) break ;; esac; sleep 0.2; done
  >   ( echo 0 > /sys/block/$md/md/suspend_lo ) & m=$!
  >   ( exec timeout 3 dmsetup suspend blk-stop ) & t=$!
  >   sleep 5
  >   echo "$1 writer: $(where $w); md suspend: $(where $m); top suspend: $(where $t)"
  >   dmsetup resume blk-sl1
  >   for i in $(seq 1 20); do [ "$(where $w)$(where $m)$(where $t)" = donedonedone ] && break; sleep 1; done
  >   echo "after resume: writer $(where $w), md suspend $(where $m), top suspend $(where $t)"
  >   wait $w; echo "writer: $? $(cat /tmp/sus.out)"
  >   wait $t; echo "top suspend exit status: $?, top $(dmsetup info -c --noheadings -o attr blk-stop)"
  >   dmsetup resume blk-stop 2>/dev/null; true
  > }
  $ trial plain
  plain writer: submit_bio_wait; md suspend: freeze_array; top suspend: done
  after resume: writer done, md suspend done, top suspend done
  writer: 0 
  top suspend exit status: 124, top L--w
  $ trial list
  list writer: __blkdev_atomic_write; md suspend: freeze_array; top suspend: done
  after resume: writer done, md suspend done, top suspend done
  writer: 0 ok
  top suspend exit status: 124, top L--w
  $ for seg in 1048576:4096:1 2097152:4096:2; do
  >   IFS=: read o n s <<< "$seg"
  >   for i in 0 1; do
  >     dd if=/dev/mapper/blk-sl$i bs=4k skip=$(( (4096 * 512 + o) / 4096 )) count=1 iflag=direct status=none | cmp -s - <($A pattern $s $n) || echo "leg $i: list data at $o missing"
  >   done
  > done
  $ dmsetup remove blk-stop
  $ mdadm --stop --quiet /dev/md/blk-sus
  $ for i in 0 1; do dmsetup remove blk-sl$i; done
  $ rmmod null_blk
