md arrays over components that take atomic writes report the atomic limits mainline derives
for them and honour them: raid1 and md-linear the components' common limits; raid0 and raid10
those limits cut to the chunk (unit_max at most the largest power of two dividing it,
atomic_write_max_bytes at most a chunk), for chunks from 4 KiB to 1 MiB and, for raid0, two that
are not powers of two; a boundary that does not fit the chunk leaves none.  statx says the
same, and RWF_ATOMIC writes inside the limits land whole while those outside fail with EINVAL
and write nothing (_md_atomics_check in atomics-lib.sh: the checks of blktests' _md_atomics_test
for md/002 and md/003).  An md device without a personality and an inactive array report no
atomic writes at all (plan defect 5).

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomics-lib.sh"
  $ _require_v3_atomics
  $ _require_nullblk_atomic

Four null_blk components: units 4 KiB to 256 KiB, atomic_write_max_bytes 512 KiB,
max_hw_sectors 512 KiB, memory backed (raid1 and raid10 are created --assume-clean, so nothing
is resynced).

  $ modprobe null_blk nr_devices=4 bs=4096 gb=1 memory_backed=1 max_sectors=1024 atomic_write=1 atomic_write_unit_min=4096 atomic_write_unit_max=262144 atomic_write_max_bytes=524288
  $ L="/dev/nullb0 /dev/nullb1 /dev/nullb2 /dev/nullb3"
  $ for d in $L; do _atomic_limits $d; done | uniq -c | sed 's/^ *//'
  4 unit_min=4096 unit_max=262144 max_bytes=524288 boundary=0
  $ mk() {
  >   local opt=() out
  >   [ "$2" = 0 ] || opt+=(--chunk=$(($2 / 1024)))
  >   case $1 in raid1 | raid10) opt+=(--assume-clean --bitmap=none) ;; esac
  >   out=$(mdadm --create /dev/md/atomics --run --force --metadata=1.2 --level=$1 --raid-devices=4 "${opt[@]}" $L 2>&1) || echo "$out"
  > }
  $ rm_md() { mdadm --stop /dev/md/atomics >/dev/null 2>&1 || echo "mdadm --stop failed"; mdadm --zero-superblock $L; }
  $ step() {
  >   local label=$1
  >   [ "$2" = 0 ] || label="$1 $(($2 / 1024))K"
  >   mk $1 $2
  >   _md_atomics_check "$label" /dev/md/atomics $1 $2 $(_md_legs /dev/md/atomics)
  >   rm_md
  > }

raid1 and md-linear: the components' limits.

  $ step raid1 0
  raid1: unit_min=4096 unit_max=262144 max_bytes=524288 boundary=0
  raid1: 15 checks passed
  $ step linear 0
  linear: unit_min=4096 unit_max=262144 max_bytes=524288 boundary=0
  linear: 15 checks passed

raid0: unit_max is the chunk's largest power-of-two factor up to 256 KiB (24 KiB -> 8 KiB,
96 KiB -> 32 KiB), atomic_write_max_bytes the chunk up to 512 KiB.

  $ for c in 4 8 16 24 32 64 96 128 256 512 1024; do step raid0 $((c * 1024)); done
  raid0 4K: unit_min=4096 unit_max=4096 max_bytes=4096 boundary=0
  raid0 4K: 14 checks passed
  raid0 8K: unit_min=4096 unit_max=8192 max_bytes=8192 boundary=0
  raid0 8K: 15 checks passed
  raid0 16K: unit_min=4096 unit_max=16384 max_bytes=16384 boundary=0
  raid0 16K: 15 checks passed
  raid0 24K: unit_min=4096 unit_max=8192 max_bytes=24576 boundary=0
  raid0 24K: 15 checks passed
  raid0 32K: unit_min=4096 unit_max=32768 max_bytes=32768 boundary=0
  raid0 32K: 15 checks passed
  raid0 64K: unit_min=4096 unit_max=65536 max_bytes=65536 boundary=0
  raid0 64K: 15 checks passed
  raid0 96K: unit_min=4096 unit_max=32768 max_bytes=98304 boundary=0
  raid0 96K: 15 checks passed
  raid0 128K: unit_min=4096 unit_max=131072 max_bytes=131072 boundary=0
  raid0 128K: 15 checks passed
  raid0 256K: unit_min=4096 unit_max=262144 max_bytes=262144 boundary=0
  raid0 256K: 15 checks passed
  raid0 512K: unit_min=4096 unit_max=262144 max_bytes=524288 boundary=0
  raid0 512K: 15 checks passed
  raid0 1024K: unit_min=4096 unit_max=262144 max_bytes=524288 boundary=0
  raid0 1024K: 15 checks passed

