// SPDX-License-Identifier: GPL-2.0-only
/*
 * dm-atomic: a device-mapper target that makes lists of writes atomic by
 * logging them on a metadata device before writing them back to the data
 * device.  See dm-atomic.rst for the user's view, dm-atomic.h for the
 * order of a logged write's steps and the guarantees.
 *
 * This file: the table (constructor, destructor, feature arguments),
 * map and end_io, suspend and resume, status and messages, limits.
 * The commit pipeline is in dm-atomic-commit.c, write-back in
 * dm-atomic-writeback.c, transaction images, the index and reads in
 * dm-atomic-cache.c, the log's I/O and recovery in dm-atomic-log.c.
 */
#include "dm-atomic.h"

/* ------------------------------------------------------------------------
 * Failure: latch the first error, raise an event, never go back.
 */

/*
 * After a failed metadata write: set needs_check in the superblock, so the
 * next read-write activation waits for dma-check.  Best effort: the device
 * that failed the write may fail this one too; the destructor tries again
 * (the operator may have mended the path meanwhile).  Under writeback_lock,
 * as every superblock write of the target's.  Not once a reloaded table
 * took the metadata over (-ESTALE, see atomic_shared_supersede()): that
 * table checks the whole log before it replays anything, as dma-check
 * would, and refuses damage.
 */
static void write_needs_check(struct atomic_c *ac)
{
	int r;

	if (!READ_ONCE(ac->meta_error) || ac->needs_check_written || !ac->log)
		return;
	mutex_lock(&ac->writeback_lock);
	r = dmat_log_set_needs_check(ac->log);
	mutex_unlock(&ac->writeback_lock);
	if (r == -ESTALE)
		return;
	if (r) {
		DMERR("%s: cannot set needs_check in the superblock (error %d); trying again at removal",
		      dm_device_name(ac->md), r);
		return;
	}
	ac->needs_check_written = true;
	DMERR("%s: needs_check set in the superblock: run dma-check --clear-needs-check before the next read-write activation",
	      dm_device_name(ac->md));
}

static void event_work_fn(struct work_struct *ws)
{
	struct atomic_c *ac = container_of(ws, struct atomic_c, event_work);

	write_needs_check(ac);
	dm_table_event(ac->ti->table);
}

void atomic_set_error(struct atomic_c *ac, int err, const char *what)
{
	if (cmpxchg(&ac->error, 0, err) == 0) {
		DMERR("%s: %s failed (error %d): switching to fail mode; acknowledged data stays in the log",
		      dm_device_name(ac->md), what, err);
		queue_work(ac->wq, &ac->event_work);
		/* Fail what waits: queued lists, discards behind write-back. */
		mod_delayed_work(ac->wq, &ac->commit_work, 0);
		mod_delayed_work(ac->wb_wq, &ac->writeback_work, 0);
	}
}

/* A metadata write failed: also set needs_check (event_work_fn writes it). */
void atomic_set_meta_error(struct atomic_c *ac, int err, const char *what)
{
	WRITE_ONCE(ac->meta_error, true);
	atomic_set_error(ac, err, what);
}

bool atomic_failed(struct atomic_c *ac)
{
	return READ_ONCE(ac->error) != 0;
}

/* The mode status reports: Fail (after an error), ro (read-only mode), rw. */
static const char *atomic_mode(struct atomic_c *ac)
{
	return atomic_failed(ac) ? "Fail" : ac->read_only ? "ro" : "rw";
}

/*
 * Log use crossed high_watermark (either way): say so in the kernel log,
 * status and stats, and raise a dm event so a monitor (dmeventd, a script
 * in `dmsetup wait`) can react before writers wait for space.  Called after
 * every commit and every retire.  Does not sleep (ac->lock and the log's lock);
 * may run in interrupt context (commit_ack_now()).
 */
void check_watermark(struct atomic_c *ac)
{
	struct dmat_log_info info;
	bool above, changed = false;
	unsigned long flags;

	dmat_log_get_info(ac->log, &info);
	above = info.used_blocks * 100 >= (u64)ac->high_watermark * info.log_blocks;
	spin_lock_irqsave(&ac->lock, flags);
	if (above != ac->above_watermark) {
		ac->above_watermark = above;
		ac->watermark_events++;
		changed = true;
	}
	spin_unlock_irqrestore(&ac->lock, flags);
	if (!changed)
		return;
	DMINFO("%s: log use %llu/%llu blocks is now %s the high watermark (%u%%)",
	       dm_device_name(ac->md), info.used_blocks, info.log_blocks,
	       above ? "at or above" : "below", ac->high_watermark);
	queue_work(ac->wq, &ac->event_work);
}

/* ------------------------------------------------------------------------
 * Writes
 */

static void queue_req(struct atomic_c *ac, struct atomic_req *req)
{
	unsigned long delay = usecs_to_jiffies(ac->commit_delay_us);
	bool kick = true, now = false, inl;

	req->zc_fit = zc_fits(ac, req);
	spin_lock_irq(&ac->lock);
	list_add_tail(&req->list, &ac->incoming);
	incoming_add(ac, req);
	if (READ_ONCE(dmat_commit_window) && !incoming_fills_batch(ac)) {
		/*
		 * The completion of the commit in flight kicks the worker;
		 * a zero-copy list may begin beside it (take_batch()).
		 */
		if (ac->nr_committing && !req->zc_fit)
			kick = false;
		/* The window closes early once the lists it waits for came. */
		else if (ac->window_open)
			kick = now = ac->nr_incoming >= ac->group_expect;
	}
	/* Alone: committed here, in a context that may sleep, unless the worker is busy. */
	inl = kick && !ac->commit_delay_us && READ_ONCE(dmat_inline_submit) &&
	      !in_interrupt() && inline_fits(ac);
	spin_unlock_irq(&ac->lock);
	if (inl && commit_inline(ac))
		return;
	if (now)
		mod_delayed_work(ac->wq, &ac->commit_work, 0);
	/*
	 * commit_delay_us lets concurrent lists join one group commit; a
	 * pending timer is not pushed back, so the delay bounds the latency.
	 */
	else if (kick)
		queue_delayed_work(ac->wq, &ac->commit_work, delay);
}

/*
 * Without the series every write is logged (no caller can ask for atomicity,
 * so each bio is made atomic); with all_writes_atomic too, and with
 * all_writes_atomic_from every write of at least that many bytes.
 * Otherwise only REQ_ATOMIC bios (v2: a single bio marked as a list of one;
 * v3: mainline's single atomic write, logged as a transaction of one range),
 * and plain writes that overlap logged data (G5).
 */
static bool must_log(struct atomic_c *ac, struct bio *bio, struct per_bio *pb,
		     sector_t start)
{
	bool overlap;

	if (!HAVE_ATOMIC_REQUESTS)
		return true;
#if HAVE_V2_LISTS || HAVE_ATOMIC_EMULATED
	if (bio->bi_opf & REQ_ATOMIC)
		return true;
#endif
	spin_lock_irq(&ac->lock);
	overlap = ac->all_writes_atomic ||
		  (ac->atomic_from && bio->bi_iter.bi_size >= ac->atomic_from) ||
		  dmat_index_overlaps(&ac->index, start, start + bio_sectors(bio));
	if (!overlap) {
		ac->writes_direct++;
		dmat_count_direct(ac, pb);
	} else
		ac->plain_writes_logged++;
	spin_unlock_irq(&ac->lock);
	return overlap;
}

