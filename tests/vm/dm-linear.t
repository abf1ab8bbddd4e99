A dm-linear device spanning two scratch disks: data written across the seam reads back
exactly, and lands on the right disk at the right offset.

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 2
  $ n0=$(_sectors $SCRATCH0); n1=$(_sectors $SCRATCH1)
  $ printf '0 %s linear %s 0\n%s %s linear %s 0\n' $n0 $SCRATCH0 $n0 $n1 $SCRATCH1 | dmsetup create dma-lin
  $ _sectors /dev/mapper/dma-lin
  2097152
  $ dmsetup table dma-lin | sed "s/$(_majmin $SCRATCH0)/S0/; s/$(_majmin $SCRATCH1)/S1/"
  0 1048576 linear S0 0
  1048576 1048576 linear S1 0

Write 2 MiB straddling the boundary between the disks, then read it back through the device
and from each disk directly.

  $ _pattern 42 2097152 > /tmp/data
  $ dd if=/tmp/data of=/dev/mapper/dma-lin bs=1M seek=511 oflag=direct status=none
  $ dd if=/dev/mapper/dma-lin bs=1M skip=511 count=2 iflag=direct status=none | cmp - /tmp/data && echo same
  same
  $ dd if=$SCRATCH0 bs=1M skip=511 count=1 iflag=direct status=none | cmp - <(head -c 1048576 /tmp/data) && echo first half on SCRATCH0
  first half on SCRATCH0
  $ dd if=$SCRATCH1 bs=1M count=1 iflag=direct status=none | cmp - <(tail -c 1048576 /tmp/data) && echo second half on SCRATCH1
  second half on SCRATCH1

  $ dmsetup remove dma-lin
  $ dmsetup ls
  No devices found
