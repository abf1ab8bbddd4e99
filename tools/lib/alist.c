// SPDX-License-Identifier: GPL-2.0
/* Lists of writes: the list ioctl or plain pwrite()s.  See alist.h. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include "alist.h"
#include "statx611.h"
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
	struct blkwritelist wl;

	memset(&wl, 0, sizeof(wl));
	wl.nr_segs = l->nr;
	wl.segs = (uintptr_t)l->seg;
	return ioctl(fd, BLKWRITELIST, &wl) ? errno : 0;
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

/* A number in dir/name: 1 and *v, or 0 when the file is not there or holds no number. */
static int read_attr(const char *dir, const char *name, uint64_t *v)
{
	char path[PATH_MAX];
	unsigned long long n;
	FILE *f;
	int ok;

	*v = 0;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "re");
	if (!f)
		return 0;
	ok = fscanf(f, "%llu", &n) == 1;
	fclose(f);
	if (ok)
		*v = n;
	return ok;
}

void alist_kernel_at(const char *queue_dir, struct alist_kernel *k)
{

	memset(k, 0, sizeof(*k));
	k->ioctl_name = "BLKATOMICWRITE";
	/*
	 * v3 first: it has a queue/atomic_write_max_bytes too, with another
	 * meaning (the largest single atomic write, not the bytes of a list).
	 */
	if (read_attr(queue_dir, "max_write_list_segments", &k->segs)) {
		k->iface = ALIST_V3;
		k->segs_attr = "max_write_list_segments";
		k->bytes_attr = "write_list_max_bytes";
		k->ioctl_name = "BLKWRITELIST";
	} else if (read_attr(queue_dir, "atomic_write_segments", &k->segs)) {
		k->iface = ALIST_V2;
		k->segs_attr = "atomic_write_segments";
		k->bytes_attr = "atomic_write_max_bytes";
	} else {
		k->segs_attr = "atomic_write_segments";
		k->bytes_attr = "atomic_write_max_bytes";
		return;
	}
	read_attr(queue_dir, k->bytes_attr, &k->bytes);
}


void alist_kernel(int fd, struct alist_kernel *k)
{
	char dir[64];
	struct statx611 stx;
	struct stat st;

	if (fstat(fd, &st) || !S_ISBLK(st.st_mode)) {
		alist_kernel_at("/nonexistent", k);
		return;
	}
	/* A partition has no queue of its own: its disk's is the parent's. */
	snprintf(dir, sizeof(dir), "/sys/dev/block/%u:%u/queue", major(st.st_rdev),
		 minor(st.st_rdev));
	if (access(dir, F_OK))
		snprintf(dir, sizeof(dir), "/sys/dev/block/%u:%u/../queue",
			 major(st.st_rdev), minor(st.st_rdev));
	alist_kernel_at(dir, k);
	/*
	 * The units RWF_ATOMIC takes, from statx as mainline documents them:
	 * not the queue's, which a partition that does not start on a unit
	 * cannot use (statx answers nothing for it).
	 */
	memset(&stx, 0, sizeof(stx));
	if (k->iface == ALIST_V3 &&
	    !syscall(SYS_statx, fd, "", AT_EMPTY_PATH, STATX611_WRITE_ATOMIC, &stx) &&
	    (stx.mask & STATX611_WRITE_ATOMIC)) {
		int ok = !!(stx.attributes & STATX611_ATTR_WRITE_ATOMIC);

		k->unit_min = ok ? stx.atomic_write_unit_min : 0;
		k->unit_max = ok ? stx.atomic_write_unit_max : 0;
	}
}

int alist_rwf_atomic_fits(const struct alist_kernel *k, uint64_t off, uint64_t len)
{
	return k->iface == ALIST_V3 && k->unit_min && len && !(len & (len - 1)) &&
	       len >= k->unit_min && len <= k->unit_max && !(off & (len - 1));
}