static int map_write(struct atomic_c *ac, struct bio *bio, struct per_bio *pb)
{
	sector_t start = dm_target_offset(ac->ti, bio->bi_iter.bi_sector);

	if (atomic_failed(ac) || ac->read_only)
		return DM_MAPIO_KILL;
	if (!must_log(ac, bio, pb, start)) {
		remap_to_data(ac, bio);
		return DM_MAPIO_REMAPPED;
	}
	/*
	 * DM core does not split I/O for us (no max_io_len: reads and direct
	 * writes go down whole); a logged write is one transaction of at most
	 * max_bytes, and DM core maps the rest as a new bio.
	 */
	if (bio->bi_iter.bi_size > ac->max_bytes) {
#if HAVE_ATOMIC_EMULATED
		/* An atomic write is written whole or not at all. */
		if (!dm_bio_may_be_partial(bio)) {
			/* Never from the block layer: it checks the limit. */
			bio->bi_status = BLK_STS_INVAL;
			bio_endio(bio);
			return DM_MAPIO_SUBMITTED;
		}
#elif HAVE_V2_LISTS
		if (bio->bi_opf & REQ_ATOMIC) {
			/* Never from the block layer: it checks the limit. */
			bio->bi_status = BLK_STS_INVAL;
			bio_endio(bio);
			return DM_MAPIO_SUBMITTED;
		}
#endif
		dm_accept_partial_bio(bio, ac->max_bytes >> SECTOR_SHIFT);
	}
	pb->req.one.bio = bio;
	pb->req.one.iter = bio->bi_iter;
	pb->req.segs = &pb->req.one;
	pb->req.nr_segs = 1;
	pb->req.bio = bio;
	pb->req.bytes = bio->bi_iter.bi_size;
	pb->req.preflush = false;	/* DM core sent the flush on its own */
	pb->req.fua = !!(bio->bi_opf & REQ_FUA);
	pb->req.nowait = !!(bio->bi_opf & REQ_NOWAIT);
	queue_req(ac, &pb->req);
	return DM_MAPIO_SUBMITTED;
}

static int map_discard(struct atomic_c *ac, struct bio *bio, struct per_bio *pb)
{
	sector_t start = dm_target_offset(ac->ti, bio->bi_iter.bi_sector);

	if (atomic_failed(ac) || ac->read_only)
		return DM_MAPIO_KILL;
	if (bio_op(bio) == REQ_OP_DISCARD && ac->no_discard_passdown) {
		/* Discarded sectors may read back old or new data: both kept. */
		bio_endio(bio);
		return DM_MAPIO_SUBMITTED;
	}
	spin_lock_irq(&ac->lock);
	if (dmat_index_overlaps(&ac->index, start, start + bio_sectors(bio))) {
		/*
		 * Older logged data there must land first (G5).  The discard
		 * is submitted later by write-back, which may block: the
		 * submitter of a REQ_NOWAIT one did not wait here.
		 */
		bio->bi_opf &= ~REQ_NOWAIT;
		pb->discard_seq = ac->last_seq;
		bio_list_add(&ac->deferred_discards, bio);
		spin_unlock_irq(&ac->lock);
		kick_writeback(ac, true);
		return DM_MAPIO_SUBMITTED;
	}
	dmat_count_direct(ac, pb);
	spin_unlock_irq(&ac->lock);
	remap_to_data(ac, bio);
	return DM_MAPIO_REMAPPED;
}

/*
 * An empty flush for the metadata device: passed down when a log write
 * completed since its last flush (acknowledged commits sit in its cache);
 * otherwise done at once.  Never sleeps.
 */
static int map_log_flush(struct atomic_c *ac, struct bio *bio, struct per_bio *pb)
{
	bool needed;
	u64 mark;

	spin_lock_irq(&ac->lock);
	ac->flush_since_commit = true;
	mark = dmat_log_mark(ac);
	needed = ac->durable_upto < mark || !READ_ONCE(dmat_skip_clean_flush);
	if (needed)
		ac->log_flushes++;
	else
		ac->log_flushes_skipped++;
	spin_unlock_irq(&ac->lock);
	if (!needed) {
		bio_endio(bio);
		return DM_MAPIO_SUBMITTED;
	}
	pb->log_flush = true;
	pb->flush_mark = mark;
	bio_set_dev(bio, ac->meta_dev->bdev);
	return DM_MAPIO_REMAPPED;
}

/*
 * The request of a list, from the allocator or the reserve of LIST_RESERVE;
 * with both empty, a list waits for one to be freed by a commit's
 * completion (never fails).  REQ_NOWAIT (io_uring's first attempt,
 * RWF_NOWAIT): nothing here may sleep.  Queueing never does (log space and
 * the memory cap are waited for by the commit worker, not the submitter);
 * only this allocation could, and where it would the caller ends the list
 * with BLK_STS_AGAIN before it is queued, in the submitter's context, so
 * io_uring retries it from a worker that may block.
 */
static inline struct atomic_req *list_req_alloc(struct atomic_c *ac, bool nowait)
{
	return mempool_alloc(&ac->list_pool, nowait ? GFP_NOWAIT | __GFP_NOWARN : GFP_NOIO);
}

#if HAVE_WRITE_LISTS
/*
 * A write list (v3): one REQ_OP_WRITE_LIST bio, the data of its ranges one
 * after the other, checked against our limits by submit_bio_noacct() and
 * mapped whole into this target by DM core.  One transaction, a range for
 * each range of the list, over the one bio, which completes once.  A list
 * with REQ_PREFLUSH comes after DM core's empty flush (to both devices,
 * num_flush_bios), without the flag, like any flush with data; REQ_FUA stays.
 */
static int map_write_list(struct atomic_c *ac, struct bio *bio, struct per_bio *pb)
{
	const struct blk_write_list *wl = bio_write_list(bio);
	struct blk_write_range_iter wri;
	struct atomic_req *req;
	blk_status_t status = BLK_STS_OK;
	unsigned int nr = wl ? wl->nr : 1;	/* as bio_for_each_write_range() walks it */
	bool nowait = bio->bi_opf & REQ_NOWAIT;

	if (atomic_failed(ac) || ac->read_only)
		status = BLK_STS_IOERR;
	/* Checked against the limits of the table it was submitted to: maybe not ours. */
	else if (!nr || nr > ac->max_segments || bio->bi_iter.bi_size > ac->max_bytes)
		status = BLK_STS_INVAL;
	req = status ? NULL : list_req_alloc(ac, nowait);
	if (!req && !status)
		status = BLK_STS_AGAIN;		/* see list_req_alloc() */
	if (status) {
		bio->bi_status = status;
		bio_endio(bio);
		return DM_MAPIO_SUBMITTED;
	}
	req->segs = (struct dmat_seg *)(req + 1);
	req->nr_segs = 0;
	bio_for_each_write_range(bio, wri) {
		req->segs[req->nr_segs].bio = bio;
		req->segs[req->nr_segs].iter = wri.iter;
		req->nr_segs++;
	}
	req->bio = bio;
	req->bytes = bio->bi_iter.bi_size;
	req->preflush = false;	/* DM core sent the flush on its own */
	req->fua = !!(bio->bi_opf & REQ_FUA);
	req->nowait = nowait;
	queue_req(ac, req);
	return DM_MAPIO_SUBMITTED;
}
#endif /* HAVE_WRITE_LISTS */

/*
 * Never sleeps for a REQ_NOWAIT bio (DM_TARGET_NOWAIT): logged writes are
 * only queued, direct writes and discards remapped or deferred, and the one
 * allocation, the pins of a read that overlaps the log, ends the bio with
 * BLK_STS_AGAIN where it would have to wait.
 */
static int atomic_map_bio(struct dm_target *ti, struct bio *bio)
{
	struct atomic_c *ac = ti->private;
	struct per_bio *pb = dm_per_bio_data(bio, sizeof(struct per_bio));

	pb->nr_pins = 0;
	pb->pins = NULL;
	pb->direct = false;
	pb->flush = false;
	pb->log_flush = false;

	if (bio->bi_opf & REQ_PREFLUSH) {
		/* Empty flushes come twice (num_flush_bios): the second one is the log's. */
		if (dm_bio_get_target_bio_nr(bio) == 1)
			return map_log_flush(ac, bio, pb);
		/*
		 * This clone is the data device's: of what was acknowledged,
		 * only direct writes can sit in its cache (logged ones are the
		 * other clone's).  DM core splits off the data of a flush, so this is
		 * an empty flush: done at once when no direct write
		 * completed since the data device's last flush.
		 */
		if (!dmat_flush_needed(ac) && !atomic_failed(ac)) {
			atomic64_inc(&ac->flushes_skipped);
			bio_endio(bio);
			return DM_MAPIO_SUBMITTED;
		}
		pb->flush = true;
		pb->flush_mark = dmat_flush_mark(ac);
		remap_to_data(ac, bio);
		return DM_MAPIO_REMAPPED;
	}
	switch (bio_op(bio)) {
	case REQ_OP_READ:
		return map_read(ac, bio, pb);
	case REQ_OP_WRITE:
		return map_write(ac, bio, pb);
#if HAVE_WRITE_LISTS
	case REQ_OP_WRITE_LIST:
		return map_write_list(ac, bio, pb);
#endif
	case REQ_OP_DISCARD:
	case REQ_OP_WRITE_ZEROES:
		return map_discard(ac, bio, pb);
	default:
		return DM_MAPIO_KILL;
	}
}

