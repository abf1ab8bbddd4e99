An atomic write counts in the writer's task I/O accounting (write_bytes in /proc/PID/io) like
any other direct write: an O_ATOMIC write and a BLKATOMICWRITE list by the bytes they carry,
the list as one unit.

  $ . "$TESTDIR/lib.sh"
  $ A="python3 $TESTDIR/block-atomic.py"
  $ grep -q '^write_bytes' /proc/self/io || _skip "no task I/O accounting (CONFIG_TASK_IO_ACCOUNTING)"
  $ modprobe null_blk queue_mode=0 memory_backed=1 atomic_segs=4 atomic_max_bytes=131072 bs=4096 gb=1 nr_devices=1

A plain O_DIRECT write, for comparison.

  $ $A io write /dev/nullb0 0 65536 1 plain
  ok
  write_bytes 65536
  $ $A io write /dev/nullb0 0 65536 2
  ok
  write_bytes 65536
  $ $A io write /dev/nullb0 0 65536 3 pwritev
  ok
  write_bytes 65536
  $ $A io list /dev/nullb0 0:4096:4 65536:8192:5 262144:16384:6
  ok
  write_bytes 28672

A refused list counts nothing.

  $ $A io list /dev/nullb0 0:4096:4 2048:4096:5
  EINVAL
  write_bytes 0
  [1]
  $ rmmod null_blk
