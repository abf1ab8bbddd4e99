md raid1 checks that every leg takes a write list before it writes any (v3 patch 32; port of
v2's block-atomic-raid1-legs.t, plan 6.4, same scenarios, plus the bad-block cases STATUS.md
asks of this test for 31).  Leg 1 here is a dm-linear device of two targets over nullb1 (split
8 MiB in), which advertises nullb1's limits but refuses a list that crosses its target
boundary (EOPNOTSUPP; raid1 asks it first with blk_write_list_span_ok()).  Such a list fails
whole: nothing is written to leg 0, and no leg is failed (an unprivileged writer of the array
could otherwise degrade it).  A list inside one target reaches both legs.

  $ . "$TESTDIR/lib.sh"
  $ W="python3 $TESTDIR/write-list.py"
  $ modinfo null_blk 2>/dev/null | grep -q '^parm: *write_list_segments' || _skip "null_blk without write_list_segments (v3 patch 27)"
  $ modprobe null_blk queue_mode=0 memory_backed=1 write_list_segments=8 write_list_max_bytes=131072 bs=4096 gb=1 nr_devices=3
  $ S=$(_sectors /dev/nullb1)
  $ printf '0 16384 linear /dev/nullb1 0\n16384 %d linear /dev/nullb1 16384\n' $((S - 16384)) | dmsetup create wlr-split
  $ mdadm --create /dev/md/wlr-legs --run --quiet --level=1 --raid-devices=2 --metadata=1.2 --assume-clean --bitmap=none --size=16384 /dev/nullb0 /dev/mapper/wlr-split 2>&1 | grep -v started
  [1]
  $ md=$(basename $(readlink -f /dev/md/wlr-legs))
  $ off=$(mdadm -E /dev/nullb0 | sed -n 's/.*Data Offset : \([0-9]*\) sectors.*/\1/p')
  $ bnd=$(( (16384 - off) * 512 ))
  $ q=/sys/block/$md/queue; cat $q/max_write_list_segments $q/write_list_max_bytes
  8
  131072
  $ $W list /dev/md/wlr-legs $((bnd - 4096)):8192:1
  EOPNOTSUPP
  [1]
  $ $W list /dev/md/wlr-legs 0:4096:2 $((bnd - 4096)):8192:1
  EOPNOTSUPP
  [1]
  $ cat /sys/block/$md/md/degraded
  0
  $ dd if=/dev/nullb0 bs=4k skip=$(( off / 8 )) count=1 iflag=direct status=none | tr -d '\0' | wc -c
  0
  $ dd if=/dev/nullb0 bs=4k skip=$(( (off * 512 + bnd - 4096) / 4096 )) count=2 iflag=direct status=none | tr -d '\0' | wc -c
  0
  $ dd if=/dev/nullb1 bs=4k skip=$(( (off * 512 + bnd - 4096) / 4096 )) count=2 iflag=direct status=none | tr -d '\0' | wc -c
  0
  $ $W list /dev/md/wlr-legs 0:4096:2 $((bnd - 8192)):4096:3
  ok
  $ for leg in /dev/nullb0 /dev/mapper/wlr-split; do
  >   dd if=$leg bs=4k skip=$(( off / 8 )) count=1 iflag=direct status=none | cmp -s - <($W pattern 2 4096) &&
  >   dd if=$leg bs=4k skip=$(( (off * 512 + bnd - 8192) / 4096 )) count=1 iflag=direct status=none | cmp -s - <($W pattern 3 4096) &&
  >   echo "$leg has the list"
  > done
  /dev/nullb0 has the list
  /dev/mapper/wlr-split has the list
  $ cat /sys/block/$md/md/degraded
  0

The array grows from two legs to three (nullb2) while lists are written to it: raid1 picks a
list's legs while it holds the list's resync barriers, which the reshape waits for.  Every
list succeeds and, once nullb2 is recovered, all three legs hold the last one.

  $ mdadm --quiet /dev/md/wlr-legs --add /dev/nullb2
  $ ( for i in $(seq 1 12); do $W list /dev/md/wlr-legs $(( 8388608 + i * 65536 )):8192:$i $(( 12582912 + i * 65536 )):4096:$((i + 100)); done | sort | uniq -c | sed 's/^ *//' > /tmp/lists.out ) &
  $ mdadm --grow /dev/md/wlr-legs --raid-devices=3 >/tmp/grow.out 2>&1 || cat /tmp/grow.out
  $ wait; cat /tmp/lists.out
  12 ok
  $ mdadm --wait /dev/md/wlr-legs; cat /sys/block/$md/md/raid_disks /sys/block/$md/md/degraded
  3
  0
  $ cat $q/max_write_list_segments $q/write_list_max_bytes
  8
  131072
  $ for leg in /dev/nullb0 /dev/mapper/wlr-split /dev/nullb2; do
  >   o=$(mdadm -E $leg | sed -n 's/.*Data Offset : \([0-9]*\) sectors.*/\1/p')
  >   dd if=$leg bs=4k skip=$(( (o * 512 + 8388608 + 12 * 65536) / 4096 )) count=2 iflag=direct status=none | cmp -s - <($W pattern 12 8192) &&
  >   dd if=$leg bs=4k skip=$(( (o * 512 + 12582912 + 12 * 65536) / 4096 )) count=1 iflag=direct status=none | cmp -s - <($W pattern 112 4096) &&
  >   echo "$leg has the last list"
  > done
  /dev/nullb0 has the last list
  /dev/mapper/wlr-split has the last list
  /dev/nullb2 has the last list
  $ mdadm --stop --quiet /dev/md/wlr-legs
  $ mdadm --zero-superblock /dev/nullb0 /dev/mapper/wlr-split /dev/nullb2
  $ dmsetup remove wlr-split
  $ rmmod null_blk