static int atomic_end_io(struct dm_target *ti, struct bio *bio, blk_status_t *error)
{
	struct per_bio *pb = dm_per_bio_data(bio, sizeof(struct per_bio));

	if (pb->direct)
		dmat_direct_done(ti->private, pb);
	else if (bio_op(bio) == REQ_OP_DISCARD || bio_op(bio) == REQ_OP_WRITE_ZEROES)
		/* A deferred one, sent down without being counted direct. */
		atomic64_inc(&((struct atomic_c *)ti->private)->direct_done);
	if (pb->flush && !*error)
		dmat_flushed(ti->private, pb->flush_mark);
	if (pb->log_flush) {
		struct atomic_c *ac = ti->private;
		unsigned long flags;

		if (*error) {
			atomic_set_meta_error(ac, blk_status_to_errno(*error),
					      "metadata device flush");
		} else {
			spin_lock_irqsave(&ac->lock, flags);
			dmat_log_durable(ac, pb->flush_mark);
			spin_unlock_irqrestore(&ac->lock, flags);
		}
	}
	if (pb->nr_pins) {
		if (!*error)
			overlay_pins(bio, pb);
		release_pins(pb);
	}
	return DM_ENDIO_DONE;
}

#if HAVE_V2_LISTS
/*
 * An atomic list from DM core (v2): the clones of every bio of the list,
 * already checked by blk_submit_atomic() against our limits.  One
 * transaction, a range for each bio.
 */
static int atomic_map_list(struct dm_target *ti, struct bio **bios, unsigned int nr)
{
	struct atomic_c *ac = ti->private;
	struct atomic_req *req;
	unsigned int i, bytes = 0;
	blk_status_t status = BLK_STS_OK;
	bool preflush = false, fua = false, nowait;

	for (i = 0; i < nr; i++) {
		struct per_bio *pb = dm_per_bio_data(bios[i], sizeof(struct per_bio));

		/* end_io reads these: DM core does not clear per-bio data. */
		pb->nr_pins = 0;
		pb->pins = NULL;
		pb->direct = false;
		pb->flush = false;
		pb->log_flush = false;
		bytes += bios[i]->bi_iter.bi_size;
		preflush |= !!(bios[i]->bi_opf & REQ_PREFLUSH);
		fua |= !!(bios[i]->bi_opf & REQ_FUA);
	}
	if (atomic_failed(ac) || ac->read_only)
		status = BLK_STS_IOERR;
	else if (!nr || nr > ac->max_segments || bytes > ac->max_bytes)
		status = BLK_STS_INVAL;
	/* See list_req_alloc(). */
	nowait = bios[0]->bi_opf & REQ_NOWAIT;
	req = status ? NULL : list_req_alloc(ac, nowait);
	if (!req && !status)
		status = BLK_STS_AGAIN;
	if (status) {
		for (i = 0; i < nr; i++) {
			bios[i]->bi_status = status;
			bio_endio(bios[i]);
		}
		return DM_MAPIO_SUBMITTED;
	}
	req->segs = (struct dmat_seg *)(req + 1);
	for (i = 0; i < nr; i++) {
		req->segs[i].bio = bios[i];
		req->segs[i].iter = bios[i]->bi_iter;
	}
	req->nr_segs = nr;
	req->bio = NULL;	/* complete_req() ends every range's bio */
	req->bytes = bytes;
	/*
	 * DM core hands a REQ_PREFLUSH atomic bio over with its flag: the
	 * commit flushes the data device (direct writes completed before the
	 * list may sit in its cache) before acknowledging (G2).
	 */
	req->preflush = preflush;
	req->fua = fua;
	req->nowait = nowait;
	queue_req(ac, req);
	return DM_MAPIO_SUBMITTED;
}
#endif /* HAVE_V2_LISTS */

/* ------------------------------------------------------------------------
 * Constructor
 */

static bool all_digits(const char *s)
{
	return s && *s && strspn(s, "0123456789") == strlen(s);
}

/*
 * The feature arguments: a flag, or a name and a number (digits only, no
 * overflow, within [min, max], a multiple of @multiple when that is set).
 */
enum feature_kind { FEATURE_FLAG, FEATURE_U32, FEATURE_U64 };

struct feature {
	const char *name;
	enum feature_kind kind;
	size_t offset;			/* of the field in struct atomic_c */
	u64 min, max;
	const char *error;		/* not a number, or out of range */
	unsigned int multiple;		/* a power of two, or 0 */
	const char *multiple_error;
};

#define FEATURE_FLAG(n, field) \
	{ .name = n, .kind = FEATURE_FLAG, .offset = offsetof(struct atomic_c, field) }
#define FEATURE_NUMBER(n, k, field, lo, hi, err) \
	{ .name = n, .kind = k, .offset = offsetof(struct atomic_c, field), \
	  .min = lo, .max = hi, .error = err }

static const struct feature features[] = {
	FEATURE_NUMBER("max_segments", FEATURE_U32, max_segments, 1, DMAT_MAX_ENTRIES,
		       "Invalid max_segments: expected a number from 1 to 252"),
	{
		.name = "max_bytes", .kind = FEATURE_U32,
		.offset = offsetof(struct atomic_c, max_bytes),
		.min = SECTOR_SIZE, .max = LIMIT_MAX_BYTES,
		.error = "Invalid max_bytes: expected a number from 512 to 16777216",
		.multiple = SECTOR_SIZE,
		.multiple_error = "Invalid max_bytes: must be a multiple of 512",
	},
	FEATURE_NUMBER("commit_delay_us", FEATURE_U32, commit_delay_us, 0, LIMIT_COMMIT_DELAY_US,
		       "Invalid commit_delay_us: expected a number from 0 to 1000000"),
	FEATURE_NUMBER("high_watermark", FEATURE_U32, high_watermark, 1, 100,
		       "Invalid high_watermark: expected a percentage from 1 to 100"),
	FEATURE_FLAG("no_suspend_writeback", no_suspend_writeback),
	FEATURE_FLAG("no_discard_passdown", no_discard_passdown),
	FEATURE_FLAG("read_only", read_only),
	FEATURE_FLAG("all_writes_atomic", all_writes_atomic),
	/* Not above max_bytes, not with all_writes_atomic: checked once every feature is read. */
	{
		.name = "all_writes_atomic_from", .kind = FEATURE_U32,
		.offset = offsetof(struct atomic_c, atomic_from),
		.min = SECTOR_SIZE, .max = LIMIT_MAX_BYTES,
		.error = "Invalid all_writes_atomic_from: expected a number of bytes from 512 to 16777216",
		.multiple = SECTOR_SIZE,
		.multiple_error = "Invalid all_writes_atomic_from: must be a multiple of 512",
	},
	/* That it holds the largest list is checked once every feature is read. */
	FEATURE_NUMBER("max_memory", FEATURE_U64, max_memory, SECTOR_SIZE, LIMIT_MAX_MEMORY,
		       "Invalid max_memory: expected a number of bytes from 512 to 1099511627776"),
	/* Lists of at least this many bytes go zero-copy (zc_wanted()); 0: never. */
	FEATURE_NUMBER("zero_copy_bytes", FEATURE_U64, zero_copy_bytes, 0, UINT_MAX,
		       "Invalid zero_copy_bytes: expected a number of bytes from 0 to 4294967295 (0: off)"),
	FEATURE_NUMBER("writeback_delay_ms", FEATURE_U32, writeback_delay_ms, 0,
		       LIMIT_WRITEBACK_DELAY_MS,
		       "Invalid writeback_delay_ms: expected a number from 0 to 60000"),
};

static const struct feature *find_feature(const char *name)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(features); i++)
		if (!strcmp(name, features[i].name))
			return &features[i];
	return NULL;
}

