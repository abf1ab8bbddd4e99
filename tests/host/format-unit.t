Unit tests of the shared on-disk format code (dm-atomic/dma-scan.c, the
same file the kernel module compiles), the userspace crc32c, and the module's
index of logged ranges (dm-atomic/dm-atomic-index.h, the same header the
module includes) against a model with one owner per sector; and how the
tools read the kernel's list interface from a device's queue attributes
(tools/lib/alist.c: the v2 series, the v3 series, neither).

  $ dma-unit
  ok crc32c("123456789") = E3069283
  ok sliced crc32c matches the bitwise reference (all alignments)
  ok superblock round trip and 11 distinct refusals
  ok two transactions round trip, head at log block 6
  ok wrap-around, head at log block 4 seq 42
  ok every scan verdict as expected; seq_gap, blocknr_mismatch of a current record, bad_desc, entry_range and log_overrun are not normal ends
  ok descriptor holds 252 entries
  ok commit records: valid, missing, torn, foreign and wrapped ones scanned as they must
  ok 3000 random logs: every flipped byte stops the scan exactly where it must
  ok crash model: over 2000 crashes, every acknowledged transaction found, nothing torn or stale replayed
  ok dma-check's probe: no crash state called damage, every damaged acknowledged transaction proven
  ok no crash state and no checkpoint ends abnormally, ends on descriptors copied into data blocks included
  ok without DMAT_RECOVERY_SEQ_JUMP the model resurrects stale transactions
  ok index: 6000 transactions, inserts and retires, match a per-sector model (splits, trims, erases), no node in retired memory
  ok list interface: v2, v3 and no-series queue attributes named as they must; RWF_ATOMIC only for a power of two within the units, aligned
