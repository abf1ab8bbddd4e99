/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dm-atomic: the on-disk log on the metadata device, behind an opaque handle.
 *
 * This header is the whole API between the I/O path (dm-atomic-commit.c,
 * dm-atomic-writeback.c, dm-atomic-target.c) and the log (dm-atomic-log.c),
 * in the way dm-clone splits its target from its metadata.  The layout itself is in dm-atomic-format.h; superblock checks,
 * descriptor building and the recovery scan are the shared code of
 * dma-scan.c.
 *
 * Life cycle:
 *	dmat_log_open()      read and validate the superblock; writes nothing
 *	dmat_log_activate()  format an all-zero device, or replay the committed
 *			    transactions and checkpoint
 *	dmat_log_reserve() / dmat_log_write() / dmat_log_retire()   at run time
 *	dmat_log_supersede() a reloaded table took over: no superblock write
 *			    (-ESTALE) from here
 *	dmat_log_close()
 *
 * Space: a transaction reserves log blocks at the head; dmat_log_retire()
 * gives them back once the target has written their data back to the data
 * device and flushed it.  The log never reuses a block before the superblock
 * that moved the tail past it is durable.
 */
#ifndef DM_ATOMIC_LOG_H
#define DM_ATOMIC_LOG_H

#include <linux/blkdev.h>
#include <linux/blk_types.h>
#include "dma-scan.h"

/*
 * The log and the target hold one 4 KiB log block in each page (transaction
 * images, log writes, replay buffers).  On a kernel with larger pages that
 * would write and read the wrong bytes, so refuse to build there.
 */
static_assert(PAGE_SIZE == DMAT_BLOCK_SIZE,
	      "dm-atomic needs PAGE_SIZE == 4096 (one log block per page)");

struct dmat_log;

/* What status and the kernel log report about the log. */
struct dmat_log_info {
	u64 log_blocks;		/* size of the circular log */
	u64 used_blocks;	/* reserved and not yet retired */
	u64 head_seq;		/* seq the next transaction will carry */
	u64 tail_seq;		/* seq of the oldest live transaction */
	bool formatted;		/* activation formatted the device */
	u64 replayed_txns;	/* transactions replayed at activation */
	u64 replayed_sectors;	/* data sectors they wrote */
	u64 replay_drains;	/* replay writes that waited for overlapping ones */
	enum dmat_scan_result replay_end;	/* why the replay scan stopped */
};

/*
 * Read metadata block 0 and validate it against the sizes of @meta and
 * @data.  All zero is accepted (dmat_log_activate() then formats).  Any other
 * invalid superblock fails with -EINVAL and a specific *@error; an unreadable
 * one with -EIO.  Writes nothing.
 *
 * Resize: a data device smaller than the superblock records is refused
 * (shrinking is not supported).  A larger one is refused too, unless
 * @target_sectors (the table's length) is larger than the recorded size:
 * then the table asks to grow, and dmat_log_activate() records the data
 * device's size.  A metadata device with room past the log makes
 * dmat_log_activate() grow the log to fill it (up to DMAT_MAX_LOG_BLOCKS),
 * unless the superblock has DMAT_FEATURE_COMPAT_FIXED_LOG.  Both changes
 * are made after the replay, when the log is empty.
 *
 * @read_only: the log will only be read (dmat_log_load(), never
 * dmat_log_activate()): unknown read-only-compatible features are accepted,
 * an unformatted device and a data device that grew are refused, the log
 * does not grow.
 * @sb_lock: held around every superblock read and write of this log; one
 * per pair of devices, shared by the tables that use them (the target's
 * struct atomic_shared), so one table reads the superblock while no other
 * writes it.
 * May sleep.  Takes @sb_lock.
 */
int dmat_log_open(struct block_device *meta, struct block_device *data,
		  sector_t target_sectors, bool read_only, struct mutex *sb_lock,
		  struct dmat_log **logp, char **error);

/*
 * From now on every superblock write of @log fails with -ESTALE and writes
 * nothing: a reloaded table took the metadata over.  Called with the
 * @sb_lock given to dmat_log_open() held (a write under way has ended).
 */
void dmat_log_supersede(struct dmat_log *log);

