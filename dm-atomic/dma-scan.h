/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dm-atomic: superblock validation, format builders and the log scan that
 * recovery runs.  One piece of plain C compiled both into the kernel module
 * (dma-scan.o) and into the userspace tools, so host tests exercise the code
 * recovery runs.
 *
 * No function here allocates memory, sleeps by itself, takes a lock or uses
 * more than a few dozen bytes of stack: every block buffer comes from the
 * caller.  dma_scan() sleeps only if the caller's read_block() does.
 */
#ifndef DMA_SCAN_H
#define DMA_SCAN_H

#include "dm-atomic-format.h"

/* ------------------------------------------------------------------------
 * Superblock
 */

enum dma_sb_result {
	DMA_SB_OK = 0,
	DMA_SB_NEEDS_FORMAT,	/* block is all zero */
	DMA_SB_WRONG_BLOCKNR,	/* blocknr != 0 */
	DMA_SB_BAD_MAGIC,
	DMA_SB_BAD_CSUM,
	DMA_SB_BAD_VERSION,	/* version != DMA_VERSION */
	DMA_SB_BAD_FLAGS,	/* unknown flag bits */
	DMA_SB_INCOMPAT_FEATURES,	/* unknown feature_incompat bits */
	DMA_SB_RO_COMPAT_FEATURES,	/* unknown feature_ro_compat bits (not
					 * returned by dma_sb_validate_read()) */
	DMA_SB_BAD_GEOMETRY,	/* block_size, log_start, log_blocks, tail */
	DMA_SB_BAD_DATA_ID,	/* data_id_len too long, or junk past it */
	DMA_SB_DATA_SIZE_MISMATCH,	/* data_sectors != actual data device */
	DMA_SB_META_TOO_SMALL,	/* log_start + log_blocks > metadata blocks */
	DMA_SB_NR_RESULTS
};

/* Human-readable text, and a short identifier for machine-readable output. */
const char *dma_sb_result_str(enum dma_sb_result r);
const char *dma_sb_result_name(enum dma_sb_result r);

/*
 * Validate a superblock read from metadata block 0, in the order of the enum.
 * data_sectors / meta_blocks: actual sizes of the data device (512-byte
 * sectors) and of the metadata device (4096-byte blocks); pass 0 for either to
 * skip that comparison (a tool looking at a metadata image alone).
 */
enum dma_sb_result dma_sb_validate(const struct dma_superblock *sb,
				   u64 data_sectors, u64 meta_blocks);

/*
 * The same for a caller that only reads the metadata (dma-check, dma-dump):
 * unknown feature_ro_compat bits pass (see "Feature flags" in
 * dm-atomic-format.h), so it never returns DMA_SB_RO_COMPAT_FEATURES and
 * goes on with the checks after it.  Anything that writes the metadata or
 * the data device on its behalf uses dma_sb_validate().
 */
enum dma_sb_result dma_sb_validate_read(const struct dma_superblock *sb,
					u64 data_sectors, u64 meta_blocks);

/* Feature bits set in the superblock that this version does not know. */
static inline u32 dma_sb_unknown_compat(const struct dma_superblock *sb)
{
	return le32_to_cpu(sb->feature_compat) & ~DMA_FEATURE_COMPAT_KNOWN;
}

static inline u32 dma_sb_unknown_ro_compat(const struct dma_superblock *sb)
{
	return le32_to_cpu(sb->feature_ro_compat) & ~DMA_FEATURE_RO_COMPAT_KNOWN;
}

static inline u32 dma_sb_unknown_incompat(const struct dma_superblock *sb)
{
	return le32_to_cpu(sb->feature_incompat) & ~DMA_FEATURE_INCOMPAT_KNOWN;
}

/*
 * Fill *sb for a freshly formatted device (tail_seq 1, tail_block 0) and seal
 * it.  Returns 0, or -1 if the geometry is unusable (log_start < 1,
 * log_blocks < DMA_MIN_LOG_BLOCKS, data_sectors 0).
 */
int dma_sb_build(struct dma_superblock *sb, const u8 uuid[16], u64 log_start,
		 u64 log_blocks, u64 data_sectors);

