Forward progress of atomic lists under memory pressure.  Each stacking level clones every
bio of a list before it submits any, from a bio_set's mempool; when the allocator fails,
the clones come from the mempool's reserve, and a level whose reserve is smaller than the
list waits for ever for clones that only its own submission could give back.  So each
level's reserve holds its largest list: DM's io_bs is sized from the table's limits at
load and bounds atomic_write_segments, md raid1 has a bio_set of its own sized from its
legs' limits.

failslab fails every allocation from the bio_set slabs (the guest boots with
slub_debug=A,bio-*, and failslab's cache-filter is on) that the writer makes once its list
is built, sleeping ones too, so every clone comes from a reserve.  Lists of the largest
size, 1024 segments (BLK_ATOMIC_MAX_SEGMENTS) of 4 KiB, go through md raid1 over null_blk,
dm-linear over null_blk, and dm-linear over the raid1 array; each must complete within 20 s
(a list still waiting then is let go by turning failslab off: a mempool retries every 5 s).

  $ . "$TESTDIR/lib.sh"
  $ A="python3 $TESTDIR/block-atomic.py"
  $ grep -q 'slub_debug=A,bio-\*' /proc/cmdline || _skip "guest booted without slub_debug=A,bio-*"
  $ mountpoint -q /sys/kernel/debug || mount -t debugfs debugfs /sys/kernel/debug
  $ F=/sys/kernel/debug/failslab
  $ [ -d $F ] || _skip "no failslab in this kernel"
  $ modprobe null_blk queue_mode=0 memory_backed=1 atomic_segs=1024 atomic_max_bytes=4194304 bs=4096 gb=1 nr_devices=3
  $ mdadm --create /dev/md/blk-mp --run --quiet --level=1 --raid-devices=2 --metadata=1.2 --assume-clean --bitmap=none --size=65536 /dev/nullb0 /dev/nullb1 2>&1 | grep -v started
  [1]
  $ dmsetup create blk-mpl --table "0 131072 linear /dev/nullb2 0"
  $ dmsetup create blk-mpt --table "0 $(_sectors /dev/md/blk-mp) linear /dev/md/blk-mp 0"
  $ for d in /dev/nullb0 /dev/md/blk-mp /dev/mapper/blk-mpl /dev/mapper/blk-mpt; do cat /sys/dev/block/$(_majmin $d)/queue/atomic_write_segments; done
  1024
  1024
  1024
  1024
  $ segs() { for i in $(seq 0 1023); do echo -n "$(( $1 + i * 8192 )):4096:$((i + $2)) "; done; }
  $ echo Y > $F/cache-filter; echo 100 > $F/probability; echo 1 > $F/interval; echo 100000000 > $F/times
  $ echo 0 > $F/verbose; echo Y > $F/task-filter; echo N > $F/ignore-gfp-wait
  $ alive() { local st; st=$(cut -d' ' -f3 /proc/$1/stat 2>/dev/null); [ -n "$st" ] && [ "$st" != Z ]; }
  $ run() {
  >   local p i
  >   ( exec $A list $1 $(segs $2 $3) failing > /tmp/mp.out 2>&1 ) & p=$!
  >   for i in $(seq 1 20); do alive $p || break; sleep 1; done
  >   if alive $p; then
  >     echo "$1: still waiting after 20 s, in $(sed -n 's/^\[<0>\] \([^+]*\)+.*/\1/p' /proc/$p/stack | grep -v -E '^(mempool_alloc|bio_alloc_bioset|bio_alloc_clone)$' | head -n 1)"
  >     echo 0 > $F/probability
  >   fi
  >   wait $p; echo "$1: $(cat /tmp/mp.out)"; echo 100 > $F/probability
  >   dd if=$1 bs=4k skip=$(( $2 / 4096 + 2046 )) count=1 iflag=direct status=none | cmp -s - <($A pattern $(( $3 + 1023 )) 4096) || echo "$1: last segment not written"
  > }
  $ run /dev/md/blk-mp 0 1
  /dev/md/blk-mp: ok
  $ run /dev/mapper/blk-mpl 0 2000
  /dev/mapper/blk-mpl: ok
  $ run /dev/mapper/blk-mpt 16777216 3000
  /dev/mapper/blk-mpt: ok
  $ [ $(cat $F/times) -lt 100000000 ] && echo "bio allocations failed"
  bio allocations failed
  $ echo 0 > $F/probability; echo N > $F/cache-filter
  $ for leg in /dev/nullb0 /dev/nullb1; do
  >   o=$(mdadm -E $leg | sed -n 's/.*Data Offset : \([0-9]*\) sectors.*/\1/p')
  >   dd if=$leg bs=4k skip=$(( o / 8 + 2046 )) count=1 iflag=direct status=none | cmp -s - <($A pattern 1024 4096) || echo "$leg: list missing"
  > done
  $ dmsetup remove blk-mpt
  $ dmsetup remove blk-mpl
  $ mdadm --stop --quiet /dev/md/blk-mp
  $ mdadm --zero-superblock /dev/nullb0 /dev/nullb1
  $ rmmod null_blk
