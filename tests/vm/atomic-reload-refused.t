A table reload that the devices no longer fit fails at the load, and the old table stays
live.  Here the data device grew but the table was reloaded with its old length, so the
superblock's data size no longer matches the device (growing takes a longer table:
atomic-resize.t).
Checked only at resume, the failure would come after the old table was swapped out, and the
device would stay suspended with a table that can never resume.

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ SZ=$(_sectors $SCRATCH0); H=$((SZ / 2))
  $ dmsetup create dma-d --table "0 $H linear $SCRATCH0 0"
  $ dmsetup create dma-r --table "0 $H atomic /dev/mapper/dma-d $SCRATCH1"
  $ _pattern 1 65536 >/tmp/p1
  $ _dma_write /tmp/p1 /dev/mapper/dma-r 0

The data device grows; the atomic device is reloaded with the length it had.

  $ dmsetup load dma-d --table "0 $SZ linear $SCRATCH0 0"
  $ dmsetup resume dma-d
  $ dmesg -C
  $ dmsetup load dma-r --table "0 $H atomic /dev/mapper/dma-d $SCRATCH1" 2>/dev/null || echo "load refused"
  load refused
  $ dmesg | sed -n 's/.*device-mapper: table: [0-9]*:[0-9]*: atomic: //p'
  Data device size does not match the superblock (-EINVAL)

The resume that follows finds no new table and keeps the old one (were the load taken, this
resume is where it would fail and leave the device suspended).

  $ dmsetup resume dma-r 2>/dev/null || echo "resume failed"
  $ dmsetup info -c --noheadings -o suspended dma-r
  Active
  $ if [ "$(dmsetup info -c --noheadings -o suspended dma-r)" = Active ]; then
  >   head -c 65536 /dev/mapper/dma-r | cmp - /tmp/p1 && echo "the old table serves the data"
  > fi
  the old table serves the data
  $ dmsetup table dma-r | cut -d' ' -f2,3
  524288 atomic
  $ dmsetup remove dma-r
  $ dmsetup remove dma-d
