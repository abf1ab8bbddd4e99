A full log is back-pressure, never an error: with a 2 MiB metadata device (511 log blocks)
and the data device's writes slowed down, 16 MiB of atomic writes all succeed, some of
them having waited for log space, and all of them read back.  The same holds for memory:
with ``max_memory`` at four lists, four writers wait for write-back to free memory, and
the logged data held in memory never exceeds the limit.

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
  $ python3 - <<'PY'
  > import fcntl, mmap, os
  > st = os.stat("/dev/mapper/dma").st_rdev
  > q = "/sys/dev/block/%d:%d/queue/atomic_write_segments" % (os.major(st), os.minor(st))
  > lists = os.path.exists(q) and int(open(q).read()) > 0
  > fd = os.open("/dev/mapper/dma", os.O_WRONLY | os.O_DIRECT | (0o40000000 if lists else 0))
  > assert not lists or fcntl.fcntl(fd, fcntl.F_GETFL) & 0o40000000
  > data = open("/tmp/big", "rb").read(); buf = mmap.mmap(-1, 65536)
  > for i in range(256):
  >     buf[:] = data[i * 65536:(i + 1) * 65536]
  >     assert os.pwrite(fd, buf, i * 65536) == 65536
  > PY
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
  $ dmsetup create dma --table "0 $SZ atomic /dev/mapper/dma-data /dev/mapper/dma-meta 6 max_segments 16 max_bytes 65536 max_memory 262144"
  $ dmsetup status dma | grep -o 'max_memory [0-9]*'
  max_memory 262144
  $ _pattern 8 2097152 > /tmp/mem
  $ python3 - <<'PY'
  > import fcntl, mmap, os
  > st = os.stat("/dev/mapper/dma").st_rdev
  > q = "/sys/dev/block/%d:%d/queue/atomic_write_segments" % (os.major(st), os.minor(st))
  > lists = os.path.exists(q) and int(open(q).read()) > 0
  > data = open("/tmp/mem", "rb").read()
  > kids = []
  > for w in range(4):
  >     pid = os.fork()
  >     if pid == 0:
  >         fd = os.open("/dev/mapper/dma", os.O_WRONLY | os.O_DIRECT | (0o40000000 if lists else 0))
  >         buf = mmap.mmap(-1, 65536)
  >         for i in range(w, 32, 4):
  >             buf[:] = data[i * 65536:(i + 1) * 65536]
  >             assert os.pwrite(fd, buf, i * 65536) == 65536
  >         os._exit(0)
  >     kids.append(pid)
  > assert all(os.waitpid(k, 0)[1] == 0 for k in kids)
  > PY
  $ [ "$(_dma_stat dma space_waits)" -gt 0 ] && echo "writers waited for memory"
  writers waited for memory
  $ M=$(_dma_stat dma pending_bytes_max); [ "$M" -ge 65536 ] && [ "$M" -le 262144 ] && echo "held in memory at most max_memory"
  held in memory at most max_memory
  $ head -c 2097152 /dev/mapper/dma | cmp - /tmp/mem && echo "all 2 MiB read back"
  all 2 MiB read back
  $ dmsetup remove dma dma-data dma-meta
