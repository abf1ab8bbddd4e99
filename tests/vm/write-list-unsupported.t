Devices that take no write lists say so (v3 patches 26-28, plan 6.4): queue/max_write_list_segments
and queue/write_list_max_bytes are 0 and read-only, and BLKWRITELIST fails with EOPNOTSUPP
before any I/O, on virtio-blk, loop, null_blk with its defaults (blk-mq) and in bio mode
without write_list_segments, a zoned null_blk that asked for lists (a sequential zone is
written only at its write pointer), dm-linear and md raid1 over virtio-blk, a DM table whose
only target passes no lists (dm-zero) and an md device without a personality (defect 5: no
stacking driver reports anything it did not opt in to).  Write lists are bio based: null_blk
refuses write_list_segments in blk-mq mode, at load and at configfs power-on, naming the
parameter.  Plain writes still work.

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 4
  $ W="python3 $TESTDIR/write-list.py"
  $ [ -e /sys/block/$(basename $SCRATCH0)/queue/max_write_list_segments ] || _skip "kernel without write lists (v3 patch 26)"
  $ wl() { local q=/sys/dev/block/$(_majmin "$1")/queue; echo "$(cat $q/max_write_list_segments) $(cat $q/write_list_max_bytes)"; }

The limits are read-only.

  $ n=$(basename $SCRATCH0); ls -l /sys/block/$n/queue/max_write_list_segments /sys/block/$n/queue/write_list_max_bytes | cut -c1-10
  -r--r--r--
  -r--r--r--
  $ echo 8 > /sys/block/$n/queue/max_write_list_segments
  .*: Permission denied (re)
  [1]

null_blk takes lists only in bio mode: write_list_segments with the default queue_mode=2 fails
the load, and a configfs device with queue_mode=2 does not power on.

  $ modprobe null_blk write_list_segments=8 memory_backed=1 2>&1 | sed 's/.*null_blk.*: /modprobe: /'
  modprobe: Invalid argument
  $ dmesg | grep -c 'write_list_segments needs queue_mode=0, memory_backed=1 and no cache'
  [1-9][0-9]* (re)