static int set_feature(struct atomic_c *ac, const struct feature *f, const char *s, char **error)
{
	void *field = (char *)ac + f->offset;
	u64 v;

	if (f->kind == FEATURE_FLAG) {
		*(bool *)field = true;
		return 0;
	}
	if (!all_digits(s) || kstrtoull(s, 10, &v) || v < f->min || v > f->max) {
		*error = (char *)f->error;
		return -EINVAL;
	}
	/* IS_ALIGNED, not %: a 64-bit division is a helper call on 32-bit kernels. */
	if (f->multiple && !IS_ALIGNED(v, f->multiple)) {
		*error = (char *)f->multiple_error;
		return -EINVAL;
	}
	if (f->kind == FEATURE_U32)
		*(unsigned int *)field = v;
	else
		*(u64 *)field = v;
	return 0;
}

/* Keep the feature arguments as given, for status TABLE. */
static int save_features(struct atomic_c *ac, unsigned int argc, char **argv, char **error)
{
	size_t len = 12;
	unsigned int i;
	char *p;

	for (i = 0; i < argc; i++)
		len += strlen(argv[i]) + 1;
	p = kmalloc(len, GFP_KERNEL);
	if (!p) {
		*error = "Cannot allocate feature arguments";
		return -ENOMEM;
	}
	ac->features_table = p;
	p += sprintf(p, " %u", argc);
	for (i = 0; i < argc; i++)
		p += sprintf(p, " %s", argv[i]);
	return 0;
}

static int parse_features(struct atomic_c *ac, struct dm_arg_set *as, char **error)
{
	static const struct dm_arg arg = {
		0, 20, "Invalid number of feature arguments (expected 0 to 20, and that many must follow)"
	};
	const struct feature *f;
	unsigned int argc, seen = 0, bit;
	const char *name, *value = NULL;
	int r;

	BUILD_BUG_ON(ARRAY_SIZE(features) > 32);
	if (!as->argc)
		return 0;
	r = dm_read_arg_group(&arg, as, &argc, error);
	if (r)
		return r;
	r = save_features(ac, argc, as->argv, error);
	if (r)
		return r;

	while (argc) {
		name = dm_shift_arg(as);
		argc--;
		f = find_feature(name);
		if (!f) {
			*error = "Unknown feature argument (expected max_segments, max_bytes, commit_delay_us, writeback_delay_ms, high_watermark, max_memory, zero_copy_bytes, no_suspend_writeback, no_discard_passdown, read_only, all_writes_atomic or all_writes_atomic_from)";
			return -EINVAL;
		}
		bit = BIT(f - features);
		if (seen & bit) {
			*error = "Feature argument given twice";
			return -EINVAL;
		}
		seen |= bit;
		if (f->kind != FEATURE_FLAG) {
			if (!argc) {
				*error = "Feature argument is missing its value";
				return -EINVAL;
			}
			argc--;
			value = dm_shift_arg(as);
		}
		r = set_feature(ac, f, value, error);
		if (r)
			return r;
	}
	if (ac->atomic_from && ac->all_writes_atomic) {
		*error = "all_writes_atomic and all_writes_atomic_from exclude each other (all_writes_atomic logs every write)";
		return -EINVAL;
	}
	/* A write is logged whole only up to max_bytes (map_write()). */
	if (ac->atomic_from > ac->max_bytes) {
		*error = "Invalid all_writes_atomic_from: larger than max_bytes (a logged write is cut at max_bytes)";
		return -EINVAL;
	}
	/* The image of the largest list must fit. */
	if (ac->max_memory && ac->max_memory < largest_list_blocks(ac) * DMAT_BLOCK_SIZE) {
		*error = "Invalid max_memory: less than the largest list takes in memory ((1 + max_bytes / 4096 + max_segments) x 4096 bytes)";
		return -EINVAL;
	}
	return 0;
}

static int parse_data_dev(struct atomic_c *ac, struct dm_arg_set *as, char **error)
{
	int r = dm_get_device(ac->ti, dm_shift_arg(as), dm_table_get_mode(ac->ti->table),
			      &ac->data_dev);

	if (r)
		*error = "Error opening data device";
	return r;
}

static int parse_metadata_dev(struct atomic_c *ac, struct dm_arg_set *as, char **error)
{
	int r = dm_get_device(ac->ti, dm_shift_arg(as), dm_table_get_mode(ac->ti->table),
			      &ac->meta_dev);

	if (r)
		*error = "Error opening metadata device";
	return r;
}

static int check_devices(struct atomic_c *ac, char **error)
{
	struct block_device *data = ac->data_dev->bdev, *meta = ac->meta_dev->bdev;

	if (data == meta) {
		*error = "Data and metadata devices are the same device";
		return -EINVAL;
	}
	if (bdevs_overlap(data, meta)) {
		*error = "Data and metadata devices overlap";
		return -EINVAL;
	}
	if (ac->ti->len > bdev_nr_sectors(data)) {
		*error = "Data device is smaller than the target";
		return -EINVAL;
	}
	/*
	 * Logged plain writes are cut at max_bytes (dm_accept_partial_bio):
	 * a cut inside a logical block of the data device would make bios
	 * the device cannot take.
	 */
	if (ac->max_bytes % bdev_logical_block_size(data)) {
		*error = "Invalid max_bytes: not a multiple of the data device's logical block size";
		return -EINVAL;
	}
	/* Log I/O is in 4 KiB blocks. */
	if (bdev_logical_block_size(meta) > DMAT_BLOCK_SIZE) {
		*error = "Metadata device's logical block size is larger than 4096";
		return -EINVAL;
	}
	return 0;
}

/*
 * Size the group commits for this log: the log must hold two of the
 * largest lists (so one can commit while the other waits for write-back).
 */
static int size_batches(struct atomic_c *ac, u64 log_blocks, char **error)
{
	u64 list_blocks = largest_list_blocks(ac);
	u64 batch_blocks = 1 + BATCH_BYTES / DMAT_BLOCK_SIZE + DMAT_MAX_ENTRIES;

	if (2 * list_blocks > log_blocks) {
		*error = "Metadata device too small for max_bytes and max_segments";
		return -EINVAL;
	}
	ac->batch_bytes = max_t(u64, ac->max_bytes,
				4 * batch_blocks <= log_blocks ? BATCH_BYTES : 0);
	ac->batch_blocks = log_blocks / 2;
	/* Two of the largest transactions (see dmat_scan_probe_after()). */
	ac->probe_window = 2 * (1 + ac->batch_bytes / DMAT_BLOCK_SIZE + DMAT_MAX_ENTRIES);
	ac->mem_cap = ac->max_memory ?: max_t(u64, MEM_CAP_BYTES, 4 * ac->batch_bytes);
	return 0;
}

/* Read and check the superblock, size the batches: writes nothing. */
static int open_log(struct atomic_c *ac, char **error)
{
	struct dmat_log *log;
	int r;

	r = dmat_log_open(ac->meta_dev->bdev, ac->data_dev->bdev, ac->ti->len, ac->read_only,
			  atomic_shared_sb_lock(ac), &log, error);
	if (r)
		return r;
	r = size_batches(ac, dmat_log_blocks_when_active(log), error);
	if (r) {
		dmat_log_close(log);
		return r;
	}
	ac->opened_log = log;
	return 0;
}

/*
 * A table reload: the old table is live and may be moving its tail.  Check
 * the superblock against the new table now, read-only, so that a table its
 * devices no longer fit (a data device that grew, a log too small for a new
 * max_bytes) fails to load and the old table stays in place.  Left to
 * preresume, the failure would come after the old table is gone and leave
 * the device suspended for good.  The devices' sb_lock (struct
 * atomic_shared) keeps the live table's superblock writes out of the way
 * while we read.  preresume reads the superblock again, after the old
 * table's checkpoint.
 */
static int check_reload(struct atomic_c *ac, char **error)
{
	struct atomic_c *live;
	bool too_small = false;
	int r;

	r = open_log(ac, error);
	/*
	 * A read-only table loads the whole log into memory at preresume,
	 * after the swap: a live table that keeps its log across the suspend
	 * may leave up to its own max_memory there, so a smaller limit is
	 * refused now, while the live table can still stay.
	 */
	live = atomic_shared_lock_live(ac);
	if (!r && live)
		too_small = ac->read_only && (live->no_suspend_writeback || live->read_only) &&
			    live->mem_cap > ac->mem_cap;
	atomic_shared_unlock(ac);
	if (!r) {
		dmat_log_close(ac->opened_log);
		ac->opened_log = NULL;
	}
	if (too_small) {
		*error = "Read-only table's max_memory is below the live table's, which keeps its log across the suspend: the log might not load";
		r = -EINVAL;
	}
	return r;
}

