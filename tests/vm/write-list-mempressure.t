Forward progress of write lists under memory pressure (v3 patches 29, 32; port of v2's
block-atomic-mempressure.t, plan 6.4): failslab on the clone allocations; each list completes
whole or fails whole.  In v3 a list is one bio, and each stacking level clones it once per
device below, from the bio_sets it uses for every bio: DM one clone from the mapped device's
io_bs, md raid1 one clone per leg from mddev->bio_set, all legs cloned before any is
submitted.  When the allocator fails, the clones come from the mempools' reserves.

failslab fails every allocation from the bio_set slabs (the guest boots with
slub_debug=A,bio-*, and failslab's cache-filter is on) that the writer makes once its list
is built, sleeping ones too, so every clone comes from a reserve.  Lists of the largest
size, 1024 segments (BLK_WRITE_LIST_MAX_SEGMENTS) of 4 KiB, go through md raid1 over
null_blk, dm-linear over null_blk and dm-linear over the raid1 array; each must complete
within 20 s (a list still waiting then is let go by turning failslab
off: a mempool retries every 5 s), and land whole.

Where v3 differs by design: v2 sized reserves of its own from the list limits (DM's io_bs
bounded atomic_write_segments, raid1 had a bio_set sized from its legs); v3 has none (defect 4,
plan 7), so the segment count no longer matters to the reserves, only the number of clones one
level holds at once.  The raid1 array has three legs, one more than mddev->bio_set's reserve
(BIO_POOL_SIZE): raid1 (patch 32) checks the list against every leg without a clone, then
hands each clone to raid1d as soon as it has it, so the legs already submitted give their
reserve elements back to the next.  (A first version held a clone for every leg before it
submitted any: with three legs the list waited in raid1_make_request() until failslab was
turned off.)

  $ . "$TESTDIR/lib.sh"
  $ W="python3 $TESTDIR/write-list.py"
  $ modinfo null_blk 2>/dev/null | grep -q '^parm: *write_list_segments' || _skip "null_blk without write_list_segments (v3 patch 27)"
  $ grep -q 'slub_debug=A,bio-\*' /proc/cmdline || _skip "guest booted without slub_debug=A,bio-*"
  $ mountpoint -q /sys/kernel/debug || mount -t debugfs debugfs /sys/kernel/debug
  $ F=/sys/kernel/debug/failslab
  $ [ -d $F ] || _skip "no failslab in this kernel"
  $ modprobe null_blk queue_mode=0 memory_backed=1 write_list_segments=1024 write_list_max_bytes=4194304 bs=4096 gb=1 nr_devices=4
  $ mdadm --create /dev/md/wlm-r1 --run --quiet --level=1 --raid-devices=3 --metadata=1.2 --assume-clean --bitmap=none --size=65536 /dev/nullb0 /dev/nullb1 /dev/nullb2 2>&1 | grep -v started
  [1]
  $ dmsetup create wlm-lin --table "0 131072 linear /dev/nullb3 0"
  $ dmsetup create wlm-top --table "0 $(_sectors /dev/md/wlm-r1) linear /dev/md/wlm-r1 0"
  $ for d in /dev/nullb0 /dev/md/wlm-r1 /dev/mapper/wlm-lin /dev/mapper/wlm-top; do q=/sys/dev/block/$(_majmin $d)/queue; echo "$(cat $q/max_write_list_segments) $(cat $q/write_list_max_bytes)"; done
  1024 4194304
  1024 4194304
  1024 4194304
  1024 4194304
  $ segs() { for i in $(seq 0 1023); do echo -n "$(( $1 + i * 8192 )):4096:$((i + $2)) "; done; }
  $ echo Y > $F/cache-filter; echo 100 > $F/probability; echo 1 > $F/interval; echo 100000000 > $F/times
  $ echo 0 > $F/verbose; echo Y > $F/task-filter; echo N > $F/ignore-gfp-wait
  $ alive() { local st; st=$(cut -d' ' -f3 /proc/$1/stat 2>/dev/null); [ -n "$st" ] && [ "$st" != Z ]; }
  $ run() {
  >   local p i
  >   ( exec $W list $1 $(segs $2 $3) failing > /tmp/mp.out 2>&1 ) & p=$!
  >   for i in $(seq 1 20); do alive $p || break; sleep 1; done
  >   if alive $p; then
  >     echo "$1: still waiting after 20 s, in $(sed -n 's/^\[<0>\] \([^+]*\)+.*/\1/p' /proc/$p/stack | grep -v -E '^(mempool_alloc|bio_alloc_bioset|bio_alloc_clone)$' | head -n 1)"
  >     echo 0 > $F/probability
  >   fi
  >   wait $p; echo "$1: $(cat /tmp/mp.out)"; echo 100 > $F/probability
  >   dd if=$1 bs=4k skip=$(( $2 / 4096 )) count=1 iflag=direct status=none | cmp -s - <($W pattern $3 4096) || echo "$1: first segment not written"
  >   dd if=$1 bs=4k skip=$(( $2 / 4096 + 2046 )) count=1 iflag=direct status=none | cmp -s - <($W pattern $(( $3 + 1023 )) 4096) || echo "$1: last segment not written"
  > }
  $ run /dev/md/wlm-r1 0 1
  /dev/md/wlm-r1: ok
  $ run /dev/mapper/wlm-lin 0 2000
  /dev/mapper/wlm-lin: ok
  $ run /dev/mapper/wlm-top 16777216 3000
  /dev/mapper/wlm-top: ok
  $ [ $(cat $F/times) -lt 100000000 ] && echo "bio allocations failed"
  bio allocations failed
  $ echo 0 > $F/probability; echo N > $F/cache-filter; echo N > $F/task-filter; echo Y > $F/ignore-gfp-wait
  $ for leg in /dev/nullb0 /dev/nullb1 /dev/nullb2; do
  >   o=$(mdadm -E $leg | sed -n 's/.*Data Offset : \([0-9]*\) sectors.*/\1/p')
  >   dd if=$leg bs=4k skip=$(( o / 8 + 2046 )) count=1 iflag=direct status=none | cmp -s - <($W pattern 1024 4096) || echo "$leg: list missing"
  > done
  $ dmsetup remove wlm-top
  $ dmsetup remove wlm-lin
  $ mdadm --stop --quiet /dev/md/wlm-r1
  $ mdadm --zero-superblock /dev/nullb0 /dev/nullb1 /dev/nullb2
  $ rmmod null_blk
