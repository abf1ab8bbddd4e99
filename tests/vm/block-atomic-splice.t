O_ATOMIC writes whose data comes through a pipe, sendfile(2) from a file and splice(2) from
a pipe into an O_ATOMIC|O_DIRECT block device, and io_uring writes from a registered buffer.
The write then reaches the block layer as an array of the pipe's or the buffer's pages (an
ITER_BVEC iterator) that belongs to the caller: the atomic write path must write from it and
must neither take it over nor free it.  The data lands, through null_blk and through
dm-linear on it, and the kernel stays healthy (the runner fails the test on any kernel
warning or BUG in the console).

  $ . "$TESTDIR/lib.sh"
  $ A="python3 $TESTDIR/block-atomic.py"
  $ modprobe null_blk queue_mode=0 memory_backed=1 atomic_segs=4 atomic_max_bytes=1048576 bs=4096 gb=1 nr_devices=1
  $ N=/dev/nullb0

sendfile of a 1 MiB file (a page cache file on tmpfs): each pipe-full is one atomic write.

  $ mkdir -p /tmp/splice && mount -t tmpfs tmpfs /tmp/splice
  $ $A pattern 1 1048576 > /tmp/splice/src
  $ $A sendfile $N 65536 /tmp/splice/src
  ok
  $ dd if=$N bs=64k skip=1 count=16 iflag=direct status=none | cmp - /tmp/splice/src && echo same
  same

splice from a pipe that a program wrote into.

  $ $A splice $N 4194304 262144 2
  ok
  $ dd if=$N bs=64k skip=64 count=4 iflag=direct status=none | cmp - <($A pattern 2 262144) && echo same
  same

The same through dm-linear over the null_blk device (DM core clones the bios of the list).

  $ dmsetup create bas-lin --table "0 $(_sectors $N) linear $N 0"
  $ $A pattern 3 524288 > /tmp/splice/src3
  $ $A sendfile /dev/mapper/bas-lin 8388608 /tmp/splice/src3
  ok
  $ $A splice /dev/mapper/bas-lin 16777216 131072 4
  ok
  $ dd if=$N bs=64k skip=128 count=8 iflag=direct status=none | cmp - /tmp/splice/src3 && echo same
  same
  $ dd if=$N bs=64k skip=256 count=2 iflag=direct status=none | cmp - <($A pattern 4 131072) && echo same
  same
  $ dmsetup remove bas-lin

io_uring writes from a registered (fixed) buffer, IORING_OP_WRITE_FIXED: the kernel hands the
write an array of bio_vecs of io_uring's, kept until the write completes.  Eight 64 KiB
writes with O_ATOMIC and eight with RWF_ATOMIC, on null_blk and through dm-linear.

  $ ring() { dma-rwf uring "$@" | sed 's/; in flight.*//'; }
  $ ring -o -f $N 8 65536 6
  io_uring: 8 atomic writes of 65536 bytes: 8 ok, 0 failed
  $ dma-rwf check $N 0 524288 6
  match
  $ ring -f $N 8 65536 7
  io_uring: 8 atomic writes of 65536 bytes: 8 ok, 0 failed
  $ dma-rwf check $N 0 524288 7
  match
  $ dmsetup create bas-lin --table "0 $(_sectors $N) linear $N 0"
  $ ring -o -f /dev/mapper/bas-lin 8 65536 8
  io_uring: 8 atomic writes of 65536 bytes: 8 ok, 0 failed
  $ dma-rwf check $N 0 524288 8
  match
  $ dmsetup remove bas-lin

Plain O_ATOMIC writes still work afterwards.

  $ $A write $N 0 65536 5
  ok
  $ dd if=$N bs=64k count=1 iflag=direct status=none | cmp - <($A pattern 5 65536) && echo same
  same

  $ umount /tmp/splice
  $ rmmod null_blk
