// SPDX-License-Identifier: GPL-2.0-only
/*
 * dm-atomic: the circular log on the metadata device.
 *
 * See dm-atomic-log.h for the API and dm-atomic-format.h for the layout.
 * This file owns the superblock, the head/tail bookkeeping, the FUA log
 * writes and recovery.  It knows nothing about bios of the mapped device.
 */
#include <linux/bio.h>
#include <linux/blkdev.h>
#include <linux/device-mapper.h>
#include <linux/dm-ioctl.h>
#ifdef DM_TARGET_WRITE_LISTS
#include <linux/blk-write-list.h>
#endif
#include <linux/module.h>
#include <linux/random.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

#include "dm-atomic-log.h"

#define DM_MSG_PREFIX "atomic"

/* Gap in the sequence numbers at every activation (see dmat_log_activate()). */
#define SEQ_JUMP		DMAT_RECOVERY_SEQ_JUMP

/*
 * Bios of the log's own bio_set held in reserve.  Every user allocates one
 * bio at a time and submits it before the next (log writes, superblock
 * writes, replay), but for a zero-copy clone that wraps at the end of the
 * log, which holds its clone while it allocates the split: so each thread
 * holds at most two.  A writer that commits its own list (the target's
 * commit_inline()) takes at most two, with no other committer holding any,
 * and may hold the first on its current->bio_list while it takes the
 * second; every other caller is a worker.  A few more let the parts of one
 * log write go out together under memory pressure.
 */
#define LOG_BIO_RESERVE		8U

struct dmat_log {
	struct block_device *meta;
	struct block_device *data;
	u64 meta_blocks;		/* size of the metadata device */
	u64 data_sectors;		/* size of the data device */

	struct bio_set bs;		/* every bio of the log: no fs_bio_set */
	struct dmat_superblock *sb;	/* in-core copy, one page */
	struct page *sb_page;
	bool needs_format;
	bool checked;			/* dmat_log_check() found no damage */
	struct dmat_scan check;		/* that scan: what recovery replays */
	bool formatted;			/* by dmat_log_activate() */
	bool read_only;			/* dmat_log_open(read_only): never writes */
	struct mutex *sb_lock;		/* shared by the tables on these devices */
	bool superseded;		/* dmat_log_supersede(): no superblock write */
	struct dmat_geometry geo;

	spinlock_t lock;		/* protects the fields below */
	u64 head_seq;			/* seq of the next reservation */
	u64 head_block;			/* log block of the next reservation */
	u64 tail_seq;			/* as in the durable superblock */
	u64 used_blocks;		/* reserved, not retired */

	/* Written once by dmat_log_activate(), read-only afterwards. */
	u64 replayed_txns;
	u64 replayed_sectors;
	u64 replay_drains;		/* replay writes that waited for overlaps */
	enum dmat_scan_result replay_end;

	/*
	 * Resize, decided by dmat_log_open() and applied by recovery once
	 * the log is empty (0: unchanged).  The replay still runs on the
	 * old geometry: what the log holds was written for it.
	 */
	u64 grow_data_sectors;		/* new data_sectors */
	u64 grow_log_blocks;		/* new log_blocks */

	struct dmat_data_id data_id;	/* the data device's, read at open */
	u32 want_incompat;		/* feature_incompat bits to write */
};

/* ------------------------------------------------------------------------
 * Synchronous block I/O (activation, superblock)
 */

static int sync_io(struct dmat_log *log, struct block_device *bdev, sector_t sector,
		   struct page **pages, unsigned int nr_pages, unsigned int bytes, blk_opf_t opf)
{
	struct bio *bio;
	unsigned int i, len;
	int r;

	bio = bio_alloc_bioset(bdev, nr_pages, opf, GFP_NOIO, &log->bs);
	bio->bi_iter.bi_sector = sector;
	for (i = 0; i < nr_pages && bytes; i++) {
		len = min_t(unsigned int, bytes, PAGE_SIZE);
		__bio_add_page(bio, pages[i], len, 0);
		bytes -= len;
	}
	r = submit_bio_wait(bio);
	bio_put(bio);
	return r;
}

static sector_t meta_sector(u64 meta_block)
{
	return meta_block << (DMAT_BLOCK_SHIFT - SECTOR_SHIFT);
}

/* Read the superblock into @page, under the devices' sb_lock. */
static int read_sb(struct dmat_log *log, struct page *page)
{
	int r;

	mutex_lock(log->sb_lock);
	r = sync_io(log, log->meta, 0, &page, 1, DMAT_BLOCK_SIZE,
		    REQ_OP_READ | REQ_SYNC | REQ_META);
	mutex_unlock(log->sb_lock);
	return r;
}

/*
 * Write the in-core superblock, under the devices' sb_lock: -ESTALE, and
 * nothing written, once a reloaded table took the metadata over.
 */
static int write_sb(struct dmat_log *log)
{
	int r;

	mutex_lock(log->sb_lock);
	if (log->superseded) {
		r = -ESTALE;
		goto out;
	}
	/* A feature the target asked for goes into every superblock written. */
	if (log->want_incompat & ~le32_to_cpu(log->sb->feature_incompat)) {
		log->sb->feature_incompat |= cpu_to_le32(log->want_incompat);
		dmat_sb_seal(log->sb);
	}
	r = sync_io(log, log->meta, 0, &log->sb_page, 1, DMAT_BLOCK_SIZE,
		    REQ_OP_WRITE | REQ_SYNC | REQ_META | REQ_FUA);
out:
	mutex_unlock(log->sb_lock);
	return r;
}

void dmat_log_supersede(struct dmat_log *log)
{
	lockdep_assert_held(log->sb_lock);
	log->superseded = true;
}

/* ------------------------------------------------------------------------
 * Open and format
 */

/*
 * The superblock is valid: decide whether the devices grew.  The data
 * device grows only when the table asks for it (a target longer than the
 * recorded size): a data device that is merely larger may be the wrong
 * one, so that is refused as before.  The log grows into a larger
 * metadata device unless it was formatted with an explicit size.
 */
/*
 * What the kernel can read of the data device's identity (see "Data device
 * identity" in dm-atomic-format.h): its DM uuid, else its partition uuid,
 * else nothing.  The tools read the same from sysfs and the partition table.
 */
static void read_data_id(struct block_device *bdev, struct dmat_data_id *id)
{
	struct mapped_device *md;
	char *uuid;

	memset(id, 0, sizeof(*id));
	md = dm_get_md(bdev->bd_dev);
	if (md) {
		uuid = kzalloc(DM_UUID_LEN, GFP_KERNEL);
		if (uuid && !dm_copy_name_and_uuid(md, NULL, uuid) && uuid[0]) {
			id->kind = DMAT_DATA_ID_DM_UUID;
			strscpy(id->id, uuid, sizeof(id->id));
		}
		kfree(uuid);
		dm_put(md);
	}
	if (id->kind == DMAT_DATA_ID_NONE && bdev_is_partition(bdev) &&
	    bdev->bd_meta_info && bdev->bd_meta_info->uuid[0]) {
		id->kind = DMAT_DATA_ID_PART_UUID;
		strscpy(id->id, bdev->bd_meta_info->uuid, sizeof(id->id));
	}
	id->len = strlen(id->id);
}

/*
 * The superblock is valid: is the data device the one it records?  A
 * device that is not is refused with -EMEDIUMTYPE (the medium is not the
 * expected one), whatever its size.
 */
