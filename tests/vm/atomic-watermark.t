The high watermark: when the log's use reaches high_watermark percent of the log, and again
when it falls below, the target says so in the kernel log, in the status line (`above` /
`below` before the feature arguments) and in stats, and raises a dm event, so a monitor
waiting with `dmsetup wait` wakes up before writers have to wait for space.  The data device
is a dm-delay with slow writes, so write-back cannot empty the log while the lists go in.

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ SZ=$(_sectors $SCRATCH0)
  $ dmsetup create dma-data --table "0 $SZ delay $SCRATCH0 0 0 $SCRATCH0 0 5000"
  $ dmsetup create dma-meta --table "0 1024 linear $SCRATCH1 0"
  $ dmsetup create dma --table "0 $SZ atomic /dev/mapper/dma-data /dev/mapper/dma-meta 6 max_bytes 65536 max_segments 8 high_watermark 40"
  $ dmsetup status dma | cut -d' ' -f4,10
  0/127 below
  $ ev0=$(dmsetup info -c --noheadings -o events dma)
  $ dmesg -C
  $ _dma_lists /dev/mapper/dma || _skip "the kernel has no atomic write lists"
  $ python3 - <<'PY'
  > import mmap, os, sys
  > sys.path.insert(0, os.environ["TESTDIR"]); import kblk
  > aw = kblk.AtomicWriter("/dev/mapper/dma")
  > buf = mmap.mmap(-1, 65536); buf[:] = b"w" * 65536
  > for i in range(4):
  >     aw.pwrite(buf, i * 65536)
  > PY

Four lists of 17 log blocks each are more than 40% of the 127-block log.

  $ timeout 30 dmsetup wait dma $ev0 && echo "event raised"
  event raised
  $ dmesg | grep -o 'log use [0-9]*/127 blocks is now at or above the high watermark (40%)' | sed 's/use [0-9]*/use N/'
  log use N/127 blocks is now at or above the high watermark (40%)
  $ dmsetup message dma 0 checkpoint >/dev/null
  $ dmsetup status dma | cut -d' ' -f4,10
  0/127 below
  $ dmesg | grep -c 'is now below the high watermark (40%)'
  1
  $ _dma_stat dma watermark_events
  2
  $ [ "$(dmsetup info -c --noheadings -o events dma)" -ge $((ev0 + 2)) ] && echo "two events"
  two events
  $ dmsetup remove dma
  $ dmsetup remove dma-meta
  $ dmsetup remove dma-data
