dm-atomic-setup resize: after the data and metadata devices grew, one command reloads the
device with the new data size and the log grows into the larger metadata device; a data
device that shrank is refused and the device keeps working.

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ D=$(_sectors $SCRATCH0); M=$(_sectors $SCRATCH1)
  $ dmsetup create dd --table "0 $((D / 2)) linear $SCRATCH0 0"
  $ dmsetup create dm --table "0 $((M / 4)) linear $SCRATCH1 0"
  $ dm-atomic-setup -q format /dev/mapper/dd /dev/mapper/dm >/dev/null
  $ dm-atomic-setup open /dev/mapper/dd /dev/mapper/dm db | tail -1
  /dev/mapper/db: 256 MiB, log ended: unwritten block, replayed 0 transaction(s)
  $ _pattern 5 65536 >/tmp/p5; _dma_write /tmp/p5 /dev/mapper/db 0
  $ grow() { dmsetup suspend $1; dmsetup load $1 --table "0 $2 linear $3 0"; dmsetup resume $1; }
  $ grow dd $D $SCRATCH0; grow dm $((M / 2)) $SCRATCH1
  $ dm-atomic-setup resize db
  db: 256 MiB -> 512 MiB, log 32767 -> 65535 blocks
  $ blockdev --getsz /dev/mapper/db
  1048576
  $ _dma_write /tmp/p5 /dev/mapper/db $((D * 512 - 65536))
  $ head -c 65536 /dev/mapper/db | cmp - /tmp/p5 && tail -c 65536 /dev/mapper/db | cmp - /tmp/p5 && echo "old and new ends read back"
  old and new ends read back

Nothing grew: resize reloads the same table.  The data device shrank: refused, nothing changes.

  $ dm-atomic-setup resize db
  db: 512 MiB -> 512 MiB, log 65535 -> 65535 blocks
  $ grow dd $((D / 2)) $SCRATCH0
  $ dm-atomic-setup resize db
  dm-atomic-setup: the data device \(\d+:0\) has 524288 sectors, db has 1048576: shrinking is not supported (re)
  [2]
  $ grow dd $D $SCRATCH0
  $ dmsetup info -c --noheadings -o suspended db
  Active
  $ dm-atomic-setup close db
  $ dmsetup remove dm dd
