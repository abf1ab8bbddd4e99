Write lists through DM and md (patches 29-32): dm-linear and md raid1 over null_blk devices
that take lists (bio mode, 16 segments, 1 MiB) report the same list limits and pass a list
whole, moved by their offsets; raid1 writes it to both legs.  A list whose span crosses from
one dm-linear target to the next is refused (EOPNOTSUPP) and writes nothing.  dm-zero, dm-stripe
and raid0 pass no lists (0).

  $ . "$TESTDIR/lib.sh"
  $ W="python3 $TESTDIR/write-list.py"
  $ wl() { local q=/sys/dev/block/$(_majmin "$1")/queue; echo "$(cat $q/max_write_list_segments) $(cat $q/write_list_max_bytes)"; }
  $ modprobe null_blk queue_mode=0 memory_backed=1 write_list_segments=16 write_list_max_bytes=1048576 bs=4096 gb=1 nr_devices=2
  $ wl /dev/nullb0
  16 1048576

dm-linear at an offset of 1 MiB into nullb0: the list lands 1 MiB further on the component.

  $ echo "0 1048576 linear /dev/nullb0 2048" | dmsetup create wl-lin
  $ wl /dev/mapper/wl-lin
  16 1048576
  $ $W list /dev/mapper/wl-lin 65536:8192:1 8192:4096:2 524288:16384:3
  ok
  $ dd if=/dev/nullb0 bs=4k skip=$(( (1048576 + 65536) / 4096 )) count=2 iflag=direct status=none | cmp - <($W pattern 1 8192) && echo seg1
  seg1
  $ dd if=/dev/nullb0 bs=4k skip=$(( (1048576 + 8192) / 4096 )) count=1 iflag=direct status=none | cmp - <($W pattern 2 4096) && echo seg2
  seg2
  $ dd if=/dev/nullb0 bs=4k skip=$(( (1048576 + 524288) / 4096 )) count=4 iflag=direct status=none | cmp - <($W pattern 3 16384) && echo seg3
  seg3
  $ dmsetup remove wl-lin

Two dm-linear targets: a list inside the second is fine, one spanning the seam is refused
before any of it is written.

  $ printf '0 2048 linear /dev/nullb0 0\n2048 2048 linear /dev/nullb1 0\n' | dmsetup create wl-two
  $ wl /dev/mapper/wl-two
  16 1048576
  $ $W list /dev/mapper/wl-two 1048576:4096:4 1056768:4096:5
  ok
  $ dd if=/dev/nullb1 bs=4k count=1 iflag=direct status=none | cmp - <($W pattern 4 4096) && echo second target
  second target
  $ $W list /dev/mapper/wl-two 1036288:4096:6 1052672:4096:7
  EOPNOTSUPP
  [1]
  $ dd if=/dev/nullb0 bs=4k skip=253 count=1 iflag=direct status=none | tr -d '\0' | wc -c
  0
  $ dd if=/dev/nullb1 bs=4k skip=1 count=1 iflag=direct status=none | tr -d '\0' | wc -c
  0
  $ dmsetup remove wl-two

Targets and personalities that do not pass lists report 0.

  $ echo "0 2048 zero" | dmsetup create wl-zero
  $ wl /dev/mapper/wl-zero
  0 0
  $ echo "0 4096 striped 2 64 /dev/nullb0 0 /dev/nullb1 0" | dmsetup create wl-stripe
  $ wl /dev/mapper/wl-stripe
  0 0
  $ dmsetup remove wl-zero; dmsetup remove wl-stripe

md raid1 over both: the same limits, the list on both legs at the data offset.

  $ mdadm --create /dev/md/wlr1 --run --quiet --metadata=1.2 --level=1 --raid-devices=2 --assume-clean --bitmap=none /dev/nullb0 /dev/nullb1 2>&1 | grep -v started
  [1]
  $ wl /dev/md/wlr1
  16 1048576
  $ md=$(basename $(readlink -f /dev/md/wlr1))
  $ off=$(( $(cat /sys/block/$md/md/dev-nullb0/offset) * 512 ))
  $ $W list /dev/md/wlr1 0:4096:8 131072:8192:9
  ok
  $ for d in nullb0 nullb1; do dd if=/dev/$d bs=4k skip=$(( (off + 131072) / 4096 )) count=2 iflag=direct status=none | cmp - <($W pattern 9 8192) && echo $d; done
  nullb0
  nullb1
  $ mdadm --stop /dev/md/wlr1 >/dev/null 2>&1
  $ mdadm --create /dev/md/wlr0 --run --quiet --metadata=1.2 --level=0 --chunk=64 --raid-devices=2 /dev/nullb0 /dev/nullb1 2>&1 | grep -v started
  [1]
  $ wl /dev/md/wlr0
  0 0
  $ mdadm --stop /dev/md/wlr0 >/dev/null 2>&1; mdadm --zero-superblock /dev/nullb0 /dev/nullb1
  $ rmmod null_blk
