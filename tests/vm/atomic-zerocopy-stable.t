Zero-copy (zero_copy_bytes) sends the writer's pages twice: to the log, then in place.
A page changed in between would leave the log (what a replay writes) and the data device
with different bytes.  With zero_copy_bytes the device asks for stable writes, so the page
cache waits for a page's writeback to end before the page changes again: here a store to
a mapped page of a file on ext4 (all_writes_atomic: every writeback bio is logged), made
while that page's in-place write is held for 3 s by dm-delay, waits for it.

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ . "$TESTDIR/atomic-lib.sh"
  $ SZ=$(_sectors $SCRATCH0)
  $ swap() { dmsetup suspend $1; dmsetup load $1 --table "$2"; dmsetup resume $1; }
  $ dmsetup create dma-data --table "0 $SZ delay $SCRATCH0 0 0"
  $ cat /sys/dev/block/$(_majmin /dev/mapper/dma-data)/queue/stable_writes
  0
  $ dmsetup create dma --table "0 $SZ atomic /dev/mapper/dma-data $SCRATCH1 3 all_writes_atomic zero_copy_bytes 4096"
  $ cat /sys/dev/block/$(_majmin /dev/mapper/dma)/queue/stable_writes
  1

Without zero_copy_bytes the pages are copied when logged: no stable writes asked for.

  $ dmsetup load dma --table "0 $SZ atomic /dev/mapper/dma-data $SCRATCH1 1 all_writes_atomic"
  $ dmsetup suspend dma; dmsetup resume dma
  $ cat /sys/dev/block/$(_majmin /dev/mapper/dma)/queue/stable_writes
  0
  $ dmsetup load dma --table "0 $SZ atomic /dev/mapper/dma-data $SCRATCH1 3 all_writes_atomic zero_copy_bytes 4096"
  $ dmsetup suspend dma; dmsetup resume dma

  $ mkfs.ext4 -q -b 4096 /dev/mapper/dma
  $ mkdir -p /tmp/mnt; mount /dev/mapper/dma /tmp/mnt
  $ python3 -c 'open("/tmp/mnt/f", "wb").write(b"\1" * 65536)'; sync
  $ dmsetup message dma 0 checkpoint >/dev/null
  $ zc0=$(_dma_stat dma zero_copy_txns)
  $ swap dma-data "0 $SZ delay $SCRATCH0 0 0 $SCRATCH0 0 3000"

Dirty a mapped page, start its writeback, then store to it again while its in-place write
is held:

  $ python3 - <<'PY'
  > import ctypes, mmap, os, time
  > libc = ctypes.CDLL(None, use_errno=True)
  > libc.sync_file_range.argtypes = [ctypes.c_int, ctypes.c_longlong, ctypes.c_longlong, ctypes.c_uint]
  > fd = os.open("/tmp/mnt/f", os.O_RDWR)
  > m = mmap.mmap(fd, 65536, mmap.MAP_SHARED)
  > m[0:4096] = b"\2" * 4096
  > assert libc.sync_file_range(fd, 0, 4096, 2) == 0   # SYNC_FILE_RANGE_WRITE
  > time.sleep(1)
  > t = time.monotonic()
  > m[0:1] = b"\3"
  > waited = time.monotonic() - t
  > print("the store waited for the writeback" if waited >= 1 else "the store did NOT wait (%.2f s)" % waited)
  > PY
  the store waited for the writeback
  $ [ $(_dma_stat dma zero_copy_txns) -gt $zc0 ] && echo "logged zero-copy"
  logged zero-copy
  $ swap dma-data "0 $SZ delay $SCRATCH0 0 0"
  $ umount /tmp/mnt
  $ dmsetup remove dma dma-data
