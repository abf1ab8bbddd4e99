Failslab during table loads.  crash-faults-failslab.py fails every slab
allocation of `dmsetup create`'s load and resume of an atomic table, one per attempt
(/proc/thread-self/fail-nth = n for n = 1, 2, ... until the path passes without reaching
the n-th; failslab with ignore-gfp-wait off, so GFP_KERNEL allocations count too, and
probability 0, so nothing else fails).  Every attempt must fail with an error or succeed
in rw mode; a failed load must leave the metadata byte for byte as it was (the
constructor only reads: the superblock and the log; format and replay run at preresume), and every
successful load must replay the whole log.  Run on all-zero metadata (the format path),
then on a log holding committed transactions (the replay path).  At the end no dm-atomic
workqueue is left, the slices can be removed and the module unloaded.  No splat (the
runner fails the test on one).

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ mountpoint -q /sys/kernel/debug || mount -t debugfs debugfs /sys/kernel/debug
  $ S=/sys/kernel/debug/failslab
  $ [ -d $S ] && [ -e /proc/thread-self/fail-nth ] || _skip "no failslab or fail-nth in this kernel"
  $ echo 0 > $S/probability; echo N > $S/ignore-gfp-wait; echo 0 > $S/verbose
  $ D=65536 M=1024 X="4 max_segments 16 max_bytes 131072"
  $ dmsetup create cf-d --table "0 $D linear $SCRATCH0 0"
  $ dmsetup create cf-m --table "0 $M linear $SCRATCH1 0"
  $ T="0 $D atomic /dev/mapper/cf-d /dev/mapper/cf-m $X"
  $ slab() {
  >   python3 $TESTDIR/crash-faults-failslab.py /dev/mapper/cf-d /dev/mapper/cf-m $D $X > /tmp/s; rc=$?
  >   sed 's/^fault points: [0-9]*; failed cleanly: [0-9]* (.*); succeeded: [0-9]*; /every fault point failed once: /' /tmp/s
  >   echo "crash-faults-failslab: $(head -n 1 /tmp/s)" > /dev/kmsg; [ $rc = 0 ] || echo "exit $rc"
  > }

The format path.

  $ slab
  every fault point failed once: enumeration complete
  replayed by each successful load: 0
  failed loads that changed the metadata or bad modes: 0
  failed resumes after which the metadata had moved on: 0
  $ tr -d '\0' < /dev/mapper/cf-m | wc -c
  0

A log with committed transactions: atomic writes are logged and acknowledged while the
data slice fails every write, so write-back (at the latest the checkpoint) fails and the
target latches fail mode.

  $ dmsetup suspend cf-d; dmsetup load cf-d --table "0 $D flakey $SCRATCH0 0 0 60 1 error_writes"; dmsetup resume cf-d
  $ dmsetup create cf --table "$T"
  $ dma-exercise -j /tmp/j -m atomic -n 8 -S 1 /dev/mapper/cf >/dev/null 2>&1; echo "writer exit $?"
  writer exit [06] (re)
  $ dmsetup message cf 0 checkpoint >/dev/null 2>&1; dmsetup status cf | awk '{ print $NF }'
  Fail
  $ dmsetup remove cf
  $ dmsetup suspend cf-d; dmsetup load cf-d --table "0 $D linear $SCRATCH0 0"; dmsetup resume cf-d
  $ dma-dump --kv /dev/mapper/cf-m | sed -n 's/^end .* txns=\([1-9][0-9]*\).*/the log holds committed transactions/p'
  the log holds committed transactions

The replay path; then a plain activation replays, and nothing acknowledged is lost.

  $ slab
  every fault point failed once: enumeration complete
  replayed by each successful load: [1-9][0-9]* (re)
  failed loads that changed the metadata or bad modes: 0
  failed resumes after which the metadata had moved on: 0
  $ dmesg -C; dmsetup create cf --table "$T"; dmesg | grep -c 'atomic: .*: replayed [1-9][0-9]* transactions'
  1
  $ dma-verify -q /dev/mapper/cf /tmp/j | tail -n 1
  summary: ops [0-9]+, .*; violations: torn 0, durability 0, order 0, corrupt 0, misdirected 0 (re)
  $ dmsetup remove cf

Nothing left behind: no dm-atomic workqueue, the slices are free, the module unloads.

  $ ps -e -o comm= | grep -c '^dm-atomic$'
  0
  [1]
  $ dmsetup remove cf-d cf-m
  $ rmmod dm_atomic && echo unloaded
  unloaded
