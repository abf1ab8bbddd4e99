needs_check: when a metadata write fails while the device is active, the target sets the
needs_check flag in the superblock (at once if it can, else when the device is removed), and
refuses a read-write activation until dma-check --clear-needs-check has checked the metadata
and cleared it; read-only mode still reads it.  The metadata device is a dm-linear that is
switched to the error target under the active device, and back.

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ SZ=$(_sectors $SCRATCH0); M=$(_sectors $SCRATCH1)
  $ klog() { dmesg | sed -n 's/.*device-mapper: atomic: \([0-9]*:[0-9]*\|[^:]*\): //p; s/.*device-mapper: table: [0-9]*:[0-9]*: atomic: //p'; }
  $ dmsetup create dma-m --table "0 $M linear $SCRATCH1 0"
  $ dmsetup create dma --table "0 $SZ atomic $SCRATCH0 /dev/mapper/dma-m"
  $ _dma_ioctl /dev/mapper/dma 1 0+2 10+2
  ok
  $ cat /tmp/seg.0 /tmp/seg.1 >/tmp/A
  $ dmsetup message dma 0 checkpoint | cut -d: -f1
  checkpoint done

(A is written back now, not by a write-back pass that would meet the failing device first.)
The metadata device fails: the next list fails, the device goes to fail mode, and setting
the flag fails too.

  $ swap() { dmsetup suspend dma-m; dmsetup load dma-m --table "0 $M $1"; dmsetup resume dma-m; }
  $ swap "error"; dmesg -C
  $ _dma_ioctl /dev/mapper/dma 2 0+2 10+2
  EIO
  $ sleep 1; dmsetup status dma | awk '{ print $NF }'
  Fail
  $ klog | grep -o 'log write failed.*\|cannot set needs_check.*'
  log write failed (error -5): switching to fail mode; acknowledged data stays in the log
  cannot set needs_check in the superblock (error -5); trying again at removal

The path is mended; removal writes the flag.

  $ swap "linear $SCRATCH1 0"; dmesg -C
  $ dmsetup remove dma
  $ klog | grep -o 'needs_check set.*'
  needs_check set in the superblock: run dma-check --clear-needs-check before the next read-write activation
  $ dma-check /dev/mapper/dma-m | sed -n '1s/.*\(, needs_check\)$/superblock ...\1/p; $p'
  superblock ..., needs_check
  clean
  $ dma-dump --kv /dev/mapper/dma-m | head -1 | grep -o 'needs_check=1'
  needs_check=1

A read-write activation is refused, read-only mode reads list A.

  $ dmesg -C
  $ dmsetup create dma --table "0 $SZ atomic $SCRATCH0 /dev/mapper/dma-m" 2>/dev/null || echo refused
  refused
  $ dmsetup remove dma 2>/dev/null; true
  $ klog | grep -i 'needs'
  needs_check is set: a metadata write failed while the device was active; check the metadata with dma-check --clear-needs-check before activating it read-write (read-only mode may read it)
  Metadata needs checking (needs_check is set): run dma-check --clear-needs-check (-EUCLEAN)
  $ dmsetup create --readonly dma --table "0 $SZ atomic $SCRATCH0 /dev/mapper/dma-m"
  $ (dd if=/dev/mapper/dma bs=4096 count=2 iflag=direct status=none; dd if=/dev/mapper/dma bs=4096 skip=10 count=2 iflag=direct status=none) | cmp - /tmp/A && echo "A reads back"
  A reads back
  $ dmsetup remove dma

The check clears the flag; the device activates read-write, with A and without B.

  $ dma-check --clear-needs-check /dev/mapper/dma-m | tail -2
  clean
  needs_check cleared
  $ dma-check --clear-needs-check /dev/mapper/dma-m | tail -1
  needs_check was not set
  $ dmsetup create dma --table "0 $SZ atomic $SCRATCH0 /dev/mapper/dma-m"
  $ (dd if=/dev/mapper/dma bs=4096 count=2 iflag=direct status=none; dd if=/dev/mapper/dma bs=4096 skip=10 count=2 iflag=direct status=none) | cmp - /tmp/A && echo "A reads back, B was never written"
  A reads back, B was never written
  $ dmsetup remove dma
  $ dmsetup remove dma-m
