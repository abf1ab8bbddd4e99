device-mapper targets over components that take atomic writes report and honour mainline's
atomic limits: dm-linear and dm-mirror the components' common limits, dm-stripe those limits cut
to the stripe chunk (as raid0, chunks 4 KiB to 1 MiB and one that is not a power of two); the
same through LVM (linear, striped, mirror).  A write inside the limits lands whole and reads
back, on every mirror leg; one outside fails with EINVAL and writes nothing
(_md_atomics_check in atomics-lib.sh).  No advertised write can cross from one dm-linear
target to the next: the units are capped at the largest power of two dividing each target's
begin (patch 18; mainline advertises the components' units and fails such a write with EIO,
since DM never splits an atomic write).  LVM's raid1
(dm-raid) has no atomic writes in mainline up to 6.19: it reports 0 and refuses RWF_ATOMIC.
dm-crypt is in dm-crypt-atomics.t.

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomics-lib.sh"
  $ _require_v3_atomics
  $ _require_nullblk_atomic

Four null_blk components, as in md-atomics.t: units 4 KiB to 256 KiB, atomic_write_max_bytes
512 KiB, max_hw_sectors 512 KiB, memory backed.

  $ modprobe null_blk nr_devices=4 bs=4096 gb=1 memory_backed=1 max_sectors=1024 atomic_write=1 atomic_write_unit_min=4096 atomic_write_unit_max=262144 atomic_write_max_bytes=524288
  $ L="/dev/nullb0 /dev/nullb1 /dev/nullb2 /dev/nullb3"; S=$(_sectors /dev/nullb0)
  $ for d in $L; do _atomic_limits $d; done | uniq -c | sed 's/^ *//'
  4 unit_min=4096 unit_max=262144 max_bytes=524288 boundary=0
  $ dmcheck() { _md_atomics_check "$1" /dev/mapper/atomics "$2" "$3" $(_dm_legs atomics); }

dm-linear: the four components end to end.

  $ for i in 0 1 2 3; do echo "$((i * S)) $S linear /dev/nullb$i 0"; done | dmsetup create atomics
  $ dmcheck dm-linear dm-linear 0
  dm-linear: unit_min=4096 unit_max=262144 max_bytes=524288 boundary=0
  dm-linear: 15 checks passed
  $ dmsetup remove atomics

Two dm-linear targets meeting 32 KiB short of 1 GiB: the second begins on a multiple of
32 KiB only, so the device's unit_max is 32 KiB (max_bytes stays mainline's) and a 64 KiB write
across the seam is refused (EINVAL) before any clone is made; neither component got any of it.
32 KiB up to the seam is fine.

  $ printf '0 %s linear /dev/nullb0 0\n%s %s linear /dev/nullb1 0\n' $((S - 64)) $((S - 64)) $S | dmsetup create atomics
  $ _atomic_limits /dev/mapper/atomics
  unit_min=4096 unit_max=32768 max_bytes=524288 boundary=0
  $ seam=$(((S - 64) * 512))
  $ _atomic_write /dev/mapper/atomics $((seam - 32768)) 65536 41
  EINVAL
  $ dd if=/dev/nullb0 bs=4096 skip=$(((seam - 32768) / 4096)) count=8 iflag=direct status=none | tr -d '\0' | wc -c
  0
  $ dd if=/dev/nullb1 bs=4096 count=8 iflag=direct status=none | tr -d '\0' | wc -c
  0
  $ _atomic_write /dev/mapper/atomics $((seam - 32768)) 32768 42; _atomic_check /dev/nullb0 $((seam - 32768)) 32768 42
  ok
  match
  $ dmsetup remove atomics

dm-stripe over the four, chunk sizes as for raid0 (the table's length a whole number of
stripes).  The device's max_hw_sectors stays 512 KiB (dm-stripe does not lower it to the chunk
as raid0 does), which changes nothing here.

  $ stripe() {
  >   local c=$(($1 * 2)) per
  >   per=$((S / c * c))
  >   dmsetup create atomics --table "0 $((4 * per)) striped 4 $c /dev/nullb0 0 /dev/nullb1 0 /dev/nullb2 0 /dev/nullb3 0"
  >   dmcheck "dm-stripe $1K" dm-stripe $(($1 * 1024))
  >   dmsetup remove atomics
  > }
  $ for c in 4 8 16 32 64 96 128 256 512 1024; do stripe $c; done
  dm-stripe 4K: unit_min=4096 unit_max=4096 max_bytes=4096 boundary=0
  dm-stripe 4K: 14 checks passed
  dm-stripe 8K: unit_min=4096 unit_max=8192 max_bytes=8192 boundary=0
  dm-stripe 8K: 15 checks passed
  dm-stripe 16K: unit_min=4096 unit_max=16384 max_bytes=16384 boundary=0
  dm-stripe 16K: 15 checks passed
  dm-stripe 32K: unit_min=4096 unit_max=32768 max_bytes=32768 boundary=0
  dm-stripe 32K: 15 checks passed
  dm-stripe 64K: unit_min=4096 unit_max=65536 max_bytes=65536 boundary=0
  dm-stripe 64K: 15 checks passed
  dm-stripe 96K: unit_min=4096 unit_max=32768 max_bytes=98304 boundary=0
  dm-stripe 96K: 15 checks passed
  dm-stripe 128K: unit_min=4096 unit_max=131072 max_bytes=131072 boundary=0
  dm-stripe 128K: 15 checks passed
  dm-stripe 256K: unit_min=4096 unit_max=262144 max_bytes=262144 boundary=0
  dm-stripe 256K: 15 checks passed
  dm-stripe 512K: unit_min=4096 unit_max=262144 max_bytes=524288 boundary=0
  dm-stripe 512K: 15 checks passed
  dm-stripe 1024K: unit_min=4096 unit_max=262144 max_bytes=524288 boundary=0
  dm-stripe 1024K: 15 checks passed

