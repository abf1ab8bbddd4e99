dm-atomic takes REQ_NOWAIT bios: io_uring's first, non-blocking attempt at an RWF_ATOMIC write
is accepted there, so no io-wq worker is needed; where the device would make the submitter
wait (here: it is suspended) an RWF_NOWAIT write, atomic or plain, fails with EAGAIN at once,
and io_uring hands its writes to a worker that waits.  A dm-atomic whose data device cannot
take REQ_NOWAIT (dm-delay) does not advertise it.  md raid1 takes REQ_NOWAIT write lists.

Port of v2's block-atomic-nowait.t (plan 6.4) to the v3 series.  What changed: v2's O_ATOMIC
writes are gone (the `dma-rwf uring -o` case has no v3 meaning and is dropped); an RWF_ATOMIC
write is one REQ_ATOMIC bio that goes the way of any direct write (v2 made it a one-range
list), so over dm-delay it is refused like a plain RWF_NOWAIT write (EOPNOTSUPP: the device
does not take REQ_NOWAIT) where v2 let it go ahead, and md raid1 takes it like a plain write
where v2 refused it (EAGAIN).  A write list from userspace never carries REQ_NOWAIT
(BLKWRITELIST has no such flag and io_uring no list op), so REQ_NOWAIT lists come from the test
module dma-testbio (`nowait=1`): dm-atomic and raid1 (patch 32, raid1_write_list()) take
them, and fail them with EAGAIN at once where they would wait (a suspended dm-atomic, a range
of md's suspend_lo..suspend_hi).  raid1's own EAGAIN cases for a list (a contended resync
barrier, a Blocked leg, write-behind writes in flight) are not set up here.

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_scratch 4
  $ _require_dm_atomic
  $ W="python3 $TESTDIR/write-list.py"
  $ K=/payload/modules/dma-testbio.ko
  $ [ -f $K ] || _skip "dma-testbio.ko was not built"
  $ dmsetup create nw --table "0 $(_sectors $SCRATCH0) atomic $SCRATCH0 $SCRATCH1"
  $ D=/dev/mapper/nw
  $ inflight() { sed 's/in flight after submit: [0-9]*; //'; }
  $ testbio() { insmod $K "$@" 2>&1 | sed 's/^insmod: ERROR: could not insert module .*: //'; rmmod dma-testbio 2>/dev/null; dmesg | grep -o 'dma-testbio: .*' | tail -1; }
  $ cat /sys/dev/block/$(_majmin $D)/queue/atomic_write_unit_max_bytes
  524288

32 RWF_ATOMIC writes of 16 KiB at once through io_uring: submitted without a worker, each one
dm-atomic transaction.

  $ l0=$(_dma_stat nw lists_committed)
  $ dma-rwf uring $D 32 16384 1 | inflight
  io_uring: 32 atomic writes of 16384 bytes: 32 ok, 0 failed; io-wq workers: 0
  $ dma-rwf check $D 0 524288 1
  match
  $ echo "lists committed: $(( $(_dma_stat nw lists_committed) - l0 ))"
  lists committed: 32

Plain and atomic writes with RWF_NOWAIT go ahead; while the device is suspended they fail with
EAGAIN instead of waiting for the resume (which comes after 8 s in any case: a write that
waited would succeed), and io_uring's writes wait in workers, not in the submitting call.  A
REQ_NOWAIT list likewise: written while the device is live, EAGAIN while it is suspended.

  $ dma-rwf write -p -n $D 1048576 4096 3
  ok 4096
  $ dma-rwf write -n $D 1052672 4096 3
  ok 4096
  $ testbio dev=$D nr=2 nowait=1 seed=20
  dma-testbio: /dev/mapper/nw: list of 2 range(s) +NOWAIT: done (0)
  $ dd if=$D bs=4096 skip=16 count=1 iflag=direct status=none | od -An -v -tx1 | sort -u
   15 15 15 15 15 15 15 15 15 15 15 15 15 15 15 15
  $ dmsetup suspend nw
  $ (sleep 8; dmsetup resume nw) &
  $ dma-rwf write -p -n $D 0 4096 4
  EAGAIN
  $ dma-rwf write -n $D 0 4096 4
  EAGAIN
  $ testbio dev=$D nr=2 nowait=1 seed=30
  Resource temporarily unavailable
  dma-testbio: /dev/mapper/nw: list of 2 range(s) +NOWAIT: failed (-11)
  $ wait
  $ dd if=$D bs=4096 skip=16 count=1 iflag=direct status=none | od -An -v -tx1 | sort -u
   15 15 15 15 15 15 15 15 15 15 15 15 15 15 15 15
  $ dmsetup suspend nw
  $ (sleep 3; dmsetup resume nw) &
  $ dma-rwf uring -s 1500 $D 4 4096 5 | inflight
  io_uring: 4 atomic writes of 4096 bytes: 4 ok, 0 failed; io-wq workers: [1-4]; submit within 1500 ms: yes (re)
  $ wait
  $ dma-rwf check $D 0 16384 5
  match
  $ dmsetup remove nw

Over dm-delay (no REQ_NOWAIT in this kernel) the device does not advertise it: a plain
RWF_NOWAIT write gets EOPNOTSUPP, and so does an atomic one (v2: it went ahead); io_uring hands
the writes to workers, where they go ahead.

  $ dd if=/dev/zero of=$SCRATCH1 bs=1M count=1 oflag=direct status=none
  $ dmsetup create nw-slow --table "0 $(_sectors $SCRATCH0) delay $SCRATCH0 0 0"
  $ dmsetup create nw --table "0 $(_sectors $SCRATCH0) atomic /dev/mapper/nw-slow $SCRATCH1"
  $ dma-rwf write -p -n $D 0 4096 6
  EOPNOTSUPP
  $ dma-rwf write -n $D 0 4096 6
  EOPNOTSUPP
  $ dma-rwf write $D 0 4096 6
  ok 4096
  $ dma-rwf uring $D 8 4096 7 | inflight
  io_uring: 8 atomic writes of 4096 bytes: 8 ok, 0 failed; io-wq workers: [1-8] (re)
  $ dma-rwf check $D 0 32768 7
  match
  $ dmsetup remove nw nw-slow

md raid1 over two dm-atomic devices.  A plain RWF_NOWAIT write is md's own business: stock md
may answer EAGAIN while it is busy (right after the array was assembled, say), so try it a
few times.  An RWF_ATOMIC write with RWF_NOWAIT is then taken like it (v2 refused it every
time: it was a list), and io_uring's atomic writes need no worker.

  $ dd if=/dev/zero of=$SCRATCH1 bs=1M count=1 oflag=direct status=none
  $ dmsetup create nw-a --table "0 $(_sectors $SCRATCH0) atomic $SCRATCH0 $SCRATCH1"
  $ dmsetup create nw-b --table "0 $(_sectors $SCRATCH2) atomic $SCRATCH2 $SCRATCH3"
  $ mdadm --create /dev/md/nw-r1 --run --quiet --level=1 --raid-devices=2 --metadata=1.2 --bitmap=none --assume-clean --size=65536 /dev/mapper/nw-a /dev/mapper/nw-b 2>&1 | grep -v started
  [1]
  $ R=/dev/md/nw-r1
  $ md=$(basename $(readlink -f $R)); off=$(cat /sys/block/$md/md/dev-dm-*/offset | sort -u)
  $ q=/sys/block/$md/queue; [ "$(cat $q/atomic_write_unit_max_bytes)" -ge 4096 ] && [ "$(cat $q/max_write_list_segments)" -ge 2 ] && echo "atomic writes and lists"
  atomic writes and lists
  $ for i in 1 2 3 4 5 6 7 8 9 10; do r=$(dma-rwf write -p -n $R 0 4096 8); [ "$r" = "ok 4096" ] && break; sleep 0.5; done; echo "$r"
  ok 4096
  $ dma-rwf write -n $R 4096 4096 8
  ok 4096
  $ dma-rwf uring $R 8 4096 9 | inflight
  io_uring: 8 atomic writes of 4096 bytes: 8 ok, 0 failed; io-wq workers: 0
  $ dma-rwf check $R 0 32768 9
  match

BLKWRITELIST has no flag for REQ_NOWAIT (flags must be 0).  A REQ_NOWAIT list from the test
module: raid1 takes it and writes it to both legs (its clones go without REQ_NOWAIT).  With
md's suspend range over its second range only (sectors 128..255; the list spans sectors
0..135), the list fails with EAGAIN at once (md_handle_request() looks at the whole span, not
only at the first range) and nothing of it is written; the same list without REQ_NOWAIT would
wait for the range to be resumed (raid1-list-suspend.t).

  $ $W list $R 0:4096:1 flags=1
  EINVAL
  [1]
  $ testbio dev=$R nr=2 nowait=1 seed=40
  dma-testbio: /dev/md/nw-r1: list of 2 range(s) +NOWAIT: done (0)
  $ for leg in /dev/mapper/nw-a /dev/mapper/nw-b; do for at in 0 65536; do dd if=$leg bs=4096 skip=$(( (off * 512 + at) / 4096 )) count=1 iflag=direct status=none | od -An -v -tx1 | sort -u; done; done
   28 28 28 28 28 28 28 28 28 28 28 28 28 28 28 28
   29 29 29 29 29 29 29 29 29 29 29 29 29 29 29 29
   28 28 28 28 28 28 28 28 28 28 28 28 28 28 28 28
   29 29 29 29 29 29 29 29 29 29 29 29 29 29 29 29
  $ echo 256 > /sys/block/$md/md/suspend_hi; echo 128 > /sys/block/$md/md/suspend_lo
  $ testbio dev=$R nr=2 nowait=1 seed=50
  Resource temporarily unavailable
  dma-testbio: /dev/md/nw-r1: list of 2 range(s) +NOWAIT: failed (-11)
  $ echo 0 > /sys/block/$md/md/suspend_lo; echo 0 > /sys/block/$md/md/suspend_hi
  $ for leg in /dev/mapper/nw-a /dev/mapper/nw-b; do for at in 0 65536; do dd if=$leg bs=4096 skip=$(( (off * 512 + at) / 4096 )) count=1 iflag=direct status=none | od -An -v -tx1 | sort -u; done; done
   28 28 28 28 28 28 28 28 28 28 28 28 28 28 28 28
   29 29 29 29 29 29 29 29 29 29 29 29 29 29 29 29
   28 28 28 28 28 28 28 28 28 28 28 28 28 28 28 28
   29 29 29 29 29 29 29 29 29 29 29 29 29 29 29 29
  $ testbio dev=$R nr=2 nowait=1 seed=50
  dma-testbio: /dev/md/nw-r1: list of 2 range(s) +NOWAIT: done (0)
  $ mdadm --stop --quiet $R
  $ mdadm --zero-superblock /dev/mapper/nw-a /dev/mapper/nw-b
  $ dmsetup remove nw-a nw-b
