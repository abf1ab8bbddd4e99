A data device without a volatile write cache (here null_blk, "write through": like a
power-loss-protected NVMe disk or a battery-backed RAID controller) under a metadata device
with one (a virtio disk, "write back").  dm-atomic acknowledges a list at its log write, so
the log device's cache holds it: the dm-atomic device must say "write back" whatever the
data device says, or the block layer strips REQ_PREFLUSH and REQ_FUA before they reach the
target and an fsync'd or RWF_DSYNC list stays in the log device's cache (G2).
tests/vm/crash-states.t checks the same configuration against crash states.

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ modprobe null_blk queue_mode=0 memory_backed=1 gb=1 nr_devices=1 || _skip "no null_blk"
  $ N=/dev/nullb0
  $ meta=$(basename "$(readlink -f $SCRATCH1)")
  $ cat /sys/block/nullb0/queue/write_cache /sys/block/$meta/queue/write_cache
  write through
  write back

No write-back while the test runs (writeback_delay_ms), so nothing but what the test asks
for flushes the metadata disk:

  $ dmsetup create dma --table "0 $(_sectors $N) atomic $N $SCRATCH1 2 writeback_delay_ms 60000"
  $ q=/sys/dev/block/$(_majmin /dev/mapper/dma)/queue

The target's queue has a write-back cache and takes FUA, whatever the data device says:

  $ cat $q/write_cache $q/fua
  write back
  1

`durable_seq` is the first sequence number not known durable, `head_seq` the next to be
written; the metadata disk's flush count is field 16 of its stat file:

  $ behind() { echo "not durable: $(( $(_dma_stat dma head_seq) - $(_dma_stat dma durable_seq) ))"; }
  $ mflushes() { awk '{ print $16 }' /sys/block/$meta/stat; }

20 RWF_ATOMIC|RWF_DSYNC writes: each is durable when it completes, written with REQ_FUA:

  $ for i in $(seq 20); do dma-rwf write -d /dev/mapper/dma $((i * 65536)) 8192 $i; done | sort | uniq -c | sed 's/^ *//'
  20 ok 8192
  $ behind
  not durable: 0
  $ [ "$(_dma_stat dma commits_fua)" -ge 20 ] && echo "20 FUA commits"
  20 FUA commits

20 atomic writes to an O_DSYNC descriptor (O_DIRECT|O_DSYNC, each write with RWF_ATOMIC on
the v3 series, to an O_ATOMIC descriptor on v2), the same:

  $ python3 - /dev/mapper/dma <<'PY'
  > import mmap, os, sys
  > sys.path.insert(0, os.environ["TESTDIR"]); import kblk
  > aw = kblk.AtomicWriter(sys.argv[1], os.O_DSYNC)
  > assert aw.kind is None or aw.kind == "v2" or aw.single(16384, 64 * 65536)
  > buf = mmap.mmap(-1, 16384)
  > for i in range(20):
  >     buf[:] = bytes([i + 1]) * 16384
  >     assert aw.pwrite(buf, (64 + i) * 65536) == 16384
  > print("20 written")
  > PY
  20 written
  $ behind
  not durable: 0
  $ [ "$(_dma_stat dma commits_fua)" -ge 40 ] && echo "40 FUA commits"
  40 FUA commits

A list without RWF_DSYNC (auto_fua off: after all those FUA commits the target would
write the next one with REQ_FUA on its own) is acknowledged before it is durable; an fsync
of the device then flushes the metadata disk:

  $ echo N >/sys/module/dm_atomic/parameters/auto_fua
  $ _dma_write <(_pattern 5 8192) /dev/mapper/dma 8388608
  $ echo Y >/sys/module/dm_atomic/parameters/auto_fua
  $ behind
  not durable: 1
  $ f0=$(mflushes)
  $ sync -d /dev/mapper/dma
  $ behind
  not durable: 0
  $ [ $(( $(mflushes) - f0 )) -ge 1 ] && echo "the metadata disk was flushed"
  the metadata disk was flushed

Everything reads back, and removal writes it back to null_blk:

  $ dma-rwf check /dev/mapper/dma 1310720 8192 20
  match
  $ dmsetup remove dma
  $ dma-rwf check $N 1310720 8192 20
  match
  $ rmmod null_blk
