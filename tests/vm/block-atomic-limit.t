How big one atomic list may be, whatever a device claims: every O_ATOMIC write (and every
BLKATOMICWRITE segment) is one bio, whose pages must fit in its 65535 bio_vecs, and the VFS
shortens any write to MAX_RW_COUNT before the device sees it.  So atomic_write_max_bytes is
capped where it is set: with 4 KiB pages at (65535 - 2 x 1024) pages, which leaves one page
more than the data at each end of every one of up to 1024 (UIO_MAXIOV) buffers.  A write of
the advertised size is then never refused, and a write the VFS shortened is always over the
limit instead of being written in part.

  $ . "$TESTDIR/lib.sh"
  $ A="python3 $TESTDIR/block-atomic.py"
  $ [ "$(getconf PAGESIZE)" = 4096 ] || _skip "the numbers below are for 4 KiB pages"

null_blk told it can take 4 GiB per list advertises the cap; so does dm-linear on top.

  $ modprobe null_blk queue_mode=0 memory_backed=1 atomic_segs=4 atomic_max_bytes=4294967295 gb=1 nr_devices=1
  $ N=/dev/nullb0
  $ max=$(cat /sys/dev/block/$(_majmin $N)/queue/atomic_write_max_bytes); echo $max
  260042752
  $ dmsetup create bal-lin --table "0 $(_sectors $N) linear $N 0"
  $ cat /sys/dev/block/$(_majmin /dev/mapper/bal-lin)/queue/atomic_write_max_bytes
  260042752
  $ dmsetup remove bal-lin

A write of exactly the advertised size, from a buffer that starts 512 bytes into a page (so it
touches one page more than its size), is accepted and lands: its first and last MiB read back.

  $ $A bigwrite $N 1048576 $max 512
  ok
  $ dd if=$N bs=1M skip=1 count=1 iflag=direct status=none | cmp - <($A pattern 1 1048576) && echo first
  first
  $ dd if=$N bs=4096 skip=$(( max / 4096 )) count=256 iflag=direct status=none | cmp - <($A pattern 2 1048576) && echo last
  last

One logical block more is refused before any I/O, as are 256 MiB (65536 pages) and 3 GiB (which
the VFS would shorten to MAX_RW_COUNT).

  $ $A bigwrite $N 0 $(( max + 512 )) 0
  EINVAL
  [1]
  $ $A bigwrite $N 0 268435456 0
  EINVAL
  [1]
  $ $A bigwrite $N 0 3221225472 0
  EINVAL
  [1]
  $ dd if=$N bs=1M count=1 iflag=direct status=none | tr -d '\0' | wc -c
  0

  $ rmmod null_blk
