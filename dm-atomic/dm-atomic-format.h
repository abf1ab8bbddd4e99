/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dm-atomic on-disk format: the one header shared by the kernel target and
 * the userspace tools (tools/).  Everything on disk is little endian.
 *
 * ---------------------------------------------------------------------------
 * Metadata device layout (all blocks DMAT_BLOCK_SIZE = 4096 bytes)
 *
 *   metadata block 0                    superblock (struct dmat_superblock)
 *   metadata blocks log_start ..        circular log of log_blocks blocks
 *              log_start + log_blocks - 1
 *
 * The formatter uses log_start = 1 and log_blocks = (metadata size / 4096) - 1
 * unless told otherwise.  Blocks past the log are unused.
 *
 * A position in the log is a *log block*: an index 0 .. log_blocks - 1,
 * relative to log_start.  It lives in metadata block log_start + log block.
 *
 * A transaction is one descriptor block (struct dmat_descriptor) followed by
 * its data blocks in the following log blocks, wrapping from log block
 * log_blocks - 1 to log block 0.  Each entry's data starts on a fresh log
 * block and takes DMAT_ENTRY_BLOCKS(nr_sectors) blocks; the unused tail of
 * its last block is padding (written as zeroes, never checked).  Entries are
 * laid out in entry order, so the data of entry i begins
 * 1 + sum(DMAT_ENTRY_BLOCKS(entry j), j < i) log blocks after the descriptor.
 * nr_data_blocks is that sum over all entries.  The next transaction begins
 * right after the last data block.
 *
 * Entries of one transaction may overlap on the data device (a group commit
 * of two lists that write the same sectors): replay applies them in entry
 * order, so the later entry wins.
 *
 * ---------------------------------------------------------------------------
 * Validity of a transaction (checked by dmat_scan(), in this order):
 *   1. magic == DMAT_DESC_MAGIC (an all-zero block is reported "unwritten")
 *   2. csum matches (see "crc32c" below)
 *   3. uuid == superblock uuid        (a log of an older format cannot pass)
 *   4. blocknr == metadata block it was read from   (position salt)
 *   5. seq == expected sequence number (the tail's seq, then +1 per txn)
 *   6. no unknown flag, nr_entries <= DMAT_MAX_ENTRIES, every entry has
 *      nr_sectors >= 1 and lies inside data_sectors, nr_data_blocks equals
 *      the sum above
 *   7. the transaction fits in the log: blocks used since the tail plus
 *      1 + nr_data_blocks (+ 1 for a commit record) <= log_blocks
 *   8. every entry's data crc32c matches (with DMAT_DESC_FLAG_COMMIT_RECORD:
 *      the commit record is valid instead, see "Commit records")
 * The scan replays from (tail_seq, tail_block) and stops at the first
 * transaction that fails any check.  A stale descriptor from an earlier lap
 * of the log (seq < expected), a data block (bad magic), a never-written
 * block (all zero: "unwritten") or a descriptor of an older format (uuid) are
 * the normal ends of the log; a torn descriptor (csum) or torn data (data
 * crc) is the normal end after a crash during a commit.  So is a descriptor
 * in the wrong block (4) whose seq is below the expected one: an older
 * record, a copy of the log's own descriptor in an older data block.  Any
 * other failure of 4-7 is a sound descriptor the writer never writes (a
 * later seq, one of the current run out of place, malformed, past the data
 * device or over the tail): damage or a bug, never a crash.  Recovery
 * refuses such a log and writes nothing; dma-check calls it damaged
 * (dmat_scan_end_is_normal() in dma-scan.c, with the reasoning).
 *
 * Commits may be in flight together, but a writer acknowledges transaction
 * N+1 only after every transaction before it is durable.  So after a crash
 * a valid N+1 may follow a torn N (N+1 was never acknowledged; recovery stops
 * at N and discards both).  To let dma-check tell that legal state from
 * damage in the middle of the log, each descriptor carries durable_seq: every
 * transaction with a smaller seq was durable when this descriptor was
 * written (0 = not recorded).  When the scan stops at N, any valid
 * descriptor with seq > N and durable_seq > N proves N had been durable: the
 * log was damaged and committed data lost (dmat_scan_probe_beyond(), used by
 * dma-check).  The scan itself never looks at durable_seq.
 *
 * The tail (tail_seq, tail_block) moves forward only after the data of every
 * transaction before it was written back to the data device and flushed.
 *
 * After recovery replayed the log up to its end at (next_seq, next_block) and
 * flushed the data device, the tail becomes
 * (next_seq + DMAT_RECOVERY_SEQ_JUMP, next_block).  Why: a transaction N+1 that
 * was in flight with a torn N may sit intact after it.  Were the new run to
 * reuse seq N, N+1 and put a descriptor boundary exactly there, a second
 * crash could make the old, never acknowledged N+1 pass as current.  After
 * the jump it is stale.
 *
 * ---------------------------------------------------------------------------
 * Commit records (zero-copy transactions, DMAT_FEATURE_INCOMPAT_COMMIT_RECORDS)
 *
 * A transaction whose descriptor has DMAT_DESC_FLAG_COMMIT_RECORD is written
 * in two steps: the descriptor and the data (straight from the writer's
 * pages, never checksummed), then, once both are durable (the record goes
 * with REQ_PREFLUSH and REQ_FUA), a commit record (struct dmat_commit) in the
 * log block right after the last data block:
 *
 *   descriptor | data blocks ... | commit record
 *
 * It takes 1 + nr_data_blocks + 1 log blocks; the next transaction begins
 * after the record.  Check 8 above becomes, for such a transaction: the
 * commit record has magic DMAT_COMMIT_MAGIC, a matching csum, the
 * superblock's uuid, its own metadata block in blocknr, the transaction's
 * seq, and the descriptor's csum in desc_csum (so a record left by an
 * earlier lap, or one for another descriptor, never passes).  A
 * transaction without a valid record is torn (DMAT_SCAN_NO_COMMIT, a normal
 * end): its data may be partly written, but nothing of it went in place
 * (the writer writes in place only after the record is durable).  Padding
 * of such a transaction's data blocks is whatever the writer's pages held
 * (the target logs only whole blocks this way).  A superblock of a log that
 * may hold such transactions has DMAT_FEATURE_INCOMPAT_COMMIT_RECORDS, so
 * code that does not know them refuses it rather than calling it damaged.
 *
 * ---------------------------------------------------------------------------
 * Feature flags (ext4 style): three words in the superblock say which
 * optional features the metadata uses, so that a later version can add
 * fields or rules without making metadata of this version unreadable, and
 * so that this version knows what it may do with metadata of a later one.
 * A bit this version does not know (not in DMAT_FEATURE_*_KNOWN) means:
 *
 *   feature_incompat   the metadata cannot be understood without the
 *                      feature: refuse it altogether.  The target refuses
 *                      the table; dma-check, dma-dump and dma-replay report
 *                      it and read no further; dma-format refuses to
 *                      overwrite it without --force.
 *   feature_ro_compat  the metadata can be read correctly, but writing it
 *                      would break the feature: read it, never write it.
 *                      dma-check and dma-dump read it as usual; dma-replay
 *                      refuses to replay; dma-format refuses to overwrite
 *                      it without --force; the target refuses a
 *                      read-write table and reads it in read-only mode.
 *   feature_compat     safe to use as if the feature were absent: ignore
 *                      it, and keep the bit.  Whoever rewrites the
 *                      superblock (the target moving the tail, dma-replay)
 *                      changes only the fields it owns, so the three words
 *                      survive every rewrite.
 *
 * Known features:
 *   incompat DMAT_FEATURE_INCOMPAT_COMMIT_RECORDS   the log may hold
 *        transactions with commit records (see "Commit records"): set by
 *        the target when a table turns zero-copy logging on, and kept.
 *
 *   compat DMAT_FEATURE_COMPAT_FIXED_LOG   the log was formatted with an
 *        explicit size (dma-format --log-blocks): the target keeps it.
 *        Without the bit, activation grows the log to fill a metadata
 *        device that has room past it (after the replay, when the log is
 *        empty).  Compatible: code that does not know it never grows the
 *        log anyway.
 *
 *   compat DMAT_FEATURE_COMPAT_DATA_ID   data_id_kind, data_id_len and
 *        data_id record the identity of the data device the metadata
 *        belongs to (see "Data device identity" below).  Compatible: code
 *        that does not know it checks only the data device's size, as
 *        before, and keeps the fields (they are rewritten from the copy).
 *
 * dmat_sb_build() writes zero words, and superblocks written before the
 * words existed hold zeroes there (they were reserved), so they are valid
 * version-1 superblocks.
 * Feature checks come right after the flags in dmat_sb_validate()'s order
 * (incompat first, then ro_compat), before the geometry is trusted.
 *
 * Modules and tools older than the feature words do not look at them: to
 * them the words are reserved bytes and are ignored.  So a later change that
 * old code must not touch has to bump DMAT_VERSION as well as set an incompat
 * bit (old code refuses any other version); an incompat bit alone protects
 * only against code that knows the words.  Likewise a ro_compat feature is
 * only read-only to code that knows the words: against older code it needs
 * a version bump too, or it must be harmless to write over.
 *
 * ---------------------------------------------------------------------------
 * Data device identity (DMAT_FEATURE_COMPAT_DATA_ID)
 *
 * A raw disk has no identity the kernel can read cheaply and generically,
 * and writing a signature onto the data device would take space from the
 * user and shift the data mapping.  So the superblock records what the
 * kernel (and the tools, from sysfs and the partition table) can read of
 * the data device when the metadata is formatted:
 *
 *   DMAT_DATA_ID_DM_UUID    a device-mapper device with a uuid (an LVM
 *                          logical volume, a multipath map, a dm-crypt
 *                          mapping): its DM uuid.
 *   DMAT_DATA_ID_PART_UUID  otherwise a partition whose table gives it a
 *                          uuid: the kernel's partition uuid (GPT: the
 *                          partition's unique GUID, lower case; MBR: the
 *                          disk signature and the partition number,
 *                          "%08x-%02x"), the PARTUUID of blkid.
 *   DMAT_DATA_ID_NONE       neither (a whole disk, a loop device, an md
 *                          array, a DM device without a uuid): only the
 *                          size is checked.
 *
 * data_id holds data_id_len bytes of text (no NUL; the rest zero).  At
 * activation (and in dma-replay, dma-check --data-dev) the data device's own
 * identity is read the same way.  A recorded DM or partition uuid that the
 * device does not have (another uuid, or none of that kind) refuses it; a
 * recorded NONE, an unknown kind or no DMAT_FEATURE_COMPAT_DATA_ID checks the
 * size only.  A raw disk of the same size is not told apart from another.
 * With the feature bit set, data_id_len > DMAT_DATA_ID_LEN or bytes past it
 * not zero make the superblock invalid.
 *
 * ---------------------------------------------------------------------------
 * Superblocks and descriptors are built only by dmat_sb_build(),
 * dmat_sb_set_tail() and dmat_desc_init()/dmat_desc_add()/dmat_desc_seal() in
 * dma-scan.c, shared by the module and the tools.
 *
 * ---------------------------------------------------------------------------
 * crc32c convention (used for every checksum in this format)
 *
 *   The standard CRC-32C (Castagnoli, reflected polynomial 0x82F63B78),
 *   initial value 0xFFFFFFFF, final xor 0xFFFFFFFF.  Test vector:
 *       crc32c("123456789", 9) == 0xE3069283
 *   Kernel:    crc32c(~0, p, n) ^ ~0      (<linux/crc32c.h>, libcrc32c;
 *              kernel crc32c() does no pre/post inversion itself)
 *   Userspace: dmat_crc32c_raw(~0, p, n) ^ ~0, with dmat_crc32c_raw() in
 *              tools/lib/crc32c.c having exactly the kernel crc32c() semantics.
 *   Both sides use dmat_crc32c(p, n) below, which does exactly that.  A long
 *   range is summed piecewise with dmat_crc32c_raw() starting from ~0 and
 *   xor-ing ~0 at the end.
 *
 *   Superblock csum:  dmat_crc32c() of the whole 4096-byte block with the
 *                     csum field taken as zero.
 *   Descriptor csum:  the same, over the descriptor block.
 *   Commit record csum: the same, over the commit record block.
 *   Entry data crc:   dmat_crc32c() of exactly nr_sectors * 512 data bytes
 *                     (not the padding of the last log block).
 */
