Read-only mode: a read-only table (dmsetup create --readonly) or the read_only feature
argument activates the device without writing anything to either disk.  What the log holds
and the data device does not is read into memory, so reads see every committed list; writes
fail; metadata with read-only-compatible features this version does not know may be read.
The data device is a dm-delay that holds writes for 2 s, list B is written once the write-back
of list A is held there (_dma_wbwait: dm-delay counts a held write), and no_suspend_writeback keeps
the log as it is at removal, so list B is only in the log when the read-only device comes up.
"Nothing written" compares the first 32 MiB of each disk, where the superblock, the log's
tail and head, and the lists lie (whole 512 MiB disks take a minute to sum under TCG).

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ SZ=$(_sectors $SCRATCH0)
  $ dmsetup create dma-d --table "0 $SZ delay $SCRATCH0 0 0 $SCRATCH0 0 2000"
  $ _pattern 1 65536 >/tmp/A; _pattern 2 65536 >/tmp/B
  $ dmsetup create dma --table "0 $SZ atomic /dev/mapper/dma-d $SCRATCH1 1 no_suspend_writeback"
  $ _dma_write /tmp/A /dev/mapper/dma 0; _dma_wbwait dma-d 10; _dma_write /tmp/B /dev/mapper/dma 65536
  $ dmsetup remove dma
  $ dmsetup load dma-d --table "0 $SZ linear $SCRATCH0 0"; dmsetup resume dma-d
  $ dd if=$SCRATCH0 bs=65536 skip=1 count=1 iflag=direct status=none | cmp -s - /tmp/B || echo "B is not on the data device"
  B is not on the data device
  $ sums() { head -c 32M $SCRATCH1 | md5sum; head -c 32M /dev/mapper/dma-d | md5sum; }
  $ sums >/tmp/before
  $ klog() { dmesg | sed -n 's/.*device-mapper: atomic: \([0-9]*:[0-9]*\|[^:]*\): //p; s/.*device-mapper: table: [0-9]*:[0-9]*: atomic: //p'; }

A read-only table: B is read from memory, writes and checkpoints are refused.

  $ dmesg -C
  $ dmsetup create --readonly dma-ro --table "0 $SZ atomic /dev/mapper/dma-d $SCRATCH1"
  $ klog | sed 's/[0-9]* transactions ([0-9]* sectors)/N transactions/; s/at block [0-9]*/at block B/'
  read-only: loaded N transactions into memory; log ended at block B: unwritten block
  $ dd if=/dev/mapper/dma-ro bs=65536 count=2 iflag=direct status=none | cmp - <(cat /tmp/A /tmp/B) && echo "A and B read back"
  A and B read back
  $ dmsetup status dma-ro | awk '{ print $NF }'
  ro
  $ dmsetup status dma-ro | grep -o ' [0-9]* max_segments.*'
   13 max_segments 128 max_bytes 1048576 commit_delay_us 0 high_watermark 80 max_memory 67108864 writeback_delay_ms 100 read_only ro
  $ dd if=/tmp/A of=/dev/mapper/dma-ro bs=65536 oflag=direct status=none 2>&1 | sed 's/.*: //'
  Operation not permitted
  $ dmsetup message dma-ro 0 checkpoint >/dev/null 2>&1 || echo refused; klog | grep checkpoint
  refused
  checkpoint: device is read-only
  $ dmsetup remove dma-ro

The read_only feature on a read-write table: the same, and a write fails with EIO.

  $ dmsetup create dma-ro --table "0 $SZ atomic /dev/mapper/dma-d $SCRATCH1 1 read_only"
  $ dd if=/dev/mapper/dma-ro bs=65536 count=2 iflag=direct status=none | cmp - <(cat /tmp/A /tmp/B) && echo "A and B read back"
  A and B read back
  $ dd if=/tmp/A of=/dev/mapper/dma-ro bs=65536 oflag=direct status=none 2>&1 | sed 's/.*: //'
  Input/output error
  $ _dma_ioctl /dev/mapper/dma-ro 7 0+1 1+1
  EIO
  $ dmsetup remove dma-ro
  $ sums | cmp - /tmp/before && echo "nothing written to either disk"
  nothing written to either disk

Unknown read-only-compatible features: refused read-write, read read-only.

  $ dma-craft sb $SCRATCH1 ro_compat=1; sums >/tmp/before
  $ dmesg -C
  $ dmsetup create dma --table "0 $SZ atomic /dev/mapper/dma-d $SCRATCH1" 2>/dev/null || echo refused
  refused
  $ dmsetup remove dma 2>/dev/null; true
  $ dmsetup create --readonly dma-ro --table "0 $SZ atomic /dev/mapper/dma-d $SCRATCH1"
  $ klog | grep -o 'read-only-compatible.*'
  read-only-compatible features this version does not know (ro_compat 0x1); it can only be used read-only (a read-only table or the read_only feature)
  read-only-compatible features this version does not know: cannot activate read-write (-EINVAL)
  read-only-compatible features this version does not know (ro_compat 0x1): reading only
  $ dd if=/dev/mapper/dma-ro bs=65536 count=2 iflag=direct status=none | cmp - <(cat /tmp/A /tmp/B) && echo "A and B read back"
  A and B read back
  $ dmsetup remove dma-ro
  $ sums | cmp - /tmp/before && echo "nothing written"
  nothing written
  $ dma-craft sb $SCRATCH1 ro_compat=0

Then read-write: the log is replayed as usual.

  $ dmsetup create dma --table "0 $SZ atomic /dev/mapper/dma-d $SCRATCH1"
  $ dmsetup remove dma
  $ dd if=$SCRATCH0 bs=65536 count=2 iflag=direct status=none | cmp - <(cat /tmp/A /tmp/B) && echo "A and B on the data device"
  A and B on the data device

An unformatted metadata device cannot be activated read-only.

  $ dd if=/dev/zero of=$SCRATCH1 bs=1M count=1 status=none
  $ dmesg -C
  $ dmsetup create --readonly dma-ro --table "0 $SZ atomic /dev/mapper/dma-d $SCRATCH1" 2>/dev/null || echo refused
  refused
  $ klog
  Metadata device is not formatted: cannot format it read-only (-EINVAL)
  $ dmsetup remove dma-ro 2>/dev/null; true
  $ dmsetup remove dma-d
