/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The part of the kernel's <linux/rbtree.h> interface that dm-atomic's index
 * (dm-atomic/dm-atomic-index.h) uses, for its host unit test (dma-unit).
 *
 * Not a red-black tree: a plain binary search tree with parent pointers,
 * which rb_insert_color() leaves unbalanced.  The index's own logic (trim,
 * split, erase, ordered walks) is what the test checks; balance only bounds
 * the kernel's lookup time, and the test's trees are small.
 */
#ifndef DMA_TOOLS_RBTREE_H
#define DMA_TOOLS_RBTREE_H

#include <stddef.h>

struct rb_node {
	struct rb_node *rb_parent;
	struct rb_node *rb_right;
	struct rb_node *rb_left;
};

struct rb_root {
	struct rb_node *rb_node;
};

#define RB_ROOT			((struct rb_root) { NULL })
#define RB_EMPTY_ROOT(root)	((root)->rb_node == NULL)
#ifndef container_of
#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))
#endif
#define rb_entry(ptr, type, member)	container_of(ptr, type, member)

static inline void rb_link_node(struct rb_node *node, struct rb_node *parent,
				struct rb_node **link)
{
	node->rb_parent = parent;
	node->rb_left = node->rb_right = NULL;
	*link = node;
}

static inline void rb_insert_color(struct rb_node *node, struct rb_root *root)
{
	(void)node;
	(void)root;
}

/* Put @new (may be NULL) where @old hangs from its parent. */
static inline void rb__replace(struct rb_root *root, struct rb_node *old, struct rb_node *new)
{
	struct rb_node *parent = old->rb_parent;

	if (!parent)
		root->rb_node = new;
	else if (parent->rb_left == old)
		parent->rb_left = new;
	else
		parent->rb_right = new;
	if (new)
		new->rb_parent = parent;
}

static inline void rb_erase(struct rb_node *node, struct rb_root *root)
{
	struct rb_node *s;

	if (!node->rb_left) {
		rb__replace(root, node, node->rb_right);
	} else if (!node->rb_right) {
		rb__replace(root, node, node->rb_left);
	} else {
		/* Two children: the successor (leftmost on the right) takes its place. */
		for (s = node->rb_right; s->rb_left; s = s->rb_left)
			;
		if (s->rb_parent != node) {
			rb__replace(root, s, s->rb_right);
			s->rb_right = node->rb_right;
			s->rb_right->rb_parent = s;
		}
		rb__replace(root, node, s);
		s->rb_left = node->rb_left;
		s->rb_left->rb_parent = s;
	}
}

static inline struct rb_node *rb_first(const struct rb_root *root)
{
	struct rb_node *n = root->rb_node;

	while (n && n->rb_left)
		n = n->rb_left;
	return n;
}

static inline struct rb_node *rb_next(const struct rb_node *node)
{
	struct rb_node *parent;

	if (node->rb_right) {
		node = node->rb_right;
		while (node->rb_left)
			node = node->rb_left;
		return (struct rb_node *)node;
	}
	while ((parent = node->rb_parent) && node == parent->rb_right)
		node = parent;
	return parent;
}

#endif /* DMA_TOOLS_RBTREE_H */
