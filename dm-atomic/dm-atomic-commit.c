// SPDX-License-Identifier: GPL-2.0-only
/*
 * dm-atomic: the commit pipeline.  Queued lists are grouped into one
 * transaction, written to the log (copied, or zero-copy), acknowledged in
 * sequence order once durable; flushes of both devices are tracked so
 * that an empty flush costs nothing when nothing needs it.
 */
#include "dm-atomic.h"

/* ------------------------------------------------------------------------
 * Commit: group commit of queued lists into one transaction, one FUA write.
 */

/*
 * Flushes of the data device (G2).  Logged writes are in the log (whose
 * flushes map_log_flush() decides) and write-back data stays in the log
 * until a flush of its own made it durable, so only direct writes (and
 * discards) can sit in the data device's volatile cache.  A flush made durable every direct write that had
 * completed when it was sent; an empty flush that finds no direct write
 * completed since then has nothing to make durable and completes at once.
 * The module parameter skip_clean_flush=N sends every flush down, for
 * comparisons.
 */
bool dmat_skip_clean_flush = true;
module_param_named(skip_clean_flush, dmat_skip_clean_flush, bool, 0644);
MODULE_PARM_DESC(skip_clean_flush, "complete a flush at once when no direct write completed since the data device's last flush (default Y)");

/* Before sending a flush to the data device: what it will cover. */
u64 dmat_flush_mark(struct atomic_c *ac)
{
	return atomic64_read(&ac->direct_done);
}

/* A flush sent at @mark succeeded: everything completed before it is durable. */
void dmat_flushed(struct atomic_c *ac, u64 mark)
{
	s64 old = atomic64_read(&ac->flushed_done);

	while (old < (s64)mark) {
		s64 prev = atomic64_cmpxchg(&ac->flushed_done, old, mark);

		if (prev == old)
			break;
		old = prev;
	}
}

bool dmat_flush_needed(struct atomic_c *ac)
{
	return !READ_ONCE(dmat_skip_clean_flush) ||
	       atomic64_read(&ac->direct_done) != atomic64_read(&ac->flushed_done);
}

/* blkdev_issue_flush() of the data device, recorded for dmat_flush_needed(). */
int dmat_flush_data(struct atomic_c *ac)
{
	u64 mark = dmat_flush_mark(ac);
	int r = blkdev_issue_flush(ac->data_dev->bdev);

	if (!r)
		dmat_flushed(ac, mark);
	return r;
}

void kick_writeback(struct atomic_c *ac, bool now)
{
	if (ac->read_only)	/* what was loaded stays in memory */
		return;
	if (now)
		mod_delayed_work(ac->wb_wq, &ac->writeback_work, 0);
	else
		queue_delayed_work(ac->wb_wq, &ac->writeback_work,
				   msecs_to_jiffies(ac->writeback_delay_ms));
}

/*
 * Durability of the log.  Commits are acknowledged when their log write
 * completes, in the metadata device's volatile cache; a flush of that device
 * makes durable every transaction whose log write had completed when the
 * flush was sent.  Those are the ones below the mark: the oldest seq still
 * on the committing list (completions leave it in order), or the next seq
 * when none is in flight.  durable_upto: every seq below it is durable.
 * Both under ac->lock.
 */
u64 dmat_log_mark(struct atomic_c *ac)
{
	lockdep_assert_held(&ac->lock);
	return list_empty(&ac->committing) ? ac->last_seq + 1 :
		list_first_entry(&ac->committing, struct atomic_txn, list)->seq;
}

/*
 * A commit is being built: did flushes follow most recent ones (AUTO_FUA_MIN
 * of the last 8)?  Then a copied one goes with REQ_FUA.
 */
static bool dmat_flushes_follow(struct atomic_c *ac)
{
	lockdep_assert_held(&ac->lock);
	ac->flush_history = (ac->flush_history << 1) | ac->flush_since_commit;
	ac->flush_since_commit = false;
	/* Worth it only if the flush after the commit then ends in dm-atomic. */
	return READ_ONCE(dmat_auto_fua) && READ_ONCE(dmat_skip_clean_flush) &&
	       hweight8(ac->flush_history) >= AUTO_FUA_MIN;
}

void dmat_log_durable(struct atomic_c *ac, u64 mark)
{
	lockdep_assert_held(&ac->lock);
	if (mark > ac->durable_upto)
		ac->durable_upto = mark;
}

/* Flush the metadata device unless every transaction up to @seq is durable.  May sleep. */
int dmat_log_sync(struct atomic_c *ac, u64 seq)
{
	u64 mark;
	int r;

	spin_lock_irq(&ac->lock);
	if (ac->durable_upto > seq) {
		spin_unlock_irq(&ac->lock);
		return 0;
	}
	mark = dmat_log_mark(ac);
	ac->log_flushes++;
	spin_unlock_irq(&ac->lock);
	r = dmat_log_flush(ac->log);
	if (r)
		return r;
	spin_lock_irq(&ac->lock);
	dmat_log_durable(ac, mark);
	spin_unlock_irq(&ac->lock);
	return 0;
}

/*
 * Complete the bio of @req (every bio of a v2 list) with one status.  @req
 * must not be touched once a bio is ended: a single logged bio's request
 * lives in that clone's per-bio data, which DM core frees with the clone
 * (clone_endio() -> dm_io_dec_pending() -> free_io() -> bio_put(),
 * synchronously, when the clone was the last reference of its dm_io).  So
 * everything needed is read into locals first.  A list's request is our own
 * allocation (its ranges sit behind it, from ac->list_pool), freed after the
 * last bio.
 */
static void complete_req(struct atomic_c *ac, struct atomic_req *req, blk_status_t status)
{
	struct dmat_seg *segs = req->segs;
	bool own = segs != &req->one;
	struct bio *bio = req->bio;
#if HAVE_V2_LISTS
	unsigned int i, nr = req->nr_segs;
#endif

	if (!own) {
		/* req dies with this bio */
		bio->bi_status = status;
		bio_endio(bio);
		return;
	}
#if HAVE_V2_LISTS
	for (i = 0; i < nr; i++) {
		segs[i].bio->bi_status = status;
		bio_endio(segs[i].bio);
	}
#else
	bio->bi_status = status;
	bio_endio(bio);
#endif
	mempool_free(req, &ac->list_pool);
}

static void fail_reqs(struct atomic_c *ac, struct list_head *reqs)
{
	struct atomic_req *req, *tmp;

	list_for_each_entry_safe(req, tmp, reqs, list) {
		list_del(&req->list);
		complete_req(ac, req, BLK_STS_IOERR);
	}
}

