Atomic writes through io_uring and libaio are asynchronous.  The device is dm-atomic with its
log on dm-delay (every write waits 500 ms for its commit); it, and dm-linear over it, report
its units through statx.  32 atomic writes (RWF_ATOMIC, then O_ATOMIC) submitted at once are
all still in flight when the submitting call returns, and each lands whole.  dm-atomic takes
REQ_NOWAIT bios (its data device does; its log device need not), so io_uring submits them
itself, without an io-wq worker (block-atomic-nowait.t has more).  fio's libaio engine with O_ATOMIC
(--atomic=1) at queue depth 32 reaches that depth and its submissions do not wait.

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ dmsetup create rwf-slow --table "0 $(_sectors $SCRATCH1) delay $SCRATCH1 0 500"
  $ dmsetup create rwf-dma --table "0 $(_sectors $SCRATCH0) atomic $SCRATCH0 /dev/mapper/rwf-slow"
  $ D=/dev/mapper/rwf-dma
  $ dma-rwf statx $D
  attr_known=1 atomic=1 unit_min=512 unit_max=1048576 segments_max=1024
  $ dmsetup create rwf-lin --table "0 2048 linear $D 2048"
  $ dma-rwf statx /dev/mapper/rwf-lin
  attr_known=1 atomic=1 unit_min=512 unit_max=1048576 segments_max=1024
  $ dmsetup remove rwf-lin

io_uring, 32 writes of 4 KiB, and libaio, 32 writes of 8 KiB over them; each write is one
atomic list of the target (all of it or none of it after a crash).

  $ l0=$(_dma_stat rwf-dma lists_committed)
  $ dma-rwf uring $D 32 4096 11
  io_uring: 32 atomic writes of 4096 bytes: 32 ok, 0 failed; in flight after submit: 32; io-wq workers: 0
  $ dma-rwf check $D 0 131072 11
  match
  $ dma-rwf aio $D 32 8192 12
  libaio: 32 atomic writes of 8192 bytes: 32 ok, 0 failed; in flight after submit: 32
  $ dma-rwf check $D 0 262144 12
  match
  $ echo "lists committed: $(( $(_dma_stat rwf-dma lists_committed) - l0 ))"
  lists committed: 64

The same with O_ATOMIC instead of RWF_ATOMIC.

  $ dma-rwf uring -o $D 32 4096 13
  io_uring: 32 atomic writes of 4096 bytes: 32 ok, 0 failed; in flight after submit: 32; io-wq workers: 0
  $ dma-rwf aio -o $D 32 4096 14
  libaio: 32 atomic writes of 4096 bytes: 32 ok, 0 failed; in flight after submit: 32
  $ dma-rwf check $D 0 131072 14
  match

fio with O_ATOMIC, 64 random 4 KiB writes at queue depth 32, the delay at 100 ms: a
submission that waited for its write would take at least 100 ms.

  $ dmsetup suspend rwf-slow && dmsetup load rwf-slow --table "0 $(_sectors $SCRATCH1) delay $SCRATCH1 0 100" && dmsetup resume rwf-slow
  $ fio --name=qd --filename=$D --direct=1 --atomic=1 --ioengine=libaio --iodepth=32 --rw=randwrite --bs=4k --size=16M --number_ios=64 --output-format=json >/tmp/fio.json; echo "fio: $?"
  fio: 0
  $ python3 - /tmp/fio.json <<'PY'
  > import json, sys
  > job = json.load(open(sys.argv[1]))["jobs"][0]
  > levels = [k for k, v in job["iodepth_level"].items() if v > 0]
  > print("writes:", job["write"]["total_ios"])
  > print("deepest queue level:", levels[-1])
  > print("mean submission under 50 ms:", job["write"]["slat_ns"]["mean"] < 50e6)
  > PY
  writes: 64
  deepest queue level: 32
  mean submission under 50 ms: True
  $ dmsetup remove rwf-dma rwf-slow
