/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dm-atomic: a device-mapper target that makes lists of writes atomic by
 * logging them on a metadata device before writing them back to the data
 * device.  See dm-atomic.rst for the user's view.
 *
 * Ordering, in the manner of dm-log-writes' header: for a logged write W
 *
 *	W arrives			(map, or v2's atomic_map; queued on incoming)
 *	commit worker copies W	(into a transaction image in memory; a lone
 *				 writer's W is copied in the writer's context)
 *	log write		(descriptor + data, one I/O per group commit;
 *				 REQ_FUA only when W has REQ_FUA)
 *	index insert		(reads now see W, plain writes to W's sectors
 *				 are logged after it)
 *	W acknowledged		(in the metadata device's volatile cache, as a
 *				 write to a disk with a write cache is)
 *	a flush of the metadata device (an empty flush from above, a list with
 *				 REQ_PREFLUSH or REQ_FUA, or write-back)
 *				(durable: recovery replays it)
 *	write-back		(from memory to the data device, sorted; only
 *				 transactions already durable in the log)
 *	data device flush
 *	superblock tail moves past W (REQ_FUA), index entry dropped
 *
 * A crash before W's log record is durable loses W entirely (the scan stops
 * at its torn or missing descriptor or data crc): G1.  After it, recovery
 * replays W: G1.  G2 as for a disk with a volatile write cache: an empty
 * flush flushes the metadata device when a log write completed since its
 * last flush (and the data device when a direct write did); a REQ_FUA list
 * waits for the commits in flight and goes with REQ_PREFLUSH | REQ_FUA.
 * Transactions are acknowledged in sequence order and the scan stops at the
 * first invalid one, so a surviving later list implies every earlier
 * acknowledged one survived: G3.  Write-back puts a transaction in place
 * only once its log record is durable, so a torn in-place write is always
 * replayed over.
 *
 * Plain writes (without REQ_ATOMIC) go straight to the data device unless
 * they overlap sectors that are still in the log (in the index), in which
 * case they are logged too, so neither write-back nor a replay at the next
 * activation can put older data over them (G5).  The other way round, a
 * direct write still in flight when later logged data for its sectors is
 * written back must land first: write-back waits for every direct write
 * mapped before it started (dmat_wait_direct()).  Without the block-layer
 * series (!HAVE_ATOMIC_REQUESTS below) every write is logged, each bio one
 * atomic transaction.
 */
#ifndef DM_ATOMIC_H
#define DM_ATOMIC_H

#include <linux/bio.h>
#include <linux/blkdev.h>
#include <linux/crc32.h>
#include <linux/crc32c.h>
#include <linux/device-mapper.h>
#include <linux/highmem.h>
#include <linux/init.h>
#include <linux/ktime.h>
#include <linux/mempool.h>
#include <linux/module.h>
#include <linux/ratelimit.h>
#include <linux/mutex.h>
#include <linux/random.h>
#include <linux/rbtree.h>
#include <linux/sched/mm.h>
#include <linux/slab.h>
#include <linux/wait.h>
#include <linux/workqueue.h>
#include <asm/unaligned.h>

#include "dm-atomic-index.h"
#include "dm-atomic-log.h"

#define DM_MSG_PREFIX "atomic"

/*
 * What the kernel lets callers ask for, by the names its headers define:
 *
 * HAVE_V2_LISTS	the v2 block-core series (patches 0001-0014): an atomic
 *			list is an array of REQ_ATOMIC bios that DM core hands
 *			to target_type.atomic_map (blk_submit_atomic()).  v2
 *			defines DM_TARGET_ATOMIC_WRITES with that meaning, and
 *			BLK_ATOMIC_MAX_SEGMENTS; mainline 6.14+ defines the
 *			first with another meaning (it passes single atomic
 *			writes), so both are needed.
 * HAVE_WRITE_LISTS	the v3 series' write lists (DM_TARGET_WRITE_LISTS): a
 *			list is one REQ_OP_WRITE_LIST bio with a range table,
 *			mapped in ->map (map_write_list()).
 * HAVE_ATOMIC_EMULATED	the v3 series' single atomic writes as mainline has
 *			them (REQ_ATOMIC: one bio that must not tear), which a
 *			DM_TARGET_ATOMIC_EMULATED target offers whatever its
 *			devices do, with limits of its own (atomic_io_hints()).
 *
 * HAVE_ATOMIC_REQUESTS: callers can ask for atomicity in one of these ways,
 * so plain writes need not be logged.  Without any (a stock kernel, mainline
 * 6.14+ included) every write is logged, each bio one atomic transaction.
 */
