// SPDX-License-Identifier: GPL-2.0
/*
 * atomicblk: a SQLite VFS that keeps one database on a block device that writes
 * atomic lists, so that every commit is one all-or-nothing write: no rollback
 * journal, no WAL, nothing written twice.  The list ioctl is BLKATOMICWRITE on
 * a kernel with the v2 series (limits in queue/atomic_write_segments and
 * atomic_write_max_bytes) and BLKWRITELIST with v3 (queue/max_write_list_segments
 * and write_list_max_bytes): the same number and layout, so one call serves
 * both; the sysfs names say which limits to read.
 *
 * Layout on the device (4 KiB blocks): block 0 is a header (magic, version,
 * the database size, a commit counter, CRCs); the database's bytes follow from
 * block 1.
 *
 * Between commits the written blocks are kept in memory (reads see them).  At
 * the end of each transaction (SQLITE_FCNTL_COMMIT_PHASETWO, or xSync, which
 * also flushes) they are submitted, with the header when the size changed or
 * when it is the first commit of this hold of the EXCLUSIVE lock, as one atomic
 * list.  What it refuses, and why, is in docs/sqlite.md.
 *
 * Locks: SQLite's lock levels as open-file-description locks (F_OFD_SETLK) on
 * the device node, at SQLite's own byte offsets (as its unix VFS does), so
 * several connections and processes share the device: readers beside one
 * writer, the list written only while the writer holds EXCLUSIVE (no reader is
 * reading).  A connection that takes SHARED re-reads the header and drops its
 * cache of committed blocks when the commit counter moved.
 *
 * Load it with `.load atomicblk` (shell) or sqlite3_load_extension(); it
 * registers the VFS "atomicblk".  The entry point sqlite3_atomicblk_default_init
 * also makes it the default VFS.  Open a database with the URI
 * file:/dev/mapper/NAME?vfs=atomicblk.
 */
#include <sqlite3ext.h>
SQLITE_EXTENSION_INIT1

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <linux/fs.h>
#include <linux/blk-write-list.h>

#define AB_NAME "atomicblk"
#define AB_BLOCK 4096u
#define AB_MAGIC "SQLTATM\x01"
#define AB_VERSION 2u		/* what a commit writes; version 1 (no counter) is still read */

/*
 * Block 0, in host byte order.  Version 1 ends at pad (the rest of the block
 * zeros); version 2 adds the commit counter and a CRC over everything before
 * it.  Version 1's fields keep their places and meaning, so a version 1 header
 * reads as version 2 with commits 0; an older VFS refuses version 2 (it takes
 * no locks: it must not write beside this one).
 */
struct ab_header {
	char magic[8];
	uint32_t version;
	uint32_t block;
	uint64_t db_bytes;
	uint32_t crc;		/* crc32 of the bytes before it */
	uint32_t pad;
	uint64_t commits;	/* version 2: headers written so far (each commit that wrote it) */
	uint32_t crc2;		/* version 2: crc32 of the bytes before it */
	uint32_t pad2;
};

/* SQLite's lock bytes (its PENDING_BYTE convention); the device need not be that large */
#define AB_PENDING_BYTE 0x40000000ll
#define AB_RESERVED_BYTE (AB_PENDING_BYTE + 1)
#define AB_SHARED_FIRST (AB_PENDING_BYTE + 2)
#define AB_SHARED_SIZE 510

struct ab_dirty {		/* one pending block of the database */
	uint64_t idx;		/* database block number (device block idx + 1) */
	unsigned char *buf;	/* AB_BLOCK bytes, AB_BLOCK aligned */
};

/*
 * Committed blocks kept in memory (the device is read with O_DIRECT and the
 * list ioctl drops the page cache of what it writes, so nothing else keeps
 * them): every block of a commit and every block read from the device under
 * a lock, up to `cap` blocks, the oldest unused one evicted first (a clock).
 * Valid while the header's commit counter is the one it was filled under: a
 * connection that takes SHARED compares, and empties it when another
 * connection committed in between.
 */
struct ab_cslot {
	uint64_t idx;
	unsigned char *buf;	/* NULL: a free slot */
	int32_t next;		/* the next slot of the same hash chain, or -1 */
	uint8_t used;		/* the clock's bit */
};

struct ab_cache {
	struct ab_cslot *slot;
	int32_t *head;		/* nbuckets chain heads, -1 for none */
	uint32_t cap, nbuckets, hand;
};

#define AB_CACHE_DEFAULT 2048u	/* blocks: 8 MiB */
#define AB_CACHE_MAX (1u << 20)	/* blocks: 4 GiB */

struct ab_file {
	sqlite3_file base;
	int fd;
	char *path;
	uint64_t dev_bytes;	/* bytes the database may use (device minus the header) */
	uint32_t max_segs;
	uint64_t max_bytes;
	const char *segs_attr;	/* the names of those limits in sysfs (queue/) */
	const char *bytes_attr;
	uint64_t size;		/* the database size as SQLite sees it */
	uint64_t size_disk;	/* the size in the header on the device */
	uint64_t zero_from;	/* device bytes from here on read as zeros (truncated) */
	struct ab_dirty *dirty;	/* sorted by idx */
	size_t ndirty, cap;
	size_t runs;		/* runs of contiguous dirty blocks */
	int unflushed;		/* a list was written since the last flush */
	int readonly;		/* opened read-only: SHARED locks only */
	int lock;		/* the SQLite lock level held (SQLITE_LOCK_NONE..EXCLUSIVE) */
	int hdr_due;		/* this EXCLUSIVE hold has not written the header yet */
	int commits_known;	/* `commits` is the device's (read under a lock, or written) */
	uint64_t commits;	/* the header's commit counter */
	unsigned char *bounce;	/* AB_BLOCK aligned, for O_DIRECT reads */
	unsigned char *rbuf;	/* a block read for xRead */
	struct ab_cache cache;	/* committed blocks */
	uint64_t cache_hits, cache_misses, cache_drops;
};

static sqlite3_vfs ab_vfs;
static sqlite3_vfs *ab_base;	/* the VFS for everything but the main database */