/*
 * Read-only mode: one transaction of the log, as dmat_log_load() read it
 * (pages in the layout of the log), becomes a committed transaction in
 * memory, indexed so reads find it, and never written back.
 */
static int load_txn(void *context, const struct dmat_txn *dt, struct page **pages, u64 nr)
{
	struct atomic_c *ac = context;
	struct atomic_txn *t;
	u64 offset = DMAT_BLOCK_SIZE;
	u32 i, n = dt->nr_entries;

	/*
	 * Offsets into a transaction image are unsigned int (the extents,
	 * the index): refuse one larger than that rather than truncate.  The
	 * writer never makes one (max_bytes is below 4 GiB), only a crafted
	 * log or a max_memory of 4 GiB or more could bring one here.
	 */
	if (nr > (u64)UINT_MAX >> DMAT_BLOCK_SHIFT) {
		DMERR("%s: transaction %llu at log block %llu is %llu blocks: too large to hold in memory read-only (at most %llu)",
		      dm_device_name(ac->md), dt->seq, dt->log_block, nr,
		      (u64)UINT_MAX >> DMAT_BLOCK_SHIFT);
		for (i = 0; i < nr; i++)
			__free_page(pages[i]);
		kvfree(pages);
		return -EFBIG;
	}
	t = txn_alloc(ac, n, 0, false, false);
	if (!t) {
		for (i = 0; i < nr; i++)
			__free_page(pages[i]);
		kvfree(pages);
		return -ENOMEM;
	}
	t->seq = dt->seq;
	t->log_block = dt->log_block;
	t->nr_pages = nr;
	t->nr_blocks = nr + ((dt->flags & DMAT_DESC_FLAG_COMMIT_RECORD) ? 1 : 0);
	t->pages = pages;
	t->pages_apart = true;
	t->done = true;
	for (i = 0; i < n; i++) {
		const struct dmat_entry *e = &dt->desc->entries[i];
		struct atomic_ext *x = &t->ext[i];

		x->sector = le64_to_cpu(e->data_sector);
		x->nr_sectors = le32_to_cpu(e->nr_sectors);
		x->offset = offset;
		offset += DMAT_ENTRY_BLOCKS(x->nr_sectors) * DMAT_BLOCK_SIZE;
		t->bytes += (u64)x->nr_sectors << SECTOR_SHIFT;
	}
	spin_lock_irq(&ac->lock);
	index_txn_ranges(ac, t);
	list_add_tail(&t->list, &ac->committed);
	ac->pending_bytes += txn_mem(t);
	ac->pending_bytes_max = max(ac->pending_bytes_max, ac->pending_bytes);
	spin_unlock_irq(&ac->lock);
	return 0;
}

/*
 * Format or recover: the only step that writes.  Called from preresume,
 * after DM core finished loading and swapping in the table, so a table
 * load that fails after the constructor (say, DM core cannot allocate its
 * bio sets) leaves the metadata as it was.
 */
static int activate_log(struct atomic_c *ac, char **error)
{
	struct dmat_log_info info;
	int r = 0;

	if (!ac->opened_log)
		r = open_log(ac, error);
	if (!r && ac->read_only) {
		r = dmat_log_load(ac->opened_log, ac->probe_window,
				  ac->mem_cap >> DMAT_BLOCK_SHIFT, load_txn, ac, error);
	} else if (!r) {
		/* The superblock activation writes says commit records may follow. */
		if (ac->zero_copy_bytes)
			dmat_log_use_commit_records(ac->opened_log);
		r = dmat_log_activate(ac->opened_log, ac->probe_window, error);
	}
	if (r) {
		if (ac->opened_log)
			dmat_log_close(ac->opened_log);
		ac->opened_log = NULL;
		return r;
	}
	ac->log = ac->opened_log;
	ac->opened_log = NULL;
	ac->zc_ok = ac->zero_copy_bytes && !ac->read_only && dmat_log_commit_records(ac->log);
	dmat_log_get_info(ac->log, &info);
	spin_lock_irq(&ac->lock);
	/* The new run starts at head_seq: everything before it is durable. */
	ac->last_seq = ac->retired_seq = info.head_seq - 1;
	ac->durable_upto = info.head_seq;
	spin_unlock_irq(&ac->lock);
	return 0;
}

/*
 * The reserves of the I/O path, sized from the table line: pages for
 * MAX_INFLIGHT_COMMITS commits of the largest size (max_bytes or the
 * default batch, whichever is larger, plus a block of padding for every
 * extent and the descriptor), as many transaction headers of the largest
 * size plus one, LIST_RESERVE list requests of max_segments ranges, and the
 * write-back's bio_set and chunk buffer.  A read-only target never
 * commits: only the list requests (refused anyway) are kept.
 */
/* Elements of the txn_pool: at construction vmalloc'ed if need be. */
static void *txn_pool_alloc(gfp_t gfp, void *size)
{
	return kvmalloc((size_t)size, gfp);
}

static void txn_pool_free(void *element, void *size)
{
	kvfree(element);
}

static int alloc_reserves(struct atomic_c *ac, char **error)
{
	u64 batch = max_t(u64, ac->max_bytes, BATCH_BYTES);
	u64 txn_pages = 1 + batch / DMAT_BLOCK_SIZE + DMAT_MAX_ENTRIES;
	size_t list_size = sizeof(struct atomic_req) + ac->max_segments * sizeof(struct dmat_seg);
	int r;

	r = mempool_init_kmalloc_pool(&ac->list_pool, LIST_RESERVE, list_size);
	if (r || ac->read_only)
		goto out;
	ac->txn_max_size = txn_size(DMAT_MAX_ENTRIES, txn_pages);
	r = mempool_init_page_pool(&ac->page_pool, MAX_INFLIGHT_COMMITS * txn_pages, 0);
	if (!r)
		r = mempool_init(&ac->txn_pool, MAX_INFLIGHT_COMMITS + 1, txn_pool_alloc,
				 txn_pool_free, (void *)ac->txn_max_size);
	if (!r)
		r = bioset_init(&ac->bs, WB_BIO_RESERVE, 0, BIOSET_NEED_BVECS);
	if (!r) {
		ac->wb_pins = kvmalloc_array(WB_CHUNK_PINS, sizeof(*ac->wb_pins), GFP_KERNEL);
		if (!ac->wb_pins)
			r = -ENOMEM;
	}
out:
	if (r)
		*error = "Cannot allocate the memory reserves";
	return r;
}

static void free_reserves(struct atomic_c *ac)
{
	kvfree(ac->wb_pins);
	bioset_exit(&ac->bs);
	mempool_exit(&ac->txn_pool);
	mempool_exit(&ac->page_pool);
	mempool_exit(&ac->list_pool);
}

/*
 * Construct an atomic mapping:
 *   <data dev> <metadata dev> [<#feature args> [max_segments <n>]
 *                              [max_bytes <n>] [commit_delay_us <n>]
 *                              [high_watermark <percent>] [max_memory <bytes>]
 *                              [writeback_delay_ms <n>] [zero_copy_bytes <n>]
 *                              [no_suspend_writeback]
 *                              [no_discard_passdown] [read_only]
 *                              [all_writes_atomic]
 *                              [all_writes_atomic_from <bytes>]]
 */
