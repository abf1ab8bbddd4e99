dm-atomic basics: an all-zero metadata device is formatted, the table and status read back,
writes read back through the device and reach the data device after a checkpoint, and the
device goes away cleanly.

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ D=$(_majmin $SCRATCH0); M=$(_majmin $SCRATCH1); SZ=$(_sectors $SCRATCH0)
  $ dmesg -C
  $ dmsetup create dma --table "0 $SZ atomic $SCRATCH0 $SCRATCH1"
  $ dmesg | grep -o 'atomic: .*formatted a log of [0-9]* blocks' | sed 's/: [a-z0-9]*: /: META: /'
  atomic: META: formatted a log of 131071 blocks
  $ dmsetup table dma | sed "s/$D/DATA/; s/$M/META/"
  0 1048576 atomic DATA META
  $ dmsetup status dma
  0 1048576 atomic 0/131071 0 0 0 0 0 below 12 max_segments 128 max_bytes 1048576 commit_delay_us 0 high_watermark 80 max_memory 67108864 writeback_delay_ms 100 rw

The superblock now carries the magic "DMATOMSB" at byte 32 of the metadata device.

  $ dd if=$SCRATCH1 bs=1 skip=32 count=8 status=none; echo
  DMATOMSB

Write 1 MiB in 64 KiB pieces and read it back through the device.

  $ _pattern 1 1048576 > /tmp/p1
  $ dd if=/tmp/p1 of=/dev/mapper/dma bs=64k seek=16 oflag=direct status=none
  $ dd if=/dev/mapper/dma bs=64k skip=16 count=16 iflag=direct status=none | cmp - /tmp/p1 && echo same
  same

A checkpoint writes everything back and empties the log; the data device then holds the data.

  $ dmsetup message dma 0 checkpoint | sed 's/tail seq [0-9]*/tail seq N/'
  checkpoint done: log used 0/131071 blocks, tail seq N
  $ dd if=$SCRATCH0 bs=64k skip=16 count=16 iflag=direct status=none | cmp - /tmp/p1 && echo on the data device
  on the data device
  $ dmsetup message dma 0 stats | grep -E '^(log_used_blocks|index_ranges|pending_bytes|mode)='
  log_used_blocks=0
  index_ranges=0
  pending_bytes=0
  mode=rw

Unknown messages are refused.

  $ dmsetup message dma 0 frobnicate 2>&1 | sed 's/ *(253:[0-9]*) */ /; s/dma  */dma /'
  device-mapper: message ioctl on dma failed: Invalid argument
  Command failed.
  $ dmesg | grep -o 'unrecognised message.*' | tail -1
  unrecognised message (expected checkpoint, stats or clear_stats)

Removing and re-creating finds a clean log: nothing to replay, the data is still there.

  $ dmsetup remove dma
  $ dmesg -C
  $ dmsetup create dma --table "0 $SZ atomic $SCRATCH0 $SCRATCH1"
  $ dmesg | grep -o 'replayed [0-9]* transactions ([0-9]* sectors)'
  replayed 0 transactions (0 sectors)
  $ dd if=/dev/mapper/dma bs=64k skip=16 count=16 iflag=direct status=none | cmp - /tmp/p1 && echo same
  same
  $ dmsetup remove dma
