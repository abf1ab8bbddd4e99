The counters of `dmsetup message ... stats`: plain writes sent straight to the data device or
logged because they overlap logged data, reads that found data in the log and those served
from memory alone; `clear_stats` zeroes them (the replay figures stay).  The data device is a
dm-delay with slow writes, so logged data stays pending while the test reads and writes it.

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ SZ=$(_sectors $SCRATCH0)
  $ dmsetup create dma-data --table "0 $SZ delay $SCRATCH0 0 0 $SCRATCH0 0 4000"
  $ dmsetup create dma --table "0 $SZ atomic /dev/mapper/dma-data $SCRATCH1"
  $ _dma_lists /dev/mapper/dma || _skip "the kernel has no atomic write lists"
  $ show() { for k in writes_direct plain_writes_logged reads_from_log reads_from_memory lists_committed; do printf '%s=%s ' $k "$(_dma_stat dma $k)"; done; echo; }
  $ _pattern 1 8192 >/tmp/A
  $ _dma_write /tmp/A /dev/mapper/dma 0
  $ dd if=/dev/mapper/dma bs=4096 count=1 iflag=direct status=none | cmp - <(head -c 4096 /tmp/A) && echo "from memory"
  from memory
  $ dd if=/dev/mapper/dma bs=8192 skip=4096 count=1 iflag=direct,skip_bytes status=none | cmp - <(tail -c 4096 /tmp/A; head -c 4096 /dev/zero) && echo "partly from memory"
  partly from memory
  $ dd if=/tmp/A of=/dev/mapper/dma bs=4096 count=1 oflag=direct status=none
  $ dd if=/tmp/A of=/dev/mapper/dma bs=4096 seek=1000 count=1 oflag=direct status=none
  $ show
  writes_direct=1 plain_writes_logged=1 reads_from_log=2 reads_from_memory=1 lists_committed=2 
  $ dmsetup message dma 0 clear_stats
  $ show
  writes_direct=0 plain_writes_logged=0 reads_from_log=0 reads_from_memory=0 lists_committed=0 
  $ _dma_stat dma replayed_txns
  0
  $ dmsetup message dma 0 checkpoint >/dev/null
  $ dmsetup remove dma
  $ dmsetup remove dma-data
