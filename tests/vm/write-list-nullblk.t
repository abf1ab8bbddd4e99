Write lists on a device that takes them: null_blk in bio mode with write_list_segments (v3
patches 26-28; port of v2's block-atomic-nullblk.t, plan 6.4, with the parameters renamed and
the O_ATOMIC parts dropped).  BLKWRITELIST lists land whole, in any order, also through a
partition; every malformed one fails with its documented errno before any I/O and changes no
byte; bad blocks and memory exhaustion fail a list whole.

  $ . "$TESTDIR/lib.sh"
  $ W="python3 $TESTDIR/write-list.py"
  $ modinfo null_blk 2>/dev/null | grep -q '^parm: *write_list_segments' || _skip "null_blk without write_list_segments (v3 patch 27)"

null_blk refuses write_list_segments without bio mode and memory backing, more than 1024
segments, and a byte limit that is not a multiple of the block size, naming the parameter
(defect 7d).

  $ modprobe null_blk write_list_segments=4 2>&1 | sed 's/modprobe: ERROR: could not insert .null_blk.: /modprobe: /'
  modprobe: Invalid argument
  $ dmesg | grep -c 'write_list_segments needs queue_mode=0, memory_backed=1 and no cache'
  [1-9][0-9]* (re)
  $ modprobe null_blk queue_mode=0 memory_backed=1 write_list_segments=1025 2>&1 | sed 's/modprobe: ERROR: could not insert .null_blk.: /modprobe: /'
  modprobe: Invalid argument
  $ dmesg | grep -c 'write_list_segments must be at most 1024'
  [1-9][0-9]* (re)
  $ modprobe null_blk queue_mode=0 memory_backed=1 write_list_segments=4 bs=4096 write_list_max_bytes=512 2>&1 | sed 's/modprobe: ERROR: could not insert .null_blk.: /modprobe: /'
  modprobe: Invalid argument
  $ modprobe null_blk queue_mode=0 memory_backed=1 write_list_segments=4 bs=4096 write_list_max_bytes=6144 2>&1 | sed 's/modprobe: ERROR: could not insert .null_blk.: /modprobe: /'
  modprobe: Invalid argument
  $ dmesg | grep -c 'write_list_max_bytes must be a non-zero multiple of blocksize'
  ([2-9]|[1-9][0-9]+) (re)

With them it advertises the limits it was given, read-only.

  $ modprobe null_blk queue_mode=0 memory_backed=1 write_list_segments=4 write_list_max_bytes=65536 bs=4096 gb=1 nr_devices=1
  $ N=/dev/nullb0
  $ q=/sys/dev/block/$(_majmin $N)/queue; cat $q/max_write_list_segments $q/write_list_max_bytes $q/logical_block_size
  4
  65536
  4096
  $ echo 8 > $q/max_write_list_segments
  .*: Permission denied (re)
  [1]

A list of discontiguous segments, given in any order, lands whole; so does a one-segment list
of a length that is not a power of two (a contiguous write RWF_ATOMIC cannot take), and a
list of adjacent segments.

  $ $W list $N 1048576:8192:4 262144:4096:5 2097152:16384:6
  ok
  $ dd if=$N bs=4k skip=256 count=2 iflag=direct status=none | cmp - <($W pattern 4 8192) && echo seg1
  seg1
  $ dd if=$N bs=4k skip=64 count=1 iflag=direct status=none | cmp - <($W pattern 5 4096) && echo seg2
  seg2
  $ dd if=$N bs=4k skip=512 count=4 iflag=direct status=none | cmp - <($W pattern 6 16384) && echo seg3
  seg3
  $ $W list $N 4194304:12288:11
  ok
  $ dd if=$N bs=4k skip=1024 count=3 iflag=direct status=none | cmp - <($W pattern 11 12288) && echo one-segment
  one-segment
  $ $W list $N 5251072:4096:13 5246976:4096:12
  ok
  $ dd if=$N bs=4k skip=1281 count=1 iflag=direct status=none | cmp - <($W pattern 12 4096) && dd if=$N bs=4k skip=1282 count=1 iflag=direct status=none | cmp - <($W pattern 13 4096) && echo adjacent
  adjacent

