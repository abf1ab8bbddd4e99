Injected I/O faults: fail_make_request on the metadata disk and on the
data disk during a dma-exercise stream, and faults during recovery (a transient data
write error, a failing superblock write after the replay).  dm-atomic runs
on a data slice of $SCRATCH0 and a metadata slice of $SCRATCH1; fail_make_request acts on
the whole disk under the slice.  Each I/O fault latches fail mode or refuses activation
with its reason and writes nothing; after repair and re-activation dma-verify finds no
torn list, nothing acknowledged lost and no order violation.  No splat (the runner fails
the test on one).  Failslab during table loads: crash-faults-failslab.t.

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 3
  $ _require_dm_atomic
  $ mountpoint -q /sys/kernel/debug || mount -t debugfs debugfs /sys/kernel/debug
  $ F=/sys/kernel/debug/fail_make_request
  $ [ -d $F ] || _skip "no fail_make_request in this kernel"
  $ D=131072 M=16384
  $ dmsetup create cf-d --table "0 $D linear $SCRATCH0 0"
  $ dmsetup create cf-m --table "0 $M linear $SCRATCH1 0"
  $ T="0 $D atomic /dev/mapper/cf-d /dev/mapper/cf-m"
  $ . "$TESTDIR/crash-faults-lib.sh"
  $ mif() { echo $2 > /sys/block/$(basename $(readlink -f $1))/make-it-fail; }
  $ fmr() {  # PROBABILITY TIMES: fail_make_request, quietly
  >   echo $1 > $F/probability; echo 1 > $F/interval; echo $2 > $F/times
  >   echo 0 > $F/space; echo 0 > $F/verbose
  > }
  $ stream() {  # DISK SEED [MODE]: a stream; the disk fails once 50 ops are acknowledged; the writer runs until it fails
  >   dmsetup create cf --table "$T" || return 1
  >   rm -f /tmp/j
  >   dma-exercise --force -j /tmp/j -m ${3:-mixed} -r 0+4096 -n 100000 -T 180 -S $2 -F 16 -J 4 /dev/mapper/cf \
  >     >/dev/null 2>&1 & w=$!
  >   waitfor 120 acked 50 || echo "fewer than 50 ops acknowledged before the fault"
  >   mif $1 1; wait $w; r=$?
  >   waitfor 60 failed  # fail mode may latch in a worker just after the writer's error
  >   echo "writer exit $r, $(mode)"
  > }
  $ replayed() {  # activate; how many transactions the kernel replayed
  >   dmesg -C; dmsetup create cf --table "$T" || return 1
  >   dmesg | sed -n 's/.*atomic: .*: \(replayed [0-9]* transactions\).*/\1/p'
  > }
  $ latched() {  # what the kernel log says latched fail mode, a log write or flush as one
  >   dmesg | sed -n 's/.*atomic: [0-9:]*: \(.*\) failed (error.*/fail mode latched by: \1/p' |
  >     sed -E 's/by: (log write|metadata device flush)$/by: the log (a write or a flush)/'
  > }
  $ repaired() {  # the metadata disk repaired, the data slice straight: check, recover, verify
  >   mif $SCRATCH1 0; dmsetup remove cf; swap cf-d "0 $D linear $SCRATCH0 0"
  >   dma-check --clear-needs-check /dev/mapper/cf-m | tail -1
  >   replayed >/dev/null; mode
  >   verify
  > }
  $ verify() {
  >   dma-verify -q /dev/mapper/cf /tmp/j > /tmp/v && echo "verify: no violation" ||
  >     { echo "verify failed"; tail -n 5 /tmp/v; }
  >   grep -q '^ack' /tmp/j || echo "NOTHING ACKNOWLEDGED"
  > }

