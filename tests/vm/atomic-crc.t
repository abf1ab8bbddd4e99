Logged data is checksummed while it is copied into the transaction (module parameter
copy_crc=Y, the default) or in a second pass over the copy (N), by the kernel's crc32c()
(crc32c_impl=1) or the table (2).  Every combination writes data crcs that recovery accepts:
the lists are written with the superblock's writes dropped (dm-flakey over block 0 of the
metadata device, as the benchmark's recovery row does), so nothing is ever retired and the
next activation replays every transaction, checking each data crc (a wrong one ends the
replay there); dma-verify then finds every acknowledged list.

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_lists
  $ SZ=$(_sectors $SCRATCH0) M=$(_sectors $SCRATCH1) P=/sys/module/dm_atomic/parameters
  $ [ -e $P/copy_crc ] && echo "copy_crc: $(cat $P/copy_crc)"
  copy_crc: Y
  $ run() {  # CRC32C_IMPL COPY_CRC SEED
  >   echo $1 >$P/crc32c_impl; echo $2 >$P/copy_crc
  >   dd if=/dev/zero of=$SCRATCH1 bs=4096 count=1 oflag=direct status=none
  >   dmsetup create dma-m --table "0 $M linear $SCRATCH1 0" &&
  >   dmsetup create dma --table "0 $SZ atomic $SCRATCH0 /dev/mapper/dma-m" &&
  >   printf '0 8 flakey %s 0 0 1 1 drop_writes\n8 %s linear %s 8\n' $SCRATCH1 $((M - 8)) $SCRATCH1 | dmsetup load dma-m &&
  >   dmsetup suspend dma-m && dmsetup resume dma-m || return
  >   dma-exercise -j /tmp/j$3 -m ioctl -n 60 -J 4 -S $3 -r 0+4096 /dev/mapper/dma >/dev/null || echo "exercise failed"
  >   n=$(_dma_stat dma txns_committed)
  >   dmsetup remove dma; dmsetup remove dma-m
  >   echo 0 >$P/crc32c_impl; echo Y >$P/copy_crc
  >   dmsetup create dma --table "0 $SZ atomic $SCRATCH0 $SCRATCH1" || return
  >   r=$(_dma_stat dma replayed_txns)
  >   [ "$r" = "$n" ] && echo "crc32c_impl=$1 copy_crc=$2: every transaction replayed" || echo "crc32c_impl=$1 copy_crc=$2: $r of $n transactions replayed"
  >   dma-verify /dev/mapper/dma /tmp/j$3 | tail -1 | sed 's/.*violations/violations/'
  >   dmsetup remove dma
  > }
  $ run 2 Y 1
  crc32c_impl=2 copy_crc=Y: every transaction replayed
  violations: torn 0, durability 0, order 0, corrupt 0, misdirected 0
  $ run 2 N 2
  crc32c_impl=2 copy_crc=N: every transaction replayed
  violations: torn 0, durability 0, order 0, corrupt 0, misdirected 0
  $ run 1 Y 3
  crc32c_impl=1 copy_crc=Y: every transaction replayed
  violations: torn 0, durability 0, order 0, corrupt 0, misdirected 0
  $ run 1 N 4
  crc32c_impl=1 copy_crc=N: every transaction replayed
  violations: torn 0, durability 0, order 0, corrupt 0, misdirected 0
