A discard of sectors whose logged data is still pending waits only for the write-back of what
was logged before it arrived.  Under writers that rewrite the same sectors without pause the
index never stops overlapping the discard, and waiting for that would hold the discard (and
any suspend behind it) until the writer stops.  The writers' last data is what stays.  The
data device is a dm-delay that holds writes for half a second, so every write-back pass
outlasts many commits: at the end of each pass the index holds newer data of the discard's
sectors.

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ SZ=$(_sectors $SCRATCH0)
  $ dmsetup create dma-dd --table "0 $SZ delay $SCRATCH0 0 0 $SCRATCH0 0 500 $SCRATCH0 0 0"
  $ dmsetup create dma --table "0 $SZ atomic /dev/mapper/dma-dd $SCRATCH1"
  $ cat >/tmp/w.py <<'PY'
  > import mmap, os, sys, time
  > sys.path.insert(0, os.environ["TESTDIR"]); import kblk
  > def writer(k, end):
  >     aw = kblk.AtomicWriter("/dev/mapper/dma")
  >     buf = mmap.mmap(-1, 4096); i = 0
  >     while time.time() < end:
  >         i += 1; buf[:] = (b"%d%07d" % (k, i)) * 512; aw.pwrite(buf, k * 4096)
  >     open("/tmp/last.%d" % k, "wb").write(buf[:])
  > end = time.time() + float(sys.argv[1]); kids = []
  > for k in range(1, 5):
  >     pid = os.fork()
  >     if pid == 0:
  >         writer(k, end); os._exit(0)
  >     kids.append(pid)
  > sys.exit(max(os.waitpid(p, 0)[1] for p in kids))
  > PY
  $ python3 /tmp/w.py 30 & w=$!
  $ sleep 3

Four writers rewrite blocks 1-4 without pause; the discard covers them.

  $ blkdiscard -o 0 -l 1048576 /dev/mapper/dma
  $ kill -0 $w 2>/dev/null && echo "discard done while the writers run"
  discard done while the writers run
  $ wait $w; echo "writers: $?"
  writers: 0
  $ cat /tmp/last.1 /tmp/last.2 /tmp/last.3 /tmp/last.4 >/tmp/last
  $ dd if=/dev/mapper/dma bs=4096 skip=1 count=4 iflag=direct status=none | cmp - /tmp/last && echo "last writes stay"
  last writes stay
  $ dmsetup message dma 0 checkpoint >/dev/null
  $ dd if=$SCRATCH0 bs=4096 skip=1 count=4 iflag=direct status=none | cmp - /tmp/last && echo "on the data device too"
  on the data device too
  $ dmsetup remove dma
  $ dmsetup remove dma-dd

WRITE_ZEROES goes the same way (the target passes it down instead of having the block layer
write zeroes through the log): zeroes read back at once and land on the data device.

  $ dmsetup create dma --table "0 $SZ atomic $SCRATCH0 $SCRATCH1"
  $ [ "$(cat /sys/dev/block/$(_majmin /dev/mapper/dma)/queue/write_zeroes_max_bytes)" -gt 0 ] && echo "WRITE_ZEROES advertised"
  WRITE_ZEROES advertised
  $ _pattern 5 65536 >/tmp/p5
  $ _dma_write /tmp/p5 /dev/mapper/dma $((100 * 4096))
  $ blkdiscard -z -o $((104 * 4096)) -l 16384 /dev/mapper/dma
  $ (head -c 16384 /tmp/p5; head -c 16384 /dev/zero; tail -c 32768 /tmp/p5) >/tmp/p5z
  $ dd if=/dev/mapper/dma bs=4096 skip=100 count=16 iflag=direct status=none | cmp - /tmp/p5z && echo "zeroes read back"
  zeroes read back
  $ dmsetup remove dma
  $ dd if=$SCRATCH0 bs=4096 skip=100 count=16 iflag=direct status=none | cmp - /tmp/p5z && echo "on the data device"
  on the data device

With no_discard_passdown, discards end at the target: they complete, and the data device (and
so the device) keeps what it held.

  $ dmsetup create dma --table "0 $SZ atomic $SCRATCH0 $SCRATCH1 1 no_discard_passdown"
  $ dmsetup status dma | grep -o ' no_discard_passdown rw$'
   no_discard_passdown rw
  $ blkdiscard -o $((100 * 4096)) -l 65536 /dev/mapper/dma
  $ dd if=/dev/mapper/dma bs=4096 skip=100 count=16 iflag=direct status=none | cmp - /tmp/p5z && echo "still there"
  still there
  $ dmsetup remove dma
  $ dd if=$SCRATCH0 bs=4096 skip=100 count=16 iflag=direct status=none | cmp - /tmp/p5z && echo "on the data device too"
  on the data device too