/* Say why, where the user sees it: SQLite's error log and stderr. */
static void ab_msg(int rc, const char *fmt, ...)
{
	char m[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(m, sizeof(m), fmt, ap);
	va_end(ap);
	sqlite3_log(rc, "%s", m);
	fprintf(stderr, AB_NAME ": %s\n", m);
}

static uint32_t ab_crc32(const void *p, size_t n)
{
	const unsigned char *b = p;
	uint32_t c = ~0u;

	while (n--) {
		c ^= *b++;
		for (int k = 0; k < 8; k++)
			c = (c >> 1) ^ (0xEDB88320u & -(c & 1));
	}
	return ~c;
}

/* ---------------------------------------------------------------- the pending blocks */

static size_t ab_find(struct ab_file *f, uint64_t idx, int *found)
{
	size_t lo = 0, hi = f->ndirty;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (f->dirty[mid].idx < idx)
			lo = mid + 1;
		else
			hi = mid;
	}
	*found = lo < f->ndirty && f->dirty[lo].idx == idx;
	return lo;
}

static unsigned char *ab_get(struct ab_file *f, uint64_t idx)
{
	int found;
	size_t i = ab_find(f, idx, &found);

	return found ? f->dirty[i].buf : NULL;
}

static void ab_drop_all(struct ab_file *f)
{
	for (size_t i = 0; i < f->ndirty; i++)
		free(f->dirty[i].buf);
	f->ndirty = 0;
	f->runs = 0;
}

/* The pending state is thrown away: SQLite sees the device's contents again. */
static void ab_revert(struct ab_file *f)
{
	ab_drop_all(f);
	f->size = f->size_disk;
	f->zero_from = f->size_disk;
}

/*
 * Whether the list committing ndirty blocks carries the header: when the size
 * changed, and in the first commit of each hold of the EXCLUSIVE lock (its
 * counter tells other connections that their caches are stale).  In
 * locking_mode=EXCLUSIVE the lock is held until the connection closes, so that
 * is its first commit only.
 */
static int ab_hdr(struct ab_file *f, size_t ndirty)
{
	return f->size != f->size_disk || (f->hdr_due && ndirty);
}

/* Segments and bytes of the list that would commit the pending blocks. */
static void ab_list_size(struct ab_file *f, size_t ndirty, size_t runs, int blk0,
			 uint64_t *bytes, size_t *segs)
{
	int hdr = ab_hdr(f, ndirty);

	*bytes = (uint64_t)(ndirty + hdr) * AB_BLOCK;
	*segs = runs + (hdr && !blk0);
}

static int ab_too_big(struct ab_file *f, size_t ndirty, size_t runs, int blk0)
{
	uint64_t bytes;
	size_t segs;

	ab_list_size(f, ndirty, runs, blk0, &bytes, &segs);
	return bytes > f->max_bytes || segs > f->max_segs;
}

static void ab_too_big_msg(struct ab_file *f, size_t ndirty, size_t runs, int blk0)
{
	uint64_t bytes;
	size_t segs;

	ab_list_size(f, ndirty, runs, blk0, &bytes, &segs);
	ab_msg(SQLITE_FULL, "%s: transaction too large for one atomic write: at least %llu bytes in %zu "
	       "segments, the device takes at most %llu bytes (%s) in %u "
	       "segments (%s); nothing of it was written, split it into "
	       "smaller transactions", f->path, (unsigned long long)bytes, segs,
	       (unsigned long long)f->max_bytes, f->bytes_attr, f->max_segs, f->segs_attr);
}

/* ---------------------------------------------------------------- committed blocks */

static uint32_t ab_hash(struct ab_cache *c, uint64_t idx)
{
	return (uint32_t)((idx * 0x9E3779B97F4A7C15ull) >> 32) % c->nbuckets;
}

static void ab_cache_free(struct ab_cache *c)
{
	for (uint32_t i = 0; i < c->cap; i++)
		free(c->slot[i].buf);
	free(c->slot);
	free(c->head);
	memset(c, 0, sizeof(*c));
}

/* Forget every cached block (another connection committed). */
static void ab_cache_clear(struct ab_cache *c)
{
	for (uint32_t i = 0; i < c->cap; i++) {
		free(c->slot[i].buf);
		c->slot[i].buf = NULL;
		c->head[i] = -1;
	}
	c->hand = 0;
}

/* An empty cache of cap blocks (0: none); SQLITE_NOMEM leaves it empty. */
static int ab_cache_init(struct ab_cache *c, uint32_t cap)
{
	ab_cache_free(c);
	if (!cap)
		return SQLITE_OK;
	c->nbuckets = cap;
	c->slot = calloc(cap, sizeof(*c->slot));
	c->head = malloc(cap * sizeof(*c->head));
	if (!c->slot || !c->head) {
		free(c->slot);
		free(c->head);
		memset(c, 0, sizeof(*c));
		return SQLITE_NOMEM;
	}
	c->cap = cap;
	for (uint32_t i = 0; i < cap; i++)
		c->head[i] = -1;
	return SQLITE_OK;
}

static int32_t ab_cache_find(struct ab_cache *c, uint64_t idx)
{
	if (!c->cap)
		return -1;
	for (int32_t i = c->head[ab_hash(c, idx)]; i >= 0; i = c->slot[i].next)
		if (c->slot[i].idx == idx)
			return i;
	return -1;
}

static void ab_cache_unlink(struct ab_cache *c, int32_t i)
{
	int32_t *p = &c->head[ab_hash(c, c->slot[i].idx)];

	while (*p != i)
		p = &c->slot[*p].next;
	*p = c->slot[i].next;
	free(c->slot[i].buf);
	c->slot[i].buf = NULL;
}

static unsigned char *ab_cache_get(struct ab_file *f, uint64_t idx)
{
	int32_t i = ab_cache_find(&f->cache, idx);

	if (i < 0)
		return NULL;
	f->cache.slot[i].used = 1;
	return f->cache.slot[i].buf;
}

/* Keep buf (AB_BLOCK bytes, malloc'ed) as block idx; the cache owns it from now on. */
static void ab_cache_put(struct ab_file *f, uint64_t idx, unsigned char *buf)
{
	struct ab_cache *c = &f->cache;
	int32_t i = ab_cache_find(c, idx);
	uint32_t h;

	if (!c->cap) {
		free(buf);
		return;
	}
	if (i >= 0) {
		free(c->slot[i].buf);
		c->slot[i].buf = buf;
		c->slot[i].used = 1;
		return;
	}
	for (;;) {		/* the clock: a free slot, or one not used since the hand passed */
		struct ab_cslot *s = &c->slot[c->hand];

		if (!s->buf)
			break;
		if (!s->used) {
			ab_cache_unlink(c, (int32_t)c->hand);
			break;
		}
		s->used = 0;
		c->hand = (c->hand + 1) % c->cap;
	}
	i = (int32_t)c->hand;
	c->hand = (c->hand + 1) % c->cap;
	h = ab_hash(c, idx);
	c->slot[i] = (struct ab_cslot){ .idx = idx, .buf = buf, .next = c->head[h], .used = 1 };
	c->head[h] = i;
}