/*
 * Do the lists waiting fill a commit: could a list of the largest size not
 * join them any more?  Then waiting longer cannot make the commit bigger.
 * Under ac->lock.
 */
bool incoming_fills_batch(struct atomic_c *ac)
{
	return ac->incoming_bytes + ac->max_bytes > ac->batch_bytes ||
	       ac->incoming_segs + ac->max_segments > DMAT_MAX_ENTRIES;
}

void incoming_add(struct atomic_c *ac, struct atomic_req *req)
{
	ac->nr_incoming++;
	ac->incoming_segs += req->nr_segs;
	ac->incoming_bytes += req->bytes;
}

static void incoming_sub(struct atomic_c *ac, struct atomic_req *req)
{
	ac->nr_incoming--;
	ac->incoming_segs -= req->nr_segs;
	ac->incoming_bytes -= req->bytes;
}

/*
 * Group commit: may a commit start now?  Under ac->lock.
 *
 * While a commit is in flight, the lists that arrive wait for it to complete
 * and then go together, unless they already fill a commit (a stream of large
 * lists: then up to MAX_INFLIGHT_COMMITS log writes overlap).  With nothing
 * in flight, a commit waits for as many lists as the last one carried plus
 * those that waited beside it: the writers of the last commit send their next
 * lists once acknowledged, and they join.  It waits at most as long as the
 * last log write took (and at most MAX_COMMIT_WINDOW_NS), so a lone writer
 * never waits and a latency is at most about doubled, while N writers share
 * one log write and one flush instead of N / 2.
 *
 * Returns true to commit now.  Otherwise *@wait is the jiffies until the
 * window ends (the caller looks again then), or 0: an arrival or a
 * completion kicks the worker.
 */
static bool commit_now(struct atomic_c *ac, unsigned long *wait)
{
	*wait = 0;
	if (list_empty(&ac->incoming) || ac->nr_committing >= MAX_INFLIGHT_COMMITS)
		return false;
	if (!READ_ONCE(dmat_commit_window) || incoming_fills_batch(ac))
		goto now;
	if (ac->nr_committing)
		return false;
	if (ac->nr_incoming >= ac->group_expect)
		goto now;
	if (!ac->window_open) {
		u64 ns = min_t(u64, ac->last_commit_ns, MAX_COMMIT_WINDOW_NS);

		ac->window_open = true;
		ac->window_end = jiffies + max(1UL, nsecs_to_jiffies(ns));
		ac->commit_windows++;
	}
	if (time_before(jiffies, ac->window_end)) {
		*wait = ac->window_end - jiffies;
		return false;
	}
	ac->window_timeouts++;
now:
	ac->window_open = false;
	return true;
}

/*
 * Zero-copy: a list of at least zero_copy_bytes goes to the log straight from
 * the writer's pages (no copy, no data crc: see "Commit records" in
 * dm-atomic-format.h) as a transaction of its own: descriptor and data, then,
 * once they are durable, the commit record (REQ_PREFLUSH | REQ_FUA); then the
 * in-place writes, from the same pages; the list is acknowledged by those.
 * Its ranges are indexed when the commit record is durable (plain writes over
 * them are logged from then on, and reads go to the data device), and it
 * retires with the next write-back pass, which has nothing to write for it.
 *
 * Only a list that overlaps nothing in the index and no transaction in flight
 * (so no older logged data of its sectors can be written back over it later,
 * and no other list goes in place over it in another order), made of whole
 * blocks in buffers the metadata device can take.  Other commits may be in
 * flight beside it (up to MAX_INFLIGHT_ZC): its commit record waits for
 * their log writes (zc_records_go()), its acknowledgement for theirs.  Under
 * ac->lock.
 */
static bool zc_wanted(struct atomic_c *ac, struct atomic_req *req)
{
	const struct dmat_seg *seg;
	const struct atomic_txn *t;
	unsigned int i;

	lockdep_assert_held(&ac->lock);
	if (!req->zc_fit || !ac->zc_ok || !READ_ONCE(dmat_zero_copy))
		return false;
	req_for_each_seg(req, seg) {
		sector_t start = dm_target_offset(ac->ti, seg->iter.bi_sector);
		sector_t end = start + seg_sectors(seg);
		struct bio *d;

		if (dmat_index_overlaps(&ac->index, start, end))
			return false;
		/*
		 * Not yet indexed: a copied one is when it completes, after
		 * this list would have gone in place (its write-back would
		 * then land over it); a zero-copy one goes in place at a time
		 * of its own.
		 */
		list_for_each_entry(t, &ac->committing, list)
			for (i = 0; i < t->nr_ext; i++)
				if (t->ext[i].sector < end &&
				    start < t->ext[i].sector + t->ext[i].nr_sectors)
					return false;
		/*
		 * A deferred discard over it waits for older logged data
		 * elsewhere, and would land after the list: and then under
		 * its replay.  Copied, the list's write-back lands after it.
		 */
		bio_list_for_each(d, &ac->deferred_discards) {
			sector_t ds = dm_target_offset(ac->ti, d->bi_iter.bi_sector);

			if (ds < end && ds + bio_sectors(d) > start)
				return false;
		}
	}
	return true;
}

/*
 * What zc_wanted() need not look at under the lock, once per list at map
 * time: big enough, whole blocks, and every buffer as the metadata device
 * takes it as it is (its logical block size and DMA alignment: the target
 * advertises the data device's).
 */
bool zc_fits(struct atomic_c *ac, struct atomic_req *req)
{
	struct block_device *meta = ac->meta_dev->bdev;
	unsigned int mask = max_t(unsigned int, bdev_logical_block_size(meta) - 1,
				  queue_dma_alignment(bdev_get_queue(meta)));
	const struct dmat_seg *seg, *s;

	if (!ac->zero_copy_bytes || req->bytes < ac->zero_copy_bytes)
		return false;
	req_for_each_seg(req, seg) {
		sector_t start = seg->iter.bi_sector, end = start + seg_sectors(seg);
		struct bvec_iter iter;
		struct bio_vec bv;

		if (seg->iter.bi_size & (DMAT_BLOCK_SIZE - 1))
			return false;
		/*
		 * Ranges of one list that overlap must land in list order:
		 * the in-place writes go out together, so such a list is
		 * copied (its write-back and the replay keep the order).
		 * The ranges of a write list never overlap.
		 */
		for (s = req->segs; s < seg; s++)
			if (s->iter.bi_sector < end && start < s->iter.bi_sector + seg_sectors(s))
				return false;
		__bio_for_each_bvec(bv, seg->bio, iter, seg->iter)
			if ((bv.bv_offset | bv.bv_len) & mask)
				return false;
	}
	return true;
}

