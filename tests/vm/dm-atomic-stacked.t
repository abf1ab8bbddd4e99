md and device-mapper stacks over four dm-atomic devices (the target makes writes atomic over
ordinary disks and advertises mainline's single atomic writes: units 512 B, the data disk's
logical block size, to 512 KiB, atomic_write_max_bytes 1 MiB, no boundary) report the atomic
limits mainline derives for them and honour them, as md-atomics.t and dm-atomics.t check it
over null_blk: raid1, md-linear, dm-linear (concatenated) and dm-mirror the legs' common
limits; raid0 (chunks 4K, 16K, 64K, 96K, 256K, 1M), raid10 (16K, 64K) and dm-stripe (64K)
those limits cut to the chunk.  statx says the same, RWF_ATOMIC writes inside the limits land
whole (through each leg's log) while those outside fail with EINVAL and write nothing
(_md_atomics_check in atomics-lib.sh: the checks of blktests' _md_atomics_test for md/002 and
md/003).  dm-mirror with regions smaller than the legs' unit_max is where the series departs
from mainline (patch 18).

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomics-lib.sh"
  $ _require_v3_atomics
  $ _require_scratch 4
  $ _require_dm_atomic

Four dm-atomic legs, one per scratch disk: 448 MiB of data and 64 MiB of metadata (dm-linear
slices of the disk), default max_bytes (1 MiB) and max_segments.

  $ D=$(((448 << 20) / 512)); M=$(((64 << 20) / 512))
  $ for i in 0 1 2 3; do
  >   s=$(eval echo \$SCRATCH$i)
  >   dmsetup create dsd$i --table "0 $D linear $s 0" && dmsetup create dsm$i --table "0 $M linear $s $D" &&
  >   dmsetup create dsa$i --table "0 $D atomic /dev/mapper/dsd$i /dev/mapper/dsm$i" || echo "leg $i failed"
  > done
  $ L="/dev/mapper/dsa0 /dev/mapper/dsa1 /dev/mapper/dsa2 /dev/mapper/dsa3"
  $ for d in $L; do _atomic_limits $d; done | uniq -c | sed 's/^ *//'
  4 unit_min=512 unit_max=524288 max_bytes=1048576 boundary=0
  $ _atomic_statx /dev/mapper/dsa0
  attr_known=1 atomic=1 unit_min=512 unit_max=524288 segments_max=1

md arrays (raid1 and raid10 --assume-clean --bitmap=none and 64 MiB per leg, so nothing is
resynced).

  $ mk() {
  >   local opt=() out
  >   [ "$2" = 0 ] || opt+=(--chunk=$(($2 / 1024)))
  >   case $1 in raid1 | raid10) opt+=(--assume-clean --bitmap=none --size=65536) ;; esac
  >   out=$(mdadm --create /dev/md/stacked --run --force --metadata=1.2 --level=$1 --raid-devices=4 "${opt[@]}" $L 2>&1) || echo "$out"
  > }
  $ rm_md() { mdadm --stop /dev/md/stacked >/dev/null 2>&1 || echo "mdadm --stop failed"; mdadm --zero-superblock $L; }
  $ step() {
  >   local label=$1
  >   [ "$2" = 0 ] || label="$1 $(($2 / 1024))K"
  >   mk $1 $2
  >   _md_atomics_check "$label" /dev/md/stacked $1 $2 $(_md_legs /dev/md/stacked)
  >   rm_md
  > }

raid1 and md-linear: the legs' limits.

  $ step raid1 0
  raid1: unit_min=512 unit_max=524288 max_bytes=1048576 boundary=0
  raid1: 15 checks passed
  $ step linear 0
  linear: unit_min=512 unit_max=524288 max_bytes=1048576 boundary=0
  linear: 15 checks passed