Metadata disk fails 20 % of its requests once 50 ops are acknowledged, while discontiguous
lists stream and the data slice delays writes by 1 s, so write-back lags and most
acknowledged lists are only in the log.  The superblock block of the metadata slice lies
on $SCRATCH2 here, so only the log's writes and flushes fail (write-back flushes the log
before it writes a record in place, so a flush may fail first), and the writer runs until
one does: fail mode, and the kernel log names a log write or the metadata device's flush as
what latched it (a module that ignored log errors would stream on in rw mode, not be
rescued by a failing superblock write);
repaired, the superblock says needs_check (the target set it at removal), dma-check clears
it, and recovery keeps everything acknowledged.  Then a zeroed metadata slice on
$SCRATCH1 for the next case.

  $ swap cf-d "0 $D delay $SCRATCH0 0 0 $SCRATCH0 0 1000"
  $ printf '0 8 linear %s 0\n8 %d linear %s 8\n' $SCRATCH2 $((M - 8)) $SCRATCH1 > /tmp/t
  $ dmsetup suspend cf-m && dmsetup load cf-m /tmp/t && dmsetup resume cf-m
  $ fmr 20 -1; dmesg -C
  $ stream $SCRATCH1 1 ioctl
  writer exit 6, Fail
  $ latched; repaired
  fail mode latched by: the log (a write or a flush)
  needs_check cleared
  rw
  verify: no violation
  $ dmsetup remove cf
  $ swap cf-m "0 $M linear $SCRATCH1 0"
  $ dd if=/dev/zero of=/dev/mapper/cf-m bs=1M count=$((M / 2048)) oflag=direct status=none

The same with zero-copy lists (zero_copy_bytes 4096: a list of whole blocks that overlaps
nothing logged or in flight goes to the log from the writer's pages, then its commit
record, then in place).  With the data slice slow, the 4 writers' lists overlap in flight,
each record waiting for the log writes before it: a failed log write or record must fail
its list and every later one, and recovery keep everything acknowledged.

  $ T0=$T T="$T 2 zero_copy_bytes 4096"
  $ swap cf-d "0 $D delay $SCRATCH0 0 0 $SCRATCH0 0 1000"
  $ dmsetup suspend cf-m && dmsetup load cf-m /tmp/t && dmsetup resume cf-m
  $ fmr 20 -1; dmesg -C
  $ stream $SCRATCH1 3 ioctl
  writer exit 6, Fail
  $ dmsetup message cf 0 stats | awk -F= '$1 == "zero_copy_overlapped" && $2 > 0 { print "zero-copy lists overlapped" }'
  zero-copy lists overlapped
  $ latched | sort -u; repaired
  fail mode latched by: the log (a write or a flush)
  needs_check cleared
  rw
  verify: no violation
  $ dmsetup remove cf; T=$T0
  $ swap cf-m "0 $M linear $SCRATCH1 0"
  $ dd if=/dev/zero of=/dev/mapper/cf-m bs=1M count=$((M / 2048)) oflag=direct status=none

Data disk fails every request once 50 ops are acknowledged: write-back fails, fail mode, the log keeps
what was acknowledged.  Recovery then meets one more data write error (times 1): refused,
metadata untouched.  Then the superblock write after the replay fails (dm-flakey
error_writes on the metadata slice): refused, metadata untouched.  Finally recovery
replays.

  $ fmr 100 -1
  $ stream $SCRATCH0 2
  writer exit 6, Fail
  $ dmsetup remove cf; fmr 100 1
  $ refused
  atomic: I/O error while replaying the log
  metadata untouched
  $ mif $SCRATCH0 0
  $ swap cf-m "0 $M flakey $SCRATCH1 0 0 60 1 error_writes"
  $ refused
  atomic: Cannot write the superblock after replay
  metadata untouched
  $ swap cf-m "0 $M linear $SCRATCH1 0"
  $ dma-check -q /dev/mapper/cf-m && echo "log holds committed transactions: $(dma-dump --kv /dev/mapper/cf-m | grep -c '^txn')"
  log holds committed transactions: [1-9][0-9]* (re)
  $ replayed
  replayed [1-9][0-9]* transactions (re)
  $ mode
  rw
  $ verify
  verify: no violation
  $ dmsetup remove cf

  $ dmsetup remove cf-d cf-m
