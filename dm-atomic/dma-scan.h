/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dm-atomic: superblock validation, format builders and the log scan that
 * recovery runs.  One piece of plain C compiled both into the kernel module
 * (dma-scan.o) and into the userspace tools, so host tests exercise the code
 * recovery runs.
 *
 * No function here allocates memory, sleeps by itself, takes a lock or uses
 * more than a few dozen bytes of stack: every block buffer comes from the
 * caller.  dmat_scan() sleeps only if the caller's read_block() does.
 */
#ifndef DMAT_SCAN_H
#define DMAT_SCAN_H

#include "dm-atomic-format.h"

/* ------------------------------------------------------------------------
 * Superblock
 */

enum dmat_sb_result {
	DMAT_SB_OK = 0,
	DMAT_SB_NEEDS_FORMAT,	/* block is all zero */
	DMAT_SB_WRONG_BLOCKNR,	/* blocknr != 0 */
	DMAT_SB_BAD_MAGIC,
	DMAT_SB_BAD_CSUM,
	DMAT_SB_BAD_VERSION,	/* version != DMAT_VERSION */
	DMAT_SB_BAD_FLAGS,	/* unknown flag bits */
	DMAT_SB_INCOMPAT_FEATURES,	/* unknown feature_incompat bits */
	DMAT_SB_RO_COMPAT_FEATURES,	/* unknown feature_ro_compat bits (not
					 * returned by dmat_sb_validate_read()) */
	DMAT_SB_BAD_GEOMETRY,	/* block_size, log_start, log_blocks, tail */
	DMAT_SB_BAD_DATA_ID,	/* data_id_len too long, or junk past it */
	DMAT_SB_DATA_SIZE_MISMATCH,	/* data_sectors != actual data device */
	DMAT_SB_META_TOO_SMALL,	/* log_start + log_blocks > metadata blocks */
	DMAT_SB_NR_RESULTS
};

/* Human-readable text, and a short identifier for machine-readable output. */
const char *dmat_sb_result_str(enum dmat_sb_result r);
const char *dmat_sb_result_name(enum dmat_sb_result r);

/*
 * Validate a superblock read from metadata block 0, in the order of the enum.
 * data_sectors / meta_blocks: actual sizes of the data device (512-byte
 * sectors) and of the metadata device (4096-byte blocks); pass 0 for either to
 * skip that comparison (a tool looking at a metadata image alone).
 */
enum dmat_sb_result dmat_sb_validate(const struct dmat_superblock *sb,
				     u64 data_sectors, u64 meta_blocks);

/*
 * The same for a caller that only reads the metadata (dma-check, dma-dump):
 * unknown feature_ro_compat bits pass (see "Feature flags" in
 * dm-atomic-format.h), so it never returns DMAT_SB_RO_COMPAT_FEATURES and
 * goes on with the checks after it.  Anything that writes the metadata or
 * the data device on its behalf uses dmat_sb_validate().
 */
enum dmat_sb_result dmat_sb_validate_read(const struct dmat_superblock *sb,
					  u64 data_sectors, u64 meta_blocks);

/* Feature bits set in the superblock that this version does not know. */
static inline u32 dmat_sb_unknown_compat(const struct dmat_superblock *sb)
{
	return le32_to_cpu(sb->feature_compat) & ~DMAT_FEATURE_COMPAT_KNOWN;
}

static inline u32 dmat_sb_unknown_ro_compat(const struct dmat_superblock *sb)
{
	return le32_to_cpu(sb->feature_ro_compat) & ~DMAT_FEATURE_RO_COMPAT_KNOWN;
}

static inline u32 dmat_sb_unknown_incompat(const struct dmat_superblock *sb)
{
	return le32_to_cpu(sb->feature_incompat) & ~DMAT_FEATURE_INCOMPAT_KNOWN;
}

/*
 * Fill *sb for a freshly formatted device (tail_seq 1, tail_block 0) and seal
 * it.  Returns 0, or -1 if the geometry is unusable (log_start < 1,
 * log_blocks < DMAT_MIN_LOG_BLOCKS, data_sectors 0).
 */
