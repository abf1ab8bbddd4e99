The arithmetic of tests/vm/atomics-lib.sh on the host: the limits a stacked device must report
for given components, chunk size and personality, as mainline derives them (blktests'
_md_atomics_test rules plus mainline's overlap, start-alignment and dm-crypt rules), and which
RWF_ATOMIC writes must succeed.  The guest tests (md-atomics.t, dm-atomics.t) compare what the
kernel reports with these derivations, so a mistake here would make them pass or fail for the
wrong reason.  Expected values are worked out by hand from the kernel code (block/blk-settings.c
of the v3 series, mainline 6.18) and the plan's tables (block-core-patches/PLAN.md sections 4 and 6.2).

  $ . "$TESTDIR/../vm/atomics-lib.sh"

The largest power of two dividing a chunk (a 96 KiB chunk holds naturally aligned writes of at
most 32 KiB), rounding down to a power of two, and what one bio is sure to hold: 128 segments
of 4 KiB blocks are 512 KiB; with 512-byte blocks the first and last segment may hold one block
each; BIO_MAX_VECS (256) caps the count.

  $ for n in 4096 24576 98304 1048576 0; do echo "$n $(_max_pow_of_two_factor $n)"; done
  4096 4096
  24576 8192
  98304 32768
  1048576 1048576
  0 0
  $ for n in 130560 524288 98304 1 0; do echo "$n $(_rounddown_pow_of_two $n)"; done
  130560 65536
  524288 524288
  98304 65536
  1 1
  0 0
  $ _atomics_guaranteed_bio 128 4096; _atomics_guaranteed_bio 128 512; _atomics_guaranteed_bio 2 512; _atomics_guaranteed_bio 1 4096; _atomics_guaranteed_bio 1024 4096
  524288
  517120
  1024
  4096
  1048576

Combining components ("unit_min unit_max max boundary start"): the largest minimum, the
smallest maximums; a component without support, a different boundary, unit ranges that do not
overlap, or a start that is not a multiple of max(unit_min, boundary) leave nothing.

  $ L="4096 65536 65536 0 1048576"
  $ _atomics_raw "$L" "$L" "$L" "$L"
  4096 65536 65536 0
  $ _atomics_raw "4096 65536 131072 0 0" "8192 262144 262144 0 0" "4096 32768 524288 0 0"
  8192 32768 131072 0
  $ _atomics_raw "$L" "0 0 0 0 0"
  0 0 0 0
  $ _atomics_raw "4096 16384 65536 65536 0" "4096 16384 65536 131072 0"
  0 0 0 0
  $ _atomics_raw "4096 8192 8192 0 0" "16384 65536 65536 0 0"
  0 0 0 0
  $ _atomics_raw "8192 65536 65536 0 4096"
  0 0 0 0
  $ _atomics_raw "4096 16384 65536 65536 32768"
  0 0 0 0
  $ _atomics_raw "4096 16384 65536 65536 1048576"
  4096 16384 65536 65536

The plan's table (section 4): null_blk components with units 4096..65536, atomic_write_max_bytes
65536, no boundary.  Personalities without a chunk report the components' values; raid0 and
raid10 cap unit_max at the chunk's power-of-two factor and atomic_write_max_bytes at the chunk.

  $ R="4096 65536 65536 0"
  $ for l in raid1 linear dm-linear dm-mirror dm-mpath lvm-linear lvm-mirror dm-crypt; do echo "$l $(_atomics_expect $l 0 $R)"; done
  raid1 4096 65536 65536 0
  linear 4096 65536 65536 0
  dm-linear 4096 65536 65536 0
  dm-mirror 4096 65536 65536 0
  dm-mpath 4096 65536 65536 0
  lvm-linear 4096 65536 65536 0
  lvm-mirror 4096 65536 65536 0
  dm-crypt 4096 65536 65536 0
  $ for c in 32768 65536 98304 131072; do echo "raid0 $c: $(_atomics_expect raid0 $c $R)"; done
  raid0 32768: 4096 32768 32768 0
  raid0 65536: 4096 65536 65536 0
  raid0 98304: 4096 32768 65536 0
  raid0 131072: 4096 65536 65536 0
  $ for c in 65536 131072 262144 524288; do echo "raid10 $c: $(_atomics_expect raid10 $c $R) dm-stripe: $(_atomics_expect dm-stripe $c $R)"; done
  raid10 65536: 4096 65536 65536 0 dm-stripe: 4096 65536 65536 0
  raid10 131072: 4096 65536 65536 0 dm-stripe: 4096 65536 65536 0
  raid10 262144: 4096 65536 65536 0 dm-stripe: 4096 65536 65536 0
  raid10 524288: 4096 65536 65536 0 dm-stripe: 4096 65536 65536 0

The boundary table (section 6.2, md/003's NVMe case): units 4096..16384, max 65536, boundary
65536.  A chunk must divide the boundary or be a multiple of it (24 KiB does neither: nothing);
the boundary itself is kept.

  $ B="4096 16384 65536 65536"
  $ for c in 8192 16384 24576 32768; do echo "raid0 $c: $(_atomics_expect raid0 $c $B)"; done
  raid0 8192: 4096 8192 8192 65536
  raid0 16384: 4096 16384 16384 65536
  raid0 24576: 0 0 0 0
  raid0 32768: 4096 16384 32768 65536
  $ for c in 16384 32768 65536 131072 262144; do echo "raid10 $c: $(_atomics_expect raid10 $c $B)"; done
  raid10 16384: 4096 16384 16384 65536
  raid10 32768: 4096 16384 32768 65536
  raid10 65536: 4096 16384 65536 65536
  raid10 131072: 4096 16384 65536 65536
  raid10 262144: 4096 16384 65536 65536
  $ _atomics_expect raid1 0 $B
  4096 16384 65536 65536

The components of md-atomics.t and dm-atomics.t (units 4096..262144, max 524288), every chunk
they use.  A chunk smaller than unit_min lowers unit_min with unit_max (mainline's
blk_stack_atomic_writes_chunk_sectors(); a component then refuses such a write itself).

  $ M="4096 262144 524288 0"
  $ for c in 4096 8192 16384 24576 32768 65536 98304 131072 262144 524288 1048576; do echo "$c: $(_atomics_expect raid0 $c $M)"; done
  4096: 4096 4096 4096 0
  8192: 4096 8192 8192 0
  16384: 4096 16384 16384 0
  24576: 4096 8192 24576 0
  32768: 4096 32768 32768 0
  65536: 4096 65536 65536 0
  98304: 4096 32768 98304 0
  131072: 4096 131072 131072 0
  262144: 4096 262144 262144 0
  524288: 4096 262144 524288 0
  1048576: 4096 262144 524288 0
  $ _atomics_expect raid0 4096 8192 65536 65536 0
  4096 4096 4096 0

dm-crypt caps unit_max and atomic_write_max_bytes at BIO_MAX_VECS pages (1 MiB).

  $ _atomics_expect dm-crypt 0 4096 262144 2097152 0
  4096 262144 1048576 0
  $ _atomics_expect dm-crypt 0 4096 2097152 4194304 0
  4096 1048576 1048576 0

dm-raid (LVM raid1/raid10) and an md array without a personality never take atomic writes;
raid0 without a chunk size or an unknown level is a usage error.

  $ for l in dm-raid lvm-raid1 lvm-raid10 md-none; do echo "$l $(_atomics_expect $l 0 $M)"; done
  dm-raid 0 0 0 0
  lvm-raid1 0 0 0 0
  lvm-raid10 0 0 0 0
  md-none 0 0 0 0
  $ _atomics_expect raid0 0 $M
  _atomics_expect: raid0 needs a chunk size
  [2]
  $ _atomics_expect raid5 65536 $M
  _atomics_expect: unknown level raid5
  [2]

The top's own caps (max_hw_sectors in bytes, max_segments, logical block size): raid0 sets
max_hw_sectors to its chunk; null_blk's default max_hw_sectors (255 sectors, 248 with 4 KiB
blocks: 126976 bytes) rounds unit_max down to 64 KiB; 512-byte blocks make one bio hold 517120
bytes for sure.

  $ _atomics_expect raid0 98304 $M 98304 128 4096
  4096 32768 98304 0
  $ _atomics_expect raid1 0 $M 126976 128 4096
  4096 65536 126976 0
  $ _atomics_expect dm-linear 0 512 524288 524288 0 1048576 128 512
  512 262144 524288 0
  $ _atomics_expect raid1 0 $M 1048576 128 4096
  4096 262144 524288 0

Which RWF_ATOMIC writes succeed (units 4096..65536, 4 KiB blocks): a power of two within the
units at a multiple of its length; everything else EINVAL; EOPNOTSUPP where there are no units.

  $ for w in "0 4096" "0 65536" "65536 65536" "4096 8192" "0 12288" "0 131072" "0 69632" "0 2048" "512 4096"; do echo "$w: $(_atomics_write_expect 4096 65536 4096 $w)"; done
  0 4096: ok
  0 65536: ok
  65536 65536: ok
  4096 8192: EINVAL
  0 12288: EINVAL
  0 131072: EINVAL
  0 69632: EINVAL
  0 2048: EINVAL
  512 4096: EINVAL
  $ _atomics_write_expect 8192 65536 4096 0 4096; _atomics_write_expect 0 0 4096 0 4096
  EINVAL
  EOPNOTSUPP

_md_atomics_check against a made-up device, to show that it catches a kernel that reports or
accepts the wrong thing.  The queue files come from a directory per device name, and a
stand-in dma-rwf answers statx from them and writes by the rules above (its read-back always
matches).  A raid0 with a 96 KiB chunk over four of the components above passes all 15 checks;
one that reports unit_max 64 KiB (the chunk's largest power of two is 32 KiB) fails the sysfs
and statx checks, and the write of 64 KiB that it then takes fails too.

  $ cd "$CRAMTMP"
  $ mkq() { # NAME UNIT_MIN UNIT_MAX MAX_BYTES BOUNDARY MAX_HW_SECTORS_KB (4 KiB blocks, 128 segments)
  >   local d=q/$1; mkdir -p $d
  >   echo $2 >$d/atomic_write_unit_min_bytes; echo $3 >$d/atomic_write_unit_max_bytes
  >   echo $4 >$d/atomic_write_max_bytes; echo $5 >$d/atomic_write_boundary_bytes
  >   echo $6 >$d/max_hw_sectors_kb; echo 4096 >$d/logical_block_size; echo 128 >$d/max_segments
  > }
  $ _atomic_qdir() { echo "$PWD/q/${1##*/}"; }
  $ mkdir bin; PATH=$PWD/bin:$PATH
  $ cat >bin/dma-rwf <<'STUB'
  > #!/bin/bash
  > . "$LIB"
  > q=$PWD/q/${2##*/}; u=$(cat $q/atomic_write_unit_min_bytes); m=$(cat $q/atomic_write_unit_max_bytes)
  > case $1 in
  > statx) if [ $u = 0 ]; then echo "STATX_WRITE_ATOMIC not reported"; else echo "attr_known=1 atomic=1 unit_min=$u unit_max=$m segments_max=1"; fi ;;
  > write) r=$(_atomics_write_expect $u $m 4096 $3 $4); if [ $r = ok ]; then echo "ok $4"; else echo $r; fi ;;
  > check) echo match ;;
  > esac
  > STUB
  $ chmod +x bin/dma-rwf; export LIB="$TESTDIR/../vm/atomics-lib.sh"
  $ for l in l0 l1 l2 l3; do mkq $l 4096 262144 524288 0 512; done
  $ legs="/dev/l0@2048 /dev/l1@2048 /dev/l2@2048 /dev/l3@2048"
  $ mkq good 4096 32768 98304 0 96
  $ _md_atomics_check "raid0 96K" /dev/good raid0 98304 $legs
  raid0 96K: unit_min=4096 unit_max=32768 max_bytes=98304 boundary=0
  raid0 96K: 15 checks passed
  $ mkq bad 4096 65536 98304 0 96
  $ _md_atomics_check "raid0 96K" /dev/bad raid0 98304 $legs
  raid0 96K: unit_min=4096 unit_max=65536 max_bytes=98304 boundary=0
  raid0 96K: FAIL unit_max: got 65536, expected 32768
  raid0 96K: FAIL statx: got attr_known=1 atomic=1 unit_min=4096 unit_max=65536 segments_max=1, expected attr_known=1 atomic=1 unit_min=4096 unit_max=32768 segments_max=1
  raid0 96K: FAIL write 65536 at 0: got ok, expected EINVAL
  raid0 96K: 3 of 15 checks failed
  [1]