#if defined(DM_TARGET_ATOMIC_WRITES) && defined(BLK_ATOMIC_MAX_SEGMENTS)
#define HAVE_V2_LISTS 1
#else
#define HAVE_V2_LISTS 0
#endif
#ifdef DM_TARGET_WRITE_LISTS
#define HAVE_WRITE_LISTS 1
#include <linux/blk-write-list.h>
#else
#define HAVE_WRITE_LISTS 0
#endif
#ifdef DM_TARGET_ATOMIC_EMULATED
#define HAVE_ATOMIC_EMULATED 1
#else
#define HAVE_ATOMIC_EMULATED 0
#endif
#define HAVE_ATOMIC_REQUESTS (HAVE_V2_LISTS || HAVE_WRITE_LISTS || HAVE_ATOMIC_EMULATED)

/*
 * REQ_NOWAIT (DM_TARGET_NOWAIT): DM core handles it for every bio, write
 * lists included.  With the v2 series only if REQ_NOWAIT atomic lists are
 * handled too (DM_ATOMIC_LISTS_NOWAIT): before that, DM core waited for a
 * suspended device inside io_uring's non-blocking attempt.
 */
#if !HAVE_V2_LISTS || defined(DM_ATOMIC_LISTS_NOWAIT)
#define DMAT_NOWAIT DM_TARGET_NOWAIT
#else
#define DMAT_NOWAIT 0
#endif

/* Defaults and limits of the feature arguments. */
#define DEFAULT_MAX_SEGMENTS	128U
#define DEFAULT_MAX_BYTES	(1U << 20)
#define LIMIT_MAX_BYTES		(16U << 20)
#define LIMIT_MAX_MEMORY	(1ULL << 40)
#define LIMIT_COMMIT_DELAY_US	1000000U
#define DEFAULT_HIGH_WATERMARK	80U	/* percent of the log in use */

/* A group commit takes up to this many bytes (or max_bytes if larger). */
#define BATCH_BYTES		(4U << 20)
/* Log writes in flight at once; acknowledged in sequence order. */
#define MAX_INFLIGHT_COMMITS	2U
/*
 * Commits in flight (of any kind) beside which a zero-copy list may still
 * begin: zero-copy lists hold no memory of their own (the writer's pages),
 * so a queue of them may overlap their log writes and in-place writes.
 */
#define MAX_INFLIGHT_ZC		8U
/* The longest a commit waits for the writers of the previous one. */
#define MAX_COMMIT_WINDOW_NS	(10 * NSEC_PER_MSEC)
/* auto_fua: a commit goes with REQ_FUA when flushes followed this many of the last 8. */
#define AUTO_FUA_MIN		4
/* Memory held by logged-but-not-retired data (back-pressure beyond). */
#define MEM_CAP_BYTES		(64ULL << 20)
/*
 * Write-back starts this long after a commit (the writeback_delay_ms feature
 * argument), or at once under pressure.  Each pass costs a flush of the data
 * device and a superblock write with REQ_FUA besides the data: see
 * docs/performance.md for the measured choice.
 */
#define DEFAULT_WRITEBACK_DELAY_MS	100U
#define LIMIT_WRITEBACK_DELAY_MS	60000U

/*
 * Memory reserves (forward progress under memory pressure: nothing in the
 * I/O path relies on __GFP_NOFAIL).  Everything a commit needs comes from
 * the page allocator when it can and from these reserves when it cannot;
 * a reserve that is empty is waited for (mempool_alloc(), no lock held),
 * and refilled by the write-back on its own workqueue, which allocates
 * nothing it cannot do without.  Sized from the table line: see
 * alloc_reserves().
 */
/* Atomic lists whose request the submitter may take from the reserve. */
#define LIST_RESERVE		16U
/* Bios of the target's bio_set (write-back) held in reserve. */
#define WB_BIO_RESERVE		4U
/*
 * Write-back pins this many index ranges at a time when the snapshot of
 * the whole index cannot be allocated (a preallocated buffer).
 */