static int check_data_id(struct dmat_log *log, char **error)
{
	const struct dmat_data_id *have = &log->data_id;
	struct dmat_data_id rec;

	switch (dmat_sb_check_data_id(log->sb, have)) {
	case DMAT_DATA_ID_MISMATCH:
		dmat_sb_data_id(log->sb, &rec);
		if (have->kind == rec.kind)
			DMERR("%pg: data device %pg has %s %s, the superblock records %s %s: not the data device of this metadata (if it is, record its identity with dma-check --data-dev DEV --set-data-id)",
			      log->meta, log->data, dmat_data_id_kind_name(have->kind), have->id,
			      dmat_data_id_kind_name(rec.kind), rec.id);
		else
			DMERR("%pg: the superblock records data device %s %s, %pg has no %s: not the data device of this metadata (if it is, record its identity with dma-check --data-dev DEV --set-data-id)",
			      log->meta, dmat_data_id_kind_name(rec.kind), rec.id, log->data,
			      dmat_data_id_kind_name(rec.kind));
		*error = "Data device is not the one the superblock records";
		return -EMEDIUMTYPE;
	case DMAT_DATA_ID_UNCHECKED:
		if (dmat_sb_data_id(log->sb, &rec) &&
		    !strcmp(dmat_data_id_kind_name(rec.kind), "unknown"))
			DMINFO("%pg: superblock records a data device identity of a kind this version does not know (%u): checking the size only",
			       log->meta, rec.kind);
		break;
	case DMAT_DATA_ID_MATCH:
		break;
	}
	return 0;
}

static int check_sizes(struct dmat_log *log, sector_t target_sectors, char **error)
{
	u64 rec = le64_to_cpu(log->sb->data_sectors);
	u64 log_start = le64_to_cpu(log->sb->log_start);
	u64 log_blocks = le64_to_cpu(log->sb->log_blocks);
	u64 room;

	if (log->data_sectors < rec) {
		DMERR("%pg: data device %pg has %llu sectors, the superblock records %llu: shrinking is not supported",
		      log->meta, log->data, log->data_sectors, rec);
		*error = "Data device is smaller than the superblock records: shrinking is not supported";
		return -EINVAL;
	}
	if (log->data_sectors > rec) {
		if (target_sectors <= rec) {
			DMERR("%pg: data device %pg has %llu sectors, the superblock records %llu (to grow, load a table longer than %llu sectors)",
			      log->meta, log->data, log->data_sectors, rec, rec);
			*error = "Data device size does not match the superblock";
			return -EINVAL;
		}
		log->grow_data_sectors = log->data_sectors;
	}
	if (log_start + log_blocks > log->meta_blocks) {
		*error = "Metadata device smaller than the log in the superblock";
		return -EINVAL;
	}
	room = min_t(u64, log->meta_blocks - log_start, DMAT_MAX_LOG_BLOCKS);
	if (room > log_blocks &&
	    !(le32_to_cpu(log->sb->feature_compat) & DMAT_FEATURE_COMPAT_FIXED_LOG))
		log->grow_log_blocks = room;
	return 0;
}

/*
 * What the table load says for a superblock the target will not use (the
 * checks in the order of enum dmat_sb_result); the kernel log gets the
 * details where the reason alone would not tell the operator what to do.
 */
static const char *const sb_refusals[DMAT_SB_NR_RESULTS] = {
	[DMAT_SB_WRONG_BLOCKNR] = "Superblock has the wrong block number",
	[DMAT_SB_BAD_MAGIC] = "Superblock has a bad magic number (not dm-atomic metadata)",
	[DMAT_SB_BAD_CSUM] = "Superblock checksum mismatch",
	[DMAT_SB_BAD_VERSION] = "Superblock has an unsupported version",
	[DMAT_SB_BAD_FLAGS] = "Superblock has unsupported flags",
	[DMAT_SB_INCOMPAT_FEATURES] =
		"Superblock has incompatible features this version does not know",
	/* Refused rather than written over; read-only mode may read them. */
	[DMAT_SB_RO_COMPAT_FEATURES] =
		"Superblock has read-only-compatible features this version does not know: cannot activate read-write",
	[DMAT_SB_BAD_GEOMETRY] = "Superblock has a bad geometry",
	[DMAT_SB_BAD_DATA_ID] = "Superblock has a bad data device identity record",
};

static int refuse_sb(struct dmat_log *log, enum dmat_sb_result res, char **error)
{
	struct block_device *meta = log->meta;

	switch (res) {
	case DMAT_SB_INCOMPAT_FEATURES:
		DMERR("%pg: superblock has incompatible features this version does not know (incompat 0x%x); not using the metadata",
		      meta, dmat_sb_unknown_incompat(log->sb));
		break;
	case DMAT_SB_RO_COMPAT_FEATURES:
		DMERR("%pg: superblock has read-only-compatible features this version does not know (ro_compat 0x%x); it can only be used read-only (a read-only table or the read_only feature)",
		      meta, dmat_sb_unknown_ro_compat(log->sb));
		break;
	case DMAT_SB_BAD_GEOMETRY:
		DMERR("%pg: superblock has a bad geometry (block size %u, log %llu+%llu blocks, data %llu sectors, tail seq %llu at log block %llu; tail seq must be below %llu)",
		      meta, le32_to_cpu(log->sb->block_size), le64_to_cpu(log->sb->log_start),
		      le64_to_cpu(log->sb->log_blocks), le64_to_cpu(log->sb->data_sectors),
		      le64_to_cpu(log->sb->tail_seq), le64_to_cpu(log->sb->tail_block),
		      DMAT_SEQ_LIMIT);
		break;
	default:
		break;
	}
	*error = (char *)((unsigned int)res < DMAT_SB_NR_RESULTS && sb_refusals[res] ?
			  sb_refusals[res] : "Superblock invalid");
	return -EINVAL;
}

/* A valid superblock: the devices, the data device's identity, needs_check. */
static int accept_sb(struct dmat_log *log, sector_t target_sectors, char **error)
{
	struct block_device *meta = log->meta;
	bool read_only = log->read_only;
	int r;

	r = check_sizes(log, target_sectors, error);
	if (r)
		return r;
	r = check_data_id(log, error);
	if (r)
		return r;
	if (read_only && log->grow_data_sectors) {
		*error = "Data device grew: cannot record the new size read-only";
		return -EINVAL;
	}
	log->grow_log_blocks = read_only ? 0 : log->grow_log_blocks;
	if (le32_to_cpu(log->sb->flags) & DMAT_SB_FLAG_NEEDS_CHECK) {
		if (!read_only) {
			DMERR("%pg: needs_check is set: a metadata write failed while the device was active; check the metadata with dma-check --clear-needs-check before activating it read-write (read-only mode may read it)",
			      meta);
			*error = "Metadata needs checking (needs_check is set): run dma-check --clear-needs-check";
			return -EUCLEAN;
		}
		DMINFO("%pg: needs_check is set: reading only", meta);
	}
	if (read_only && dmat_sb_unknown_ro_compat(log->sb))
		DMINFO("%pg: superblock has read-only-compatible features this version does not know (ro_compat 0x%x): reading only",
		       meta, dmat_sb_unknown_ro_compat(log->sb));
	dmat_geometry_from_sb(&log->geo, log->sb);
	/* Kept as they are: the superblock is only ever rewritten from this copy. */
	if (dmat_sb_unknown_compat(log->sb))
		DMINFO("%pg: superblock has compatible features this version does not know (compat 0x%x): ignored",
		       meta, dmat_sb_unknown_compat(log->sb));
	return 0;
}

/* An all-zero superblock: formatted at activation, over the whole device. */
static int format_later(struct dmat_log *log, char **error)
{
	if (log->read_only) {
		*error = "Metadata device is not formatted: cannot format it read-only";
		return -EINVAL;
	}
	log->needs_format = true;
	log->geo.log_start = 1;
	log->geo.log_blocks = log->meta_blocks - 1;
	log->geo.data_sectors = log->data_sectors;
	return 0;
}

