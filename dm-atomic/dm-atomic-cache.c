// SPDX-License-Identifier: GPL-2.0-only
/*
 * dm-atomic: transaction images in memory (allocation, lifetime, the copy
 * and checksum of a list into its image), the index of logged ranges, and
 * reads that find their data there.
 */
#include "dm-atomic.h"

/* ------------------------------------------------------------------------
 * Transaction images
 */

/* May run in interrupt context (the last put of a read's pin). */
static void txn_free(struct atomic_txn *t)
{
	struct atomic_c *ac = t->ac;
	u64 i;

	for (i = 0; i < t->nr_pages; i++) {
		if (!t->pages[i])
			continue;
		/* Refills the reserve first, else back to the page allocator. */
		if (mempool_initialized(&ac->page_pool))
			mempool_free(t->pages[i], &ac->page_pool);
		else
			__free_page(t->pages[i]);
	}
	if (t->pages_apart)
		kvfree(t->pages);
	if (t->from_reserve)
		mempool_free(t, &ac->txn_pool);
	else
		kvfree(t);
}


/*
 * An element of @pool (transaction pages or headers): from the allocator or
 * the reserve without waiting; then, unless @nowait (NULL), write-back
 * kicked (only a retire refills the reserve, and its delay would be waited
 * out) and the reserve waited for.
 */
static void *reserve_alloc(struct atomic_c *ac, mempool_t *pool, bool nowait)
{
	void *p = mempool_alloc(pool, GFP_NOWAIT | __GFP_NOWARN);

	if (!p && !nowait) {
		kick_writeback(ac, true);
		p = mempool_alloc(pool, GFP_NOIO);
	}
	return p;
}

struct page *txn_page_alloc(struct atomic_c *ac, bool nowait)
{
	return reserve_alloc(ac, &ac->page_pool, nowait);
}

/* Bytes of a transaction header with its extents, index nodes and pages. */
size_t txn_size(unsigned int nr_ext, u64 nr_pages)
{
	return sizeof(struct atomic_txn) + nr_ext * sizeof(struct atomic_ext) +
	       2 * nr_ext * sizeof(struct ext_range) + nr_pages * sizeof(struct page *);
}

/*
 * A zeroed transaction with room for @nr_ext extents and @nr_pages page
 * pointers (0 when the caller brings its own page array).
 *
 * In the I/O path (@io): from the allocator if it has the memory without
 * trying hard (no I/O, a bounded number of retries), else from the reserve
 * of largest-size headers, waiting for a retire to return one if need be.
 * Never NULL then.  With @nowait too (in a submitter's context, see
 * commit_inline()), nothing waits: the allocator without reclaim, never the
 * reserve, else NULL.  Otherwise (activation) a GFP_KERNEL
 * allocation that may fail.
 */
struct atomic_txn *txn_alloc(struct atomic_c *ac, unsigned int nr_ext, u64 nr_pages,
			     bool io, bool nowait)
{
	size_t size = txn_size(nr_ext, nr_pages);
	struct atomic_txn *t;
	bool reserve = false;

	if (!io) {
		t = kvzalloc(size, GFP_KERNEL);
	} else if (nowait) {
		/* Never the reserve: it is kept for those who may wait for it. */
		t = kmalloc(size, GFP_NOWAIT | __GFP_NOWARN);
	} else if (size <= PAGE_SIZE) {
		t = kmalloc(size, GFP_NOIO | __GFP_NORETRY | __GFP_NOWARN);
	} else {
		/* kvmalloc() takes GFP_KERNEL only: no I/O by the scope. */
		unsigned int noio = memalloc_noio_save();

		t = kvmalloc(size, GFP_KERNEL | __GFP_RETRY_MAYFAIL | __GFP_NOWARN);
		memalloc_noio_restore(noio);
	}
	if (!t && io && !nowait) {
		if (WARN_ON_ONCE(size > ac->txn_max_size))
			return NULL;	/* cannot happen: see alloc_reserves() */
		t = reserve_alloc(ac, &ac->txn_pool, false);
		reserve = true;
		atomic64_inc(&ac->txn_pool_allocs);
	}
	if (!t)
		return NULL;
	memset(t, 0, size);
	t->from_reserve = reserve;
	t->ac = ac;
	refcount_set(&t->ref, 1);
	INIT_LIST_HEAD(&t->reqs);
	t->nr_ext = nr_ext;
	t->ext = (struct atomic_ext *)(t + 1);
	t->ranges = (struct ext_range *)(t->ext + nr_ext);
	t->pages = (struct page **)(t->ranges + 2 * nr_ext);
	t->nr_blocks = t->nr_pages = nr_pages;
	return t;
}

