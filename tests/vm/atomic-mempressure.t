Memory pressure: nothing in dm-atomic's I/O path relies on __GFP_NOFAIL or may fail for
want of memory.

First a read over more than 256 logged ranges: its pins no longer come from one
__GFP_NOFAIL array as large as the ranges it overlaps (above 8 KiB that asked the page
allocator for order 2 or more with __GFP_NOFAIL, which it warns about); up to 256 ranges
are pinned at a time and DM core maps the rest of the read as a new bio.  The ranges are
300 logged writes of 512 bytes, every other sector, kept in the log (the data device
suspended, then failing, so no write-back retires them) and loaded by a read-only
activation, which never writes back.

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ . "$TESTDIR/atomic-lib.sh"
  $ [ "$(blockdev --getss $SCRATCH0)" = 512 ] || _skip "scratch disk without 512-byte sectors"
  $ D=65536
  $ dmsetup create mp-d --table "0 $D linear $SCRATCH0 0"
  $ dmsetup create mp --table "0 $D atomic /dev/mapper/mp-d $SCRATCH1 1 all_writes_atomic"
  $ dmsetup suspend mp-d
  $ python3 - <<'PY'
  > import mmap, os
  > fd = os.open("/dev/mapper/mp", os.O_WRONLY | os.O_DIRECT)
  > buf = mmap.mmap(-1, 4096)
  > for i in range(300):
  >     buf[:512] = bytes([i % 251 + 1]) * 512
  >     assert os.pwrite(fd, memoryview(buf)[:512], 1024 * i) == 512
  > PY
  $ echo "logged: $(_dma_stat mp bios_logged)"
  logged: 300
  $ dmsetup load mp-d --table "0 $D error"; dmsetup resume mp-d
  $ dmsetup status mp | awk '{ print $NF }'
  Fail
  $ dmsetup remove mp
  $ dmsetup suspend mp-d; dmsetup load mp-d --table "0 $D linear $SCRATCH0 0"; dmsetup resume mp-d
  $ dmsetup create mp --table "0 $D atomic /dev/mapper/mp-d $SCRATCH1 1 read_only"
  $ echo "ranges in memory: $(_dma_stat mp index_ranges)"
  ranges in memory: 300
  $ python3 - <<'PY'
  > import mmap, os
  > fd = os.open("/dev/mapper/mp", os.O_RDONLY | os.O_DIRECT)
  > buf = mmap.mmap(-1, 307200)
  > assert os.preadv(fd, [buf], 0) == 307200
  > want = b"".join(bytes([i % 251 + 1]) * 512 + bytes(512) for i in range(300))
  > print("read over 300 ranges:", "right" if buf[:] == want else "WRONG")
  > PY
  read over 300 ranges: right
  $ dmsetup remove mp

