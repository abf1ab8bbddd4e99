// SPDX-License-Identifier: GPL-2.0
/*
 * blkdev-stub: an LD_PRELOAD library that shows the tools a regular file as a
 * block device of a kernel with the v2 or the v3 atomic-write series, for the
 * host tests (no kernel, no root).  Built by the test that uses it.
 *
 *   STUB_DEV=FILE     the file that looks like a block device (254:0)
 *   STUB_SYSFS=DIR    stands for /sys/dev/block/254:0: DIR/queue/ holds the
 *                     attributes of the kernel to show:
 *                       v2: atomic_write_segments, atomic_write_max_bytes
 *                       v3: max_write_list_segments, write_list_max_bytes,
 *                           atomic_write_unit_min_bytes, _unit_max_bytes
 *                       neither: a kernel without the series
 *   STUB_LOG=FILE     one line per atomic write the tools issue
 *
 * What it does with them, as the kernel of that series would (only the parts
 * the tools' choices depend on):
 *   stat/fstat        FILE is S_IFBLK 254:0; statx(STATX_WRITE_ATOMIC) on it
 *                     answers the v3 units from DIR/queue
 *   open              O_ATOMIC kept (F_GETFL) on v2 only, never passed on
 *   ioctl             BLKGETSIZE64, BLKSSZGET; BLKWRITELIST (= BLKATOMICWRITE)
 *                     checked against the list limits and written segment by
 *                     segment; ENOTTY without either series
 *   pwritev on an O_ATOMIC fd, pwritev2(RWF_ATOMIC): checked (v3: mainline's
 *                     rules) and written
 * Everything else goes to the real calls.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/uio.h>
#include <linux/fs.h>
#include <linux/blk-write-list.h>

#define STUB_MAJOR 254
#define STUB_MINOR 0
#define SYS_PREFIX "/sys/dev/block/254:0"
#define O_ATOMIC_ 040000000
#define RWF_ATOMIC_ 0x40
#define STATX_WRITE_ATOMIC_ 0x00010000U
#define STATX_ATTR_WRITE_ATOMIC_ 0x00400000ULL

#define REAL(name) static __typeof__(name) *real_##name; \
	if (!real_##name) real_##name = dlsym(RTLD_NEXT, #name)

static char atomic_fds[1024];	/* fds opened with O_ATOMIC on a v2 "kernel" */

/* DIR/queue/name as a number; -1 when absent. */
static long long attr(const char *name)
{
	const char *d = getenv("STUB_SYSFS");
	char path[4096];
	long long v = -1;
	int fd, n;
	char buf[64];

	if (!d)
		return -1;
	snprintf(path, sizeof(path), "%s/queue/%s", d, name);
	REAL(open);
	fd = real_open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n > 0) {
		buf[n] = 0;
		v = strtoll(buf, NULL, 10);
	}
	return v;
}

static int is_v3(void) { return attr("max_write_list_segments") >= 0; }
static int is_v2(void) { return !is_v3() && attr("atomic_write_segments") >= 0; }

static void logf_(const char *fmt, ...)
{
	const char *l = getenv("STUB_LOG");
	char line[4096];
	va_list ap;
	int fd, n;

	if (!l)
		return;
	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	REAL(open);
	fd = real_open(l, O_WRONLY | O_CREAT | O_APPEND, 0644);
	if (fd >= 0) {
		if (write(fd, line, n) < 0) {}
		close(fd);
	}
}

/* Whether st (real) is the stub file. */
static int stub_st(const struct stat *st)
{
	const char *d = getenv("STUB_DEV");
	struct stat s;

	REAL(stat);
	return d && S_ISREG(st->st_mode) && !real_stat(d, &s) &&
	       s.st_dev == st->st_dev && s.st_ino == st->st_ino;
}

static void fake(struct stat *st)
{
	st->st_mode = (st->st_mode & ~S_IFMT) | S_IFBLK;
	st->st_rdev = makedev(STUB_MAJOR, STUB_MINOR);
}

static int stub_fd(int fd)
{
	struct stat st;

	REAL(fstat);
	return fd >= 0 && !real_fstat(fd, &st) && stub_st(&st);
}

static const char *redirect(const char *path, char *buf, size_t len)
{
	const char *d = getenv("STUB_SYSFS");

	if (d && path && !strncmp(path, SYS_PREFIX, strlen(SYS_PREFIX)) &&
	    (path[strlen(SYS_PREFIX)] == '/' || !path[strlen(SYS_PREFIX)])) {
		snprintf(buf, len, "%s%s", d, path + strlen(SYS_PREFIX));
		return buf;
	}
	return path;
}

int stat(const char *path, struct stat *st)
{
	char b[4096];
	int r;

	REAL(stat);
	r = real_stat(redirect(path, b, sizeof(b)), st);
	if (!r && stub_st(st))
		fake(st);
	return r;
}

