A write list on md raid1 that every In_sync leg fails while a replacement (not yet In_sync)
writes it (plan section 7, defect (1); patch 32).  The list fails (EIO), and afterwards the
array must not read some of its ranges from the replacement (new data, below its
recovery_offset) and others from the In_sync legs (old data): that would be a torn list.
v3: the replacement that wrote it is failed, the second In_sync leg gets the list's ranges
as bad blocks, the first keeps the old data and is read.  v2 failed no leg and read the
range below recovery_offset from the replacement: "R1 new, R2 old".

Three configfs null_blk devices that take lists (bio mode, 4 KiB blocks, 128 MB): A and B
form the array (internal bitmap), C replaces A and is frozen a few MiB into its recovery.

  $ . "$TESTDIR/lib.sh"
  $ W="python3 $TESTDIR/write-list.py"
  $ modprobe null_blk nr_devices=0
  $ mountpoint -q /sys/kernel/config || mount -t configfs configfs /sys/kernel/config
  $ mk() {
  >   local c=/sys/kernel/config/nullb/$1
  >   mkdir $c
  >   echo 0 > $c/queue_mode; echo 1 > $c/memory_backed; echo 4096 > $c/blocksize; echo 128 > $c/size
  >   echo 16 > $c/write_list_segments; echo 1048576 > $c/write_list_max_bytes; echo 1 > $c/power
  > }
  $ mk wlA; mk wlB; mk wlC
  $ mdadm --create /dev/md/wlrec --run --quiet --metadata=1.2 --level=1 --raid-devices=2 --assume-clean --bitmap=internal --size=65536 /dev/wlA /dev/wlB 2>&1 | grep -v started
  [1]
  $ md=$(basename $(readlink -f /dev/md/wlrec)); M=/sys/block/$md/md
  $ cat /sys/block/$md/queue/max_write_list_segments
  16

The old data: seed 11 at R1 (byte 0), seed 12 at R2 (32 MiB), written through the array.

  $ R2=33554432
  $ $W pattern 11 4096 | dd of=/dev/md/wlrec bs=4k oflag=direct status=none
  $ $W pattern 12 4096 | dd of=/dev/md/wlrec bs=4k seek=$(( R2 / 4096 )) oflag=direct status=none
  $ rd() {
  >   local d
  >   d=$(dd if=/dev/md/wlrec bs=4k skip=$(( $1 / 4096 )) count=1 iflag=direct status=none | md5sum)
  >   if [ "$d" = "$($W pattern $2 4096 | md5sum)" ]; then echo old
  >   elif [ "$d" = "$($W pattern $3 4096 | md5sum)" ]; then echo new
  >   else echo other; fi
  > }
  $ echo "R1 $(rd 0 11 1), R2 $(rd $R2 12 2)"
  R1 old, R2 old

C replaces A, slowly (1 MB/s); the recovery is frozen once it has passed 2 MiB, so that C
is read for R1 (below its recovery_offset) but not for R2.

  $ echo 1000 > $M/sync_speed_min; echo 1000 > $M/sync_speed_max
  $ mdadm --quiet /dev/md/wlrec --add /dev/wlC
  $ mdadm --quiet /dev/md/wlrec --replace /dev/wlA --with /dev/wlC
  $ for i in $(seq 600); do c=$(cut -d' ' -f1 $M/sync_completed); [ "$c" != none ] && [ "$c" -ge 4096 ] && break; sleep 0.1; done
  $ echo frozen > $M/sync_action
  $ tr , '\n' < $M/dev-wlC/state | grep -x replacement
  replacement
  $ rs=$(cat $M/dev-wlC/recovery_start); [ "$rs" -ge 8 ] && [ "$rs" -lt $(( R2 / 512 )) ] && echo "R1 recovered on C, R2 not"
  R1 recovered on C, R2 not

A and B fail any list that touches R2 (null_blk bad blocks at R2 on the component, i.e. past
the data offset); C fails nothing.  A and B are made write-mostly so that reads prefer C
where it may be read (the bitmap's backlog stays 0: lists are still taken).

  $ oA=$(cat $M/dev-wlA/offset); oB=$(cat $M/dev-wlB/offset); s2=$(( R2 / 512 ))
  $ echo "+$(( oA + s2 ))-$(( oA + s2 + 7 ))" > /sys/kernel/config/nullb/wlA/badblocks
  $ echo "+$(( oB + s2 ))-$(( oB + s2 + 7 ))" > /sys/kernel/config/nullb/wlB/badblocks
  $ echo writemostly > $M/dev-wlA/state; echo writemostly > $M/dev-wlB/state
  $ cat $M/bitmap/backlog /sys/block/$md/queue/max_write_list_segments
  0
  16
  $ $W list /dev/md/wlrec 0:4096:1 $R2:4096:2
  EIO
  [1]

The list failed, so both ranges must read back old.  The null_blk bad blocks are cleared
first (they fail reads too).

  $ echo "-$(( oA + s2 ))-$(( oA + s2 + 7 ))" > /sys/kernel/config/nullb/wlA/badblocks
  $ echo "-$(( oB + s2 ))-$(( oB + s2 + 7 ))" > /sys/kernel/config/nullb/wlB/badblocks
  $ echo "R1 $(rd 0 11 1), R2 $(rd $R2 12 2)"
  R1 old, R2 old

The replacement, which wrote the list, is failed; B has the list's ranges as bad blocks
(relative to its data offset), A none.

  $ grep -o faulty $M/dev-wlC/state
  faulty
  $ awk -v o=$oB '{ print $1 - o, $2 }' $M/dev-wlB/bad_blocks
  0 8
  65536 8
  $ wc -l < $M/dev-wlA/bad_blocks
  0
  $ mdadm --stop --quiet /dev/md/wlrec
  $ mdadm --zero-superblock /dev/wlA /dev/wlB /dev/wlC

Second case: no replacement; a list that A writes and B fails succeeds, and B, which misses
it, is failed.

  $ mdadm --create /dev/md/wlrec --run --quiet --metadata=1.2 --level=1 --raid-devices=2 --assume-clean --bitmap=internal --size=65536 /dev/wlA /dev/wlB 2>&1 | grep -v started
  [1]
  $ md=$(basename $(readlink -f /dev/md/wlrec)); M=/sys/block/$md/md; oB=$(cat $M/dev-wlB/offset)
  $ echo "+$(( oB + s2 ))-$(( oB + s2 + 7 ))" > /sys/kernel/config/nullb/wlB/badblocks
  $ $W list /dev/md/wlrec 0:4096:3 $R2:4096:4
  ok
  $ grep -o faulty $M/dev-wlB/state
  faulty
  $ grep -c faulty $M/dev-wlA/state
  0
  [1]
  $ echo "R1 $(rd 0 11 3), R2 $(rd $R2 12 4)"
  R1 new, R2 new
  $ mdadm --stop --quiet /dev/md/wlrec
  $ mdadm --zero-superblock /dev/wlA /dev/wlB
  $ for d in wlA wlB wlC; do echo 0 > /sys/kernel/config/nullb/$d/power; rmdir /sys/kernel/config/nullb/$d; done
  $ rmmod null_blk
