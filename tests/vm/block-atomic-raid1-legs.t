md raid1 checks that every leg takes an atomic list before it writes any.  Leg 1 here is a
dm-linear device of two targets over nullb1 (split 8 MiB in), which advertises nullb1's limits but refuses a
list that crosses its target boundary (EOPNOTSUPP).  Such a list fails whole: nothing is
written to leg 0, and no leg is failed (an unprivileged writer of the array could otherwise
degrade it).  A list inside one target reaches both legs.

  $ . "$TESTDIR/lib.sh"
  $ A="python3 $TESTDIR/block-atomic.py"
  $ modprobe null_blk queue_mode=0 memory_backed=1 atomic_segs=8 atomic_max_bytes=131072 bs=4096 gb=1 nr_devices=3
  $ S=$(_sectors /dev/nullb1)
  $ printf '0 16384 linear /dev/nullb1 0\n16384 %d linear /dev/nullb1 16384\n' $((S - 16384)) | dmsetup create blk-split
  $ mdadm --create /dev/md/blk-legs --run --quiet --level=1 --raid-devices=2 --metadata=1.2 --assume-clean --bitmap=none --size=16384 /dev/nullb0 /dev/mapper/blk-split 2>&1 | grep -v started
  [1]
  $ md=$(basename $(readlink -f /dev/md/blk-legs))
  $ off=$(mdadm -E /dev/nullb0 | sed -n 's/.*Data Offset : \([0-9]*\) sectors.*/\1/p')
  $ bnd=$(( (16384 - off) * 512 ))
  $ cat /sys/block/$md/queue/atomic_write_segments
  8
  $ $A list /dev/md/blk-legs $((bnd - 4096)):8192:1
  EOPNOTSUPP
  [1]
  $ $A list /dev/md/blk-legs 0:4096:2 $((bnd - 4096)):8192:1
  EOPNOTSUPP
  [1]
  $ cat /sys/block/$md/md/degraded
  0
  $ dd if=/dev/nullb0 bs=4k skip=$(( off / 8 )) count=1 iflag=direct status=none | tr -d '\0' | wc -c
  0
  $ dd if=/dev/nullb0 bs=4k skip=$(( (off * 512 + bnd - 4096) / 4096 )) count=2 iflag=direct status=none | tr -d '\0' | wc -c
  0
  $ $A list /dev/md/blk-legs 0:4096:2 $((bnd - 8192)):4096:3
  ok
  $ for leg in /dev/nullb0 /dev/mapper/blk-split; do
  >   dd if=$leg bs=4k skip=$(( off / 8 )) count=1 iflag=direct status=none | cmp -s - <($A pattern 2 4096) &&
  >   dd if=$leg bs=4k skip=$(( (off * 512 + bnd - 8192) / 4096 )) count=1 iflag=direct status=none | cmp -s - <($A pattern 3 4096) &&
  >   echo "$leg has the list"
  > done
  /dev/nullb0 has the list
  /dev/mapper/blk-split has the list
  $ cat /sys/block/$md/md/degraded
  0

The array grows from two legs to three (nullb2) while lists are written to it: raid1 sizes
a list's legs while it holds the list's resync barriers, which the reshape waits for.  Every
list succeeds and, once nullb2 is recovered, all three legs hold the last one.

  $ mdadm --quiet /dev/md/blk-legs --add /dev/nullb2
  $ ( for i in $(seq 1 12); do $A list /dev/md/blk-legs $(( 8388608 + i * 65536 )):8192:$i $(( 12582912 + i * 65536 )):4096:$((i + 100)); done | sort | uniq -c | sed 's/^ *//' > /tmp/lists.out ) &
  $ mdadm --grow /dev/md/blk-legs --raid-devices=3 >/tmp/grow.out 2>&1 || cat /tmp/grow.out
  $ wait; cat /tmp/lists.out
  12 ok
  $ mdadm --wait /dev/md/blk-legs; cat /sys/block/$md/md/raid_disks /sys/block/$md/md/degraded
  3
  0
  $ for leg in /dev/nullb0 /dev/mapper/blk-split /dev/nullb2; do
  >   o=$(mdadm -E $leg | sed -n 's/.*Data Offset : \([0-9]*\) sectors.*/\1/p')
  >   dd if=$leg bs=4k skip=$(( (o * 512 + 8388608 + 12 * 65536) / 4096 )) count=2 iflag=direct status=none | cmp -s - <($A pattern 12 8192) &&
  >   dd if=$leg bs=4k skip=$(( (o * 512 + 12582912 + 12 * 65536) / 4096 )) count=1 iflag=direct status=none | cmp -s - <($A pattern 112 4096) &&
  >   echo "$leg has the last list"
  > done
  /dev/nullb0 has the last list
  /dev/mapper/blk-split has the last list
  /dev/nullb2 has the last list
  $ mdadm --stop --quiet /dev/md/blk-legs
  $ mdadm --zero-superblock /dev/nullb0 /dev/mapper/blk-split /dev/nullb2
  $ dmsetup remove blk-split
  $ rmmod null_blk
