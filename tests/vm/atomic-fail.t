Run-time I/O errors (G6): an error on the metadata device or on the data device latches
fail mode, raises a dm event and shows in the status; writes then fail with EIO, reads still
return the newest acknowledged data, and nothing acknowledged is lost: after the device is
repaired, re-activation replays it.

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ . "$TESTDIR/atomic-lib.sh"
  $ SZ=$(_sectors $SCRATCH0); MSZ=$(_sectors $SCRATCH1)
  $ swap() { dmsetup suspend $1; dmsetup load $1 --table "$2"; dmsetup resume $1; }
  $ events() { dmsetup info -c --noheadings -o events dma; }
  $ mode() { dmsetup status dma | awk '{ print $NF }'; }
  $ rd() { dd if=/dev/mapper/dma bs=64k skip=$1 count=1 iflag=direct status=none; }
  $ _pattern 1 65536 > /tmp/A; _pattern 2 65536 > /tmp/B; _pattern 3 65536 > /tmp/C

The metadata device fails.  A is acknowledged while write-back is slow (dm-delay), so it
is only in the log when the log device breaks.

  $ dmsetup create dma-data --table "0 $SZ delay $SCRATCH0 0 0 $SCRATCH0 0 2000"
  $ dmsetup create dma-meta --table "0 $MSZ linear $SCRATCH1 0"
  $ dmsetup create dma --table "0 $SZ atomic /dev/mapper/dma-data /dev/mapper/dma-meta"
  $ _dma_write /tmp/A /dev/mapper/dma $((1 * 65536))
  $ ev=$(events)
  $ swap dma-meta "0 $MSZ error"
  $ _dma_write /tmp/B /dev/mapper/dma $((2 * 65536)) 2>&1 | sed 's/.*: //'
  Input/output error
  $ timeout 20 dmsetup wait dma $ev >/dev/null && echo "event raised"
  event raised
  $ mode
  Fail
  $ dmesg | grep -o 'failed (error -5): switching to fail mode.*' | sort -u
  failed (error -5): switching to fail mode; acknowledged data stays in the log
  $ _dma_write /tmp/C /dev/mapper/dma $((3 * 65536)) 2>&1 | sed 's/.*: //'
  Input/output error
  $ rd 1 | cmp - /tmp/A && echo "A still reads back"
  A still reads back
  $ dmsetup message dma 0 checkpoint 2>&1 | sed 's/ *(253:[0-9]*) */ /; s/dma  */dma /'
  device-mapper: message ioctl on dma failed: Input/output error
  Command failed.

Repair the metadata device and re-activate: A is replayed, B and C (never acknowledged)
are absent.

  $ dmsetup remove dma
  $ swap dma-meta "0 $MSZ linear $SCRATCH1 0"
  $ dmesg -C
  $ dmsetup create dma --table "0 $SZ atomic /dev/mapper/dma-data /dev/mapper/dma-meta"
  $ mode
  rw
  $ rd 1 | cmp - /tmp/A && echo "A survived"
  A survived
  $ rd 2 | cmp -s - /tmp/B || echo "B absent"
  B absent
  $ rd 3 | cmp -s - /tmp/C || echo "C absent"
  C absent
  $ dmsetup remove dma

The data device fails under write-back: the log keeps the acknowledged data.

  $ dmsetup create dma --table "0 $SZ atomic /dev/mapper/dma-data /dev/mapper/dma-meta"
  $ ev=$(events)
  $ swap dma-data "0 $SZ error"
  $ _dma_write /tmp/B /dev/mapper/dma $((2 * 65536)) && echo "B acknowledged"
  B acknowledged
  $ timeout 20 dmsetup wait dma $ev >/dev/null && echo "event raised"
  event raised
  $ mode
  Fail
  $ rd 2 | cmp - /tmp/B && echo "B reads back from the log"
  B reads back from the log
  $ dmsetup remove dma
  $ swap dma-data "0 $SZ linear $SCRATCH0 0"
  $ dmesg -C
  $ dmsetup create dma --table "0 $SZ atomic /dev/mapper/dma-data /dev/mapper/dma-meta"
  $ dmesg | grep -o 'replayed [0-9]* transactions' | grep -v 'replayed 0' | sed 's/[0-9][0-9]*/N/'
  replayed N transactions
  $ rd 2 | cmp - /tmp/B && echo "B survived"
  B survived
  $ rd 1 | cmp - /tmp/A && echo "A survived"
  A survived
  $ dmsetup remove dma dma-data dma-meta