static int atomic_ctr(struct dm_target *ti, unsigned int argc, char **argv)
{
	struct dm_arg_set as = { .argc = argc, .argv = argv };
	struct atomic_c *ac;
	int r;

	if (argc < 2) {
		ti->error = "Invalid argument count: expected <data dev> <metadata dev> [<#feature args> <feature args>...]";
		return -EINVAL;
	}
	ac = kzalloc(sizeof(*ac), GFP_KERNEL);
	if (!ac) {
		ti->error = "Cannot allocate context";
		return -ENOMEM;
	}
	ac->ti = ti;
	ac->md = dm_table_get_md(ti->table);
	ac->max_segments = DEFAULT_MAX_SEGMENTS;
	ac->max_bytes = DEFAULT_MAX_BYTES;
	ac->high_watermark = DEFAULT_HIGH_WATERMARK;
	ac->writeback_delay_ms = DEFAULT_WRITEBACK_DELAY_MS;
	INIT_LIST_HEAD(&ac->shared_user);
	INIT_LIST_HEAD(&ac->incoming);
	INIT_LIST_HEAD(&ac->committing);
	INIT_LIST_HEAD(&ac->committed);
	spin_lock_init(&ac->lock);
	mutex_init(&ac->writeback_lock);
	mutex_init(&ac->commit_lock);
	init_waitqueue_head(&ac->direct_wait);
	dmat_index_init(&ac->index);
	bio_list_init(&ac->deferred_discards);
	INIT_DELAYED_WORK(&ac->commit_work, commit_work_fn);
	INIT_WORK(&ac->complete_work, complete_work_fn);
	INIT_DELAYED_WORK(&ac->writeback_work, writeback_work_fn);
	INIT_WORK(&ac->event_work, event_work_fn);
	/* At most one "writers wait" line (and its "resume") a minute. */
	ratelimit_state_init(&ac->space_wait_rs, 60 * HZ, 1);
	ratelimit_set_flags(&ac->space_wait_rs, RATELIMIT_MSG_ON_RELEASE);

	r = parse_data_dev(ac, &as, &ti->error);
	if (r)
		goto bad_data;
	r = parse_metadata_dev(ac, &as, &ti->error);
	if (r)
		goto bad_meta;
	r = parse_features(ac, &as, &ti->error);
	if (r)
		goto bad_features;
	/* A read-only table (dmsetup --readonly) is read-only mode too. */
	if (!(dm_table_get_mode(ti->table) & FMODE_WRITE))
		ac->read_only = true;
	if (as.argc) {
		ti->error = "Unexpected argument after the feature arguments";
		r = -EINVAL;
		goto bad_features;
	}
	r = check_devices(ac, &ti->error);
	if (r)
		goto bad_features;
	r = alloc_reserves(ac, &ti->error);
	if (r)
		goto bad_reserves;
	/*
	 * Three workqueues, each with its own rescuer: under memory pressure
	 * a commit waiting for the reserves must keep neither the completion
	 * (which makes the transactions in flight committed) nor the
	 * write-back (which retires them and refills the reserves) from
	 * running.
	 */
	ac->wq = alloc_workqueue("dm-atomic", WQ_MEM_RECLAIM | WQ_UNBOUND, 0);
	ac->done_wq = alloc_workqueue("dm-atomic-done", WQ_MEM_RECLAIM | WQ_UNBOUND, 0);
	ac->wb_wq = alloc_workqueue("dm-atomic-wb", WQ_MEM_RECLAIM | WQ_UNBOUND, 0);
	if (!ac->wq || !ac->done_wq || !ac->wb_wq) {
		ti->error = "Cannot allocate workqueue";
		r = -ENOMEM;
		goto bad_wq;
	}
	r = atomic_shared_get(ac, &ti->error);
	if (r < 0)
		goto bad_register;
	if (r == 0) {
		/*
		 * A new device: check the superblock and the log now,
		 * read-only, so bad metadata fails the load with its reason;
		 * format or replay at preresume.  A reload does both at
		 * preresume, after the old table's postsuspend checkpoint.
		 */
		r = open_log(ac, &ti->error);
		if (r)
			goto bad_log;
		r = dmat_log_check(ac->opened_log, ac->probe_window, &ti->error);
		if (r) {
			dmat_log_close(ac->opened_log);
			ac->opened_log = NULL;
			goto bad_log;
		}
	} else {
		r = check_reload(ac, &ti->error);
		if (r)
			goto bad_log;
	}

	ti->private = ac;
	/* Empty flushes: one for the data device, one for the metadata device. */
	ti->num_flush_bios = 2;
	/*
	 * Lists are acknowledged at their log write: the device has a
	 * volatile cache whatever the data device says (a data device
	 * without one would otherwise make DM core report write through,
	 * and the block layer would strip REQ_PREFLUSH and REQ_FUA before
	 * they reach us, leaving fsync'd lists in the log device's cache).
	 */
	ti->flush_supported = true;
	ti->num_discard_bios = 1;
	ti->discards_supported = ac->no_discard_passdown;
	ti->num_write_zeroes_bios = 1;
	ti->per_io_data_size = sizeof(struct per_bio);
	return 0;

bad_log:
	atomic_shared_put(ac);
bad_register:
bad_wq:
	if (ac->wb_wq)
		destroy_workqueue(ac->wb_wq);
	if (ac->done_wq)
		destroy_workqueue(ac->done_wq);
	if (ac->wq)
		destroy_workqueue(ac->wq);
bad_reserves:
	free_reserves(ac);
bad_features:
	kfree(ac->features_table);
	dm_put_device(ti, ac->meta_dev);
bad_meta:
	dm_put_device(ti, ac->data_dev);
bad_data:
	kfree(ac);
	return r;
}

static void atomic_dtr(struct dm_target *ti)
{
	struct atomic_c *ac = ti->private;
	struct atomic_txn *t, *tmp;

	cancel_delayed_work_sync(&ac->commit_work);
	cancel_delayed_work_sync(&ac->writeback_work);
	/* A completion may still be queueing complete_work: see txn_done(). */
	wait_var_event(&ac->done_busy, !atomic_read(&ac->done_busy));
	destroy_workqueue(ac->wb_wq);
	destroy_workqueue(ac->done_wq);
	destroy_workqueue(ac->wq);
	write_needs_check(ac);
	/* A reload's preresume may no longer reach this table's log. */
	atomic_shared_leave(ac);

	/*
	 * After a failure, or with no_suspend_writeback, committed data can
	 * be left: it stays in the log for the next activation to replay.
	 */
	dmat_index_clear(&ac->index);
	list_for_each_entry_safe(t, tmp, &ac->committed, list) {
		list_del(&t->list);
		txn_put(t);
	}
	if (ac->log)
		dmat_log_close(ac->log);
	if (ac->opened_log)
		dmat_log_close(ac->opened_log);
	atomic_shared_put(ac);
	free_reserves(ac);
	kfree(ac->features_table);
	dm_put_device(ti, ac->meta_dev);
	dm_put_device(ti, ac->data_dev);
	kfree(ac);
}

/* ------------------------------------------------------------------------
 * Suspend and resume
 */

static void atomic_postsuspend(struct dm_target *ti)
{
	struct atomic_c *ac = ti->private;

	/*
	 * DM core has drained every bio, so every logged one was
	 * acknowledged and its transaction is durable.
	 * 1. Let the commit and completion workers finish (nothing queued).
	 * 2. Write back every committed transaction, flush the data device
	 *    and move the tail: the log on disk is empty, so a reloaded
	 *    table or the next activation has nothing to replay.  With
	 *    no_suspend_writeback, skip this: the log keeps what it holds
	 *    (durable), a resume goes on where it stopped, and a reloaded
	 *    table or the next activation replays it.
	 * 3. Stop write-back (waits for a pass under way): no I/O from here.
	 */
	spin_lock_irq(&ac->lock);
	ac->suspended = true;
	spin_unlock_irq(&ac->lock);
	if (!ac->log || ac->read_only)
		return;
	if (ac->no_suspend_writeback) {
		u64 last;
		int r;

		flush_delayed_work(&ac->commit_work);
		flush_work(&ac->complete_work);
		/* What the log keeps is durable while suspended. */
		spin_lock_irq(&ac->lock);
		last = ac->last_seq;
		spin_unlock_irq(&ac->lock);
		r = atomic_failed(ac) ? 0 : dmat_log_sync(ac, last);
		if (r)
			atomic_set_meta_error(ac, r, "metadata device flush at suspend");
	} else if (checkpoint(ac)) {
		DMERR("%s: checkpoint at suspend failed; the log keeps the data",
		      dm_device_name(ac->md));
	}
	cancel_delayed_work_sync(&ac->writeback_work);
}

static int atomic_preresume(struct dm_target *ti)
{
	struct atomic_c *ac = ti->private;
	unsigned int noio;
	char *error = NULL;
	int r;

	if (ac->log)
		return 0;
	/*
	 * A new device (the ctr checked the superblock) or a reloaded table
	 * (the old one checkpointed in its postsuspend): format or replay.
	 * The device is suspended, and so may be a file system or device
	 * above it: no allocation here may recurse into I/O (noio scope).
	 * First the replaced table (DM core destroys it only after this
	 * resume) loses the right to write the superblock; this one has it
	 * once its log is active.
	 */
	atomic_shared_supersede(ac);
	noio = memalloc_noio_save();
	r = activate_log(ac, &error);
	memalloc_noio_restore(noio);
	if (r) {
		DMERR("%s (%s: cannot activate, error %d)", error, dm_device_name(ac->md), r);
		return r;
	}
	atomic_shared_go_live(ac);
	return 0;
}

