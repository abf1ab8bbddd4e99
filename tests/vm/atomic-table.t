Every malformed table line is refused with its own error (the target's ti->error, which
dm core prints to the kernel log), and a refused table writes nothing: the metadata device
stays all zero.

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 3
  $ _require_dm_atomic
  $ SZ=$(_sectors $SCRATCH0)
  $ try() {
  >   dmesg -C
  >   if dmsetup create dma-bad --table "$1" 2>/dev/null; then echo "ACCEPTED: $1"; dmsetup remove dma-bad; return; fi
  >   dmesg | sed -n 's/.*device-mapper: table: [0-9]*:[0-9]*: atomic: //p' | tail -1
  > }
  $ zero_meta() { cmp -s -n 4194304 $SCRATCH1 /dev/zero && echo "metadata untouched" || echo "METADATA WRITTEN"; }

Argument counts and devices.

  $ try "0 $SZ atomic"
  Invalid argument count: expected <data dev> <metadata dev> [<#feature args> <feature args>...] (-EINVAL)
  $ try "0 $SZ atomic $SCRATCH0"
  Invalid argument count: expected <data dev> <metadata dev> [<#feature args> <feature args>...] (-EINVAL)
  $ try "0 $SZ atomic /dev/nonexistent $SCRATCH1"
  Error opening data device (-ENODEV)
  $ try "0 $SZ atomic $SCRATCH0 /dev/nonexistent"
  Error opening metadata device (-ENODEV)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH0"
  Data and metadata devices are the same device (-EINVAL)
  $ try "0 $((SZ + 8)) atomic $SCRATCH0 $SCRATCH1"
  Data device is smaller than the target (-EINVAL)

A partition and its own disk overlap (dm core's exclusive claim already refuses the second
one; dm-atomic's own overlap check covers devices claimed by different tables).

  $ python3 -c "
  > import struct, sys
  > mbr = bytearray(512)
  > mbr[446:462] = struct.pack('<B3sB3sII', 0, b'\\0\\0\\0', 0x83, b'\\0\\0\\0', 2048, 204800)
  > mbr[510:512] = b'\\x55\\xaa'
  > open(sys.argv[1], 'r+b').write(mbr)" $SCRATCH2
  $ blockdev --rereadpt $SCRATCH2; blockdev --getsz ${SCRATCH2}1
  204800
  $ try "0 204800 atomic ${SCRATCH2}1 $SCRATCH2"
  Error opening metadata device (-EBUSY)

Feature arguments.

  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH1 1"
  Invalid number of feature arguments (expected 0 to 20, and that many must follow) (-EINVAL)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH1 x"
  Invalid number of feature arguments (expected 0 to 20, and that many must follow) (-EINVAL)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH1 21 a b c d e f g h i j k l m n o p q r s t u"
  Invalid number of feature arguments (expected 0 to 20, and that many must follow) (-EINVAL)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH1 2 max_segments"
  Invalid number of feature arguments (expected 0 to 20, and that many must follow) (-EINVAL)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH1 1 max_segments"
  Feature argument is missing its value (-EINVAL)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH1 2 frobnicate 1"
  Unknown feature argument (expected max_segments, max_bytes, commit_delay_us, writeback_delay_ms, high_watermark, max_memory, zero_copy_bytes, no_suspend_writeback, no_discard_passdown, read_only, all_writes_atomic or all_writes_atomic_from) (-EINVAL)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH1 4 max_segments 1 max_segments 2"
  Feature argument given twice (-EINVAL)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH1 2 max_segments 0"
  Invalid max_segments: expected a number from 1 to 252 (-EINVAL)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH1 2 max_segments 253"
  Invalid max_segments: expected a number from 1 to 252 (-EINVAL)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH1 2 max_segments 12x"
  Invalid max_segments: expected a number from 1 to 252 (-EINVAL)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH1 2 max_segments -1"
  Invalid max_segments: expected a number from 1 to 252 (-EINVAL)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH1 2 max_segments 4294967312"
  Invalid max_segments: expected a number from 1 to 252 (-EINVAL)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH1 2 max_bytes 1000"
  Invalid max_bytes: must be a multiple of 512 (-EINVAL)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH1 2 max_bytes 256"
  Invalid max_bytes: expected a number from 512 to 16777216 (-EINVAL)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH1 2 max_bytes 16777728"
  Invalid max_bytes: expected a number from 512 to 16777216 (-EINVAL)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH1 2 commit_delay_us 1000001"
  Invalid commit_delay_us: expected a number from 0 to 1000000 (-EINVAL)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH1 2 writeback_delay_ms 60001"
  Invalid writeback_delay_ms: expected a number from 0 to 60000 (-EINVAL)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH1 2 writeback_delay_ms 1s"
  Invalid writeback_delay_ms: expected a number from 0 to 60000 (-EINVAL)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH1 2 high_watermark 0"
  Invalid high_watermark: expected a percentage from 1 to 100 (-EINVAL)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH1 2 high_watermark 101"
  Invalid high_watermark: expected a percentage from 1 to 100 (-EINVAL)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH1 2 zero_copy_bytes 4294967296"
  Invalid zero_copy_bytes: expected a number of bytes from 0 to 4294967295 (0: off) (-EINVAL)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH1 2 zero_copy_bytes 64K"
  Invalid zero_copy_bytes: expected a number of bytes from 0 to 4294967295 (0: off) (-EINVAL)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH1 2 zero_copy_bytes"
  Invalid number of feature arguments (expected 0 to 20, and that many must follow) (-EINVAL)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH1 2 all_writes_atomic_from 511"
  Invalid all_writes_atomic_from: expected a number of bytes from 512 to 16777216 (-EINVAL)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH1 2 all_writes_atomic_from 16K"
  Invalid all_writes_atomic_from: expected a number of bytes from 512 to 16777216 (-EINVAL)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH1 2 all_writes_atomic_from 1000"
  Invalid all_writes_atomic_from: must be a multiple of 512 (-EINVAL)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH1 4 max_bytes 65536 all_writes_atomic_from 131072"
  Invalid all_writes_atomic_from: larger than max_bytes (a logged write is cut at max_bytes) (-EINVAL)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH1 3 all_writes_atomic all_writes_atomic_from 16384"
  all_writes_atomic and all_writes_atomic_from exclude each other (all_writes_atomic logs every write) (-EINVAL)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH1 2 max_memory 511"
  Invalid max_memory: expected a number of bytes from 512 to 1099511627776 (-EINVAL)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH1 2 max_memory 1099511627777"
  Invalid max_memory: expected a number of bytes from 512 to 1099511627776 (-EINVAL)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH1 2 max_memory 18446744073709551617"
  Invalid max_memory: expected a number of bytes from 512 to 1099511627776 (-EINVAL)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH1 2 max_memory 1M"
  Invalid max_memory: expected a number of bytes from 512 to 1099511627776 (-EINVAL)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH1 2 max_memory 1576959"
  Invalid max_memory: less than the largest list takes in memory ((1 + max_bytes / 4096 + max_segments) x 4096 bytes) (-EINVAL)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH1 6 max_memory 135167 max_bytes 65536 max_segments 16"
  Invalid max_memory: less than the largest list takes in memory ((1 + max_bytes / 4096 + max_segments) x 4096 bytes) (-EINVAL)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH1 0 junk"
  Unexpected argument after the feature arguments (-EINVAL)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH1 2 max_bytes 4096 junk"
  Unexpected argument after the feature arguments (-EINVAL)
  $ zero_meta
  metadata untouched

Metadata devices that are too small: for anything at all, and for the largest list.

  $ dmsetup create dma-tiny --table "0 8 linear $SCRATCH1 0"
  $ try "0 $SZ atomic $SCRATCH0 /dev/mapper/dma-tiny"
  Metadata device too small for a superblock and a log (-EINVAL)
  $ dmsetup create dma-small --table "0 4096 linear $SCRATCH1 8192"
  $ try "0 $SZ atomic $SCRATCH0 /dev/mapper/dma-small 2 max_bytes 16777216"
  Metadata device too small for max_bytes and max_segments (-EINVAL)
  $ dmsetup remove dma-tiny; dmsetup remove dma-small
  $ zero_meta
  metadata untouched

A read-only table is read-only mode (atomic-readonly.t): it cannot format an unformatted
metadata device.

  $ dmesg -C; dmsetup create --readonly dma-bad --table "0 $SZ atomic $SCRATCH0 $SCRATCH1" 2>/dev/null || dmesg | sed -n 's/.*atomic: //p'
  Metadata device is not formatted: cannot format it read-only (-EINVAL)

A device already used by one dm-atomic device cannot be used by another.

  $ dmsetup create dma-a --table "0 $SZ atomic $SCRATCH0 $SCRATCH1"
  $ try "0 $SZ atomic $SCRATCH2 $SCRATCH1"
  Device already in use by another dm-atomic device (-EBUSY)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH3"
  Device already in use by another dm-atomic device (-EBUSY)

Two targets of one table on the same devices.

  $ H=$((SZ / 2))
  $ try "$(printf '0 %s atomic %s %s\n%s %s atomic %s %s' $H $SCRATCH0 $SCRATCH1 $H $H $SCRATCH0 $SCRATCH1)"
  Device already in use by another dm-atomic device (-EBUSY)
  $ dmsetup remove dma-a

Good lines are accepted, and the TABLE status gives the feature arguments back as written.

  $ dmsetup create dma-ok --table "0 $SZ atomic $SCRATCH0 $SCRATCH1 6 commit_delay_us 50 max_bytes 65536 max_segments 16"
  $ dmsetup table dma-ok | cut -d' ' -f6-
  6 commit_delay_us 50 max_bytes 65536 max_segments 16
  $ dmsetup status dma-ok | cut -d' ' -f10-
  below 12 max_segments 16 max_bytes 65536 commit_delay_us 50 high_watermark 80 max_memory 67108864 writeback_delay_ms 100 rw
  $ dmsetup remove dma-ok
  $ dmsetup create dma-ok --table "0 $SZ atomic $SCRATCH0 $SCRATCH1 17 max_segments 16 max_bytes 65536 commit_delay_us 0 writeback_delay_ms 50 high_watermark 90 max_memory 67108864 zero_copy_bytes 65536 no_suspend_writeback no_discard_passdown all_writes_atomic"
  $ dmsetup status dma-ok | cut -d' ' -f10-
  below 17 max_segments 16 max_bytes 65536 commit_delay_us 0 high_watermark 90 max_memory 67108864 writeback_delay_ms 50 zero_copy_bytes 65536 no_suspend_writeback no_discard_passdown all_writes_atomic rw
  $ dmsetup remove dma-ok
  $ dmsetup create dma-ok --table "0 $SZ atomic $SCRATCH0 $SCRATCH1 8 max_memory 135168 max_bytes 65536 max_segments 16 writeback_delay_ms 0"
  $ dmsetup status dma-ok | cut -d' ' -f10-
  below 12 max_segments 16 max_bytes 65536 commit_delay_us 0 high_watermark 80 max_memory 135168 writeback_delay_ms 0 rw
  $ dmsetup remove dma-ok
  $ dmsetup create dma-ok --table "0 $SZ atomic $SCRATCH0 $SCRATCH1 0"
  $ dmsetup table dma-ok | cut -d' ' -f6-
  0
  $ dmsetup remove dma-ok
  $ dd if=/dev/zero of=$SCRATCH2 bs=512 count=1 conv=notrunc status=none; blockdev --rereadpt $SCRATCH2
