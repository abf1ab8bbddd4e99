An active swap device refuses write lists as it refuses other writes through the device node
(ETXTBSY; port of v2's block-atomic-swap.t, plan 6.4, names only): BLKWRITELIST lists, and
single atomic writes (RWF_ATOMIC, which replaces v2's O_ATOMIC write here), and the swap area
is left as it was.  (dma-rwf, behind _atomic_write, names the errnos it knows and prints any
other, ETXTBSY here, as strerror() says it.)

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomics-lib.sh"
  $ W="python3 $TESTDIR/write-list.py"
  $ modinfo null_blk 2>/dev/null | grep -q '^parm: *write_list_segments' || _skip "null_blk without write_list_segments (v3 patch 27)"
  $ _require_v3_atomics
  $ _require_nullblk_atomic
  $ command -v mkswap >/dev/null && command -v swapon >/dev/null || _skip "mkswap or swapon is not installed in the guest"
  $ modprobe null_blk queue_mode=0 memory_backed=1 write_list_segments=4 write_list_max_bytes=65536 atomic_write=1 atomic_write_unit_max=16384 bs=4096 gb=1 nr_devices=1
  $ N=/dev/nullb0
  $ q=/sys/block/nullb0/queue; cat $q/max_write_list_segments $q/atomic_write_unit_max_bytes
  4
  16384
  $ mkswap $N >/dev/null && swapon $N
  $ $W list $N 0:4096:1 65536:4096:2
  ETXTBSY
  [1]
  $ _atomic_write $N 0 4096 1
  Text file busy
  $ _atomic_write $N 65536 16384 1
  Text file busy
  $ swapoff $N
  $ dd if=$N bs=4096 count=1 status=none | tail -c 10; echo
  SWAPSPACE2
  $ dd if=$N bs=4096 skip=16 count=1 iflag=direct status=none | tr -d '\0' | wc -c
  0

Once swapoff has run, the device takes lists and atomic writes again.

  $ $W list $N 0:4096:1 65536:4096:2
  ok
  $ _atomic_write $N 131072 16384 3
  ok
  $ _atomic_check $N 131072 16384 3
  match
  $ rmmod null_blk
