Metadata checks at activation: a formatted superblock is accepted; each kind of damage is
refused with its own error and leaves the metadata device exactly as it was; the offline
tools agree with the target.  Feature flags: unknown incompatible and read-only-compatible
features are refused, unknown compatible ones ignored and kept.

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 3
  $ _require_dm_atomic
  $ SZ=$(_sectors $SCRATCH0)
  $ try() {
  >   dmesg -C
  >   if dmsetup create dma-m --table "${1:-0 $SZ atomic $SCRATCH0 $SCRATCH1}" 2>/dev/null; then echo accepted; dmsetup remove dma-m; return; fi
  >   dmesg | sed -n 's/.*device-mapper: table: [0-9]*:[0-9]*: atomic: //p' | tail -1
  > }
  $ sb_sum() { head -c 8192 $SCRATCH1 | sha256sum | cut -c1-16; }

Format by activating on zeroes, write something, deactivate.

  $ try
  accepted
  $ dma-check -q $SCRATCH1; echo "dma-check: $?"
  dma-check: 0
  $ good=$(sb_sum)

One flipped byte anywhere in the superblock is a checksum mismatch.

  $ printf '\001' | dd of=$SCRATCH1 bs=1 seek=1000 conv=notrunc status=none
  $ before=$(sb_sum); try; [ "$(sb_sum)" = "$before" ] && echo unchanged
  Superblock checksum mismatch (-EINVAL)
  unchanged
  $ dma-check -q $SCRATCH1 >/dev/null 2>&1; echo "dma-check: $?"
  dma-check: 7
  $ printf '\000' | dd of=$SCRATCH1 bs=1 seek=1000 conv=notrunc status=none
  $ [ "$(sb_sum)" = "$good" ] && try
  accepted

Damaged fields, checked in order (resealed, so only the field is wrong).

  $ for f in blocknr=1 magic=1 version=2 flags=4 block_size=512 log_start=0 tail_seq=4611686018427387904 log_blocks=999999999 data_sectors=99999999; do
  >   dma-craft sb $SCRATCH1 $f >/dev/null || echo "craft $f failed"
  >   before=$(sb_sum); printf '%s: ' "${f%=*}"; try
  >   [ "$(sb_sum)" = "$before" ] || echo "METADATA CHANGED by a refused table"
  >   dd if=/dev/zero of=$SCRATCH1 bs=4096 count=1 conv=notrunc status=none
  >   try >/dev/null; good=$(sb_sum)
  > done
  blocknr: Superblock has the wrong block number (-EINVAL)
  magic: Superblock has a bad magic number (not dm-atomic metadata) (-EINVAL)
  version: Superblock has an unsupported version (-EINVAL)
  flags: Superblock has unsupported flags (-EINVAL)
  block_size: Superblock has a bad geometry (-EINVAL)
  log_start: Superblock has a bad geometry (-EINVAL)
  tail_seq: Superblock has a bad geometry (-EINVAL)
  log_blocks: Metadata device smaller than the log in the superblock (-EINVAL)
  data_sectors: Data device is smaller than the superblock records: shrinking is not supported (-EINVAL)

Feature flags in the superblock.  An unknown incompatible feature refuses the metadata; an
unknown read-only-compatible one refuses it read-write (read-only mode may read it:
atomic-readonly.t; dma-check still reads it).  The kernel log names the bits; the metadata is left as it was.

  $ klog() { dmesg | sed -n 's/.*device-mapper: atomic: [^:]*: //p'; }
  $ dma-craft sb $SCRATCH1 incompat=3
  $ before=$(sb_sum); try; [ "$(sb_sum)" = "$before" ] && echo unchanged
  Superblock has incompatible features this version does not know (-EINVAL)
  unchanged
  $ klog
  superblock has incompatible features this version does not know (incompat 0x2); not using the metadata
  $ dma-check -q $SCRATCH1; echo "dma-check: $?"
  superblock: incompatible features this version does not know (incompat 0x2): only a newer version can use this metadata
  unsupported
  dma-check: 2
  $ dma-craft sb $SCRATCH1 incompat=0 ro_compat=1
  $ before=$(sb_sum); try; [ "$(sb_sum)" = "$before" ] && echo unchanged
  Superblock has read-only-compatible features this version does not know: cannot activate read-write (-EINVAL)
  unchanged
  $ klog
  superblock has read-only-compatible features this version does not know (ro_compat 0x1); it can only be used read-only (a read-only table or the read_only feature)
  $ dma-check -q $SCRATCH1; echo "dma-check: $?"
  dma-check: 0