int lstat(const char *path, struct stat *st)
{
	char b[4096];
	int r;

	REAL(lstat);
	r = real_lstat(redirect(path, b, sizeof(b)), st);
	if (!r && stub_st(st))
		fake(st);
	return r;
}

int fstat(int fd, struct stat *st)
{
	int r;

	REAL(fstat);
	r = real_fstat(fd, st);
	if (!r && stub_st(st))
		fake(st);
	return r;
}

int fstatat(int dirfd, const char *path, struct stat *st, int flags)
{
	char b[4096];
	int r;

	REAL(fstatat);
	r = real_fstatat(dirfd, redirect(path, b, sizeof(b)), st, flags);
	if (!r && stub_st(st))
		fake(st);
	return r;
}

int access(const char *path, int mode)
{
	char b[4096];

	REAL(access);
	return real_access(redirect(path, b, sizeof(b)), mode);
}

FILE *fopen(const char *path, const char *mode)
{
	char b[4096];

	REAL(fopen);
	return real_fopen(redirect(path, b, sizeof(b)), mode);
}

static int do_open(int dirfd, const char *path, int flags, mode_t mode)
{
	char b[4096];
	int fd;

	REAL(openat);
	fd = real_openat(dirfd, redirect(path, b, sizeof(b)), flags & ~O_ATOMIC_, mode);
	if (fd >= 0 && fd < (int)sizeof(atomic_fds)) {
		atomic_fds[fd] = 0;
		if ((flags & O_ATOMIC_) && stub_fd(fd)) {
			logf_("open O_ATOMIC%s\n", is_v2() ? "" : " (ignored)");
			atomic_fds[fd] = is_v2();
		}
	}
	return fd;
}

int open(const char *path, int flags, ...)
{
	va_list ap;
	mode_t mode;

	va_start(ap, flags);
	mode = va_arg(ap, mode_t);
	va_end(ap);
	return do_open(AT_FDCWD, path, flags, mode);
}

int openat(int dirfd, const char *path, int flags, ...)
{
	va_list ap;
	mode_t mode;

	va_start(ap, flags);
	mode = va_arg(ap, mode_t);
	va_end(ap);
	return do_open(dirfd, path, flags, mode);
}

int fcntl(int fd, int cmd, ...)
{
	va_list ap;
	long arg;
	int r;

	va_start(ap, cmd);
	arg = va_arg(ap, long);
	va_end(ap);
	REAL(fcntl);
	r = real_fcntl(fd, cmd, arg);
	if (cmd == F_GETFL && r >= 0 && fd >= 0 && fd < (int)sizeof(atomic_fds) && atomic_fds[fd])
		r |= O_ATOMIC_;
	return r;
}

static int write_list(int fd, const struct blkwritelist *wl)
{
	const struct blkwritelist_seg *s = (const void *)(uintptr_t)wl->segs;
	long long segs = is_v3() ? attr("max_write_list_segments") : attr("atomic_write_segments");
	long long bytes = is_v3() ? attr("write_list_max_bytes") : attr("atomic_write_max_bytes");
	unsigned long long total = 0;
	char line[4096];
	size_t at = 0;
	unsigned int i;

	if (segs < 0) {
		logf_("list ioctl: ENOTTY (no series)\n");
		errno = ENOTTY;
		return -1;
	}
	if (wl->flags || wl->reserved[0] || wl->reserved[1] || !wl->nr_segs) {
		errno = EINVAL;
		return -1;
	}
	for (i = 0; i < wl->nr_segs; i++) {
		total += s[i].len;
		at += snprintf(line + at, sizeof(line) - at, " %llu+%llu",
			       (unsigned long long)s[i].offset / 4096,
			       (unsigned long long)s[i].len / 4096);
		if (at >= sizeof(line))
			at = sizeof(line) - 1;
	}
	logf_("%s:%s\n", is_v3() ? "BLKWRITELIST" : "BLKATOMICWRITE", line);
	errno = !segs ? EOPNOTSUPP : wl->nr_segs > segs || (long long)total > bytes ? E2BIG : 0;
	if (errno)
		return -1;
	for (i = 0; i < wl->nr_segs; i++)
		if (pwrite(fd, (const void *)(uintptr_t)s[i].buf, s[i].len, s[i].offset) !=
		    (ssize_t)s[i].len)
			return -1;
	return 0;
}

int ioctl(int fd, unsigned long req, ...)
{
	va_list ap;
	void *arg;

	va_start(ap, req);
	arg = va_arg(ap, void *);
	va_end(ap);
	REAL(ioctl);
	if (stub_fd(fd)) {
		struct stat st;

		switch (req) {
		case BLKGETSIZE64:
			REAL(fstat);
			if (real_fstat(fd, &st))
				return -1;
			*(uint64_t *)arg = st.st_size;
			return 0;
		case BLKSSZGET:
			*(int *)arg = 512;
			return 0;
		case BLKWRITELIST:
			return write_list(fd, arg);
		}
	}
	return real_ioctl(fd, req, arg);
}

