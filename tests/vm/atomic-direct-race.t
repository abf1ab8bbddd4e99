A plain write that went straight to the data device (nothing of its sectors was in the log
when it was mapped) and is still in flight there must not land after the write-back of a
later atomic list over the same sectors (G5): once the plain write has completed and a read
has returned the list's data, the data must stay.  The data device is the test target
dmat_hold, which holds chosen bios until a message releases them: it holds the plain write,
lets the list's write-back pass, and holds the flush that write-back sends before it retires
the list, so the plain write completes while the list is still in the index.

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ K=/payload/modules/dmat-hold.ko
  $ [ -f $K ] || _skip "dmat-hold.ko was not built"
  $ insmod $K
  $ SZ=$(_sectors $SCRATCH0)
  $ dmsetup create dma-hold --table "0 $SZ dmat_hold $SCRATCH0"
  $ dmsetup create dma --table "0 $SZ atomic /dev/mapper/dma-hold $SCRATCH1"
  $ _dma_lists /dev/mapper/dma || _skip "the kernel has no atomic write lists (every write is logged)"
  $ held() { dmsetup status dma-hold | sed 's/.*dmat_hold //'; }
  $ wait_held() { for i in $(seq $2); do [ "$(held)" = "$1" ] && return 0; sleep 0.2; done; return 1; }
  $ _pattern 1 4096 >/tmp/A; _pattern 2 4096 >/tmp/B
  $ rd() { dd if=$1 bs=4096 skip=100 count=1 iflag=direct status=none | cmp -s - /tmp/A && echo A && return; dd if=$1 bs=4096 skip=100 count=1 iflag=direct status=none | cmp -s - /tmp/B && echo B || echo other; }

The plain write A goes to the data device and is held there.

  $ dmsetup message dma-hold 0 hold_writes 1
  $ dd if=/tmp/A of=/dev/mapper/dma bs=4096 seek=100 oflag=direct status=none &
  $ wait_held "writes_held=1 flushes_held=0" 50 && held
  writes_held=1 flushes_held=0
  $ _dma_stat dma writes_direct
  1

An atomic write B over the same block completes (it is logged).  Its write-back must wait
for A now; without that wait it runs at once, up to the data device flush, which is held
(the test waits up to 2 s for that flush, which only the wait prevents).

  $ dmsetup message dma-hold 0 hold_flushes 1
  $ _dma_write /tmp/B /dev/mapper/dma $((100 * 4096))
  $ rd /dev/mapper/dma
  B
  $ wait_held "writes_held=1 flushes_held=1" 10 || true

A completes.  A read now returns what the device holds from here on; the write-back and the
retire of B must not change it.

  $ dmsetup message dma-hold 0 release_writes
  $ wait
  $ r1=$(rd /dev/mapper/dma); echo $r1
  B
  $ dmsetup message dma-hold 0 hold_flushes 0
  $ dmsetup message dma-hold 0 release_flushes
  $ dmsetup message dma 0 checkpoint >/dev/null
  $ [ "$(_dma_stat dma index_ranges)" = 0 ] && echo "index empty"
  index empty
  $ r2=$(rd /dev/mapper/dma); echo $r2
  B
  $ rd $SCRATCH0
  B

  $ dmsetup remove dma
  $ dmsetup remove dma-hold
  $ rmmod dmat-hold
