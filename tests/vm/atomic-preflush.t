A REQ_PREFLUSH atomic list makes every write completed before it durable by the time it
completes (G2), direct writes too: those went straight to the data device and may still sit
in its volatile cache, so the target flushes the data device before it acknowledges the list.
No userspace call sends a REQ_PREFLUSH atomic bio; the test module dma-testbio submits one
from inside the kernel.  The data device is a dm-delay that holds writes for 3 s and passes
flushes at once, so the list's write-back cannot have flushed the disk when the list
completes: a flush the disk counts by then is the list's own.

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ K=/payload/modules/dma-testbio.ko
  $ [ -f $K ] || _skip "dma-testbio.ko was not built"
  $ SZ=$(_sectors $SCRATCH0)
  $ disk=$(basename "$(readlink -f $SCRATCH0)")
  $ flushes() { awk '{ print $16 }' /sys/block/$disk/stat; }
  $ dmsetup create dma-dd --table "0 $SZ delay $SCRATCH0 0 0 $SCRATCH0 0 3000 $SCRATCH0 0 0"
  $ dmsetup create dma --table "0 $SZ atomic /dev/mapper/dma-dd $SCRATCH1"
  $ _dma_lists /dev/mapper/dma || _skip "the kernel has no atomic write lists"

A plain write goes straight to the data device (nothing of its sectors is in the log).

  $ _pattern 3 4096 >/tmp/p3
  $ dd if=/tmp/p3 of=/dev/mapper/dma bs=4096 seek=100 oflag=direct status=none
  $ [ "$(_dma_stat dma writes_direct)" = 1 ] && echo direct
  direct
  $ f0=$(flushes)
  $ insmod $K dev=/dev/mapper/dma nr=2 preflush=1 seed=7
  $ f1=$(flushes)
  $ rmmod dma-testbio
  $ dmesg | grep -o 'dma-testbio: .*' | tail -1
  dma-testbio: /dev/mapper/dma: list of 2 *(s) +PREFLUSH: done (0) (glob)
  $ [ $((f1 - f0)) -ge 1 ] && echo "the data disk was flushed before the list completed"
  the data disk was flushed before the list completed

The list and the plain write read back.

  $ dd if=/dev/mapper/dma bs=4096 count=1 iflag=direct status=none | od -An -v -tx1 | sort -u
   07 07 07 07 07 07 07 07 07 07 07 07 07 07 07 07
  $ dd if=/dev/mapper/dma bs=4096 skip=16 count=1 iflag=direct status=none | od -An -v -tx1 | sort -u
   08 08 08 08 08 08 08 08 08 08 08 08 08 08 08 08
  $ dd if=/dev/mapper/dma bs=4096 skip=100 count=1 iflag=direct status=none | cmp - /tmp/p3 && echo "plain write there"
  plain write there
  $ dmsetup remove dma
  $ dmsetup remove dma-dd