#ifndef DM_ATOMIC_FORMAT_H
#define DM_ATOMIC_FORMAT_H

#ifdef __KERNEL__
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/crc32c.h>
#include <linux/math64.h>
#include <asm/byteorder.h>

/*
 * The kernel's crc32c() semantics; dm-atomic-tunables.c picks the kernel
 * implementation (crc32c() or the table-driven __crc32c_le()) at load.
 */
u32 dmat_crc32c_raw(u32 crc, const void *p, size_t n);
#else /* userspace shim (tools/) */
#include <stdint.h>
#include <stddef.h>
#include <string.h>
#include <endian.h>
#include <linux/types.h>	/* __le32, __le64, __u8 ... */

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int64_t s64;

#define cpu_to_le16(x) ((__le16)htole16(x))
#define cpu_to_le32(x) ((__le32)htole32(x))
#define cpu_to_le64(x) ((__le64)htole64(x))
#define le16_to_cpu(x) le16toh((__u16)(x))
#define le32_to_cpu(x) le32toh((__u32)(x))
#define le64_to_cpu(x) le64toh((__u64)(x))

/* Same semantics as the kernel's crc32c(): no pre/post inversion. */
u32 dmat_crc32c_raw(u32 crc, const void *p, size_t n);
#endif

/* Full crc32c of a buffer, by the convention above. */
static inline u32 dmat_crc32c(const void *p, size_t n)
{
	return dmat_crc32c_raw(~0U, p, n) ^ ~0U;
}