static ssize_t atomic_pwritev(int fd, const struct iovec *iov, int n, off_t off, int v3rules)
{
	unsigned long long len = 0, umin, umax;
	int i;

	for (i = 0; i < n; i++)
		len += iov[i].iov_len;
	if (v3rules) {
		long long a = attr("atomic_write_unit_min_bytes"), b = attr("atomic_write_unit_max_bytes");

		umin = a < 0 ? 0 : a;
		umax = b < 0 ? 0 : b;
		logf_("RWF_ATOMIC: %llu+%llu in %d buffers\n", (unsigned long long)off / 4096,
		      len / 4096, n);
		if (!umax) {
			errno = EOPNOTSUPP;
			return -1;
		}
		if (n != 1 || len & (len - 1) || len < umin || len > umax || off & (len - 1)) {
			errno = EINVAL;
			return -1;
		}
	} else {
		logf_("O_ATOMIC: %llu+%llu in %d buffers\n", (unsigned long long)off / 4096,
		      len / 4096, n);
		if (attr("atomic_write_segments") <= 0) {
			errno = EOPNOTSUPP;
			return -1;
		}
	}
	REAL(pwritev);
	return real_pwritev(fd, iov, n, off);
}

ssize_t pwritev(int fd, const struct iovec *iov, int n, off_t off)
{
	REAL(pwritev);
	if (fd >= 0 && fd < (int)sizeof(atomic_fds) && atomic_fds[fd])
		return atomic_pwritev(fd, iov, n, off, 0);
	return real_pwritev(fd, iov, n, off);
}

ssize_t pwritev2(int fd, const struct iovec *iov, int n, off_t off, int flags)
{
	REAL(pwritev2);
	if ((flags & RWF_ATOMIC_) && stub_fd(fd)) {
		if (!is_v3() && !is_v2()) {
			logf_("RWF_ATOMIC: EOPNOTSUPP (no series)\n");
			errno = EOPNOTSUPP;
			return -1;
		}
		return atomic_pwritev(fd, iov, n, off, is_v3());
	}
	return real_pwritev2(fd, iov, n, off, flags);
}

/* statx(fd, "", AT_EMPTY_PATH, STATX_WRITE_ATOMIC) on the stub: the v3 units. */
long syscall(long nr, ...)
{
	long a[6];
	va_list ap;
	int i;

	va_start(ap, nr);
	for (i = 0; i < 6; i++)
		a[i] = va_arg(ap, long);
	va_end(ap);
	REAL(syscall);
	if (nr == SYS_statx && (a[3] & STATX_WRITE_ATOMIC_) && stub_fd((int)a[0]) &&
	    (a[2] & AT_EMPTY_PATH)) {
		long r = real_syscall(nr, a[0], a[1], a[2], a[3], a[4], a[5]);
		unsigned char *b = (unsigned char *)a[4];
		long long umin = attr("atomic_write_unit_min_bytes");
		long long umax = attr("atomic_write_unit_max_bytes");
		uint32_t mask;
		uint64_t attrs;

		if (r || umax <= 0)
			return r;
		memcpy(&mask, b, 4);
		mask |= STATX_WRITE_ATOMIC_;
		memcpy(b, &mask, 4);
		memcpy(&attrs, b + 8, 8);
		attrs |= STATX_ATTR_WRITE_ATOMIC_;
		memcpy(b + 8, &attrs, 8);
		*(uint32_t *)(b + 0xa8) = umin;
		*(uint32_t *)(b + 0xac) = umax;
		*(uint32_t *)(b + 0xb0) = 1;
		return 0;
	}
	return real_syscall(nr, a[0], a[1], a[2], a[3], a[4], a[5]);
}

/* The names the tools link against (-D_FILE_OFFSET_BITS=64; the same layouts on x86-64). */
int stat64(const char *path, struct stat64 *st)
{
	return stat(path, (struct stat *)st);
}

int lstat64(const char *path, struct stat64 *st)
{
	return lstat(path, (struct stat *)st);
}

int fstat64(int fd, struct stat64 *st)
{
	return fstat(fd, (struct stat *)st);
}

int fstatat64(int dirfd, const char *path, struct stat64 *st, int flags)
{
	return fstatat(dirfd, path, (struct stat *)st, flags);
}

FILE *fopen64(const char *path, const char *mode)
{
	return fopen(path, mode);
}

/* The large-file names: the same functions. */
int open64(const char *path, int flags, ...) __attribute__((alias("open")));
int openat64(int dirfd, const char *path, int flags, ...) __attribute__((alias("openat")));
int fcntl64(int fd, int cmd, ...) __attribute__((alias("fcntl")));

ssize_t pwritev64(int fd, const struct iovec *iov, int n, off64_t off)
{
	return pwritev(fd, iov, n, off);
}

ssize_t pwritev64v2(int fd, const struct iovec *iov, int n, off64_t off, int flags)
{
	return pwritev2(fd, iov, n, off, flags);
}