void txn_get(struct atomic_txn *t)
{
	refcount_inc(&t->ref);
}

/* May run in interrupt context (read completion). */
void txn_put(struct atomic_txn *t)
{
	if (refcount_dec_and_test(&t->ref))
		txn_free(t);
}

/* Copy between a transaction image and a kernel buffer. */
static void txn_copy(struct atomic_txn *t, u64 offset, void *buf, unsigned int len,
		     bool to_txn)
{
	while (len) {
		struct page *page = t->pages[offset >> PAGE_SHIFT];
		unsigned int in = offset & (PAGE_SIZE - 1);
		unsigned int n = min_t(unsigned int, len, PAGE_SIZE - in);
		char *p = kmap_local_page(page);

		if (to_txn)
			memcpy(p + in, buf, n);
		else
			memcpy(buf, p + in, n);
		kunmap_local(p);
		buf += n;
		offset += n;
		len -= n;
	}
}

/*
 * Copy the data of range @seg into @t at @offset; with @crc, checksum it in
 * the same pass and return the crc32c of the data (else 0).
 */
u32 copy_seg_to_txn(struct atomic_txn *t, u64 offset, const struct dmat_seg *seg, bool crc)
{
	struct bvec_iter iter;
	struct bio_vec bv;
	u32 c = ~0U;

	__bio_for_each_segment(bv, seg->bio, iter, seg->iter) {
		char *p = bvec_kmap_local(&bv);
		unsigned int done = 0;

		if (!crc) {
			txn_copy(t, offset, p, bv.bv_len, true);
			done = bv.bv_len;
			offset += done;
		}
		while (done < bv.bv_len) {
			unsigned int in = offset & (PAGE_SIZE - 1);
			unsigned int n = min_t(unsigned int, bv.bv_len - done, PAGE_SIZE - in);
			char *q = kmap_local_page(t->pages[offset >> PAGE_SHIFT]);

			c = dmat_copy_crc(c, q + in, p + done, n);
			kunmap_local(q);
			done += n;
			offset += n;
		}
		kunmap_local(p);
	}
	return crc ? c ^ ~0U : 0;
}

static u32 txn_crc(struct atomic_txn *t, u64 offset, u64 len)
{
	u32 crc = ~0U;

	while (len) {
		unsigned int in = offset & (PAGE_SIZE - 1);
		unsigned int n = min_t(u64, len, PAGE_SIZE - in);
		char *p = kmap_local_page(t->pages[offset >> PAGE_SHIFT]);

		crc = dmat_crc32c_raw(crc, p + in, n);
		kunmap_local(p);
		offset += n;
		len -= n;
	}
	return crc ^ ~0U;
}

unsigned int req_nr_blocks(struct atomic_req *req)
{
	const struct dmat_seg *seg;
	unsigned int blocks = 0;

	req_for_each_seg(req, seg)
		blocks += DMAT_ENTRY_BLOCKS(seg_sectors(seg));
	return blocks;
}

/*
 * Log blocks of the largest list's transaction: a descriptor, max_bytes of
 * data, and a block of padding per range at most.
 */
u64 largest_list_blocks(const struct atomic_c *ac)
{
	return 1 + ac->max_bytes / DMAT_BLOCK_SIZE + ac->max_segments;
}

/*
 * The memory a transaction holds until it retires, as max_memory counts it:
 * its whole image (descriptor, data and padding) in log blocks.
 */
u64 txn_mem(const struct atomic_txn *t)
{
	return t->nr_pages << DMAT_BLOCK_SHIFT;
}

/*
 * Build the image of a group commit from @reqs: pages, extents, data and
 * crcs; the descriptor is sealed later, once the log position is known.
 * May sleep (GFP_NOIO allocations, the reserves).  Never fails, unless
 * @nowait: then nothing waits for memory, and NULL (@reqs untouched) where
 * it would have to.  No lock.
 */
