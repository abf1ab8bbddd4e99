md raid1 writes the write-intent bitmap bits of a write list before any leg's data, so a crash
between a leg's data write and the bitmap write cannot happen.  Port of v2's
block-atomic-raid1-bitmap-crash.t (plan 6.4, same scenario) to v3 patch 32: raid1_write_list()
sets the bits of every range (md_bitmap_startwrite()) and hands each leg's clone to raid1d's
pending list; raid1d's flush_bio_list() writes the dirty bitmap pages out (md_bitmap_unplug())
before it submits any clone.  Shown on a crash state: a three-leg array over configfs null_blk
devices (bio mode, lists of 8 segments), bitmap chunk 1 MiB, every bit clean on disk first.
Legs 1 and 2 have a null_blk bad block in the list's first range (not md's bad blocks, which
would fail the list before any leg is written): their copy of the list fails (EIO), and as
leg 0 wrote it md fails them (md_error() in raid1_wlist_done()), after which md writes nothing
more to them, so each holds what it had on disk when its data write failed.  If the clones
were submitted before the bitmap was written, the failed legs would show no dirty chunk.

  $ . "$TESTDIR/lib.sh"
  $ W="python3 $TESTDIR/write-list.py"
  $ modinfo null_blk 2>/dev/null | grep -q '^parm: *write_list_segments' || _skip "null_blk without write_list_segments (v3 patch 27)"
  $ modprobe null_blk nr_devices=0
  $ mountpoint -q /sys/kernel/config || mount -t configfs configfs /sys/kernel/config
  $ for i in 0 1 2; do
  >   C=/sys/kernel/config/nullb/bmc$i; mkdir $C
  >   echo 8 > $C/write_list_segments; echo 131072 > $C/write_list_max_bytes; echo 1 > $C/memory_backed
  >   echo 0 > $C/queue_mode; echo 128 > $C/size; echo 4096 > $C/blocksize; echo 1 > $C/power
  > done
  $ mdadm --create /dev/md/wl-bmc --run --quiet --level=1 --raid-devices=3 --metadata=1.2 --assume-clean --bitmap=internal --bitmap-chunk=1M --size=65536 /dev/bmc0 /dev/bmc1 /dev/bmc2 2>&1 | grep -v started
  [1]
  $ md=$(basename $(readlink -f /dev/md/wl-bmc))
  $ cat /sys/block/$md/queue/max_write_list_segments
  8
  $ off=$(mdadm -E /dev/bmc0 | sed -n 's/.*Data Offset : \([0-9]*\) sectors.*/\1/p')
  $ dirty() { mdadm -X $1 | sed -n 's/.* \([0-9]*\) dirty.*/\1/p'; }
  $ echo 1 > /sys/block/$md/md/bitmap/time_base
  $ for i in $(seq 1 30); do [ "$(dirty /dev/bmc0)" = 0 ] && [ "$(dirty /dev/bmc2)" = 0 ] && break; sleep 1; done; echo "dirty chunks on disk: $(dirty /dev/bmc1)"
  dirty chunks on disk: 0

The list: 8 KiB at 16 MiB and 4 KiB at 20 MiB of the array, two bitmap chunks.

  $ for i in 1 2; do echo "+$((off + 32768))-$((off + 32768 + 15))" > /sys/kernel/config/nullb/bmc$i/badblocks; done
  $ $W list /dev/md/wl-bmc 16777216:8192:3 20971520:4096:4
  ok
  $ cat /sys/block/$md/md/degraded
  2
  $ echo "bitmap chunks dirty on the failed legs: $(dirty /dev/bmc1) $(dirty /dev/bmc2)"
  bitmap chunks dirty on the failed legs: 2 2

The crash state: legs 1 and 2 as they were when their data write was issued, leg 1 with the
list written (copied from leg 0: a leg holds a list whole or not at all), leg 2 without it,
as if the crash came after leg 1's data and before leg 2's.  Assembled without leg 0, the
array is dirty; resync copies the chunks the bitmap marks, and the legs agree.

  $ mdadm --stop --quiet /dev/md/wl-bmc
  $ for i in 1 2; do echo "-$((off + 32768))-$((off + 32768 + 15))" > /sys/kernel/config/nullb/bmc$i/badblocks; done
  $ for seg in 16777216:8192 20971520:4096; do
  >   IFS=: read o n <<< "$seg"
  >   dd if=/dev/bmc0 of=/dev/bmc1 bs=4k skip=$(( (off * 512 + o) / 4096 )) seek=$(( (off * 512 + o) / 4096 )) count=$(( n / 4096 )) iflag=direct oflag=direct status=none
  > done
  $ mdadm --assemble --run --quiet /dev/md/wl-bmc /dev/bmc1 /dev/bmc2 2>&1 | grep -v started
  [1]
  $ md=$(basename $(readlink -f /dev/md/wl-bmc))
  $ sleep 1; mdadm --wait /dev/md/wl-bmc; cat /sys/block/$md/md/array_state
  clean
  $ for seg in 16777216:8192:3 20971520:4096:4; do
  >   IFS=: read o n s <<< "$seg"
  >   for leg in /dev/bmc1 /dev/bmc2; do
  >     dd if=$leg bs=4k skip=$(( (off * 512 + o) / 4096 )) count=$(( n / 4096 )) iflag=direct status=none |
  >       cmp -s - <($W pattern $s $n) || echo "$leg: list data at $o missing"
  >   done
  > done
  $ mdadm --stop --quiet /dev/md/wl-bmc
  $ mdadm --zero-superblock /dev/bmc0 /dev/bmc1 /dev/bmc2
  $ for i in 0 1 2; do echo 0 > /sys/kernel/config/nullb/bmc$i/power; rmdir /sys/kernel/config/nullb/bmc$i; done
  $ rmmod null_blk
