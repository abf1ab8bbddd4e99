How big one write list may be, whatever a device claims (v3 patch 26's caps; port of v2's
block-atomic-limit.t and block-atomic-huge.t, plan 6.4, with v3's sysfs names
queue/max_write_list_segments and queue/write_list_max_bytes).  A BLKWRITELIST list is one
bio (patch 28), whose pages must fit in its 65535 bio_vecs, and no segment may be longer than
MAX_RW_COUNT.  So write_list_max_bytes is capped where it is set (blk_write_list_max_bytes_cap()):
with 4 KiB pages at (65535 - 2 x 1024) pages, 260042752 bytes, which leaves two pages more than
the data for each of up to 1024 (UIO_MAXIOV) buffers.  A list of the advertised size is then
never refused for its pages, and anything bigger is refused (E2BIG) before any I/O.

Where v3 differs by design: the single O_ATOMIC write of v2's test is a one-segment
BLKWRITELIST here (O_ATOMIC is gone, plan 3.5), and what it refused with EINVAL the ioctl
refuses with E2BIG (its errno table: more bytes than write_list_max_bytes, a segment of 2 GiB
or more).  null_blk refuses write_list_segments above 1024 at load (defect 7d,
write-list-nullblk.t) instead of being capped, so the segment cap is seen at 1024 on null_blk
and on the stacking devices, whose limits start from the caps (blk_write_list_stack_init()).

  $ . "$TESTDIR/lib.sh"
  $ W="python3 $TESTDIR/write-list.py"
  $ modinfo null_blk 2>/dev/null | grep -q '^parm: *write_list_segments' || _skip "null_blk without write_list_segments (v3 patch 27)"
  $ [ "$(getconf PAGESIZE)" = 4096 ] || _skip "the numbers below are for 4 KiB pages"
  $ wl() { local q=/sys/dev/block/$(_majmin "$1")/queue; echo "$(cat $q/max_write_list_segments) $(cat $q/write_list_max_bytes)"; }

null_blk told it can take 1024 segments and 4 GiB (less a block) per list advertises the byte
cap; so does dm-linear on top.

  $ modprobe null_blk queue_mode=0 memory_backed=1 write_list_segments=1024 write_list_max_bytes=4294966784 gb=4 nr_devices=1
  $ N=/dev/nullb0
  $ wl $N
  1024 260042752
  $ max=$(cat /sys/dev/block/$(_majmin $N)/queue/write_list_max_bytes)
  $ dmsetup create wll-lin --table "0 $(_sectors $N) linear $N 0"
  $ wl /dev/mapper/wll-lin
  1024 260042752

A one-segment list of exactly the advertised size, from a buffer that starts 512 bytes into a
page (so it touches one page more than its size), is accepted and lands: its first and last
MiB read back.

  $ $W biglist $N 1048576 $max 512
  1 segments, 63488 pages
  ok
  $ dd if=$N bs=1M skip=1 count=1 iflag=direct status=none | cmp - <($W pattern 1 1048576) && echo first
  first
  $ dd if=$N bs=4096 skip=$(( max / 4096 )) count=256 iflag=direct status=none | cmp - <($W pattern 2 1048576) && echo last
  last

So is one of 1024 segments of the same total size, each from a buffer that starts 3584 bytes
into a page and ends 1 KiB into one, so that the buffers touch 1792 pages more than the data:
65279 bio_vecs.  (The first and last MiB are zeroed first, so that they read back from this
list.)

  $ dd if=/dev/zero of=$N bs=1M seek=1 count=1 oflag=direct status=none
  $ dd if=/dev/zero of=$N bs=4096 seek=$(( max / 4096 )) count=256 oflag=direct status=none
  $ $W biglist $N 1048576 $max 3584 1024 250880
  1024 segments, 65279 pages
  ok
  $ dd if=$N bs=1M skip=1 count=1 iflag=direct status=none | cmp - <($W pattern 1 1048576) && echo first
  first
  $ dd if=$N bs=4096 skip=$(( max / 4096 )) count=256 iflag=direct status=none | cmp - <($W pattern 2 1048576) && echo last
  last

One logical block more is refused before any I/O, as are 256 MiB (65536 pages) and a segment of
3 GiB (longer than MAX_RW_COUNT, which the VFS would shorten a write to).

  $ $W biglist $N 0 $(( max + 512 )) 0
  1 segments, 63488 pages
  E2BIG
  [1]
  $ $W biglist $N 0 268435456 0
  1 segments, 65536 pages
  E2BIG
  [1]
  $ $W biglist $N 0 3221225472 0
  1 segments, 786432 pages
  E2BIG
  [1]
  $ dd if=$N bs=1M count=1 iflag=direct status=none | tr -d '\0' | wc -c
  0

A list of 1024 segments (write_list_segments, at BLK_WRITE_LIST_MAX_SEGMENTS) is written
through dm-linear; one of 1025, or of a hundred million (whose segment array alone would be
2.4 GB), is refused with E2BIG before the kernel reads it, and the kernel stays healthy (the
runner fails the test on any kernel warning).

  $ segs() { local i; for i in $(seq 0 $(( $1 - 1 ))); do echo $(( 536870912 + i * 8192 )):4096:$i; done; }
  $ $W list /dev/mapper/wll-lin $(segs 1024)
  ok
  $ for i in 0 1023; do dd if=$N bs=4k skip=$(( 131072 + i * 2 )) count=1 iflag=direct status=none | cmp - <($W pattern $i 4096) && echo "segment $i written"; done
  segment 0 written
  segment 1023 written
  $ $W list $N $(segs 1025)
  E2BIG
  [1]
  $ $W list /dev/mapper/wll-lin $(segs 1025)
  E2BIG
  [1]
  $ $W list $N 0:4096:1 nsegs=100000000
  E2BIG
  [1]
  $ dmsetup remove wll-lin
  $ rmmod null_blk