/* Forget every cached block from idx `first` on (a truncation). */
static void ab_cache_drop_from(struct ab_cache *c, uint64_t first)
{
	for (uint32_t i = 0; i < c->cap; i++)
		if (c->slot[i].buf && c->slot[i].idx >= first)
			ab_cache_unlink(c, (int32_t)i);
}

/* Read committed device bytes of database block idx into buf (zeros past the size). */
static int ab_read_disk(struct ab_file *f, uint64_t idx, unsigned char *buf)
{
	uint64_t off = idx * AB_BLOCK;
	ssize_t n;

	unsigned char *c;

	if (off >= f->zero_from) {
		memset(buf, 0, AB_BLOCK);
		return SQLITE_OK;
	}
	if ((c = ab_cache_get(f, idx))) {
		f->cache_hits++;
		memcpy(buf, c, AB_BLOCK);
		goto tail;
	}
	f->cache_misses++;
	n = pread(f->fd, f->bounce, AB_BLOCK, off + AB_BLOCK);
	if (n != AB_BLOCK) {
		ab_msg(SQLITE_IOERR_READ, "%s: read at %llu: %s", f->path,
		       (unsigned long long)(off + AB_BLOCK), n < 0 ? strerror(errno) : "short read");
		return SQLITE_IOERR_READ;
	}
	memcpy(buf, f->bounce, AB_BLOCK);
	/* without a lock (SQLite's peek at the header before it locks) a commit may be under way */
	if (f->cache.cap && f->lock >= SQLITE_LOCK_SHARED && (c = malloc(AB_BLOCK))) {
		memcpy(c, f->bounce, AB_BLOCK);
		ab_cache_put(f, idx, c);
	}
tail:
	if (off + AB_BLOCK > f->zero_from)
		memset(buf + (f->zero_from - off), 0, off + AB_BLOCK - f->zero_from);
	return SQLITE_OK;
}

/*
 * The pending copy of block idx, created (from the device when the write covers
 * part of it) if needed.  When the transaction would outgrow the device's atomic
 * limits: NULL with *rc SQLITE_FULL, unless writing data (n bytes at bo) leaves
 * the block as it is on the device (a rollback writing back what it found):
 * then NULL with *rc SQLITE_OK, and nothing to do.
 */
static unsigned char *ab_block(struct ab_file *f, uint64_t idx, const unsigned char *data,
			       size_t bo, size_t n, int *rc)
{
	int found, left, right, blk0, over;
	size_t i = ab_find(f, idx, &found), runs;
	unsigned char *buf;

	*rc = SQLITE_OK;
	if (found)
		return f->dirty[i].buf;
	left = i > 0 && f->dirty[i - 1].idx == idx - 1;
	right = i < f->ndirty && f->dirty[i].idx == idx + 1;
	runs = f->runs + 1 - left - right;
	blk0 = idx == 0 || (f->ndirty && f->dirty[0].idx == 0);
	over = ab_too_big(f, f->ndirty + 1, runs, blk0);
	if (posix_memalign((void **)&buf, AB_BLOCK, AB_BLOCK)) {
		*rc = SQLITE_NOMEM;
		return NULL;
	}
	if (n < AB_BLOCK || over) {
		*rc = ab_read_disk(f, idx, buf);
		if (*rc != SQLITE_OK) {
			free(buf);
			return NULL;
		}
	}
	if (over) {
		int same = (idx + 1) * AB_BLOCK <= f->zero_from && !memcmp(buf + bo, data, n);

		free(buf);
		if (!same) {
			ab_too_big_msg(f, f->ndirty + 1, runs, blk0);
			*rc = SQLITE_FULL;
		}
		return NULL;
	}
	if (f->ndirty == f->cap) {
		size_t cap = f->cap ? 2 * f->cap : 64;
		struct ab_dirty *d = realloc(f->dirty, cap * sizeof(*d));

		if (!d) {
			free(buf);
			*rc = SQLITE_NOMEM;
			return NULL;
		}
		f->dirty = d;
		f->cap = cap;
	}
	memmove(f->dirty + i + 1, f->dirty + i, (f->ndirty - i) * sizeof(*f->dirty));
	f->dirty[i].idx = idx;
	f->dirty[i].buf = buf;
	f->ndirty++;
	f->runs = runs;
	return buf;
}

/*
 * Write the pending blocks (and the header, ab_hdr()) as one atomic list; flush
 * the device when `flush`.  On a refusal or failure the pending state is
 * dropped: the device still holds the last committed state, and so does
 * SQLite's view once it rolls back.  Only under the EXCLUSIVE lock: no other
 * connection reads while the list is in flight.
 */
