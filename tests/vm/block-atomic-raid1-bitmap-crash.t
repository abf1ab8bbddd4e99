md raid1 writes the write-intent bitmap bits of an atomic list before any leg's data, so a
crash between a leg's data write and the bitmap write cannot happen.  Shown on a crash
state: a three-leg array over configfs null_blk devices (bio mode, atomic lists), bitmap
chunk 1 MiB, every bit clean on disk first.  Legs 1 and 2 have a bad block in the list's
first range: their copy of the list fails (EIO) and md fails them (md_error), after which
md writes nothing more to them, so each holds what it had on disk when its data write was
issued.  Leg 0 writes the list; it succeeds.

  $ . "$TESTDIR/lib.sh"
  $ A="python3 $TESTDIR/block-atomic.py"
  $ modprobe null_blk queue_mode=0 nr_devices=0 atomic_segs=8 atomic_max_bytes=131072
  $ mountpoint -q /sys/kernel/config || mount -t configfs configfs /sys/kernel/config
  $ for i in 0 1 2; do
  >   C=/sys/kernel/config/nullb/bmc$i; mkdir $C
  >   echo 1 > $C/memory_backed; echo 128 > $C/size; echo 4096 > $C/blocksize; echo 1 > $C/power
  > done
  $ mdadm --create /dev/md/blk-bmc --run --quiet --level=1 --raid-devices=3 --metadata=1.2 --assume-clean --bitmap=internal --bitmap-chunk=1M --size=65536 /dev/bmc0 /dev/bmc1 /dev/bmc2 2>&1 | grep -v started
  [1]
  $ md=$(basename $(readlink -f /dev/md/blk-bmc))
  $ off=$(mdadm -E /dev/bmc0 | sed -n 's/.*Data Offset : \([0-9]*\) sectors.*/\1/p')
  $ dirty() { mdadm -X $1 | sed -n 's/.* \([0-9]*\) dirty.*/\1/p'; }
  $ echo 1 > /sys/block/$md/md/bitmap/time_base
  $ for i in $(seq 1 30); do [ "$(dirty /dev/bmc0)" = 0 ] && [ "$(dirty /dev/bmc2)" = 0 ] && break; sleep 1; done; echo "dirty chunks on disk: $(dirty /dev/bmc1)"
  dirty chunks on disk: 0

The list: 8 KiB at 16 MiB and 4 KiB at 20 MiB of the array, two bitmap chunks.

  $ for i in 1 2; do echo "+$((off + 32768))-$((off + 32768 + 15))" > /sys/kernel/config/nullb/bmc$i/badblocks; done
  $ $A list /dev/md/blk-bmc 16777216:8192:3 20971520:4096:4
  ok
  $ cat /sys/block/$md/md/degraded
  2
  $ echo "bitmap chunks dirty on the failed legs: $(dirty /dev/bmc1) $(dirty /dev/bmc2)"
  bitmap chunks dirty on the failed legs: 2 2

The crash state: legs 1 and 2 as they were when their data write was issued, leg 1 with the
list written (copied from leg 0: a leg holds a list whole or not at all), leg 2 without it,
as if the crash came after leg 1's data and before leg 2's.  Assembled without leg 0, the
array is dirty; resync copies the chunks the bitmap marks, and the legs agree.

  $ mdadm --stop --quiet /dev/md/blk-bmc
  $ for i in 1 2; do echo "-$((off + 32768))-$((off + 32768 + 15))" > /sys/kernel/config/nullb/bmc$i/badblocks; done
  $ for seg in 16777216:8192 20971520:4096; do
  >   IFS=: read o n <<< "$seg"
  >   dd if=/dev/bmc0 of=/dev/bmc1 bs=4k skip=$(( (off * 512 + o) / 4096 )) seek=$(( (off * 512 + o) / 4096 )) count=$(( n / 4096 )) iflag=direct oflag=direct status=none
  > done
  $ mdadm --assemble --run --quiet /dev/md/blk-bmc /dev/bmc1 /dev/bmc2 2>&1 | grep -v started
  [1]
  $ md=$(basename $(readlink -f /dev/md/blk-bmc))
  $ sleep 1; mdadm --wait /dev/md/blk-bmc; cat /sys/block/$md/md/array_state
  clean
  $ for seg in 16777216:8192:3 20971520:4096:4; do
  >   IFS=: read o n s <<< "$seg"
  >   for leg in /dev/bmc1 /dev/bmc2; do
  >     dd if=$leg bs=4k skip=$(( (off * 512 + o) / 4096 )) count=$(( n / 4096 )) iflag=direct status=none |
  >       cmp -s - <($A pattern $s $n) || echo "$leg: list data at $o missing"
  >   done
  > done
  $ mdadm --stop --quiet /dev/md/blk-bmc
  $ mdadm --zero-superblock /dev/bmc0 /dev/bmc1 /dev/bmc2
  $ for i in 0 1 2; do echo 0 > /sys/kernel/config/nullb/bmc$i/power; rmdir /sys/kernel/config/nullb/bmc$i; done
  $ rmmod null_blk