int dmat_log_open(struct block_device *meta, struct block_device *data,
		  sector_t target_sectors, bool read_only, struct mutex *sb_lock,
		  struct dmat_log **logp, char **error)
{
	struct dmat_log *log;
	enum dmat_sb_result res;
	int r;

	log = kzalloc(sizeof(*log), GFP_KERNEL);
	if (!log) {
		*error = "Cannot allocate the log";
		return -ENOMEM;
	}
	if (bioset_init(&log->bs, LOG_BIO_RESERVE, 0, BIOSET_NEED_BVECS)) {
		kfree(log);
		*error = "Cannot allocate the log's bio set";
		return -ENOMEM;
	}
	log->sb_page = alloc_page(GFP_KERNEL);
	if (!log->sb_page) {
		bioset_exit(&log->bs);
		kfree(log);
		*error = "Cannot allocate the superblock buffer";
		return -ENOMEM;
	}
	log->sb = page_address(log->sb_page);
	log->meta = meta;
	log->data = data;
	log->sb_lock = sb_lock;
	log->meta_blocks = bdev_nr_bytes(meta) >> DMAT_BLOCK_SHIFT;
	log->data_sectors = bdev_nr_sectors(data);
	spin_lock_init(&log->lock);
	log->replay_end = DMAT_SCAN_RUNNING;
	read_data_id(data, &log->data_id);

	if (log->meta_blocks < 1 + DMAT_MIN_LOG_BLOCKS) {
		*error = "Metadata device too small for a superblock and a log";
		r = -EINVAL;
		goto bad;
	}
	r = read_sb(log, log->sb_page);
	if (r) {
		*error = "Cannot read the superblock";
		r = -EIO;
		goto bad;
	}

	/* Sizes are checked by check_sizes(): they may have grown. */
	log->read_only = read_only;
	res = read_only ? dmat_sb_validate_read(log->sb, 0, 0) : dmat_sb_validate(log->sb, 0, 0);
	if (res == DMAT_SB_OK)
		r = accept_sb(log, target_sectors, error);
	else if (res == DMAT_SB_NEEDS_FORMAT)
		r = format_later(log, error);
	else
		r = refuse_sb(log, res, error);
	if (r)
		goto bad;
	*logp = log;
	return 0;
bad:
	dmat_log_close(log);
	return r;
}

void dmat_log_close(struct dmat_log *log)
{
	__free_page(log->sb_page);
	bioset_exit(&log->bs);
	kfree(log);
}

const struct dmat_geometry *dmat_log_geometry(struct dmat_log *log)
{
	return &log->geo;
}

u64 dmat_log_blocks_when_active(struct dmat_log *log)
{
	return log->grow_log_blocks ?: log->geo.log_blocks;
}

static int format(struct dmat_log *log, char **error)
{
	u8 uuid[16];
	int r;

	generate_random_uuid(uuid);
	if (dmat_sb_build(log->sb, uuid, 1, log->meta_blocks - 1, log->data_sectors)) {
		*error = "Cannot format: unusable geometry";
		return -EINVAL;
	}
	dmat_sb_set_data_id(log->sb, &log->data_id);
	r = write_sb(log);
	if (r) {
		*error = "Cannot write the superblock";
		return r;
	}
	dmat_geometry_from_sb(&log->geo, log->sb);
	return 0;
}

/* ------------------------------------------------------------------------
 * Recovery
 */

/*
 * Recovery reads the log through two windows of up to REPLAY_WINDOW_BLOCKS
 * pages each.  The check scan reads into one while it checksums the other's
 * blocks.  The replay
 * reads the log in order, a window at a time, and writes each entry's data
 * to the data device straight from the window's pages, asynchronously: while
 * one window's writes are in flight the next window is read into the other.
 * A window is read again only after its writes completed.
 */
#define REPLAY_WINDOW_BLOCKS	512U	/* 2 MiB */

/*
 * The scan reads a block it jumps to with the block after it (a zero-copy
 * transaction's commit record with the next descriptor); the module
 * parameter scan_pairs=N reads each alone, for comparison.
 */
static bool dmat_scan_pairs = true;
module_param_named(scan_pairs, dmat_scan_pairs, bool, 0644);
MODULE_PARM_DESC(scan_pairs, "recovery reads a commit record with the next descriptor (default Y; N: one block a read)");
#define REPLAY_MIN_BLOCKS	16U	/* per window, if memory is short */
#define REPLAY_MAX_RANGES	256U	/* data ranges in flight per window */

/*
 * A long check or replay at activation (a large log on a slow device) says
 * how far it got in the kernel log every REPLAY_PROGRESS_SECS, the first
 * time after that long: an operator whose resume (dmsetup create, a boot)
 * seems to hang sees that it moves and how much is left.
 */
#define REPLAY_PROGRESS_SECS	5

struct replay_range {
	sector_t start;
	sector_t end;
};

struct replay_ctx;

struct replay_win {
	struct replay_ctx *rc;
	struct page **pages;
	u64 start;			/* log block in pages[0] */
	u64 count;			/* blocks read; 0: nothing */
	u64 ahead;			/* blocks being read ahead (count 0) */
	atomic_t pending;		/* bios in flight on these pages */
	int error;			/* of its last read, 0 or -errno */
	unsigned int nr_ranges;		/* data ranges its writes cover */
	struct replay_range ranges[REPLAY_MAX_RANGES];
};

struct replay_ctx {
	struct dmat_log *log;
	struct page *desc_page;
	struct page *data_page;
	struct page *sparse_pages[2];	/* replay_read_sparse()'s pair of blocks */
	u64 sparse_next;		/* metadata block in sparse_pages[1], 0: none */
	unsigned int win_blocks;	/* pages per window */
	struct replay_win win[2];
	unsigned int cur;		/* the window served last */
	int write_error;		/* first error of a replay write */
	u64 drains;			/* overlapping writes that waited */
	int error;
	unsigned long progress_at;	/* jiffies of the next progress message */
};

/* Time for the next progress message?  Then the one after it is due later. */
static bool replay_progress_due(struct replay_ctx *rc)
{
	if (time_before(jiffies, rc->progress_at))
		return false;
	rc->progress_at = jiffies + REPLAY_PROGRESS_SECS * HZ;
	return true;
}

/* The check scan is about to read log block @b (< log_blocks): how far from the tail? */
static void check_progress(struct replay_ctx *rc, u64 b)
{
	const struct dmat_geometry *geo = &rc->log->geo;
	u64 tail = le64_to_cpu(rc->log->sb->tail_block);

	if (!replay_progress_due(rc))
		return;
	DMINFO("%pg: checking the log: at block %llu of at most %llu from the tail",
	       rc->log->meta, b >= tail ? b - tail : b + geo->log_blocks - tail,
	       geo->log_blocks);
}

static void replay_endio(struct bio *bio)
{
	struct replay_win *w = bio->bi_private;
	int err = blk_status_to_errno(bio->bi_status);

	if (err && op_is_write(bio_op(bio)))
		cmpxchg(&w->rc->write_error, 0, err);
	else if (err)
		w->error = err;
	bio_put(bio);
	/*
	 * The waiter may free the window (and the context) as soon as
	 * pending reaches 0: wake_up_var() only hashes the address.
	 */
	if (atomic_dec_and_test(&w->pending))
		wake_up_var(&w->pending);
}

/* Wait until no bio is in flight on window @i's pages. */
static void replay_win_wait(struct replay_ctx *rc, unsigned int i)
{
	struct replay_win *w = &rc->win[i];

	wait_var_event(&w->pending, !atomic_read_acquire(&w->pending));
	rc->win[i].nr_ranges = 0;
}

/*
 * Submit @nr_pages pages of window @i, from page @first on, as one bio of
 * @bytes to @sector of @bdev (nr_pages <= BIO_MAX_VECS).
 */
