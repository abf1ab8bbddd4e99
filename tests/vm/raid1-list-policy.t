md raid1 writes a write list to every leg at once (v3 patches 31-32; port of v2's
block-atomic-raid1-policy.t, plan 6.4, same scenarios).  Where the array is set to write some
legs otherwise, it refuses lists instead (md_write_lists_refused()): with write-behind (a
write-mostly leg, a bitmap with a backlog, the leg written after the list is reported done)
and with serialize_policy (every write to a leg waits for the overlapping ones before it).
While either is on, the array advertises max_write_list_segments 0 and a list fails with
EOPNOTSUPP, writing nothing; when it is turned off, the legs' limits come back.  (A clustered
array, md-cluster, is refused the same way; there is no cluster in the guest to test it.)
Lists are counted in the array's I/O statistics like other writes.

Where v3 differs by design: v2 refused its single atomic (O_ATOMIC) writes there too; v3's
single atomic writes are mainline's REQ_ATOMIC bios, which raid1 writes like any write
(write-behind included), so only lists are refused here.  And a list is one bio
(REQ_OP_WRITE_LIST, plan 3.1), so the array counts a list of three ranges as one write request
with all of its sectors (v2: one request per range).

  $ . "$TESTDIR/lib.sh"
  $ W="python3 $TESTDIR/write-list.py"
  $ modinfo null_blk 2>/dev/null | grep -q '^parm: *write_list_segments' || _skip "null_blk without write_list_segments (v3 patch 27)"
  $ modprobe null_blk queue_mode=0 memory_backed=1 write_list_segments=8 write_list_max_bytes=131072 bs=4096 gb=1 nr_devices=2
  $ mdadm --create /dev/md/wlr-pol --run --quiet --level=1 --raid-devices=2 --metadata=1.2 --assume-clean --bitmap=internal --write-behind=256 --size=16384 /dev/nullb0 --write-mostly /dev/nullb1 >/tmp/create.out 2>&1 || cat /tmp/create.out
  $ md=$(basename $(readlink -f /dev/md/wlr-pol)); q=/sys/block/$md/queue
  $ off=$(mdadm -E /dev/nullb0 | sed -n 's/.*Data Offset : \([0-9]*\) sectors.*/\1/p')
  $ legs() { for leg in /dev/nullb0 /dev/nullb1; do dd if=$leg bs=4k skip=$((off / 8)) count=32 iflag=direct status=none | md5sum | cut -c1-8; done; }
  $ zero=$(head -c 131072 /dev/zero | md5sum | cut -c1-8)

Write-behind: nullb1 is write-mostly and the bitmap's backlog is 256.

  $ cat /sys/block/$md/md/dev-nullb1/state /sys/block/$md/md/bitmap/backlog
  in_sync,write_mostly
  256
  $ cat $q/max_write_list_segments $q/write_list_max_bytes
  0
  0
  $ $W list /dev/md/wlr-pol 0:4096:1 65536:8192:2
  EOPNOTSUPP
  [1]
  $ legs | sed "s/$zero/zero/"
  zero
  zero

A backlog of 0 turns write-behind off, and lists are taken again.

  $ echo 0 > /sys/block/$md/md/bitmap/backlog
  $ cat $q/max_write_list_segments $q/write_list_max_bytes
  8
  131072
  $ $W list /dev/md/wlr-pol 0:4096:3 65536:8192:4
  ok

With the backlog back, so does a leg that stops being write-mostly.

  $ echo 256 > /sys/block/$md/md/bitmap/backlog; cat $q/max_write_list_segments
  0
  $ echo -writemostly > /sys/block/$md/md/dev-nullb1/state; cat $q/max_write_list_segments
  8
  $ echo writemostly > /sys/block/$md/md/dev-nullb1/state; cat $q/max_write_list_segments
  0
  $ echo 0 > /sys/block/$md/md/bitmap/backlog; cat $q/max_write_list_segments
  8

serialize_policy.

  $ echo 1 > /sys/block/$md/md/serialize_policy; cat $q/max_write_list_segments
  0
  $ $W list /dev/md/wlr-pol 0:4096:5 65536:8192:6
  EOPNOTSUPP
  [1]
  $ echo 0 > /sys/block/$md/md/serialize_policy; cat $q/max_write_list_segments
  8

Both legs hold the one list that was taken, and nothing of the refused ones.

  $ for leg in /dev/nullb0 /dev/nullb1; do
  >   dd if=$leg bs=4k skip=$(( off / 8 )) count=1 iflag=direct status=none | cmp -s - <($W pattern 3 4096) &&
  >   dd if=$leg bs=4k skip=$(( off / 8 + 16 )) count=2 iflag=direct status=none | cmp -s - <($W pattern 4 8192) &&
  >   echo "$leg has the list"
  > done
  /dev/nullb0 has the list
  /dev/nullb1 has the list

The array's statistics count a list of three ranges (28 KiB) as one write request of 56
sectors.

  $ st() { awk '{print $5, $7}' /sys/block/$md/stat; }
  $ set -- $(st)
  $ $W list /dev/md/wlr-pol 0:4096:7 65536:8192:8 262144:16384:9
  ok
  $ st | awk -v w=$1 -v s=$2 '{print $1 - w, "writes,", $2 - s, "sectors"}'
  1 writes, 56 sectors

  $ mdadm --stop --quiet /dev/md/wlr-pol
  $ mdadm --zero-superblock /dev/nullb0 /dev/nullb1
  $ rmmod null_blk
