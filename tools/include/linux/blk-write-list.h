/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * Write lists on a block device (BLKWRITELIST).
 *
 * A list of segments, possibly discontiguous, is written as one unit: after a
 * crash either every segment is on the device or none is.  See
 * Documentation/userspace-api/blk-write-list.rst.
 */
#ifndef _UAPI_LINUX_BLK_WRITE_LIST_H
#define _UAPI_LINUX_BLK_WRITE_LIST_H

#include <linux/types.h>
#include <linux/ioctl.h>

struct blkwritelist_seg {
	__u64 offset;	/* byte offset on the device, logical-block aligned */
	__u64 len;	/* bytes, a non-zero multiple of the logical block size */
	__u64 buf;	/* user address of len bytes, logical-block aligned */
};

struct blkwritelist {
	__u32 nr_segs;		/* number of entries at segs, >= 1 */
	__u32 flags;		/* must be 0 */
	__u64 segs;		/* user address of struct blkwritelist_seg[nr_segs] */
	__u64 reserved[2];	/* must be 0 */
};

#define BLKWRITELIST _IOW(0x12, 129, struct blkwritelist)

#endif /* _UAPI_LINUX_BLK_WRITE_LIST_H */
