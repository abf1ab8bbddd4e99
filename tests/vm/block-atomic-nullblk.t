Atomic writes on a device that supports them: null_blk in bio mode with atomic_segs (patch
"null_blk: take atomic write lists in bio mode").  O_ATOMIC writes and BLKATOMICWRITE lists
land whole; every malformed one fails with its documented errno before any I/O and changes no
byte.

  $ . "$TESTDIR/lib.sh"
  $ A="python3 $TESTDIR/block-atomic.py"

null_blk refuses atomic_segs without bio mode and memory backing.

  $ modprobe null_blk atomic_segs=4 2>&1 | sed 's/modprobe: ERROR: could not insert .null_blk.: /modprobe: /'
  modprobe: Invalid argument
  $ dmesg | grep -c 'atomic_segs needs queue_mode=0, memory_backed=1 and no cache'
  1

With them it advertises the limits it was given.

  $ modprobe null_blk queue_mode=0 memory_backed=1 atomic_segs=4 atomic_max_bytes=65536 bs=4096 gb=1 nr_devices=1
  $ N=/dev/nullb0
  $ q=/sys/dev/block/$(_majmin $N)/queue; cat $q/atomic_write_segments $q/atomic_write_max_bytes $q/logical_block_size
  4
  65536
  4096

O_ATOMIC writes: one contiguous range each, with pwrite or pwritev; the data reads back.

  $ $A write $N 0 65536 1
  ok
  $ $A write $N 131072 49152 2 pwritev
  ok
  $ dd if=$N bs=64k count=1 iflag=direct status=none | cmp - <($A pattern 1 65536) && echo same
  same
  $ dd if=$N bs=16k skip=8 count=3 iflag=direct status=none | cmp - <($A pattern 2 49152) && echo same
  same

Remember the first 4 MiB and the last 64 KiB; every failing call below must leave them as
they are.

  $ sum() { (head -c 4194304 $N; tail -c 65536 $N) | md5sum; }
  $ before=$(sum)

O_ATOMIC errors: too big (EINVAL), misaligned offset or buffer (EINVAL; the buffer as for any
O_DIRECT write, here 256 bytes off), past the end of the
device (ENOSPC: an atomic write is never shortened).

  $ $A write $N 0 69632 3
  EINVAL
  [1]
  $ $A write $N 512 4096 3
  EINVAL
  [1]
  $ $A write $N 4096 4096 3 unaligned-buf
  EINVAL
  [1]
  $ $A write $N $(( $(blockdev --getsize64 $N) - 4096 )) 8192 3
  ENOSPC
  [1]
  $ [ "$(sum)" = "$before" ] && echo unchanged
  unchanged

BLKATOMICWRITE: a list of discontiguous segments, in any order, lands whole.

  $ $A list $N 1048576:8192:4 262144:4096:5 2097152:16384:6
  ok
  $ dd if=$N bs=4k skip=256 count=2 iflag=direct status=none | cmp - <($A pattern 4 8192) && echo seg1
  seg1
  $ dd if=$N bs=4k skip=64 count=1 iflag=direct status=none | cmp - <($A pattern 5 4096) && echo seg2
  seg2
  $ dd if=$N bs=4k skip=512 count=4 iflag=direct status=none | cmp - <($A pattern 6 16384) && echo seg3
  seg3
  $ before=$(sum)

