dma-exercise and dma-bench write over their target.  Without --force they write only a
target that holds nothing else: no signature blkid -p finds (file system, RAID, LVM,
partition table, anywhere on the device), and in its first 64 KiB nothing but zeros and
dma-exercise's own blocks (a 4 KiB block that starts with its stamp magic, a torn one after
a crash too).  Anything else, dm-atomic metadata included, is refused and named, and
nothing is written (not even the journal).  Block devices are opened exclusively (O_EXCL),
so one in use is refused; dma-bench --shared opts out of that (for the benchmark, which
measures the raw disks under an idle target).

  $ cd "$CRAMTMP"
  $ truncate -s 16M fs.img; mkfs.ext4 -q -F fs.img; md5sum fs.img >fs.sum
  $ dma-exercise -j j -n 10 -m plain fs.img
  dma-exercise: fs.img: contains an ext4 signature (blkid -p: TYPE=ext4 USAGE=filesystem); use --force to write over it
  [2]
  $ dma-bench lists -m plain -T 0.1 fs.img
  dma-bench: fs.img: contains an ext4 signature (blkid -p: TYPE=ext4 USAGE=filesystem); use --force to write over it
  [2]
  $ truncate -s 8M data; dma-bench path -b 64K -T 0.1 data fs.img
  dma-bench: fs.img: contains an ext4 signature (blkid -p: TYPE=ext4 USAGE=filesystem); use --force to write over it
  [2]
  $ md5sum -c fs.sum; ls j
  fs.img: OK
  ls: cannot access 'j': No such file or directory
  [2]

dm-atomic metadata, and data of any other kind:

  $ truncate -s 16M m.img; dma-format -s 1000 -u 11223344556677889900aabbccddeeff m.img >/dev/null
  $ dma-exercise -j j -n 10 -m plain m.img
  dma-exercise: m.img: contains dm-atomic metadata (uuid 11223344-5566-7788-9900-aabbccddeeff, log 4095 blocks, data 1000 sectors): writing over it destroys the log; use --force to write over it
  [2]
  $ dma-bench path -b 64K -T 0.1 m.img data
  dma-bench: m.img: contains dm-atomic metadata (uuid 11223344-5566-7788-9900-aabbccddeeff, log 4095 blocks, data 1000 sectors): writing over it destroys the log; use --force to write over it
  [2]
  $ truncate -s 16M d.img; printf 'precious' | dd of=d.img bs=1 seek=20000 conv=notrunc status=none
  $ dma-exercise -j j -n 10 -m plain d.img
  dma-exercise: d.img: holds data (a non-zero byte at offset 20000 that no dma-exercise run wrote; no signature blkid -p knows); use --force to write over it
  [2]
  $ dd if=d.img bs=1 skip=20000 count=8 status=none; echo
  precious

Zeros, and blocks an earlier run wrote (a crash may have torn them: still its own), are
written over without asking:

  $ truncate -s 16M z.img
  $ dma-exercise -j j1 -n 50 -m plain -r 0+16 z.img
  $ printf 'x' | dd of=z.img bs=1 seek=100 conv=notrunc status=none
  $ dma-exercise -j j2 -n 50 -m plain -r 0+16 z.img
  $ dma-verify -q z.img j2 | tail -n 1 | sed 's/.*violations/violations/'
  violations: torn 0, durability 0, order 0, corrupt 0, misdirected 0

--force writes over anything (-f for dma-exercise, as in every tool that has it; dma-bench's
-f is --flush, so it has only the long form):

  $ dma-exercise -f -j j -n 10 -m plain d.img
  $ dma-exercise --force -j j -n 10 -m plain m.img
  $ dma-bench lists -m plain -T 0.1 --force fs.img | jq -r '.lists > 0'
  true
  $ dma-bench path -b 64K -T 0.1 --force m.img fs.img | jq -r '.writes > 0'
  true
