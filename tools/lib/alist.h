/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Lists of writes to a block device, issued atomically through the list
 * ioctl or plainly, one pwrite() per segment.  Shared by the tools that write
 * lists (dma-bench; the exerciser's issue_ioctl()/issue_plain() do the same
 * by hand, and use alist_kernel() to learn which interface the kernel has).
 *
 * Two kernel series provide the list ioctl, with the same number and the same
 * structure layout:
 *   v2  BLKATOMICWRITE (<linux/blk-atomic.h>), limits in
 *       queue/atomic_write_segments and queue/atomic_write_max_bytes, and
 *       O_ATOMIC for contiguous atomic writes;
 *   v3  BLKWRITELIST (<linux/blk-write-list.h>), limits in
 *       queue/max_write_list_segments and queue/write_list_max_bytes, and
 *       mainline's RWF_ATOMIC for single atomic writes (no O_ATOMIC; there
 *       queue/atomic_write_max_bytes is the largest single atomic write).
 * So one ioctl call serves both; only the sysfs names tell them apart.
 */
#ifndef DMA_ALIST_H
#define DMA_ALIST_H

#include <stdint.h>
#include <linux/blk-write-list.h>

#define ALIST_MAX_SEGS 256

struct alist {
	unsigned int nr;
	struct blkwritelist_seg seg[ALIST_MAX_SEGS];
};

static inline void alist_init(struct alist *l)
{
	l->nr = 0;
}

/*
 * Append a segment: len bytes at byte offset off on the device, from buf.
 * Returns 0, or -1 when the list is full or the range overlaps one already
 * in the list (the ioctl refuses overlapping lists with ENOTUNIQ).
 */
int alist_add(struct alist *l, uint64_t off, uint64_t len, const void *buf);

/* Total bytes of the list. */
uint64_t alist_bytes(const struct alist *l);

/* One list ioctl (BLKWRITELIST = BLKATOMICWRITE) of the whole list on fd: 0 or an errno value. */
int alist_write_atomic(int fd, const struct alist *l);

/* The same segments as ordinary writes, in list order: 0 or an errno value. */
int alist_write_plain(int fd, const struct alist *l);

/* Which list interface the running kernel has, seen from one block device. */
enum alist_iface {
	ALIST_NONE,	/* neither series' attributes (a stock kernel; not a block device) */
	ALIST_V2,	/* queue/atomic_write_segments: atomic lists, O_ATOMIC */
	ALIST_V3,	/* queue/max_write_list_segments: write lists, RWF_ATOMIC */
};

struct alist_kernel {
	enum alist_iface iface;
	uint64_t segs, bytes;		/* the device's list limits (0 without) */
	const char *segs_attr;		/* the names of those limits under queue/ */
	const char *bytes_attr;
	const char *ioctl_name;		/* BLKWRITELIST (v3) or BLKATOMICWRITE */
	/* v3, alist_kernel() only: RWF_ATOMIC's units (statx), 0 without */
	uint32_t unit_min, unit_max;
};

/*
 * Fill *k for the block device open as fd (ALIST_NONE and zeros for anything
 * else).  Reads /sys/dev/block/MAJ:MIN/queue/ (the disk's queue for a
 * partition); alist_kernel_at() reads the given queue directory instead.
 */
void alist_kernel(int fd, struct alist_kernel *k);
void alist_kernel_at(const char *queue_dir, struct alist_kernel *k);

/*
 * Whether a contiguous write of len bytes at byte offset off fits mainline's
 * RWF_ATOMIC rules for the units in *k: a power of two within
 * [unit_min, unit_max], the offset a multiple of it.
 */
int alist_rwf_atomic_fits(const struct alist_kernel *k, uint64_t off, uint64_t len);

#endif