Each malformed list fails with its own errno, in the documented order, and writes nothing.

  $ $A list $N 0:4096:7 rdonly
  EBADF
  [1]
  $ $A list $N 0:4096:7 badarg
  EFAULT
  [1]
  $ $A list $N 0:4096:7 flags=1
  EINVAL
  [1]
  $ $A list $N 0:4096:7 reserved=1
  EINVAL
  [1]
  $ $A list $N 0:4096:7 nsegs=0
  EINVAL
  [1]
  $ $A list $N 0:4096:7 setro
  EPERM
  [1]
  $ $A list $N 0:4096:7 4096:4096:7 8192:4096:7 12288:4096:7 16384:4096:7
  E2BIG
  [1]
  $ $A list $N 0:4096:7 badsegs
  EFAULT
  [1]
  $ $A list $N 0:0:7
  EINVAL
  [1]
  $ $A list $N 512:4096:7
  EINVAL
  [1]
  $ $A list $N 0:4608:7
  EINVAL
  [1]
  $ $A list $N 0:4096:7 bufoff=512
  EINVAL
  [1]
  $ $A list $N 0:4096:7 $(( $(blockdev --getsize64 $N) - 4096 )):8192:7
  ENOSPC
  [1]
  $ $A list $N 0:32768:7 65536:36864:7
  E2BIG
  [1]
  $ $A list $N 0:8192:7 65536:4096:7 4096:8192:7
  ENOTUNIQ
  [1]
  $ $A list $N 0:4096:7 8192:4096:7 badbuf
  EFAULT
  [1]
  $ [ "$(sum)" = "$before" ] && echo unchanged
  unchanged

The limits are exact: 4 segments and 65536 bytes pass.

  $ $A list $N 0:16384:8 65536:16384:8 131072:16384:8 196608:16384:8
  ok

A list that cannot get memory for its pages fails whole with ENOSPC, as a plain write to
null_blk does when it cannot get a page, and leaves none of its data behind (the write's
own allocations, before any I/O, fail with ENOMEM as before).  failslab
makes the n-th allocation of one O_ATOMIC write fail, for n = 1, 2, ... (fail-nth, with
ignore-gfp-wait off so that null_blk's GFP_NOIO allocations count; probability 0, so
nothing else fails) until a write passes them all; each write goes to a range nothing has
written yet, so null_blk allocates pages for every one of its blocks.

  $ mountpoint -q /sys/kernel/debug || mount -t debugfs debugfs /sys/kernel/debug
  $ S=/sys/kernel/debug/failslab
  $ [ -d $S ] && [ -e /proc/thread-self/fail-nth ] || _skip "no failslab or fail-nth in this kernel"
  $ echo 0 > $S/probability; echo N > $S/ignore-gfp-wait; echo 0 > $S/verbose
  $ $A failnth $N 8388608 16384
  failed writes: ENOMEM ENOSPC
  failed writes that left part of their data: 0
  $ echo Y > $S/ignore-gfp-wait

A device made through configfs has the atomic parameters as attributes (listed in
"features"), which default to the module's.

  $ mountpoint -q /sys/kernel/config || mount -t configfs configfs /sys/kernel/config
  $ grep -o 'atomic_max_bytes,atomic_segs' /sys/kernel/config/nullb/features
  atomic_max_bytes,atomic_segs
  $ C=/sys/kernel/config/nullb/nbatomic
  $ mkdir $C
  $ cat $C/atomic_segs $C/atomic_max_bytes
  4
  65536
  $ echo 8 > $C/atomic_segs; echo 32768 > $C/atomic_max_bytes; echo 1 > $C/memory_backed
  $ echo 64 > $C/size; echo 4096 > $C/blocksize; echo 1 > $C/power
  $ B=/dev/nbatomic
  $ q=/sys/block/nbatomic/queue; cat $q/atomic_write_segments $q/atomic_write_max_bytes
  8
  32768

Bad blocks: a list, or an O_ATOMIC write, that touches one fails whole with EIO and writes
nothing; a list beside them is written.

  $ echo "+16-23" > $C/badblocks
  $ $A list $B 0:4096:9 8192:4096:9
  EIO
  [1]
  $ $A write $B 4096 8192 9
  EIO
  [1]
  $ dd if=$B bs=4k count=2 iflag=direct status=none | tr -d '\0' | wc -c
  0
  $ $A list $B 0:4096:9 16384:4096:10
  ok
  $ dd if=$B bs=4k count=1 iflag=direct status=none | cmp - <($A pattern 9 4096) && echo written
  written

  $ echo 0 > $C/power; rmdir $C
  $ rmmod null_blk