#define DMAT_CRC32C_CHECK	0xE3069283U	/* crc32c("123456789") */

#define DMAT_BLOCK_SIZE		4096U
#define DMAT_BLOCK_SHIFT		12
#define DMAT_SECTOR_SHIFT	9
#define DMAT_SECTORS_PER_BLOCK	(DMAT_BLOCK_SIZE >> DMAT_SECTOR_SHIFT)
/* Log blocks taken by an entry of n sectors. */
#define DMAT_ENTRY_BLOCKS(n)	(((u64)(n) + DMAT_SECTORS_PER_BLOCK - 1) / DMAT_SECTORS_PER_BLOCK)

/* "DMATOMSB" as little-endian bytes. */
#define DMAT_SB_MAGIC		0x42534d4f54414d44ULL
#define DMAT_DESC_MAGIC		0x58544d44U	/* "DMTX" */
#define DMAT_COMMIT_MAGIC	0x4d434d44U	/* "DMCM" */
#define DMAT_VERSION		1U
#define DMAT_MIN_LOG_BLOCKS	2U	/* a descriptor and one data block */
#define DMAT_MAX_LOG_BLOCKS	(1ULL << 40)	/* 4 PiB of log */
#define DMAT_RECOVERY_SEQ_JUMP	(1ULL << 32)	/* see "After recovery" above */
/*
 * Sequence numbers stay below DMAT_SEQ_LIMIT: a superblock whose tail_seq is
 * at or above it has a bad geometry, and recovery refuses to move the tail
 * to or past it.  So next_seq + DMAT_RECOVERY_SEQ_JUMP (next_seq is at most
 * tail_seq + DMAT_MAX_LOG_BLOCKS) never wraps, and a wrapped tail can never
 * make stale descriptors look current.  A device formatted with tail_seq 1
 * reaches the limit after 2^30 recoveries or 2^62 transactions.
 */
