// SPDX-License-Identifier: GPL-2.0
/*
 * One write list of discontiguous ranges with the BLKWRITELIST ioctl: a
 * database transaction that changes pages scattered over the device, written
 * all or nothing, without a journal or a doublewrite area.
 *
 *   atomic-list DEVICE BYTE OFFSET:LENGTH...
 *
 * Writes LENGTH bytes of BYTE at each OFFSET (multiples of the device's
 * logical block size) as one list, then fdatasync()s.  Exit status 0 done,
 * 1 the device or kernel cannot write atomic lists (nothing written), 2 any
 * other error (nothing written either when the list was refused).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <linux/blk-write-list.h>	/* struct blkwritelist, BLKWRITELIST */

/*
 * How many ranges one list may have (0: none), from sysfs; any kernel.  The
 * attribute is max_write_list_segments; an earlier version of the interface
 * (same ioctl number and layout, named BLKATOMICWRITE) called it
 * atomic_write_segments.
 */
static unsigned int list_segments(int fd)
{
	static const char *const attr[] = { "max_write_list_segments",
					    "atomic_write_segments" };
	char path[96];
	unsigned int i, n = 0;
	struct stat st;
	FILE *f = NULL;

	if (fstat(fd, &st) || !S_ISBLK(st.st_mode))
		return 0;
	for (i = 0; !f && i < 2; i++) {
		snprintf(path, sizeof(path), "/sys/dev/block/%u:%u/queue/%s",
			 major(st.st_rdev), minor(st.st_rdev), attr[i]);
		f = fopen(path, "r");	/* absent on kernels without lists */
	}
	if (!f)
		return 0;
	if (fscanf(f, "%u", &n) != 1)
		n = 0;
	fclose(f);
	return n;
}

int main(int argc, char **argv)
{
	struct blkwritelist wl = { 0 };
	struct blkwritelist_seg *segs;
	unsigned int i, nr = argc - 3;
	int fd;

	if (argc < 4) {
		fprintf(stderr, "usage: %s DEVICE BYTE OFFSET:LENGTH...\n", argv[0]);
		return 2;
	}
	fd = open(argv[1], O_WRONLY | O_DIRECT);
	if (fd < 0) {
		fprintf(stderr, "open %s: %s\n", argv[1], strerror(errno));
		return 2;
	}
	if (nr > list_segments(fd)) {
		fprintf(stderr, "%s: cannot write %u ranges atomically (limit %u)\n",
			argv[1], nr, list_segments(fd));
		return 1;
	}
	segs = calloc(nr, sizeof(*segs));
	for (i = 0; segs && i < nr; i++) {
		unsigned long long off, len;
		void *buf;

		if (sscanf(argv[3 + i], "%llu:%llu", &off, &len) != 2 ||
		    posix_memalign(&buf, 4096, len)) {
			fprintf(stderr, "bad range '%s'\n", argv[3 + i]);
			return 2;
		}
		memset(buf, atoi(argv[2]), len);
		segs[i].offset = off;
		segs[i].len = len;
		segs[i].buf = (uintptr_t)buf;
	}
	wl.nr_segs = nr;
	wl.segs = (uintptr_t)segs;
	if (ioctl(fd, BLKWRITELIST, &wl)) {
		/*
		 * EOPNOTSUPP no support; E2BIG beyond max_write_list_segments
		 * or write_list_max_bytes; ENOTUNIQ overlapping ranges; EINVAL
		 * misaligned.  Nothing was written in any of these cases.
		 */
		fprintf(stderr, "BLKWRITELIST: %s\n", strerror(errno));
		return errno == EOPNOTSUPP || errno == ENOTTY ? 1 : 2;
	}
	if (fdatasync(fd)) {
		fprintf(stderr, "fdatasync: %s\n", strerror(errno));
		return 2;
	}
	printf("wrote %u ranges atomically\n", nr);
	return 0;
}
