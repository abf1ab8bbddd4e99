The userspace tools on the v3 series (plan 8.2): dma-exercise, dma-verify, dma-bench and the
SQLite VFS on a null_blk that takes write lists (patch 27) and mainline's single atomic writes
(patch 11), in place of dm-atomic (which does not build against v3 yet), and their refusals,
naming v3's attributes, on null_blk devices that take less.  Written with the tools' v3
support, not run yet.

  $ . "$TESTDIR/lib.sh"
  $ modinfo null_blk 2>/dev/null | grep -q '^parm: *write_list_segments' || _skip "null_blk without write_list_segments (v3 patch 27)"
  $ NB="queue_mode=0 memory_backed=1 nr_devices=1 bs=4096 gb=1 max_sectors=1024"
  $ modprobe null_blk $NB write_list_segments=16 write_list_max_bytes=1048576 atomic_write=1 atomic_write_unit_min=4096 atomic_write_unit_max=65536 atomic_write_max_bytes=131072
  $ N=/dev/nullb0; q=/sys/dev/block/$(_majmin $N)/queue
  $ cat $q/max_write_list_segments $q/write_list_max_bytes $q/atomic_write_unit_min_bytes $q/atomic_write_unit_max_bytes $q/atomic_write_max_bytes
  16
  1048576
  4096
  65536
  131072
  $ [ -e $q/atomic_write_segments ] || echo "no atomic_write_segments"
  no atomic_write_segments

dma-exercise: an atomic op whose length is a power of two within the units and aligned to it
is one pwritev2(RWF_ATOMIC) (0+1, 8+8, 32+16: 64 KiB at 128 KiB); any other contiguous one a
write list of one segment (3+3, and 64+32: 128 KiB, above unit_max); lists go through
BLKWRITELIST (strace 6.1 knows neither RWF_ATOMIC nor the ioctl by name).  Every op lands whole.

  $ printf 'atomic 0+1\natomic 3+3\natomic 8+8\natomic 32+16\natomic 64+32\nioctl 100+1 120+2 110+3\nplain 140+1\nflush\n' > s
  $ strace -f -qq -e trace=pwritev,pwritev2,ioctl -o tr dma-exercise -j j -g 1 --script s $N; echo rc=$?
  rc=0
  $ grep -c 'pwritev2(.*, \(RWF_ATOMIC\|0x40[^)]*\)) = ' tr
  3
  $ grep -c 'ioctl([0-9]*, \(BLKWRITELIST\|BLKATOMICWRITE\|_IOC(_IOC_WRITE, 0x12, 0x81, 0x20)\), .* = 0' tr
  3
  $ grep -c 'pwritev(' tr
  0
  [1]
  $ dma-verify -q $N j
  summary: ops 7, all-new 7, all-old 0, torn 0, superseded 0; violations: torn 0, durability 0, order 0, corrupt 0, misdirected 0

A random mixed run, four threads, read back after each acknowledgment.

  $ dma-exercise -j j2 -n 300 -g 2 -m mixed -J 4 -F 25 --max-segs 8 -r 0+4096 --read-back $N; echo rc=$?
  rc=0
  $ dma-verify -q $N j2 | sed 's/ops [0-9]*, all-new [0-9]*, all-old [0-9]*, torn 0, superseded [0-9]*/ops N/'
  summary: ops N; violations: torn 0, durability 0, order 0, corrupt 0, misdirected 0

dma-bench lists: the same ioctl; a list longer than the device takes is refused, naming its
limits.

  $ dma-bench lists --force -T 0.5 -k 4 $N | grep -o '"error": "[^"]*"'
  "error": ""
  $ dma-bench lists --force -T 0.5 -k 32 $N | grep -o '"error": "[^"]*"'
  dma-bench: /dev/nullb0: atomic write failed: Argument list too long (BLKWRITELIST of 32 segments, 524288 bytes; the device takes 16 segments (queue/max_write_list_segments), 1048576 bytes (queue/write_list_max_bytes))
  "error": "Argument list too long"
  $ rmmod null_blk

Refusals on devices that take less name v3's attributes: neither lists nor atomic writes
(EOPNOTSUPP for RWF_ATOMIC and for the list), and a list longer than max_write_list_segments
(E2BIG).

  $ modprobe null_blk $NB
  $ dma-exercise -j j0 -n 1 -g 1 $N 2>&1; tail -1 j0
  dma-exercise: /dev/nullb0: op 1: RWF_ATOMIC pwritev2: the device does not support atomic writes (EOPNOTSUPP; see queue/atomic_write_unit_max_bytes)
  fail id=1 errno=95
  $ dma-exercise -j j0 -n 1 -g 1 -m ioctl $N 2>&1; tail -1 j0
  dma-exercise: /dev/nullb0: op 1: BLKWRITELIST: the device does not support atomic writes (EOPNOTSUPP; see queue/max_write_list_segments)
  fail id=1 errno=95
  $ rmmod null_blk
  $ modprobe null_blk $NB write_list_segments=2
  $ echo 'ioctl 0+1 4+1 8+1' | dma-exercise -j j0 -g 1 --script - $N 2>&1; tail -1 j0
  dma-exercise: /dev/nullb0: op 1: BLKWRITELIST: more segments or bytes than the device's atomic limits (E2BIG; see queue/max_write_list_segments and write_list_max_bytes)
  fail id=1 errno=7
  $ rmmod null_blk

The SQLite VFS reads v3's list limits: each commit one BLKWRITELIST; a transaction larger than
write_list_max_bytes is refused whole, naming it; a device without lists is refused at open,
naming max_write_list_segments.

  $ command -v sqlite3 >/dev/null && [ -f /payload/bin/atomicblk.so ] || _skip "no sqlite3 or atomicblk.so"
  $ modprobe null_blk $NB write_list_segments=16 write_list_max_bytes=1048576
  $ db() { sqlite3 -bail -cmd ".load /payload/bin/atomicblk" -cmd ".open file:$1?vfs=atomicblk" -cmd "PRAGMA locking_mode=EXCLUSIVE" -cmd "PRAGMA journal_mode=MEMORY"; }
  $ db $N <<'EOF'
  > CREATE TABLE t(id INTEGER PRIMARY KEY, v INTEGER, pad BLOB);
  > WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200)
  >   INSERT INTO t SELECT i, i, zeroblob(900) FROM n;
  > SELECT count(*), sum(v) FROM t;
  > EOF
  exclusive
  memory
  200|20100
  $ db $N <<'EOF' 2>&1 >/dev/null | sed 's/at least [0-9]* bytes in [0-9]* segments/at least N bytes in M segments/'
  > INSERT INTO t VALUES (1000, 1, zeroblob(2000000));
  > EOF
  atomicblk: /dev/nullb0: transaction too large for one atomic write: at least N bytes in M segments, the device takes at most 1048576 bytes (write_list_max_bytes) in 16 segments (max_write_list_segments); nothing of it was written, split it into smaller transactions
  .*database or disk is full.* (re)
  $ echo 'SELECT count(*), sum(v) FROM t; PRAGMA integrity_check;' | db $N
  exclusive
  memory
  200|20100
  ok
  $ rmmod null_blk
  $ modprobe null_blk $NB
  $ echo 'SELECT 1;' | db $N 2>&1 | grep atomicblk:
  atomicblk: /dev/nullb0: the device does not write atomic lists (max_write_list_segments=0, write_list_max_bytes=0): refusing to open it, a commit would not be atomic
  $ rmmod null_blk
