Resize.  The data device grows when the table is reloaded longer than the size the superblock
records (a data device that is merely larger is refused: it may be the wrong one); the log
grows into a larger metadata device at the next activation or reload, unless it was formatted
with an explicit size; shrinking the data device is refused.  Both growths happen after the
replay, so a log that still holds data when the table is reloaded keeps it: the data device is
a dm-delay that holds writes for 5 s (wide enough for the debug kernel to see one held), list B
is written once the write-back of list A is held there (_dma_wbwait: dm-delay counts a held write),
and no_suspend_writeback keeps B in the log across the suspend.

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ SZ=$(_sectors $SCRATCH0); H=$((SZ / 2)); M=$(($(_sectors $SCRATCH1) / 2))
  $ geo() { dma-dump --live --kv /dev/mapper/dma-m | head -1 | grep -o 'log_blocks=[0-9]* data_sectors=[0-9]*'; }
  $ inlog() { [ "$(dma-dump --live --kv /dev/mapper/dma-m | tail -1 | sed -n 's/.* txns=\([0-9]*\).*/\1/p')" -ge 1 ] && echo "data in the log"; }
  $ klog() { dmesg | sed -n 's/.*device-mapper: atomic: [^:]*: //p' | grep -E 'grew|replayed'; }
  $ dmsetup create dma-d --table "0 $H delay $SCRATCH0 0 0 $SCRATCH0 0 5000"
  $ dmsetup create dma-m --table "0 $M linear $SCRATCH1 0"
  $ T="atomic /dev/mapper/dma-d /dev/mapper/dma-m 1 no_suspend_writeback"
  $ dmsetup create dma --table "0 $H $T"
  $ geo
  log_blocks=65535 data_sectors=524288
  $ _pattern 1 65536 >/tmp/A; _pattern 2 65536 >/tmp/B; _pattern 3 65536 >/tmp/C

Grow the data device with B still in the log: the reload replays B on the old geometry, then
records the new size.

  $ _dma_write /tmp/A /dev/mapper/dma 0; _dma_wbwait dma-d; _dma_write /tmp/B /dev/mapper/dma 65536
  $ dmsetup suspend dma; inlog
  data in the log
  $ dmsetup load dma-d --table "0 $SZ delay $SCRATCH0 0 0 $SCRATCH0 0 5000"; dmsetup resume dma-d
  $ dmesg -C
  $ dmsetup load dma --table "0 $SZ $T"; dmsetup resume dma
  $ klog | sed 's/[0-9]* transactions ([0-9]* sectors)/N transactions/; s/at block [0-9]*/at block B/'
  replayed N transactions; log ended at block B: unwritten block
  data device grew from 524288 to 1048576 sectors
  $ geo
  log_blocks=65535 data_sectors=1048576
  $ _dma_write /tmp/C /dev/mapper/dma $((SZ * 512 - 65536))
  $ dd if=/dev/mapper/dma bs=65536 count=2 iflag=direct status=none | cmp - <(cat /tmp/A /tmp/B) && echo "A and B read back"
  A and B read back
  $ tail -c 65536 /dev/mapper/dma | cmp - /tmp/C && echo "C at the new end"
  C at the new end

Grow the metadata device with data in the log: the same table, reloaded, grows the log.

  $ _dma_write /tmp/C /dev/mapper/dma 0; _dma_wbwait dma-d; _dma_write /tmp/A /dev/mapper/dma 65536
  $ dmsetup suspend dma; inlog
  data in the log
  $ dmsetup load dma-m --table "0 $((M * 2)) linear $SCRATCH1 0"; dmsetup resume dma-m
  $ dmesg -C
  $ dmsetup load dma --table "0 $SZ $T"; dmsetup resume dma
  $ klog | sed 's/[0-9]* transactions ([0-9]* sectors)/N transactions/; s/at block [0-9]*/at block B/'
  replayed N transactions; log ended at block B: unwritten block
  log grew from 65535 to 131071 blocks
  $ geo
  log_blocks=131071 data_sectors=1048576
  $ dd if=/dev/mapper/dma bs=65536 count=2 iflag=direct status=none | cmp - <(cat /tmp/C /tmp/A) && echo "C and A read back"
  C and A read back
  $ dmsetup remove dma

Shrinking is refused, and so is a data device that grew under a table of the recorded length
(the load fails; nothing is written).

  $ dmsetup load dma-d --table "0 $H delay $SCRATCH0 0 0 $SCRATCH0 0 0"; dmsetup resume dma-d
  $ dmesg -C
  $ dmsetup create dma --table "0 $H $T" 2>/dev/null || echo "refused"
  refused
  $ dmesg | sed -n 's/.*device-mapper: atomic: [^:]*: //p; s/.*device-mapper: table: [0-9]*:[0-9]*: atomic: //p'
  data device dm-0 has 524288 sectors, the superblock records 1048576: shrinking is not supported
  Data device is smaller than the superblock records: shrinking is not supported (-EINVAL)
  $ dmsetup remove dma 2>/dev/null; true
  $ dmsetup load dma-d --table "0 $SZ delay $SCRATCH0 0 0 $SCRATCH0 0 0"; dmsetup resume dma-d

A log formatted with an explicit size keeps it when the metadata device grows.

  $ dmsetup load dma-m --table "0 $M linear $SCRATCH1 0"; dmsetup resume dma-m
  $ dma-format --force -l 1000 -d /dev/mapper/dma-d /dev/mapper/dma-m | sed 's/uuid [0-9a-f-]*/uuid U/'
  /dev/mapper/dma-m: formatted: uuid U, log 1000 blocks at block 1, data 1048576 sectors, data device identity: none (only its size is checked)
  $ dmsetup create dma --table "0 $SZ $T"
  $ geo
  log_blocks=1000 data_sectors=1048576
  $ dmsetup remove dma
  $ dmsetup remove dma-m
  $ dmsetup remove dma-d