An unknown compatible feature is ignored, and the bit survives every rewrite of the
superblock: recovery at activation, checkpoints after logged writes, the removal.

  $ tailseq() {  # the tail on disk (a live read past the page cache)
  >   blockdev --flushbufs $SCRATCH1
  >   dma-dump --kv --live $SCRATCH1 | sed -n 's/^superblock.* tail_seq=\([0-9]*\).*/\1/p'
  > }
  $ dma-craft sb $SCRATCH1 ro_compat=0 compat=4; seq0=$(tailseq)
  $ dmesg -C; dmsetup create dma-m --table "0 $SZ atomic $SCRATCH0 $SCRATCH1"
  $ klog | grep features
  superblock has compatible features this version does not know (compat 0x4): ignored
  $ seq1=$(tailseq); [ "$seq1" -gt "$seq0" ] && echo "activation rewrote the superblock"
  activation rewrote the superblock
  $ dma-exercise -j /tmp/jf -m ioctl -n 50 -S 3 -r 0+4096 /dev/mapper/dma-m >/dev/null; echo "exercise: $?"
  exercise: 0
  $ dmsetup status dma-m | awk '$5 > 0 { print "writes were logged" }'
  writes were logged
  $ dmsetup message dma-m 0 checkpoint >/dev/null
  $ seq2=$(tailseq); [ "$seq2" -gt "$seq1" ] && echo "write-back and the checkpoint moved the tail"
  write-back and the checkpoint moved the tail
  $ dma-dump --kv --live $SCRATCH1 | grep -o 'feature_compat=[^ ]*'
  feature_compat=0x4
  $ dmsetup remove dma-m
  $ dma-dump $SCRATCH1 | head -1 | grep -o 'features.*'
  features compat 0x4 ro_compat 0x0 incompat 0x0 (not known to this version: compat 0x4, ignored)
  $ dma-check -q $SCRATCH1; echo "dma-check: $?"
  dma-check: 0
  $ dma-craft sb $SCRATCH1 compat=0; try
  accepted

The same metadata with a data device of another size is refused; with the right one accepted.

  $ dmsetup create dma-half --table "0 $((SZ / 2)) linear $SCRATCH0 0"
  $ try "0 $((SZ / 2)) atomic /dev/mapper/dma-half $SCRATCH1"
  Data device is smaller than the superblock records: shrinking is not supported (-EINVAL)
  $ dmsetup remove dma-half
  $ try
  accepted

Metadata that is neither zero nor dm-atomic (here a filesystem) is refused, not formatted.

  $ mkfs.ext4 -q -F $SCRATCH2 2>/dev/null
  $ before=$(head -c 1M $SCRATCH2 | sha256sum)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH2"
  Superblock has a bad magic number (not dm-atomic metadata) (-EINVAL)
  $ [ "$(head -c 1M $SCRATCH2 | sha256sum)" = "$before" ] && echo unchanged
  unchanged

A superblock formatted by dma-format is accepted by the target.

  $ dd if=/dev/zero of=$SCRATCH2 bs=1M count=4 status=none
  $ dma-format --force --data-dev $SCRATCH0 $SCRATCH2 | sed 's/uuid [0-9a-f-]*/uuid U/'
  /dev/vd?: formatted: uuid U, log 131071 blocks at block 1, data 1048576 sectors, data device identity: none (only its size is checked) (glob)
  $ try "0 $SZ atomic $SCRATCH0 $SCRATCH2"
  accepted
