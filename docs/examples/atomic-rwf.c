// SPDX-License-Identifier: GPL-2.0
/*
 * One atomic write with RWF_ATOMIC, written as for Linux 6.11 and later: ask
 * statx() what the device can do, then pwritev2() with RWF_ATOMIC.  The same
 * program runs unchanged on later kernels and on the dm-atomic series, which
 * has mainline's rules for RWF_ATOMIC.
 *
 *   atomic-rwf DEVICE OFFSET LENGTH BYTE
 *
 * Writes LENGTH bytes of BYTE at OFFSET in one pwritev2(RWF_ATOMIC) on an
 * O_DIRECT descriptor, from one buffer, then fdatasync()s.  LENGTH must be a
 * power of two between the device's atomic write units and OFFSET a multiple
 * of LENGTH.  (Other lengths and alignments: a BLKWRITELIST list of one
 * segment, see atomic-list.c.)
 * Exit status 0 done, 1 the device or kernel cannot write atomically (nothing
 * written), 2 any other error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

/*
 * From the uapi headers of Linux 6.11 (include/uapi/linux/fs.h and stat.h),
 * for C libraries whose headers predate them.
 */
#ifndef RWF_ATOMIC
#define RWF_ATOMIC 0x00000040
#endif
#define STATX_WRITE_ATOMIC_611 0x00010000U
#define STATX_ATTR_WRITE_ATOMIC_611 0x00400000ULL

/* struct statx of Linux 6.11, named apart from the C library's. */
struct statx_611 {
	uint32_t stx_mask, stx_blksize;
	uint64_t stx_attributes;
	uint32_t stx_nlink, stx_uid, stx_gid;
	uint16_t stx_mode, spare0;
	uint64_t stx_ino, stx_size, stx_blocks, stx_attributes_mask;
	uint8_t stx_timestamps[4 * 16];
	uint32_t stx_rdev_major, stx_rdev_minor, stx_dev_major, stx_dev_minor;
	uint64_t stx_mnt_id;
	uint32_t stx_dio_mem_align, stx_dio_offset_align;
	uint64_t stx_subvol;
	uint32_t stx_atomic_write_unit_min;	/* at 0xa8 */
	uint32_t stx_atomic_write_unit_max;
	uint32_t stx_atomic_write_segments_max;
	uint32_t spare1;
	uint64_t spare3[9];
};

int main(int argc, char **argv)
{
	unsigned long long off, len;
	struct statx_611 stx;
	struct iovec iov;
	void *buf;
	ssize_t n;
	int fd;

	if (argc != 5) {
		fprintf(stderr, "usage: %s DEVICE OFFSET LENGTH BYTE\n", argv[0]);
		return 2;
	}
	off = strtoull(argv[2], NULL, 10);
	len = strtoull(argv[3], NULL, 10);

	/*
	 * 1. What the device can do.  Older kernels, and devices (or partitions)
	 * without atomic writes, do not set the mask bit.  segments_max is 1: one
	 * buffer per write.
	 */
	memset(&stx, 0, sizeof(stx));
	if (syscall(SYS_statx, AT_FDCWD, argv[1], 0, STATX_WRITE_ATOMIC_611, &stx)) {
		fprintf(stderr, "statx %s: %s\n", argv[1], strerror(errno));
		return 2;
	}
	if (!(stx.stx_mask & STATX_WRITE_ATOMIC_611) ||
	    !(stx.stx_attributes & STATX_ATTR_WRITE_ATOMIC_611)) {
		fprintf(stderr, "%s: no atomic writes on this device or kernel\n", argv[1]);
		return 1;
	}
	printf("%s: atomic writes of %u to %u bytes, from up to %u buffers\n", argv[1],
	       stx.stx_atomic_write_unit_min, stx.stx_atomic_write_unit_max,
	       stx.stx_atomic_write_segments_max);

	/* 2. The write: O_DIRECT, one aligned buffer, RWF_ATOMIC on this call only. */
	fd = open(argv[1], O_WRONLY | O_DIRECT);
	if (fd < 0) {
		fprintf(stderr, "open %s: %s\n", argv[1], strerror(errno));
		return 2;
	}
	if (posix_memalign(&buf, 4096, len)) {
		fprintf(stderr, "out of memory\n");
		return 2;
	}
	memset(buf, atoi(argv[4]), len);
	iov.iov_base = buf;
	iov.iov_len = len;

	n = pwritev2(fd, &iov, 1, off, RWF_ATOMIC);
	if (n < 0 && errno == EOPNOTSUPP) {
		/*
		 * A kernel without RWF_ATOMIC refuses it, as does a device
		 * without atomic writes: the flag is never ignored.
		 */
		fprintf(stderr, "%s: no atomic writes on this device or kernel\n", argv[1]);
		return 1;
	}
	if (n < 0) {
		/*
		 * EINVAL: not a power of two, out of the units, misaligned, or
		 * reaching past the end of the device; ENOSPC: starting there.
		 */
		fprintf(stderr, "pwritev2: %s\n", strerror(errno));
		return 2;
	}
	/* Durable across power loss once the device's cache is flushed. */
	if (fdatasync(fd)) {
		fprintf(stderr, "fdatasync: %s\n", strerror(errno));
		return 2;
	}
	printf("wrote %zd bytes at %llu atomically\n", n, off);
	return 0;
}
