// SPDX-License-Identifier: GPL-2.0-only
/*
 * dm-atomic: write-back of logged transactions to the data device, the
 * epochs that order it after direct writes, checkpoints that move the log
 * tail, and discards held back behind older logged data.
 */
#include "dm-atomic.h"

/* ------------------------------------------------------------------------
 * Write-back: the index, sorted, from memory to the data device; then a
 * flush; then the tail moves.
 */

/*
 * Direct writes against write-back (G5).  A plain write is sent straight to
 * the data device when none of its sectors is in the index at map time; a
 * list over the same sectors may be indexed, acknowledged and written back
 * while that write is still in flight, and the two would land in either
 * order.  Once the direct write has completed, reads return the list's data
 * (from the index), so the write-back must land last.  Each direct write is
 * counted, under ac->lock together with the index lookup that let it go
 * direct, in the current epoch; a write-back pass starts a new epoch and
 * waits until the old one drained.  Passes are serialized by writeback_lock,
 * so the other epoch is always drained when a pass flips to it: every direct
 * write mapped before the pass has completed before the pass writes.
 */
void dmat_count_direct(struct atomic_c *ac, struct per_bio *pb)
{
	lockdep_assert_held(&ac->lock);
	pb->direct = true;
	pb->epoch = ac->direct_epoch & 1;
	atomic_inc(&ac->direct_inflight[pb->epoch]);
}

/* From end_io, in any context. */
void dmat_direct_done(struct atomic_c *ac, struct per_bio *pb)
{
	atomic64_inc(&ac->direct_done);
	pb->direct = false;
	/* Pairs with the barrier in wait_event() of dmat_wait_direct(). */
	if (atomic_dec_and_test(&ac->direct_inflight[pb->epoch]) &&
	    wq_has_sleeper(&ac->direct_wait))
		wake_up_all(&ac->direct_wait);
}

/* Wait for every direct write mapped before now.  May sleep. */
void dmat_wait_direct(struct atomic_c *ac)
{
	unsigned int old;

	spin_lock_irq(&ac->lock);
	old = ac->direct_epoch & 1;
	ac->direct_epoch++;
	spin_unlock_irq(&ac->lock);
	wait_event(ac->direct_wait, !atomic_read(&ac->direct_inflight[old]));
}

struct wb_io {
	atomic_t pending;
	int error;
	struct completion done;
};

static void wb_endio(struct bio *bio)
{
	struct wb_io *io = bio->bi_private;

	if (bio->bi_status)
		cmpxchg(&io->error, 0, blk_status_to_errno(bio->bi_status));
	bio_put(bio);
	if (atomic_dec_and_test(&io->pending))
		complete(&io->done);
}

static void wb_submit(struct wb_io *io, struct bio *bio)
{
	atomic_inc(&io->pending);
	submit_bio(bio);
}

/* Write the snapshot @pins (sorted, disjoint) to the data device and wait. */
static int wb_write(struct atomic_c *ac, struct read_pin *pins, unsigned long n)
{
	struct block_device *bdev = ac->data_dev->bdev;
	struct wb_io io;
	struct bio *bio = NULL;
	unsigned long i;

	atomic_set(&io.pending, 1);
	io.error = 0;
	init_completion(&io.done);

	for (i = 0; i < n; i++) {
		struct read_pin *p = &pins[i];
		u64 off = p->offset, left = (u64)(p->end - p->start) << SECTOR_SHIFT;
		sector_t sector = p->start;

		if (bio && bio_end_sector(bio) != sector) {
			wb_submit(&io, bio);
			bio = NULL;
		}
		while (left) {
			unsigned int in = off & (PAGE_SIZE - 1);
			unsigned int len = min_t(u64, left, PAGE_SIZE - in);

			if (!bio) {
				/* Ours: waits for one of our bios, never fails. */
				bio = bio_alloc_bioset(bdev, BIO_MAX_VECS, REQ_OP_WRITE, GFP_NOIO,
						       &ac->bs);
				bio->bi_iter.bi_sector = sector;
				bio->bi_end_io = wb_endio;
				bio->bi_private = &io;
			}
			if (bio_add_page(bio, p->txn->pages[off >> PAGE_SHIFT], len, in) < len) {
				wb_submit(&io, bio);
				bio = NULL;
				continue;
			}
			off += len;
			left -= len;
			sector += len >> SECTOR_SHIFT;
		}
	}
	if (bio)
		wb_submit(&io, bio);
	if (!atomic_dec_and_test(&io.pending))
		wait_for_completion_io(&io.done);
	return io.error;
}

/*
 * Pin, in sector order from sector @*from on, the ranges of transactions
 * with seq <= @seq, at most @cap of them, into @pins.  Returns how many;
 * *@from becomes the sector to go on from, or stays put when none is left
 * (*@more false).  Ranges of seq <= @seq are never added once a pass has
 * started (they were all indexed before) and only shrink: a range found
 * beyond *@from in a later call was beyond it in an earlier one too.
 */
