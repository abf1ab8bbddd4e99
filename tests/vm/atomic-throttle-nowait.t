An RWF_NOWAIT atomic write that blk-throttle holds back, on the v3 series.  Port of v2's
block-atomic-throttle-nowait.t (plan 6.4), whose claim does not hold in v3, by design: v2
throttled atomic writes and lists in the submitter (its patch 14, __blk_throtl_atomic()), and so
had to refuse a REQ_NOWAIT one that would sleep there with EAGAIN.  v3 drops that patch (cover
letter: "a list is throttled as any bio"): an RWF_ATOMIC write is one bio, and blk-throttle
queues it in its service queue like any other bio, REQ_NOWAIT or not (6.1's blk-throttle has
no REQ_NOWAIT case, and needs none: queueing the bio does not make the submitter sleep).  So
the same write now goes ahead and completes when the limit lets it: a synchronous
pwritev2(RWF_ATOMIC|RWF_NOWAIT) returns ok after the throttle delay (it waits for its bio's
completion, as every synchronous direct write does), io_uring's submission returns at once
with no io-wq worker and the writes complete later, and a REQ_NOWAIT write list (from the test
module dma-testbio; BLKWRITELIST has no NOWAIT flag) is held back the same way.  If blk-throttle
refused REQ_NOWAIT bios (EAGAIN) or made the submitter sleep, this test would fail.

dm-atomic takes REQ_NOWAIT bios (null_blk does not), so the writes go to a dm-atomic device,
from a cgroup limited to 4 KiB/s of writes to it: a 16 KiB write is over that limit and waits
about 4 s.

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ mountpoint -q /sys/fs/cgroup || mount -t cgroup2 none /sys/fs/cgroup
  $ grep -qw io /sys/fs/cgroup/cgroup.controllers || _skip "no cgroup v2 io controller"
  $ echo +io > /sys/fs/cgroup/cgroup.subtree_control
  $ G=/sys/fs/cgroup/atomic-throttle-nowait
  $ mkdir $G
  $ [ -e $G/io.max ] || { rmdir $G; _skip "no io.max in this kernel (CONFIG_BLK_DEV_THROTTLING is off)"; }
  $ K=/payload/modules/dma-testbio.ko
  $ [ -f $K ] || _skip "dma-testbio.ko was not built"
  $ dd if=/dev/zero of=$SCRATCH1 bs=1M count=1 oflag=direct status=none
  $ dmsetup create tnw --table "0 $(_sectors $SCRATCH0) atomic $SCRATCH0 $SCRATCH1"
  $ D=/dev/mapper/tnw
  $ echo "$(_majmin $D) wbps=4096" > $G/io.max
  $ incg() { sh -c "echo \$\$ > $G/cgroup.procs; exec $*"; }
  $ ms() { echo $(( $(date +%s%N) / 1000000 )); }
  $ wstat() { sed -n "s/^$(_majmin $D) .*wbytes=\([0-9]*\) .*wios=\([0-9]*\).*/\1 \2/p" $G/io.stat; }

Outside the cgroup an RWF_NOWAIT atomic write goes ahead at once.  In it the same write is
not refused: it waits about 4 s for blk-throttle and lands whole.

  $ dma-rwf write $D 0 16384 1
  ok 16384
  $ t0=$(ms); dma-rwf write -n $D 0 16384 1; t1=$(ms)
  ok 16384
  $ [ $((t1 - t0)) -lt 1500 ] && echo "not held"
  not held
  $ t0=$(ms); incg dma-rwf write -n $D 0 16384 2; t1=$(ms)
  ok 16384
  $ [ $((t1 - t0)) -ge 2500 ] && echo "held back by blk-throttle"
  held back by blk-throttle
  $ dma-rwf check $D 0 16384 2
  match

io_uring: two RWF_ATOMIC writes of 8 KiB in the cgroup, first tried with REQ_NOWAIT.  The
submitting call returns at once and no worker is needed (blk-throttle queued the bios; it
did not refuse them); the writes complete when the limit lets them, about 4 s later.

  $ t0=$(ms); incg dma-rwf uring -s 1000 $D 2 8192 3 | sed 's/in flight after submit: [0-9]*; //'; t1=$(ms)
  io_uring: 2 atomic writes of 8192 bytes: 2 ok, 0 failed; io-wq workers: 0; submit within 1000 ms: yes
  $ [ $((t1 - t0)) -ge 2500 ] && echo "completed after the throttle delay"
  completed after the throttle delay
  $ dma-rwf check $D 0 16384 3
  match

A REQ_NOWAIT write list of two 4 KiB ranges (at 0 and 64 KiB) from the cgroup: held back
(about 2 s for 8 KiB), then written whole, and charged to the group as one bio.

  $ before=$(wstat); [ -n "$before" ] || before="0 0"
  $ t0=$(ms); incg insmod $K dev=$D nr=2 nowait=1 seed=64; t1=$(ms); rmmod dma-testbio
  $ dmesg | grep -o 'dma-testbio: .*' | tail -1
  dma-testbio: /dev/mapper/tnw: list of 2 range(s) +NOWAIT: done (0)
  $ [ $((t1 - t0)) -ge 1000 ] && echo "held back by blk-throttle"
  held back by blk-throttle
  $ set -- $before $(wstat); echo "+$(( $3 - $1 )) bytes, +$(( $4 - $2 )) ios"
  +8192 bytes, +1 ios
  $ for blk in 0 16; do dd if=$D bs=4096 skip=$blk count=1 iflag=direct status=none | od -An -v -tx1 | sort -u; done
   40 40 40 40 40 40 40 40 40 40 40 40 40 40 40 40
   41 41 41 41 41 41 41 41 41 41 41 41 41 41 41 41

  $ dmsetup remove tnw
  $ rmdir $G
