No regressions for ordinary I/O: fio writes and verifies (crc32c, direct and buffered) through
dm-linear, dm-snapshot (origin and snapshot), dm-thin, dm-mirror, md raid0 and md raid1 while
the raid1 resyncs.  The mirrors end up identical leg for leg.  None of these devices takes
atomic lists.  The same file runs on the unpatched kernel for comparison (make test
KERNEL=unpatched T=tests/vm/regress-fio-stacking.t).

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 4
  $ command -v fio >/dev/null || _skip "fio is not installed in the guest"
  $ vfio() {
  >   local dev=$1 what=$2 direct=${3:-1}
  >   if fio --name=verify --filename="$dev" --size=16M --direct=$direct --ioengine=libaio --iodepth=16 \
  >       --rw=randwrite --bsrange=4k-64k --verify=crc32c --verify_fatal=1 --do_verify=1 \
  >       --randrepeat=0 --minimal >/tmp/fio.out 2>&1; then echo "$what: verified"
  >   else tail -n 5 /tmp/fio.out; echo "$what: FAILED"; fi
  > }
  $ . "$TESTDIR/atomic-lib.sh"
  $ limits() {  # write-list segments and bytes; an unpatched kernel (make test KERNEL=unpatched) has no attribute: 0 0
  >   [ -n "$(_list_attr "$1")" ] || grep -q '^source: unpatched' /payload/kernel-info || echo "no write-list attribute on $1"
  >   _list_limits "$1"
  > }
  $ S=$(( $(_sectors $SCRATCH0) / 2 ))

dm-linear, direct and buffered.

  $ echo "0 $S linear $SCRATCH0 $S" | dmsetup create rg-lin
  $ vfio /dev/mapper/rg-lin dm-linear
  dm-linear: verified
  $ vfio /dev/mapper/rg-lin "dm-linear buffered" 0
  dm-linear buffered: verified
  $ dmsetup remove rg-lin

dm-snapshot: writes to the origin copy out to the COW device, writes to the snapshot land in
it; both verify, and the snapshot keeps the origin's old data.

  $ echo "0 $S linear $SCRATCH0 0" | dmsetup create rg-base
  $ _pattern 1 1048576 > /tmp/p1 && dd if=/tmp/p1 of=/dev/mapper/rg-base bs=1M oflag=direct status=none
  $ echo "0 $S snapshot-origin /dev/mapper/rg-base" | dmsetup create rg-origin
  $ echo "0 $S snapshot /dev/mapper/rg-base $SCRATCH1 P 16" | dmsetup create rg-snap

The origin learns the snapshots' chunk size (where to split writes) when it resumes, so it is
resumed after the snapshot exists, as LVM does.

  $ dmsetup suspend rg-origin && dmsetup resume rg-origin
  $ vfio /dev/mapper/rg-origin dm-snapshot-origin
  dm-snapshot-origin: verified
  $ dd if=/dev/mapper/rg-snap bs=1M count=1 iflag=direct status=none | cmp - /tmp/p1 && echo snapshot kept the old data
  snapshot kept the old data
  $ vfio /dev/mapper/rg-snap dm-snapshot
  dm-snapshot: verified
  $ limits /dev/mapper/rg-snap
  0 0
  $ dmsetup remove rg-snap
  $ dmsetup remove rg-origin
  $ dmsetup remove rg-base

dm-thin: a pool on SCRATCH1 (metadata, zeroed again after its use as COW device) and SCRATCH2
(data), one thin volume.

  $ dd if=/dev/zero of=$SCRATCH1 bs=1M count=4 oflag=direct status=none
  $ echo "0 $(_sectors $SCRATCH2) thin-pool $SCRATCH1 $SCRATCH2 128 0" | dmsetup create rg-pool
  $ dmsetup message rg-pool 0 "create_thin 0"
  $ echo "0 $S thin /dev/mapper/rg-pool 0" | dmsetup create rg-thin
  $ vfio /dev/mapper/rg-thin dm-thin
  dm-thin: verified
  $ limits /dev/mapper/rg-thin
  0 0
  $ dmsetup remove rg-thin
  $ dmsetup remove rg-pool

dm-mirror over two legs, written while it resyncs; once in sync the legs are identical.

  $ echo "0 65536 mirror core 1 1024 2 $SCRATCH2 0 $SCRATCH3 0" | dmsetup create rg-mirror
  $ vfio /dev/mapper/rg-mirror dm-mirror
  dm-mirror: verified
  $ for i in $(seq 120); do dmsetup status rg-mirror | grep -q ' 64/64 ' && break; sleep 1; done; dmsetup status rg-mirror | awk '{print $7}'
  64/64
  $ cmp <(head -c 33554432 $SCRATCH2) <(head -c 33554432 $SCRATCH3) && echo legs identical
  legs identical
  $ dmsetup remove rg-mirror

md raid0 over two disks.

  $ mdadm --create /dev/md/rg-r0 --run --quiet --level=0 --raid-devices=2 --chunk=64 $SCRATCH2 $SCRATCH3 2>&1 | grep -v started
  [1]
  $ vfio /dev/md/rg-r0 "md raid0"
  md raid0: verified
  $ mdadm --stop --quiet /dev/md/rg-r0
  $ mdadm --zero-superblock $SCRATCH2 $SCRATCH3

md raid1 created without --assume-clean, so it resyncs (slowed down so that it cannot finish
first) while fio writes and verifies; then a check finds no mismatch between the legs.

  $ old_max=$(cat /proc/sys/dev/raid/speed_limit_max); echo 10000 > /proc/sys/dev/raid/speed_limit_max
  $ mdadm --create /dev/md/rg-r1 --run --quiet --level=1 --raid-devices=2 --metadata=1.2 --bitmap=internal $SCRATCH2 $SCRATCH3 2>&1 | grep -v started
  [1]
  $ grep -A2 '^md.* : active raid1' /proc/mdstat | grep -qE 'resync|recovery|PENDING' && echo resyncing
  resyncing
  $ vfio /dev/md/rg-r1 "md raid1 during resync"
  md raid1 during resync: verified
  $ vfio /dev/md/rg-r1 "md raid1 buffered" 0
  md raid1 buffered: verified
  $ echo $old_max > /proc/sys/dev/raid/speed_limit_max
  $ mdadm --wait /dev/md/rg-r1; md=$(basename $(readlink -f /dev/md/rg-r1)); echo check > /sys/block/$md/md/sync_action; sleep 1; mdadm --wait /dev/md/rg-r1; cat /sys/block/$md/md/mismatch_cnt
  0
  $ limits /dev/md/rg-r1
  0 0
  $ mdadm --stop --quiet /dev/md/rg-r1
  $ mdadm --zero-superblock $SCRATCH2 $SCRATCH3