struct atomic_txn *txn_build(struct atomic_c *ac, struct list_head *reqs,
			     unsigned int nr_ext, u64 data_blocks, bool nowait)
{
	struct atomic_txn *t;
	struct atomic_req *req;
	const struct dmat_seg *seg;
	u64 i, offset = DMAT_BLOCK_SIZE;
	unsigned int e = 0;

	/*
	 * Both wait, if they must, for write-back (another workqueue) to
	 * retire older transactions: it returns their pages and headers to
	 * the reserves, and nothing it needs is allocated here.
	 */
	t = txn_alloc(ac, nr_ext, 1 + data_blocks, true, nowait);
	if (!t)
		return NULL;
	for (i = 0; i < t->nr_pages; i++) {
		t->pages[i] = txn_page_alloc(ac, nowait);
		if (!t->pages[i]) {	/* @nowait only */
			txn_put(t);
			return NULL;
		}
	}
	t->crc_done = READ_ONCE(dmat_copy_crc_on);

	list_for_each_entry(req, reqs, list) {
		req_for_each_seg(req, seg) {
			struct atomic_ext *x = &t->ext[e++];
			unsigned int bytes = seg->iter.bi_size;
			unsigned int pad = round_up(bytes, DMAT_BLOCK_SIZE) - bytes;

			x->sector = dm_target_offset(ac->ti, seg->iter.bi_sector);
			x->nr_sectors = seg_sectors(seg);
			x->offset = offset;
			x->crc = copy_seg_to_txn(t, offset, seg, t->crc_done);
			if (pad)	/* the format writes padding as zeroes */
				memzero_page(t->pages[(offset + bytes) >> PAGE_SHIFT],
					     (offset + bytes) & (PAGE_SIZE - 1), pad);
			offset += bytes + pad;
			t->bytes += bytes;
		}
	}
	list_splice_init(reqs, &t->reqs);
	return t;
}

/* The log block of a zero-copy transaction's commit record: its last. */
u64 zc_record_block(const struct dmat_geometry *geo, const struct atomic_txn *t)
{
	return dmat_log_wrap(geo, t->log_block + t->nr_blocks - 1);
}

/*
 * Seal the descriptor in page 0 for the reserved (seq, log_block).
 * @durable_seq: every transaction before it is durable (for dma-check).
 */
void txn_seal(struct atomic_c *ac, struct atomic_txn *t, u64 durable_seq)
{
	const struct dmat_geometry *geo = dmat_log_geometry(ac->log);
	struct dmat_descriptor *d = page_address(t->pages[0]);
	unsigned int i;

	dmat_desc_init(d, geo, t->seq, t->log_block);
	dmat_desc_set_durable_seq(d, durable_seq);
	if (t->zc)
		dmat_desc_set_commit_record(d);
	for (i = 0; i < t->nr_ext; i++) {
		struct atomic_ext *x = &t->ext[i];

		u32 crc = t->zc ? 0 : t->crc_done ? x->crc :
			  txn_crc(t, x->offset, (u64)x->nr_sectors << SECTOR_SHIFT);

		/* Cannot fail: bounds were checked in map, nr_ext <= max. */
		WARN_ON(dmat_desc_add(d, geo, x->sector, x->nr_sectors, crc));
	}
	dmat_desc_seal(d);
	if (t->zc)
		dmat_commit_build(page_address(t->pages[1]), geo, d, zc_record_block(geo, t));
}

/* ------------------------------------------------------------------------
 * The index (dm-atomic-index.h): non-overlapping ranges, newest data wins.
 * All under ac->lock.
 */

static bool range_retired(const struct ext_range *r, void *seq)
{
	return r->txn->seq <= *(u64 *)seq;
}

/* Drop every range of a transaction with seq <= @seq (retired). */
void index_drop_upto(struct atomic_c *ac, u64 seq)
{
	dmat_index_drop_if(&ac->index, range_retired, &seq);
}

/* ------------------------------------------------------------------------
 * Reads
 */

void overlay_pins(struct bio *bio, struct per_bio *pb)
{
	struct bvec_iter iter;
	struct bio_vec bv;
	sector_t sector = pb->iter.bi_sector;
	unsigned int i;

	__bio_for_each_segment(bv, bio, iter, pb->iter) {
		sector_t s = sector, e = sector + (bv.bv_len >> SECTOR_SHIFT);
		char *p = bvec_kmap_local(&bv);

		for (i = 0; i < pb->nr_pins; i++) {
			struct read_pin *pin = &pb->pins[i];
			sector_t from = max(s, pin->start), to = min(e, pin->end);

			if (from >= to)
				continue;
			txn_copy(pin->txn, pin->offset + ((from - pin->start) << SECTOR_SHIFT),
				 p + ((from - s) << SECTOR_SHIFT),
				 (to - from) << SECTOR_SHIFT, false);
		}
		kunmap_local(p);
		sector = e;
	}
}

