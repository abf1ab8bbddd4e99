A write list and an RWF_ATOMIC write count in the writer's task I/O accounting (write_bytes in
/proc/PID/io) like any other direct write, by the bytes they carry, the list as one unit: the
BLKWRITELIST ioctl charges its one bio once (blkdev_write_list(), patch 28), an RWF_ATOMIC
write goes through 6.1's direct I/O path as plain O_DIRECT writes do.  Port of v2's
block-atomic-account.t (plan 6.4): v2's O_ATOMIC write is gone, RWF_ATOMIC takes its place,
BLKATOMICWRITE is BLKWRITELIST.  null_blk in bio mode with lists (4 segments, 128 KiB) and
atomic writes (4 KiB..64 KiB).

  $ . "$TESTDIR/lib.sh"
  $ W="python3 $TESTDIR/write-list.py"
  $ grep -q '^write_bytes' /proc/self/io || _skip "no task I/O accounting (CONFIG_TASK_IO_ACCOUNTING)"
  $ modinfo null_blk 2>/dev/null | grep -q '^parm: *write_list_segments' || _skip "null_blk without write_list_segments (v3 patch 27)"
  $ modprobe null_blk queue_mode=0 memory_backed=1 write_list_segments=4 write_list_max_bytes=131072 atomic_write=1 atomic_write_unit_max=65536 bs=4096 gb=1 nr_devices=1

A plain O_DIRECT write, for comparison; then an RWF_ATOMIC write of the same size and a list
of three ranges (28 KiB).

  $ $W io write /dev/nullb0 0 65536 1 plain
  ok
  write_bytes 65536
  $ $W io write /dev/nullb0 65536 65536 2
  ok
  write_bytes 65536
  $ $W io list /dev/nullb0 0:4096:4 65536:8192:5 262144:16384:6
  ok
  write_bytes 28672
  $ dd if=/dev/nullb0 bs=4k skip=64 count=4 iflag=direct status=none | cmp - <($W pattern 6 16384) && echo "the list is written"
  the list is written

A refused list or RWF_ATOMIC write counts nothing: a misaligned range (EINVAL), overlapping
ranges (ENOTUNIQ, v3's own errno for what v2 refused with EINVAL), one range more than the
limit (E2BIG); an RWF_ATOMIC write not aligned to its length (EINVAL).

  $ $W io list /dev/nullb0 0:4096:4 2048:4096:5
  EINVAL
  write_bytes 0
  [1]
  $ $W io list /dev/nullb0 0:8192:4 4096:4096:5
  ENOTUNIQ
  write_bytes 0
  [1]
  $ $W io list /dev/nullb0 0:4096:4 8192:4096:5 16384:4096:6 24576:4096:7 32768:4096:8
  E2BIG
  write_bytes 0
  [1]
  $ $W io write /dev/nullb0 4096 8192 3
  EINVAL
  write_bytes 0
  [1]

The bios carry the writer's I/O priority (plan defect (6): v2 built the bios of some lists on
caller bio_vecs and skipped bio_set_ioprio() for them).  A kprobe event on
submit_bio_noacct() records each bio's op and ioprio: bi_opf and bi_ioprio are at byte 16 and
22 of struct bio (bi_next, bi_bdev, bi_opf, bi_flags, bi_ioprio: the first fields, no config
option before them).  REQ_OP_WRITE_LIST is op 33, a write 1 (REQ_ATOMIC is bit 27 of bi_opf,
shown as "atomic"); the class is ioprio >> 13 (1 RT, 2 BE, 3 idle), the level ioprio & 7.
Without ionice 6.1's get_current_ioprio() derives it from the nice value (class BE, level
(nice + 20) / 5: 4 at nice 0, 7 at nice 15); util-linux's ionice gives the idle class level 7.  Only the writer's writes are shown
(python3 also reads its modules).

  $ T=/sys/kernel/tracing; mountpoint -q $T || mount -t tracefs tracefs $T
  $ [ -e $T/kprobe_events ] || _skip "no kprobe events (CONFIG_KPROBE_EVENTS)"
  $ echo 'p:wlprio submit_bio_noacct opf=+16($arg1):u32 prio=+22($arg1):u16' >> $T/kprobe_events
  $ echo 0 > $T/tracing_on; echo > $T/trace; echo 1 > $T/events/kprobes/wlprio/enable; echo 1 > $T/tracing_on
  $ ionice -c1 -n2 $W list /dev/nullb0 0:4096:7 65536:8192:8
  ok
  $ ionice -c3 $W list /dev/nullb0 0:4096:9
  ok
  $ ionice -c2 -n6 $W list /dev/nullb0 131072:16384:10 524288:4096:11
  ok
  $ $W list /dev/nullb0 0:4096:12
  ok
  $ nice -n 15 $W list /dev/nullb0 0:4096:16
  ok
  $ ionice -c1 -n5 $W write /dev/nullb0 131072 16384 13
  ok
  $ ionice -c3 $W write /dev/nullb0 131072 16384 14
  ok
  $ ionice -c2 -n0 $W write /dev/nullb0 131072 16384 15 plain
  ok
  $ echo 0 > $T/tracing_on; echo 0 > $T/events/kprobes/wlprio/enable
  $ sed -n 's/^ *\([^ ]*\)-[0-9]* .* opf=\([0-9]*\) prio=\([0-9]*\).*/\1 \2 \3/p' $T/trace |
  >   awk '$1 == "python3" && ($2 % 256 == 1 || $2 % 256 == 33) {
  >     print "op " $2 % 256 (int($2 / 134217728) % 2 ? " atomic" : "") ", class " int($3 / 8192) ", level " $3 % 8 }'
  op 33, class 1, level 2
  op 33, class 3, level 7
  op 33, class 2, level 6
  op 33, class 2, level 4
  op 33, class 2, level 7
  op 1 atomic, class 1, level 5
  op 1 atomic, class 3, level 7
  op 1, class 2, level 0
  $ echo > $T/trace; echo '-:wlprio' >> $T/kprobe_events
  $ rmmod null_blk
