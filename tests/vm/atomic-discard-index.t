A discard over sectors whose logged data is not yet written back: the logged data never
comes back after the discard completed, neither from memory (reads), nor from a later
write-back, nor from a replay of the log at the next activation.  The data disk (QEMU,
discard=unmap) reads zeroes after a discard.  The data device is a dm-delay holding writes
for 2 s, and a plain write W is in flight there when the list is committed: the list's
write-back waits for W (direct writes mapped before a pass land first), so the list is
still only in the log and the index when the discard arrives, and a discard passed down
at once would reach the disk before the list's write-back does.

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ N=65536
  $ dmsetup create dd --table "0 $N delay $SCRATCH0 0 0 $SCRATCH0 0 2000"
  $ dd if=/dev/zero of=$SCRATCH1 bs=1M count=1 oflag=direct status=none
  $ dmsetup create dm --table "0 16384 linear $SCRATCH1 0"; M=/dev/mapper/dm
  $ dmsetup create dma --table "0 $N atomic /dev/mapper/dd $M 1 no_suspend_writeback"
  $ [ "$(cat /sys/dev/block/$(_majmin /dev/mapper/dma)/queue/discard_max_bytes)" -gt 0 ] && echo "discard advertised"
  discard advertised
  $ head -c 65536 /dev/zero >/tmp/z
  $ _pattern 1 135168 >/tmp/p; head -c 65536 /tmp/p >/tmp/p1; tail -c 69632 /tmp/p | head -c 65536 >/tmp/p2; tail -c 4096 /tmp/p >/tmp/p3
  $ dd if=/tmp/p3 of=/dev/mapper/dma bs=4096 seek=100 oflag=direct status=none & w=$!
  $ _dma_write /tmp/p1 /dev/mapper/dma 0
  $ [ "$(_dma_stat dma index_ranges)" -ge 1 ] && echo "the list is in the index"
  the list is in the index

The discard covers the list.  When it has completed, reads return what the data device
holds (zeroes), not the logged list:

  $ blkdiscard -o 0 -l 65536 /dev/mapper/dma
  $ dd if=/dev/mapper/dma bs=65536 count=1 iflag=direct status=none | cmp - /tmp/z && echo "discarded range reads zeroes"
  discarded range reads zeroes
  $ wait $w

Nothing in the log on disk covers the discarded range any more: the tail moved past the
list before the discard was passed down, so no replay can bring it back.

  $ blockdev --flushbufs $M
  $ dma-dump --live --kv $M | awk '/^entry/ { split($4, a, "="); if (a[2] < 128) n++ } END { print n + 0 " log entries for the discarded range" }'
  0 log entries for the discarded range

Without the delay from here: a plain write after the discard goes straight to the data
device; a list after it may still be in the log at removal (no_suspend_writeback keeps it
there).  The next activation replays the log: nothing comes back over the discarded range
or the plain write, and the data disk agrees.

  $ dmsetup load dd --table "0 $N linear $SCRATCH0 0"; dmsetup resume dd
  $ dd if=/tmp/p3 of=/dev/mapper/dma bs=4096 seek=2 oflag=direct status=none
  $ _dma_write /tmp/p2 /dev/mapper/dma 131072
  $ dmsetup remove dma
  $ dmsetup create dma --table "0 $N atomic /dev/mapper/dd $M"
  $ (head -c 8192 /dev/zero; cat /tmp/p3; head -c 53248 /dev/zero) >/tmp/want
  $ dd if=/dev/mapper/dma bs=65536 count=1 iflag=direct status=none | cmp - /tmp/want && echo "zeroes and the plain write"
  zeroes and the plain write
  $ dmsetup remove dma
  $ dd if=$SCRATCH0 bs=65536 count=1 iflag=direct status=none | cmp - /tmp/want && echo "on the data disk too"
  on the data disk too
  $ dmsetup remove dd dm
