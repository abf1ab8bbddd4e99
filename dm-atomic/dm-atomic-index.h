/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dm-atomic: the index of logged data.
 *
 * A set of non-overlapping ranges of data device sectors, each pointing at
 * the newest logged copy of its sectors: a transaction image in memory and
 * the byte offset of the range's first sector in it.  Inserting a range
 * trims, splits or removes what it overlaps (newest data wins), so a lookup
 * finds at most one owner per sector.  The nodes live in the memory of the
 * transactions (see struct atomic_txn in dm-atomic.h): an insert
 * takes two nodes from its caller, one for the new range and one for the
 * right half of an older range it splits; it never allocates.
 *
 * No locking here: the target calls every function under its lock.  The
 * header is shared with a host unit test (test_index() in tools/test/dma-unit.c),
 * which compiles it against a <linux/rbtree.h> of its own.
 */
#ifndef DM_ATOMIC_INDEX_H
#define DM_ATOMIC_INDEX_H

#include <linux/rbtree.h>

struct atomic_txn;

/* A range of sectors whose newest data sits in a transaction image. */
struct ext_range {
	struct rb_node node;
	sector_t start, end;		/* [start, end) on the data device */
	struct atomic_txn *txn;
	unsigned int offset;		/* bytes into txn image of start */
};

struct dmat_index {
	struct rb_root root;
	unsigned long nr_ranges;
};

static inline void dmat_index_init(struct dmat_index *ix)
{
	ix->root = RB_ROOT;
	ix->nr_ranges = 0;
}

static inline bool dmat_index_empty(const struct dmat_index *ix)
{
	return RB_EMPTY_ROOT(&ix->root);
}

/* First range with end > @sector, or NULL. */
static inline struct ext_range *dmat_index_first(struct dmat_index *ix, sector_t sector)
{
	struct rb_node *n = ix->root.rb_node;
	struct ext_range *best = NULL;

	while (n) {
		struct ext_range *r = rb_entry(n, struct ext_range, node);

		if (r->end <= sector) {
			n = n->rb_right;
		} else {
			best = r;
			n = n->rb_left;
		}
	}
	return best;
}

static inline struct ext_range *dmat_index_next(struct ext_range *r)
{
	struct rb_node *n = rb_next(&r->node);

	return n ? rb_entry(n, struct ext_range, node) : NULL;
}

/* Does any range overlap [start, end)? */
static inline bool dmat_index_overlaps(struct dmat_index *ix, sector_t start, sector_t end)
{
	struct ext_range *r = dmat_index_first(ix, start);

	return r && r->start < end;
}

static inline void dmat_index_link(struct dmat_index *ix, struct ext_range *new)
{
	struct rb_node **p = &ix->root.rb_node, *parent = NULL;

	while (*p) {
		struct ext_range *r = rb_entry(*p, struct ext_range, node);

		parent = *p;
		p = new->start < r->start ? &(*p)->rb_left : &(*p)->rb_right;
	}
	rb_link_node(&new->node, parent, p);
	rb_insert_color(&new->node, &ix->root);
	ix->nr_ranges++;
}

/* The node stays in its transaction's memory. */
static inline void dmat_index_erase(struct dmat_index *ix, struct ext_range *r)
{
	rb_erase(&r->node, &ix->root);
	ix->nr_ranges--;
}

/* Unlink every range (teardown); the nodes stay in their transactions' memory. */
static inline void dmat_index_clear(struct dmat_index *ix)
{
	struct rb_node *n;

	while ((n = rb_first(&ix->root)))
		dmat_index_erase(ix, rb_entry(n, struct ext_range, node));
}

/*
 * Make [start, end) point at (@txn, @offset), trimming or splitting what was
 * there.  @nodes[0] becomes the new range, @nodes[1] the right half of a
 * split (both in @txn's memory).  @start < @end.
 */
static inline void dmat_index_insert(struct dmat_index *ix, sector_t start, sector_t end,
				     struct atomic_txn *txn, unsigned int offset,
				     struct ext_range *nodes)
{
	struct ext_range *r = dmat_index_first(ix, start), *next, *new;

	while (r && r->start < end) {
		next = dmat_index_next(r);
		if (r->start < start && r->end > end) {
			struct ext_range *right = &nodes[1];

			right->start = end;
			right->end = r->end;
			right->txn = r->txn;
			right->offset = r->offset + ((end - r->start) << SECTOR_SHIFT);
			r->end = start;
			dmat_index_link(ix, right);
			break;
		} else if (r->start < start) {
			r->end = start;
		} else if (r->end > end) {
			r->offset += (end - r->start) << SECTOR_SHIFT;
			r->start = end;
		} else {
			dmat_index_erase(ix, r);
		}
		r = next;
	}
	new = &nodes[0];
	new->start = start;
	new->end = end;
	new->txn = txn;
	new->offset = offset;
	dmat_index_link(ix, new);
}

/*
 * Remove every range for which @gone(range, @arg) is true (a retire: the
 * ranges of the transactions written back).
 */
static inline void dmat_index_drop_if(struct dmat_index *ix,
				      bool (*gone)(const struct ext_range *r, void *arg),
				      void *arg)
{
	struct rb_node *n = rb_first(&ix->root);

	while (n) {
		struct ext_range *r = rb_entry(n, struct ext_range, node);

		n = rb_next(n);
		if (gone(r, arg))
			dmat_index_erase(ix, r);
	}
}

#endif /* DM_ATOMIC_INDEX_H */