static unsigned long wb_snapshot(struct atomic_c *ac, u64 seq, struct read_pin *pins,
				 unsigned long cap, sector_t *from, bool *more)
{
	struct ext_range *r;
	unsigned long i = 0;

	spin_lock_irq(&ac->lock);
	for (r = dmat_index_first(&ac->index, *from); r && i < cap; r = dmat_index_next(r)) {
		/* Zero-copy lists were written in place before acknowledged. */
		if (r->txn->seq > seq || r->txn->zc)
			continue;
		pins[i].start = max(r->start, *from);
		pins[i].end = r->end;
		pins[i].txn = r->txn;
		pins[i].offset = r->offset + ((pins[i].start - r->start) << SECTOR_SHIFT);
		txn_get(r->txn);
		i++;
	}
	*more = r != NULL;
	spin_unlock_irq(&ac->lock);
	if (i)
		*from = pins[i - 1].end;
	return i;
}

static void unpin_all(struct read_pin *pins, unsigned long n)
{
	unsigned long i;

	for (i = 0; i < n; i++)
		txn_put(pins[i].txn);
}

/*
 * Write back every range of a transaction with seq <= @seq.  The snapshot
 * of the whole index, taken at once, lets every bio go out before the
 * first wait; where its array cannot be had without trying hard (a huge
 * index, memory pressure), the ranges go in pieces of WB_CHUNK_PINS
 * through a buffer allocated at construction, one piece written before
 * the next is pinned.  Either way nothing is waited for but our own I/O.
 * Under writeback_lock (ac->wb_pins).  May sleep.
 */
static int wb_write_upto(struct atomic_c *ac, u64 seq)
{
	struct read_pin *pins = NULL;
	unsigned long cap, n;
	sector_t from = 0;
	bool more = true;
	int r = 0;

	spin_lock_irq(&ac->lock);
	cap = ac->index.nr_ranges + 16;
	spin_unlock_irq(&ac->lock);
	if (cap > WB_CHUNK_PINS) {
		unsigned int noio = memalloc_noio_save();

		pins = kvmalloc_array(cap, sizeof(*pins),
				      GFP_KERNEL | __GFP_RETRY_MAYFAIL | __GFP_NOWARN);
		memalloc_noio_restore(noio);
	}
	if (!pins) {
		pins = ac->wb_pins;
		cap = WB_CHUNK_PINS;
	}
	while (more && !r) {
		n = wb_snapshot(ac, seq, pins, cap, &from, &more);
		r = wb_write(ac, pins, n);
		unpin_all(pins, n);
	}
	if (pins != ac->wb_pins)
		kvfree(pins);
	return r;
}

static void process_deferred_discards(struct atomic_c *ac);


/*
 * One write-back pass over everything committed so far.  Returns 0, -EAGAIN
 * if nothing was committed, or the error that latched fail mode.
 * Called with writeback_lock held; may sleep.
 */
static int writeback_pass(struct atomic_c *ac)
{
	const struct dmat_geometry *geo = dmat_log_geometry(ac->log);
	struct atomic_txn *last, *t, *tmp;
	u64 seq, tail_block, freed = 0, count = 0, bytes = 0;
	unsigned long since;
	LIST_HEAD(retired);
	bool told;
	int r;

	if (atomic_failed(ac))
		return -EIO;
	spin_lock_irq(&ac->lock);
	if (list_empty(&ac->committed)) {
		spin_unlock_irq(&ac->lock);
		return -EAGAIN;
	}
	last = list_last_entry(&ac->committed, struct atomic_txn, list);
	seq = last->seq;
	tail_block = dmat_log_wrap(geo, last->log_block + last->nr_blocks);
	list_for_each_entry(t, &ac->committed, list)
		freed += t->nr_blocks;
	spin_unlock_irq(&ac->lock);

	/*
	 * Only log records that are durable go in place: a torn in-place
	 * write must have a record to be replayed from.
	 */
	r = dmat_log_sync(ac, seq);
	if (r) {
		atomic_set_meta_error(ac, r, "metadata device flush");
		return r;
	}
	/*
	 * Direct writes mapped before now land first (G5).  One mapped later
	 * found no range of seq <= @seq over its sectors (else it would be
	 * logged), and none comes back: the pass cannot write over it.
	 */
	dmat_wait_direct(ac);
	r = wb_write_upto(ac, seq);
	if (r) {
		atomic_set_error(ac, r, "write-back to the data device");
		return r;
	}
	/* The data must be durable before the tail moves past its log copy. */
	r = dmat_flush_data(ac);
	if (r) {
		atomic_set_error(ac, r, "data device flush");
		return r;
	}
	r = dmat_log_retire(ac->log, seq + 1, tail_block, freed);
	if (r) {
		atomic_set_meta_error(ac, r, "superblock write");
		return r;
	}

	spin_lock_irq(&ac->lock);
	index_drop_upto(ac, seq);
	list_for_each_entry_safe(t, tmp, &ac->committed, list) {
		if (t->seq > seq)
			break;
		list_move_tail(&t->list, &retired);
		ac->pending_bytes -= txn_mem(t);
		bytes += t->bytes;
		count++;
	}
	ac->txns_written_back += count;
	ac->writeback_passes++;
	ac->retired_seq = seq;
	told = ac->space_wait_told;
	since = ac->space_wait_since;
	ac->waiting_space = false;
	ac->space_wait_told = false;
	spin_unlock_irq(&ac->lock);
	if (told)
		DMINFO("%s: write-back freed space after %u ms: writers resume",
		       dm_device_name(ac->md), jiffies_to_msecs(jiffies - since));

	list_for_each_entry_safe(t, tmp, &retired, list) {
		list_del(&t->list);
		txn_put(t);
	}
	check_watermark(ac);
	/* Space and memory are free again: resume commits and discards. */
	mod_delayed_work(ac->wq, &ac->commit_work, 0);
	process_deferred_discards(ac);
	return 0;
}

