dm-atomic on a stock kernel (Debian's linux-image-6.1.0-N-amd64, no block-core series, the
module built by DKMS; make test runs this on that kernel, qemu-scripts/stock-kernel.sh): the
device advertises neither write lists nor atomic writes, O_ATOMIC and the list ioctl
(BLKWRITELIST, v2's BLKATOMICWRITE) are not there, and every
plain write bio up to max_bytes is logged as one transaction of its own; a larger one is cut
at max_bytes into several.  On the patched kernel this test is skipped.

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_scratch 2
  $ [ -z "$(_list_attr $SCRATCH0)" ] || _skip "the kernel has the block-core series (this test is for a stock kernel: make test KERNEL=stock)"
  $ _require_dm_atomic

The module is the one DKMS built for this kernel.

  $ [ "$(modinfo -F vermagic $DMA_MODULE | cut -d' ' -f1)" = "$(uname -r)" ] && echo "built for $(uname -r)" | sed 's/6\.1\.0-[0-9]*-amd64/6.1.0-N-amd64/'
  built for 6.1.0-N-amd64
  $ SZ=$(_sectors $SCRATCH0)
  $ dmsetup create dma --table "0 $SZ atomic $SCRATCH0 $SCRATCH1 2 max_bytes 262144"

No write lists or atomic writes: the queue has no atomic_write_* or write-list attribute,
open() drops O_ATOMIC, and the list ioctl is unknown.

  $ ls /sys/dev/block/$(_majmin /dev/mapper/dma)/queue/ | grep -c 'atomic_write\|write_list'
  0
  [1]
  $ python3 -c 'import fcntl, os; fd = os.open("/dev/mapper/dma", os.O_WRONLY | os.O_DIRECT | 0o40000000); print("O_ATOMIC kept" if fcntl.fcntl(fd, fcntl.F_GETFL) & 0o40000000 else "O_ATOMIC dropped")'
  O_ATOMIC dropped
  $ _dma_ioctl /dev/mapper/dma 1 0+1 8+1
  ENOTTY

Every write is logged: a 256 KiB bio (max_bytes) is one transaction, a 4 KiB one too; none
goes to the data device directly.

  $ _pattern 1 262144 > /tmp/a
  $ _dma_write /tmp/a /dev/mapper/dma 0
  $ _pattern 2 4096 > /tmp/b
  $ _dma_write /tmp/b /dev/mapper/dma 1048576
  $ for k in txns_committed bios_logged bytes_logged writes_direct; do echo "$k=$(_dma_stat dma $k)"; done
  txns_committed=2
  bios_logged=2
  bytes_logged=266240
  writes_direct=0

A 1 MiB bio is above max_bytes: it is cut into four bios of 256 KiB, each atomic on its
own.  Group commit may put the four in one transaction, but nothing promises that the whole
is (what the series' write lists add).

  $ _pattern 3 1048576 > /tmp/c
  $ _dma_write /tmp/c /dev/mapper/dma 4194304
  $ echo "bios_logged=$(_dma_stat dma bios_logged) bytes_logged=$(_dma_stat dma bytes_logged)"
  bios_logged=6 bytes_logged=1314816

Everything reads back, before and after a checkpoint and a reload that replays nothing.

  $ check() {
  >   dd if=/dev/mapper/dma bs=256k count=1 iflag=direct status=none | cmp - /tmp/a &&
  >   dd if=/dev/mapper/dma bs=4k skip=256 count=1 iflag=direct status=none | cmp - /tmp/b &&
  >   dd if=/dev/mapper/dma bs=1M skip=4 count=1 iflag=direct status=none | cmp - /tmp/c && echo same
  > }
  $ check
  same
  $ dmsetup message dma 0 checkpoint | sed 's/tail seq [0-9]*/tail seq N/; s/[0-9]*\/\([0-9]*\) blocks/N\/\1 blocks/'
  checkpoint done: log used N/131071 blocks, tail seq N
  $ dmsetup remove dma
  $ dmsetup create dma --table "0 $SZ atomic $SCRATCH0 $SCRATCH1"
  $ check
  same
  $ dmsetup remove dma
