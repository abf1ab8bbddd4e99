/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The stamp dma-exercise writes into every 4 KiB block and dma-verify reads
 * back.  The header sits at the start of the block; the rest is filler
 * derived from (generation, op, block) so every 512-byte sector differs, and
 * the crc covers the whole block, so a block torn between sectors is caught.
 */
#ifndef DMA_STAMP_H
#define DMA_STAMP_H

#include "dm-atomic-format.h"

#define STAMP_BLOCK	4096U
#define STAMP_MAGIC	0x504d415453414d44ULL	/* "DMASTAMP" */

enum stamp_kind { KIND_ATOMIC = 1, KIND_IOCTL = 2, KIND_PLAIN = 3 };

struct stamp {
	__le64 magic;		/* STAMP_MAGIC */
	__le64 op;		/* operation id, from 1 */
	__le64 generation;	/* run id, from the journal header */
	__le64 offset;		/* byte offset on the target this block is for */
	__le32 seg;		/* segment index within the op */
	__le32 nr_segs;		/* segments in the op */
	__le32 block;		/* block index within the op */
	__le32 nr_blocks;	/* blocks in the op */
	__le32 kind;		/* enum stamp_kind */
	__le32 crc;		/* crc32c of the 4096-byte block, this field 0 */
	__le64 reserved;
};
_Static_assert(sizeof(struct stamp) == 64, "stamp size");

struct stamp_info {
	u64 op, generation, offset;
	u32 seg, nr_segs, block, nr_blocks, kind;
};

void stamp_fill(void *block, const struct stamp_info *si);

enum stamp_status {
	STAMP_NONE,	/* not a stamp (initial contents) */
	STAMP_OTHER_GEN,	/* a stamp of another run */
	STAMP_CORRUPT,	/* our magic and generation, bad crc */
	STAMP_OK,
};

enum stamp_status stamp_parse(const void *block, u64 generation,
			      struct stamp_info *si);

const char *kind_name(u32 kind);

#endif
