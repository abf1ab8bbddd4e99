Stacking both ways.  dm-atomic provides atomicity itself, so it advertises its own limits
over devices that have none (an md raid1 array here); above it, dm-linear and md raid1 pass
its limits through, and a raid1 with one leg without atomic support drops to 0 and refuses
atomic writes instead of executing them non-atomically.

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 4
  $ _require_dm_atomic
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_lists
  $ lim() { _list_limits $1; }
  $ _pattern 1 131072 > /tmp/A; _pattern 2 131072 > /tmp/B; _pattern 3 131072 > /tmp/C

dm-atomic over md raid1: the array has no atomic support, the target has.

  $ mdadm --create /dev/md0 --level=1 --raid-devices=2 --metadata=1.2 --run --assume-clean $SCRATCH0 $SCRATCH1 >/dev/null 2>&1; echo "mdadm: $?"
  mdadm: 0
  $ lim /dev/md0
  0 0
  $ dmsetup create dma --table "0 $(_sectors /dev/md0) atomic /dev/md0 $SCRATCH2"
  $ lim /dev/mapper/dma
  128 1048576
  $ _dma_write /tmp/A /dev/mapper/dma 1048576 && dmsetup message dma 0 checkpoint >/dev/null
  $ dd if=/dev/md0 bs=128k skip=8 count=1 iflag=direct status=none | cmp - /tmp/A && echo "on the array"
  on the array

dm-linear over dm-atomic passes lists through; an atomic write to the slice is one list of
the target underneath.

  $ dmsetup create dma-lin --table "0 204800 linear /dev/mapper/dma 2048"
  $ lim /dev/mapper/dma-lin
  128 1048576
  $ l0=$(_dma_stat dma lists_committed)
  $ _dma_write /tmp/B /dev/mapper/dma-lin 0 && echo "written through dm-linear"
  written through dm-linear
  $ echo "lists committed below: $(( $(_dma_stat dma lists_committed) - l0 ))"
  lists committed below: 1
  $ dd if=/dev/mapper/dma bs=512 skip=2048 count=256 iflag=direct status=none | cmp - /tmp/B && echo "at the right offset"
  at the right offset
  $ dmsetup remove dma-lin dma
  $ mdadm --stop /dev/md0 >/dev/null 2>&1

md raid1 over two dm-atomic devices takes the minimum of their limits and hands the list to
both legs.

  $ dmsetup create dma-m1 --table "0 131072 linear $SCRATCH3 0"
  $ dmsetup create dma-m2 --table "0 131072 linear $SCRATCH3 131072"
  $ dmsetup create dma1 --table "0 524288 atomic $SCRATCH0 /dev/mapper/dma-m1 2 max_segments 32"
  $ dmsetup create dma2 --table "0 524288 atomic $SCRATCH1 /dev/mapper/dma-m2 2 max_bytes 524288"
  $ mdadm --create /dev/md1 --level=1 --raid-devices=2 --metadata=1.2 --run --assume-clean /dev/mapper/dma1 /dev/mapper/dma2 >/dev/null 2>&1; echo "mdadm: $?"
  mdadm: 0
  $ lim /dev/md1
  32 524288
  $ a1=$(_dma_stat dma1 lists_committed); a2=$(_dma_stat dma2 lists_committed)
  $ _dma_write /tmp/C /dev/md1 0 && echo "written to the mirror"
  written to the mirror
  $ echo "lists: leg 1 +$(( $(_dma_stat dma1 lists_committed) - a1 )), leg 2 +$(( $(_dma_stat dma2 lists_committed) - a2 ))"
  lists: leg 1 +1, leg 2 +1
  $ mdadm --stop /dev/md1 >/dev/null 2>&1

A mirror with one leg without atomic support advertises 0 and refuses write lists and
single atomic writes.

  $ dmsetup create dma-plain --table "0 524288 linear $SCRATCH2 0"
  $ mdadm --create /dev/md2 --level=1 --raid-devices=2 --metadata=1.2 --run --assume-clean /dev/mapper/dma1 /dev/mapper/dma-plain >/dev/null 2>&1; echo "mdadm: $?"
  mdadm: 0
  $ lim /dev/md2
  0 0
  $ python3 - <<'PY'
  > import mmap, os, sys
  > sys.path.insert(0, os.environ["TESTDIR"]); import kblk
  > fd = os.open("/dev/md2", os.O_WRONLY | os.O_DIRECT)
  > b = mmap.mmap(-1, 4096)
  > for what, f in (("list", lambda: kblk.write_list(fd, [(0, b)])),
  >                 ("RWF_ATOMIC", lambda: os.pwritev(fd, [b], 0, kblk.RWF_ATOMIC))):
  >     try:
  >         f(); print(what, "WRITTEN")
  >     except OSError as e:
  >         print(what, os.strerror(e.errno))
  > PY
  list Operation not supported
  RWF_ATOMIC Operation not supported
  $ mdadm --stop /dev/md2 >/dev/null 2>&1
  $ dmsetup remove dma-plain dma1 dma2 dma-m1 dma-m2
