An active swap device refuses atomic writes as it refuses other writes through the device
node (ETXTBSY): BLKATOMICWRITE and O_ATOMIC writes alike, and the swap area is left as it
was.

  $ . "$TESTDIR/lib.sh"
  $ A="python3 $TESTDIR/block-atomic.py"
  $ command -v mkswap >/dev/null && command -v swapon >/dev/null || _skip "mkswap or swapon is not installed in the guest"
  $ modprobe null_blk queue_mode=0 memory_backed=1 atomic_segs=4 atomic_max_bytes=65536 bs=4096 gb=1 nr_devices=1
  $ N=/dev/nullb0
  $ mkswap $N >/dev/null && swapon $N
  $ $A list $N 0:4096:1 65536:4096:2
  ETXTBSY
  [1]
  $ $A write $N 0 4096 1
  ETXTBSY
  [1]
  $ swapoff $N
  $ dd if=$N bs=4096 count=1 status=none | tail -c 10; echo
  SWAPSPACE2
  $ dd if=$N bs=4096 skip=16 count=1 iflag=direct status=none | tr -d '\0' | wc -c
  0

Once swapoff has run, the device takes lists again.

  $ $A list $N 0:4096:1 65536:4096:2
  ok
  $ rmmod null_blk