Then failslab in the workers while lists stream: every slab allocation of the kernel
threads (kthreadd, so new kworkers inherit it, the unbound kworkers that run dm-atomic's
commit, completion and write-back, and its rescuers) fails with probability 10%, sleeping
ones too; the writer (eight threads of discontiguous write lists for 6 s) is left
out: its own allocations are the block layer's and fail with ENOMEM before a list reaches
the target.  Every list must be acknowledged (exit 0), in time (the runner's limit), the
target stays rw, some commits took their transaction header from the reserve (the
allocator failed them), and afterwards every acknowledged list reads back whole
(dma-verify).
fail_page_alloc fails the same threads' page allocations with the same probability (the
transaction pages then come from the target's page pool); a kernel without it
(CONFIG_FAIL_PAGE_ALLOC off, as before the guest kernels had it) skips the test.  No splat
(the runner fails the test on one).

  $ _require_lists
  $ mountpoint -q /sys/kernel/debug || mount -t debugfs debugfs /sys/kernel/debug
  $ S=/sys/kernel/debug/failslab P=/sys/kernel/debug/fail_page_alloc
  $ [ -d $S ] || _skip "no failslab in this kernel"
  $ [ -d $P ] || _skip "no fail_page_alloc in this kernel (CONFIG_FAIL_PAGE_ALLOC)"
  $ dmsetup create mp --table "0 $D atomic /dev/mapper/mp-d $SCRATCH1"
  $ inject() {
  >   for f in $S $P; do	# the task filter before the probability: never a fault elsewhere
  >     echo Y > $f/task-filter; echo 1 > $f/interval; echo 1000000 > $f/times
  >     echo 0 > $f/verbose; echo $1 > $f/probability
  >     echo N > $f/ignore-gfp-wait 2>/dev/null
  >     [ -e $f/ignore-gfp-highmem ] && echo N > $f/ignore-gfp-highmem
  >   done
  > }
  $ under_faults() {	# CMD...: run CMD with the faults on in the workers; $failed, $pfailed: how many
  >   for p in 2 $(ps -e -o pid=,comm= | awk '$2 ~ /^(kworker\/u|dm-atomic)/ { print $1 }'); do echo 1 > /proc/$p/make-it-fail 2>/dev/null; done
  >   inject 10
  >   "$@"; echo "exercise: $?"
  >   failed=$((1000000 - $(cat $S/times))) pfailed=$((1000000 - $(cat $P/times))); inject 0
  >   for p in $(grep -l 1 /proc/[0-9]*/make-it-fail 2>/dev/null | cut -d/ -f3); do echo 0 > /proc/$p/make-it-fail 2>/dev/null; done
  > }
  $ under_faults dma-exercise --force -j /tmp/jm -m ioctl -J 8 -T 6 -n 1M -S 5 -r 0+8192 /dev/mapper/mp
  exercise: 0
  $ [ $failed -gt 0 ] && echo "slab allocations failed in the workers"
  slab allocations failed in the workers
  $ [ $pfailed -gt 0 ] && echo "page allocations failed in the workers"
  page allocations failed in the workers
  $ [ "$(_dma_stat mp txn_pool_allocs)" -gt 0 ] && echo "commits took headers from the reserve"
  commits took headers from the reserve
  $ echo "$failed slab faults, $pfailed page faults; lists $(_dma_stat mp lists_committed), txns $(_dma_stat mp txns_committed), from the reserve $(_dma_stat mp txn_pool_allocs), written back $(_dma_stat mp txns_written_back) txns" >/dev/kmsg
  $ dmsetup status mp | awk '{ print $NF }'
  rw
  $ dma-verify /dev/mapper/mp /tmp/jm | tail -n 1 | sed 's/.*violations/violations/'
  violations: torn 0, durability 0, order 0, corrupt 0, misdirected 0
  $ dmsetup remove mp

The same with lists of 16 KiB and more logged zero-copy (their log writes are clones from
the log's bio_set, their in-place writes clones from the write-back's, each with its
reserve): every list acknowledged, some of them zero-copy, none lost or torn.

  $ dmsetup create mp --table "0 $D atomic /dev/mapper/mp-d $SCRATCH1 2 zero_copy_bytes 16384"
  $ under_faults dma-exercise --force -j /tmp/jz -m ioctl -J 8 -T 6 -n 1M -S 6 -r 0+8192 /dev/mapper/mp
  exercise: 0
  $ [ $((failed + pfailed)) -gt 0 ] && echo "allocations failed in the workers"
  allocations failed in the workers
  $ [ "$(_dma_stat mp zero_copy_txns)" -gt 0 ] && echo "lists went zero-copy"
  lists went zero-copy
  $ echo "zero-copy: $failed slab faults, $pfailed page faults; lists $(_dma_stat mp lists_committed), zero-copy $(_dma_stat mp zero_copy_txns)" >/dev/kmsg
  $ dmsetup status mp | awk '{ print $NF }'
  rw
  $ dma-verify /dev/mapper/mp /tmp/jz | tail -n 1 | sed 's/.*violations/violations/'
  violations: torn 0, durability 0, order 0, corrupt 0, misdirected 0
  $ dmsetup remove mp
  $ dmsetup remove mp-d