/*
 * Writers wait for write-back: the log is full (@info: its use) or logged
 * data holds max_memory (@info NULL).  A wait that begins is said in the
 * kernel log, at most once a minute (writeback_pass() says when it ends);
 * stats shows waiting_for_space and counts the waits.  Under ac->lock.
 */
static void space_wait(struct atomic_c *ac, const struct dmat_log_info *info)
{
	lockdep_assert_held(&ac->lock);
	ac->space_waits++;
	if (ac->waiting_space)
		return;
	ac->waiting_space = true;
	ac->space_wait_since = jiffies;
	if (!__ratelimit(&ac->space_wait_rs))
		return;
	ac->space_wait_told = true;
	if (info)
		DMWARN("%s: log full (%llu/%llu blocks used): writers wait for write-back",
		       dm_device_name(ac->md), info->used_blocks, info->log_blocks);
	else
		DMWARN("%s: logged data holds max_memory (%llu of %llu bytes): writers wait for write-back",
		       dm_device_name(ac->md), ac->pending_bytes, ac->mem_cap);
}

/*
 * Take queued requests for one group commit: at most DMAT_MAX_ENTRIES
 * extents and batch_bytes of data.  Returns false when nothing may be taken
 * now (empty, a commit in flight or the commit window open, see
 * commit_now(), or the memory cap).  Under ac->lock.
 */
static bool take_batch(struct atomic_c *ac, struct list_head *batch,
		       unsigned int *nr_ext, u64 *data_blocks, unsigned long *wait,
		       bool *zc)
{
	struct atomic_req *req, *tmp;
	u64 bytes = 0;

	bool fua_waits = false;

	*nr_ext = 0;
	*data_blocks = 0;
	*zc = false;
	req = list_first_entry_or_null(&ac->incoming, struct atomic_req, list);
	if (req && zc_wanted(ac, req)) {
		/* A transaction of its own; a completion kicks the worker. */
		*wait = 0;
		if (ac->nr_committing >= (READ_ONCE(dmat_zc_overlap) ? MAX_INFLIGHT_ZC : 1))
			return false;
		list_move_tail(&req->list, batch);
		incoming_sub(ac, req);
		ac->window_open = false;
		*nr_ext = req->nr_segs;
		*data_blocks = req_nr_blocks(req);
		*zc = true;
		return true;
	}
	if (!commit_now(ac, wait))
		return false;
	list_for_each_entry_safe(req, tmp, &ac->incoming, list) {
		unsigned int req_blocks;

		/*
		 * A REQ_FUA list must find every earlier transaction durable
		 * or flushable: its commit goes when none is in flight (the
		 * completion of the last one kicks the worker).
		 */
		if (req->fua && ac->nr_committing) {
			fua_waits = true;
			break;
		}
		req_blocks = req_nr_blocks(req);
		if (*nr_ext + req->nr_segs > DMAT_MAX_ENTRIES ||
		    (*nr_ext && bytes + req->bytes > ac->batch_bytes) ||
		    (*nr_ext && 1 + *data_blocks + req_blocks > ac->batch_blocks))
			break;
		/* The image as txn_mem() will count it: descriptor and data blocks. */
		if (ac->pending_bytes +
		    ((1 + *data_blocks + (u64)req_blocks) << DMAT_BLOCK_SHIFT) > ac->mem_cap)
			break;
		list_move_tail(&req->list, batch);
		incoming_sub(ac, req);
		*nr_ext += req->nr_segs;
		*data_blocks += req_blocks;
		bytes += req->bytes;
	}
	if (list_empty(batch)) {
		if (!fua_waits)
			space_wait(ac, NULL);
		return false;
	}
	return true;
}

/*
 * What the lists of @batch ask of the commit: *@preflush, a list with
 * REQ_PREFLUSH (every write completed before it durable when it is
 * acknowledged: direct writes may sit in the data device's cache, logged
 * ones in the metadata device's; both flushes go before the log write);
 * *@fua, a list with REQ_FUA (durable when acknowledged: the log write
 * goes REQ_FUA).
 */
static void batch_wants(struct list_head *batch, bool *preflush, bool *fua)
{
	struct atomic_req *req;

	*preflush = *fua = false;
	list_for_each_entry(req, batch, list) {
		*preflush |= req->preflush;
		*fua |= req->fua;
	}
}

/*
 * @t is done: complete_work_fn() takes it from here.  Once t->done is seen,
 * the lists may be acknowledged and the device removed before queue_work()
 * returns here: done_busy keeps atomic_dtr() from destroying the workqueue
 * (and freeing ac) until it has.  May run in interrupt context.
 */
static void txn_done(struct atomic_txn *t)
{
	struct atomic_c *ac = t->ac;

	atomic_inc(&ac->done_busy);
	/* Pairs with smp_load_acquire() in complete_work_fn(): status first. */
	smp_store_release(&t->done, true);
	queue_work(ac->done_wq, &ac->complete_work);
	/* The last use of ac: wake_up_var() only hashes the address. */
	if (atomic_dec_and_test(&ac->done_busy))
		wake_up_var(&ac->done_busy);
}

static bool commit_ack_now(struct atomic_txn *t);

static void zc_records_go(struct atomic_c *ac);

/*
 * The log write of @t ended (@status): a zero-copy record waiting for it may
 * go.  Before anything that may let @t's lists be acknowledged (after that,
 * @ac may be gone).  May run in interrupt context.
 */
static void log_settled(struct atomic_txn *t, blk_status_t status)
{
	struct atomic_c *ac = t->ac;
	unsigned long flags;
	bool gated;

	spin_lock_irqsave(&ac->lock, flags);
	t->log_settled = true;
	t->log_failed = status != BLK_STS_OK;
	gated = ac->nr_zc_gated;
	spin_unlock_irqrestore(&ac->lock, flags);
	if (gated)
		zc_records_go(ac);
}

/* dmat_log_write() completion; may run in interrupt context. */
static void commit_endio(void *context, blk_status_t status)
{
	struct atomic_txn *t = context;

	if (t->ac->zc_ok)
		log_settled(t, status);
	if (!status && commit_ack_now(t))
		return;
	t->status = status;
	txn_done(t);
}

static bool commit_zc(struct atomic_c *ac, struct list_head *batch, unsigned int nr_ext,
		      u64 data_blocks);

/* Put the lists of @reqs back at the head of the queue, in order.  Under ac->lock. */
static void requeue_reqs(struct atomic_c *ac, struct list_head *reqs)
{
	struct atomic_req *req;

	lockdep_assert_held(&ac->lock);
	list_for_each_entry(req, reqs, list)
		incoming_add(ac, req);
	list_splice_init(reqs, &ac->incoming);
}