int dmat_sb_build(struct dmat_superblock *sb, const u8 uuid[16], u64 log_start,
		  u64 log_blocks, u64 data_sectors);

/*
 * Move the tail (after write-back and a data device flush) and reseal.
 * Every other field, the feature words included, stays as it is.
 */
void dmat_sb_set_tail(struct dmat_superblock *sb, u64 tail_seq, u64 tail_block);

/* ------------------------------------------------------------------------
 * Data device identity (see "Data device identity" in dm-atomic-format.h)
 */
struct dmat_data_id {
	u32 kind;			/* DMAT_DATA_ID_* */
	u32 len;			/* bytes of id, <= DMAT_DATA_ID_LEN */
	char id[DMAT_DATA_ID_LEN + 1];	/* NUL terminated here */
};

enum dmat_data_id_check {
	DMAT_DATA_ID_UNCHECKED,	/* nothing recorded (no feature, NONE, or a
				 * kind this version does not know): size only */
	DMAT_DATA_ID_MATCH,	/* the device has the recorded identity */
	DMAT_DATA_ID_MISMATCH,	/* it has another one, or none of that kind */
};

/* "none", "dm-uuid", "partuuid"; "unknown" for a kind not known here. */
const char *dmat_data_id_kind_name(u32 kind);

/*
 * Record @id (a DMAT_DATA_ID_NONE id included) and set
 * DMAT_FEATURE_COMPAT_DATA_ID; reseals.  Longer ids are cut at
 * DMAT_DATA_ID_LEN (a DM uuid never is longer).
 */
void dmat_sb_set_data_id(struct dmat_superblock *sb, const struct dmat_data_id *id);

/*
 * The identity a valid superblock records, in *@rec; returns 0 if there is
 * none (no DMAT_FEATURE_COMPAT_DATA_ID), 1 otherwise.
 */
int dmat_sb_data_id(const struct dmat_superblock *sb, struct dmat_data_id *rec);

/* Compare the data device's identity @have with what @sb records. */
enum dmat_data_id_check dmat_sb_check_data_id(const struct dmat_superblock *sb,
					      const struct dmat_data_id *have);

/* Recompute sb->csum; call after changing any field. */
void dmat_sb_seal(struct dmat_superblock *sb);

/* ------------------------------------------------------------------------
 * Geometry: what the scan and the descriptor builder need from a validated
 * superblock, in cpu order.
 */
struct dmat_geometry {
	u8 uuid[16];
	u64 log_start;
	u64 log_blocks;
	u64 data_sectors;
};

void dmat_geometry_from_sb(struct dmat_geometry *geo, const struct dmat_superblock *sb);

/* ------------------------------------------------------------------------
 * Descriptor builder.  Usage: dmat_desc_init(); dmat_desc_add() per entry;
 * dmat_desc_seal().  The data blocks follow in the order entries were added.
 */

/* Start an empty descriptor for sequence seq at log block log_block. */
void dmat_desc_init(struct dmat_descriptor *d, const struct dmat_geometry *geo,
		    u64 seq, u64 log_block);

/*
 * Append an entry.  Returns 0; -1 if the descriptor is full, nr_sectors is 0,
 * or the range is not inside the data device.
 */
int dmat_desc_add(struct dmat_descriptor *d, const struct dmat_geometry *geo,
		  u64 data_sector, u32 nr_sectors, u32 data_crc);

/* Record that every transaction before seq was durable (optional). */
static inline void dmat_desc_set_durable_seq(struct dmat_descriptor *d, u64 seq)
{
	d->durable_seq = cpu_to_le64(seq);
}

/* Compute d->csum; call last. */
void dmat_desc_seal(struct dmat_descriptor *d);

/* Mark the descriptor as that of a zero-copy transaction (before sealing). */
static inline void dmat_desc_set_commit_record(struct dmat_descriptor *d)
{
	d->flags |= cpu_to_le32(DMAT_DESC_FLAG_COMMIT_RECORD);
}

static inline int dmat_desc_has_commit_record(const struct dmat_descriptor *d)
{
	return !!(le32_to_cpu(d->flags) & DMAT_DESC_FLAG_COMMIT_RECORD);
}

