The tools on a kernel with the v2 series (atomic lists: O_ATOMIC, BLKATOMICWRITE,
queue/atomic_write_segments), with the v3 series (mainline's RWF_ATOMIC, write lists:
BLKWRITELIST, queue/max_write_list_segments) and with neither, told apart by the
device's queue attributes.  No kernel here: blkdev-stub.c, an LD_PRELOAD library,
shows a file as block device 254:0 whose /sys/dev/block/254:0 is a directory of
the test's, and logs the atomic writes the tools issue (the kernel's checks it
makes are only those the tools' choices depend on).

  $ cc -Wall -Wextra -Werror -shared -fPIC -I"$TOP/tools/include" -o stub.so "$TESTDIR/blkdev-stub.c" -ldl
  $ mkdir -p v2/queue v3/queue none/queue
  $ for k in v2 v3 none; do echo 512 > $k/queue/logical_block_size; done
  $ echo 128 > v2/queue/atomic_write_segments; echo 1048576 > v2/queue/atomic_write_max_bytes
  $ echo 64 > v3/queue/max_write_list_segments; echo 1048576 > v3/queue/write_list_max_bytes
  $ echo 4096 > v3/queue/atomic_write_unit_min_bytes; echo 65536 > v3/queue/atomic_write_unit_max_bytes
  $ echo 65536 > v3/queue/atomic_write_max_bytes     # v3: the largest single write, not a list's bytes
  $ run() {
  >   k=$1; shift; rm -f log; truncate -s 0 dev; truncate -s 4M dev
  >   STUB_DEV=$PWD/dev STUB_SYSFS=$PWD/$k STUB_LOG=$PWD/log LD_PRELOAD=$PWD/stub.so "$@"
  >   echo "rc=$?"; cat log 2>/dev/null || true
  > }

dma-exercise, one script on each kernel.  v2: every atomic op is an O_ATOMIC pwritev
(the buffer in up to --max-segs iovecs), lists go through BLKATOMICWRITE.  v3: an atomic op
is a pwritev2(RWF_ATOMIC) of one buffer when its length is a power of two within the statx
units and aligned to it, else a write list of one segment; lists go through BLKWRITELIST.

  $ printf 'atomic 0+1\natomic 3+3\natomic 8+8\natomic 17+16\nioctl 40+1 50+2\nplain 60+1\nflush\n' > s
  $ run v2 dma-exercise -f -j j -g 1 --script s dev
  rc=0
  open O_ATOMIC
  O_ATOMIC: 0+1 in 1 buffers
  O_ATOMIC: 3+3 in 3 buffers
  O_ATOMIC: 8+8 in 4 buffers
  O_ATOMIC: 17+16 in 4 buffers
  BLKATOMICWRITE: 40+1 50+2
  $ dma-verify -q dev j; echo rc=$?
  summary: ops 6, all-new 6, all-old 0, torn 0, superseded 0; violations: torn 0, durability 0, order 0, corrupt 0, misdirected 0
  rc=0
  $ run v3 dma-exercise -f -j j -g 1 --script s dev
  rc=0
  RWF_ATOMIC: 0+1 in 1 buffers
  BLKWRITELIST: 3+3
  RWF_ATOMIC: 8+8 in 1 buffers
  BLKWRITELIST: 17+16
  BLKWRITELIST: 40+1 50+2
  $ dma-verify -q dev j; echo rc=$?
  summary: ops 6, all-new 6, all-old 0, torn 0, superseded 0; violations: torn 0, durability 0, order 0, corrupt 0, misdirected 0
  rc=0

Without either series: O_ATOMIC is dropped at open and the ioctl is unknown, as today.

  $ run none dma-exercise -f -j j -g 1 --script s dev
  dma-exercise: dev: the kernel ignored O_ATOMIC (open succeeded but F_GETFL lacks it): no atomic-write support in this kernel
  rc=2
  open O_ATOMIC (ignored)
  $ run none dma-exercise -f -j j -g 1 -m ioctl -n 1 dev
  dma-exercise: dev: op 1: BLKATOMICWRITE: the kernel lacks the BLKATOMICWRITE ioctl (ENOTTY)
  rc=2
  list ioctl: ENOTTY (no series)