/*
 * Log full: put the lists of @t back at the head of the queue, in order,
 * drop @t and wait for a retire.  No lock held.
 */
static void requeue_for_space(struct atomic_c *ac, struct atomic_txn *t)
{
	struct dmat_log_info info;

	dmat_log_get_info(ac->log, &info);
	spin_lock_irq(&ac->lock);
	requeue_reqs(ac, &t->reqs);
	space_wait(ac, &info);
	spin_unlock_irq(&ac->lock);
	txn_put(t);
	kick_writeback(ac, true);
}

/* @t, sealed, goes on the committing list before its log write.  No lock held. */
static void add_committing(struct atomic_c *ac, struct atomic_txn *t)
{
	spin_lock_irq(&ac->lock);
	list_add_tail(&t->list, &ac->committing);
	ac->nr_committing++;
	ac->last_seq = t->seq;
	ac->pending_bytes += txn_mem(t);
	ac->pending_bytes_max = max(ac->pending_bytes_max, ac->pending_bytes);
	spin_unlock_irq(&ac->lock);
}

/*
 * May the one list queued be committed in its submitter's context
 * (commit_inline())?  Only where nothing there can wait for anything but
 * memory the allocator has at once and the log's own bios: no other list
 * (queued or in flight), not REQ_NOWAIT (a submitter that must not sleep),
 * no REQ_PREFLUSH (a synchronous flush of the data device: its bio would
 * wait on the submitter's current->bio_list), not zero-copy (three steps
 * through the workers anyway), and a log write of at most two bios (one,
 * or two across the end of the log, both from the log's reserve of
 * LOG_BIO_RESERVE, of which no other committer holds any: the commit
 * worker waits for commit_lock, and none is in flight; where DM core maps a
 * logged plain bio, the first sits on current->bio_list until the
 * submitter returns).  Under ac->lock.
 */
bool inline_fits(struct atomic_c *ac)
{
	struct atomic_req *req;

	lockdep_assert_held(&ac->lock);
	if (ac->nr_incoming != 1 || ac->nr_committing || ac->waiting_space ||
	    atomic_failed(ac))
		return false;
	req = list_first_entry(&ac->incoming, struct atomic_req, list);
	return !req->nowait && !req->preflush && !req->zc_fit &&
	       1 + req_nr_blocks(req) <= BIO_MAX_VECS;
}

/*
 * Build and submit group commits while take_batch() finds lists that may
 * go.  From the commit worker (@submitter false), or, for one commit, from
 * a lone writer's context (commit_inline()): returns false there where the
 * list is left queued for the worker (nothing was taken, or its memory is
 * not at hand without waiting).  Under commit_lock.
 */
static bool commit_batches(struct atomic_c *ac, bool submitter)
{
	LIST_HEAD(batch);
	struct atomic_txn *t;
	unsigned int nr_ext;
	unsigned long window;
	u64 data_blocks, durable_seq, mark;
	bool fua, preflush, zc;

	for (;;) {
		if (atomic_failed(ac)) {
			if (submitter)
				return false;
			spin_lock_irq(&ac->lock);
			list_splice_init(&ac->incoming, &batch);
			ac->nr_incoming = ac->incoming_segs = 0;
			ac->incoming_bytes = 0;
			ac->window_open = false;
			spin_unlock_irq(&ac->lock);
			fail_reqs(ac, &batch);
			return true;
		}
		spin_lock_irq(&ac->lock);
		if (submitter && !inline_fits(ac)) {
			spin_unlock_irq(&ac->lock);
			return false;
		}
		if (!take_batch(ac, &batch, &nr_ext, &data_blocks, &window, &zc)) {
			bool wait = ac->waiting_space;

			spin_unlock_irq(&ac->lock);
			if (wait)
				kick_writeback(ac, true);
			/* The window ends: commit what came (an arrival may be sooner). */
			if (window)
				queue_delayed_work(ac->wq, &ac->commit_work, window);
			return true;
		}
		spin_unlock_irq(&ac->lock);

		batch_wants(&batch, &preflush, &fua);
		fua |= READ_ONCE(dmat_fua_commits);
		if (preflush && dmat_flush_needed(ac)) {
			int r = dmat_flush_data(ac);

			if (r) {
				atomic_set_error(ac, r, "data device flush for a REQ_PREFLUSH list");
				fail_reqs(ac, &batch);
				continue;
			}
		}
		if (zc) {
			if (!commit_zc(ac, &batch, nr_ext, data_blocks))
				return true;
			continue;
		}
		t = txn_build(ac, &batch, nr_ext, data_blocks, submitter);
		if (!t && submitter) {
			/* Back to the head of the queue, for the worker. */
			spin_lock_irq(&ac->lock);
			requeue_reqs(ac, &batch);
			spin_unlock_irq(&ac->lock);
			return false;
		}
		if (!t) {
			fail_reqs(ac, &batch);
			continue;
		}
		if (!dmat_log_reserve(ac->log, t->nr_blocks, &t->seq, &t->log_block)) {
			requeue_for_space(ac, t);
			return true;
		}
		/*
		 * REQ_PREFLUSH (a list with it, or before a REQ_FUA one) on the
		 * log write when a completed commit is not durable yet: it
		 * makes every one below the mark durable.  The descriptor says
		 * how far the log is durable when it lands (for dma-check).
		 */
		spin_lock_irq(&ac->lock);
		mark = dmat_log_mark(ac);
		/*
		 * Not with a commit in flight: the flush from above would
		 * have to go down for that one anyway.
		 */
		if (dmat_flushes_follow(ac) && !fua && list_empty(&ac->committing)) {
			fua = true;
			ac->commits_fua_auto++;
		}
		t->fua = fua;
		t->preflush = (fua || preflush) && ac->durable_upto < mark;
		t->flush_mark = mark;
		durable_seq = t->preflush ? mark : ac->durable_upto;
		if (t->fua || t->preflush)
			ac->commits_fua++;
		ac->commits_inline += submitter;
		spin_unlock_irq(&ac->lock);
		txn_seal(ac, t, durable_seq);

		add_committing(ac, t);

		t->submit_ns = ktime_get_ns();
		dmat_log_write(ac->log, &t->log_io, t->log_block, t->pages, t->nr_blocks,
			       (t->fua ? REQ_FUA : 0) | (t->preflush ? REQ_PREFLUSH : 0),
			      commit_endio, t);
		if (submitter)
			return true;
	}
}