static int ab_commit(struct ab_file *f, int flush)
{
	struct blkwritelist wl = { 0 };
	struct blkwritelist_seg *segs = NULL;
	unsigned char *stage = NULL;
	uint64_t bytes;
	size_t nsegs, s = 0, pos = 0;
	int hdr = ab_hdr(f, f->ndirty), rc = SQLITE_OK;

	if (!f->ndirty && !hdr)
		goto out_flush;
	if (f->lock < SQLITE_LOCK_EXCLUSIVE) {
		ab_msg(SQLITE_IOERR_LOCK, "%s: a commit without the EXCLUSIVE lock refused; nothing "
		       "of the transaction was written", f->path);
		ab_revert(f);
		return SQLITE_IOERR_LOCK;
	}
	ab_list_size(f, f->ndirty, f->runs, f->ndirty && f->dirty[0].idx == 0, &bytes, &nsegs);
	if (ab_too_big(f, f->ndirty, f->runs, f->ndirty && f->dirty[0].idx == 0)) {
		ab_too_big_msg(f, f->ndirty, f->runs, f->ndirty && f->dirty[0].idx == 0);
		ab_revert(f);
		return SQLITE_FULL;
	}
	segs = calloc(nsegs, sizeof(*segs));
	if (!segs || posix_memalign((void **)&stage, AB_BLOCK, bytes)) {
		free(segs);
		return SQLITE_NOMEM;
	}
	if (hdr) {
		struct ab_header h = { .version = AB_VERSION, .block = AB_BLOCK, .db_bytes = f->size,
				       .commits = f->commits + 1 };

		memcpy(h.magic, AB_MAGIC, 8);
		h.crc = ab_crc32(&h, offsetof(struct ab_header, crc));
		h.crc2 = ab_crc32(&h, offsetof(struct ab_header, crc2));
		memset(stage, 0, AB_BLOCK);
		memcpy(stage, &h, sizeof(h));
		segs[0].offset = 0;
		segs[0].len = AB_BLOCK;
		segs[0].buf = (uintptr_t)stage;
		pos = AB_BLOCK;
		s = 1;
	}
	for (size_t i = 0; i < f->ndirty; i++) {
		uint64_t off = (f->dirty[i].idx + 1) * AB_BLOCK;

		if (s && segs[s - 1].offset + segs[s - 1].len == off) {
			segs[s - 1].len += AB_BLOCK;
		} else {
			segs[s].offset = off;
			segs[s].len = AB_BLOCK;
			segs[s].buf = (uintptr_t)(stage + pos);
			s++;
		}
		memcpy(stage + pos, f->dirty[i].buf, AB_BLOCK);
		pos += AB_BLOCK;
	}
	wl.nr_segs = s;
	wl.segs = (uintptr_t)segs;
	if (ioctl(f->fd, BLKWRITELIST, &wl)) {
		int e = errno;

		rc = e == E2BIG ? SQLITE_FULL : e == ENOSPC ? SQLITE_FULL : SQLITE_IOERR_WRITE;
		ab_msg(rc, "%s: the atomic write of %zu segments, %llu bytes failed: %s; nothing of "
		       "the transaction is on the device", f->path, s, (unsigned long long)bytes,
		       strerror(e));
		ab_revert(f);
		goto out;
	}
	f->unflushed = 1;
	/* what was written is what the device holds now: keep it for reads */
	for (size_t i = 0; i < f->ndirty; i++)
		ab_cache_put(f, f->dirty[i].idx, f->dirty[i].buf);
	f->ndirty = 0;
	f->runs = 0;
	f->size_disk = f->size;
	f->zero_from = f->size;
	if (hdr) {
		f->commits++;
		f->hdr_due = 0;
	}
out_flush:
	if (flush && f->unflushed) {
		if (fdatasync(f->fd)) {
			ab_msg(SQLITE_IOERR_FSYNC, "%s: flush: %s", f->path, strerror(errno));
			rc = SQLITE_IOERR_FSYNC;
		} else {
			f->unflushed = 0;
		}
	}
out:
	free(segs);
	free(stage);
	return rc;
}

/* ---------------------------------------------------------------- sqlite3_io_methods */

static int ab_close(sqlite3_file *pf)
{
	struct ab_file *f = (struct ab_file *)pf;
	int rc;

	/*
	 * In locking_mode=EXCLUSIVE SQLite closes without unlocking: what is still
	 * pending goes out as today (with the lock it was written under).  Else the
	 * unlock before the close dropped it already.
	 */
	if (f->lock < SQLITE_LOCK_EXCLUSIVE)
		ab_revert(f);
	rc = ab_commit(f, 1);
	ab_drop_all(f);
	ab_cache_free(&f->cache);
	free(f->dirty);
	free(f->bounce);
	free(f->rbuf);
	free(f->path);
	close(f->fd);
	return rc;
}

static int ab_read(sqlite3_file *pf, void *out, int amt, sqlite3_int64 ofs)
{
	struct ab_file *f = (struct ab_file *)pf;
	unsigned char *dst = out;
	uint64_t off = ofs, end = off + amt, avail = end > f->size ? (f->size > off ? f->size - off : 0) : (uint64_t)amt;
	int rc;

	for (uint64_t p = off; p < off + avail;) {
		uint64_t idx = p / AB_BLOCK, bo = p % AB_BLOCK;
		size_t n = AB_BLOCK - bo;
		unsigned char *b = ab_get(f, idx);

		if (n > off + avail - p)
			n = off + avail - p;
		if (!b) {
			if ((rc = ab_read_disk(f, idx, f->rbuf)))
				return rc;
			b = f->rbuf;
		}
		memcpy(dst + (p - off), b + bo, n);
		p += n;
	}
	if (avail < (uint64_t)amt) {
		memset(dst + avail, 0, amt - avail);
		return SQLITE_IOERR_SHORT_READ;
	}
	return SQLITE_OK;
}

/* SQLite writes the database only under EXCLUSIVE; anything else would be a reader's write. */
static int ab_unlocked_write(struct ab_file *f, const char *what)
{
	ab_msg(SQLITE_IOERR_LOCK, "%s: %s without the EXCLUSIVE lock refused", f->path, what);
	ab_revert(f);
	return SQLITE_IOERR_LOCK;
}

static int ab_write(sqlite3_file *pf, const void *in, int amt, sqlite3_int64 ofs)
{
	struct ab_file *f = (struct ab_file *)pf;
	const unsigned char *src = in;
	uint64_t off = ofs, end = off + amt;
	int rc;

	if (f->lock < SQLITE_LOCK_EXCLUSIVE)
		return ab_unlocked_write(f, "a write");
	if (end > f->dev_bytes) {
		ab_msg(SQLITE_FULL, "%s: the device is full: the database would need %llu bytes, "
		       "the device holds %llu", f->path, (unsigned long long)end,
		       (unsigned long long)f->dev_bytes);
		ab_revert(f);
		return SQLITE_FULL;
	}
	if (end > f->size)
		f->size = end;
	for (uint64_t p = off; p < end;) {
		uint64_t idx = p / AB_BLOCK, bo = p % AB_BLOCK;
		size_t n = AB_BLOCK - bo;
		unsigned char *b;

		if (n > end - p)
			n = end - p;
		b = ab_block(f, idx, src + (p - off), bo, n, &rc);
		if (!b && rc) {
			/* SQLite rolls the transaction back: drop it here too */
			ab_revert(f);
			return rc;
		}
		if (b)
			memcpy(b + bo, src + (p - off), n);
		p += n;
	}
	return SQLITE_OK;
}

static int ab_truncate(sqlite3_file *pf, sqlite3_int64 size)
{
	struct ab_file *f = (struct ab_file *)pf;
	uint64_t sz = size, first = (sz + AB_BLOCK - 1) / AB_BLOCK;
	int found;
	size_t i = ab_find(f, first, &found);

	if (f->lock < SQLITE_LOCK_EXCLUSIVE)
		return ab_unlocked_write(f, "a truncation");
	for (size_t k = i; k < f->ndirty; k++)
		free(f->dirty[k].buf);
	f->ndirty = i;
	f->runs = 0;
	for (size_t k = 0; k < f->ndirty; k++)
		if (k == 0 || f->dirty[k - 1].idx + 1 != f->dirty[k].idx)
			f->runs++;
	if (sz % AB_BLOCK) {
		unsigned char *b = ab_get(f, sz / AB_BLOCK);

		if (b)
			memset(b + sz % AB_BLOCK, 0, AB_BLOCK - sz % AB_BLOCK);
	}
	if (sz < f->zero_from)
		f->zero_from = sz;
	ab_cache_drop_from(&f->cache, first);
	f->size = sz;
	return SQLITE_OK;
}

