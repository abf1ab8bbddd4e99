Fail mode and the lists in flight when it latches (G1, G6): a list's fate as its writer
saw it is its fate for good.  A list acknowledged with an error never appears (not in
reads, not after the next activation's replay); a list that will be replayed is
acknowledged without error, and reads return it whole.

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ . "$TESTDIR/atomic-lib.sh"
  $ SZ=$(_sectors $SCRATCH0); MSZ=$(_sectors $SCRATCH1); H=$((SZ / 2))
  $ swap() { dmsetup suspend $1; dmsetup load $1 --table "$2"; dmsetup resume $1; }
  $ mode() { dmsetup status dma | awk '{ print $NF }'; }
  $ rd() { dd if=/dev/mapper/dma bs=64k skip=$1 count=1 iflag=direct status=none; }
  $ _pattern 1 65536 > /tmp/A; _pattern 2 65536 > /tmp/B
  $ dmsetup create dma-data --table "0 $SZ linear $SCRATCH0 0"
  $ dmsetup create dma-meta --table "0 $MSZ linear $SCRATCH1 0"

A list whose log write is under way when an error on the data device latches fail mode.
The data device fails first, then the metadata device starts to hold writes for 20 s
(flushes pass).  A is written (its log write held 20 s) and written back 8 s after its
commit, which fails.  B is written right after A was acknowledged, so its log write, held
20 s, completes after A's write-back failed, however slow the machine: no step races a
timer.  B is in the log, so the next activation replays it: its writer must have been told
it was written.

  $ dmsetup create dma --table "0 $SZ atomic /dev/mapper/dma-data /dev/mapper/dma-meta 2 writeback_delay_ms 8000"
  $ swap dma-data "0 $SZ error"
  $ swap dma-meta "0 $MSZ delay $SCRATCH1 0 0 $SCRATCH1 0 20000 $SCRATCH1 0 0"
  $ _dma_write /tmp/A /dev/mapper/dma $((1 * 65536))
  $ _dma_write /tmp/B /dev/mapper/dma $((2 * 65536)) 2>&1 && echo "B written" || echo "B failed"
  B written
  $ mode
  Fail
  $ dmesg | grep -o 'write-back to the data device failed (error -5): switching to fail mode' | sort -u
  write-back to the data device failed (error -5): switching to fail mode
  $ rd 2 | cmp - /tmp/B && echo "B reads back"
  B reads back
  $ dmsetup remove dma
  $ swap dma-data "0 $SZ linear $SCRATCH0 0"
  $ swap dma-meta "0 $MSZ linear $SCRATCH1 0"
  $ dmsetup create dma --table "0 $SZ atomic /dev/mapper/dma-data /dev/mapper/dma-meta"
  $ mode
  rw
  $ rd 1 | cmp - /tmp/A && echo "A replayed"
  A replayed
  $ rd 2 | cmp - /tmp/B && echo "B replayed"
  B replayed
  $ dmsetup remove dma
  $ dd if=/dev/zero of=$SCRATCH1 bs=1M count=4 oflag=direct status=none

A zero-copy list (zero_copy_bytes: logged from the writer's pages, then written in place)
whose in-place write fails in part: its first range lands on the data device, its second
on a region that fails.  The list is durable in the log (its commit record was written
before the in-place writes), so the next activation replays it: it is acknowledged
without error, and reads return all of it, never the first range new and the second old.

  $ dmsetup create dma --table "0 $SZ atomic /dev/mapper/dma-data /dev/mapper/dma-meta 2 zero_copy_bytes 4096"
  $ _dma_lists /dev/mapper/dma || { dmsetup remove dma dma-data dma-meta; _skip "the kernel has no atomic write lists"; }
  $ swap dma-data "0 $H linear $SCRATCH0 0
  > $H $((SZ - H)) error"
  $ far=$((H / 8 + 16))
  $ _dma_ioctl /dev/mapper/dma 7 16+4 $far+4
  ok
  $ _dma_stat dma zero_copy_txns
  1
  $ mode
  Fail
  $ dd if=/dev/mapper/dma bs=4096 skip=16 count=4 iflag=direct status=none | cmp - /tmp/seg.0 && echo "range 0 new"
  range 0 new
  $ dd if=/dev/mapper/dma bs=4096 skip=$far count=4 iflag=direct status=none | cmp - /tmp/seg.1 && echo "range 1 new"
  range 1 new
  $ dmsetup remove dma
  $ swap dma-data "0 $SZ linear $SCRATCH0 0"
  $ dmsetup create dma --table "0 $SZ atomic /dev/mapper/dma-data /dev/mapper/dma-meta"
  $ dd if=/dev/mapper/dma bs=4096 skip=16 count=4 iflag=direct status=none | cmp - /tmp/seg.0 && echo "range 0 replayed"
  range 0 replayed
  $ dd if=/dev/mapper/dma bs=4096 skip=$far count=4 iflag=direct status=none | cmp - /tmp/seg.1 && echo "range 1 replayed"
  range 1 replayed
  $ dmsetup remove dma dma-data dma-meta