raid10 (near 2 over 4 components; chunks are powers of two): the same as raid0.

  $ for c in 4 8 16 32 64 128 256 512 1024; do step raid10 $((c * 1024)); done
  raid10 4K: unit_min=4096 unit_max=4096 max_bytes=4096 boundary=0
  raid10 4K: 14 checks passed
  raid10 8K: unit_min=4096 unit_max=8192 max_bytes=8192 boundary=0
  raid10 8K: 15 checks passed
  raid10 16K: unit_min=4096 unit_max=16384 max_bytes=16384 boundary=0
  raid10 16K: 15 checks passed
  raid10 32K: unit_min=4096 unit_max=32768 max_bytes=32768 boundary=0
  raid10 32K: 15 checks passed
  raid10 64K: unit_min=4096 unit_max=65536 max_bytes=65536 boundary=0
  raid10 64K: 15 checks passed
  raid10 128K: unit_min=4096 unit_max=131072 max_bytes=131072 boundary=0
  raid10 128K: 15 checks passed
  raid10 256K: unit_min=4096 unit_max=262144 max_bytes=262144 boundary=0
  raid10 256K: 15 checks passed
  raid10 512K: unit_min=4096 unit_max=262144 max_bytes=524288 boundary=0
  raid10 512K: 15 checks passed
  raid10 1024K: unit_min=4096 unit_max=262144 max_bytes=524288 boundary=0
  raid10 1024K: 15 checks passed

Components that differ (configfs null_blk devices next to nullb0, 1 GiB each): an array takes
the largest unit_min and the smallest unit_max and atomic_write_max_bytes of its components; a
component without atomic writes, or whose unit range does not overlap the others', leaves the
array without them.

  $ mountpoint -q /sys/kernel/config || mount -t configfs configfs /sys/kernel/config
  $ cfg() { # NAME ATOMIC_WRITE UNIT_MIN UNIT_MAX MAX_BYTES
  >   local c=/sys/kernel/config/nullb/$1
  >   mkdir $c && echo 1024 >$c/size && echo 4096 >$c/blocksize && echo 1 >$c/memory_backed && echo 1024 >$c/max_sectors &&
  >   echo $2 >$c/atomic_write && echo $3 >$c/atomic_write_unit_min && echo $4 >$c/atomic_write_unit_max &&
  >   echo $5 >$c/atomic_write_max_bytes && echo 1 >$c/power
  > }
  $ cfg mixa 1 8192 65536 131072 && cfg mixn 0 0 0 0 && cfg mixb 1 524288 524288 524288
  $ for d in mixa mixn mixb; do echo "$d $(_atomic_limits /dev/$d)"; done
  mixa unit_min=8192 unit_max=65536 max_bytes=131072 boundary=0
  mixn unit_min=0 unit_max=0 max_bytes=0 boundary=0
  mixb unit_min=524288 unit_max=524288 max_bytes=524288 boundary=0
  $ pair() { # LEVEL OTHER
  >   local out
  >   out=$(mdadm --create /dev/md/atomics --run --force --metadata=1.2 --level=$1 --raid-devices=2 $([ $1 = raid1 ] && echo --assume-clean --bitmap=none) /dev/nullb0 /dev/$2 2>&1) || echo "$out"
  >   _md_atomics_check "$1 nullb0+$2" /dev/md/atomics $1 0 $(_md_legs /dev/md/atomics)
  >   mdadm --stop /dev/md/atomics >/dev/null 2>&1 || echo "mdadm --stop failed"; mdadm --zero-superblock /dev/nullb0 /dev/$2
  > }
  $ for o in mixa mixn mixb; do pair raid1 $o; done; pair linear mixa
  raid1 nullb0+mixa: unit_min=8192 unit_max=65536 max_bytes=131072 boundary=0
  raid1 nullb0+mixa: 15 checks passed
  raid1 nullb0+mixn: unit_min=0 unit_max=0 max_bytes=0 boundary=0
  raid1 nullb0+mixn: 8 checks passed
  raid1 nullb0+mixb: unit_min=0 unit_max=0 max_bytes=0 boundary=0
  raid1 nullb0+mixb: 8 checks passed
  linear nullb0+mixa: unit_min=8192 unit_max=65536 max_bytes=131072 boundary=0
  linear nullb0+mixa: 15 checks passed
  $ for d in mixa mixn mixb; do echo 0 >/sys/kernel/config/nullb/$d/power; rmdir /sys/kernel/config/nullb/$d; done