#define WB_CHUNK_PINS		1024U
/* A read pins this many ranges in its per-bio data (no allocation). */
#define INLINE_PINS		4U
/* At most this many pins are allocated for one read; more: split. */
#define MAX_READ_PINS		256U

/* ------------------------------------------------------------------------
 * Structures
 */

/* One extent of a transaction: a range of the data device and its data. */
struct atomic_ext {
	sector_t sector;
	unsigned int nr_sectors;
	unsigned int offset;		/* bytes into the transaction image */
	u32 crc;			/* of its data, if the txn's crc_done */
};

/*
 * A transaction in memory: the image written to the log (descriptor page,
 * then each extent's data on fresh blocks) is also the source of reads and
 * of write-back until the tail moves past it.
 *
 * One allocation holds the header, the extents, the index nodes and the
 * page array (see txn_alloc()).  Each extent brings two index nodes: its
 * own range, and the right half of an older range it splits.  A node may
 * so point at an older transaction than the one it lives in, never at a
 * newer one, and a retire drops every range of the transactions it
 * retires: no node outlives the memory it lives in.
 */
struct atomic_txn {
	struct list_head list;		/* committing or committed list */
	refcount_t ref;			/* list membership + read/write-back pins */
	struct atomic_c *ac;
	u64 seq;
	u64 log_block;
	u64 nr_blocks;			/* log blocks: 1 + data blocks (+ 1, zero-copy) */
	u64 nr_pages;			/* pages[]: nr_blocks, or 2 for zero-copy */
	struct page **pages;
	unsigned int nr_ext;
	struct atomic_ext *ext;
	struct ext_range *ranges;	/* 2 * nr_ext index nodes */
	u64 bytes;			/* data bytes (for the memory cap) */
	struct list_head reqs;		/* acknowledged when durable */
	u64 submit_ns;			/* when its log write was submitted */
	bool crc_done;			/* extents checksummed while copied */
	bool from_reserve;		/* the header came from ac->txn_pool */
	bool pages_apart;		/* pages is a kvmalloc'ed array of its own */
	bool fua;			/* log write with REQ_FUA */
	bool preflush;			/* ... with REQ_PREFLUSH: when done, */
	u64 flush_mark;			/* every seq below this is durable */
	blk_status_t status;
	bool done;			/* log write completed */
	/*
	 * Under ac->lock: its log write completed (a copied one), or its
	 * commit record's (zero-copy), or it failed on the way (@log_failed):
	 * a later zero-copy record may go (zc_records_go()).
	 */
	bool log_settled;
	bool log_failed;
	struct dmat_log_io log_io;	/* the log write's state */

	/*
	 * Zero-copy (see zc_wanted()): pages[0] the descriptor, pages[1] the
	 * commit record; the data goes to the log and in place from the
	 * writer's pages, and the list is acknowledged by its in-place writes.
	 */
	bool zc;
	bool zc_indexed;		/* its ranges are in the index */
	bool zc_recorded;		/* its commit record is durable */
	bool zc_fua_data;		/* descriptor and data written REQ_FUA */
	bool zc_data_done;		/* descriptor and data written (ac->lock) */
	bool zc_record_sent;		/* step 2 queued (ac->lock) */
	bool zc_after_failed;		/* an earlier transaction failed: no record */
	/*
	 * Records sent together (zc_records_go()): the first holds the others
	 * on @zc_group, and counts the records in flight.
	 */
	struct list_head zc_group;
	atomic_t zc_group_pending;
	struct atomic_txn *zc_group_first;
	blk_status_t zc_rec_status;	/* its record's write */
	struct work_struct zc_commit_work;	/* step 2: the commit record */
	struct work_struct zc_inplace_work;	/* step 3: the in-place writes */
	atomic_t zc_pending;		/* in-place writes in flight, + 1 */
	int zc_error;			/* first in-place write error */
};

/*
 * One atomic list, or one logged bio: the ranges of one transaction's
 * extents, in order (struct dmat_seg, dm-atomic-log.h).  A logged bio is one
 * range, in its per-bio data (@one); a list is a request from ac->list_pool
 * with its ranges behind it: a v2 list's bios, one range each, or the ranges
 * of a write list's one bio.
 */
