Devices that cannot write atomically say so everywhere, as mainline does: all four
queue/atomic_write_* files 0, statx does not answer STATX_WRITE_ATOMIC (so no
STATX_ATTR_WRITE_ATOMIC), and RWF_ATOMIC is refused with EOPNOTSUPP before any I/O (the file is
opened without FMODE_CAN_ATOMIC_WRITE), whatever the write's shape: virtio-blk, loop, null_blk
without atomic_write, and dm-linear and md raid1 over virtio-blk.  Plain writes still work, and
a regular file refuses RWF_ATOMIC the same way.

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomics-lib.sh"
  $ _require_v3_atomics
  $ _require_scratch 4

One of each: a loop device on a tmpfs file, null_blk with its defaults, dm-linear over SCRATCH1,
md raid1 over SCRATCH2 and SCRATCH3.

  $ truncate -s 64M /tmp/loop.img
  $ LOOP=$(losetup -f --show /tmp/loop.img)
  $ modprobe null_blk nr_devices=1
  $ echo "0 $(_sectors $SCRATCH1) linear $SCRATCH1 0" | dmsetup create un-lin
  $ mdadm --create /dev/md/un-r1 --run --quiet --metadata=1.2 --level=1 --raid-devices=2 --assume-clean --bitmap=none $SCRATCH2 $SCRATCH3 2>&1 | grep -v started
  [1]
  $ set -- virtio $SCRATCH0 loop $LOOP null_blk /dev/nullb0 dm-linear /dev/mapper/un-lin raid1 /dev/md/un-r1

The four files, statx, and RWF_ATOMIC writes of 4 KiB and 64 KiB (both well-formed for a device
with units), one of 12 KiB (malformed), one without O_DIRECT, and an RWF_ATOMIC read.

  $ while [ $# -gt 0 ]; do echo "$1: $(_atomic_limits $2)"; shift 2; done
  virtio: unit_min=0 unit_max=0 max_bytes=0 boundary=0
  loop: unit_min=0 unit_max=0 max_bytes=0 boundary=0
  null_blk: unit_min=0 unit_max=0 max_bytes=0 boundary=0
  dm-linear: unit_min=0 unit_max=0 max_bytes=0 boundary=0
  raid1: unit_min=0 unit_max=0 max_bytes=0 boundary=0
  $ set -- virtio $SCRATCH0 loop $LOOP null_blk /dev/nullb0 dm-linear /dev/mapper/un-lin raid1 /dev/md/un-r1
  $ while [ $# -gt 0 ]; do echo "$1: $(_atomic_statx $2)"; shift 2; done
  virtio: STATX_WRITE_ATOMIC not reported
  loop: STATX_WRITE_ATOMIC not reported
  null_blk: STATX_WRITE_ATOMIC not reported
  dm-linear: STATX_WRITE_ATOMIC not reported
  raid1: STATX_WRITE_ATOMIC not reported
  $ set -- virtio $SCRATCH0 loop $LOOP null_blk /dev/nullb0 dm-linear /dev/mapper/un-lin raid1 /dev/md/un-r1
  $ while [ $# -gt 0 ]; do
  >   echo "$1: $(_atomic_write $2 0 4096 1) $(_atomic_write $2 65536 65536 1) $(_atomic_write $2 0 12288 1) $(_atomic_write -B $2 0 4096 1) $(_atomic_write -r $2 0 4096 1)"
  >   shift 2
  > done
  virtio: EOPNOTSUPP EOPNOTSUPP EOPNOTSUPP EOPNOTSUPP EOPNOTSUPP
  loop: EOPNOTSUPP EOPNOTSUPP EOPNOTSUPP EOPNOTSUPP EOPNOTSUPP
  null_blk: EOPNOTSUPP EOPNOTSUPP EOPNOTSUPP EOPNOTSUPP EOPNOTSUPP
  dm-linear: EOPNOTSUPP EOPNOTSUPP EOPNOTSUPP EOPNOTSUPP EOPNOTSUPP
  raid1: EOPNOTSUPP EOPNOTSUPP EOPNOTSUPP EOPNOTSUPP EOPNOTSUPP

Through io_uring (each write completes with the error) and libaio (io_submit() refuses the
first).

  $ dma-rwf uring $SCRATCH0 4 4096 2 >/tmp/u; echo "exit $?"; sed 's/; in flight.*//' /tmp/u
  exit 1
  first failure: EOPNOTSUPP
  io_uring: 4 atomic writes of 4096 bytes: 0 ok, 4 failed
  $ dma-rwf aio $SCRATCH0 4 4096 2; echo "exit $?"
  io_submit: EOPNOTSUPP
  exit 1

Nothing was written (null_blk without memory_backed reads zeroes anyway and is left out).

  $ for d in $SCRATCH0 $LOOP /dev/mapper/un-lin /dev/md/un-r1; do head -c 1048576 $d | tr -d '\0' | wc -c; done
  0
  0
  0
  0

Plain direct writes work on all of them.

  $ for d in $SCRATCH0 $LOOP /dev/nullb0 /dev/mapper/un-lin /dev/md/un-r1; do _atomic_write -p $d 0 65536 3; done
  ok
  ok
  ok
  ok
  ok
  $ for d in $SCRATCH0 $LOOP /dev/mapper/un-lin /dev/md/un-r1; do _atomic_check $d 0 65536 3; done
  match
  match
  match
  match

A regular file (tmpfs) refuses RWF_ATOMIC with EOPNOTSUPP too.

  $ head -c 65536 /dev/zero >/tmp/file
  $ _atomic_write -B /tmp/file 0 4096 4
  EOPNOTSUPP
  $ _atomic_write -B -p /tmp/file 0 4096 4
  ok

  $ mdadm --stop --quiet /dev/md/un-r1
  $ mdadm --zero-superblock $SCRATCH2 $SCRATCH3
  $ dmsetup remove un-lin
  $ losetup -d $LOOP
  $ rmmod null_blk