dm-mirror (dm-raid1.c, core log, regions of 512 KiB, not smaller than unit_max: the target
splits I/O at region boundaries and DM fails an atomic write that would need it): the
components' limits, and a unit_max write reaches all four legs whole.

  $ dmsetup create atomics --table "0 $S mirror core 2 1024 nosync 4 /dev/nullb0 0 /dev/nullb1 0 /dev/nullb2 0 /dev/nullb3 0"
  $ dmcheck dm-mirror dm-mirror 0
  dm-mirror: unit_min=4096 unit_max=262144 max_bytes=524288 boundary=0
  dm-mirror: 15 checks passed
  $ _atomic_write /dev/mapper/atomics 1048576 262144 43
  ok
  $ for d in $L; do echo "$d $(_atomic_check $d 1048576 262144 43)"; done
  /dev/nullb0 match
  /dev/nullb1 match
  /dev/nullb2 match
  /dev/nullb3 match
  $ dmsetup remove atomics

LVM, without udev, with its own configuration (null_blk is not among LVM's known device types,
hence "types").

  $ export LVM_SYSTEM_DIR=/tmp/lvm-atomics; mkdir -p $LVM_SYSTEM_DIR
  $ printf '%s\n' 'devices { obtain_device_list_from_udev = 0 external_device_info_source = "none" use_devicesfile = 0 types = [ "nullb", 1 ] }' 'activation { udev_sync = 0 udev_rules = 0 monitoring = 0 }' >$LVM_SYSTEM_DIR/lvm.conf
  $ pvcreate -q -y $L >/dev/null && vgcreate -q atomics_vg $L >/dev/null && echo ok
  ok
  $ lvcheck() { _md_atomics_check "$1" /dev/atomics_vg/$2 "$3" "$4" $(_dm_legs atomics_vg-$2); }

A linear LV (dm-linear at the physical volume's data start, 1 MiB in).

  $ lvcreate -q -y -L 64M -n lin atomics_vg /dev/nullb0 >/dev/null
  $ lvcheck "lvm linear" lin lvm-linear 0
  lvm linear: unit_min=4096 unit_max=262144 max_bytes=524288 boundary=0
  lvm linear: 15 checks passed
  $ lvremove -q -y atomics_vg/lin >/dev/null

Striped LVs over the four (dm-stripe), three stripe sizes.

  $ for c in 16 256 1024; do
  >   lvcreate -q -y -i 4 -I ${c}k -L 64M -n str atomics_vg >/dev/null
  >   lvcheck "lvm striped ${c}K" str lvm-striped $((c * 1024))
  >   lvremove -q -y atomics_vg/str >/dev/null
  > done
  lvm striped 16K: unit_min=4096 unit_max=16384 max_bytes=16384 boundary=0
  lvm striped 16K: 15 checks passed
  lvm striped 256K: unit_min=4096 unit_max=262144 max_bytes=262144 boundary=0
  lvm striped 256K: 15 checks passed
  lvm striped 1024K: unit_min=4096 unit_max=262144 max_bytes=524288 boundary=0
  lvm striped 1024K: 15 checks passed

A mirror LV (--type mirror: dm-mirror over four dm-linear images, core log, regions of 512 KiB).

  $ lvcreate -q -y --type mirror -m 3 --mirrorlog core --regionsize 512k --nosync -L 64M -n mir atomics_vg >/dev/null 2>&1 || echo "lvcreate failed"
  $ lvcheck "lvm mirror" mir lvm-mirror 0
  lvm mirror: unit_min=4096 unit_max=262144 max_bytes=524288 boundary=0
  lvm mirror: 15 checks passed
  $ lvremove -q -y atomics_vg/mir >/dev/null

A raid1 LV (--type raid1 is md's raid1 inside dm-raid, which does not declare
DM_TARGET_ATOMIC_WRITES in mainline up to 6.19): no atomic writes, though its legs have them.

  $ lvcreate -q -y --type raid1 -m 1 --nosync -L 64M -n r1 atomics_vg >/dev/null 2>&1 || echo "lvcreate failed"
  $ dmsetup table atomics_vg-r1 | cut -d' ' -f3,4
  raid raid1
  $ lvcheck "lvm raid1" r1 lvm-raid1 0
  lvm raid1: unit_min=0 unit_max=0 max_bytes=0 boundary=0
  lvm raid1: 8 checks passed
  $ lvremove -q -y atomics_vg/r1 >/dev/null

  $ vgremove -q -y atomics_vg >/dev/null && pvremove -q -y $L >/dev/null && echo removed
  removed
  $ dmsetup ls
  No devices found
  $ rmmod null_blk
