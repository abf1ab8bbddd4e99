/* SPDX-License-Identifier: GPL-2.0 */
/*
 * struct statx as Linux 6.11 defines it, up to the atomic write fields, and the statx flags
 * for atomic writes (include/uapi/linux/stat.h): the build host's headers may predate them.
 * Used by lib/alist.c (the write-list limits of a v3 kernel) and test/dma-rwf.c.
 */
#ifndef DMA_STATX611_H
#define DMA_STATX611_H

#include <stdint.h>

#define STATX611_WRITE_ATOMIC		0x00010000U
#define STATX611_ATTR_WRITE_ATOMIC	0x00400000ULL

struct statx611 {
	uint32_t mask, blksize;
	uint64_t attributes;
	uint32_t nlink, uid, gid;
	uint16_t mode, spare0;
	uint64_t ino, size, blocks, attributes_mask;
	uint8_t timestamps[64];
	uint32_t rdev_major, rdev_minor, dev_major, dev_minor;
	uint64_t mnt_id;
	uint32_t dio_mem_align, dio_offset_align;
	uint64_t subvol;
	uint32_t atomic_write_unit_min, atomic_write_unit_max;
	uint32_t atomic_write_segments_max, spare1;
	uint64_t spare3[9];
};
_Static_assert(sizeof(struct statx611) == 0x100, "struct statx is 256 bytes");
_Static_assert(__builtin_offsetof(struct statx611, atomic_write_unit_min) == 0xa8,
	       "stx_atomic_write_unit_min at 0xa8");
_Static_assert(__builtin_offsetof(struct statx611, atomic_write_segments_max) == 0xb0,
	       "stx_atomic_write_segments_max at 0xb0");

#endif