/*
 * Move the tail (after write-back and a data device flush) and reseal.
 * Every other field, the feature words included, stays as it is.
 */
void dma_sb_set_tail(struct dma_superblock *sb, u64 tail_seq, u64 tail_block);

/* ------------------------------------------------------------------------
 * Data device identity (see "Data device identity" in dm-atomic-format.h)
 */
struct dma_data_id {
	u32 kind;			/* DMA_DATA_ID_* */
	u32 len;			/* bytes of id, <= DMA_DATA_ID_LEN */
	char id[DMA_DATA_ID_LEN + 1];	/* NUL terminated here */
};

enum dma_data_id_check {
	DMA_DATA_ID_UNCHECKED,	/* nothing recorded (no feature, NONE, or a
				 * kind this version does not know): size only */
	DMA_DATA_ID_MATCH,	/* the device has the recorded identity */
	DMA_DATA_ID_MISMATCH,	/* it has another one, or none of that kind */
};

/* "none", "dm-uuid", "partuuid"; "unknown" for a kind not known here. */
const char *dma_data_id_kind_name(u32 kind);

/*
 * Record @id (a DMA_DATA_ID_NONE id included) and set
 * DMA_FEATURE_COMPAT_DATA_ID; reseals.  Longer ids are cut at
 * DMA_DATA_ID_LEN (a DM uuid never is longer).
 */
void dma_sb_set_data_id(struct dma_superblock *sb, const struct dma_data_id *id);

/*
 * The identity a valid superblock records, in *@rec; returns 0 if there is
 * none (no DMA_FEATURE_COMPAT_DATA_ID), 1 otherwise.
 */
int dma_sb_data_id(const struct dma_superblock *sb, struct dma_data_id *rec);

/* Compare the data device's identity @have with what @sb records. */
enum dma_data_id_check dma_sb_check_data_id(const struct dma_superblock *sb,
					    const struct dma_data_id *have);

/* Recompute sb->csum; call after changing any field. */
void dma_sb_seal(struct dma_superblock *sb);

/* ------------------------------------------------------------------------
 * Geometry: what the scan and the descriptor builder need from a validated
 * superblock, in cpu order.
 */
struct dma_geometry {
	u8 uuid[16];
	u64 log_start;
	u64 log_blocks;
	u64 data_sectors;
};

void dma_geometry_from_sb(struct dma_geometry *geo, const struct dma_superblock *sb);

/* ------------------------------------------------------------------------
 * Descriptor builder.  Usage: dma_desc_init(); dma_desc_add() per entry;
 * dma_desc_seal().  The data blocks follow in the order entries were added.
 */

/* Start an empty descriptor for sequence seq at log block log_block. */
void dma_desc_init(struct dma_descriptor *d, const struct dma_geometry *geo,
		   u64 seq, u64 log_block);

/*
 * Append an entry.  Returns 0; -1 if the descriptor is full, nr_sectors is 0,
 * or the range is not inside the data device.
 */
int dma_desc_add(struct dma_descriptor *d, const struct dma_geometry *geo,
		 u64 data_sector, u32 nr_sectors, u32 data_crc);

/* Record that every transaction before seq was durable (optional). */
static inline void dma_desc_set_durable_seq(struct dma_descriptor *d, u64 seq)
{
	d->durable_seq = cpu_to_le64(seq);
}

/* Compute d->csum; call last. */
void dma_desc_seal(struct dma_descriptor *d);

/* Mark the descriptor as that of a zero-copy transaction (before sealing). */
static inline void dma_desc_set_commit_record(struct dma_descriptor *d)
{
	d->flags |= cpu_to_le32(DMA_DESC_FLAG_COMMIT_RECORD);
}

static inline int dma_desc_has_commit_record(const struct dma_descriptor *d)
{
	return !!(le32_to_cpu(d->flags) & DMA_DESC_FLAG_COMMIT_RECORD);
}

/*
 * Log blocks a transaction takes: 1 + nr_data_blocks, and the commit record
 * where it has one.
 */
static inline u64 dma_desc_total_blocks(const struct dma_descriptor *d)
{
	return 1 + (u64)le32_to_cpu(d->nr_data_blocks) +
	       (dma_desc_has_commit_record(d) ? 1 : 0);
}