static void replay_submit(struct replay_ctx *rc, unsigned int i, struct block_device *bdev,
			  sector_t sector, unsigned int first, unsigned int nr_pages,
			  unsigned int bytes, blk_opf_t opf)
{
	struct replay_win *w = &rc->win[i];
	struct bio *bio;
	unsigned int p, len;

	bio = bio_alloc_bioset(bdev, nr_pages, opf, GFP_NOIO, &rc->log->bs);
	bio->bi_iter.bi_sector = sector;
	bio->bi_private = w;
	bio->bi_end_io = replay_endio;
	for (p = first; p < first + nr_pages && bytes; p++) {
		len = min_t(unsigned int, bytes, PAGE_SIZE);
		__bio_add_page(bio, w->pages[p], len, 0);
		bytes -= len;
	}
	atomic_inc(&w->pending);
	submit_bio(bio);
}

/*
 * Start reading @n log blocks from log block @log_block on into window @i,
 * once its writes are done, in bios of BIO_MAX_VECS pages; do not wait.
 */
static void replay_win_start(struct replay_ctx *rc, unsigned int i, u64 log_block, u64 n,
			     blk_opf_t flags)
{
	struct dmat_log *log = rc->log;
	struct replay_win *w = &rc->win[i];
	unsigned int done, k;

	replay_win_wait(rc, i);
	w->count = 0;
	w->start = log_block;
	w->ahead = n;
	w->error = 0;
	for (done = 0; done < n; done += k) {
		k = min_t(u64, n - done, BIO_MAX_VECS);
		replay_submit(rc, i, log->meta, meta_sector(log->geo.log_start + log_block + done),
			      done, k, k * DMAT_BLOCK_SIZE, REQ_OP_READ | REQ_SYNC | flags);
	}
}

/* Wait for the read replay_win_start() started in window @i. */
static int replay_win_end(struct replay_ctx *rc, unsigned int i)
{
	struct replay_win *w = &rc->win[i];

	replay_win_wait(rc, i);
	if (w->error) {
		w->ahead = 0;
		return w->error;
	}
	w->count = w->ahead;
	w->ahead = 0;
	return 0;
}

/* Read @n log blocks from @log_block on into window @i, and wait. */
static int replay_win_read(struct replay_ctx *rc, unsigned int i, u64 log_block, u64 n,
			   blk_opf_t flags)
{
	replay_win_start(rc, i, log_block, n, flags);
	return replay_win_end(rc, i);
}

/*
 * Read metadata block @meta_block alone into window @i's first page (the
 * window then holds nothing) and copy it to @buf.
 */
static int replay_read_one(struct replay_ctx *rc, unsigned int i, u64 meta_block, void *buf)
{
	struct replay_win *w = &rc->win[i];
	int r;

	replay_win_wait(rc, i);
	w->count = w->ahead = 0;
	r = sync_io(rc->log, rc->log->meta, meta_sector(meta_block), w->pages, 1,
		    DMAT_BLOCK_SIZE, REQ_OP_READ | REQ_SYNC | REQ_META);
	if (!r)
		memcpy(buf, page_address(w->pages[0]), DMAT_BLOCK_SIZE);
	return r;
}

/*
 * dmat_scan() reads one block at a time (descriptors, data for the crc
 * check, the damage probe), mostly in order: read a window at a time, serve
 * the following blocks from memory, and read the next window into the other
 * one meanwhile, so the disk reads while the scan checksums.
 */
static int replay_read_block(void *context, u64 meta_block, void *buf)
{
	struct replay_ctx *rc = context;
	const struct dmat_geometry *geo = &rc->log->geo;
	struct replay_win *w = &rc->win[rc->cur];
	u64 b = meta_block - geo->log_start, next;
	unsigned int o = rc->cur ^ 1;
	int r;

	if (meta_block < geo->log_start || b >= geo->log_blocks) {
		/* Not a log block (never asked for today): read it alone. */
		return replay_read_one(rc, o, meta_block, buf);
	}
	check_progress(rc, b);
	if (!w->count || b < w->start || b >= w->start + w->count) {
		w = &rc->win[o];
		if (w->ahead && b >= w->start && b < w->start + w->ahead)
			r = replay_win_end(rc, o);
		else
			r = replay_win_read(rc, o, b, min_t(u64, geo->log_blocks - b, rc->win_blocks),
					    REQ_META);
		if (r) {
			/*
			 * A bad block elsewhere in the window (past the end of
			 * the log, say) must not fail this one: read it alone.
			 */
			r = replay_read_one(rc, o, meta_block, buf);
			if (r)
				return r;
			w->start = b;
			w->count = 1;
			rc->cur = o;
			return 0;
		}
		rc->cur = o;
		next = w->start + w->count < geo->log_blocks ? w->start + w->count : 0;
		replay_win_start(rc, o ^ 1, next,
				 min_t(u64, geo->log_blocks - next, rc->win_blocks), REQ_META);
	}
	memcpy(buf, page_address(w->pages[b - w->start]), DMAT_BLOCK_SIZE);
	return 0;
}

/*
 * A block the scan jumps to (a descriptor, a commit record): from a window if
 * one holds it or is reading it, else read with the block after it, leaving
 * the windows as they are.  A zero-copy transaction's data is then never read
 * by the scan, only its descriptor and its record, and the record comes with
 * the next transaction's descriptor (the block after it): one read a
 * transaction.  A copied one's descriptor usually sits in the window its
 * predecessor's data started.
 */
static int replay_read_sparse(void *context, u64 meta_block, void *buf)
{
	struct replay_ctx *rc = context;
	const struct dmat_geometry *geo = &rc->log->geo;
	struct replay_win *w = &rc->win[rc->cur], *o = &rc->win[rc->cur ^ 1];
	u64 b = meta_block - geo->log_start;
	int r;

	if (meta_block >= geo->log_start && b < geo->log_blocks) {
		check_progress(rc, b);
		if (w->count && b >= w->start && b < w->start + w->count) {
			memcpy(buf, page_address(w->pages[b - w->start]), DMAT_BLOCK_SIZE);
			return 0;
		}
		/*
		 * Being read ahead: take that window, but start no read-ahead
		 * after it (replay_read_block() would, and a run of zero-copy
		 * transactions would then be read whole).
		 */
		if (o->ahead && b >= o->start && b < o->start + o->ahead &&
		    !replay_win_end(rc, rc->cur ^ 1)) {
			rc->cur ^= 1;
			memcpy(buf, page_address(o->pages[b - o->start]), DMAT_BLOCK_SIZE);
			return 0;
		}
	}
	if (rc->sparse_next && meta_block == rc->sparse_next) {
		memcpy(buf, page_address(rc->sparse_pages[1]), DMAT_BLOCK_SIZE);
		return 0;
	}
	rc->sparse_next = 0;
	r = -EIO;
	/* The pair, unless the log ends here (or the second block is bad). */
	if (meta_block >= geo->log_start && b + 1 < geo->log_blocks && READ_ONCE(dmat_scan_pairs))
		r = sync_io(rc->log, rc->log->meta, meta_sector(meta_block), rc->sparse_pages, 2,
			    2 * DMAT_BLOCK_SIZE, REQ_OP_READ | REQ_SYNC | REQ_META);
	if (!r)
		rc->sparse_next = meta_block + 1;
	else
		r = sync_io(rc->log, rc->log->meta, meta_sector(meta_block), rc->sparse_pages, 1,
			    DMAT_BLOCK_SIZE, REQ_OP_READ | REQ_SYNC | REQ_META);
	if (!r)
		memcpy(buf, page_address(rc->sparse_pages[0]), DMAT_BLOCK_SIZE);
	return r;
}