Bad blocks, on two null_blk devices made through configfs (A and B).  md's own bad blocks on
one leg in one range of a list (md/dev-A/bad_blocks, sectors of the device) fail the list whole
with EIO before any leg is written: both legs keep the old data and no leg is failed.

  $ modprobe null_blk nr_devices=0
  $ mountpoint -q /sys/kernel/config || mount -t configfs configfs /sys/kernel/config
  $ for d in wlrA wlrB; do
  >   C=/sys/kernel/config/nullb/$d; mkdir $C
  >   echo 8 > $C/write_list_segments; echo 131072 > $C/write_list_max_bytes; echo 1 > $C/memory_backed
  >   echo 0 > $C/queue_mode; echo 128 > $C/size; echo 4096 > $C/blocksize; echo 1 > $C/power
  > done
  $ mdadm --create /dev/md/wlr-bb --run --quiet --level=1 --raid-devices=2 --metadata=1.2 --assume-clean --bitmap=none --size=65536 /dev/wlrA /dev/wlrB 2>&1 | grep -v started
  [1]
  $ md=$(basename $(readlink -f /dev/md/wlr-bb))
  $ off=$(cat /sys/block/$md/md/dev-wlrA/offset); [ "$off" = "$(cat /sys/block/$md/md/dev-wlrB/offset)" ] && echo same offset
  same offset
  $ cat /sys/block/$md/queue/max_write_list_segments
  8
  $ echo "$(( off + 2048 )) 8" > /sys/block/$md/md/dev-wlrA/bad_blocks
  $ cat /sys/block/$md/md/dev-wlrA/bad_blocks | sed "s/^$(( off + 2048 )) /OFF+2048 /"
  OFF+2048 8
  $ $W list /dev/md/wlr-bb 0:4096:1 1048576:4096:2
  EIO
  [1]
  $ for d in wlrA wlrB; do for at in 0 1048576; do dd if=/dev/$d bs=4k skip=$(( (off * 512 + at) / 4096 )) count=1 iflag=direct status=none | tr -d '\0' | wc -c; done; done | sort | uniq -c | sed 's/^ *//'
  4 0
  $ cat /sys/block/$md/md/degraded /sys/block/$md/md/dev-wlrA/state /sys/block/$md/md/dev-wlrB/state
  0
  in_sync
  in_sync

null_blk's bad blocks on leg B (configfs badblocks, not md's) are not known to md: the list
goes to both legs, B fails it, A writes it; the list succeeds and B is failed, so that no read
can return B's old data for it.

  $ echo "+$(( off + 4096 ))-$(( off + 4096 + 7 ))" > /sys/kernel/config/nullb/wlrB/badblocks
  $ $W list /dev/md/wlr-bb 0:4096:3 2097152:4096:4
  ok
  $ grep -o faulty /sys/block/$md/md/dev-wlrB/state; cat /sys/block/$md/md/degraded
  faulty
  1
  $ dd if=/dev/wlrA bs=4k skip=$(( off / 8 )) count=1 iflag=direct status=none | cmp -s - <($W pattern 3 4096) &&
  > dd if=/dev/wlrA bs=4k skip=$(( (off * 512 + 2097152) / 4096 )) count=1 iflag=direct status=none | cmp -s - <($W pattern 4 4096) && echo "A has the list"
  A has the list
  $ dd if=/dev/md/wlr-bb bs=4k skip=512 count=1 iflag=direct status=none | cmp -s - <($W pattern 4 4096) && echo "the array reads the list"
  the array reads the list
  $ mdadm --stop --quiet /dev/md/wlr-bb
  $ for d in wlrA wlrB; do echo 0 > /sys/kernel/config/nullb/$d/power; rmdir /sys/kernel/config/nullb/$d; done
  $ rmmod null_blk