A component starting 2 KiB into its device (not on a 4 KiB unit) leaves the stack without
atomic writes, so a device that reports units over it fails; a device that reports none, as
expected, passes the 8 checks for that case (every write EOPNOTSUPP).

  $ _md_atomics_check "raid1" /dev/l0 raid1 0 /dev/l0@2048 /dev/l1@4
  raid1: unit_min=4096 unit_max=262144 max_bytes=524288 boundary=0
  raid1: FAIL unit_min: got 4096, expected 0
  raid1: FAIL unit_max: got 262144, expected 0
  raid1: FAIL max_bytes: got 524288, expected 0
  raid1: FAIL statx: got attr_known=1 atomic=1 unit_min=4096 unit_max=262144 segments_max=1, expected STATX_WRITE_ATOMIC not reported
  raid1: FAIL write 4096 at 0: got ok, expected EOPNOTSUPP
  raid1: FAIL write 65536 at 0: got ok, expected EOPNOTSUPP
  raid1: 6 of 8 checks failed
  [1]
  $ mkq none 0 0 0 0 512
  $ _md_atomics_check "raid1" /dev/none raid1 0 /dev/l0@2048 /dev/l1@4
  raid1: unit_min=0 unit_max=0 max_bytes=0 boundary=0
  raid1: 8 checks passed