/*
 * Build the commit record of the sealed descriptor @d (at log block
 * @desc_block; the record goes at log block @commit_block).
 */
void dma_commit_build(struct dma_commit *c, const struct dma_geometry *geo,
		      const struct dma_descriptor *d, u64 commit_block);

/*
 * Is @c the valid commit record of descriptor @d at log block @commit_block?
 * 1 or 0.
 */
int dma_commit_check(const struct dma_commit *c, const struct dma_geometry *geo,
		     const struct dma_descriptor *d, u64 commit_block);

/*
 * Log block (0 .. log_blocks-1) of a log position possibly past the end.
 * 32-bit kernels have no 64-bit '%' (no __umoddi3): div64_u64_rem() there.
 */
static inline u64 dma_log_wrap(const struct dma_geometry *geo, u64 pos)
{
#ifdef __KERNEL__
	u64 rem;

	div64_u64_rem(pos, geo->log_blocks, &rem);
	return rem;
#else
	return pos % geo->log_blocks;
#endif
}

/* ------------------------------------------------------------------------
 * Log scan
 */

enum dma_scan_result {
	DMA_SCAN_RUNNING = 0,	/* internal: not finished */
	DMA_SCAN_BAD_MAGIC,	/* no descriptor magic (a data block, garbage):
				 * end of the log */
	DMA_SCAN_DESC_CSUM,	/* descriptor checksum: torn descriptor */
	DMA_SCAN_SALT_MISMATCH,	/* uuid differs: record of an older format */
	DMA_SCAN_BLOCKNR_MISMATCH,	/* descriptor written to the wrong place */
	DMA_SCAN_STALE_SEQ,	/* seq < expected: earlier lap, end of the log */
	DMA_SCAN_SEQ_GAP,	/* seq > expected: transactions missing */
	DMA_SCAN_BAD_DESC,	/* flags, nr_entries, zero-length entry or
				 * nr_data_blocks inconsistent */
	DMA_SCAN_ENTRY_RANGE,	/* entry past the end of the data device */
	DMA_SCAN_LOG_OVERRUN,	/* transaction would run over the tail */
	DMA_SCAN_DATA_CRC,	/* data crc of entry bad_entry: torn data */
	DMA_SCAN_IO_ERROR,	/* read_block failed (io_error holds its value) */
	DMA_SCAN_STOPPED,	/* the transaction callback asked to stop */
	DMA_SCAN_UNWRITTEN,	/* an all-zero block: never written since the
				 * format, the clean end of a young log */
	DMA_SCAN_NO_COMMIT,	/* a transaction with DMA_DESC_FLAG_COMMIT_RECORD
				 * and no valid commit record: torn */
	DMA_SCAN_NR_RESULTS
};

/* Human-readable text, and a short identifier for machine-readable output. */
const char *dma_scan_result_str(enum dma_scan_result r);
const char *dma_scan_result_name(enum dma_scan_result r);

/*
 * True for the ends a healthy log shows: an unwritten block, bad magic (a
 * data block), stale seq, salt mismatch, and a torn last transaction
 * (descriptor csum, data crc).  The others point at damage or a bug.
 */
int dma_scan_result_is_normal_end(enum dma_scan_result r);

/* A valid transaction, as handed to the transaction callback. */
struct dma_txn {
	u64 seq;
	u64 log_block;		/* log block of the descriptor */
	u32 nr_entries;
	u32 nr_data_blocks;
	u32 flags;		/* DMA_DESC_FLAG_* */
	const struct dma_descriptor *desc;	/* entries, little endian */
};

/* Log block where entry i's data begins (walks the entries before i). */
u64 dma_txn_entry_block(const struct dma_geometry *geo, const struct dma_txn *t,
			u32 i);

