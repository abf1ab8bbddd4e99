blk-throttle (cgroup v2 io.max) holds an atomic list back like any other write, as one unit:
the writer waits until its cgroup may write the whole list, then the list goes to the device
whole.  null_blk takes lists of up to 1 MiB; a cgroup limited to 256 KiB/s of writes to it
needs about 4 s for a 1 MiB list, as for a plain 1 MiB O_DIRECT write.

  $ . "$TESTDIR/lib.sh"
  $ A="python3 $TESTDIR/block-atomic.py"
  $ mountpoint -q /sys/fs/cgroup || mount -t cgroup2 none /sys/fs/cgroup
  $ grep -qw io /sys/fs/cgroup/cgroup.controllers || _skip "no cgroup v2 io controller"
  $ echo +io > /sys/fs/cgroup/cgroup.subtree_control
  $ G=/sys/fs/cgroup/blk-atomic-throttle
  $ mkdir $G
  $ [ -e $G/io.max ] || { rmdir $G; _skip "no io.max in this kernel (CONFIG_BLK_DEV_THROTTLING is off)"; }
  $ modprobe null_blk queue_mode=0 memory_backed=1 atomic_segs=4 atomic_max_bytes=1048576 bs=4096 gb=1 nr_devices=1
  $ N=/dev/nullb0
  $ echo "$(_majmin $N) wbps=262144" > $G/io.max

  $ held() {
  >   local s e
  >   s=$(date +%s%N)
  >   sh -c "echo \$\$ > $G/cgroup.procs; exec $A $*"
  >   e=$(date +%s%N)
  >   [ $(( (e - s) / 1000000 )) -ge 3000 ] && echo "held at least 3 s" || echo "held $(( (e - s) / 1000000 )) ms"
  > }

The control: a plain O_DIRECT write of 1 MiB is held back.

  $ held write $N 0 1048576 1 plain
  ok
  held at least 3 s

An O_ATOMIC write of 1 MiB, and a BLKATOMICWRITE list of four 256 KiB segments, are held back
too, and land whole.

  $ held write $N 1048576 1048576 2
  ok
  held at least 3 s
  $ dd if=$N bs=1M skip=1 count=1 iflag=direct status=none | cmp - <($A pattern 2 1048576) && echo written
  written
  $ held list $N 4194304:262144:3 6291456:262144:4 8388608:262144:5 10485760:262144:6
  ok
  held at least 3 s
  $ dd if=$N bs=256k skip=40 count=1 iflag=direct status=none | cmp - <($A pattern 6 262144) && echo written
  written

Outside the cgroup nothing is held back.

  $ s=$(date +%s%N); $A write $N 2097152 1048576 7; e=$(date +%s%N)
  ok
  $ [ $(( (e - s) / 1000000 )) -lt 3000 ] && echo "not held"
  not held

  $ rmdir $G
  $ rmmod null_blk