void release_pins(struct per_bio *pb)
{
	unsigned int i;

	for (i = 0; i < pb->nr_pins; i++)
		txn_put(pb->pins[i].txn);
	if (pb->pins != pb->inline_pins)
		kfree(pb->pins);
	pb->pins = NULL;
	pb->nr_pins = 0;
}

/*
 * Pin the index ranges a read of [start, *end) overlaps (sector numbers
 * relative to the data device).  Returns the number pinned, 0 if none.
 *
 * Up to INLINE_PINS ranges fit in the per-bio data; for more, an array is
 * allocated if the allocator has one at once (never waiting for a
 * REQ_NOWAIT read), of at most MAX_READ_PINS.  Where the ranges are more
 * than the pins, the read is cut before the first range left over (*@end
 * moves back; the caller accepts that much of the bio and DM core maps
 * the rest as a new one): a read never fails or waits for memory.
 */
static unsigned int pin_ranges(struct atomic_c *ac, struct per_bio *pb, sector_t start,
			       sector_t *end, sector_t *covered, bool nowait)
{
	struct read_pin *pins = pb->inline_pins;
	unsigned int want = 0, cap = INLINE_PINS, i = 0;
	struct ext_range *r;

	spin_lock_irq(&ac->lock);
	for (r = dmat_index_first(&ac->index, start);
	     r && r->start < *end && want <= MAX_READ_PINS; r = dmat_index_next(r))
		want++;
	spin_unlock_irq(&ac->lock);
	if (!want)
		return 0;
	if (want > INLINE_PINS) {
		want = min(want, MAX_READ_PINS);
		pins = kmalloc_array(want, sizeof(*pins), __GFP_NOWARN |
				     (nowait ? GFP_NOWAIT : GFP_NOIO | __GFP_NORETRY));
		if (pins)
			cap = want;
		else
			pins = pb->inline_pins;
	}

	*covered = 0;
	spin_lock_irq(&ac->lock);
	for (r = dmat_index_first(&ac->index, start); r && r->start < *end && i < cap;
	     r = dmat_index_next(r)) {
		struct read_pin *p = &pins[i];

		/* Zero-copy data is on the data device (its list was acknowledged). */
		if (r->txn->zc)
			continue;
		i++;

		p->start = max(start, r->start);
		p->end = min(*end, r->end);
		p->txn = r->txn;
		p->offset = r->offset + ((p->start - r->start) << SECTOR_SHIFT);
		*covered += p->end - p->start;
		txn_get(r->txn);
	}
	/* More ranges than pins (or the index grew): read up to the next. */
	if (r && r->start < *end)
		*end = r->start;
	if (i)
		ac->reads_from_log++;
	spin_unlock_irq(&ac->lock);
	if (!i && pins != pb->inline_pins)
		kfree(pins);
	if (i) {
		pb->pins = pins;
		pb->nr_pins = i;
	}
	return i;
}

int map_read(struct atomic_c *ac, struct bio *bio, struct per_bio *pb)
{
	sector_t start = dm_target_offset(ac->ti, bio->bi_iter.bi_sector);
	sector_t end = start + bio_sectors(bio), covered = 0;
	unsigned int pinned = 0;
	bool any;

	spin_lock_irq(&ac->lock);
	any = dmat_index_overlaps(&ac->index, start, end);
	spin_unlock_irq(&ac->lock);
	if (any)
		pinned = pin_ranges(ac, pb, start, &end, &covered, bio->bi_opf & REQ_NOWAIT);
	if (end < start + bio_sectors(bio))
		dm_accept_partial_bio(bio, end - start);
	if (pinned) {
		pb->iter = bio->bi_iter;
		pb->iter.bi_sector = start;
		if (covered == end - start) {
			/* Entirely in memory: no I/O. */
			spin_lock_irq(&ac->lock);
			ac->reads_from_memory++;
			spin_unlock_irq(&ac->lock);
			overlay_pins(bio, pb);
			release_pins(pb);
			bio_endio(bio);
			return DM_MAPIO_SUBMITTED;
		}
		/* Partly: read the data device, overlay in end_io. */
	}
	remap_to_data(ac, bio);
	return DM_MAPIO_REMAPPED;
}