void commit_work_fn(struct work_struct *ws)
{
	struct atomic_c *ac = container_of(to_delayed_work(ws), struct atomic_c, commit_work);

	mutex_lock(&ac->commit_lock);
	commit_batches(ac, false);
	mutex_unlock(&ac->commit_lock);
}

/*
 * A lone writer's list (queue_req()), committed here, in the writer's
 * context, if the commit worker is not busy: the copy and checksum of the
 * data and the submission of the log write, without a hand-over to the
 * worker.  The log write is submitted from here too: at once for an atomic
 * list (blk_submit_atomic() calls the target directly, and it may wait for
 * the metadata device's queue as any submitter does), when DM core's
 * submit_bio() returns for a logged plain bio (current->bio_list).  False:
 * the worker must take it.
 */
bool commit_inline(struct atomic_c *ac)
{
	bool done;

	if (!mutex_trylock(&ac->commit_lock))
		return false;
	done = commit_batches(ac, true);
	mutex_unlock(&ac->commit_lock);
	return done;
}

/*
 * Index every extent of @t, in entry order, with the two index nodes each
 * extent brought along (no allocation).  Caller holds ac->lock.
 */
void index_txn_ranges(struct atomic_c *ac, struct atomic_txn *t)
{
	unsigned int i;

	for (i = 0; i < t->nr_ext; i++) {
		struct atomic_ext *x = &t->ext[i];

		dmat_index_insert(&ac->index, x->sector, x->sector + x->nr_sectors, t,
				  x->offset, &t->ranges[2 * i]);
	}
}

/*
 * @t, at the head of the committing list, is done: index its extents, move
 * it to the committed list, count it, and move its lists to @acks, for the
 * caller to acknowledge once the lock is dropped.  From then on a
 * write-back pass may retire and free @t: nothing of it is read after this.
 * Returns whether lists wait for a commit.  Under ac->lock; does not sleep.
 */
static bool txn_committed(struct atomic_c *ac, struct atomic_txn *t, struct list_head *acks)
{
	struct atomic_req *req;
	unsigned int lists = 0, bios = 0;
	u64 bytes = 0;

	lockdep_assert_held(&ac->lock);
	if (t->preflush)
		dmat_log_durable(ac, t->flush_mark);
	if (t->fua && ac->durable_upto >= t->seq)
		dmat_log_durable(ac, t->seq + 1);
	if (!t->zc_indexed)
		index_txn_ranges(ac, t);
	list_move_tail(&t->list, &ac->committed);
	ac->nr_committing--;
	ac->txns_committed++;
	list_for_each_entry(req, &t->reqs, list) {
		lists++;
		bios += req->nr_segs;
		bytes += req->bytes;
	}
	list_splice_init(&t->reqs, acks);
	ac->lists_committed += lists;
	ac->bios_logged += bios;
	ac->bytes_logged += bytes;
	/* The next commit waits for these writers (commit_now()). */
	ac->group_expect = lists + ac->nr_incoming;
	ac->last_commit_ns = ktime_get_ns() - t->submit_ns;
	return !list_empty(&ac->incoming);
}

/* Acknowledge the lists of @acks (txn_committed()), all with @status. */
static void ack_reqs(struct atomic_c *ac, struct list_head *acks, blk_status_t status)
{
	struct atomic_req *req, *tmp;

	list_for_each_entry_safe(req, tmp, acks, list) {
		list_del(&req->list);
		complete_req(ac, req, status);
	}
}

/*
 * After commits completed: the watermark, and write-back early when the log
 * or memory fills up.  Does not sleep; may run in interrupt context.
 */
static void commits_completed(struct atomic_c *ac)
{
	struct dmat_log_info info;

	check_watermark(ac);
	dmat_log_get_info(ac->log, &info);
	kick_writeback(ac, info.used_blocks * 4 >= info.log_blocks ||
		       READ_ONCE(ac->pending_bytes) * 4 >= ac->mem_cap ||
		       READ_ONCE(ac->waiting_space));
}

/*
 * A zero-copy list whose commit record is durable but which did not (all)
 * go in place: fail mode came first, or an in-place write failed (the data
 * device then holds part of it).  The next activation replays it from the
 * log, so it is acknowledged without error; until then reads must see all
 * of it.  Copy it from the writer's pages (not yet acknowledged, so still
 * there) into an image of its own, laid out as a copied transaction's, so
 * reads and write-back take it from memory.  Returns false when the pages
 * cannot be had: the list is then acknowledged with an error although the
 * log holds it (said in the kernel log).  From complete_work_fn().
 */
static bool zc_keep(struct atomic_c *ac, struct atomic_txn *t)
{
	struct atomic_req *req = list_first_entry(&t->reqs, struct atomic_req, list);
	struct page **pages, **old, *record;
	u64 nr = 1, off, i, old_mem = txn_mem(t);
	bool old_apart = t->pages_apart;
	struct ext_range *r;
	unsigned int e;

	for (e = 0; e < t->nr_ext; e++)
		nr += DMAT_ENTRY_BLOCKS(t->ext[e].nr_sectors);
	pages = kvcalloc(nr, sizeof(*pages), GFP_NOIO | __GFP_NOWARN);
	if (!pages)
		goto nomem;
	for (i = 1; i < nr; i++) {
		pages[i] = alloc_page(GFP_NOIO | __GFP_NOWARN);
		if (!pages[i])
			goto nomem;
	}
	/*
	 * The descriptor's page moves over, the commit record's goes back.
	 * Nobody reads the pages of a zero-copy transaction (reads and
	 * write-back skip it while t->zc), so they can be filled in place.
	 */
	spin_lock_irq(&ac->lock);
	old = t->pages;
	record = old[1];
	pages[0] = old[0];
	t->pages = pages;
	t->pages_apart = true;
	t->nr_pages = nr;
	ac->pending_bytes += txn_mem(t) - old_mem;
	ac->pending_bytes_max = max(ac->pending_bytes_max, ac->pending_bytes);
	spin_unlock_irq(&ac->lock);
	mempool_free(record, &ac->page_pool);
	if (old_apart)
		kvfree(old);
	/* Laid out as txn_build() lays out a copied transaction. */
	for (e = 0, off = DMAT_BLOCK_SIZE; e < t->nr_ext; e++) {
		t->ext[e].offset = off;
		copy_seg_to_txn(t, off, &req->segs[e], false);
		off += DMAT_ENTRY_BLOCKS(t->ext[e].nr_sectors) << DMAT_BLOCK_SHIFT;
	}

	spin_lock_irq(&ac->lock);
	/*
	 * Its index nodes point into the image now (a later transaction may
	 * have trimmed or split them: each node's offset is its start's).
	 */
	for (e = 0; t->zc_indexed && e < t->nr_ext; e++) {
		const struct atomic_ext *x = &t->ext[e];

		for (r = dmat_index_first(&ac->index, x->sector);
		     r && r->start < x->sector + x->nr_sectors; r = dmat_index_next(r))
			if (r->txn == t)
				r->offset = x->offset + ((r->start - x->sector) << SECTOR_SHIFT);
	}
	t->zc = false;
	spin_unlock_irq(&ac->lock);
	return true;

nomem:
	if (pages) {
		for (i = 1; i < nr; i++)
			if (pages[i])
				__free_page(pages[i]);
		kvfree(pages);
	}
	DMERR("%s: cannot keep a zero-copy list in memory (%llu blocks): acknowledged with an error, but its commit record is durable and the next activation replays it",
	      dm_device_name(ac->md), nr - 1);
	return false;
}