struct dma_scan {
	/* --- in --- */
	const struct dma_geometry *geo;
	u64 start_seq;		/* the superblock's tail_seq */
	u64 start_block;	/* the superblock's tail_block */
	void *desc_buf;		/* DMA_BLOCK_SIZE bytes, suitably aligned */
	void *data_buf;		/* DMA_BLOCK_SIZE bytes, suitably aligned */
	void *ctx;
	/* Read metadata block meta_block into buf; 0 or a negative errno. */
	int (*read_block)(void *ctx, u64 meta_block, void *buf);
	/*
	 * Optional, the same for the blocks the scan jumps to: each
	 * descriptor, and the commit record past a zero-copy transaction's
	 * data (which the scan does not read).  A caller that reads ahead in
	 * large windows may read these alone.  NULL: read_block.
	 */
	int (*read_sparse)(void *ctx, u64 meta_block, void *buf);
	/*
	 * Called for each valid transaction, in log order; optional.  Return
	 * 0 to continue, anything else to stop (result DMA_SCAN_STOPPED,
	 * the value in cb_error; next_* then point past this transaction).
	 */
	int (*transaction)(void *ctx, const struct dma_txn *txn);

	/* --- out --- */
	enum dma_scan_result result;
	u64 next_seq;		/* seq the next transaction would carry */
	u64 next_block;		/* log block where it would go: the head */
	u64 nr_txns;		/* valid transactions found */
	u64 used_blocks;	/* log blocks they take */
	u64 found_seq;		/* seq in the failing descriptor (STALE/GAP) */
	u64 bad_block;		/* log block where the check failed (for data
				 * crc: the first block of the bad entry; for
				 * no commit: the commit record's block) */
	u32 bad_entry;		/* entry index (ENTRY_RANGE, DATA_CRC, BAD_DESC) */
	int io_error;		/* read_block's value (IO_ERROR) */
	int cb_error;		/* transaction's value (STOPPED) */
};

/*
 * Scan the log from (start_seq, start_block).  Fills the out fields and
 * returns s->result.  Never writes anything.
 */
enum dma_scan_result dma_scan(struct dma_scan *s);

/*
 * Check one descriptor as dma_scan() would, without its data (steps 1-7 of
 * the header comment; used_blocks is the log space already taken since the
 * tail).  Returns DMA_SCAN_RUNNING when it passes.  bad_entry is set for
 * BAD_DESC / ENTRY_RANGE.
 */
enum dma_scan_result dma_desc_check(const struct dma_descriptor *d,
				    const struct dma_geometry *geo,
				    u64 expected_seq, u64 log_block,
				    u64 used_blocks, u32 *bad_entry);

enum dma_probe_result {
	DMA_PROBE_NOTHING = 0,	/* nothing beyond the end of the log */
	DMA_PROBE_INFLIGHT,	/* a valid transaction next_seq + 1 that does not
				 * record next_seq as durable: it was in flight
				 * with the one that ended the log (legal) */
	DMA_PROBE_DAMAGE,	/* a valid transaction whose durable_seq says the
				 * transaction that ended the log was durable:
				 * committed data was lost */
};

/*
 * After dma_scan() ended normally (dma_scan_result_is_normal_end()), read the
 * whole log for proof of damage: a sound descriptor (magic, checksum, uuid,
 * position) with seq > next_seq whose durable_seq > next_seq says the
 * transaction where the scan stopped had been durable (see durable_seq in
 * dm-atomic-format.h).  Returns an enum dma_probe_result, *log_block and *seq
 * saying which descriptor; or read_block's negative errno (*log_block set).
 * Reads log_blocks blocks: for dma-check, not for activation.  Overwrites
 * s->desc_buf.
 */
int dma_scan_probe_beyond(struct dma_scan *s, u64 *log_block, u64 *seq);

/*
 * The same proof, looked for only in the @window log blocks from where the
 * scan stopped (s->next_block) on: what activation can afford.  The
 * transactions written after a damaged one N follow it in the log, so with
 * a window of two of the largest transactions the probe sees N+1 and N+2:
 * with at most two commits in flight, the first that can record N as
 * durable unless N's own write was overtaken by several later ones.  Such
 * a longer run can put the proof past the window; dma_scan_probe_beyond()
 * (dma-check) still finds it.  Reads at most @window blocks; overwrites
 * s->desc_buf.
 */
int dma_scan_probe_after(struct dma_scan *s, u64 window, u64 *log_block, u64 *seq);

#endif /* DMA_SCAN_H */