static void atomic_resume(struct dm_target *ti)
{
	struct atomic_c *ac = ti->private;

	/*
	 * Zero-copy sends the writer's pages twice, to the log and in place:
	 * they must not change in between, or the log (what a replay writes)
	 * and the data device differ.  Stable writes make the page cache
	 * (file systems mounted on us, all_writes_atomic) wait for writeback
	 * before a page is changed again.  DM core set the queue's flag from
	 * the data device at the table swap, before this resume.
	 */
	if (ac->zero_copy_bytes)
		blk_queue_flag_set(QUEUE_FLAG_STABLE_WRITES, dm_disk(ac->md)->queue);
	spin_lock_irq(&ac->lock);
	ac->suspended = false;
	spin_unlock_irq(&ac->lock);
	mod_delayed_work(ac->wq, &ac->commit_work, 0);
	kick_writeback(ac, false);
}

/* ------------------------------------------------------------------------
 * Status and messages
 */

/*
 * INFO:  <used log blocks>/<log blocks> <committed txns> <written-back txns>
 *        <replayed txns> <logged bios> <direct writes>
 *        <below|above> (log use against high_watermark)
 *        <#features> max_segments <n> max_bytes <n> commit_delay_us <n>
 *        high_watermark <n> max_memory <bytes> writeback_delay_ms <n>
 *        [zero_copy_bytes <n>] [no_suspend_writeback] [no_discard_passdown]
 *        [read_only] [all_writes_atomic] [all_writes_atomic_from <bytes>]
 *        <rw|Fail>
 * TABLE: <data dev> <metadata dev> [<#feature args> <feature args>...]
 *        (the feature arguments exactly as given)
 * IMA:   atomic,...;
 */
static void atomic_status(struct dm_target *ti, status_type_t type,
			  unsigned int status_flags, char *result, unsigned int maxlen)
{
	struct atomic_c *ac = ti->private;
	struct dmat_log_info info = {};
	unsigned int sz = 0;
	u64 committed, written, bios, direct;

	switch (type) {
	case STATUSTYPE_INFO:
		if (ac->log)
			dmat_log_get_info(ac->log, &info);
		spin_lock_irq(&ac->lock);
		committed = ac->txns_committed;
		written = ac->txns_written_back;
		bios = ac->bios_logged;
		direct = ac->writes_direct;
		spin_unlock_irq(&ac->lock);
		DMEMIT("%llu/%llu %llu %llu %llu %llu %llu", info.used_blocks, info.log_blocks,
		       committed, written, info.replayed_txns, bios, direct);
		DMEMIT(" %s", READ_ONCE(ac->above_watermark) ? "above" : "below");
		DMEMIT(" %u max_segments %u max_bytes %u commit_delay_us %u high_watermark %u max_memory %llu writeback_delay_ms %u",
		       12 + ac->no_suspend_writeback + ac->no_discard_passdown + ac->read_only +
		       ac->all_writes_atomic + (ac->zero_copy_bytes ? 2 : 0) +
		       (ac->atomic_from ? 2 : 0),
		       ac->max_segments, ac->max_bytes, ac->commit_delay_us, ac->high_watermark,
		       ac->mem_cap, ac->writeback_delay_ms);
		if (ac->zero_copy_bytes)
			DMEMIT(" zero_copy_bytes %llu", ac->zero_copy_bytes);
		DMEMIT("%s%s%s%s",
		       ac->no_suspend_writeback ? " no_suspend_writeback" : "",
		       ac->no_discard_passdown ? " no_discard_passdown" : "",
		       ac->read_only ? " read_only" : "",
		       ac->all_writes_atomic ? " all_writes_atomic" : "");
		if (ac->atomic_from)
			DMEMIT(" all_writes_atomic_from %u", ac->atomic_from);
		DMEMIT(" %s", atomic_mode(ac));
		break;
	case STATUSTYPE_TABLE:
		DMEMIT("%s %s%s", ac->data_dev->name, ac->meta_dev->name,
		       ac->features_table ? ac->features_table : "");
		break;
	case STATUSTYPE_IMA:
		DMEMIT_TARGET_NAME_VERSION(ti->type);
		DMEMIT(",data_device_name=%s,metadata_device_name=%s", ac->data_dev->name,
		       ac->meta_dev->name);
		DMEMIT(",max_segments=%u,max_bytes=%u,commit_delay_us=%u,high_watermark=%u,max_memory=%llu,writeback_delay_ms=%u,suspend_writeback=%c,discard_passdown=%c,all_writes_atomic=%c,all_writes_atomic_from=%u,mode=%s;",
		       ac->max_segments, ac->max_bytes, ac->commit_delay_us, ac->high_watermark,
		       ac->mem_cap, ac->writeback_delay_ms,
		       ac->no_suspend_writeback ? 'n' : 'y', ac->no_discard_passdown ? 'n' : 'y',
		       ac->all_writes_atomic ? 'y' : 'n', ac->atomic_from, atomic_mode(ac));
		break;
	}
}

static int message_stats(struct atomic_c *ac, char *result, unsigned int maxlen)
{
	struct dmat_log_info info = {};
	unsigned int sz = 0;

	if (ac->log)
		dmat_log_get_info(ac->log, &info);
	DMEMIT("log_blocks=%llu\nlog_used_blocks=%llu\nhead_seq=%llu\ntail_seq=%llu\n",
	       info.log_blocks, info.used_blocks, info.head_seq, info.tail_seq);
	DMEMIT("replayed_txns=%llu\nreplayed_sectors=%llu\nreplay_drains=%llu\nreplay_end=%s\n",
	       info.replayed_txns, info.replayed_sectors, info.replay_drains,
	       !ac->log ? "-" : info.formatted ? "formatted" :
	       dmat_scan_result_str(info.replay_end));
	spin_lock_irq(&ac->lock);
	DMEMIT("txns_committed=%llu\nlists_committed=%llu\nbios_logged=%llu\nbytes_logged=%llu\n",
	       ac->txns_committed, ac->lists_committed, ac->bios_logged, ac->bytes_logged);
	DMEMIT("txns_written_back=%llu\nwriteback_passes=%llu\nwrites_direct=%llu\n",
	       ac->txns_written_back, ac->writeback_passes, ac->writes_direct);
	DMEMIT("plain_writes_logged=%llu\nreads_from_log=%llu\nreads_from_memory=%llu\n",
	       ac->plain_writes_logged, ac->reads_from_log, ac->reads_from_memory);
	DMEMIT("space_waits=%llu\nindex_ranges=%lu\n", ac->space_waits, ac->index.nr_ranges);
	DMEMIT("commit_windows=%llu\nwindow_timeouts=%llu\n", ac->commit_windows,
	       ac->window_timeouts);
	DMEMIT("flushes_skipped=%lld\n", (long long)atomic64_read(&ac->flushes_skipped));
	DMEMIT("log_flushes=%llu\nlog_flushes_skipped=%llu\ncommits_fua=%llu\ncommits_fua_auto=%llu\n",
	       ac->log_flushes, ac->log_flushes_skipped, ac->commits_fua, ac->commits_fua_auto);
	DMEMIT("durable_seq=%llu\n", ac->durable_upto);
	DMEMIT("txn_pool_allocs=%lld\n", (long long)atomic64_read(&ac->txn_pool_allocs));
	DMEMIT("zero_copy_txns=%llu\nzero_copy_overlapped=%llu\nzero_copy_records_grouped=%llu\n",
	       ac->zero_copy_txns, ac->zero_copy_overlapped, ac->zero_copy_records_grouped);
	DMEMIT("commits_inline=%llu\nacks_inline=%llu\n", ac->commits_inline, ac->acks_inline);
	DMEMIT("above_high_watermark=%d\nwatermark_events=%llu\n", ac->above_watermark,
	       ac->watermark_events);
	DMEMIT("waiting_for_space=%d\n", ac->waiting_space);
	DMEMIT("pending_bytes=%llu\npending_bytes_max=%llu\nmax_memory=%llu\nmode=%s",
	       ac->pending_bytes, ac->pending_bytes_max, ac->mem_cap,
	       atomic_mode(ac));
	spin_unlock_irq(&ac->lock);
	return 1;
}