/*
 * Read-only: scan the log as recovery would, without replaying anything.
 * A scan that stops at a record no crash leaves (seq_gap, bad_desc,
 * entry_range, log_overrun, a block number mismatch of a current record:
 * !dmat_scan_end_is_normal()) did not reach the end of the log; else look
 * @window blocks past its end for a transaction that records the one where
 * the scan stopped as durable (dmat_scan_probe_after()).  Either way the
 * log ends at damage, not at the last commit: replaying it would drop
 * acknowledged transactions silently, so it is refused (-EUCLEAN, with a
 * specific *@error and a kernel log line naming the reason, the log block
 * and the sequence numbers) until the tools (dma-check, dma-replay --force)
 * have dealt with it.  A log that needs formatting passes.
 * dmat_log_activate() runs this itself if it has not run yet.
 * May sleep.  No lock.
 */
int dmat_log_check(struct dmat_log *log, u64 window, char **error);

/*
 * Make the log usable: format it when dmat_log_open() saw zeroes, otherwise
 * replay every transaction dmat_log_check() found valid (running it first if
 * it has not run; if it ran, the superblock must not have changed since) to
 * the data device
 * (idempotent: the same bytes every time), flush the data device and write a
 * superblock whose tail is the end of the scan.  The sequence number jumps by
 * 2^32 there, so a record that survived beyond a torn one can never pass for
 * a later transaction.  *@error is set on failure.
 * May sleep.  No lock; the target is not yet taking I/O.
 */
int dmat_log_activate(struct dmat_log *log, u64 window, char **error);

/*
 * Read-only activation (the log was opened read-only): check the log as
 * dmat_log_check() does, then hand every valid transaction, in order, to
 * @fn with its blocks read into @nr fresh pages (pages[0] the descriptor,
 * then the data blocks in log order, each entry starting on a fresh block:
 * the layout of dm-atomic-format.h).  @fn owns the pages and the array
 * (kvcalloc) from then on, even when it fails.  At most @max_blocks blocks
 * are loaded: a log holding more is refused (-ENOMEM, with *@error saying
 * so) rather than truncated.  Writes nothing.  The log's status figures
 * (replayed_txns, used_blocks) then describe what was loaded.
 * May sleep.  No lock; the target is not yet taking I/O.
 */
typedef int (*dmat_log_load_fn)(void *context, const struct dmat_txn *t,
			       struct page **pages, u64 nr);
int dmat_log_load(struct dmat_log *log, u64 window, u64 max_blocks,
		  dmat_log_load_fn fn, void *context, char **error);

/* Frees the handle; writes nothing.  May sleep.  No lock. */
void dmat_log_close(struct dmat_log *log);

/* Geometry of the opened log (valid after dmat_log_activate()). */
const struct dmat_geometry *dmat_log_geometry(struct dmat_log *log);

/* Log size once dmat_log_activate() has grown it (see dmat_log_open()). */
u64 dmat_log_blocks_when_active(struct dmat_log *log);

/*
 * Reserve @nr_blocks at the head for the next transaction.  Returns false
 * when the log has too little free space (the caller waits for a retire;
 * never an error).  On success *@seq and *@log_block say where it goes.
 * Does not sleep.  Takes the log's internal spinlock; the caller serialises
 * reservations (the target's single commit worker) so that transactions are
 * written in sequence order.
 */
bool dmat_log_reserve(struct dmat_log *log, u64 nr_blocks, u64 *seq,
		      u64 *log_block);

/* Completion of dmat_log_write(); may run in interrupt context. */
typedef void (*dmat_log_end_fn)(void *context, blk_status_t status);

/*
 * The state of one log write, kept by the caller (in its transaction) so
 * that a log write allocates nothing but bios from the log's own bio_set.
 * Owned by the log from dmat_log_write() until @end is called.
 */
struct dmat_log_io {
	atomic_t pending;
	blk_status_t status;
	dmat_log_end_fn end;
	void *context;
};

/*
 * Write @nr_blocks blocks of @pages (one page per block) at log block
 * @log_block, splitting at the end of the circular log (and at BIO_MAX_VECS).
 * @flags: REQ_FUA makes every part durable when it completes; REQ_PREFLUSH
 * flushes the metadata device first (on the first part: the flush covers
 * the writes completed before it, the parts of this record need none).
 * @end is called once, when every part completed, with the first error.
 * May sleep (a bio from the log's bio_set: waits for one of its own bios
 * to complete, never fails).  No lock.
 */