struct atomic_req {
	struct list_head list;
	unsigned int nr_segs;
	unsigned int bytes;
	bool preflush;			/* a bio had REQ_PREFLUSH */
	bool fua;			/* a bio had REQ_FUA */
	bool zc_fit;			/* may go zero-copy (zc_fits()) */
	bool nowait;			/* REQ_NOWAIT: the submitter must not sleep */
	struct dmat_seg *segs;
	struct bio *bio;		/* completed: the logged bio or the write list
					 * (a v2 list completes every range's bio) */
	struct dmat_seg one;		/* storage for a single logged bio's range */
};

#define req_for_each_seg(req, seg) \
	for ((seg) = (req)->segs; (seg) < (req)->segs + (req)->nr_segs; (seg)++)

/* Sectors of a range. */
static inline unsigned int seg_sectors(const struct dmat_seg *seg)
{
	return seg->iter.bi_size >> SECTOR_SHIFT;
}

/* A read overlapping the index copies these ranges from memory. */
struct read_pin {
	sector_t start, end;
	struct atomic_txn *txn;
	unsigned int offset;
};

struct per_bio {
	struct atomic_req req;		/* logged writes */
	struct bvec_iter iter;		/* reads with pins: the data as mapped */
	unsigned int nr_pins;
	struct read_pin *pins;		/* inline_pins or kmalloc'ed */
	struct read_pin inline_pins[INLINE_PINS];
	u64 discard_seq;		/* deferred discards: waits for this retire */
	bool direct;			/* counted in direct_inflight[epoch] */
	u8 epoch;
	bool flush;			/* an empty flush sent to the data device */
	bool log_flush;			/* ... to the metadata device */
	u64 flush_mark;			/* direct_done (log: the seq mark) when sent */
};

struct atomic_c {
	struct dm_target *ti;
	struct mapped_device *md;
	struct dm_dev *data_dev;
	struct dm_dev *meta_dev;
	struct dmat_log *log;		/* NULL until activated */
	struct dmat_log *opened_log;	/* checked by the ctr, activated at preresume */
	struct atomic_shared *shared;	/* with the other table during a reload */
	struct list_head shared_user;	/* in shared->users */

	/* Table arguments, for status TABLE exactly as given. */
	char *features_table;		/* " <#feature args> <args>..." or "" */
	unsigned int max_segments;
	unsigned int max_bytes;
	unsigned int commit_delay_us;
	unsigned int writeback_delay_ms;
	unsigned int high_watermark;	/* percent of the log */
	u64 max_memory;			/* bytes; 0: automatic (mem_cap) */
	bool no_suspend_writeback;	/* suspend keeps the log as it is */
	bool no_discard_passdown;	/* discards end here */
	bool read_only;			/* read_only feature or a read-only table */
	bool all_writes_atomic;		/* log every write: each bio is atomic */
	unsigned int atomic_from;	/* all_writes_atomic_from: log writes of at
					 * least this many bytes; 0: off */
	u64 zero_copy_bytes;		/* lists this large go zero-copy; 0: never */
	bool zc_ok;			/* the superblock allows commit records */

	/* Derived at activation. */
	u64 batch_bytes;
	u64 batch_blocks;		/* at most half the log */
	u64 probe_window;		/* log blocks activation probes for damage */
	u64 mem_cap;

	/* Reserves, sized from the table line (alloc_reserves()). */
	mempool_t page_pool;		/* transaction pages */
	mempool_t txn_pool;		/* transaction headers of the largest size */
	mempool_t list_pool;		/* requests of atomic lists */
	struct bio_set bs;		/* write-back bios */
	struct read_pin *wb_pins;	/* WB_CHUNK_PINS, for a chunked write-back */
	size_t txn_max_size;		/* of a header with its arrays */

	struct workqueue_struct *wq;		/* commit, events */
	struct workqueue_struct *done_wq;	/* completion: acknowledges, indexes */
	struct workqueue_struct *wb_wq;		/* write-back: frees log and memory */
	struct delayed_work commit_work;	/* builds and submits group commits */
	struct work_struct complete_work;	/* acknowledges durable commits */
	struct delayed_work writeback_work;	/* write-back and retire */
	struct work_struct event_work;		/* dm_table_event() after a failure */
	struct mutex writeback_lock;		/* one write-back pass at a time */
	struct mutex commit_lock;		/* one committer: the worker or a submitter */

