/* SPDX-License-Identifier: GPL-2.0 */
/* Reading a dm-atomic metadata device or image: superblock and log scan. */
#ifndef DMA_META_H
#define DMA_META_H

#include "dma-scan.h"

struct meta {
	const char *path;
	int fd;
	uint64_t size;		/* bytes */
	uint64_t blocks;	/* whole 4096-byte blocks */
	int is_blk;
	int truncated;		/* smaller than one block: no superblock */
	int read_only;		/* opened O_RDONLY: dmat_sb_validate_read() */
	uint64_t data_sectors;	/* the data size checked against, 0 = none */
	struct dmat_superblock *sb;
	enum dmat_sb_result sbr;
	struct dmat_geometry geo;	/* valid when sbr == DMAT_SB_OK */
	void *desc_buf, *data_buf;
	int (*txn_cb)(void *ctx, const struct dmat_txn *t);
	void *txn_ctx;
	const char *progress;	/* meta_check_log(): show progress as this */
	uint64_t reads;		/* log blocks read for it */
};

/*
 * Open (O_EXCL on a block device if excl) and read and validate the
 * superblock.  Dies on a missing device (exit 4), one in use (5), an I/O error (6); an invalid superblock
 * is not an error here: see meta_sb_problem().  data_sectors 0 = unknown.
 * Opened O_RDONLY, the superblock is validated for reading
 * (dmat_sb_validate_read(): unknown ro_compat features pass, see
 * meta_ro_compat_problem()); opened for writing, they make it invalid.
 */
void meta_open(struct meta *m, const char *path, int flags, int excl,
	       uint64_t data_sectors);

/*
 * Why the superblock opened by meta_open() is unusable: "truncated" or
 * dmat_sb_result_str() of the validation, with both sizes where a size does
 * not match ("data device size mismatch: formatted for 16384 sectors, the data
 * device has 8192"); NULL when it is valid.  Points to a static buffer.  The
 * tools report it as damaged (exit 7), except an unformatted device and
 * unsupported metadata (exit 2).
 */
const char *meta_sb_problem(const struct meta *m);

/*
 * Block 0 is all zero: the target formats such a device when it is first
 * activated (it is not damaged; there is nothing in it to check or replay).
 */
int meta_unformatted(const struct meta *m);

/*
 * The superblock has incompat features this version does not know: not
 * damaged, but unusable here (the tools say "unsupported", exit 2: refused).
 */
int meta_unsupported(const struct meta *m);

/*
 * A superblock valid for reading that has ro_compat features this version
 * does not know: why it must not be written (static buffer), else NULL.  A
 * tool opened O_RDONLY that would write on the strength of what it read
 * (dma-replay --dry-run) refuses with it.
 */
const char *meta_ro_compat_problem(const struct meta *m);

/* How the log scan ended, judged as dma-check and dma-replay judge it. */
struct log_verdict {
	int damaged;		/* abnormal end, or proof of lost committed data */
	int beyond;		/* DMAT_PROBE_* past a normal end (else NOTHING) */
	u64 at, at_seq;		/* the descriptor found beyond, for messages */
	char end[256];		/* scan_end_str() */
};

/*
 * meta_scan() from the tail, then, where the log ends normally, probe beyond
 * the end (dmat_scan_probe_beyond()) for a descriptor proving that committed
 * transactions were lost.  Returns v->damaged: 1 = damaged (exit 7
 * for the caller), 0 = the log ends as a healthy or crashed log ends.
 * Dies with exit 6 on a read error ("PATH: <end>" or "PATH: reading log
 * block N: ...").
 */
int meta_check_log(struct meta *m, struct dmat_scan *s,
		   int (*cb)(void *ctx, const struct dmat_txn *t), void *ctx,
		   struct log_verdict *v);

/*
 * Sectors of a data device of size bytes (path for the message); dies with
 * exit 2 (refused) unless size is a non-zero multiple of 512.
 */
uint64_t data_size_sectors(const char *path, uint64_t size);

/* dmat_scan() over m from the superblock tail; transaction callback optional. */
enum dmat_scan_result meta_scan(struct meta *m, struct dmat_scan *s,
			       int (*cb)(void *ctx, const struct dmat_txn *t),
			       void *ctx);

/* read_block callback for a struct meta (ctx). */
int meta_read_block(void *ctx, u64 meta_block, void *buf);

/*
 * Limits of the superblock fields as dmat_sb_validate() and dmat_sb_build()
 * take them (the log's, DMAT_MAX_LOG_BLOCKS, is in dm-atomic-format.h): a
 * data device whose size in bytes fits 64 bits.
 */
#define DMA_MAX_DATA_SECTORS	(UINT64_MAX >> DMAT_SECTOR_SHIFT)

/* Resolve --data-sectors / --data-dev into a sector count (0 if neither). */
uint64_t data_sectors_arg(const char *sectors, const char *dev);

void uuid_str(const u8 uuid[16], char out[37]);
int uuid_parse(const char *s, u8 uuid[16]);

/*
 * Write the in-core superblock (sealed by the caller) to block 0 and fsync; dies with the
 * reason on failure.  The metadata must have been opened read-write.
 */
void meta_write_sb(struct meta *m);

/* The superblock has DMAT_SB_FLAG_NEEDS_CHECK (valid superblock only). */
int meta_needs_check(const struct meta *m);

/*
 * The identity of the data device at path, as the kernel target reads it
 * (see "Data device identity" in dm-atomic-format.h); DMAT_DATA_ID_NONE for
 * an image file.  Dies with exit 6 if a partition table cannot be read.
 */
void data_dev_id(const char *path, struct dmat_data_id *id);

/* "dm-uuid LVM-...", "partuuid 0b8c...", "none (only its size is checked)". */
void data_id_str(const struct dmat_data_id *id, char *buf, size_t n);

/*
 * Why the data device (identity have, at data_path) is not the one the
 * valid superblock of m records (static buffer), or NULL when it is or
 * nothing is recorded to tell.
 */
const char *meta_data_id_problem(const struct meta *m, const char *data_path,
				 const struct dmat_data_id *have);

/* "bad magic at log block 17 (expected seq 42)" and the like. */
void scan_end_str(const struct dmat_scan *s, char *buf, size_t n);
/* "reason=bad_magic log_block=17 expected_seq=42 ..." */
void scan_end_kv(const struct dmat_scan *s, char *buf, size_t n);
/* Print the superblock summary line (text or key=value). */
void print_sb(const struct meta *m, int kv);

/*
 * JSON output (dma-dump --json, dma-check --json) is one object whose first
 * member is "json_format_version": DMA_JSON_VERSION.  It goes up when a
 * member is removed or changes meaning; new members do not change it.
 */
#define DMA_JSON_VERSION	1
/* "\"superblock\": {...}": status, and the fields when it is valid. */
void print_sb_json(const struct meta *m);
/* "\"end\": {...}": how the scan ended, as dma-dump --kv's end line. */
void print_end_json(const struct dmat_scan *s);
#endif
