The application examples of docs/application-guide.md, as built from docs/examples/: an
RWF_ATOMIC write and a BLKWRITELIST list of discontiguous ranges on dm-atomic, read back; on a
plain disk (no atomic writes) they refuse and write nothing.

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_scratch 3
  $ _require_dm_atomic
  $ dmsetup create app --table "0 $(_sectors $SCRATCH0) atomic $SCRATCH0 $SCRATCH1"
  $ _dma_lists /dev/mapper/app || _skip "the kernel has no atomic write lists"
  $ _dma_write <(python3 -c 'import sys; sys.stdout.buffer.write(b"A" * 16384)') /dev/mapper/app 8192 && echo "wrote 16384 bytes at 8192 atomically"
  wrote 16384 bytes at 8192 atomically
  $ atomic-list /dev/mapper/app 66 0:4096 1048576:8192 67108864:4096
  wrote 3 ranges atomically
  $ python3 -c 'import sys; sys.stdout.buffer.write(b"B" * 4096 + bytes(4096) + b"A" * 16384)' >/tmp/exp
  $ dd if=/dev/mapper/app bs=4096 count=6 iflag=direct status=none | cmp - /tmp/exp && echo "first 24 KiB as written"
  first 24 KiB as written
  $ dd if=/dev/mapper/app bs=4096 skip=256 count=2 iflag=direct status=none | tr -d B | wc -c
  0
  $ dd if=/dev/mapper/app bs=4096 skip=16384 count=1 iflag=direct status=none | tr -d B | wc -c
  0

The RWF_ATOMIC example asks statx, then
writes with pwritev2(RWF_ATOMIC).

  $ atomic-rwf /dev/mapper/app 131072 65536 68 | sed 's/from up to 1024 buffers/from up to N buffers/; s/from up to 1 buffers/from up to N buffers/'
  /dev/mapper/app: atomic writes of 512 to * bytes, from up to N buffers (glob)
  wrote 65536 bytes at 131072 atomically
  $ dd if=/dev/mapper/app bs=4096 skip=32 count=16 iflag=direct status=none | tr -d D | wc -c
  0

A list the device cannot take (more ranges than max_write_list_segments) is refused before I/O.

  $ atomic-list /dev/mapper/app 67 $(seq -s ' ' -f '%.0f:4096' 0 65536 $((200 * 65536))) 2>&1 | sed 's/limit [0-9]*/limit N/'
  /dev/mapper/app: cannot write 201 ranges atomically (limit N)
  $ dmsetup remove app

A plain virtio disk advertises no atomic writes: both examples say so and write nothing.

  $ atomic-list $SCRATCH2 66 0:4096 2>&1 | _filter_scratch; echo "exit ${PIPESTATUS[0]}"
  SCRATCH2: cannot write 1 ranges atomically (limit 0)
  exit 1
  $ atomic-rwf $SCRATCH2 0 4096 65 2>&1 | _filter_scratch; echo "exit ${PIPESTATUS[0]}"
  SCRATCH2: no atomic writes on this device or kernel
  exit 1
  $ head -c 8192 $SCRATCH2 | tr -d '\0' | wc -c
  0
