// SPDX-License-Identifier: GPL-2.0
/* Lists of writes: BLKATOMICWRITE or plain pwrite()s.  See alist.h. */
#include <errno.h>
#include <string.h>
#include <sys/ioctl.h>
#include "alist.h"
#include "util.h"

int alist_add(struct alist *l, uint64_t off, uint64_t len, const void *buf)
{
	unsigned int i;

	if (l->nr == ALIST_MAX_SEGS || !len)
		return -1;
	for (i = 0; i < l->nr; i++)
		if (off < l->seg[i].offset + l->seg[i].len &&
		    l->seg[i].offset < off + len)
			return -1;
	l->seg[l->nr].offset = off;
	l->seg[l->nr].len = len;
	l->seg[l->nr].buf = (uintptr_t)buf;
	l->nr++;
	return 0;
}

uint64_t alist_bytes(const struct alist *l)
{
	uint64_t n = 0;
	unsigned int i;

	for (i = 0; i < l->nr; i++)
		n += l->seg[i].len;
	return n;
}

int alist_write_atomic(int fd, const struct alist *l)
{
	struct blk_atomic_write aw;

	memset(&aw, 0, sizeof(aw));
	aw.nr_segs = l->nr;
	aw.segs = (uintptr_t)l->seg;
	return ioctl(fd, BLKATOMICWRITE, &aw) ? errno : 0;
}

int alist_write_plain(int fd, const struct alist *l)
{
	unsigned int i;
	int e;

	for (i = 0; i < l->nr; i++) {
		e = pwrite_full(fd, (const void *)(uintptr_t)l->seg[i].buf,
				l->seg[i].len, l->seg[i].offset);
		if (e)
			return -e;
	}
	return 0;
}