/*
 * The window holding log block @pos for the replay, which reads the log in
 * order: the current one, or the other one, refilled from @pos on with at
 * most @left blocks (what is left of the replayed log) once its writes are
 * done.  Returns the window's index, or a negative errno.
 */
static int replay_win_get(struct replay_ctx *rc, u64 pos, u64 left)
{
	const struct dmat_geometry *geo = &rc->log->geo;
	struct replay_win *w = &rc->win[rc->cur];
	unsigned int other = rc->cur ^ 1;
	u64 n;
	int r;

	if (w->count && pos >= w->start && pos < w->start + w->count)
		return rc->cur;
	n = min_t(u64, rc->win_blocks, geo->log_blocks - pos);
	n = max_t(u64, min(n, left), 1);
	r = replay_win_read(rc, other, pos, n, 0);
	if (r)
		return r;
	rc->cur = other;
	return other;
}

/*
 * Entries of one transaction, and of transactions in a row, may write the
 * same sectors: the later must land last.  A write that overlaps one in
 * flight waits until both windows' writes are done.
 */
static void replay_order(struct replay_ctx *rc, unsigned int i, sector_t start, sector_t end)
{
	unsigned int k, j;

	for (k = 0; k < 2; k++)
		for (j = 0; j < rc->win[k].nr_ranges; j++)
			if (start < rc->win[k].ranges[j].end && rc->win[k].ranges[j].start < end)
				goto drain;
	if (rc->win[i].nr_ranges < REPLAY_MAX_RANGES)
		goto add;
drain:
	rc->drains++;
	replay_win_wait(rc, 0);
	replay_win_wait(rc, 1);
add:
	rc->win[i].ranges[rc->win[i].nr_ranges++] = (struct replay_range){ start, end };
}

/* Write one entry's data from the windows to the data device. */
static int replay_entry(struct replay_ctx *rc, u64 log_block, u64 sector, u32 nr_sectors,
			u64 *left)
{
	const struct dmat_geometry *geo = &rc->log->geo;
	u64 remaining = nr_sectors;

	while (remaining) {
		struct replay_win *w;
		u64 blocks, sectors;
		int i = replay_win_get(rc, log_block, *left);

		if (i < 0)
			return i;
		w = &rc->win[i];
		blocks = min_t(u64, DMAT_ENTRY_BLOCKS(remaining), w->start + w->count - log_block);
		blocks = min_t(u64, blocks, BIO_MAX_VECS);
		sectors = min_t(u64, remaining, blocks * DMAT_SECTORS_PER_BLOCK);
		replay_order(rc, i, sector, sector + sectors);
		replay_submit(rc, i, rc->log->data, sector, log_block - w->start, blocks,
			      sectors << SECTOR_SHIFT, REQ_OP_WRITE | REQ_SYNC);
		remaining -= sectors;
		sector += sectors;
		*left -= blocks;
		log_block = dmat_log_wrap(geo, log_block + blocks);
	}
	return 0;
}

/*
 * Replay the transactions the check scan @checked found valid (its nr_txns,
 * taking its used_blocks log blocks from the tail on), each entry in entry
 * order, each log block read once.  Their data crcs were checked by that
 * scan; each descriptor is checked again, and a difference (the log changed
 * under recovery) stops the replay with -EIO before anything later is
 * written.  Returns 0 once every write completed, or a negative errno.
 */
static int replay_log(struct replay_ctx *rc, const struct dmat_scan *checked)
{
	struct dmat_log *log = rc->log;
	const struct dmat_geometry *geo = &log->geo;
	struct dmat_descriptor *d = page_address(rc->desc_page);
	u64 seq = checked->start_seq, pos = checked->start_block;
	u64 left = checked->used_blocks, used = 0, n;
	struct blk_plug plug;
	int r = 0;

	/* A read ahead of the scan may still be in flight. */
	replay_win_wait(rc, 0);
	replay_win_wait(rc, 1);
	rc->win[0].count = rc->win[1].count = 0;
	rc->win[0].ahead = rc->win[1].ahead = 0;
	blk_start_plug(&plug);
	for (n = 0; n < checked->nr_txns && !r; n++) {
		u64 block;
		u32 e, bad;
		int i = replay_win_get(rc, pos, left);

		if (i < 0) {
			r = i;
			break;
		}
		if (replay_progress_due(rc))
			DMINFO("%pg: replaying the log: transaction %llu of %llu, block %llu of %llu",
			       log->meta, n + 1, checked->nr_txns, used, checked->used_blocks);
		memcpy(d, page_address(rc->win[i].pages[pos - rc->win[i].start]), DMAT_BLOCK_SIZE);
		left--;
		if (dmat_desc_check(d, geo, seq, pos, used, &bad) != DMAT_SCAN_RUNNING) {
			DMERR("%pg: transaction %llu at log block %llu changed during recovery",
			      log->meta, seq, pos);
			r = -EIO;
			break;
		}
		block = dmat_log_wrap(geo, pos + 1);
		for (e = 0; e < le32_to_cpu(d->nr_entries) && !r; e++) {
			u32 nr = le32_to_cpu(d->entries[e].nr_sectors);

			r = replay_entry(rc, block, le64_to_cpu(d->entries[e].data_sector), nr, &left);
			block = dmat_log_wrap(geo, block + DMAT_ENTRY_BLOCKS(nr));
			if (!r)
				log->replayed_sectors += nr;
		}
		if (dmat_desc_has_commit_record(d))
			left--;		/* not read: the check scan validated it */
		used += dmat_desc_total_blocks(d);
		pos = dmat_log_wrap(geo, pos + dmat_desc_total_blocks(d));
		seq++;
		if (!r)
			log->replayed_txns++;
	}
	blk_finish_plug(&plug);
	replay_win_wait(rc, 0);
	replay_win_wait(rc, 1);
	log->replay_drains = rc->drains;
	if (!r)
		r = rc->write_error;
	return r;
}

static void free_replay_pages(struct replay_ctx *rc)
{
	unsigned int i, k;

	for (k = 0; k < 2; k++)
		for (i = 0; rc->win[k].pages && i < rc->win_blocks; i++)
			if (rc->win[k].pages[i]) {
				__free_page(rc->win[k].pages[i]);
				rc->win[k].pages[i] = NULL;
			}
}

static void free_replay_ctx(struct replay_ctx *rc)
{
	/* A read ahead may still be in flight on the pages. */
	if (rc->win_blocks) {
		replay_win_wait(rc, 0);
		replay_win_wait(rc, 1);
	}
	free_replay_pages(rc);
	kvfree(rc->win[0].pages);
	kvfree(rc->win[1].pages);
	if (rc->desc_page)
		__free_page(rc->desc_page);
	if (rc->data_page)
		__free_page(rc->data_page);
	if (rc->sparse_pages[0])
		__free_page(rc->sparse_pages[0]);
	if (rc->sparse_pages[1])
		__free_page(rc->sparse_pages[1]);
	kvfree(rc);
}

/*
 * Two windows of REPLAY_WINDOW_BLOCKS pages; with less memory, smaller
 * ones (halving down to REPLAY_MIN_BLOCKS).
 */
static struct replay_ctx *alloc_replay_ctx(struct dmat_log *log)
{
	struct replay_ctx *rc;
	unsigned int i, k, n, noio;

