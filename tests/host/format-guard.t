Formatting never destroys the data device, and says what it would destroy.  dma-format and
dm-atomic-setup format refuse a metadata device that is the data device (compared by device
number for block devices, by file system and inode for files, so another name of the same
file is caught), with --force and -q too.  Before overwriting a metadata device that holds
something, both name it: the signature blkid -p finds (file system, RAID, LVM, partition
table, ...) or a dm-atomic superblock.

  $ cd "$CRAMTMP"
  $ truncate -s 64M d.img; ln -s d.img other-name.img
  $ dma-format -d d.img d.img
  dma-format: d.img and d.img are the same file: the metadata must be another device than the data (formatting would overwrite the data)
  [2]
  $ dma-format -f -d d.img other-name.img
  dma-format: d.img and other-name.img are the same file: the metadata must be another device than the data (formatting would overwrite the data)
  [2]
  $ dm-atomic-setup format d.img other-name.img </dev/null
  dm-atomic-setup: d.img and other-name.img are the same file: the metadata must be another device than the data (formatting would overwrite the data)
  [2]
  $ dm-atomic-setup -q format d.img d.img
  dm-atomic-setup: d.img and d.img are the same file: the metadata must be another device than the data (formatting would overwrite the data)
  [2]
  $ cmp d.img /dev/zero
  cmp: EOF on d.img after byte 67108864, in line 1
  [1]

A data device with a file system, given twice: refused, the file system still there.

  $ truncate -s 16M fs.img; mkfs.ext4 -q -F fs.img
  $ dm-atomic-setup -q format fs.img fs.img
  dm-atomic-setup: fs.img and fs.img are the same file: the metadata must be another device than the data (formatting would overwrite the data)
  [2]
  $ blkid -p -o value -s TYPE fs.img
  ext4

A metadata device with a signature: dma-format names it (and still refuses without --force);
dm-atomic-setup names it in its question, and without a terminal refuses unless -q.

  $ truncate -s 8M m.img
  $ dma-format -s 1000 fs.img
  dma-format: fs.img: contains an ext4 signature (blkid -p: TYPE=ext4 USAGE=filesystem); use --force to overwrite it
  [2]
  $ dm-atomic-setup format d.img fs.img </dev/null
  dm-atomic-setup: fs.img: contains an ext4 signature (blkid -p: TYPE=ext4 USAGE=filesystem); formatting destroys it; not confirmed (standard input is not a terminal: use --batch-mode)
  [2]
  $ blkid -p -o value -s TYPE fs.img
  ext4

On a terminal (script(1) makes one here) the question names it; anything but YES keeps it.

  $ tty_format() { echo "$1" | script -qec "stty -echo; dm-atomic-setup format d.img fs.img" /dev/null | tr -d '\r' | grep -vxF -- "$1" | sed 's/uuid [0-9a-f-]*/uuid U/'; }
  $ tty_format yes
  fs.img: contains an ext4 signature (blkid -p: TYPE=ext4 USAGE=filesystem); formatting destroys it
  Are you sure? (Type YES in capital letters): dm-atomic-setup: not confirmed
  $ blkid -p -o value -s TYPE fs.img
  ext4
  $ tty_format YES
  fs.img: contains an ext4 signature (blkid -p: TYPE=ext4 USAGE=filesystem); formatting destroys it
  Are you sure? (Type YES in capital letters): fs.img: formatted: uuid U, log 4095 blocks at block 1, data 131072 sectors, data device identity: none (only its size is checked)
  $ dma-format -s 131072 m.img | sed 's/uuid [0-9a-f-]*/uuid U/'
  m.img: formatted: uuid U, log 2047 blocks at block 1, data 131072 sectors
  $ dma-format -s 131072 m.img 2>&1 | sed 's/uuid [0-9a-f-]*/uuid U/'
  dma-format: m.img: contains dm-atomic metadata (uuid U, log 2047 blocks, data 131072 sectors), its log empty: nothing would be lost but the metadata; use --force to overwrite it
  $ dm-atomic-setup format d.img m.img </dev/null 2>&1 | sed 's/uuid [0-9a-f-]*/uuid U/'
  dm-atomic-setup: m.img: contains dm-atomic metadata (uuid U, log 2047 blocks, data 131072 sectors), its log empty: nothing would be lost but the metadata; formatting destroys it; not confirmed (standard input is not a terminal: use --batch-mode)

The metadata is named with the data device it records (its DM or partition uuid) and what
its log holds: transactions the data device may lack, or nothing (after a clean close the
data device holds everything).

  $ dma-craft format m2.img 64 131072 >/dev/null; dma-craft sb m2.img data_id=dm-uuid:LVM-vgA-lvdata
  $ dma-format -s 131072 m2.img 2>&1 | sed 's/uuid [0-9a-f-]*-[0-9a-f-]*/uuid U/'
  dma-format: m2.img: contains dm-atomic metadata for the data device with dm-uuid LVM-vgA-lvdata (uuid U, log 64 blocks, data 131072 sectors), its log empty: nothing would be lost but the metadata; use --force to overwrite it
  $ dma-craft txn m2.img 0+8 >/dev/null; dma-craft txn m2.img 64+16 >/dev/null
  $ dma-format -s 131072 m2.img 2>&1 | sed 's/uuid [0-9a-f-]*-[0-9a-f-]*/uuid U/'
  dma-format: m2.img: contains dm-atomic metadata for the data device with dm-uuid LVM-vgA-lvdata (uuid U, log 64 blocks, data 131072 sectors), its log holding 2 transactions (5 blocks) the data device may lack: they would be lost; use --force to overwrite it
  $ dm-atomic-setup --max-bytes 64K --max-segments 8 format d.img m2.img </dev/null 2>&1 | sed 's/uuid [0-9a-f-]*-[0-9a-f-]*/uuid U/'
  dm-atomic-setup: m2.img: contains dm-atomic metadata for the data device with dm-uuid LVM-vgA-lvdata (uuid U, log 64 blocks, data 131072 sectors), its log holding 2 transactions (5 blocks) the data device may lack: they would be lost; formatting destroys it; not confirmed (standard input is not a terminal: use --batch-mode)

Anything else that is not zero is "not empty", with the first such byte.

  $ printf 'x' | dd of=m.img bs=1 seek=0 conv=notrunc status=none; dd if=/dev/zero of=m.img bs=1 seek=32 count=8 conv=notrunc status=none
  $ dma-format -s 1000 m.img
  dma-format: m.img: not empty (non-zero byte at offset 0, no signature blkid -p knows); use --force to overwrite it
  [2]
  $ dm-atomic-setup format d.img m.img </dev/null
  dm-atomic-setup: m.img: not empty (non-zero byte at offset 0, no signature blkid -p knows); formatting destroys it; not confirmed (standard input is not a terminal: use --batch-mode)
  [2]
  $ dm-atomic-setup -q format d.img m.img | sed 's/uuid [0-9a-f-]*/uuid U/'
  m.img: formatted: uuid U, log 2047 blocks at block 1, data 131072 sectors, data device identity: none (only its size is checked)
