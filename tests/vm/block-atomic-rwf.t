The atomic-write interface of later kernels on this one: statx(STATX_WRITE_ATOMIC), the
queue attributes atomic_write_unit_{min,max}_bytes and atomic_write_boundary_bytes, and
pwritev2(RWF_ATOMIC) with each of its rules' errno, on null_blk with atomic support, on
dm-linear over it, and on a plain virtio disk (no support).

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 1
  $ modprobe null_blk queue_mode=0 memory_backed=1 atomic_segs=4 atomic_max_bytes=98304 bs=4096 gb=1 nr_devices=2
  $ N=/dev/nullb0
  $ attrs() { q=/sys/dev/block/$(_majmin $1)/queue; for a in max_bytes unit_min_bytes unit_max_bytes boundary_bytes; do echo "atomic_write_$a $(cat $q/atomic_write_$a)"; done; }

The units follow from the list limits: the logical block size up to the largest power of
two within atomic_write_max_bytes (98304 -> 65536); statx reports the same, and up to 1024
memory buffers per write.

  $ attrs $N
  atomic_write_max_bytes 98304
  atomic_write_unit_min_bytes 4096
  atomic_write_unit_max_bytes 65536
  atomic_write_boundary_bytes 0
  $ dma-rwf statx $N
  attr_known=1 atomic=1 unit_min=4096 unit_max=65536 segments_max=1024

A write of each allowed size lands whole and reads back, from one buffer or several.

  $ dma-rwf write $N 0 65536 1
  ok 65536
  $ dma-rwf check $N 0 65536 1
  match
  $ dma-rwf write $N 65536 4096 2
  ok 4096
  $ dma-rwf write -v 3 $N 131072 16384 3
  ok 16384
  $ dma-rwf check $N 131072 16384 3
  match
  $ dma-rwf write $N $((1073741824 - 65536)) 65536 4
  ok 65536
  $ dma-rwf check $N $((1073741824 - 65536)) 65536 4
  match

Each rule has the errno of later kernels, and a refused write changes nothing.

  $ sum() { dd if=$N bs=1M count=1 iflag=direct status=none | md5sum; }; before=$(sum)
  $ dma-rwf write $N 0 12288 9       # not a power of two
  EINVAL
  $ dma-rwf write $N 0 2048 9        # below unit_min
  EINVAL
  $ dma-rwf write $N 0 131072 9      # above unit_max
  EINVAL
  $ dma-rwf write $N 4096 8192 9     # not aligned to its length
  EINVAL
  $ dma-rwf write -v 1025 $N 0 65536 9   # more buffers than segments_max
  EINVAL
  $ dma-rwf write $N 1073741824 4096 9   # at the end of the device
  ENOSPC
  $ dma-rwf write -B $N 0 4096 9     # without O_DIRECT
  EOPNOTSUPP
  $ dma-rwf write -r $N 0 4096 9     # there are no atomic reads
  EOPNOTSUPP
  $ [ "$(sum)" = "$before" ] && echo unchanged
  unchanged

Anything but a block device refuses the flag.

  $ head -c 65536 /dev/zero >/tmp/file
  $ dma-rwf write -B /tmp/file 0 4096 9
  EOPNOTSUPP

