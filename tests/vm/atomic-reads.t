Read-your-writes (G4) and plain writes against pending write-back (G5).  The data device is
a dm-delay with slow writes, so write-back of logged data is still pending while we read
and write the same sectors again.

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ . "$TESTDIR/atomic-lib.sh"
  $ SZ=$(_sectors $SCRATCH0)
  $ stat_of() { _dma_stat dma $1; }
  $ rd() { dd if=/dev/mapper/dma bs=4k skip=$1 count=$2 iflag=direct status=none; }

Fill 64 KiB with pattern A, checkpoint it to the data device.

  $ dmsetup create dma-data --table "0 $SZ delay $SCRATCH0 0 0 $SCRATCH0 0 4000"
  $ dmsetup create dma --table "0 $SZ atomic /dev/mapper/dma-data $SCRATCH1"
  $ _pattern 1 65536 > /tmp/A; _pattern 2 4096 > /tmp/B; _pattern 3 8192 > /tmp/C
  $ _dma_write /tmp/A /dev/mapper/dma $((10 * 65536))
  $ dmsetup message dma 0 checkpoint >/dev/null

Overwrite one 4 KiB block in the middle with B: the write-back takes over four seconds (long
enough for the debug kernel too), so the reads below find B only in the log.  A read covering
only B is served from memory; a read of the whole 64 KiB comes from the data device with B
laid over it.

  $ r0=$(stat_of reads_from_log)
  $ _dma_write /tmp/B /dev/mapper/dma $((163 * 4096))
  $ rd 163 1 | cmp - /tmp/B && echo "B from the log"
  B from the log
  $ (head -c 12288 /tmp/A; cat /tmp/B; tail -c 49152 /tmp/A) > /tmp/AB
  $ rd 160 16 | cmp - /tmp/AB && echo "A with B overlaid"
  A with B overlaid
  $ [ $(( $(stat_of reads_from_log) - r0 )) -ge 2 ] && echo "reads hit the log"
  reads hit the log

Overwrite again, straddling B (C over blocks 163-164) while B's write-back is pending: the
newest data wins everywhere, through the device and, after a checkpoint, on the data device.

  $ _dma_write /tmp/C /dev/mapper/dma $((163 * 4096))
  $ (head -c 12288 /tmp/A; cat /tmp/C; tail -c 45056 /tmp/A) > /tmp/AC
  $ rd 160 16 | cmp - /tmp/AC && echo "newest through the device"
  newest through the device
  $ dmsetup message dma 0 checkpoint >/dev/null
  $ dd if=$SCRATCH0 bs=4k skip=160 count=16 iflag=direct status=none | cmp - /tmp/AC && echo "newest on the data device"
  newest on the data device
  $ [ "$(stat_of index_ranges)" = 0 ] && echo "index empty"
  index empty

Many small overlapping writes while write-back runs behind them; compare with a model.

  $ python3 - <<'PY'
  > import os, random, sys
  > sys.path.insert(0, os.environ["TESTDIR"]); import kblk
  > r = random.Random(7)
  > fd = os.open("/dev/mapper/dma", os.O_RDWR | os.O_DIRECT)
  > aw = kblk.AtomicWriter("/dev/mapper/dma")
  > model = bytearray(open("/tmp/AC", "rb").read())
  > import mmap
  > buf = mmap.mmap(-1, 65536)
  > for i in range(80):
  >     blk = r.randrange(0, 16); n = r.randrange(1, 17 - blk)
  >     data = bytes([r.randrange(256)]) * (n * 4096)
  >     buf[:len(data)] = data
  >     if i % 4 == 0: os.pwritev(fd, [memoryview(buf)[:len(data)]], (160 + blk) * 4096)
  >     else: aw.pwrite(memoryview(buf)[:len(data)], (160 + blk) * 4096)
  >     model[blk * 4096:(blk + n) * 4096] = data
  >     if i % 10 == 0:
  >         got = os.preadv(fd, [buf], 160 * 4096)
  >         assert bytes(buf[:65536]) == bytes(model), "mismatch at op %d" % i
  > os.preadv(fd, [buf], 160 * 4096)
  > print("final read", "matches" if bytes(buf[:65536]) == bytes(model) else "DIFFERS")
  > open("/tmp/model", "wb").write(model)
  > PY
  final read matches
  $ dmsetup message dma 0 checkpoint >/dev/null
  $ dd if=$SCRATCH0 bs=4k skip=160 count=16 iflag=direct status=none | cmp - /tmp/model && echo "data device matches"
  data device matches

Plain writes (neither atomic nor in a list) that overlap logged data not yet retired are logged behind
it; elsewhere they go straight to the data device (with the block-layer series; without it
every write is logged).

  $ _dma_write /tmp/A /dev/mapper/dma $((10 * 65536))
  $ d0=$(_dma_stat dma writes_direct); l0=$(_dma_stat dma bios_logged)
  $ dd if=/tmp/B of=/dev/mapper/dma bs=4k seek=165 oflag=direct status=none
  $ echo "overlapping plain write: logged $(( $(_dma_stat dma bios_logged) - l0 )), direct $(( $(_dma_stat dma writes_direct) - d0 ))"
  overlapping plain write: logged 1, direct 0
  $ rd 165 1 | cmp - /tmp/B && echo "plain write reads back"
  plain write reads back
  $ d0=$(_dma_stat dma writes_direct); l0=$(_dma_stat dma bios_logged)
  $ dd if=/tmp/B of=/dev/mapper/dma bs=4k seek=4000 oflag=direct status=none
  $ _dma_lists /dev/mapper/dma && m=series || m="no series"
  $ echo "elsewhere: logged $(( $(_dma_stat dma bios_logged) - l0 )), direct $(( $(_dma_stat dma writes_direct) - d0 )) ($m)"
  (elsewhere: logged 0, direct 1 \(series\)|elsewhere: logged 1, direct 0 \(no series\)) (re)
  $ dmsetup message dma 0 checkpoint >/dev/null
  $ dd if=$SCRATCH0 bs=4k skip=165 count=1 iflag=direct status=none | cmp - /tmp/B && echo "newest on the data device"
  newest on the data device

A discard of sectors with pending logged data is passed down after their write-back: the
older data does not come back over it.

  $ _dma_write /tmp/A /dev/mapper/dma $((10 * 65536))
  $ blkdiscard -o $((160 * 4096)) -l 65536 /dev/mapper/dma
  $ dmsetup message dma 0 checkpoint >/dev/null
  $ dd if=$SCRATCH0 bs=4k skip=160 count=16 iflag=direct status=none | cmp - <(head -c 65536 /dev/zero) && echo "discarded: zeroes"
  discarded: zeroes

  $ dmsetup remove dma
  $ dmsetup remove dma-data