void complete_work_fn(struct work_struct *ws)
{
	struct atomic_c *ac = container_of(ws, struct atomic_c, complete_work);
	struct atomic_txn *t;
	blk_status_t status;

	for (;;) {
		LIST_HEAD(acks);

		spin_lock_irq(&ac->lock);
		t = list_first_entry_or_null(&ac->committing, struct atomic_txn, list);
		/*
		 * Pairs with smp_store_release() in commit_endio().  While a
		 * completion acknowledges an earlier txn (commit_ack_now()),
		 * wait: it queues this work again when it is done.
		 */
		if (!t || !smp_load_acquire(&t->done) || ac->acking) {
			spin_unlock_irq(&ac->lock);
			break;
		}
		spin_unlock_irq(&ac->lock);

		if (t->status) {
			atomic_set_meta_error(ac, blk_status_to_errno(t->status), "log write");
			ac->log_broken = true;
		}
		if (t->zc_error)
			atomic_set_error(ac, t->zc_error, "in-place write of a zero-copy list");
		/*
		 * A list's fate as its writer sees it must be its fate for
		 * good: a list the next activation replays is acknowledged
		 * without error, one acknowledged with an error must never be
		 * replayed.  So fail mode alone fails nothing whose log write
		 * completed: a copied transaction is committed as usual (its
		 * data is in memory for reads, and stays in the log), a
		 * zero-copy one whose commit record is durable is kept in
		 * memory (zc_keep()).  What is failed: a transaction whose log
		 * write failed, and every one after it (the scan stops at the
		 * failed one, unless the device wrote it after all); a
		 * zero-copy one whose commit record was never written.
		 */
		if (t->status || ac->log_broken || (t->zc && !t->zc_recorded)) {
			/* Not acknowledged, so not promised. */
			spin_lock_irq(&ac->lock);
			list_del(&t->list);
			ac->nr_committing--;
			ac->pending_bytes -= txn_mem(t);
			spin_unlock_irq(&ac->lock);
			fail_reqs(ac, &t->reqs);
			txn_put(t);
			continue;
		}

		/*
		 * Durable in the log.  A zero-copy list not (wholly) written in
		 * place reads from memory from now on, as a copied one.
		 */
		status = BLK_STS_OK;
		if (t->zc && (t->zc_error || !t->zc_indexed) && !zc_keep(ac, t))
			status = BLK_STS_IOERR;
		spin_lock_irq(&ac->lock);
		txn_committed(ac, t, &acks);
		ac->acking++;
		spin_unlock_irq(&ac->lock);
		ack_reqs(ac, &acks, status);
		spin_lock_irq(&ac->lock);
		ac->acking--;
		spin_unlock_irq(&ac->lock);
	}

	commits_completed(ac);
	mod_delayed_work(ac->wq, &ac->commit_work, 0);
}

/*
 * The log write of a copied transaction @t completed without error: when
 * it is the only one in flight, acknowledge its lists right here, in the
 * completion, without the hand-over to complete_work_fn().  With others in
 * flight, in fail mode, or while an earlier txn's lists are being
 * acknowledged (acking: they go first), the worker takes it (false).  What
 * follows a commit (the worker kicked for lists that wait, write-back) is
 * done before the lists are acknowledged: once they are, the device may be
 * suspended and removed, and only done_busy holds atomic_dtr() back (as in
 * txn_done()).  In interrupt context.
 */
static bool commit_ack_now(struct atomic_txn *t)
{
	struct atomic_c *ac = t->ac;
	unsigned long flags;
	LIST_HEAD(acks);
	bool ok, more = false;

	if (!READ_ONCE(dmat_inline_ack) || t->zc)
		return false;
	atomic_inc(&ac->done_busy);
	spin_lock_irqsave(&ac->lock, flags);
	/* Not while the worker acknowledges an earlier one: in sequence order. */
	ok = !atomic_failed(ac) && ac->nr_committing == 1 && !ac->acking &&
	     list_first_entry(&ac->committing, struct atomic_txn, list) == t;
	if (ok) {
		more = txn_committed(ac, t, &acks) || ac->waiting_space;
		ac->acking++;
		ac->acks_inline++;
	}
	spin_unlock_irqrestore(&ac->lock, flags);
	if (ok) {
		struct atomic_txn *next;
		bool done;

		commits_completed(ac);
		if (more)
			mod_delayed_work(ac->wq, &ac->commit_work, 0);
		ack_reqs(ac, &acks, BLK_STS_OK);
		/* A later txn that completed meanwhile waited for these (txn_done()). */
		spin_lock_irqsave(&ac->lock, flags);
		ac->acking--;
		next = list_first_entry_or_null(&ac->committing, struct atomic_txn, list);
		done = !ac->acking && next && smp_load_acquire(&next->done);
		spin_unlock_irqrestore(&ac->lock, flags);
		if (done)
			queue_work(ac->done_wq, &ac->complete_work);
	}
	if (atomic_dec_and_test(&ac->done_busy))
		wake_up_var(&ac->done_busy);
	return ok;
}

/* ------------------------------------------------------------------------
 * Zero-copy commits (see zc_wanted()): three steps, each started by the
 * completion of the one before.
 */

/* The last in-place write completed: complete_work_fn() moves it to committed. */
static void zc_inplace_put(struct atomic_txn *t)
{
	if (atomic_dec_and_test(&t->zc_pending))
		txn_done(t);
}

/*
 * A log step failed (@status) or was not taken (fail mode, or an earlier
 * transaction failed: BLK_STS_OK): complete_work_fn() fails the list;
 * nothing of it went in place, and no later zero-copy record may go.
 */
static void zc_fail(struct atomic_txn *t, blk_status_t status)
{
	log_settled(t, BLK_STS_IOERR);
	t->status = status;
	txn_done(t);
}