	/* At preresume the device above is suspended: no I/O to it from reclaim. */
	noio = memalloc_noio_save();
	rc = kvzalloc(sizeof(*rc), GFP_KERNEL);
	if (!rc) {
		memalloc_noio_restore(noio);
		return NULL;
	}
	rc->log = log;
	rc->progress_at = jiffies + REPLAY_PROGRESS_SECS * HZ;
	rc->win[0].rc = rc;
	rc->win[1].rc = rc;
	rc->desc_page = alloc_page(GFP_KERNEL);
	rc->data_page = alloc_page(GFP_KERNEL);
	rc->sparse_pages[0] = alloc_page(GFP_KERNEL);
	rc->sparse_pages[1] = alloc_page(GFP_KERNEL);
	rc->win[0].pages = kvcalloc(REPLAY_WINDOW_BLOCKS, sizeof(struct page *), GFP_KERNEL);
	rc->win[1].pages = kvcalloc(REPLAY_WINDOW_BLOCKS, sizeof(struct page *), GFP_KERNEL);
	if (!rc->desc_page || !rc->data_page || !rc->sparse_pages[0] || !rc->sparse_pages[1] ||
	    !rc->win[0].pages ||
	    !rc->win[1].pages)
		goto bad;
	for (n = REPLAY_WINDOW_BLOCKS; n >= REPLAY_MIN_BLOCKS; n /= 2) {
		rc->win_blocks = n;
		for (k = 0; k < 2; k++)
			for (i = 0; i < n; i++) {
				/* Only the smallest windows may make reclaim try hard. */
				rc->win[k].pages[i] = alloc_page(n > REPLAY_MIN_BLOCKS ?
						GFP_KERNEL | __GFP_NORETRY | __GFP_NOWARN : GFP_KERNEL);
				if (!rc->win[k].pages[i])
					goto smaller;
			}
		memalloc_noio_restore(noio);
		return rc;
smaller:
		free_replay_pages(rc);
	}
bad:
	free_replay_ctx(rc);
	memalloc_noio_restore(noio);
	return NULL;
}

static void init_scan(struct dmat_scan *scan, struct dmat_log *log, struct replay_ctx *rc)
{
	memset(scan, 0, sizeof(*scan));
	scan->geo = &log->geo;
	scan->start_seq = le64_to_cpu(log->sb->tail_seq);
	scan->start_block = le64_to_cpu(log->sb->tail_block);
	scan->desc_buf = page_address(rc->desc_page);
	scan->data_buf = page_address(rc->data_page);
	scan->ctx = rc;
	scan->read_block = replay_read_block;
	scan->read_sparse = replay_read_sparse;
}

static int check_log(struct dmat_log *log, struct replay_ctx *rc, u64 window, char **error)
{
	struct dmat_scan scan;
	u64 block = 0, seq = 0;
	int r;

	init_scan(&scan, log, rc);
	dmat_scan(&scan);
	/* Its results, for recover(); the buffers are the caller's. */
	log->check = scan;
	log->check.desc_buf = log->check.data_buf = log->check.ctx = NULL;
	log->check.read_block = NULL;
	log->check.read_sparse = NULL;
	if (scan.result == DMAT_SCAN_IO_ERROR) {
		*error = "I/O error while checking the log";
		return -EIO;
	}
	/*
	 * A scan that stops at a sound record of this run that is malformed,
	 * out of place, out of sequence or too large (seq_gap, bad_desc,
	 * entry_range, log_overrun, blocknr_mismatch of a current record) did
	 * not stop at the end of the log: no crash leaves such a record (why,
	 * end by end: dmat_scan_end_is_normal() in dma-scan.c).  Replaying the
	 * prefix and moving the tail to it would make everything after it
	 * unreachable for good, acknowledged transactions included, so refuse
	 * before anything is written.  dma-replay --force is the way to give
	 * the rest up on purpose.
	 */
	if (!dmat_scan_end_is_normal(&scan)) {
		char what[40] = "";

		if (scan.result == DMAT_SCAN_SEQ_GAP || scan.result == DMAT_SCAN_BLOCKNR_MISMATCH)
			snprintf(what, sizeof(what), ", found seq %llu", scan.found_seq);
		else if (scan.result == DMAT_SCAN_BAD_DESC || scan.result == DMAT_SCAN_ENTRY_RANGE)
			snprintf(what, sizeof(what), ", entry %u", scan.bad_entry);
		DMERR("%pg: log damaged at log block %llu, where seq %llu is due: %s (%s%s), after %llu valid transactions; no crash ends a log this way: not activating, nothing written (see dma-check; dma-replay --force replays what comes before it)",
		      log->meta, scan.next_block, scan.next_seq, dmat_scan_result_str(scan.result),
		      dmat_scan_result_name(scan.result), what, scan.nr_txns);
		*error = "Log damaged: the scan stops at a record no crash leaves, not at the end of the log (see dma-check)";
		return -EUCLEAN;
	}
	r = dmat_scan_probe_after(&scan, window, &block, &seq);
	if (r < 0) {
		*error = "I/O error while checking the log";
		return -EIO;
	}
	if (r == DMAT_PROBE_DAMAGE) {
		DMERR("%pg: log damaged: the scan stops at transaction %llu at log block %llu (%s), but transaction %llu at log block %llu records it as durable; not activating (see dma-check)",
		      log->meta, scan.next_seq, scan.next_block, dmat_scan_result_str(scan.result),
		      seq, block);
		*error = "Log damaged: acknowledged transactions lie beyond a damaged one (see dma-check)";
		return -EUCLEAN;
	}
	log->checked = true;
	return 0;
}

int dmat_log_check(struct dmat_log *log, u64 window, char **error)
{
	struct replay_ctx *rc;
	int r;

	if (log->needs_format || log->checked)
		return 0;
	rc = alloc_replay_ctx(log);
	if (!rc) {
		*error = "Cannot allocate recovery buffers";
		return -ENOMEM;
	}
	r = check_log(log, rc, window, error);
	free_replay_ctx(rc);
	return r;
}

static int recover(struct dmat_log *log, u64 window, char **error)
{
	struct replay_ctx *rc;
	struct dmat_scan scan;
	int r;

	rc = alloc_replay_ctx(log);
	if (!rc) {
		*error = "Cannot allocate recovery buffers";
		return -ENOMEM;
	}
	/*
	 * The check (at table load, or now) read every transaction up to the
	 * end of the log and checked its data crc; the replay writes what it
	 * found valid, reading each block once more.  Nobody else may write
	 * the metadata device between the load and the resume: the superblock
	 * is compared here and each descriptor by the replay, the data crcs
	 * are not checked again.
	 */
	if (log->checked) {
		r = read_sb(log, rc->desc_page);
		if (r) {
			*error = "Cannot read the superblock";
			goto out;
		}
		if (memcmp(page_address(rc->desc_page), log->sb, DMAT_BLOCK_SIZE)) {
			DMERR("%pg: the superblock changed between table load and resume: the metadata device was written by someone else",
			      log->meta);
			*error = "Superblock changed since the table was loaded";
			r = -EIO;
			goto out;
		}
	} else {
		r = check_log(log, rc, window, error);
		if (r)
			goto out;
	}
	scan = log->check;
	if (scan.next_seq + SEQ_JUMP >= DMAT_SEQ_LIMIT) {
		DMERR("%pg: the log ends at seq %llu: the tail after recovery would pass the sequence number limit %llu; copy the data off and format the metadata device",
		      log->meta, scan.next_seq, DMAT_SEQ_LIMIT);
		*error = "Sequence numbers exhausted (format the metadata device)";
		r = -EOVERFLOW;
		goto out;
	}
	log->replay_end = scan.result;
	r = replay_log(rc, &scan);
	if (r) {
		*error = r == -EIO ? "I/O error while replaying the log" : "Cannot replay the log";
		goto out;
	}

	/* Replayed data must be durable before the tail moves past it. */
	r = blkdev_issue_flush(log->data);
	if (r) {
		*error = "Cannot flush the data device after replay";
		goto out;
	}
	/*
	 * Start the new run SEQ_JUMP later: a transaction written after a
	 * torn one in the same crashed run may be intact; if the new run's
	 * transactions ever put a descriptor boundary exactly where it sits,
	 * its seq is now far below the expected one (stale) instead of equal.
	 */
	dmat_sb_set_tail(log->sb, scan.next_seq + SEQ_JUMP, scan.next_block);
	/*
	 * The log is empty now: the sizes can change in the same superblock
	 * write.  The tail block stays where it is (it is below the old
	 * log_blocks), the new run wraps at the new end.  Blocks past the
	 * old end were never part of this log, so nothing there can pass
	 * for a transaction of it (uuid and position salts).
	 */
	if (log->grow_data_sectors)
		log->sb->data_sectors = cpu_to_le64(log->grow_data_sectors);
	if (log->grow_log_blocks)
		log->sb->log_blocks = cpu_to_le64(log->grow_log_blocks);
	dmat_sb_seal(log->sb);
	r = write_sb(log);
	if (r) {
		*error = "Cannot write the superblock after replay";
		goto out;
	}
	DMINFO("%pg: replayed %llu transactions (%llu sectors); log ended at block %llu: %s",
	       log->meta, log->replayed_txns, log->replayed_sectors, scan.bad_block,
	       dmat_scan_result_str(scan.result));
	if (log->grow_data_sectors)
		DMINFO("%pg: data device grew from %llu to %llu sectors",
		       log->meta, log->geo.data_sectors, log->grow_data_sectors);
	if (log->grow_log_blocks)
		DMINFO("%pg: log grew from %llu to %llu blocks",
		       log->meta, log->geo.log_blocks, log->grow_log_blocks);
	dmat_geometry_from_sb(&log->geo, log->sb);
	log->grow_data_sectors = 0;
	log->grow_log_blocks = 0;
out:
	free_replay_ctx(rc);
	return r;
}

