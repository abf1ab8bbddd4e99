// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <linux/fs.h>
#include "util.h"

const char *progname = "dma";

void tool_init(const char *name)
{
	progname = name;
}

/* "progname: " and the formatted message on stderr, without a newline. */
static void vmsg(const char *fmt, va_list ap)
{
	fprintf(stderr, "%s: ", progname);
	vfprintf(stderr, fmt, ap);
}

void msg(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void die(int code, const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	va_start(ap, fmt);
	vmsg(fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(code);
}

int errno_exit(int e)
{
	switch (e) {
	case ENOENT: case ENOTDIR: case ENXIO: case ENODEV: case ENOMEDIUM:
		return EXIT_NOTFOUND;
	case EBUSY:
		return EXIT_BUSY;
	case EACCES: case EPERM: case EROFS:
		return EXIT_REFUSED;
	case ENOMEM:
		return EXIT_NOMEM;
	default:
		return EXIT_IO;
	}
}

void die_errno(int code, const char *fmt, ...)
{
	int e = errno;
	va_list ap;

	fflush(stdout);
	va_start(ap, fmt);
	vmsg(fmt, ap);
	va_end(ap);
	fprintf(stderr, ": %s\n", strerror(e));
	exit(code);
}

void usage_error(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	va_start(ap, fmt);
	vmsg(fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry '%s --help'.\n", progname);
	exit(EXIT_USAGE);
}

void print_version(void)
{
	printf("%s (dm-atomic tools) %s, on-disk format version 1\n", progname,
	       DMA_TOOLS_VERSION);
	exit(EXIT_OK);
}

void bad_option(int c, int opt, char *const argv[], int ind)
{
	const char *arg = argv[ind - 1];

	if (c == ':')
		usage_error("option '%s' needs an argument", arg);
	/* A known long option given "=VALUE" though it takes none. */
	if (opt && !strncmp(arg, "--", 2) && strchr(arg, '='))
		usage_error("option '%.*s' takes no argument",
			    (int)(strchr(arg, '=') - arg), arg);
	/* -q: dm-atomic-setup's --batch-mode, --quiet of dma-check and dma-verify. */
	if (opt == 'q')
		usage_error("unknown option '-q': %s never asks (what would destroy data is "
			    "refused without --force) and has no quiet mode", progname);
	if (opt)
		usage_error("unknown option '-%c'", opt);
	usage_error("unknown option '%s'", arg);
}

char **positional_args(int argc, char **argv, ...)
{
	const char *name;
	va_list ap;
	int n = 0;

	va_start(ap, argv);
	while ((name = va_arg(ap, const char *))) {
		if (optind + n >= argc)
			usage_error("missing %s argument", name);
		n++;
	}
	va_end(ap);
	if (optind + n < argc)
		usage_error("unexpected argument '%s'", argv[optind + n]);
	return argv + optind;
}

uint64_t parse_u64(const char *what, const char *s)
{
	static const char units[] = "KMGTPE";
	const char *p = s, *u;
	uint64_t v = 0;
	unsigned int shift;

	for (; *p >= '0' && *p <= '9'; p++) {
		if (v > (UINT64_MAX - (uint64_t)(*p - '0')) / 10)
			goto too_large;
		v = v * 10 + (*p - '0');
	}
	if (p == s)
		goto not_a_number;
	if (!*p)
		return v;
	u = strchr(units, toupper((unsigned char)*p));
	if (!u)
		goto not_a_number;
	p++;
	if (!strcasecmp(p, "ib"))
		p += 2;
	else if (!strcasecmp(p, "b"))
		usage_error("%s: '%s': %cB is ambiguous (1000 or 1024?): give %c or %ciB "
			    "(powers of 1024), or the number of bytes", what, s,
			    toupper((unsigned char)*u), toupper((unsigned char)*u),
			    toupper((unsigned char)*u));
	if (*p)
		goto not_a_number;
	shift = 10 * (unsigned int)(u - units + 1);
	if (v > UINT64_MAX >> shift)
		goto too_large;
	return v << shift;

not_a_number:
	usage_error("%s: '%s' is not a number (decimal digits, optionally followed "
		    "by K, M, G, T, P or E: powers of 1024)", what, s);
too_large:
	usage_error("%s: '%s' is too large (at most %llu)", what, s,
		    (unsigned long long)UINT64_MAX);
}

uint64_t parse_u64_range(const char *what, const char *s, uint64_t min, uint64_t max)
{
	uint64_t v = parse_u64(what, s);

	if (v >= min && v <= max)
		return v;
	if (max == UINT64_MAX)
		usage_error("%s: must be at least %llu (got '%s')", what,
			    (unsigned long long)min, s);
	usage_error("%s: must be %llu..%llu (got '%s')", what,
		    (unsigned long long)min, (unsigned long long)max, s);
}

int open_dev(const char *path, int flags, int excl, uint64_t *size, int *is_blk)
{
	struct stat st;
	int fd;

	if (stat(path, &st) < 0)
		die_errno(errno_exit(errno), "%s", path);
	if (S_ISDIR(st.st_mode))
		die(EXIT_NOTFOUND, "%s: is a directory, not a device or image file", path);
	if (!S_ISREG(st.st_mode) && !S_ISBLK(st.st_mode))
		die(EXIT_NOTFOUND, "%s: not a block device or regular file", path);
	if (S_ISBLK(st.st_mode) && excl)
		flags |= O_EXCL;
	fd = open(path, flags | O_CLOEXEC);
	if (fd < 0) {
		if (errno == EBUSY)
			die(EXIT_BUSY, "%s: device is in use (opened exclusively "
			    "elsewhere, e.g. by an active dm-atomic target)", path);
		die_errno(errno_exit(errno), "%s", path);
	}
	if (fstat(fd, &st) < 0)
		die_errno(EXIT_IO, "%s: fstat", path);
	if (S_ISBLK(st.st_mode)) {
		if (ioctl(fd, BLKGETSIZE64, size) < 0)
			die_errno(EXIT_IO, "%s: BLKGETSIZE64", path);
		/*
		 * The target writes the metadata with bios, past this
		 * device's page cache: what an earlier run read (dma-dump
		 * --live of an active device, say) may be cached and stale.
		 * Drop it so every run reads the device.
		 */
		posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	} else {
		*size = st.st_size;
	}
	if (is_blk)
		*is_blk = S_ISBLK(st.st_mode);
	return fd;
}

uint64_t path_size(const char *path)
{
	uint64_t size;
	int fd = open_dev(path, O_RDONLY, 0, &size, NULL);

	close(fd);
	return size;
}

int io_full(int fd, void *buf, size_t n, uint64_t off, int write)
{
	char *p = buf;

	while (n) {
		ssize_t r = write ? pwrite(fd, p, n, off) : pread(fd, p, n, off);

		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (r == 0)
			return -EIO;
		p += r;
		n -= r;
		off += r;
	}
	return 0;
}

int pread_full(int fd, void *buf, size_t n, uint64_t off)
{
	return io_full(fd, buf, n, off, 0);
}

int pwrite_full(int fd, const void *buf, size_t n, uint64_t off)
{
	return io_full(fd, (void *)buf, n, off, 1);
}

void *xalloc_aligned(size_t n)
{
	void *p;

	if (posix_memalign(&p, 4096, n ? n : 4096))
		die(EXIT_NOMEM, "out of memory");
	memset(p, 0, n);
	return p;
}

int progress_forced;

void progress(const char *what, uint64_t done, uint64_t total, int final)
{
	static double start, last;
	static int shown;
	int forced = progress_forced || getenv("DMA_PROGRESS");
	struct timespec ts;
	double now;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	now = ts.tv_sec + ts.tv_nsec / 1e9;
	if (final) {
		if (shown)
			fprintf(stderr, "\r%s: %s %llu/%llu done\n", progname, what,
				(unsigned long long)done, (unsigned long long)total);
		shown = 0;
		start = last = 0;
		return;
	}
	if (!forced && !isatty(2))
		return;
	if (!start)
		start = now;
	/* On a terminal, only for work that takes more than a second. */
	if (!forced && now - start < (getenv("DMA_PROGRESS_AFTER") ?
				      atof(getenv("DMA_PROGRESS_AFTER")) : 1))
		return;
	if (last && now - last < 1)
		return;
	last = now;
	shown = 1;
	fprintf(stderr, "\r%s: %s %llu/%llu", progname, what,
		(unsigned long long)done, (unsigned long long)total);
}