/*
 * Send the commit records that may go now: a zero-copy transaction's record
 * waits until its data and the log write of every earlier transaction ended
 * (the record's REQ_PREFLUSH covers only completed writes, and the record
 * must not be durable before any of them: the scan stops at the first torn
 * transaction, and the list goes in place once its record is durable).  In
 * sequence order: a record sent is waited for by every later one, except
 * that consecutive zero-copy transactions whose data was written by then go
 * as one group: one flush, then all their records at once, and none goes in
 * place before all of them are durable (zc_commit_fn()).  If an earlier
 * transaction failed, no record (zc_commit_fn() fails the list: the scan
 * would stop before it).  May run in interrupt context.
 */
static void zc_records_go(struct atomic_c *ac)
{
	struct atomic_txn *t, *first = NULL;
	unsigned long flags;
	bool settled = true, failed = false;

	spin_lock_irqsave(&ac->lock, flags);
	list_for_each_entry(t, &ac->committing, list) {
		if (!ac->nr_zc_gated)
			break;
		if (t->zc && t->zc_data_done && !t->zc_record_sent) {
			if (!settled && !first)
				break;
			t->zc_record_sent = true;
			t->zc_after_failed = failed;
			ac->nr_zc_gated--;
			if (!first) {
				first = t;
				INIT_LIST_HEAD(&first->zc_group);
				atomic_set(&first->zc_group_pending, 1);
			} else {
				list_add_tail(&t->zc_group, &first->zc_group);
				atomic_inc(&first->zc_group_pending);
				ac->zero_copy_records_grouped++;
			}
			/* Unsettled from here on: only the group's own records. */
			settled = false;
			continue;
		}
		/* A group is a run of consecutive ones. */
		if (first)
			break;
		if (!t->log_settled)
			settled = false;
		failed |= t->log_failed;
	}
	spin_unlock_irqrestore(&ac->lock, flags);
	if (first)
		queue_work(ac->wq, &first->zc_commit_work);
}

/* One in-place write of a zero-copy list completed; may run in interrupt context. */
static void zc_inplace_endio(struct bio *bio)
{
	struct atomic_txn *t = bio->bi_private;

	if (bio->bi_status)
		cmpxchg(&t->zc_error, 0, blk_status_to_errno(bio->bi_status));
	bio_put(bio);
	zc_inplace_put(t);
}

/*
 * Step 3, in a worker: the commit record is durable.  The list goes in place
 * through clones of its ranges (from the write-back's bio_set, one at a time),
 * and is acknowledged by complete_work_fn() once they all completed, with one
 * status.
 */
static void zc_inplace_fn(struct work_struct *ws)
{
	struct atomic_txn *t = container_of(ws, struct atomic_txn, zc_inplace_work);
	struct atomic_c *ac = t->ac;
	struct atomic_req *req = list_first_entry(&t->reqs, struct atomic_req, list);
	const struct dmat_seg *seg;
	bool direct;

	/* Step 2's commit record is durable: the next activation replays the list. */
	t->zc_recorded = true;

	/*
	 * Fail mode: nothing more goes to the data device.  The replay will
	 * bring the list: complete_work_fn() keeps it in memory (zc_keep())
	 * and acknowledges it.
	 */
	if (atomic_failed(ac)) {
		txn_done(t);
		return;
	}
	/*
	 * Durable now (the record went with REQ_FUA, after every earlier
	 * commit was durable or with REQ_PREFLUSH, see zc_commit_fn()).
	 * Indexed, so that a plain write mapped from now on over these
	 * sectors is logged (G5: a replay of this list must not land over
	 * it) and a read goes to the data device.
	 */
	spin_lock_irq(&ac->lock);
	if (t->preflush)
		dmat_log_durable(ac, t->flush_mark);
	if (ac->durable_upto >= t->seq)
		dmat_log_durable(ac, t->seq + 1);
	index_txn_ranges(ac, t);
	t->zc_indexed = true;
	/* Direct writes are counted under this lock: none in flight, none to wait for. */
	direct = atomic_read(&ac->direct_inflight[0]) || atomic_read(&ac->direct_inflight[1]);
	spin_unlock_irq(&ac->lock);
	/*
	 * A direct write mapped before that may still be in flight over the
	 * same sectors: it lands first, as before a write-back (the epochs are
	 * flipped under writeback_lock, see dmat_wait_direct()).
	 */
	if (direct) {
		mutex_lock(&ac->writeback_lock);
		dmat_wait_direct(ac);
		mutex_unlock(&ac->writeback_lock);
	}

	atomic_set(&t->zc_pending, 1);
	req_for_each_seg(req, seg) {
		struct bio *bio = dmat_seg_clone(ac->data_dev->bdev, seg, REQ_OP_WRITE | REQ_SYNC,
						 &ac->bs);

		if (!bio) {	/* only a failed integrity or crypt context clone */
			cmpxchg(&t->zc_error, 0, -ENOMEM);
			break;
		}
		bio->bi_iter.bi_sector = dm_target_offset(ac->ti, seg->iter.bi_sector);
		bio->bi_end_io = zc_inplace_endio;
		bio->bi_private = t;
		atomic_inc(&t->zc_pending);
		submit_bio(bio);
	}
	zc_inplace_put(t);
}

/*
 * Every record of the group of @first ended (each txn's status in
 * t->zc_rec_status): in sequence order, each whose record and every earlier
 * one's are durable goes in place; from the first failed one on, none (the
 * scan stops there).  Later records may go then.  Once the last one is
 * handed on, nothing of the group is touched: its lists may be acknowledged.
 */
static void zc_group_done(struct atomic_txn *first)
{
	struct atomic_c *ac = first->ac;
	struct atomic_txn *t, *tmp, *last_ok = NULL;
	blk_status_t failed = BLK_STS_OK;
	LIST_HEAD(group);

	list_add(&group, &first->zc_group);
	list_del_init(&first->zc_group);
	list_add(&first->zc_group, &group);
	list_for_each_entry(t, &group, zc_group) {
		if (!failed && t->zc_rec_status)
			failed = t->zc_rec_status;
		if (!failed)
			last_ok = t;
	}
	if (last_ok) {
		unsigned long flags;

		spin_lock_irqsave(&ac->lock, flags);
		dmat_log_durable(ac, last_ok->seq + 1);
		spin_unlock_irqrestore(&ac->lock, flags);
	}
	failed = BLK_STS_OK;
	list_for_each_entry_safe(t, tmp, &group, zc_group) {
		list_del_init(&t->zc_group);
		if (!failed && t->zc_rec_status)
			failed = t->zc_rec_status;
		if (failed) {
			zc_fail(t, t->zc_rec_status ? t->zc_rec_status : BLK_STS_OK);
			continue;
		}
		/* Later records may go (the in-place work of @t runs beside them). */
		log_settled(t, BLK_STS_OK);
		queue_work(ac->wq, &t->zc_inplace_work);
	}
}

