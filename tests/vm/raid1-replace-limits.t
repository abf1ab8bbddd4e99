A raid1 replacement changes only the atomic write and write list limits of the live array
(plan section 7, (7a); patches 14, 31).  v2's raid1_add_disk() stacked every limit of a
replacement into the live array: a leg with 4096-byte blocks made the logical block size of
an array of 512-byte legs 4096 under its users, and max_sectors_kb followed the new leg.
v3: a replacement that needs a larger logical block size than the array has is refused (it
stays a spare, the array is unchanged; mainline's mddev_stack_new_rdev() refuses it too); one
with the same block size narrows the list limits at once and changes nothing else.

Configfs null_blk devices that take lists (bio mode): A and B 512-byte blocks, 16 segments;
E 4096-byte blocks; F 512-byte blocks, 4 segments, max_sectors 64.

  $ . "$TESTDIR/lib.sh"
  $ W="python3 $TESTDIR/write-list.py"
  $ modprobe null_blk nr_devices=0
  $ mountpoint -q /sys/kernel/config || mount -t configfs configfs /sys/kernel/config
  $ mk() {
  >   local c=/sys/kernel/config/nullb/$1
  >   mkdir $c
  >   echo 0 > $c/queue_mode; echo 1 > $c/memory_backed; echo $2 > $c/blocksize; echo 64 > $c/size
  >   [ -z "$4" ] || echo $4 > $c/max_sectors
  >   echo $3 > $c/write_list_segments; echo 1048576 > $c/write_list_max_bytes; echo 1 > $c/power
  > }
  $ mk wlA 512 16; mk wlB 512 16; mk wlE 4096 16; mk wlF 512 4 64
  $ mdadm --create /dev/md/wlrep --run --quiet --metadata=1.2 --level=1 --raid-devices=2 --assume-clean --bitmap=none --size=32768 /dev/wlA /dev/wlB 2>&1 | grep -v started
  [1]
  $ md=$(basename $(readlink -f /dev/md/wlrep)); M=/sys/block/$md/md; Q=/sys/block/$md/queue
  $ lim() { echo "lbs $(cat $Q/logical_block_size), max_sectors_kb $(cat $Q/max_sectors_kb), list segments $(cat $Q/max_write_list_segments)"; }
  $ before=$(cat $Q/max_sectors_kb); lim | sed "s/max_sectors_kb $before/max_sectors_kb M/"
  lbs 512, max_sectors_kb M, list segments 16

E, with 4096-byte blocks, as the replacement of A: refused, nothing changes, and the array
keeps working.

  $ dmesg -C
  $ mdadm --quiet /dev/md/wlrep --add /dev/wlE
  $ mdadm --quiet /dev/md/wlrep --replace /dev/wlA --with /dev/wlE 2>/dev/null
  [1]
  $ sleep 3
  $ tr , '\n' < $M/dev-wlE/state | grep -c replacement
  0
  [1]
  $ lim | sed "s/max_sectors_kb $before/max_sectors_kb M/"
  lbs 512, max_sectors_kb M, list segments 16
  $ dmesg | grep -q "wlE: logical block size 4096 larger than the array's 512" && echo refused
  refused
  $ $W list /dev/md/wlrep 512:512:1 65536:4096:2
  ok
  $ mdadm --quiet /dev/md/wlrep --remove /dev/wlE 2>&1 | sed '/hot removed/d'

F, with the same block size, 4 segments and a smaller max_sectors, replaces A (still
wanting a replacement): the array takes lists of 4 segments at once; its logical block size
and max_sectors_kb stay.

  $ mdadm --quiet /dev/md/wlrep --add /dev/wlF
  $ sleep 1; mdadm --wait /dev/md/wlrep; sleep 1
  $ tr , '\n' < $M/dev-wlF/state | grep -x in_sync
  in_sync
  $ lim | sed "s/max_sectors_kb $before/max_sectors_kb M/"
  lbs 512, max_sectors_kb M, list segments 4
  $ $W list /dev/md/wlrep 0:512:3 4096:512:3 8192:512:3 12288:512:3
  ok
  $ $W list /dev/md/wlrep 0:512:3 4096:512:3 8192:512:3 12288:512:3 16384:512:3
  E2BIG
  [1]
  $ dd if=/dev/md/wlrep bs=4k count=1 iflag=direct status=none | head -c 512 | cmp - <($W pattern 3 512) && echo written
  written
  $ mdadm --stop --quiet /dev/md/wlrep
  $ mdadm --zero-superblock /dev/wlA /dev/wlB /dev/wlF
  $ mdadm --zero-superblock /dev/wlE 2>/dev/null; true
  $ for d in wlA wlB wlE wlF; do echo 0 > /sys/kernel/config/nullb/$d/power; rmdir /sys/kernel/config/nullb/$d; done
  $ rmmod null_blk