	/*
	 * Direct writes (and discards) in flight, counted in the epoch they
	 * were mapped in (direct_epoch & 1, read and counted under lock).
	 * Write-back starts a new epoch and waits for the old one to drain.
	 */
	atomic_t direct_inflight[2];
	wait_queue_head_t direct_wait;

	/*
	 * Flushes the data device does not need: direct writes completed
	 * so far, and how many of them had completed when the last flush
	 * of the data device that succeeded was sent (see dmat_flushed()).
	 */
	atomic64_t direct_done;
	atomic64_t flushed_done;
	atomic64_t flushes_skipped;
	atomic64_t txn_pool_allocs;	/* headers the allocator had no memory for */

	spinlock_t lock;		/* protects everything below */
	struct list_head incoming;	/* atomic_req waiting for a commit */
	unsigned int nr_incoming;	/* lists on incoming, */
	unsigned int incoming_segs;	/* their ranges (extents) */
	u64 incoming_bytes;		/* and their bytes */
	/*
	 * Commit window (group commit): lists expected for the next commit
	 * (the last commit's lists and those that waited beside it), the
	 * duration of the last log write, and the jiffies the open window
	 * ends at.
	 */
	unsigned int group_expect;
	u64 last_commit_ns;
	bool window_open;
	unsigned long window_end;
	struct list_head committing;	/* txns with a log write in flight */
	unsigned int acking;		/* a txn's lists being acknowledged */
	unsigned int nr_committing;
	struct list_head committed;	/* durable, not yet retired, seq order */
	u64 pending_bytes;		/* memory of committing + committed txns (txn_mem()) */
	u64 pending_bytes_max;		/* its peak since activation/clear_stats */
	bool waiting_space;		/* commit blocked on log space/memory */
	bool space_wait_told;		/* ... and the kernel log said so */
	unsigned long space_wait_since;	/* jiffies the wait began */
	struct ratelimit_state space_wait_rs;	/* those kernel log lines */
	struct dmat_index index;
	u64 last_seq;			/* newest transaction reserved in the log */
	u64 durable_upto;		/* every transaction below it is durable in the log */
	u64 retired_seq;		/* newest transaction written back */
	struct bio_list deferred_discards;
	bool suspended;
	bool above_watermark;		/* log use at or above high_watermark */
	unsigned int direct_epoch;

	int error;			/* latched first error; 0: healthy */
	bool meta_error;		/* a metadata write failed: set needs_check */
	bool needs_check_written;	/* ... and it is on disk */
	bool log_broken;		/* a log write failed: every later
					 * transaction is failed (complete_work_fn()) */

	/* Counters (under lock). */
	u64 txns_committed;
	u64 lists_committed;
	u64 bios_logged;
	u64 bytes_logged;
	u64 txns_written_back;
	u64 writeback_passes;
	u64 writes_direct;
	u64 plain_writes_logged;	/* plain bios logged: they overlapped the log */
	u64 reads_from_log;		/* reads that found any of their data there */
	u64 reads_from_memory;		/* ... all of it: no I/O */
	u64 space_waits;
	u64 watermark_events;		/* crossings of high_watermark, both ways */
	u64 commit_windows;		/* commits that waited for more lists */
	u64 window_timeouts;		/* ... and went with fewer */
	u64 log_flushes;		/* flushes of the metadata device: empty, */
	u64 log_flushes_skipped;	/* ... those nothing needed, */
	u64 commits_fua;		/* commits with REQ_FUA or REQ_PREFLUSH */
	u64 commits_fua_auto;		/* ... REQ_FUA because flushes followed */
	u64 zero_copy_txns;		/* transactions logged zero-copy */
	u64 zero_copy_overlapped;	/* ... begun beside a commit in flight */
	u64 zero_copy_records_grouped;	/* records sent after one flush with others */
	unsigned int nr_zc_gated;	/* zero-copy data written, record not sent */
	u64 commits_inline;		/* built and sent in the writer's context */
	u64 acks_inline;		/* acknowledged in the log write's completion */
	atomic_t done_busy;		/* txn_done() calls between done and queue_work */
	u8 flush_history;		/* a bit a commit: a flush came after it */
	bool flush_since_commit;	/* an empty flush came since the last commit */
};