static int ab_sync(sqlite3_file *pf, int flags)
{
	(void)flags;
	return ab_commit((struct ab_file *)pf, 1);
}

static int ab_file_size(sqlite3_file *pf, sqlite3_int64 *size)
{
	*size = ((struct ab_file *)pf)->size;
	return SQLITE_OK;
}

/*
 * Locks, as SQLite's unix VFS takes them (open-file-description locks, so each
 * connection's descriptor holds its own, also within one process):
 *   SHARED     a read lock on the shared range, taken while holding a read
 *              lock on the PENDING byte (so no new reader starts while a
 *              writer waits for EXCLUSIVE)
 *   RESERVED   a write lock on the RESERVED byte (one writer at a time)
 *   PENDING    a write lock on the PENDING byte (on the way to EXCLUSIVE)
 *   EXCLUSIVE  a write lock on the shared range (no reader left)
 * Busy: SQLITE_BUSY, and SQLite's busy handler retries.
 */
static int ab_fl(struct ab_file *f, short type, off_t start, off_t len)
{
	struct flock fl = { .l_type = type, .l_whence = SEEK_SET, .l_start = start, .l_len = len };

	return fcntl(f->fd, F_OFD_SETLK, &fl);
}

static int ab_lock_err(struct ab_file *f, int err, int rc, const char *what)
{
	if (err == EAGAIN || err == EACCES)
		return SQLITE_BUSY;
	ab_msg(rc, "%s: %s: %s%s", f->path, what, strerror(err),
	       err == EINVAL ? " (the kernel or the device node takes no open-file-description "
	       "locks, F_OFD_SETLK)" : err == EBADF ? " (opened read-only)" : "");
	return rc;
}

static const char *ab_lock_name(int level)
{
	static const char *const n[] = { "NONE", "SHARED", "RESERVED", "PENDING", "EXCLUSIVE" };

	return level >= 0 && level <= 4 ? n[level] : "?";
}

/*
 * Check the header in blk: its size and commit counter, or SQLITE_NOTADB or
 * SQLITE_CORRUPT (said where the user sees it).  Zeros are an empty database.
 */
static int ab_parse_header(struct ab_file *f, const unsigned char *blk, uint64_t *size,
			   uint64_t *commits)
{
	static const unsigned char zero[sizeof(struct ab_header)];
	struct ab_header h;

	memcpy(&h, blk, sizeof(h));
	*size = *commits = 0;
	if (!memcmp(&h, zero, sizeof(h)))
		return SQLITE_OK;
	if (memcmp(h.magic, AB_MAGIC, 8)) {
		ab_msg(SQLITE_NOTADB, "%s: does not hold an " AB_NAME " database (its first block "
		       "is neither zeros nor an " AB_NAME " header); refusing to overwrite it", f->path);
		return SQLITE_NOTADB;
	}
	if (h.crc != ab_crc32(&h, offsetof(struct ab_header, crc)) ||
	    (h.version != 1 && h.version != 2) || h.block != AB_BLOCK || h.db_bytes > f->dev_bytes ||
	    (h.version == 2 && h.crc2 != ab_crc32(&h, offsetof(struct ab_header, crc2)))) {
		ab_msg(SQLITE_CORRUPT, "%s: the " AB_NAME " header is damaged or of another version "
		       "(version %u, block %u, size %llu; this VFS reads versions 1 and 2)", f->path,
		       h.version, h.block, (unsigned long long)h.db_bytes);
		return SQLITE_CORRUPT;
	}
	*size = h.db_bytes;
	*commits = h.version >= 2 ? h.commits : 0;
	return SQLITE_OK;
}

/*
 * Just took SHARED from no lock: what the device holds now.  The size is the
 * header's; when the commit counter moved since this connection last looked,
 * another connection committed and the cached blocks may be stale: drop them.
 * (SQLite's own cache checks the change counter on page 1, read through here.)
 */
static int ab_refresh(struct ab_file *f)
{
	uint64_t size, commits;
	ssize_t n = pread(f->fd, f->bounce, AB_BLOCK, 0);
	int rc;

	if (n != AB_BLOCK) {
		ab_msg(SQLITE_IOERR_READ, "%s: cannot read the header: %s", f->path,
		       n < 0 ? strerror(errno) : "short read");
		return SQLITE_IOERR_READ;
	}
	rc = ab_parse_header(f, f->bounce, &size, &commits);
	if (rc != SQLITE_OK)
		return rc;
	if (!f->commits_known || commits != f->commits) {
		if (f->commits_known)
			f->cache_drops++;
		ab_cache_clear(&f->cache);
	}
	f->commits = commits;
	f->commits_known = 1;
	ab_drop_all(f);		/* nothing is pending without a lock; be sure */
	f->size = f->size_disk = f->zero_from = size;
	return SQLITE_OK;
}

static int ab_lock(sqlite3_file *pf, int level)
{
	struct ab_file *f = (struct ab_file *)pf;
	int rc = SQLITE_OK, e = 0;

	if (f->lock >= level)
		return SQLITE_OK;
	if (level == SQLITE_LOCK_SHARED) {
		if (f->lock != SQLITE_LOCK_NONE)
			return SQLITE_OK;
		if (ab_fl(f, F_RDLCK, AB_PENDING_BYTE, 1))
			return ab_lock_err(f, errno, SQLITE_IOERR_LOCK, "SHARED lock");
		if (ab_fl(f, F_RDLCK, AB_SHARED_FIRST, AB_SHARED_SIZE))
			e = errno;
		if (ab_fl(f, F_UNLCK, AB_PENDING_BYTE, 1) && !e) {
			ab_msg(SQLITE_IOERR_UNLOCK, "%s: unlock: %s", f->path, strerror(errno));
			ab_fl(f, F_UNLCK, 0, 0);
			return SQLITE_IOERR_UNLOCK;
		}
		if (e)
			return ab_lock_err(f, e, SQLITE_IOERR_LOCK, "SHARED lock");
		f->lock = SQLITE_LOCK_SHARED;
		rc = ab_refresh(f);
		if (rc != SQLITE_OK) {
			ab_fl(f, F_UNLCK, 0, 0);
			f->lock = SQLITE_LOCK_NONE;
		}
		return rc;
	}
	if (f->lock == SQLITE_LOCK_NONE) {
		ab_msg(SQLITE_IOERR_LOCK, "%s: %s lock asked without SHARED", f->path,
		       ab_lock_name(level));
		return SQLITE_IOERR_LOCK;
	}
	if (level == SQLITE_LOCK_RESERVED) {
		if (ab_fl(f, F_WRLCK, AB_RESERVED_BYTE, 1))
			return ab_lock_err(f, errno, SQLITE_IOERR_LOCK, "RESERVED lock");
		f->lock = SQLITE_LOCK_RESERVED;
		return SQLITE_OK;
	}
	/* EXCLUSIVE (SQLite never asks for PENDING itself): PENDING first, kept while busy */
	if (f->lock < SQLITE_LOCK_PENDING) {
		if (ab_fl(f, F_WRLCK, AB_PENDING_BYTE, 1))
			return ab_lock_err(f, errno, SQLITE_IOERR_LOCK, "PENDING lock");
		f->lock = SQLITE_LOCK_PENDING;
	}
	if (ab_fl(f, F_WRLCK, AB_SHARED_FIRST, AB_SHARED_SIZE))
		return ab_lock_err(f, errno, SQLITE_IOERR_LOCK, "EXCLUSIVE lock");
	f->lock = SQLITE_LOCK_EXCLUSIVE;
	f->hdr_due = 1;
	return SQLITE_OK;
}