struct load_ctx {
	struct replay_ctx *rc;
	dmat_log_load_fn fn;
	void *context;
	u64 blocks_left;		/* memory budget in blocks */
	int error;
};

static int load_read_block(void *context, u64 meta_block, void *buf)
{
	struct load_ctx *lc = context;

	return replay_read_block(lc->rc, meta_block, buf);
}

/* One valid transaction: read its blocks into fresh pages, hand them over. */
static int load_txn(void *context, const struct dmat_txn *t)
{
	struct load_ctx *lc = context;
	struct dmat_log *log = lc->rc->log;
	const struct dmat_geometry *geo = &log->geo;
	u64 nr = 1 + (u64)t->nr_data_blocks, i, at, n;
	struct page **pages;
	int r = 0;

	if (nr > lc->blocks_left) {
		lc->error = -ENOSPC;
		return lc->error;
	}
	pages = kvcalloc(nr, sizeof(*pages), GFP_KERNEL);
	if (!pages) {
		lc->error = -ENOMEM;
		return lc->error;
	}
	for (i = 0; i < nr; i++) {
		pages[i] = alloc_page(GFP_KERNEL);
		if (!pages[i]) {
			r = -ENOMEM;
			goto bad;
		}
	}
	/* The descriptor and the data, in runs up to the log's end. */
	for (i = 0, at = t->log_block; i < nr; i += n, at = dmat_log_wrap(geo, at + n)) {
		n = min_t(u64, nr - i, geo->log_blocks - at);
		n = min_t(u64, n, BIO_MAX_VECS);
		r = sync_io(log, log->meta, meta_sector(geo->log_start + at), pages + i, n,
			    n * DMAT_BLOCK_SIZE, REQ_OP_READ | REQ_SYNC | REQ_META);
		if (r)
			goto bad;
	}
	/* The commit record is not loaded, but it is log space in use. */
	lc->blocks_left -= min_t(u64, lc->blocks_left,
				 nr + ((t->flags & DMAT_DESC_FLAG_COMMIT_RECORD) ? 1 : 0));
	r = lc->fn(lc->context, t, pages, nr);	/* takes the pages */
	if (r) {
		lc->error = r;
		return r;
	}
	log->replayed_txns++;
	for (i = 0; i < t->nr_entries; i++)
		log->replayed_sectors += le32_to_cpu(t->desc->entries[i].nr_sectors);
	return 0;
bad:
	for (i = 0; i < nr; i++)
		if (pages[i])
			__free_page(pages[i]);
	kvfree(pages);
	lc->error = r;
	return r;
}

int dmat_log_load(struct dmat_log *log, u64 window, u64 max_blocks,
		  dmat_log_load_fn fn, void *context, char **error)
{
	struct load_ctx lc = { .fn = fn, .context = context, .blocks_left = max_blocks };
	struct dmat_scan scan;
	int r;

	if (WARN_ON(!log->read_only || log->needs_format))
		return -EINVAL;
	lc.rc = alloc_replay_ctx(log);
	if (!lc.rc) {
		*error = "Cannot allocate recovery buffers";
		return -ENOMEM;
	}
	if (!log->checked) {
		r = check_log(log, lc.rc, window, error);
		if (r)
			goto out;
	}
	init_scan(&scan, log, lc.rc);
	scan.ctx = &lc;
	scan.transaction = load_txn;
	/* dmat_scan() hands its context to read_block too. */
	scan.read_block = load_read_block;
	scan.read_sparse = NULL;	/* load_txn() reads every block anyway */
	dmat_scan(&scan);
	log->replay_end = scan.result;
	r = lc.error;
	if (r == -ENOSPC) {
		DMERR("%pg: the log holds more than %llu blocks of transactions not written back: too much to keep in memory read-only",
		      log->meta, max_blocks);
		*error = "Log holds too much to activate read-only (activate read-write once, or use dma-replay)";
		r = -ENOMEM;
		goto out;
	}
	if (r) {
		*error = r == -ENOMEM ? "Cannot allocate memory for the log's transactions" :
			 r == -EFBIG ? "A transaction in the log is too large to activate read-only (use dma-replay)" :
					"Cannot load the log's transactions";
		goto out;
	}
	if (scan.result == DMAT_SCAN_IO_ERROR || scan.result == DMAT_SCAN_STOPPED) {
		*error = "I/O error while reading the log";
		r = -EIO;
		goto out;
	}
	spin_lock_irq(&log->lock);
	log->tail_seq = le64_to_cpu(log->sb->tail_seq);
	log->head_seq = scan.next_seq;
	log->head_block = scan.next_block;
	log->used_blocks = max_blocks - lc.blocks_left;
	spin_unlock_irq(&log->lock);
	DMINFO("%pg: read-only: loaded %llu transactions (%llu sectors) into memory; log ended at block %llu: %s",
	       log->meta, log->replayed_txns, log->replayed_sectors, scan.bad_block,
	       dmat_scan_result_str(scan.result));
out:
	free_replay_ctx(lc.rc);
	return r;
}

int dmat_log_activate(struct dmat_log *log, u64 window, char **error)
{
	int r;

	if (log->needs_format) {
		r = format(log, error);
		if (r)
			return r;
		log->needs_format = false;
		log->formatted = true;
		DMINFO("%pg: formatted a log of %llu blocks; data device %pg: %s%s%s",
		       log->meta, log->geo.log_blocks, log->data,
		       dmat_data_id_kind_name(log->data_id.kind),
		       log->data_id.kind ? " " : " (no identity: only its size is checked)",
		       log->data_id.id);
	} else {
		r = recover(log, window, error);
		if (r)
			return r;
	}
	spin_lock_irq(&log->lock);
	log->tail_seq = le64_to_cpu(log->sb->tail_seq);
	log->head_seq = log->tail_seq;
	log->head_block = le64_to_cpu(log->sb->tail_block);
	log->used_blocks = 0;
	spin_unlock_irq(&log->lock);
	return 0;
}

/* ------------------------------------------------------------------------
 * Run time
 */

