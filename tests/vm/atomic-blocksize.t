A data device with 4096-byte logical blocks.  max_bytes is where DM core splits the bios of
the target, so it must be a multiple of the data device's logical block size: any other
value is refused with its reason and leaves the metadata untouched.  With an aligned value
the target works on such a device and takes its block size.

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ L=$(losetup -f --show -b 4096 $SCRATCH0)
  $ blockdev --getss $L
  4096
  $ SZ=$(_sectors $L)
  $ try() {
  >   dmesg -C
  >   if dmsetup create dma-b --table "0 $SZ atomic $L $SCRATCH1 $1" 2>/dev/null; then echo accepted; return; fi
  >   dmesg | sed -n 's/.*device-mapper: table: [0-9]*:[0-9]*: atomic: //p' | tail -1
  > }
  $ try "2 max_bytes 6144"
  Invalid max_bytes: not a multiple of the data device's logical block size (-EINVAL)
  $ try "2 max_bytes 2048"
  Invalid max_bytes: not a multiple of the data device's logical block size (-EINVAL)
  $ head -c 1M $SCRATCH1 | tr -d '\0' | wc -c
  0

Aligned: accepted, and the target's logical block size is the data device's.

  $ try "2 max_bytes 8192"
  accepted
  $ blockdev --getss /dev/mapper/dma-b
  4096
  $ _pattern 7 8192 >/tmp/p7
  $ _dma_write /tmp/p7 /dev/mapper/dma-b 40960
  $ dmsetup message dma-b 0 checkpoint >/dev/null
  $ dd if=/dev/mapper/dma-b bs=4096 skip=10 count=2 iflag=direct status=none | cmp - /tmp/p7 && echo "read back"
  read back
  $ dmsetup remove dma-b
  $ dd if=$L bs=4096 skip=10 count=2 iflag=direct status=none | cmp - /tmp/p7 && echo "on the data device"
  on the data device
  $ losetup -d $L
