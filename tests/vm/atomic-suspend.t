Suspend with and without write-back.  By default a suspend writes the log back and empties
it; with the no_suspend_writeback flag it only stops write-back, the log keeps what it holds,
and the resume, a reload and the next activation all find the newest data.  The data device
is a dm-delay that holds writes for 10 s and passes flushes at once (a write-back pass, its
writes and then a flush, takes 10 s): list A is being written back (a pass under way) when
list B is committed, so B is still only in the log when the device is suspended.

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ SZ=$(_sectors $SCRATCH0)
  $ dmsetup create dma-data --table "0 $SZ delay $SCRATCH0 0 0 $SCRATCH0 0 10000 $SCRATCH0 0 0"
  $ _pattern 1 65536 >/tmp/A; _pattern 2 65536 >/tmp/B
  $ txns() { dma-dump --live --kv $SCRATCH1 | tail -1 | grep -o ' txns=[0-9]*'; }
  $ run() {
  >   dmsetup create dma --table "0 $SZ atomic /dev/mapper/dma-data $SCRATCH1 $1"
  >   _dma_write /tmp/A /dev/mapper/dma 0; sleep 1; _dma_write /tmp/B /dev/mapper/dma 65536
  >   dmsetup suspend dma; txns; dmsetup resume dma
  >   dd if=/dev/mapper/dma bs=65536 count=2 iflag=direct status=none | cmp - <(cat /tmp/A /tmp/B) && echo "A and B read back"
  > }

By default the suspended device's log is empty on disk.

  $ run ""
   txns=0
  A and B read back
  $ dmsetup remove dma

With no_suspend_writeback, B is still in the log while suspended; everything reads back after
the resume, after a reload (which replays the log) and after removal and a new activation.

  $ run "1 no_suspend_writeback"
   txns=1
  A and B read back
  $ dmsetup status dma | cut -d' ' -f10-
  below 13 max_segments 128 max_bytes 1048576 commit_delay_us 0 high_watermark 80 max_memory 67108864 writeback_delay_ms 100 no_suspend_writeback rw
  $ dmsetup table dma | cut -d' ' -f6-
  1 no_suspend_writeback
  $ _pattern 3 65536 >/tmp/C; _dma_write /tmp/C /dev/mapper/dma 131072
  $ dmsetup load dma --table "0 $SZ atomic /dev/mapper/dma-data $SCRATCH1 1 no_suspend_writeback"
  $ dmsetup resume dma
  $ dd if=/dev/mapper/dma bs=65536 count=3 iflag=direct status=none | cmp - <(cat /tmp/A /tmp/B /tmp/C) && echo "after the reload"
  after the reload
  $ _dma_write /tmp/A /dev/mapper/dma 131072
  $ dmsetup remove dma
  $ dmsetup create dma --table "0 $SZ atomic /dev/mapper/dma-data $SCRATCH1"
  $ dd if=/dev/mapper/dma bs=65536 count=3 iflag=direct status=none | cmp - <(cat /tmp/A /tmp/B /tmp/A) && echo "after a new activation"
  after a new activation
  $ dmsetup remove dma
  $ dd if=/dev/mapper/dma-data bs=65536 count=3 iflag=direct status=none | cmp - <(cat /tmp/A /tmp/B /tmp/A) && echo "on the data device"
  on the data device
  $ dmsetup remove dma-data