#define DMAT_SEQ_LIMIT		(1ULL << 62)

/*
 * Superblock flags; any other set bit is refused (so code older than a
 * flag refuses metadata that has it set).
 *
 * DMAT_SB_FLAG_NEEDS_CHECK: the target saw a metadata write fail (a log or
 * superblock write) and set this so the metadata is looked at before it is
 * used again: the target refuses to activate it read-write (read-only mode
 * may), until `dma-check --clear-needs-check` finds it clean and clears it.
 */
#define DMAT_SB_FLAG_NEEDS_CHECK	0x1U
#define DMAT_SB_FLAGS_KNOWN	DMAT_SB_FLAG_NEEDS_CHECK
/*
 * Descriptor flags; any other set bit ends the scan (DMAT_SCAN_BAD_DESC).
 *
 * DMAT_DESC_FLAG_COMMIT_RECORD: a zero-copy transaction (see "Commit
 * records" above).  Its entries carry no data crc (data_crc is zero and not
 * checked); one more log block, the commit record (struct dmat_commit), follows
 * its data, and the transaction is valid only when that record is.
 */
#define DMAT_DESC_FLAG_COMMIT_RECORD	0x1U
#define DMAT_DESC_FLAGS_KNOWN	DMAT_DESC_FLAG_COMMIT_RECORD