The list is one write: counted once in pgpgout with all of its data (KiB; the guest is idle
otherwise, so at least the list's 40 KiB).

  $ sync; p0=$(awk '$1 == "pgpgout" {print $2}' /proc/vmstat)
  $ $W list $N 6291456:16384:14 7340032:24576:15
  ok
  $ p1=$(awk '$1 == "pgpgout" {print $2}' /proc/vmstat); [ $((p1 - p0)) -ge 40 ] && echo counted
  counted

Remember the first 8 MiB and the last 64 KiB; every failing call below must leave them as
they are.

  $ sum() { (head -c 8388608 $N; tail -c 65536 $N) | md5sum; }
  $ before=$(sum)

Each malformed list fails with its own errno, in the documented order, and writes nothing.

  $ $W list $N 0:4096:7 rdonly
  EBADF
  [1]
  $ $W list $N 0:4096:7 badarg
  EFAULT
  [1]
  $ $W list $N 0:4096:7 flags=1
  EINVAL
  [1]
  $ $W list $N 0:4096:7 reserved=1
  EINVAL
  [1]
  $ $W list $N 0:4096:7 nsegs=0
  EINVAL
  [1]
  $ $W list $N 0:4096:7 setro
  EPERM
  [1]
  $ $W list $N 0:4096:7 4096:4096:7 8192:4096:7 12288:4096:7 16384:4096:7
  E2BIG
  [1]
  $ $W list $N 0:4096:7 badsegs
  EFAULT
  [1]
  $ $W list $N 0:0:7
  EINVAL
  [1]
  $ $W list $N 512:4096:7
  EINVAL
  [1]
  $ $W list $N 0:4608:7
  EINVAL
  [1]
  $ $W list $N 0:4096:7 bufoff=512
  EINVAL
  [1]
  $ $W list $N 0:4096:7 $(( $(blockdev --getsize64 $N) - 4096 )):8192:7
  ENOSPC
  [1]
  $ $W list $N 0:32768:7 65536:36864:7
  E2BIG
  [1]
  $ $W list $N 0:8192:7 65536:4096:7 4096:8192:7
  ENOTUNIQ
  [1]
  $ $W list $N 0:4096:7 8192:4096:7 badbuf
  EFAULT
  [1]
  $ [ "$(sum)" = "$before" ] && echo unchanged
  unchanged

The limits are exact: 4 segments and 65536 bytes pass.

  $ $W list $N 0:16384:8 65536:16384:8 131072:16384:8 196608:16384:8
  ok

Through a partition the offsets are the partition's: the ranges move with it, and the end of
the partition bounds them (ENOSPC before any I/O).

  $ addpart $N 1 16384 16384
  $ P=${N}p1
  $ $W list $P 8192:4096:16 0:4096:17
  ok
  $ dd if=$N bs=4k skip=2050 count=1 iflag=direct status=none | cmp - <($W pattern 16 4096) && dd if=$N bs=4k skip=2048 count=1 iflag=direct status=none | cmp - <($W pattern 17 4096) && echo moved
  moved
  $ $W list $P 0:4096:18 8384512:8192:18
  ENOSPC
  [1]
  $ delpart $N 1

A list that cannot get memory for its pages fails whole with ENOSPC, as a plain write to
null_blk does when it cannot get a page, and leaves none of its data behind; the ioctl's own
allocations, before any I/O, fail with ENOMEM.  failslab makes the n-th allocation of one
BLKWRITELIST call fail, for n = 1, 2, ... (fail-nth, with ignore-gfp-wait off so that
null_blk's GFP_NOIO allocations count; probability 0, so nothing else fails) until a list
passes them all; each list (two 8 KiB segments 16 KiB apart) goes to a range nothing has
written yet, so null_blk allocates pages for every one of its blocks.

  $ mountpoint -q /sys/kernel/debug || mount -t debugfs debugfs /sys/kernel/debug
  $ S=/sys/kernel/debug/failslab
  $ [ -d $S ] && [ -e /proc/thread-self/fail-nth ] || _skip "no failslab or fail-nth in this kernel"
  $ echo 0 > $S/probability; echo N > $S/ignore-gfp-wait; echo 0 > $S/verbose
  $ $W failnth $N 16777216 16384
  failed lists: ENOMEM ENOSPC
  failed lists that left part of their data: 0
  $ echo Y > $S/ignore-gfp-wait

A device made through configfs has the write list parameters as attributes (listed in
"features"), which default to the module's.

  $ mountpoint -q /sys/kernel/config || mount -t configfs configfs /sys/kernel/config
  $ grep -o 'write_list_max_bytes,write_list_segments' /sys/kernel/config/nullb/features
  write_list_max_bytes,write_list_segments
  $ C=/sys/kernel/config/nullb/nbwl
  $ mkdir $C
  $ cat $C/write_list_segments $C/write_list_max_bytes
  4
  65536
  $ echo 8 > $C/write_list_segments; echo 32768 > $C/write_list_max_bytes; echo 1 > $C/memory_backed
  $ echo 0 > $C/queue_mode; echo 64 > $C/size; echo 4096 > $C/blocksize; echo 1 > $C/power
  $ B=/dev/nbwl
  $ q=/sys/block/nbwl/queue; cat $q/max_write_list_segments $q/write_list_max_bytes
  8
  32768

Bad blocks: a list with one in any of its ranges fails whole with EIO and writes nothing,
also its ranges without bad blocks; a list beside them is written.

  $ echo "+16-23" > $C/badblocks
  $ $W list $B 0:4096:9 8192:4096:9
  EIO
  [1]
  $ dd if=$B bs=4k count=1 iflag=direct status=none | tr -d '\0' | wc -c
  0
  $ $W list $B 0:4096:9 16384:4096:10
  ok
  $ dd if=$B bs=4k count=1 iflag=direct status=none | cmp - <($W pattern 9 4096) && echo written
  written

  $ echo 0 > $C/power; rmdir $C
  $ rmmod null_blk