static int ab_unlock(sqlite3_file *pf, int level)
{
	struct ab_file *f = (struct ab_file *)pf;
	int rc = SQLITE_OK;

	if (f->lock <= level)
		return SQLITE_OK;
	/*
	 * Leaving EXCLUSIVE without a commit (a rollback, an error): what is still
	 * pending was not committed and goes.  In locking_mode=EXCLUSIVE SQLite
	 * keeps the lock until the connection closes, and this never happens.
	 */
	if (f->ndirty || f->size != f->size_disk)
		ab_revert(f);
	f->hdr_due = 0;
	if (f->lock > SQLITE_LOCK_SHARED) {
		if (level == SQLITE_LOCK_SHARED && f->lock == SQLITE_LOCK_EXCLUSIVE &&
		    ab_fl(f, F_RDLCK, AB_SHARED_FIRST, AB_SHARED_SIZE)) {
			ab_msg(SQLITE_IOERR_RDLOCK, "%s: EXCLUSIVE to SHARED: %s", f->path, strerror(errno));
			rc = SQLITE_IOERR_RDLOCK;
		}
		if (ab_fl(f, F_UNLCK, AB_PENDING_BYTE, 2) && !rc) {
			ab_msg(SQLITE_IOERR_UNLOCK, "%s: unlock: %s", f->path, strerror(errno));
			rc = SQLITE_IOERR_UNLOCK;
		}
	}
	if (level == SQLITE_LOCK_NONE && ab_fl(f, F_UNLCK, 0, 0) && !rc) {
		ab_msg(SQLITE_IOERR_UNLOCK, "%s: unlock: %s", f->path, strerror(errno));
		rc = SQLITE_IOERR_UNLOCK;
	}
	if (rc == SQLITE_OK)
		f->lock = level;
	return rc;
}

static int ab_check_reserved(sqlite3_file *pf, int *out)
{
	struct ab_file *f = (struct ab_file *)pf;
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = AB_RESERVED_BYTE,
			    .l_len = 1 };

	*out = 0;
	if (f->lock >= SQLITE_LOCK_RESERVED) {
		*out = 1;
		return SQLITE_OK;
	}
	if (fcntl(f->fd, F_OFD_GETLK, &fl)) {
		ab_msg(SQLITE_IOERR_CHECKRESERVEDLOCK, "%s: checking the RESERVED lock: %s", f->path,
		       strerror(errno));
		return SQLITE_IOERR_CHECKRESERVEDLOCK;
	}
	*out = fl.l_type != F_UNLCK;
	return SQLITE_OK;
}

static int ab_pragma(struct ab_file *f, char **a)
{
	const char *name = a[1], *val = a[2];

	if (!strcasecmp(name, AB_NAME "_cache_size")) {
		char *end;
		unsigned long long n;

		if (val) {
			errno = 0;
			n = strtoull(val, &end, 10);
			if (errno || end == val || *end || n > AB_CACHE_MAX || val[0] == '-') {
				a[0] = sqlite3_mprintf(AB_NAME ": %s: " AB_NAME "_cache_size=%s refused: "
						       "a number of 4 KiB blocks from 0 to %u", f->path,
						       val, AB_CACHE_MAX);
				return SQLITE_ERROR;
			}
			if (ab_cache_init(&f->cache, (uint32_t)n) != SQLITE_OK) {
				a[0] = sqlite3_mprintf(AB_NAME ": %s: no memory for %llu cached blocks",
						       f->path, n);
				return SQLITE_NOMEM;
			}
		}
		a[0] = sqlite3_mprintf("%u", f->cache.cap);
		return SQLITE_OK;
	}
	if (!strcasecmp(name, AB_NAME "_cache_stats")) {
		uint32_t used = 0;

		for (uint32_t i = 0; i < f->cache.cap; i++)
			used += !!f->cache.slot[i].buf;
		a[0] = sqlite3_mprintf("blocks=%u cap=%u hits=%llu misses=%llu drops=%llu", used,
				       f->cache.cap, (unsigned long long)f->cache_hits,
				       (unsigned long long)f->cache_misses,
				       (unsigned long long)f->cache_drops);
		return SQLITE_OK;
	}
	if (!strcasecmp(name, "journal_mode") && val &&
	    strcasecmp(val, "memory") && strcasecmp(val, "off")) {
		a[0] = sqlite3_mprintf(AB_NAME ": %s: journal_mode=%s refused: every commit is one "
				       "atomic write, use journal_mode=MEMORY (or OFF)", f->path, val);
		return SQLITE_ERROR;
	}
	return SQLITE_NOTFOUND;
}

static int ab_file_control(sqlite3_file *pf, int op, void *arg)
{
	struct ab_file *f = (struct ab_file *)pf;

	switch (op) {
	case SQLITE_FCNTL_PRAGMA:
		return ab_pragma(f, arg);
	case SQLITE_FCNTL_COMMIT_PHASETWO:
		/* the transaction is committed: it goes out as one list now, even without xSync */
		return ab_commit(f, 0);
	case SQLITE_FCNTL_LOCKSTATE:
		*(int *)arg = f->lock;
		return SQLITE_OK;
	case SQLITE_FCNTL_VFSNAME:
		*(char **)arg = sqlite3_mprintf(AB_NAME);
		return SQLITE_OK;
	}
	return SQLITE_NOTFOUND;
}

