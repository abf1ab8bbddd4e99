Reads and plain writes that go straight to the data device pass through dm-atomic whole,
whatever max_bytes is; a plain write that has to be logged (it overlaps logged data) is cut
into transactions of at most max_bytes, and all of it lands.  The data device is a dm-delay
(reads pass at once, writes wait 4 s, so write-back keeps the logged data in the log while
the test writes over it), whose statistics count the bios it receives.

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ SZ=$(_sectors $SCRATCH0)
  $ dmsetup create dma-dd --table "0 $SZ delay $SCRATCH0 0 0 $SCRATCH0 0 4000"
  $ dmsetup create dma --table "0 $SZ atomic /dev/mapper/dma-dd $SCRATCH1 2 max_bytes 65536"
  $ _dma_lists /dev/mapper/dma || _skip "the kernel has no atomic write lists (every write is logged)"
  $ st=/sys/dev/block/$(_majmin /dev/mapper/dma-dd)/stat
  $ ios() { awk -v f=$1 '{ print $f }' $st; }
  $ whole() { [ $1 -lt 4 ] && echo whole || echo "cut into $1 bios"; }
  $ _pattern 1 1048576 >/tmp/P; _pattern 2 4096 >/tmp/L; _pattern 3 1048576 >/tmp/Q

A 1 MiB read and a 1 MiB plain write (16 times max_bytes) reach the data device whole.

  $ r0=$(ios 1); dd if=/dev/mapper/dma of=/dev/null bs=1M count=1 iflag=direct status=none
  $ whole $(( $(ios 1) - r0 ))
  whole
  $ w0=$(ios 5); dd if=/tmp/P of=/dev/mapper/dma bs=1M count=1 oflag=direct status=none
  $ whole $(( $(ios 5) - w0 ))
  whole
  $ dd if=/dev/mapper/dma bs=1M count=1 iflag=direct status=none | cmp - /tmp/P && echo "P reads back"
  P reads back

A 4 KiB list in the last block of the next MiB is in the log (its write-back waits in the
dm-delay); a 1 MiB plain write over it is logged (it overlaps), cut into 16 transactions of
64 KiB, and reads back whole, through
the device and, after a checkpoint, on the data device.

  $ _dma_write /tmp/L /dev/mapper/dma $((2097152 - 4096))
  $ t0=$(_dma_stat dma plain_writes_logged)
  $ dd if=/tmp/Q of=/dev/mapper/dma bs=1M seek=1 count=1 oflag=direct status=none
  $ echo $(( $(_dma_stat dma plain_writes_logged) - t0 ))
  16
  $ dd if=/dev/mapper/dma bs=1M skip=1 count=1 iflag=direct status=none | cmp - /tmp/Q && echo "Q reads back"
  Q reads back
  $ dmsetup message dma 0 checkpoint >/dev/null
  $ dd if=$SCRATCH0 bs=1M skip=1 count=1 iflag=direct status=none | cmp - /tmp/Q && echo "Q on the data device"
  Q on the data device

  $ dmsetup remove dma
  $ dmsetup remove dma-dd