raid0 and raid10: cut to the chunk (unit_max its largest power-of-two factor, 96 KiB -> 32 KiB,
max_bytes the chunk; a 1 MiB chunk leaves the legs' limits).

  $ for c in 4 16 64 96 256 1024; do step raid0 $((c * 1024)); done
  raid0 4K: unit_min=512 unit_max=4096 max_bytes=4096 boundary=0
  raid0 4K: 15 checks passed
  raid0 16K: unit_min=512 unit_max=16384 max_bytes=16384 boundary=0
  raid0 16K: 15 checks passed
  raid0 64K: unit_min=512 unit_max=65536 max_bytes=65536 boundary=0
  raid0 64K: 15 checks passed
  raid0 96K: unit_min=512 unit_max=32768 max_bytes=98304 boundary=0
  raid0 96K: 15 checks passed
  raid0 256K: unit_min=512 unit_max=262144 max_bytes=262144 boundary=0
  raid0 256K: 15 checks passed
  raid0 1024K: unit_min=512 unit_max=524288 max_bytes=1048576 boundary=0
  raid0 1024K: 15 checks passed
  $ for c in 16 64; do step raid10 $((c * 1024)); done
  raid10 16K: unit_min=512 unit_max=16384 max_bytes=16384 boundary=0
  raid10 16K: 15 checks passed
  raid10 64K: unit_min=512 unit_max=65536 max_bytes=65536 boundary=0
  raid10 64K: 15 checks passed

device-mapper over the four legs.

  $ dmcheck() { _md_atomics_check "$1" /dev/mapper/stacked "$2" "$3" $(_dm_legs stacked); }

dm-linear: the four legs end to end (each target begins on a multiple of 448 MiB, so the cap
of patch 18 does not bite).

  $ for i in 0 1 2 3; do echo "$((i * D)) $D linear /dev/mapper/dsa$i 0"; done | dmsetup create stacked
  $ dmcheck dm-linear dm-linear 0
  dm-linear: unit_min=512 unit_max=524288 max_bytes=1048576 boundary=0
  dm-linear: 15 checks passed
  $ dmsetup remove stacked

dm-stripe, 64 KiB chunks (the table's length a whole number of stripes).

  $ dmsetup create stacked --table "0 $((4 * (D / 128 * 128))) striped 4 128 /dev/mapper/dsa0 0 /dev/mapper/dsa1 0 /dev/mapper/dsa2 0 /dev/mapper/dsa3 0"
  $ dmcheck "dm-stripe 64K" dm-stripe 65536
  dm-stripe 64K: unit_min=512 unit_max=65536 max_bytes=65536 boundary=0
  dm-stripe 64K: 15 checks passed
  $ dmsetup remove stacked

dm-mirror (core log, regions of 1 MiB, not smaller than atomic_write_max_bytes), 64 MiB: the
legs' limits, and a unit_max write reaches all four legs whole.

  $ dmsetup create stacked --table "0 131072 mirror core 2 2048 nosync 4 /dev/mapper/dsa0 0 /dev/mapper/dsa1 0 /dev/mapper/dsa2 0 /dev/mapper/dsa3 0"
  $ dmcheck dm-mirror dm-mirror 0
  dm-mirror: unit_min=512 unit_max=524288 max_bytes=1048576 boundary=0
  dm-mirror: 15 checks passed
  $ _atomic_write /dev/mapper/stacked 1048576 524288 43
  ok
  $ for d in $L; do echo "$d $(_atomic_check $d 1048576 524288 43)"; done
  /dev/mapper/dsa0 match
  /dev/mapper/dsa1 match
  /dev/mapper/dsa2 match
  /dev/mapper/dsa3 match
  $ dmsetup remove stacked

With regions of 512 KiB (as dm-atomics.t has them), smaller than the legs' atomic_write_max_bytes
but not than their unit_max: mainline's limits (patch 17 is mainline's; no chunk for dm-mirror).

  $ dmsetup create stacked --table "0 131072 mirror core 2 1024 nosync 4 /dev/mapper/dsa0 0 /dev/mapper/dsa1 0 /dev/mapper/dsa2 0 /dev/mapper/dsa3 0"
  $ _atomic_limits /dev/mapper/stacked; cat "$(_atomic_qdir /dev/mapper/stacked)/chunk_sectors"
  unit_min=512 unit_max=524288 max_bytes=1048576 boundary=0
  0
  $ _atomic_write /dev/mapper/stacked 524288 524288 44; _atomic_check /dev/mapper/dsa3 524288 524288 44
  ok
  match
  $ dmsetup remove stacked

With regions of 256 KiB, smaller than the legs' unit_max, the series departs from mainline:
DM core cuts a mirror's I/O at every region boundary and fails an atomic write it would cut
with EIO, so patch 18 caps unit_max at the region (mainline advertises the legs' 512 KiB, and
every 512 KiB write, crossing a region boundary, fails with EIO).  Here the 512 KiB write is
refused up front with EINVAL and writes nothing; a 256 KiB write lands whole on every leg.

  $ dmsetup create stacked --table "0 131072 mirror core 2 512 nosync 4 /dev/mapper/dsa0 0 /dev/mapper/dsa1 0 /dev/mapper/dsa2 0 /dev/mapper/dsa3 0"
  $ _atomic_limits /dev/mapper/stacked
  unit_min=512 unit_max=262144 max_bytes=1048576 boundary=0
  $ _atomic_write /dev/mapper/stacked 524288 524288 45; _atomic_check /dev/mapper/dsa0 524288 524288 44
  EINVAL
  match
  $ _atomic_write /dev/mapper/stacked 786432 262144 46
  ok
  $ for d in $L; do echo "$d $(_atomic_check $d 786432 262144 46)"; done
  /dev/mapper/dsa0 match
  /dev/mapper/dsa1 match
  /dev/mapper/dsa2 match
  /dev/mapper/dsa3 match
  $ dmsetup remove stacked

  $ for i in 0 1 2 3; do dmsetup remove dsa$i dsd$i dsm$i; done
  $ dmsetup ls
  No devices found
