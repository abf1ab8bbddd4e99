A device may claim any number of segments per atomic list; the block layer caps
atomic_write_segments at 1024 (UIO_MAXIOV), so that no level allocates arrays for more.
null_blk told it takes 4294967295 segments advertises 1024 (and dm-linear on it too); a
BLKATOMICWRITE list of 1024 segments is written, one of 1025, or of a hundred million
(whose segment array alone would be 2.4 GB), is refused with E2BIG before the kernel reads
it, and the kernel stays healthy (the runner fails the test on any kernel warning).

  $ . "$TESTDIR/lib.sh"
  $ A="python3 $TESTDIR/block-atomic.py"
  $ modprobe null_blk queue_mode=0 memory_backed=1 atomic_segs=4294967295 atomic_max_bytes=16777216 bs=4096 gb=1 nr_devices=1
  $ N=/dev/nullb0
  $ cat /sys/dev/block/$(_majmin $N)/queue/atomic_write_segments
  1024
  $ dmsetup create bhg-lin --table "0 $(_sectors $N) linear $N 0"
  $ cat /sys/dev/block/$(_majmin /dev/mapper/bhg-lin)/queue/atomic_write_segments
  1024
  $ segs() { local i; for i in $(seq 0 $(( $1 - 1 ))); do echo $(( i * 8192 )):4096:$i; done; }
  $ $A list /dev/mapper/bhg-lin $(segs 1024)
  ok
  $ for i in 0 1023; do dd if=$N bs=4k skip=$(( i * 2 )) count=1 iflag=direct status=none | cmp - <($A pattern $i 4096) && echo "segment $i written"; done
  segment 0 written
  segment 1023 written
  $ $A list $N $(segs 1025)
  E2BIG
  [1]
  $ $A list $N 0:4096:1 nsegs=100000000
  E2BIG
  [1]
  $ dmsetup remove bhg-lin
  $ rmmod null_blk
