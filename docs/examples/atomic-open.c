// SPDX-License-Identifier: GPL-2.0
/*
 * One atomic write with O_ATOMIC: either all of it reaches the device after a
 * crash, or none of it.
 *
 *   atomic-open DEVICE OFFSET LENGTH BYTE
 *
 * Writes LENGTH bytes of BYTE at OFFSET (both multiples of the device's
 * logical block size) in one pwrite() on an O_ATOMIC|O_DIRECT descriptor,
 * then fdatasync()s.  Exit status 0 done, 1 the device or kernel cannot
 * write atomically (nothing written), 2 any other error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef O_ATOMIC
#define O_ATOMIC 040000000	/* x86-64, arm64 and the asm-generic value */
#endif

int main(int argc, char **argv)
{
	unsigned long long off, len;
	void *buf;
	ssize_t n;
	int fd;

	if (argc != 5) {
		fprintf(stderr, "usage: %s DEVICE OFFSET LENGTH BYTE\n", argv[0]);
		return 2;
	}
	off = strtoull(argv[2], NULL, 10);
	len = strtoull(argv[3], NULL, 10);

	fd = open(argv[1], O_WRONLY | O_DIRECT | O_ATOMIC);
	if (fd < 0) {
		/* EINVAL: no O_DIRECT, or not a block device. */
		fprintf(stderr, "open %s: %s\n", argv[1], strerror(errno));
		return 2;
	}
	/*
	 * A kernel without O_ATOMIC ignores the flag silently: only F_GETFL
	 * tells whether it was taken.  Never write without this check.
	 */
	if (!(fcntl(fd, F_GETFL) & O_ATOMIC)) {
		fprintf(stderr, "%s: this kernel has no O_ATOMIC\n", argv[1]);
		return 1;
	}
	/* O_DIRECT: the buffer is aligned too (4096 covers any logical block). */
	if (posix_memalign(&buf, 4096, len)) {
		fprintf(stderr, "out of memory\n");
		return 2;
	}
	memset(buf, atoi(argv[4]), len);

	n = pwrite(fd, buf, len, off);
	if (n < 0 && errno == EOPNOTSUPP) {
		/* The device advertises no atomic writes: nothing was written. */
		fprintf(stderr, "%s: no atomic writes on this device\n", argv[1]);
		return 1;
	}
	if (n < 0) {
		/* EINVAL: larger than atomic_write_max_bytes, or misaligned. */
		fprintf(stderr, "pwrite: %s\n", strerror(errno));
		return 2;
	}
	/* All or nothing: there are no short atomic writes. */
	/* Durable across power loss once the device's cache is flushed. */
	if (fdatasync(fd)) {
		fprintf(stderr, "fdatasync: %s\n", strerror(errno));
		return 2;
	}
	printf("wrote %zd bytes at %llu atomically\n", n, off);
	return 0;
}
