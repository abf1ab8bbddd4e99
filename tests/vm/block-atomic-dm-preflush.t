A REQ_PREFLUSH atomic list through a DM table of several targets: the list goes to one
target, but the preflush promises that every write completed before it is durable, also
writes to the other targets' devices.  So DM flushes the whole table first, as for any
flush.  Here a linear table over two dm-atomic devices (A on SCRATCH0/1, B on SCRATCH2/3):
a plain write to B goes straight to B's data disk (SCRATCH2), then a preflush list to A (the
test module dma-testbio submits it; no userspace call sets REQ_PREFLUSH) flushes SCRATCH2
too.

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_scratch 4
  $ _require_dm_atomic
  $ K=/payload/modules/dma-testbio.ko
  $ [ -f $K ] || _skip "dma-testbio.ko was not built"
  $ SZ=$(_sectors $SCRATCH0)
  $ disk=$(basename "$(readlink -f $SCRATCH2)")
  $ flushes() { awk '{ print $16 }' /sys/block/$disk/stat; }
  $ dmsetup create bpf-a --table "0 $SZ atomic $SCRATCH0 $SCRATCH1"
  $ dmsetup create bpf-b --table "0 $SZ atomic $SCRATCH2 $SCRATCH3"
  $ printf '0 %d linear /dev/mapper/bpf-a 0\n%d %d linear /dev/mapper/bpf-b 0\n' $SZ $SZ $SZ | dmsetup create bpf-top
  $ _dma_lists /dev/mapper/bpf-top || _skip "the kernel has no atomic write lists"
  $ cat /sys/dev/block/$(_majmin /dev/mapper/bpf-top)/queue/write_cache
  write back
  $ _pattern 3 4096 >/tmp/p3
  $ dd if=/tmp/p3 of=/dev/mapper/bpf-top bs=4096 seek=$(( SZ / 8 + 100 )) oflag=direct status=none
  $ [ "$(_dma_stat bpf-b writes_direct)" = 1 ] && echo "direct write on B"
  direct write on B
  $ f0=$(flushes)
  $ insmod $K dev=/dev/mapper/bpf-top nr=2 preflush=1 seed=7
  $ f1=$(flushes)
  $ rmmod dma-testbio
  $ dmesg | grep -o 'dma-testbio: .*' | tail -1
  dma-testbio: /dev/mapper/bpf-top: list of 2 bio(s) +PREFLUSH: done (0)
  $ [ $((f1 - f0)) -ge 1 ] && echo "B's data disk was flushed before the list completed"
  B's data disk was flushed before the list completed

The list is on A, the plain write on B.

  $ dd if=/dev/mapper/bpf-a bs=4096 skip=16 count=1 iflag=direct status=none | od -An -v -tx1 | sort -u
   08 08 08 08 08 08 08 08 08 08 08 08 08 08 08 08
  $ dd if=/dev/mapper/bpf-b bs=4096 skip=100 count=1 iflag=direct status=none | cmp - /tmp/p3 && echo "plain write on B"
  plain write on B
  $ dmsetup remove bpf-top
  $ dmsetup remove bpf-b
  $ dmsetup remove bpf-a
