dm-atomic takes REQ_NOWAIT bios: io_uring's first, non-blocking attempt at an atomic write
is accepted there, so no io-wq worker is needed; where the device would make the submitter
wait (here: it is suspended) an RWF_NOWAIT write fails with EAGAIN at once, and io_uring
hands its write to a worker that waits.  A dm-atomic whose data device cannot take
REQ_NOWAIT (dm-delay) does not advertise it; md raid1 takes REQ_NOWAIT bios but refuses
REQ_NOWAIT atomic lists.

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_scratch 4
  $ _require_dm_atomic
  $ dmsetup create nw --table "0 $(_sectors $SCRATCH0) atomic $SCRATCH0 $SCRATCH1"
  $ D=/dev/mapper/nw
  $ inflight() { sed 's/in flight after submit: [0-9]*; //'; }

32 RWF_ATOMIC writes of 16 KiB at once through io_uring: submitted without a worker, each
one atomic list.

  $ l0=$(_dma_stat nw lists_committed)
  $ dma-rwf uring $D 32 16384 1 | inflight
  io_uring: 32 atomic writes of 16384 bytes: 32 ok, 0 failed; io-wq workers: 0
  $ dma-rwf check $D 0 524288 1
  match
  $ echo "lists committed: $(( $(_dma_stat nw lists_committed) - l0 ))"
  lists committed: 32
  $ dma-rwf uring -o $D 32 4096 2 | inflight
  io_uring: 32 atomic writes of 4096 bytes: 32 ok, 0 failed; io-wq workers: 0

Plain and atomic writes with RWF_NOWAIT go ahead; while the device is suspended they fail
with EAGAIN instead of waiting for the resume (which comes after 3 s in any case), and
io_uring's writes wait in workers, not in the submitting call.

  $ dma-rwf write -p -n $D 1048576 4096 3
  ok 4096
  $ dma-rwf write -n $D 1052672 4096 3
  ok 4096
  $ dmsetup suspend nw
  $ (sleep 3; dmsetup resume nw) &
  $ dma-rwf write -p -n $D 0 4096 4
  EAGAIN
  $ dma-rwf write -n $D 0 4096 4
  EAGAIN
  $ wait
  $ dmsetup suspend nw
  $ (sleep 3; dmsetup resume nw) &
  $ dma-rwf uring -s 1500 $D 4 4096 5 | inflight
  io_uring: 4 atomic writes of 4096 bytes: 4 ok, 0 failed; io-wq workers: [1-4]; submit within 1500 ms: yes (re)
  $ wait
  $ dma-rwf check $D 0 16384 5
  match
  $ dmsetup remove nw

Over dm-delay (no REQ_NOWAIT in this kernel) the device does not advertise it: a plain
RWF_NOWAIT write gets EOPNOTSUPP, an atomic one goes ahead (it may wait), and io_uring
hands the writes to workers.

  $ dd if=/dev/zero of=$SCRATCH1 bs=1M count=1 oflag=direct status=none
  $ dmsetup create nw-slow --table "0 $(_sectors $SCRATCH0) delay $SCRATCH0 0 0"
  $ dmsetup create nw --table "0 $(_sectors $SCRATCH0) atomic /dev/mapper/nw-slow $SCRATCH1"
  $ dma-rwf write -p -n $D 0 4096 6
  EOPNOTSUPP
  $ dma-rwf write -n $D 0 4096 6
  ok 4096
  $ dma-rwf uring $D 8 4096 7 | inflight
  io_uring: 8 atomic writes of 4096 bytes: 8 ok, 0 failed; io-wq workers: [1-8] (re)
  $ dmsetup remove nw nw-slow

md raid1 over two dm-atomic devices takes other REQ_NOWAIT bios but not atomic lists (its
personalities may wait for one): an RWF_NOWAIT atomic write gets EAGAIN, io_uring hands the
writes to workers, and without RWF_NOWAIT they go ahead.

  $ dd if=/dev/zero of=$SCRATCH1 bs=1M count=1 oflag=direct status=none
  $ dmsetup create nw-a --table "0 $(_sectors $SCRATCH0) atomic $SCRATCH0 $SCRATCH1"
  $ dmsetup create nw-b --table "0 $(_sectors $SCRATCH2) atomic $SCRATCH2 $SCRATCH3"
  $ mdadm --create /dev/md/nw-r1 --run --quiet --level=1 --raid-devices=2 --metadata=1.2 --bitmap=none --assume-clean --size=65536 /dev/mapper/nw-a /dev/mapper/nw-b 2>&1 | grep -v started
  [1]
  $ R=/dev/md/nw-r1

A plain RWF_NOWAIT write is md's own business: stock md answers EAGAIN
while it is busy (right after the array was assembled, say), so try it a
few times; only lists are refused every time.

  $ for i in 1 2 3 4 5 6 7 8 9 10; do r=$(dma-rwf write -p -n $R 0 4096 8); [ "$r" = "ok 4096" ] && break; sleep 0.5; done; echo "$r"
  ok 4096
  $ dma-rwf write -n $R 4096 4096 8
  EAGAIN
  $ dma-rwf write $R 4096 4096 8
  ok 4096
  $ dma-rwf uring $R 8 4096 9 | inflight
  io_uring: 8 atomic writes of 4096 bytes: 8 ok, 0 failed; io-wq workers: [1-8] (re)
  $ dma-rwf check $R 0 32768 9
  match
  $ mdadm --stop --quiet $R
  $ mdadm --zero-superblock /dev/mapper/nw-a /dev/mapper/nw-b
  $ dmsetup remove nw-a nw-b