void dmat_log_write(struct dmat_log *log, struct dmat_log_io *io, u64 log_block,
		    struct page **pages, unsigned int nr_blocks, blk_opf_t flags,
		   dmat_log_end_fn end, void *context);

/*
 * One range of a logged write: the data of @bio that @iter covers, with
 * iter.bi_sector the range's first sector on the mapped device.  A range is
 * a whole bio (a logged plain or REQ_ATOMIC bio, a bio of a v2 atomic list)
 * or one range of a write list (REQ_OP_WRITE_LIST: all ranges of the list
 * share its one bio).
 */
struct dmat_seg {
	struct bio *bio;
	struct bvec_iter iter;
};

/*
 * A plain write that shares @seg's pages (bio_alloc_clone() from @bs,
 * which never fails without integrity or crypt contexts), of @seg's data
 * only, with operation and flags @opf, on @bdev at iter.bi_sector as @seg
 * has it (the caller moves it).  A write list's clone gives up the
 * reference to the range table it took.  May sleep.
 */
struct bio *dmat_seg_clone(struct block_device *bdev, const struct dmat_seg *seg,
			   blk_opf_t opf, struct bio_set *bs);

/*
 * Zero-copy log write (see "Commit records" in dm-atomic-format.h): the
 * descriptor page @desc at log block @log_block, then the data of each of
 * the @nr ranges, in order, from their own pages (clones from the log's
 * bio_set; the bios must stay untouched until @end), each starting on the
 * block after the one before (each range's size a whole number of blocks),
 * split at the end of the circular log.  @flags: REQ_FUA (on every bio),
 * or 0.  The caller writes the commit record (dmat_log_write() with REQ_FUA,
 * and REQ_PREFLUSH unless this went REQ_FUA) once this completed.  May sleep (as dmat_log_write()).  No lock.
 */
void dmat_log_write_segs(struct dmat_log *log, struct dmat_log_io *io, u64 log_block,
			 struct page *desc, const struct dmat_seg *segs, unsigned int nr,
			 blk_opf_t flags, dmat_log_end_fn end, void *context);

/*
 * Ask for DMAT_FEATURE_INCOMPAT_COMMIT_RECORDS in the superblock: set in
 * every superblock written from now on (activation writes one), so call it
 * before dmat_log_activate().  dmat_log_commit_records() says whether the
 * superblock as it stands has it: zero-copy transactions may be written
 * only then.  Neither sleeps.
 */
void dmat_log_use_commit_records(struct dmat_log *log);
bool dmat_log_commit_records(struct dmat_log *log);

/* An empty flush of the metadata device.  Returns 0 or a negative errno.  May sleep. */
int dmat_log_flush(struct dmat_log *log);

/*
 * Move the tail to (@tail_seq, @tail_block) after the caller wrote back and
 * flushed every transaction before it, and release @freed_blocks.  Writes
 * the superblock with REQ_FUA; the space is released only when that write is
 * durable.  Returns 0 or a negative errno (space not released then).
 * May sleep.  Caller serialises retires (the target's write-back worker).
 */
int dmat_log_retire(struct dmat_log *log, u64 tail_seq, u64 tail_block,
		    u64 freed_blocks);

/*
 * Write the superblock again as it stands (the tail of the last retire),
 * REQ_FUA.  Returns 0 or a negative errno.  May sleep.  Same serialisation
 * as dmat_log_retire().
 */
int dmat_log_sync_sb(struct dmat_log *log);

/*
 * Set DMAT_SB_FLAG_NEEDS_CHECK in the superblock (as it stands: the tail of
 * the last retire) and write it, REQ_FUA: after a failed metadata write, so
 * that the next read-write activation is refused until the tools checked
 * the metadata.  Returns 0 or a negative errno.  May sleep.  Same
 * serialisation as dmat_log_retire().
 */
int dmat_log_set_needs_check(struct dmat_log *log);

/* Fill *@info.  Does not sleep; takes the internal spinlock. */
void dmat_log_get_info(struct dmat_log *log, struct dmat_log_info *info);

#endif /* DM_ATOMIC_LOG_H */