static int ab_sector_size(sqlite3_file *pf)
{
	(void)pf;
	return AB_BLOCK;
}

static int ab_device_characteristics(sqlite3_file *pf)
{
	(void)pf;
	return SQLITE_IOCAP_POWERSAFE_OVERWRITE;
}

static const sqlite3_io_methods ab_io = {
	1, ab_close, ab_read, ab_write, ab_truncate, ab_sync, ab_file_size, ab_lock, ab_unlock,
	ab_check_reserved, ab_file_control, ab_sector_size, ab_device_characteristics,
	0, 0, 0, 0, 0, 0,
};

/* ---------------------------------------------------------------- opening */

static uint64_t ab_sysfs(dev_t rdev, const char *attr, int *ok)
{
	char path[128];
	unsigned long long v = 0;
	FILE *fp;

	snprintf(path, sizeof(path), "/sys/dev/block/%u:%u/queue/%s", major(rdev), minor(rdev), attr);
	fp = fopen(path, "r");
	*ok = fp && fscanf(fp, "%llu", &v) == 1;
	if (fp)
		fclose(fp);
	return v;
}

/*
 * The node to open and lock: the kernel's own name for the device (/dev/dm-3)
 * when it is there, so that every opener locks the same inode whichever name it
 * was given (/dev/mapper/x made by mknod, without udev, is an inode of its own:
 * locks on it would not meet locks on /dev/dm-3).  Else the name given.
 */
static char *ab_lock_node(dev_t rdev, const char *name)
{
	char path[128], line[256], *node = NULL;
	struct stat st;
	FILE *fp;

	snprintf(path, sizeof(path), "/sys/dev/block/%u:%u/uevent", major(rdev), minor(rdev));
	fp = fopen(path, "r");
	while (fp && fgets(line, sizeof(line), fp)) {
		if (strncmp(line, "DEVNAME=", 8))
			continue;
		line[strcspn(line, "\n")] = 0;
		free(node);
		if (asprintf(&node, "/dev/%s", line + 8) < 0)
			node = NULL;
	}
	if (fp)
		fclose(fp);
	if (node && (stat(node, &st) || !S_ISBLK(st.st_mode) || st.st_rdev != rdev)) {
		free(node);
		node = NULL;
	}
	return node ? node : strdup(name);
}

/*
 * Nothing else claims the device (a mount, a device-mapper or md device on top,
 * mkfs): an O_EXCL open that fails with EBUSY if so, closed at once.  Other
 * connections of this VFS make the same short probe when they open: a few
 * retries let them pass.
 */
static int ab_not_claimed(struct ab_file *f, const char *node)
{
	for (int i = 0;; i++) {
		int fd = open(node, O_RDONLY | O_EXCL | O_CLOEXEC);

		if (fd >= 0) {
			close(fd);
			return SQLITE_OK;
		}
		if (errno != EBUSY || i == 50) {
			ab_msg(SQLITE_CANTOPEN, "%s: %s%s", f->path, strerror(errno),
			       errno == EBUSY ? " (in use: mounted, or claimed by another program)" : "");
			return SQLITE_CANTOPEN;
		}
		usleep(20000);
	}
}

static int ab_open_db(struct ab_file *f, const char *name, int flags)
{
	struct stat st;
	uint64_t lbs, bytes;
	int ok1, ok2, ok3, rc;
	char *node;

	if (!name) {
		ab_msg(SQLITE_CANTOPEN, "a database on an atomic block device needs the device's name");
		return SQLITE_CANTOPEN;
	}
	f->fd = -1;
	f->path = strdup(name);
	if (!f->path || posix_memalign((void **)&f->bounce, AB_BLOCK, AB_BLOCK) ||
	    !(f->rbuf = malloc(AB_BLOCK)))
		return SQLITE_NOMEM;
	if (stat(name, &st) || !S_ISBLK(st.st_mode)) {
		ab_msg(SQLITE_CANTOPEN, "%s: not a block device (the " AB_NAME " VFS stores a database "
		       "on a whole block device that writes atomic lists)", name);
		return SQLITE_CANTOPEN;
	}
	/*
	 * The v3 names first: v3 has a queue/atomic_write_max_bytes too, meaning
	 * the largest single atomic write, not the bytes of a list.
	 */
	f->segs_attr = "max_write_list_segments";
	f->bytes_attr = "write_list_max_bytes";
	f->max_segs = ab_sysfs(st.st_rdev, f->segs_attr, &ok1);
	if (!ok1) {
		f->segs_attr = "atomic_write_segments";
		f->bytes_attr = "atomic_write_max_bytes";
		f->max_segs = ab_sysfs(st.st_rdev, f->segs_attr, &ok1);
	}
	f->max_bytes = ab_sysfs(st.st_rdev, f->bytes_attr, &ok2);
	lbs = ab_sysfs(st.st_rdev, "logical_block_size", &ok3);
	if (!ok1 || !ok2 || !f->max_segs || f->max_bytes < 2 * AB_BLOCK) {
		ab_msg(SQLITE_CANTOPEN, "%s: the device does not write atomic lists "
		       "(%s=%u, %s=%llu): refusing to open it, a commit would not be atomic",
		       name, f->segs_attr, f->max_segs, f->bytes_attr,
		       (unsigned long long)f->max_bytes);
		return SQLITE_CANTOPEN;
	}
	if (!ok3 || lbs > AB_BLOCK || AB_BLOCK % lbs) {
		ab_msg(SQLITE_CANTOPEN, "%s: logical block size %llu is not supported (at most %u)",
		       name, (unsigned long long)lbs, AB_BLOCK);
		return SQLITE_CANTOPEN;
	}
	f->readonly = !(flags & SQLITE_OPEN_READWRITE);
	node = ab_lock_node(st.st_rdev, name);
	if (!node)
		return SQLITE_NOMEM;
	f->fd = open(node, (f->readonly ? O_RDONLY : O_RDWR) | O_DIRECT | O_CLOEXEC);
	if (f->fd < 0) {
		int e = errno;

		if (strcmp(node, name))
			ab_msg(SQLITE_CANTOPEN, "%s: %s: %s (the VFS opens and locks the device by its "
			       "kernel name, so that every opener's locks meet)", name, node, strerror(e));
		else
			ab_msg(SQLITE_CANTOPEN, "%s: %s", name, strerror(e));
		free(node);
		return SQLITE_CANTOPEN;
	}
	rc = ab_not_claimed(f, node);
	free(node);
	if (rc != SQLITE_OK)
		goto fail;
	rc = SQLITE_CANTOPEN;
	if (ioctl(f->fd, BLKGETSIZE64, &bytes) || bytes < 2 * AB_BLOCK) {
		ab_msg(SQLITE_CANTOPEN, "%s: device too small", name);
		goto fail;
	}
	f->dev_bytes = bytes / AB_BLOCK * AB_BLOCK - AB_BLOCK;
	if (ab_cache_init(&f->cache, AB_CACHE_DEFAULT) != SQLITE_OK) {
		rc = SQLITE_NOMEM;
		goto fail;
	}
	/*
	 * The header, read under a SHARED lock (no commit under way): refuse what
	 * is not ours now rather than at the first query.  When a writer holds the
	 * lock, the first SHARED lock SQLite takes reads and checks it instead.
	 */
	rc = ab_lock(&f->base, SQLITE_LOCK_SHARED);
	if (rc == SQLITE_OK) {
		rc = ab_unlock(&f->base, SQLITE_LOCK_NONE);
	} else if (rc == SQLITE_BUSY) {
		rc = SQLITE_OK;
	}
	if (rc != SQLITE_OK) {
		rc = rc == SQLITE_NOMEM ? rc : SQLITE_CANTOPEN;
		goto fail;
	}
	f->base.pMethods = &ab_io;
	return SQLITE_OK;
fail:
	ab_cache_free(&f->cache);
	close(f->fd);
	f->fd = -1;
	return rc;
}