Refusals name the attribute of the running kernel: on v2 as before, on v3 the write-list
attributes, or the atomic write unit for RWF_ATOMIC.

  $ printf 'ioctl 0+1 4+1\n' > two
  $ cp -r v2 v2-1; echo 1 > v2-1/queue/atomic_write_segments
  $ run v2-1 dma-exercise -f -j j --script two dev
  dma-exercise: dev: op 1: BLKATOMICWRITE: more segments or bytes than the device's atomic limits (E2BIG; see queue/atomic_write_segments and atomic_write_max_bytes)
  rc=2
  BLKATOMICWRITE: 0+1 4+1
  $ cp -r v3 v3-1; echo 1 > v3-1/queue/max_write_list_segments
  $ run v3-1 dma-exercise -f -j j --script two dev
  dma-exercise: dev: op 1: BLKWRITELIST: more segments or bytes than the device's atomic limits (E2BIG; see queue/max_write_list_segments and write_list_max_bytes)
  rc=2
  BLKWRITELIST: 0+1 4+1
  $ cp -r v3 v3-0; for a in max_write_list_segments write_list_max_bytes atomic_write_unit_min_bytes atomic_write_unit_max_bytes; do echo 0 > v3-0/queue/$a; done
  $ run v3-0 dma-exercise -f -j j --script two dev
  dma-exercise: dev: op 1: BLKWRITELIST: the device does not support atomic writes (EOPNOTSUPP; see queue/max_write_list_segments)
  rc=2
  BLKWRITELIST: 0+1 4+1
  $ printf 'atomic 1+3\n' > three
  $ run v3-0 dma-exercise -f -j j --script three dev
  dma-exercise: dev: op 1: RWF_ATOMIC pwritev2: the device does not support atomic writes (EOPNOTSUPP; see queue/atomic_write_unit_max_bytes)
  rc=2
  RWF_ATOMIC: 1+3 in 1 buffers
  $ tail -1 j
  fail id=1 errno=95

dma-bench lists --mode atomic: the same ioctl on both; a refusal names the limits.

  $ run v3 dma-bench lists --force -T 0.05 -k 3 dev | grep -o '"error": ".*"'; cut -d: -f1 log | sort -u
  "error": ""
  BLKWRITELIST
  $ run v2 dma-bench lists --force -T 0.05 -k 3 dev | grep -o '"error": ".*"'; cut -d: -f1 log | sort -u
  "error": ""
  BLKATOMICWRITE
  $ run v3-1 dma-bench lists --force -T 0.05 -k 3 dev | grep -o '"error": ".*"'
  dma-bench: dev: atomic write failed: Argument list too long (BLKWRITELIST of 3 segments, 49152 bytes; the device takes 1 segments (queue/max_write_list_segments), 1048576 bytes (queue/write_list_max_bytes))
  "error": "Argument list too long"
  $ run none dma-bench lists --force -T 0.05 -k 3 dev | grep -o '"error": ".*"'
  dma-bench: dev: atomic write failed: the kernel lacks the BLKATOMICWRITE ioctl (ENOTTY)
  "error": "Inappropriate ioctl for device"

The SQLite VFS (when it was built): each commit one list, on either kernel; refused where
the device takes no lists, naming the attributes it read.

  $ [ -e "$TOP/tools/bin/atomicblk.so" ] && command -v sqlite3 >/dev/null || { echo "skipped: no atomicblk.so or sqlite3"; exit 80; }
  $ db() { sqlite3 -bail :memory: -cmd ".load $TOP/tools/bin/atomicblk" -cmd ".open file:$PWD/dev?vfs=atomicblk" -cmd "PRAGMA locking_mode=EXCLUSIVE" -cmd "PRAGMA journal_mode=MEMORY" "CREATE TABLE t(a)" "INSERT INTO t VALUES (1), (2)" "SELECT count(*) FROM t" 2>&1 | tail -1; }
  $ run v2 db
  2
  rc=0
  BLKATOMICWRITE: 0+3
  BLKATOMICWRITE: 2+1
  $ run v3 db
  2
  rc=0
  BLKWRITELIST: 0+3
  BLKWRITELIST: 2+1
  $ dbopen() { sqlite3 -bail :memory: -cmd ".load $TOP/tools/bin/atomicblk" -cmd ".open file:$PWD/dev?vfs=atomicblk" .databases 2>&1 | grep atomicblk: | sed "s|$PWD|.|"; }
  $ run v3-0 dbopen
  atomicblk: ./dev: the device does not write atomic lists (max_write_list_segments=0, write_list_max_bytes=0): refusing to open it, a commit would not be atomic
  rc=0
  $ run none dbopen
  atomicblk: ./dev: the device does not write atomic lists (atomic_write_segments=0, atomic_write_max_bytes=0): refusing to open it, a commit would not be atomic
  rc=0