/*
 * Log blocks a transaction takes: 1 + nr_data_blocks, and the commit record
 * where it has one.
 */
static inline u64 dmat_desc_total_blocks(const struct dmat_descriptor *d)
{
	return 1 + (u64)le32_to_cpu(d->nr_data_blocks) +
	       (dmat_desc_has_commit_record(d) ? 1 : 0);
}

/*
 * Build the commit record of the sealed descriptor @d (at log block
 * @desc_block; the record goes at log block @commit_block).
 */
void dmat_commit_build(struct dmat_commit *c, const struct dmat_geometry *geo,
		       const struct dmat_descriptor *d, u64 commit_block);

/*
 * Is @c the valid commit record of descriptor @d at log block @commit_block?
 * 1 or 0.
 */
int dmat_commit_check(const struct dmat_commit *c, const struct dmat_geometry *geo,
		      const struct dmat_descriptor *d, u64 commit_block);

/*
 * Log block (0 .. log_blocks-1) of a log position possibly past the end.
 * 32-bit kernels have no 64-bit '%' (no __umoddi3): div64_u64_rem() there.
 */
static inline u64 dmat_log_wrap(const struct dmat_geometry *geo, u64 pos)
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

enum dmat_scan_result {
	DMAT_SCAN_RUNNING = 0,	/* internal: not finished */
	DMAT_SCAN_BAD_MAGIC,	/* no descriptor magic (a data block, garbage):
				 * end of the log */
	DMAT_SCAN_DESC_CSUM,	/* descriptor checksum: torn descriptor */
	DMAT_SCAN_SALT_MISMATCH,	/* uuid differs: record of an older format */
	DMAT_SCAN_BLOCKNR_MISMATCH,	/* descriptor written to the wrong place */
	DMAT_SCAN_STALE_SEQ,	/* seq < expected: earlier lap, end of the log */
	DMAT_SCAN_SEQ_GAP,	/* seq > expected: transactions missing */
	DMAT_SCAN_BAD_DESC,	/* flags, nr_entries, zero-length entry or
				 * nr_data_blocks inconsistent */
	DMAT_SCAN_ENTRY_RANGE,	/* entry past the end of the data device */
	DMAT_SCAN_LOG_OVERRUN,	/* transaction would run over the tail */
	DMAT_SCAN_DATA_CRC,	/* data crc of entry bad_entry: torn data */
	DMAT_SCAN_IO_ERROR,	/* read_block failed (io_error holds its value) */
	DMAT_SCAN_STOPPED,	/* the transaction callback asked to stop */
	DMAT_SCAN_UNWRITTEN,	/* an all-zero block: never written since the
				 * format, the clean end of a young log */
	DMAT_SCAN_NO_COMMIT,	/* a transaction with DMAT_DESC_FLAG_COMMIT_RECORD
				 * and no valid commit record: torn */
	DMAT_SCAN_NR_RESULTS
};

/* Human-readable text, and a short identifier for machine-readable output. */
const char *dmat_scan_result_str(enum dmat_scan_result r);
const char *dmat_scan_result_name(enum dmat_scan_result r);

/*
 * True for the ends a healthy log shows: an unwritten block, bad magic (a
 * data block), stale seq, salt mismatch, and a torn last transaction
 * (descriptor csum, data crc, no commit record).  The others point at
 * damage or a bug; but see dmat_scan_end_is_normal(), which judges a
 * finished scan.
 */
int dmat_scan_result_is_normal_end(enum dmat_scan_result r);

/* A valid transaction, as handed to the transaction callback. */
struct dmat_txn {
	u64 seq;
	u64 log_block;		/* log block of the descriptor */
	u32 nr_entries;
	u32 nr_data_blocks;
	u32 flags;		/* DMAT_DESC_FLAG_* */
	const struct dmat_descriptor *desc;	/* entries, little endian */
};

/* Log block where entry i's data begins (walks the entries before i). */
u64 dmat_txn_entry_block(const struct dmat_geometry *geo, const struct dmat_txn *t,
			 u32 i);