/*
 * Superblock feature bits this version knows (see "Feature flags" above).  An unknown incompat bit refuses the metadata, an unknown
 * ro_compat bit allows reading only, an unknown compat bit is ignored.
 */
#define DMAT_FEATURE_COMPAT_FIXED_LOG	0x1U	/* see below */
#define DMAT_FEATURE_COMPAT_DATA_ID	0x2U	/* see "Data device identity" */
#define DMAT_FEATURE_COMPAT_KNOWN	(DMAT_FEATURE_COMPAT_FIXED_LOG | \
					 DMAT_FEATURE_COMPAT_DATA_ID)
#define DMAT_FEATURE_RO_COMPAT_KNOWN	0U
#define DMAT_FEATURE_INCOMPAT_COMMIT_RECORDS	0x1U	/* see "Commit records" */
#define DMAT_FEATURE_INCOMPAT_KNOWN	DMAT_FEATURE_INCOMPAT_COMMIT_RECORDS

/* data_id_kind values (see "Data device identity" above). */
#define DMAT_DATA_ID_NONE	0U
#define DMAT_DATA_ID_DM_UUID	1U
#define DMAT_DATA_ID_PART_UUID	2U
#define DMAT_DATA_ID_LEN		128U	/* a DM uuid is at most 128 characters */

/*
 * Superblock, metadata block 0.  Field order follows dm-clone: checksum,
 * flags, block number, uuid, magic, version, then the geometry and the tail,
 * then the feature words and the data device identity (once reserved, so
 * zero in older superblocks).
 */
struct dmat_superblock {
	__le32 csum;		/* crc32c of the block, this field as 0 */
	__le32 flags;		/* DMAT_SB_FLAGS_KNOWN only */
	__le64 blocknr;		/* 0: the block's own number */
	__u8 uuid[16];		/* random at format; salts every descriptor */
	__le64 magic;		/* DMAT_SB_MAGIC */
	__le32 version;		/* DMAT_VERSION */
	__le32 block_size;	/* bytes, DMAT_BLOCK_SIZE */
	__le64 log_start;	/* first metadata block of the log, >= 1 */
	__le64 log_blocks;	/* log length in blocks, >= DMAT_MIN_LOG_BLOCKS */
	__le64 data_sectors;	/* 512-byte sectors of the data device formatted for */
	__le64 tail_seq;	/* seq of the oldest transaction not known to be
				 * written back and flushed to the data device */
	__le64 tail_block;	/* log block (0 .. log_blocks-1) of that txn */
	__le32 feature_compat;		/* unknown bits: ignored, kept */
	__le32 feature_ro_compat;	/* unknown bits: read-only */
	__le32 feature_incompat;	/* unknown bits: refused */
	__le32 reserved0;		/* zero (alignment) */
	/* With DMAT_FEATURE_COMPAT_DATA_ID (else zero): */
	__le32 data_id_kind;		/* DMAT_DATA_ID_* */
	__le32 data_id_len;		/* bytes of data_id used */
	__u8 data_id[DMAT_DATA_ID_LEN];	/* identity text, zero padded */
	__u8 reserved[4096 - 240];	/* zero */
};

