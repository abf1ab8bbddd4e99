A full log is back-pressure, never an error: with a 2 MiB metadata device (511 log blocks)
and the data device's writes slowed down, 16 MiB of atomic writes all succeed, some of
them having waited for log space, and all of them read back.  The same holds for memory:
with ``max_memory`` at 256 KiB (three 64 KiB lists, each with its descriptor block), four
writers wait for write-back to free memory, the logged data held in memory never exceeds
the limit, and what the log still holds after a suspend that keeps it loads into a
read-only table with the same limit.

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ . "$TESTDIR/atomic-lib.sh"
  $ SZ=$(_sectors $SCRATCH0)
  $ dmsetup create dma-data --table "0 $SZ delay $SCRATCH0 0 0 $SCRATCH0 0 200"
  $ dmsetup create dma-meta --table "0 4096 linear $SCRATCH1 0"
  $ dmsetup create dma --table "0 $SZ atomic /dev/mapper/dma-data /dev/mapper/dma-meta 4 max_segments 16 max_bytes 65536"
  $ dmsetup status dma | cut -d' ' -f4
  0/511
  $ _pattern 7 16777216 > /tmp/big
  $ stream() {  # FILE WRITERS: FILE in 64 KiB lists at its own offsets, from WRITERS processes
  >   python3 - "$@" <<'PY'
  > import mmap, os, sys
  > sys.path.insert(0, os.environ["TESTDIR"]); import kblk
  > data = open(sys.argv[1], "rb").read(); nw = int(sys.argv[2]); kids = []
  > for w in range(nw):
  >     pid = os.fork()
  >     if pid == 0:
  >         aw = kblk.AtomicWriter("/dev/mapper/dma")
  >         buf = mmap.mmap(-1, 65536)
  >         for i in range(w, len(data) // 65536, nw):
  >             buf[:] = data[i * 65536:(i + 1) * 65536]
  >             assert aw.pwrite(buf, i * 65536) == 65536
  >         os._exit(0)
  >     kids.append(pid)
  > assert all(os.waitpid(k, 0)[1] == 0 for k in kids)
  > PY
  > }
  $ stream /tmp/big 1
  $ [ "$(_dma_stat dma space_waits)" -gt 0 ] && echo "writers waited for log space"
  writers waited for log space
  $ dmsetup status dma | awk '{ print $NF }'
  rw
  $ head -c 16777216 /dev/mapper/dma | cmp - /tmp/big && echo "all 16 MiB read back"
  all 16 MiB read back
  $ dmsetup remove dma
  $ head -c 16777216 /dev/mapper/dma-data | cmp - /tmp/big && echo "and are on the data device"
  and are on the data device

Memory: a 64 MiB log (far more than the 2 MiB written: space is never short),
max_memory 262144, four writers of 64 KiB lists.

  $ dmsetup reload dma-meta --table "0 131072 linear $SCRATCH1 0"; dmsetup resume dma-meta
  $ dd if=/dev/zero of=/dev/mapper/dma-meta bs=1M count=1 oflag=direct status=none
  $ F="max_segments 16 max_bytes 65536 max_memory 262144"
  $ dmsetup create dma --table "0 $SZ atomic /dev/mapper/dma-data /dev/mapper/dma-meta 7 $F no_suspend_writeback"
  $ dmsetup status dma | grep -o 'max_memory [0-9]*'
  max_memory 262144
  $ _pattern 8 2097152 > /tmp/mem
  $ stream /tmp/mem 4
  $ [ "$(_dma_stat dma space_waits)" -gt 0 ] && echo "writers waited for memory"
  writers waited for memory
  $ M=$(_dma_stat dma pending_bytes_max); [ "$M" -ge 65536 ] && [ "$M" -le 262144 ] && echo "held in memory at most max_memory"
  held in memory at most max_memory
  $ head -c 2097152 /dev/mapper/dma | cmp - /tmp/mem && echo "all 2 MiB read back"
  all 2 MiB read back

The data device now holds writes 5 s, so a write-back pass holds list A's memory while
four writers commit 48 lists of 512 bytes: max_memory counts what a transaction holds (a
descriptor block and a 4 KiB block for each 512 bytes), so the log, all of it also in
memory, never holds more than 64 blocks.

  $ dmsetup load dma-data --table "0 $SZ delay $SCRATCH0 0 0 $SCRATCH0 0 5000"; dmsetup resume dma-data
  $ head -c 65536 /tmp/mem > /tmp/a; _dma_write /tmp/a /dev/mapper/dma 0; _dma_wbwait dma-data
  $ python3 - <<'PY' &
  > import os, mmap, sys
  > sys.path.insert(0, os.environ["TESTDIR"]); import kblk
  > for w in range(4):
  >     if os.fork() == 0:
  >         aw = kblk.AtomicWriter("/dev/mapper/dma")
  >         buf = mmap.mmap(-1, 4096)
  >         for i in range(12):
  >             aw.pwrite(memoryview(buf)[:512], (1 << 20) + (w * 12 + i) * 4096)
  >         os._exit(0)
  > for w in range(4):
  >     os.wait()
  > PY
  $ sleep 2; U=$(_dma_stat dma log_used_blocks); [ "$U" -le 64 ] && echo "log use within max_memory" || echo "log holds $U blocks, more than max_memory's 64"
  log use within max_memory
  $ dmsetup load dma-data --table "0 $SZ delay $SCRATCH0 0 0 $SCRATCH0 0 0"; dmsetup resume dma-data
  $ wait; dmsetup message dma 0 checkpoint >/dev/null
  $ dmsetup load dma-data --table "0 $SZ delay $SCRATCH0 0 0 $SCRATCH0 0 5000"; dmsetup resume dma-data

Then list A's write-back is held while lists B and C commit.

  $ _pattern 9 196608 > /tmp/abc
  $ head -c 65536 /tmp/abc > /tmp/a; _dma_write /tmp/a /dev/mapper/dma 0; _dma_wbwait dma-data
  $ for i in 1 2; do tail -c +$((i * 65536 + 1)) /tmp/abc | head -c 65536 > /tmp/l$i; _dma_write /tmp/l$i /dev/mapper/dma $((i * 65536)); done

The suspend keeps B and C in the log.  A read-only reload with a smaller max_memory than
the live table's is refused at load time, while the live table can still stay (checked only
at resume, after the swap, the log might not fit and the device would stay suspended); one
with the same limit loads what the log holds.

  $ dmsetup suspend dma
  $ dmesg -C; dmsetup reload dma --table "0 $SZ atomic /dev/mapper/dma-data /dev/mapper/dma-meta 7 max_segments 16 max_bytes 65536 max_memory 135168 read_only" 2>/dev/null || echo refused
  refused
  $ dmesg | sed -n 's/.*device-mapper: table: [0-9]*:[0-9]*: atomic: //p'
  Read-only table's max_memory is below the live table's, which keeps its log across the suspend: the log might not load (-EINVAL)
  $ dmsetup reload dma --table "0 $SZ atomic /dev/mapper/dma-data /dev/mapper/dma-meta 7 $F read_only"
  $ dmsetup resume dma; dmsetup info -c --noheadings -o suspended dma
  Active
  $ dmsetup status dma | awk '{ print $NF }'
  ro
  $ [ "$(_dma_stat dma replayed_txns)" -ge 1 ] && echo "the log held lists"
  the log held lists
  $ [ "$(_dma_stat dma pending_bytes_max)" -le 262144 ] && echo "loaded within max_memory"
  loaded within max_memory
  $ head -c 196608 /dev/mapper/dma | cmp - /tmp/abc && echo "A, B and C read back read-only"
  A, B and C read back read-only
  $ dmsetup remove dma
  $ dmsetup create dma --table "0 $SZ atomic /dev/mapper/dma-data /dev/mapper/dma-meta 6 $F"
  $ dmsetup remove dma
  $ head -c 196608 /dev/mapper/dma-data | cmp - /tmp/abc && echo "and are on the data device"
  and are on the data device
  $ dmsetup remove dma-data dma-meta
