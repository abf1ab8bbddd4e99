Suspend/resume and table reloads under I/O: a writer keeps going while the device is
suspended, resumed, reloaded with other feature arguments and checkpointed; afterwards the
device holds exactly what the writer wrote last, also after re-creation.

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 3
  $ _require_dm_atomic
  $ SZ=$(_sectors $SCRATCH0)
  $ T="0 $SZ atomic $SCRATCH0 $SCRATCH1"
  $ dmsetup create dma --table "$T"
  $ cat > /tmp/w.py <<'PY'
  > import mmap, os, random, sys
  > sys.path.insert(0, os.environ["TESTDIR"]); import kblk
  > r = random.Random(5); fd = os.open("/dev/mapper/dma", os.O_WRONLY | os.O_DIRECT)
  > aw = kblk.AtomicWriter("/dev/mapper/dma")
  > model = bytearray(8 << 20); buf = mmap.mmap(-1, 1 << 20)
  > for i in range(int(sys.argv[1])):
  >     n = r.randrange(1, 65); off = r.randrange(0, 2048 - n) * 4096
  >     data = r.randbytes(n * 4096); buf[:len(data)] = data
  >     if i % 2: aw.pwrite(memoryview(buf)[:len(data)], off)
  >     else: os.pwritev(fd, [memoryview(buf)[:len(data)]], off)
  >     model[off:off + len(data)] = data
  >     if i % 50 == 0: os.fsync(fd)
  > open("/tmp/model", "wb").write(model)
  > PY
  $ python3 /tmp/w.py 1500 & w=$!
  $ for i in 1 2 3; do sleep 0.5; dmsetup suspend dma; sleep 0.2; dmsetup resume dma; done
  $ for f in "2 commit_delay_us 100" "4 max_segments 8 max_bytes 262144" ""; do
  >   sleep 0.5; dmsetup load dma --table "$T $f"; dmsetup resume dma
  >   dmsetup table dma | cut -d' ' -f6- | sed 's/^$/(no features)/'
  > done
  2 commit_delay_us 100
  4 max_segments 8 max_bytes 262144
  (no features)
  $ sleep 0.5; dmsetup message dma 0 checkpoint >/dev/null
  $ wait $w; echo "writer: $?"
  writer: 0
  $ head -c 8M /dev/mapper/dma | cmp - /tmp/model && echo "device matches the writer"
  device matches the writer

A suspended device has an empty log on disk.

  $ dmsetup suspend dma
  $ dma-dump --live --kv $SCRATCH1 | tail -1 | grep -o ' txns=[0-9]*'
   txns=0
  $ dmsetup resume dma

A reload may not change the devices.

  $ dmesg -C
  $ dmsetup load dma --table "0 $SZ atomic $SCRATCH0 $SCRATCH2" 2>/dev/null || dmesg | sed -n 's/.*atomic: //p'
  Reload must keep the same data and metadata devices (-EINVAL)

  $ dmsetup remove dma
  $ dmsetup create dma --table "$T"
  $ head -c 8M /dev/mapper/dma | cmp - /tmp/model && echo "still matches after re-creation"
  still matches after re-creation
  $ dmsetup remove dma