void writeback_work_fn(struct work_struct *ws)
{
	struct atomic_c *ac = container_of(to_delayed_work(ws), struct atomic_c,
					   writeback_work);
	bool more;

	mutex_lock(&ac->writeback_lock);
	writeback_pass(ac);
	mutex_unlock(&ac->writeback_lock);

	if (atomic_failed(ac)) {
		struct bio_list failed = BIO_EMPTY_LIST;
		struct bio *bio;

		/* No write-back any more: discards waiting for it fail. */
		spin_lock_irq(&ac->lock);
		bio_list_merge(&failed, &ac->deferred_discards);
		bio_list_init(&ac->deferred_discards);
		spin_unlock_irq(&ac->lock);
		while ((bio = bio_list_pop(&failed)))
			bio_io_error(bio);
		return;
	}

	spin_lock_irq(&ac->lock);
	more = !list_empty(&ac->committed) || !bio_list_empty(&ac->deferred_discards);
	spin_unlock_irq(&ac->lock);
	if (more && !atomic_failed(ac))
		kick_writeback(ac, !bio_list_empty(&ac->deferred_discards) ||
			       READ_ONCE(ac->waiting_space));
}

/*
 * Write back and retire everything acknowledged so far: afterwards the log
 * is empty on disk.  May sleep.
 */
int checkpoint(struct atomic_c *ac)
{
	int r = 0;

	/* Acknowledge whatever is in flight first. */
	flush_delayed_work(&ac->commit_work);
	flush_work(&ac->complete_work);
	mutex_lock(&ac->writeback_lock);
	r = writeback_pass(ac);
	if (r == -EAGAIN) {
		/*
		 * Nothing left to write back, so no pass moved the tail: write
		 * the superblock anyway.  Its last write may have been lost by
		 * a metadata disk that acknowledged it without storing it (a
		 * dropped write, since repaired): the durable tail would then
		 * lag behind transactions already written back and overwritten
		 * since, and the next activation would replay them over newer
		 * data.  A checkpoint (and so every suspend and removal) ends
		 * with a superblock that matches memory.
		 */
		r = dmat_log_sync_sb(ac->log);
		if (r)
			atomic_set_meta_error(ac, r, "superblock write");
	}
	mutex_unlock(&ac->writeback_lock);
	return r;
}

/* ------------------------------------------------------------------------
 * Discards and WRITE_ZEROES: passed down once no older logged data of
 * theirs is pending (the same rule for both, called discards below).
 *
 * A discard that overlaps the index waits for the write-back of every
 * transaction reserved before it arrived (discard_seq), not for the index
 * to have no overlap: under continuous rewrites of its range that would
 * never happen.  Transactions reserved after it are concurrent with it, so
 * either order on the data device is one the caller allowed.
 */

void remap_to_data(struct atomic_c *ac, struct bio *bio)
{
	bio_set_dev(bio, ac->data_dev->bdev);
	if (bio_sectors(bio) || op_is_zone_mgmt(bio_op(bio)))
		bio->bi_iter.bi_sector = dm_target_offset(ac->ti, bio->bi_iter.bi_sector);
}

static void process_deferred_discards(struct atomic_c *ac)
{
	struct bio_list ready = BIO_EMPTY_LIST, wait = BIO_EMPTY_LIST;
	struct bio *bio;

	spin_lock_irq(&ac->lock);
	while ((bio = bio_list_pop(&ac->deferred_discards))) {
		struct per_bio *pb = dm_per_bio_data(bio, sizeof(struct per_bio));
		sector_t s = dm_target_offset(ac->ti, bio->bi_iter.bi_sector);

		if (pb->discard_seq > ac->retired_seq &&
		    dmat_index_overlaps(&ac->index, s, s + bio_sectors(bio))) {
			bio_list_add(&wait, bio);
		} else {
			/*
			 * In flight as a direct write: a zero-copy list
			 * indexed from now on over its sectors waits for it
			 * before going in place (zc_inplace_fn()).
			 */
			dmat_count_direct(ac, pb);
			bio_list_add(&ready, bio);
		}
	}
	bio_list_merge(&ac->deferred_discards, &wait);
	spin_unlock_irq(&ac->lock);

	while ((bio = bio_list_pop(&ready))) {
		remap_to_data(ac, bio);
		dm_submit_bio_remap(bio, NULL);
	}
}