One of each: a loop device on a tmpfs file, null_blk with its defaults (nullb0), configfs
null_blk devices in bio mode without lists (wlbio) and zoned with write_list_segments=8
(wlzoned), dm-linear over SCRATCH1, dm-zero, md raid1 over SCRATCH2 and SCRATCH3, and an md
device without a personality.

  $ truncate -s 64M /tmp/loop.img
  $ LOOP=$(losetup -f --show /tmp/loop.img)
  $ modprobe null_blk nr_devices=1
  $ mountpoint -q /sys/kernel/config || mount -t configfs configfs /sys/kernel/config
  $ grep -o 'write_list_max_bytes,write_list_segments' /sys/kernel/config/nullb/features
  write_list_max_bytes,write_list_segments
  $ C=/sys/kernel/config/nullb/wlmq; mkdir $C
  $ cat $C/write_list_segments $C/write_list_max_bytes
  0
  1048576
  $ echo 2 > $C/queue_mode; echo 1 > $C/memory_backed; echo 8 > $C/write_list_segments; echo 64 > $C/size
  $ echo 1 > $C/power
  .*: write error: Invalid argument (re)
  [1]
  $ ls /dev/wlmq 2>&1 | sed 's/.*No such file.*/no device/'
  no device
  $ rmdir $C
  $ C=/sys/kernel/config/nullb/wlbio; mkdir $C
  $ echo 0 > $C/queue_mode; echo 1 > $C/memory_backed; echo 64 > $C/size; echo 1 > $C/power
  $ C=/sys/kernel/config/nullb/wlzoned; mkdir $C
  $ echo 0 > $C/queue_mode; echo 1 > $C/memory_backed; echo 64 > $C/size; echo 1 > $C/zoned; echo 4 > $C/zone_size
  $ echo 8 > $C/write_list_segments; echo 1 > $C/power
  $ cat /sys/block/wlzoned/queue/zoned
  host-managed
  $ echo "0 $(_sectors $SCRATCH1) linear $SCRATCH1 0" | dmsetup create wl-lin
  $ echo "0 131072 zero" | dmsetup create wl-zero
  $ mdadm --create /dev/md/wl-r1 --run --quiet --metadata=1.2 --level=1 --raid-devices=2 --assume-clean --bitmap=none $SCRATCH2 $SCRATCH3 2>&1 | grep -v started
  [1]
  $ echo md_wlnone > /sys/module/md_mod/parameters/new_array
  $ set -- virtio $SCRATCH0 loop $LOOP null_blk /dev/nullb0 null_blk-bio /dev/wlbio null_blk-zoned /dev/wlzoned dm-linear /dev/mapper/wl-lin dm-zero /dev/mapper/wl-zero raid1 /dev/md/wl-r1 md-none /dev/md_wlnone
  $ while [ $# -gt 0 ]; do echo "$1: $(wl $2)"; shift 2; done
  virtio: 0 0
  loop: 0 0
  null_blk: 0 0
  null_blk-bio: 0 0
  null_blk-zoned: 0 0
  dm-linear: 0 0
  dm-zero: 0 0
  raid1: 0 0
  md-none: 0 0

BLKWRITELIST fails with EOPNOTSUPP, also for a list the device would take as plain writes: one
segment, two segments given out of order, and 4 KiB at the device's first byte.

  $ set -- virtio $SCRATCH0 loop $LOOP null_blk /dev/nullb0 null_blk-bio /dev/wlbio null_blk-zoned /dev/wlzoned dm-linear /dev/mapper/wl-lin dm-zero /dev/mapper/wl-zero raid1 /dev/md/wl-r1 md-none /dev/md_wlnone
  $ while [ $# -gt 0 ]; do
  >   echo "$1: $($W list $2 0:4096:1) $($W list $2 1048576:8192:2 65536:4096:3) $($W list $2 4096:65536:4)"
  >   shift 2
  > done
  virtio: EOPNOTSUPP EOPNOTSUPP EOPNOTSUPP
  loop: EOPNOTSUPP EOPNOTSUPP EOPNOTSUPP
  null_blk: EOPNOTSUPP EOPNOTSUPP EOPNOTSUPP
  null_blk-bio: EOPNOTSUPP EOPNOTSUPP EOPNOTSUPP
  null_blk-zoned: EOPNOTSUPP EOPNOTSUPP EOPNOTSUPP
  dm-linear: EOPNOTSUPP EOPNOTSUPP EOPNOTSUPP
  dm-zero: EOPNOTSUPP EOPNOTSUPP EOPNOTSUPP
  raid1: EOPNOTSUPP EOPNOTSUPP EOPNOTSUPP
  md-none: EOPNOTSUPP EOPNOTSUPP EOPNOTSUPP

The checks that come before the limits still come first: a read-only descriptor (EBADF), a bad
argument pointer (EFAULT), non-zero flags or no segments (EINVAL).

  $ $W list $SCRATCH0 0:4096:1 rdonly
  EBADF
  [1]
  $ $W list $SCRATCH0 0:4096:1 badarg
  EFAULT
  [1]
  $ $W list $SCRATCH0 0:4096:1 flags=1
  EINVAL
  [1]
  $ $W list $SCRATCH0 nsegs=0
  EINVAL
  [1]

Nothing was written: the devices with storage still read all zeroes where the lists went.

  $ for d in $SCRATCH0 $LOOP /dev/wlbio /dev/mapper/wl-lin /dev/md/wl-r1; do head -c 2097152 $d | tr -d '\0' | wc -c; done
  0
  0
  0
  0
  0

Plain direct writes still work.

  $ for d in $SCRATCH0 $LOOP /dev/wlbio /dev/mapper/wl-lin /dev/md/wl-r1; do
  >   _pattern 7 65536 | dd of=$d bs=64k oflag=direct status=none && dd if=$d bs=64k count=1 iflag=direct status=none | cmp - <(_pattern 7 65536) && echo same
  > done
  same
  same
  same
  same
  same

  $ mdadm --stop /dev/md_wlnone >/dev/null 2>&1; for i in $(seq 50); do [ -e /sys/block/md_wlnone ] || break; sleep 0.1; done; ls /sys/block | grep -c '^md_wlnone$'
  0
  [1]
  $ mdadm --stop --quiet /dev/md/wl-r1
  $ mdadm --zero-superblock $SCRATCH2 $SCRATCH3
  $ dmsetup remove wl-lin
  $ dmsetup remove wl-zero
  $ for c in wlbio wlzoned; do echo 0 > /sys/kernel/config/nullb/$c/power; rmdir /sys/kernel/config/nullb/$c; done
  $ rmmod null_blk
  $ losetup -d $LOOP
  $ rm /tmp/loop.img
  $ dd if=/dev/zero of=$SCRATCH0 bs=64k count=1 oflag=direct status=none
  $ dd if=/dev/zero of=$SCRATCH1 bs=64k count=1 oflag=direct status=none