/* dm-atomic-shared.c */
struct atomic_shared;
bool bdevs_overlap(struct block_device *a, struct block_device *b);
int atomic_shared_get(struct atomic_c *ac, char **error);
void atomic_shared_put(struct atomic_c *ac);
struct mutex *atomic_shared_sb_lock(struct atomic_c *ac);
struct atomic_c *atomic_shared_lock_live(struct atomic_c *ac);
void atomic_shared_unlock(struct atomic_c *ac);
void atomic_shared_supersede(struct atomic_c *ac);
void atomic_shared_go_live(struct atomic_c *ac);
void atomic_shared_leave(struct atomic_c *ac);

/* dm-atomic-tunables.c */
extern bool dmat_auto_fua;
void dmat_choose_crc32c(void);
extern bool dmat_commit_window;
u32 dmat_copy_crc(u32 crc, void *dst, const void *src, size_t n);
extern bool dmat_copy_crc_on;
extern bool dmat_fua_commits;
extern bool dmat_inline_ack;
extern bool dmat_inline_submit;
extern bool dmat_zero_copy;
extern bool dmat_zc_overlap;

/* dm-atomic-cache.c */
u32 copy_seg_to_txn(struct atomic_txn *t, u64 offset, const struct dmat_seg *seg, bool crc);
void index_drop_upto(struct atomic_c *ac, u64 seq);
u64 largest_list_blocks(const struct atomic_c *ac);
int map_read(struct atomic_c *ac, struct bio *bio, struct per_bio *pb);
void overlay_pins(struct bio *bio, struct per_bio *pb);
void release_pins(struct per_bio *pb);
unsigned int req_nr_blocks(struct atomic_req *req);
struct atomic_txn *txn_alloc(struct atomic_c *ac, unsigned int nr_ext, u64 nr_pages,
			     bool io, bool nowait);
struct atomic_txn *txn_build(struct atomic_c *ac, struct list_head *reqs,
			     unsigned int nr_ext, u64 data_blocks, bool nowait);
void txn_get(struct atomic_txn *t);
u64 txn_mem(const struct atomic_txn *t);
struct page *txn_page_alloc(struct atomic_c *ac, bool nowait);
void txn_put(struct atomic_txn *t);
void txn_seal(struct atomic_c *ac, struct atomic_txn *t, u64 durable_seq);
u64 zc_record_block(const struct dmat_geometry *geo, const struct atomic_txn *t);
size_t txn_size(unsigned int nr_ext, u64 nr_pages);

/* dm-atomic-commit.c */
bool commit_inline(struct atomic_c *ac);
void commit_work_fn(struct work_struct *ws);
void complete_work_fn(struct work_struct *ws);
int dmat_flush_data(struct atomic_c *ac);
u64 dmat_flush_mark(struct atomic_c *ac);
bool dmat_flush_needed(struct atomic_c *ac);
void dmat_flushed(struct atomic_c *ac, u64 mark);
void dmat_log_durable(struct atomic_c *ac, u64 mark);
u64 dmat_log_mark(struct atomic_c *ac);
int dmat_log_sync(struct atomic_c *ac, u64 seq);
extern bool dmat_skip_clean_flush;
void incoming_add(struct atomic_c *ac, struct atomic_req *req);
bool incoming_fills_batch(struct atomic_c *ac);
void index_txn_ranges(struct atomic_c *ac, struct atomic_txn *t);
bool inline_fits(struct atomic_c *ac);
void kick_writeback(struct atomic_c *ac, bool now);
bool zc_fits(struct atomic_c *ac, struct atomic_req *req);

/* dm-atomic-writeback.c */
int checkpoint(struct atomic_c *ac);
void dmat_count_direct(struct atomic_c *ac, struct per_bio *pb);
void dmat_direct_done(struct atomic_c *ac, struct per_bio *pb);
void dmat_wait_direct(struct atomic_c *ac);
void remap_to_data(struct atomic_c *ac, struct bio *bio);
void writeback_work_fn(struct work_struct *ws);

/* dm-atomic-target.c */
bool atomic_failed(struct atomic_c *ac);
void atomic_set_error(struct atomic_c *ac, int err, const char *what);
void atomic_set_meta_error(struct atomic_c *ac, int err, const char *what);
void check_watermark(struct atomic_c *ac);

#endif /* DM_ATOMIC_H */
