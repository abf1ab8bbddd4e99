An RWF_NOWAIT atomic write that blk-throttle would hold back fails with EAGAIN at once
instead of waiting (block-atomic-throttle.t shows the waiting).  dm-atomic takes REQ_NOWAIT
bios (null_blk does not), so the writes go to a dm-atomic device, from a cgroup limited to
4 KiB/s of writes to it: a 16 KiB write is over that limit, and would wait about 4 s.

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ mountpoint -q /sys/fs/cgroup || mount -t cgroup2 none /sys/fs/cgroup
  $ grep -qw io /sys/fs/cgroup/cgroup.controllers || _skip "no cgroup v2 io controller"
  $ echo +io > /sys/fs/cgroup/cgroup.subtree_control
  $ G=/sys/fs/cgroup/blk-atomic-throttle-nowait
  $ mkdir $G
  $ [ -e $G/io.max ] || { rmdir $G; _skip "no io.max in this kernel (CONFIG_BLK_DEV_THROTTLING is off)"; }
  $ dd if=/dev/zero of=$SCRATCH1 bs=1M count=1 oflag=direct status=none
  $ dmsetup create tnw --table "0 $(_sectors $SCRATCH0) atomic $SCRATCH0 $SCRATCH1"
  $ D=/dev/mapper/tnw
  $ echo "$(_majmin $D) wbps=4096" > $G/io.max
  $ incg() { sh -c "echo \$\$ > $G/cgroup.procs; exec $*"; }

In the cgroup: EAGAIN, and what was there stays.  Outside it the same write goes ahead.

  $ dma-rwf write $D 0 16384 1
  ok 16384
  $ incg dma-rwf write -n $D 0 16384 2
  EAGAIN
  $ dma-rwf check $D 0 16384 1
  match
  $ dma-rwf write -n $D 0 16384 2
  ok 16384
  $ dma-rwf check $D 0 16384 2
  match

  $ dmsetup remove tnw
  $ rmdir $G
