// SPDX-License-Identifier: GPL-2.0
#include "stamp.h"

static u64 mix(u64 x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	x *= 0xc4ceb9fe1a85ec53ULL;
	x ^= x >> 33;
	return x;
}

static u32 block_crc(const void *block)
{
	const u8 *b = block;
	static const u8 zero[4];
	size_t at = offsetof(struct stamp, crc);
	u32 c;

	c = dmat_crc32c_raw(~0U, b, at);
	c = dmat_crc32c_raw(c, zero, 4);
	c = dmat_crc32c_raw(c, b + at + 4, STAMP_BLOCK - at - 4);
	return c ^ ~0U;
}

void stamp_fill(void *block, const struct stamp_info *si)
{
	struct stamp *s = block;
	u64 *p = block, x = mix(si->generation ^ mix(si->op ^ mix(si->block)));
	size_t i;

	for (i = sizeof(*s) / 8; i < STAMP_BLOCK / 8; i++) {
		x = mix(x + i);
		p[i] = htole64(x);
	}
	s->magic = cpu_to_le64(STAMP_MAGIC);
	s->op = cpu_to_le64(si->op);
	s->generation = cpu_to_le64(si->generation);
	s->offset = cpu_to_le64(si->offset);
	s->seg = cpu_to_le32(si->seg);
	s->nr_segs = cpu_to_le32(si->nr_segs);
	s->block = cpu_to_le32(si->block);
	s->nr_blocks = cpu_to_le32(si->nr_blocks);
	s->kind = cpu_to_le32(si->kind);
	s->reserved = 0;
	s->crc = cpu_to_le32(block_crc(block));
}

enum stamp_status stamp_parse(const void *block, u64 generation,
			      struct stamp_info *si)
{
	const struct stamp *s = block;

	if (le64_to_cpu(s->magic) != STAMP_MAGIC)
		return STAMP_NONE;
	if (le64_to_cpu(s->generation) != generation)
		return STAMP_OTHER_GEN;
	if (le32_to_cpu(s->crc) != block_crc(block))
		return STAMP_CORRUPT;
	si->op = le64_to_cpu(s->op);
	si->generation = generation;
	si->offset = le64_to_cpu(s->offset);
	si->seg = le32_to_cpu(s->seg);
	si->nr_segs = le32_to_cpu(s->nr_segs);
	si->block = le32_to_cpu(s->block);
	si->nr_blocks = le32_to_cpu(s->nr_blocks);
	si->kind = le32_to_cpu(s->kind);
	return STAMP_OK;
}

const char *kind_name(u32 kind)
{
	switch (kind) {
	case KIND_ATOMIC: return "atomic";
	case KIND_IOCTL: return "ioctl";
	case KIND_PLAIN: return "plain";
	default: return "?";
	}
}