static void zc_commit_endio(void *context, blk_status_t status)
{
	struct atomic_txn *t = context;

	t->zc_rec_status = status;
	if (atomic_dec_and_test(&t->zc_group_first->zc_group_pending))
		zc_group_done(t->zc_group_first);
}

/*
 * Step 2, in a worker, once descriptor and data were written and every
 * earlier transaction's log write ended (zc_records_go()): the commit
 * record, with REQ_FUA.  It must not be durable before them (the scan stops
 * at the first torn one, and this list goes in place once its record is
 * durable): REQ_PREFLUSH unless they were written REQ_FUA (a metadata device
 * with native FUA) and every earlier commit is durable already.  The flush
 * then makes every earlier transaction durable: all their writes completed.
 */
static void zc_commit_fn(struct work_struct *ws)
{
	struct atomic_txn *t = container_of(ws, struct atomic_txn, zc_commit_work);
	struct atomic_c *ac = t->ac;
	const struct dmat_geometry *geo = dmat_log_geometry(ac->log);

	struct atomic_txn *m, *tmp;
	bool flush = !t->zc_fua_data, alone = list_empty(&t->zc_group);
	blk_status_t fail = BLK_STS_OK;

	/*
	 * Fail mode, or an earlier transaction failed: no commit record, never
	 * replayed; complete_work_fn() fails the group.
	 */
	if (atomic_failed(ac) || t->zc_after_failed)
		fail = BLK_STS_IOERR;
	list_for_each_entry(m, &t->zc_group, zc_group) {
		m->zc_group_first = t;
		flush |= !m->zc_fua_data;
	}
	t->zc_group_first = t;
	spin_lock_irq(&ac->lock);
	flush |= ac->durable_upto < t->seq;
	spin_unlock_irq(&ac->lock);
	/*
	 * A group: the flush first, on its own (it covers the group's data and
	 * every earlier transaction: all their writes completed), then every
	 * record with REQ_FUA at once.  Alone: the flush goes with the record.
	 */
	if (!fail && flush && !alone) {
		int r;

		spin_lock_irq(&ac->lock);
		ac->log_flushes++;
		spin_unlock_irq(&ac->lock);
		r = dmat_log_flush(ac->log);
		if (r)
			fail = errno_to_blk_status(r);
		else {
			spin_lock_irq(&ac->lock);
			dmat_log_durable(ac, t->seq);
			spin_unlock_irq(&ac->lock);
			flush = false;
		}
	}
	if (fail) {
		list_for_each_entry_safe(m, tmp, &t->zc_group, zc_group) {
			list_del_init(&m->zc_group);
			zc_fail(m, BLK_STS_OK);
		}
		zc_fail(t, BLK_STS_OK);
		return;
	}
	spin_lock_irq(&ac->lock);
	t->flush_mark = t->seq;
	t->preflush = flush;
	spin_unlock_irq(&ac->lock);
	/* The group's pending count holds one for each record (zc_records_go()). */
	list_for_each_entry(m, &t->zc_group, zc_group)
		dmat_log_write(ac->log, &m->log_io, zc_record_block(geo, m), &m->pages[1], 1,
			       REQ_FUA, zc_commit_endio, m);
	dmat_log_write(ac->log, &t->log_io, zc_record_block(geo, t), &t->pages[1], 1,
		       REQ_FUA | (flush ? REQ_PREFLUSH : 0), zc_commit_endio, t);
}

static void zc_data_endio(void *context, blk_status_t status)
{
	struct atomic_txn *t = context;
	struct atomic_c *ac = t->ac;
	unsigned long flags;

	if (status) {
		zc_fail(t, status);
		return;
	}
	spin_lock_irqsave(&ac->lock, flags);
	t->zc_data_done = true;
	ac->nr_zc_gated++;
	spin_unlock_irqrestore(&ac->lock, flags);
	zc_records_go(ac);
}

/*
 * Step 1, from the commit worker: the list in @batch (alone) as a zero-copy
 * transaction.  Returns false when the log is full (the list is queued
 * again and write-back kicked).  May sleep.
 */
static bool commit_zc(struct atomic_c *ac, struct list_head *batch, unsigned int nr_ext,
		      u64 data_blocks)
{
	struct atomic_req *req = list_first_entry(batch, struct atomic_req, list);
	struct atomic_txn *t;
	unsigned int i;

	t = txn_alloc(ac, nr_ext, 2, true, false);
	if (!t) {
		fail_reqs(ac, batch);
		return true;
	}
	t->pages[0] = txn_page_alloc(ac, false);
	t->pages[1] = txn_page_alloc(ac, false);
	t->zc = true;
	t->nr_blocks = 2 + data_blocks;
	INIT_WORK(&t->zc_commit_work, zc_commit_fn);
	INIT_WORK(&t->zc_inplace_work, zc_inplace_fn);
	for (i = 0; i < nr_ext; i++) {
		const struct dmat_seg *seg = &req->segs[i];
		struct atomic_ext *x = &t->ext[i];

		x->sector = dm_target_offset(ac->ti, seg->iter.bi_sector);
		x->nr_sectors = seg_sectors(seg);
		t->bytes += seg->iter.bi_size;
	}
	list_splice_init(batch, &t->reqs);
	if (!dmat_log_reserve(ac->log, t->nr_blocks, &t->seq, &t->log_block)) {
		requeue_for_space(ac, t);
		return false;
	}
	/* Native FUA: the data goes REQ_FUA, and the record needs no flush. */
	t->zc_fua_data = bdev_fua(ac->meta_dev->bdev);
	spin_lock_irq(&ac->lock);
	t->fua = true;
	ac->commits_fua++;
	ac->zero_copy_txns++;
	/* Counted here, once: a list the full log sent back was taken before. */
	ac->zero_copy_overlapped += ac->nr_committing > 0;
	dmat_flushes_follow(ac);	/* a commit: the history moves on */
	spin_unlock_irq(&ac->lock);
	txn_seal(ac, t, READ_ONCE(ac->durable_upto));

	add_committing(ac, t);

	t->submit_ns = ktime_get_ns();
	dmat_log_write_segs(ac->log, &t->log_io, t->log_block, t->pages[0], req->segs,
			    req->nr_segs, t->zc_fua_data ? REQ_FUA : 0, zc_data_endio, t);
	return true;
}