/* Zero the run-time counters (not the log's: replay figures stay). */
static void clear_stats(struct atomic_c *ac)
{
	spin_lock_irq(&ac->lock);
	ac->txns_committed = 0;
	ac->lists_committed = 0;
	ac->bios_logged = 0;
	ac->bytes_logged = 0;
	ac->txns_written_back = 0;
	ac->writeback_passes = 0;
	ac->writes_direct = 0;
	ac->plain_writes_logged = 0;
	ac->reads_from_log = 0;
	ac->reads_from_memory = 0;
	ac->space_waits = 0;
	ac->watermark_events = 0;
	ac->commit_windows = 0;
	ac->window_timeouts = 0;
	atomic64_set(&ac->flushes_skipped, 0);
	ac->log_flushes = 0;
	ac->log_flushes_skipped = 0;
	ac->commits_fua = 0;
	ac->commits_fua_auto = 0;
	ac->zero_copy_txns = 0;
	ac->zero_copy_overlapped = 0;
	ac->zero_copy_records_grouped = 0;
	ac->commits_inline = 0;
	ac->acks_inline = 0;
	atomic64_set(&ac->txn_pool_allocs, 0);
	ac->pending_bytes_max = ac->pending_bytes;
	spin_unlock_irq(&ac->lock);
}

/*
 * checkpoint:  write back and retire everything acknowledged; prints the log use.
 * stats:       counters, one key=value a line.
 * clear_stats: zero the counters of stats and of the status line, but for
 *              the replay figures of the last activation.
 */
static int atomic_message(struct dm_target *ti, unsigned int argc, char **argv,
			  char *result, unsigned int maxlen)
{
	struct atomic_c *ac = ti->private;
	struct dmat_log_info info;
	unsigned int sz = 0;
	int r;

	if (argc == 1 && !strcasecmp(argv[0], "stats"))
		return message_stats(ac, result, maxlen);
	if (argc == 1 && !strcasecmp(argv[0], "clear_stats")) {
		clear_stats(ac);
		return 0;
	}
	if (argc == 1 && !strcasecmp(argv[0], "checkpoint")) {
		if (!ac->log || ac->suspended) {
			DMWARN("%s: checkpoint: device not active", dm_device_name(ac->md));
			return -EBUSY;
		}
		if (atomic_failed(ac)) {
			DMWARN("%s: checkpoint: device in fail mode", dm_device_name(ac->md));
			return -EIO;
		}
		if (ac->read_only) {
			DMWARN("%s: checkpoint: device is read-only", dm_device_name(ac->md));
			return -EROFS;
		}
		r = checkpoint(ac);
		if (r)
			return r;
		dmat_log_get_info(ac->log, &info);
		DMEMIT("checkpoint done: log used %llu/%llu blocks, tail seq %llu",
		       info.used_blocks, info.log_blocks, info.tail_seq);
		return 1;
	}
	DMWARN("%s: unrecognised message (expected checkpoint, stats or clear_stats)",
	       dm_device_name(ac->md));
	return -EINVAL;
}

/* ------------------------------------------------------------------------
 * Limits and devices
 */

static int atomic_iterate_devices(struct dm_target *ti, iterate_devices_callout_fn fn,
				  void *data)
{
	struct atomic_c *ac = ti->private;

	/* The metadata device is ours alone: only the data device is stacked. */
	return fn(ti, ac->data_dev, 0, ti->len, data);
}

#if HAVE_ATOMIC_EMULATED
/*
 * Single atomic writes (mainline's REQ_ATOMIC) as the log makes them: any
 * power of two from the data device's logical block to max_bytes, a write
 * of up to max_bytes in all, no boundary.  DM core (DM_TARGET_ATOMIC_EMULATED)
 * takes them from here whatever the data device does; every _hw_ field is
 * set, as one left alone would keep what stacking the data device gave.
 * The block layer cuts them further where it must: to a chunk of the data
 * device, if it has one, when the table's limits are stacked
 * (blk_stack_atomic_writes_limits()), and unit_max to what one bio is sure
 * to carry (blk_validate_atomic_write_limits()).
 */
static void atomic_single_limits(struct atomic_c *ac, struct queue_limits *limits)
{
	limits->features |= BLK_FEAT_ATOMIC_WRITES;
	limits->atomic_write_hw_unit_min = bdev_logical_block_size(ac->data_dev->bdev);
	limits->atomic_write_hw_unit_max = rounddown_pow_of_two(ac->max_bytes);
	limits->atomic_write_hw_max = ac->max_bytes;
	limits->atomic_write_hw_boundary = 0;
}
#endif

static void atomic_io_hints(struct dm_target *ti, struct queue_limits *limits)
{
	struct atomic_c *ac = ti->private;

	if (ac->no_discard_passdown) {
		/* Discards end here, whatever the data device takes. */
		limits->max_discard_sectors = UINT_MAX >> SECTOR_SHIFT;
		limits->max_hw_discard_sectors = UINT_MAX >> SECTOR_SHIFT;
		limits->discard_granularity = max_t(unsigned int, limits->logical_block_size,
						    SECTOR_SIZE);
	}
	/* dm-atomic provides atomicity itself, whatever the data device does. */
#if HAVE_V2_LISTS
	limits->atomic_write_segments = ac->max_segments;
	limits->atomic_write_max_bytes = ac->max_bytes;
#endif
#if HAVE_ATOMIC_EMULATED
	atomic_single_limits(ac, limits);
#endif
#if HAVE_WRITE_LISTS
	/* Ours, not the data device's (stacking gave 0 if it takes none). */
	if (IS_ENABLED(CONFIG_BLK_WRITE_LIST)) {
		limits->max_write_list_segments = ac->max_segments;
		limits->max_write_list_bytes = ac->max_bytes;
	}
#endif
}

/*
 * The target's version says which interface it takes from DM core: 1.x the
 * v2 series' atomic_map (or nothing, on a stock kernel), 2.x the v3
 * series' write lists and single atomic writes, both through ->map.
 */
#if HAVE_V2_LISTS
#define DMAT_FEATURES (DM_TARGET_ATOMIC_WRITES | DMAT_NOWAIT)
#else
/* Each 0 where the kernel does not know it. */
#if HAVE_ATOMIC_EMULATED
#define DMAT_ATOMIC_FEATURES (DM_TARGET_ATOMIC_WRITES | DM_TARGET_ATOMIC_EMULATED)
#else
#define DMAT_ATOMIC_FEATURES 0
#endif
#if HAVE_WRITE_LISTS
#define DMAT_LIST_FEATURES DM_TARGET_WRITE_LISTS
#else
#define DMAT_LIST_FEATURES 0
#endif
#define DMAT_FEATURES (DMAT_ATOMIC_FEATURES | DMAT_LIST_FEATURES | DMAT_NOWAIT)
#endif

static struct target_type atomic_target = {
	.name = "atomic",
#if HAVE_WRITE_LISTS || HAVE_ATOMIC_EMULATED
	.version = {2, 1, 0},
#else
	.version = {1, 8, 0},
#endif
	.features = DMAT_FEATURES,
#if HAVE_V2_LISTS
	.atomic_map = atomic_map_list,
#endif
	.module = THIS_MODULE,
	.ctr = atomic_ctr,
	.dtr = atomic_dtr,
	.map = atomic_map_bio,
	.end_io = atomic_end_io,
	.postsuspend = atomic_postsuspend,
	.preresume = atomic_preresume,
	.resume = atomic_resume,
	.status = atomic_status,
	.message = atomic_message,
	.iterate_devices = atomic_iterate_devices,
	.io_hints = atomic_io_hints,
};

static int __init dm_atomic_init(void)
{
	dmat_choose_crc32c();
	return dm_register_target(&atomic_target);
}

static void __exit dm_atomic_exit(void)
{
	dm_unregister_target(&atomic_target);
}

module_init(dm_atomic_init);
module_exit(dm_atomic_exit);

MODULE_DESCRIPTION(DM_NAME " target making lists of writes atomic through a log");
MODULE_VERSION("0.2.0");
MODULE_AUTHOR("dm-atomic project");
MODULE_LICENSE("GPL");