An md device without a personality (made through new_array, nothing assembled) has no atomic
writes: all four files 0, statx not answered, RWF_ATOMIC refused with EOPNOTSUPP.

  $ echo md_none >/sys/module/md_mod/parameters/new_array
  $ _md_atomics_check md_none /dev/md_none md-none 0
  md_none: unit_min=0 unit_max=0 max_bytes=0 boundary=0
  md_none: 8 checks passed
  $ mdadm --stop /dev/md_none >/dev/null 2>&1; for i in $(seq 50); do [ -e /sys/block/md_none ] || break; sleep 0.1; done; ls /sys/block | grep -c '^md_none$'
  0
  [1]

Neither has an inactive array: a raid1 handed one of its two components (mdadm --incremental,
as udev does) waits for the other, inactive.  (`mdadm --assemble` of one component without
--run stops the array again instead of leaving it inactive.)

  $ mdadm --create /dev/md/inact --run --quiet --metadata=1.2 --level=1 --raid-devices=2 --assume-clean --bitmap=none /dev/nullb0 /dev/nullb1 2>&1 | grep -v started
  [1]
  $ mdadm --stop /dev/md/inact >/dev/null 2>&1
  $ mdadm --incremental /dev/nullb0 >/dev/null 2>&1 || true
  $ md=$(awk '$3 == "inactive" { print $1 }' /proc/mdstat); cat /sys/block/$md/md/array_state
  inactive
  $ _md_atomics_check inactive /dev/$md md-none 0
  inactive: unit_min=0 unit_max=0 max_bytes=0 boundary=0
  inactive: 8 checks passed
  $ mdadm --stop /dev/$md >/dev/null 2>&1; mdadm --zero-superblock /dev/nullb0 /dev/nullb1
  $ rmmod null_blk

Components with a boundary (md/003's NVMe case, plan 6.2): units 4 KiB to 16 KiB,
atomic_write_max_bytes 64 KiB, boundary 64 KiB.  A chunk that divides the boundary or is a
multiple of it keeps it; 24 KiB does neither, and the array has no atomic writes.

  $ modprobe null_blk nr_devices=4 bs=4096 gb=1 memory_backed=1 max_sectors=1024 atomic_write=1 atomic_write_unit_max=16384 atomic_write_max_bytes=65536 atomic_write_boundary=65536
  $ for d in $L; do _atomic_limits $d; done | uniq -c | sed 's/^ *//'
  4 unit_min=4096 unit_max=16384 max_bytes=65536 boundary=65536
  $ step raid1 0
  raid1: unit_min=4096 unit_max=16384 max_bytes=65536 boundary=65536
  raid1: 15 checks passed
  $ step linear 0
  linear: unit_min=4096 unit_max=16384 max_bytes=65536 boundary=65536
  linear: 15 checks passed
  $ for c in 8 16 24 32; do step raid0 $((c * 1024)); done
  raid0 8K: unit_min=4096 unit_max=8192 max_bytes=8192 boundary=65536
  raid0 8K: 15 checks passed
  raid0 16K: unit_min=4096 unit_max=16384 max_bytes=16384 boundary=65536
  raid0 16K: 15 checks passed
  raid0 24K: unit_min=0 unit_max=0 max_bytes=0 boundary=0
  raid0 24K: 8 checks passed
  raid0 32K: unit_min=4096 unit_max=16384 max_bytes=32768 boundary=65536
  raid0 32K: 15 checks passed
  $ for c in 16 32 64 128; do step raid10 $((c * 1024)); done
  raid10 16K: unit_min=4096 unit_max=16384 max_bytes=16384 boundary=65536
  raid10 16K: 15 checks passed
  raid10 32K: unit_min=4096 unit_max=16384 max_bytes=32768 boundary=65536
  raid10 32K: 15 checks passed
  raid10 64K: unit_min=4096 unit_max=16384 max_bytes=65536 boundary=65536
  raid10 64K: 15 checks passed
  raid10 128K: unit_min=4096 unit_max=16384 max_bytes=65536 boundary=65536
  raid10 128K: 15 checks passed
  $ rmmod null_blk
