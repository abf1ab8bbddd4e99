An empty flush (fsync of the device) has to make durable, on the data device, only what may
sit in its volatile cache: direct writes.  Logged lists are in the log (the metadata
device's flush is atomic-durability.t's subject), and written-back data stays in the log
until a flush of the write-back's own.  So a flush that finds no direct write completed
since the data device's last flush does not reach the data disk (`flushes_skipped` in
stats), and one after a direct write does (G2).  The data device is a dm-delay that holds
writes for 3 s and passes flushes at once, so the write-back's own flush cannot come in
between.

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ SZ=$(_sectors $SCRATCH0)
  $ disk=$(basename "$(readlink -f $SCRATCH0)")
  $ flushes() { awk '{ print $16 }' /sys/block/$disk/stat; }
  $ dmsetup create dma-dd --table "0 $SZ delay $SCRATCH0 0 0 $SCRATCH0 0 3000 $SCRATCH0 0 0"
  $ dmsetup create dma --table "0 $SZ atomic /dev/mapper/dma-dd $SCRATCH1"
  $ _dma_lists /dev/mapper/dma || _skip "the kernel has no atomic write lists"

After a list only, the data device's part of the flush ends in dm-atomic:

  $ _dma_ioctl /dev/mapper/dma 5 0+2 16+1
  ok
  $ f0=$(flushes); sync -d /dev/mapper/dma; f1=$(flushes)
  $ echo "data disk flushes: $((f1 - f0)), skipped: $(_dma_stat dma flushes_skipped)"
  data disk flushes: 0, skipped: 1

After a direct write (its sectors are not in the log), the flush reaches the data disk:

  $ _pattern 3 4096 >/tmp/p3
  $ dd if=/tmp/p3 of=/dev/mapper/dma bs=4096 seek=100 oflag=direct status=none
  $ [ "$(_dma_stat dma writes_direct)" = 1 ] && echo direct
  direct
  $ f0=$(flushes); sync -d /dev/mapper/dma; f1=$(flushes)
  $ [ $((f1 - f0)) -ge 1 ] && echo "the data disk was flushed"; echo "skipped: $(_dma_stat dma flushes_skipped)"
  the data disk was flushed
  skipped: 1

With the module parameter skip_clean_flush=N every flush goes down:

  $ echo N >/sys/module/dm_atomic/parameters/skip_clean_flush
  $ f0=$(flushes); sync -d /dev/mapper/dma; f1=$(flushes)
  $ echo Y >/sys/module/dm_atomic/parameters/skip_clean_flush
  $ [ $((f1 - f0)) -ge 1 ] && echo "the data disk was flushed"; echo "skipped: $(_dma_stat dma flushes_skipped)"
  the data disk was flushed
  skipped: 1
  $ dd if=/dev/mapper/dma bs=4096 skip=100 count=1 iflag=direct status=none | cmp - /tmp/p3 && echo "plain write there"
  plain write there
  $ dmsetup remove dma
  $ dmsetup remove dma-dd