bool dmat_log_reserve(struct dmat_log *log, u64 nr_blocks, u64 *seq, u64 *log_block)
{
	unsigned long flags;
	bool ok = false;

	spin_lock_irqsave(&log->lock, flags);
	if (log->used_blocks + nr_blocks <= log->geo.log_blocks) {
		*seq = log->head_seq++;
		*log_block = log->head_block;
		log->head_block = dmat_log_wrap(&log->geo, log->head_block + nr_blocks);
		log->used_blocks += nr_blocks;
		ok = true;
	}
	spin_unlock_irqrestore(&log->lock, flags);
	return ok;
}

static void log_io_put(struct dmat_log_io *io)
{
	if (atomic_dec_and_test(&io->pending))
		io->end(io->context, io->status);
}

static void log_write_endio(struct bio *bio)
{
	struct dmat_log_io *io = bio->bi_private;

	/* First error wins; a later success never clears it. */
	if (bio->bi_status)
		cmpxchg(&io->status, BLK_STS_OK, bio->bi_status);
	bio_put(bio);
	log_io_put(io);
}

void dmat_log_write(struct dmat_log *log, struct dmat_log_io *io, u64 log_block,
		    struct page **pages, unsigned int nr_blocks, blk_opf_t flags,
		   dmat_log_end_fn end, void *context)
{
	blk_opf_t preflush = flags & REQ_PREFLUSH;
	struct bio *bio;
	unsigned int done = 0, n;

	atomic_set(&io->pending, 1);
	io->status = BLK_STS_OK;
	io->end = end;
	io->context = context;

	/*
	 * One bio at a time from the log's bio_set, each submitted before
	 * the next is allocated: a wait for a bio is a wait for one of ours
	 * to complete, never for memory someone else must free.
	 */
	while (done < nr_blocks) {
		n = min_t(u64, nr_blocks - done, log->geo.log_blocks - log_block);
		n = min_t(unsigned int, n, BIO_MAX_VECS);
		bio = bio_alloc_bioset(log->meta, n,
				       REQ_OP_WRITE | REQ_SYNC | (flags & REQ_FUA) | preflush,
				       GFP_NOIO, &log->bs);
		preflush = 0;
		bio->bi_iter.bi_sector = meta_sector(log->geo.log_start + log_block);
		bio->bi_end_io = log_write_endio;
		bio->bi_private = io;
		for (unsigned int i = 0; i < n; i++)
			__bio_add_page(bio, pages[done + i], DMAT_BLOCK_SIZE, 0);
		atomic_inc(&io->pending);
		submit_bio(bio);
		done += n;
		log_block = dmat_log_wrap(&log->geo, log_block + n);
	}
	log_io_put(io);
}

void dmat_log_use_commit_records(struct dmat_log *log)
{
	log->want_incompat |= DMAT_FEATURE_INCOMPAT_COMMIT_RECORDS;
}

bool dmat_log_commit_records(struct dmat_log *log)
{
	return le32_to_cpu(log->sb->feature_incompat) & DMAT_FEATURE_INCOMPAT_COMMIT_RECORDS;
}

/* Submit @bio, split where it would run past the end of the circular log. */
static void log_submit_wrapped(struct dmat_log *log, struct dmat_log_io *io, struct bio *bio,
			       u64 log_block)
{
	u64 room = log->geo.log_blocks - log_block;

	bio->bi_iter.bi_sector = meta_sector(log->geo.log_start + log_block);
	bio->bi_end_io = log_write_endio;
	bio->bi_private = io;
	if ((u64)bio->bi_iter.bi_size > room << DMAT_BLOCK_SHIFT) {
		struct bio *front = bio_split(bio, room << (DMAT_BLOCK_SHIFT - SECTOR_SHIFT),
					      GFP_NOIO, &log->bs);

		front->bi_end_io = log_write_endio;
		front->bi_private = io;
		atomic_inc(&io->pending);
		submit_bio(front);
		bio->bi_iter.bi_sector = meta_sector(log->geo.log_start);
	}
	atomic_inc(&io->pending);
	submit_bio(bio);
}

struct bio *dmat_seg_clone(struct block_device *bdev, const struct dmat_seg *seg,
			   blk_opf_t opf, struct bio_set *bs)
{
	struct bio *bio = bio_alloc_clone(bdev, seg->bio, GFP_NOIO, bs);

	if (!bio)
		return NULL;
#if defined(DM_TARGET_WRITE_LISTS) && defined(CONFIG_BLK_WRITE_LIST)
	/* Taken by the clone; bio_uninit() drops it only for a list. */
	if (bio_write_list(bio)) {
		blk_write_list_put(bio->bi_write_list);
		bio->bi_write_list = NULL;
	}
#endif
	bio->bi_opf = opf;
	bio->bi_iter = seg->iter;
	return bio;
}

void dmat_log_write_segs(struct dmat_log *log, struct dmat_log_io *io, u64 log_block,
			 struct page *desc, const struct dmat_seg *segs, unsigned int nr,
			 blk_opf_t flags, dmat_log_end_fn end, void *context)
{
	struct bio *bio;
	unsigned int i;

	atomic_set(&io->pending, 1);
	io->status = BLK_STS_OK;
	io->end = end;
	io->context = context;

	flags &= REQ_FUA;
	bio = bio_alloc_bioset(log->meta, 1, REQ_OP_WRITE | REQ_SYNC | flags, GFP_NOIO, &log->bs);
	__bio_add_page(bio, desc, DMAT_BLOCK_SIZE, 0);
	log_submit_wrapped(log, io, bio, log_block);
	log_block = dmat_log_wrap(&log->geo, log_block + 1);
	/* As dmat_log_write(): one clone at a time, each submitted before the next. */
	for (i = 0; i < nr; i++) {
		u64 blocks = segs[i].iter.bi_size >> DMAT_BLOCK_SHIFT;

		bio = dmat_seg_clone(log->meta, &segs[i], REQ_OP_WRITE | REQ_SYNC | flags,
				     &log->bs);
		log_submit_wrapped(log, io, bio, log_block);
		log_block = dmat_log_wrap(&log->geo, log_block + blocks);
	}
	log_io_put(io);
}

int dmat_log_flush(struct dmat_log *log)
{
	return blkdev_issue_flush(log->meta);
}

int dmat_log_retire(struct dmat_log *log, u64 tail_seq, u64 tail_block, u64 freed_blocks)
{
	int r;

	dmat_sb_set_tail(log->sb, tail_seq, tail_block);
	r = write_sb(log);
	if (r)
		return r;
	spin_lock_irq(&log->lock);
	log->tail_seq = tail_seq;
	log->used_blocks -= freed_blocks;
	spin_unlock_irq(&log->lock);
	return 0;
}

int dmat_log_set_needs_check(struct dmat_log *log)
{
	if (log->read_only)
		return -EROFS;
	log->sb->flags |= cpu_to_le32(DMAT_SB_FLAG_NEEDS_CHECK);
	dmat_sb_seal(log->sb);
	return write_sb(log);
}

int dmat_log_sync_sb(struct dmat_log *log)
{
	return write_sb(log);
}

void dmat_log_get_info(struct dmat_log *log, struct dmat_log_info *info)
{
	unsigned long flags;

	spin_lock_irqsave(&log->lock, flags);
	info->log_blocks = log->geo.log_blocks;
	info->used_blocks = log->used_blocks;
	info->head_seq = log->head_seq;
	info->tail_seq = log->tail_seq;
	spin_unlock_irqrestore(&log->lock, flags);
	info->formatted = log->formatted;
	info->replayed_txns = log->replayed_txns;
	info->replayed_sectors = log->replayed_sectors;
	info->replay_drains = log->replay_drains;
	info->replay_end = log->replay_end;
}