RWF_NOWAIT: the write goes ahead, unless the page cache holds pages of its range (dropping
them could block); then EAGAIN, and the same write without RWF_NOWAIT succeeds.  (A block
device's page cache is dropped at its last close: descriptor 3 keeps it open meanwhile.)

  $ dma-rwf write -n $N 0 4096 5
  ok 4096
  $ exec 3<$N
  $ dd if=$N of=/dev/null bs=4096 count=1 status=none
  $ dma-rwf write -n $N 0 4096 6
  EAGAIN
  $ dma-rwf write $N 0 4096 6
  ok 4096
  $ exec 3<&-
  $ dma-rwf check $N 0 4096 6
  match

O_ATOMIC keeps its own rules: any multiple of the block size up to atomic_write_max_bytes.

  $ atomic-open $N 4096 98304 7
  wrote 98304 bytes at 4096 atomically

dm-linear over the device advertises the same and takes the same writes.

  $ dmsetup create rwf-lin --table "0 $(_sectors $N) linear $N 0"
  $ attrs /dev/mapper/rwf-lin
  atomic_write_max_bytes 98304
  atomic_write_unit_min_bytes 4096
  atomic_write_unit_max_bytes 65536
  atomic_write_boundary_bytes 0
  $ dma-rwf statx /dev/mapper/rwf-lin
  attr_known=1 atomic=1 unit_min=4096 unit_max=65536 segments_max=1024
  $ dma-rwf write /dev/mapper/rwf-lin 262144 65536 8
  ok 65536
  $ dma-rwf check $N 262144 65536 8
  match
  $ dma-rwf write /dev/mapper/rwf-lin 262144 131072 8
  EINVAL
  $ dmsetup remove rwf-lin

A write that starts inside the device but reaches past its end is refused whole, not
shortened: EINVAL for RWF_ATOMIC (as later kernels), ENOSPC for O_ATOMIC (its own rule).
dm-linear 32 KiB short of 1 GiB makes an aligned 64 KiB write that does; 32 KiB up to the
end are written.

  $ dmsetup create rwf-short --table "0 $(( $(_sectors $N) - 64 )) linear $N 0"
  $ S=/dev/mapper/rwf-short
  $ dma-rwf write $S $((1073741824 - 65536)) 65536 11
  EINVAL
  $ dma-rwf write -v 2 $S $((1073741824 - 65536)) 65536 11
  EINVAL
  $ atomic-open $S $((1073741824 - 65536)) 65536 11
  pwrite: No space left on device
  [2]
  $ atomic-open $S $((1073741824 - 36864)) 8192 11
  pwrite: No space left on device
  [2]
  $ dma-rwf check $N $((1073741824 - 65536)) 65536 4
  match
  $ dma-rwf write $S $((1073741824 - 65536)) 32768 12
  ok 32768
  $ dma-rwf check $N $((1073741824 - 65536)) 32768 12
  match
  $ dmsetup remove rwf-short

So does md raid1 over two such devices (the data of the array starts after its superblock,
so the check reads through the array).

  $ mdadm --create /dev/md/rwf-r1 --run --quiet --level=1 --raid-devices=2 --metadata=1.2 --bitmap=none --assume-clean --size=65536 $N /dev/nullb1 2>&1 | grep -v started
  [1]
  $ attrs /dev/md/rwf-r1
  atomic_write_max_bytes 98304
  atomic_write_unit_min_bytes 4096
  atomic_write_unit_max_bytes 65536
  atomic_write_boundary_bytes 0
  $ dma-rwf statx /dev/md/rwf-r1
  attr_known=1 atomic=1 unit_min=4096 unit_max=65536 segments_max=1024
  $ dma-rwf write /dev/md/rwf-r1 65536 65536 10
  ok 65536
  $ dma-rwf check /dev/md/rwf-r1 65536 65536 10
  match
  $ mdadm --stop --quiet /dev/md/rwf-r1
  $ mdadm --zero-superblock $N /dev/nullb1
  $ rmmod null_blk

A plain virtio disk answers the statx request with zeroes and no STATX_ATTR_WRITE_ATOMIC,
and refuses RWF_ATOMIC without writing.

  $ attrs $SCRATCH0
  atomic_write_max_bytes 0
  atomic_write_unit_min_bytes 0
  atomic_write_unit_max_bytes 0
  atomic_write_boundary_bytes 0
  $ dma-rwf statx $SCRATCH0
  attr_known=1 atomic=0 unit_min=0 unit_max=0 segments_max=0
  $ dma-rwf write $SCRATCH0 0 4096 1
  EOPNOTSUPP
  $ head -c 8192 $SCRATCH0 | tr -d '\0' | wc -c
  0
