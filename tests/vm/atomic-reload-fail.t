A table reload after a metadata error (the repair path: fail mode latched, the metadata
path mended, the same table loaded again).  The new table checks the log and replays it at
its resume, before DM core destroys the old table; the old table, whose needs_check write
had failed, must not write its stale superblock (old tail, needs_check) over the new one
afterwards, or the next activation replays from the old tail: older data over newer.

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ . "$TESTDIR/atomic-lib.sh"
  $ SZ=$(_sectors $SCRATCH0); MSZ=$(_sectors $SCRATCH1)
  $ swap() { dmsetup suspend $1; dmsetup load $1 --table "$2"; dmsetup resume $1; }
  $ mode() { dmsetup status dma | awk '{ print $NF }'; }
  $ sb() { dma-dump --kv --live $SCRATCH1 | sed -n 's/^superblock .*\(tail_seq=[0-9]*\).*/\1/p'; }
  $ flags() { dma-dump --live $SCRATCH1 | grep -c needs_check || true; }
  $ rd() { dd if=/dev/mapper/dma bs=64k skip=$1 count=1 iflag=direct status=none; }
  $ _pattern 1 65536 > /tmp/A; _pattern 2 65536 > /tmp/B; _pattern 3 65536 > /tmp/C
  $ TABLE="0 $SZ atomic /dev/mapper/dma-data /dev/mapper/dma-meta"

A is acknowledged while write-back is held (dm-delay, 2 s), so it is only in the log when
the metadata device breaks; the write that finds it broken latches fail mode, and the
needs_check write fails too:

  $ dmsetup create dma-data --table "0 $SZ delay $SCRATCH0 0 0 $SCRATCH0 0 2000"
  $ dmsetup create dma-meta --table "0 $MSZ linear $SCRATCH1 0"
  $ dmsetup create dma --table "$TABLE"
  $ _dma_write /tmp/A /dev/mapper/dma $((1 * 65536))
  $ swap dma-meta "0 $MSZ error"
  $ _dma_write /tmp/B /dev/mapper/dma $((2 * 65536)) 2>&1 | sed 's/.*: //'
  Input/output error
  $ mode
  Fail
  $ for i in $(seq 100); do dmesg | grep -q 'cannot set needs_check' && break; sleep 0.1; done
  $ dmesg | grep -o 'cannot set needs_check in the superblock (error -5); trying again at removal'
  cannot set needs_check in the superblock (error -5); trying again at removal

Mend the path and reload the same table: the new table replays A and moves the tail.

  $ swap dma-meta "0 $MSZ linear $SCRATCH1 0"
  $ dmesg -C
  $ dmsetup load dma --table "$TABLE"
  $ dmsetup suspend dma
  $ dmsetup resume dma
  $ mode
  rw
  $ dmesg | grep -o 'replayed [0-9]* transactions' | sed 's/[0-9][0-9]*/N/'
  replayed N transactions
  $ rd 1 | cmp - /tmp/A && echo "A reads back"
  A reads back

The superblock is the new table's (the tail moved past the replayed log, 2^32 on), with
no needs_check written over it by the old table:

  $ sb | awk -F= '{ print ($2 > 4294967296) ? "tail moved" : "OLD TAIL " $2 }'
  tail moved
  $ flags
  0

New data after the reload; removal writes it back.  The next activation replays nothing
older over it:

  $ _dma_write /tmp/C /dev/mapper/dma $((1 * 65536))
  $ dmsetup remove dma
  $ dmsetup create dma --table "$TABLE"
  $ rd 1 | cmp - /tmp/C && echo "C, not A"
  C, not A
  $ dmsetup remove dma dma-data dma-meta
