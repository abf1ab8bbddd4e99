/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Lists of writes to a block device, issued atomically through the
 * BLKATOMICWRITE ioctl (include/linux/blk-atomic.h) or plainly, one pwrite()
 * per segment.  Shared by the tools that write lists (dma-bench; the
 * exerciser's issue_ioctl()/issue_plain() do the same by hand).
 */
#ifndef DMA_ALIST_H
#define DMA_ALIST_H

#include <stdint.h>
#include <linux/blk-atomic.h>

#define ALIST_MAX_SEGS 256

struct alist {
	unsigned int nr;
	struct blk_atomic_seg seg[ALIST_MAX_SEGS];
};

static inline void alist_init(struct alist *l)
{
	l->nr = 0;
}

/*
 * Append a segment: len bytes at byte offset off on the device, from buf.
 * Returns 0, or -1 when the list is full or the range overlaps one already
 * in the list (the ioctl refuses overlapping lists with EINVAL).
 */
int alist_add(struct alist *l, uint64_t off, uint64_t len, const void *buf);

/* Total bytes of the list. */
uint64_t alist_bytes(const struct alist *l);

/* One BLKATOMICWRITE of the whole list on fd: 0 or an errno value. */
int alist_write_atomic(int fd, const struct alist *l);

/* The same segments as ordinary writes, in list order: 0 or an errno value. */
int alist_write_plain(int fd, const struct alist *l);

#endif