static int ab_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *pf, int flags, int *out_flags)
{
	struct ab_file *f = (struct ab_file *)pf;
	int rc;

	(void)vfs;
	memset(f, 0, sizeof(*f));
	if (flags & (SQLITE_OPEN_MAIN_JOURNAL | SQLITE_OPEN_WAL | SQLITE_OPEN_SUPER_JOURNAL)) {
		ab_msg(SQLITE_CANTOPEN, "%s: no journal file on an atomic device: each commit is one "
		       "atomic write; run PRAGMA journal_mode=MEMORY (or OFF) first",
		       name ? name : "(journal)");
		return SQLITE_CANTOPEN;
	}
	if (!(flags & SQLITE_OPEN_MAIN_DB)) {
		/* temporary files, statement journals: the default VFS's (szOsFile is its + ours) */
		return ab_base->xOpen(ab_base, name, pf, flags, out_flags);
	}
	rc = ab_open_db(f, name, flags);
	if (rc != SQLITE_OK) {
		free(f->bounce);
		free(f->rbuf);
		free(f->path);
		f->base.pMethods = NULL;
		return rc;
	}
	if (out_flags)
		*out_flags = flags;
	return SQLITE_OK;
}

static int ab_delete(sqlite3_vfs *v, const char *n, int sync) { (void)v; return ab_base->xDelete(ab_base, n, sync); }
static int ab_access(sqlite3_vfs *v, const char *n, int fl, int *out) { (void)v; return ab_base->xAccess(ab_base, n, fl, out); }
static int ab_full_pathname(sqlite3_vfs *v, const char *n, int len, char *out) { (void)v; return ab_base->xFullPathname(ab_base, n, len, out); }
static void *ab_dlopen(sqlite3_vfs *v, const char *n) { (void)v; return ab_base->xDlOpen(ab_base, n); }
static void ab_dlerror(sqlite3_vfs *v, int n, char *m) { (void)v; ab_base->xDlError(ab_base, n, m); }
static void (*ab_dlsym(sqlite3_vfs *v, void *h, const char *s))(void) { (void)v; return ab_base->xDlSym(ab_base, h, s); }
static void ab_dlclose(sqlite3_vfs *v, void *h) { (void)v; ab_base->xDlClose(ab_base, h); }
static int ab_randomness(sqlite3_vfs *v, int n, char *out) { (void)v; return ab_base->xRandomness(ab_base, n, out); }
static int ab_sleep(sqlite3_vfs *v, int us) { (void)v; return ab_base->xSleep(ab_base, us); }
static int ab_current_time(sqlite3_vfs *v, double *t) { (void)v; return ab_base->xCurrentTime(ab_base, t); }
static int ab_last_error(sqlite3_vfs *v, int n, char *m) { (void)v; return ab_base->xGetLastError(ab_base, n, m); }
static int ab_current_time64(sqlite3_vfs *v, sqlite3_int64 *t) { (void)v; return ab_base->xCurrentTimeInt64(ab_base, t); }

static int ab_register(int make_default)
{
	if (sqlite3_vfs_find(AB_NAME) == &ab_vfs)
		return make_default ? sqlite3_vfs_register(&ab_vfs, 1) : SQLITE_OK;
	ab_base = sqlite3_vfs_find(NULL);
	if (!ab_base || ab_base->iVersion < 2)
		return SQLITE_ERROR;
	ab_vfs = (sqlite3_vfs){
		.iVersion = 2,
		.szOsFile = (int)(sizeof(struct ab_file) > (size_t)ab_base->szOsFile ?
				  sizeof(struct ab_file) : (size_t)ab_base->szOsFile),
		.mxPathname = ab_base->mxPathname,
		.zName = AB_NAME,
		.xOpen = ab_open, .xDelete = ab_delete, .xAccess = ab_access,
		.xFullPathname = ab_full_pathname, .xDlOpen = ab_dlopen, .xDlError = ab_dlerror,
		.xDlSym = ab_dlsym, .xDlClose = ab_dlclose, .xRandomness = ab_randomness,
		.xSleep = ab_sleep, .xCurrentTime = ab_current_time, .xGetLastError = ab_last_error,
		.xCurrentTimeInt64 = ab_current_time64,
	};
	return sqlite3_vfs_register(&ab_vfs, make_default);
}

int sqlite3_atomicblk_init(sqlite3 *db, char **err, const sqlite3_api_routines *api)
{
	int rc;

	(void)db;
	SQLITE_EXTENSION_INIT2(api);
	rc = ab_register(0);
	if (rc != SQLITE_OK) {
		*err = sqlite3_mprintf(AB_NAME ": cannot register the VFS");
		return rc;
	}
	return SQLITE_OK_LOAD_PERMANENTLY;
}

int sqlite3_atomicblk_default_init(sqlite3 *db, char **err, const sqlite3_api_routines *api)
{
	int rc;

	(void)db;
	SQLITE_EXTENSION_INIT2(api);
	rc = ab_register(1);
	if (rc != SQLITE_OK) {
		*err = sqlite3_mprintf(AB_NAME ": cannot register the VFS");
		return rc;
	}
	return SQLITE_OK_LOAD_PERMANENTLY;
}
