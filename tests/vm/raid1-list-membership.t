md raid1 takes every write list its limits advertise, also after its legs change (plan
section 7, defect (4); patches 31, 32).  After every step: a list of N segments, N =
queue/max_write_list_segments, is written; one of N + 1 is refused (E2BIG) and writes
nothing.  v2 sized a reserve of clones once, at array start (4 segments here), and later
advertised the legs' 16: a 16-segment list then failed EINVAL.  v3 has no reserve: a list
takes one clone per leg, as any write.  A replacement with fewer segments narrows the live
array's limits as soon as it joins (7a, lists), and changes nothing else of the array
(logical block size, max_sectors_kb).

Configfs null_blk devices that take lists (bio mode, 4 KiB blocks): A 4 segments, B and C
16, D 2 (and a smaller max_sectors).

  $ . "$TESTDIR/lib.sh"
  $ W="python3 $TESTDIR/write-list.py"
  $ modprobe null_blk nr_devices=0
  $ mountpoint -q /sys/kernel/config || mount -t configfs configfs /sys/kernel/config
  $ mk() {
  >   local c=/sys/kernel/config/nullb/$1
  >   mkdir $c
  >   echo 0 > $c/queue_mode; echo 1 > $c/memory_backed; echo 4096 > $c/blocksize; echo 64 > $c/size
  >   [ -z "$3" ] || echo $3 > $c/max_sectors
  >   echo $2 > $c/write_list_segments; echo 1048576 > $c/write_list_max_bytes; echo 1 > $c/power
  > }
  $ mk wlA 4; mk wlB 16; mk wlC 16; mk wlD 2 64
  $ mdadm --create /dev/md/wlm --run --quiet --metadata=1.2 --level=1 --raid-devices=2 --assume-clean --bitmap=none --size=32768 /dev/wlA /dev/wlB 2>&1 | grep -v started
  [1]
  $ md=$(basename $(readlink -f /dev/md/wlm)); M=/sys/block/$md/md; Q=/sys/block/$md/queue

inv SEED: the invariant, with lists of 4 KiB segments 16 KiB apart from SEED x 512 KiB on
(the refused list from the next 512 KiB).

  $ segs() { local i; for i in $(seq 0 $(( $1 - 1 ))); do echo "$(( $2 * 524288 + i * 16384 )):4096:$2"; done; }
  $ inv() {
  >   local n=$(cat $Q/max_write_list_segments) a b w
  >   a=$($W list /dev/md/wlm $(segs $n $1)); b=$($W list /dev/md/wlm $(segs $(( n + 1 )) $(( $1 + 1 ))))
  >   w=$(dd if=/dev/md/wlm bs=16k skip=$(( ($1 + 1) * 32 )) count=$(( n + 1 )) iflag=direct status=none | tr -d '\0' | wc -c)
  >   dd if=/dev/md/wlm bs=16k skip=$(( $1 * 32 + n - 1 )) count=1 iflag=direct status=none | head -c 4096 | cmp -s - <($W pattern $1 4096) || a="$a, not read back"
  >   echo "$n segments: $a; $(( n + 1 )): $b, $w bytes written"
  > }
  $ inv 1
  4 segments: ok; 5: E2BIG, 0 bytes written

A leaves; C joins in its slot (and is recovered); a change of B's state makes md compute
the limits from the legs again: B and C take 16.

  $ mdadm --quiet /dev/md/wlm --fail /dev/wlA; mdadm --quiet /dev/md/wlm --remove /dev/wlA 2>&1 | sed '/hot removed/d'
  $ inv 3
  4 segments: ok; 5: E2BIG, 0 bytes written
  $ mdadm --quiet /dev/md/wlm --add /dev/wlC; sleep 1; mdadm --wait /dev/md/wlm; sleep 1
  $ cat $M/degraded
  0
  $ inv 5
  4 segments: ok; 5: E2BIG, 0 bytes written
  $ echo writemostly > $M/dev-wlB/state; echo -writemostly > $M/dev-wlB/state
  $ inv 7
  16 segments: ok; 17: E2BIG, 0 bytes written

D (2 segments, max_sectors 64) replaces B: the array takes 2 as soon as D is its
replacement, while D is recovered (slowly), and after; its logical block size and
max_sectors_kb do not change.

  $ before="$(cat $Q/logical_block_size $Q/max_sectors_kb | tr '\n' ' ')"
  $ echo 1000 > $M/sync_speed_min; echo 1000 > $M/sync_speed_max
  $ mdadm --quiet /dev/md/wlm --add /dev/wlD
  $ mdadm --quiet /dev/md/wlm --replace /dev/wlB --with /dev/wlD
  $ for i in $(seq 100); do tr , '\n' < $M/dev-wlD/state | grep -qx replacement && break; sleep 0.1; done
  $ tr , '\n' < $M/dev-wlD/state | grep -x replacement
  replacement
  $ cat $Q/max_write_list_segments
  2
  $ inv 9
  2 segments: ok; 3: E2BIG, 0 bytes written
  $ echo system > $M/sync_speed_min; echo system > $M/sync_speed_max
  $ sleep 1; mdadm --wait /dev/md/wlm; sleep 1
  $ tr , '\n' < $M/dev-wlD/state | grep -x in_sync
  in_sync
  $ inv 11
  2 segments: ok; 3: E2BIG, 0 bytes written
  $ after="$(cat $Q/logical_block_size $Q/max_sectors_kb | tr '\n' ' ')"
  $ [ "$before" = "$after" ] && echo "logical_block_size, max_sectors_kb unchanged" || echo "was $before, now $after"
  logical_block_size, max_sectors_kb unchanged
  $ mdadm --stop --quiet /dev/md/wlm
  $ mdadm --zero-superblock /dev/wlA /dev/wlB /dev/wlC /dev/wlD
  $ for d in wlA wlB wlC wlD; do echo 0 > /sys/kernel/config/nullb/$d/power; rmdir /sys/kernel/config/nullb/$d; done
  $ rmmod null_blk