struct dmat_scan {
	/* --- in --- */
	const struct dmat_geometry *geo;
	u64 start_seq;		/* the superblock's tail_seq */
	u64 start_block;	/* the superblock's tail_block */
	void *desc_buf;		/* DMAT_BLOCK_SIZE bytes, suitably aligned */
	void *data_buf;		/* DMAT_BLOCK_SIZE bytes, suitably aligned */
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
	 * 0 to continue, anything else to stop (result DMAT_SCAN_STOPPED,
	 * the value in cb_error; next_* then point past this transaction).
	 */
	int (*transaction)(void *ctx, const struct dmat_txn *txn);

	/* --- out --- */
	enum dmat_scan_result result;
	u64 next_seq;		/* seq the next transaction would carry */
	u64 next_block;		/* log block where it would go: the head */
	u64 nr_txns;		/* valid transactions found */
	u64 used_blocks;	/* log blocks they take */
	u64 found_seq;		/* seq in the failing descriptor (STALE, GAP,
				 * BLOCKNR_MISMATCH) */
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
enum dmat_scan_result dmat_scan(struct dmat_scan *s);

/*
 * Did the finished scan @s end where a healthy or crashed log may end?  The
 * normal ends of dmat_scan_result_is_normal_end(), and a block number
 * mismatch whose record is older than the transaction due (found_seq <
 * next_seq: a copy of one of the log's own descriptors in an older data
 * block, as good as a stale record).  Anything else (seq_gap, bad_desc,
 * entry_range, log_overrun, a block number mismatch of a record of the
 * current run, io_error, stopped) is not a crash state: recovery refuses
 * to activate such a log (check_log() in dm-atomic-log.c) and dma-check
 * calls it damaged.  Why, end by end: the comment above its definition in
 * dma-scan.c.
 */
int dmat_scan_end_is_normal(const struct dmat_scan *s);

/*
 * Check one descriptor as dmat_scan() would, without its data (steps 1-7 of
 * the header comment; used_blocks is the log space already taken since the
 * tail).  Returns DMAT_SCAN_RUNNING when it passes.  bad_entry is set for
 * BAD_DESC / ENTRY_RANGE.
 */
enum dmat_scan_result dmat_desc_check(const struct dmat_descriptor *d,
				      const struct dmat_geometry *geo,
				    u64 expected_seq, u64 log_block,
				    u64 used_blocks, u32 *bad_entry);

enum dmat_probe_result {
	DMAT_PROBE_NOTHING = 0,	/* nothing beyond the end of the log */
	DMAT_PROBE_INFLIGHT,	/* a valid transaction next_seq + 1 that does not
				 * record next_seq as durable: it was in flight
				 * with the one that ended the log (legal) */
	DMAT_PROBE_DAMAGE,	/* a valid transaction whose durable_seq says the
				 * transaction that ended the log was durable:
				 * committed data was lost */
};

/*
 * After dmat_scan() ended normally (dmat_scan_end_is_normal()), read the
 * whole log for proof of damage: a sound descriptor (magic, checksum, uuid,
 * position) with seq > next_seq whose durable_seq > next_seq says the
 * transaction where the scan stopped had been durable (see durable_seq in
 * dm-atomic-format.h).  Returns an enum dmat_probe_result, *log_block and *seq
 * saying which descriptor; or read_block's negative errno (*log_block set).
 * Reads log_blocks blocks: for dma-check, not for activation.  Overwrites
 * s->desc_buf.
 */
int dmat_scan_probe_beyond(struct dmat_scan *s, u64 *log_block, u64 *seq);

/*
 * The same proof, looked for only in the @window log blocks from where the
 * scan stopped (s->next_block) on: what activation can afford.  The
 * transactions written after a damaged one N follow it in the log, so with
 * a window of two of the largest transactions the probe sees N+1 and N+2:
 * with at most two commits in flight, the first that can record N as
 * durable unless N's own write was overtaken by several later ones.  Such
 * a longer run can put the proof past the window; dmat_scan_probe_beyond()
 * (dma-check) still finds it.  Reads at most @window blocks; overwrites
 * s->desc_buf.
 */
int dmat_scan_probe_after(struct dmat_scan *s, u64 window, u64 *log_block, u64 *seq);

#endif /* DMAT_SCAN_H */