/* One entry: a range of the data device and the crc of its logged data. */
struct dmat_entry {
	__le64 data_sector;	/* first 512-byte sector on the data device */
	__le32 nr_sectors;	/* >= 1; data_sector + nr_sectors <= data_sectors */
	__le32 data_crc;	/* crc32c of the nr_sectors * 512 data bytes */
};

#define DMAT_DESC_HEADER_SIZE	64U
/* Entries a descriptor block holds: 252. */
#define DMAT_MAX_ENTRIES	((DMAT_BLOCK_SIZE - DMAT_DESC_HEADER_SIZE) / 16U)

/* Transaction descriptor, the first log block of every transaction. */
struct dmat_descriptor {
	__le32 csum;		/* crc32c of the block, this field as 0 */
	__le32 magic;		/* DMAT_DESC_MAGIC */
	__le64 seq;		/* transaction sequence number, +1 per txn */
	__le64 blocknr;		/* metadata block (log_start + log block) holding
				 * this descriptor: the position salt */
	__u8 uuid[16];		/* copy of the superblock uuid: format salt */
	__le32 nr_entries;	/* 0 .. DMAT_MAX_ENTRIES */
	__le32 nr_data_blocks;	/* sum of DMAT_ENTRY_BLOCKS(nr_sectors) */
	__le32 flags;		/* DMAT_DESC_FLAGS_KNOWN only */
	__le32 reserved0;	/* zero */
	__le64 durable_seq;	/* every txn with seq < durable_seq was durable
				 * when this was written; 0 = not recorded */
	struct dmat_entry entries[DMAT_MAX_ENTRIES];	/* unused ones zero */
};

/*
 * Commit record: the log block right after the data of a transaction whose
 * descriptor has DMAT_DESC_FLAG_COMMIT_RECORD.  Written only once the
 * descriptor and the data are durable, so a valid record proves them.
 */
struct dmat_commit {
	__le32 csum;		/* crc32c of the block, this field as 0 */
	__le32 magic;		/* DMAT_COMMIT_MAGIC */
	__le64 seq;		/* the transaction's seq */
	__le64 blocknr;		/* metadata block holding this record */
	__u8 uuid[16];		/* copy of the superblock uuid */
	__le32 desc_csum;	/* csum of the descriptor it commits */
	__le32 reserved0;	/* zero */
	__u8 reserved[DMAT_BLOCK_SIZE - 48];	/* zero */
};

_Static_assert(sizeof(struct dmat_superblock) == DMAT_BLOCK_SIZE, "superblock size");
_Static_assert(sizeof(struct dmat_commit) == DMAT_BLOCK_SIZE, "commit record size");
_Static_assert(sizeof(struct dmat_entry) == 16, "entry size");
_Static_assert(sizeof(struct dmat_descriptor) == DMAT_BLOCK_SIZE, "descriptor size");
_Static_assert(offsetof(struct dmat_descriptor, entries) == DMAT_DESC_HEADER_SIZE,
	       "descriptor header size");
_Static_assert(offsetof(struct dmat_superblock, feature_compat) == 88,
	       "feature words follow the version-1 header");
_Static_assert(offsetof(struct dmat_superblock, data_id_kind) == 104,
	       "data device identity follows the feature words");
_Static_assert(offsetof(struct dmat_superblock, reserved) == 240, "superblock header size");

#endif /* DM_ATOMIC_FORMAT_H */
