// SPDX-License-Identifier: GPL-2.0
/*
 * dma-rwf: test helper for the RWF_ATOMIC interface of later kernels on block
 * devices: statx(STATX_WRITE_ATOMIC), pwritev2(RWF_ATOMIC), and atomic writes
 * through io_uring and libaio.  Not for real devices.
 *
 *   dma-rwf statx DEV
 *   dma-rwf write [-n] [-d] [-p] [-v IOVECS] [-B] [-r] DEV OFFSET LENGTH SEED
 *   dma-rwf uring [-o] [-f] [-s MS] DEV QD SIZE SEED
 *   dma-rwf aio [-o] DEV QD SIZE SEED
 *   dma-rwf check DEV OFFSET LENGTH SEED
 *   dma-rwf rate [-p] uring|aio DEV QD BS SECONDS SPAN
 *   dma-rwf stream [-c] uring|aio DEV QD NWRITES SEED FIRST_OP BLOCKS
 *
 * write: one pwritev2(RWF_ATOMIC) (-r: preadv2) of LENGTH bytes at OFFSET, the
 * data split over IOVECS buffers, with RWF_NOWAIT too (-n), RWF_DSYNC (-d), on an O_DIRECT
 * descriptor (-B: without O_DIRECT); -p: a plain write, without RWF_ATOMIC.
 * Prints "ok BYTES" or the errno's name.
 * uring/aio: QD atomic writes of SIZE bytes at offsets 0, SIZE, 2*SIZE..., all
 * submitted at once; prints how many completed and how many were still in
 * flight when the submitting call returned, and (io_uring) how many io-wq
 * worker threads the ring used.  -o: O_ATOMIC writes (the descriptor opened
 * with O_ATOMIC, no RWF_ATOMIC).  -f (uring): IORING_OP_WRITE_FIXED from one
 * registered buffer (the kernel sees an array of bio_vecs, ITER_BVEC).
 * uring -s MS: also whether io_uring_submit() returned within MS milliseconds.
 * check: compares LENGTH bytes at OFFSET with
 * what write/uring/aio wrote there with SEED.
 *
 * rate (for make bench): keeps QD writes of BS bytes in flight for SECONDS through
 * io_uring or libaio, at random BS-aligned offsets in the first SPAN bytes of DEV, with
 * RWF_ATOMIC (-p: plain writes), and prints one JSON line: ios, bytes, seconds, iops,
 * mb_per_s, lat_us {p50, p99} (submission to completion).
 *
 * stream (for tests/vm/crash-states.py): NWRITES writes with RWF_ATOMIC|RWF_DSYNC (-c: the
 * control, RWF_DSYNC only) through io_uring or libaio, up to QD in flight, each of 2 or 4
 * blocks (4 KiB) at a random offset in the first BLOCKS blocks aligned to its length and
 * overlapping no write in flight.  Write k is op FIRST_OP + k; each of its blocks holds
 * crash-states.py's stamp of (SEED, op, block).  Prints "s OP BLOCK COUNT" before a write
 * is submitted, "c OP RES" when it is reaped (stdout flushed each time), and at the end
 * "in flight at most N".
 *
 * Block i (4 KiB) of the data written with SEED is filled with the byte
 * (SEED + i) & 0xff, counting blocks from offset 0 of the device.
 *
 * Both kernel series: with v2, RWF_ATOMIC takes up to 1024 buffers per write
 * (statx segments_max 1024) and -o works; with v3 (mainline's rules) one
 * buffer of a power-of-two length within the units, aligned to it (statx
 * segments_max 1; a write of several buffers fails EINVAL), and O_ATOMIC is
 * gone: -o prints "O_ATOMIC ignored" and exits 1, as on any kernel that drops
 * the flag.  Nothing here depends on which series it is: the kernel decides
 * and the output says what it did.
 *
 * Exit status: 0 done (whatever the errno printed), 1 check mismatch or a
 * failed async write, 2 usage or setup error.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libaio.h>
#include <liburing.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>
#include "statx611.h"
#include "util.h"

/* The value of Linux 6.11 (include/uapi/linux/fs.h); statx611.h has the statx side. */
#define RWF_ATOMIC_	0x00000040

static const char *errname(int e)
{
	switch (e) {
	case EINVAL: return "EINVAL";
	case EOPNOTSUPP: return "EOPNOTSUPP";
	case EAGAIN: return "EAGAIN";
	case ENOSPC: return "ENOSPC";
	case EIO: return "EIO";
	case EFAULT: return "EFAULT";
	case EPERM: return "EPERM";
	case EBADF: return "EBADF";
	default: return strerror(e);
	}
}

static void __attribute__((noreturn)) help(void)
{
	printf("Usage: %s statx DEV\n"
	       "       %s write [-n] [-d] [-p] [-v IOVECS] [-B] [-r] DEV OFFSET LENGTH SEED\n"
	       "       %s uring [-o] [-f] [-s MS] DEV QD SIZE SEED\n"
	       "       %s aio [-o] DEV QD SIZE SEED\n"
	       "       %s check DEV OFFSET LENGTH SEED\n"
	       "       %s rate [-p] uring|aio DEV QD BS SECONDS SPAN\n"
	       "       %s stream [-c] uring|aio DEV QD NWRITES SEED FIRST_OP BLOCKS\n"
	       "Test helper: RWF_ATOMIC, statx(STATX_WRITE_ATOMIC), io_uring and libaio\n"
	       "atomic writes on block devices.\n",
	       progname, progname, progname, progname, progname, progname, progname);
	exit(EXIT_OK);
}

static void __attribute__((noreturn)) usage(void)
{
	usage_error("wrong arguments");
}

static unsigned long long num(const char *s)
{
	char *end;
	unsigned long long v;

	errno = 0;
	v = strtoull(s, &end, 0);
	if (errno || end == s || *end)
		usage_error("'%s' is not a number", s);
	return v;
}

static void *xbuf(size_t len)
{
	void *p;

	if (posix_memalign(&p, 4096, len ? len : 4096)) {
		fprintf(stderr, "%s: out of memory\n", progname);
		exit(2);
	}
	return p;
}

static void fill(unsigned char *p, unsigned long long off, size_t len,
		 unsigned int seed)
{
	size_t i;

	for (i = 0; i < len; i++)
		p[i] = (seed + (off + i) / 4096) & 0xff;
}

static int xopen(const char *dev, int flags)
{
	int fd = open(dev, flags);

	if (fd < 0) {
		fprintf(stderr, "%s: open %s: %s\n", progname, dev, strerror(errno));
		exit(2);
	}
	return fd;
}

static int cmd_statx(int argc, char **argv)
{
	struct statx611 stx;

	if (argc != 2)
		usage();
	memset(&stx, 0xff, sizeof(stx));
	if (syscall(SYS_statx, AT_FDCWD, argv[1], 0, STATX611_WRITE_ATOMIC, &stx)) {
		fprintf(stderr, "%s: statx %s: %s\n", progname, argv[1], strerror(errno));
		return 2;
	}
	if (!(stx.mask & STATX611_WRITE_ATOMIC)) {
		printf("STATX_WRITE_ATOMIC not reported\n");
		return 0;
	}
	printf("attr_known=%d atomic=%d unit_min=%u unit_max=%u segments_max=%u\n",
	       !!(stx.attributes_mask & STATX611_ATTR_WRITE_ATOMIC),
	       !!(stx.attributes & STATX611_ATTR_WRITE_ATOMIC),
	       stx.atomic_write_unit_min, stx.atomic_write_unit_max,
	       stx.atomic_write_segments_max);
	return 0;
}

static int cmd_write(int argc, char **argv)
{
	int nowait = 0, dsync = 0, buffered = 0, rd = 0, plain = 0, opt, fd, flags;
	unsigned long long off, len, iovecs = 1, i;
	struct iovec *iov;
	unsigned char *buf;
	ssize_t n;

	optind = 1;
	while ((opt = getopt(argc, argv, "ndpv:Br")) != -1) {
		switch (opt) {
		case 'n': nowait = 1; break;
		case 'd': dsync = 1; break;
		case 'p': plain = 1; break;
		case 'v': iovecs = num(optarg); break;
		case 'B': buffered = 1; break;
		case 'r': rd = 1; break;
		default: usage();
		}
	}
	if (argc - optind != 4 || !iovecs)
		usage();
	off = num(argv[optind + 1]);
	len = num(argv[optind + 2]);
	fd = xopen(argv[optind], (rd ? O_RDONLY : O_WRONLY) | (buffered ? 0 : O_DIRECT));

	/* The data in IOVECS buffers of whole 4 KiB blocks; the last takes the rest. */
	buf = xbuf(len + 4096 * iovecs);
	fill(buf, off, len, num(argv[optind + 3]));
	iov = calloc(iovecs, sizeof(*iov));
	if (!iov)
		usage();
	for (i = 0; i < iovecs; i++) {
		unsigned long long per = len / iovecs / 4096 * 4096;

		iov[i].iov_base = buf + i * per;
		iov[i].iov_len = i == iovecs - 1 ? len - i * per : per;
	}
	flags = (plain ? 0 : RWF_ATOMIC_) | (nowait ? RWF_NOWAIT : 0) | (dsync ? RWF_DSYNC : 0);
	if (rd)
		n = preadv2(fd, iov, iovecs, off, flags);
	else
		n = pwritev2(fd, iov, iovecs, off, flags);
	if (n < 0)
		printf("%s\n", errname(errno));
	else
		printf("ok %zd\n", n);
	return 0;
}

static int cmd_check(int argc, char **argv)
{
	unsigned long long off, len, i;
	unsigned char *got, *want;
	int fd;

	if (argc != 5)
		usage();
	off = num(argv[2]);
	len = num(argv[3]);
	fd = xopen(argv[1], O_RDONLY | O_DIRECT);
	got = xbuf(len);
	want = xbuf(len);
	fill(want, off, len, num(argv[4]));
	if (pread(fd, got, len, off) != (ssize_t)len) {
		fprintf(stderr, "%s: read %s: %s\n", progname, argv[1], strerror(errno));
		return 2;
	}
	for (i = 0; i < len; i++) {
		if (got[i] != want[i]) {
			printf("mismatch at byte %llu\n", off + i);
			return 1;
		}
	}
	printf("match\n");
	return 0;
}

#ifndef O_ATOMIC
#define O_ATOMIC 040000000	/* the series' value on x86-64 */
#endif

/*
 * The optional -o of uring and aio: O_ATOMIC instead of RWF_ATOMIC.  Returns
 * the RWF flags to use and sets *oflags; shifts -o out of argc/argv.
 */
static int atomic_mode(int *argc, char ***argv, int *oflags)
{
	*oflags = O_WRONLY | O_DIRECT;
	if (*argc > 1 && !strcmp((*argv)[1], "-o")) {
		(*argv)[1] = (*argv)[0];
		(*argv)++;
		(*argc)--;
		*oflags |= O_ATOMIC;
		return 0;
	}
	return RWF_ATOMIC_;
}

/* How many io-wq worker threads ("iou-wrk-PID") this process has now. */
static int iowq_workers(void)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d))) {
		char path[300], comm[64] = "";
		FILE *f;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/proc/self/task/%s/comm", e->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		if (fgets(comm, sizeof(comm), f) && !strncmp(comm, "iou-wrk", 7))
			n++;
		fclose(f);
	}
	closedir(d);
	return n;
}

static double now_s(void);

static int cmd_uring(int argc, char **argv)
{
	unsigned int qd, size, seed, i, ok = 0, failed = 0, inflight;
	struct io_uring ring;
	unsigned char *buf;
	long long within_ms = -1;
	double t0, submit_ms;
	int fd, ret, workers, w, oflags, rwf = atomic_mode(&argc, &argv, &oflags);
	int fixed = 0;

	if (argc > 1 && !strcmp(argv[1], "-f")) {
		argv[1] = argv[0];
		argv++;
		argc--;
		fixed = 1;
	}
	if (argc > 2 && !strcmp(argv[1], "-s")) {
		within_ms = num(argv[2]);
		argv[2] = argv[0];
		argv += 2;
		argc -= 2;
	}
	if (argc != 5)
		usage();
	qd = num(argv[2]);
	size = num(argv[3]);
	seed = num(argv[4]);
	if (!qd || qd > 1024)
		usage();
	fd = xopen(argv[1], oflags);
	if ((oflags & O_ATOMIC) && !(fcntl(fd, F_GETFL) & O_ATOMIC)) {
		printf("O_ATOMIC ignored\n");
		return 1;
	}
	ret = io_uring_queue_init(qd, &ring, 0);
	if (ret) {
		fprintf(stderr, "%s: io_uring_queue_init: %s\n", progname, strerror(-ret));
		return 2;
	}
	buf = xbuf((size_t)size * qd);
	fill(buf, 0, (size_t)size * qd, seed);
	if (fixed) {
		struct iovec iov = { .iov_base = buf, .iov_len = (size_t)size * qd };

		ret = io_uring_register_buffers(&ring, &iov, 1);
		if (ret) {
			fprintf(stderr, "%s: io_uring_register_buffers: %s\n", progname,
				strerror(-ret));
			return 2;
		}
	}
	for (i = 0; i < qd; i++) {
		struct io_uring_sqe *sqe = io_uring_get_sqe(&ring);

		if (fixed)
			io_uring_prep_write_fixed(sqe, fd, buf + (size_t)i * size, size,
						  (unsigned long long)i * size, 0);
		else
			io_uring_prep_write(sqe, fd, buf + (size_t)i * size, size,
					    (unsigned long long)i * size);
		sqe->rw_flags = rwf;
	}
	t0 = now_s();
	ret = io_uring_submit(&ring);
	submit_ms = (now_s() - t0) * 1e3;
	inflight = qd - io_uring_cq_ready(&ring);
	workers = iowq_workers();
	if (ret != (int)qd) {
		fprintf(stderr, "%s: io_uring_submit: %d\n", progname, ret);
		return 2;
	}
	for (i = 0; i < qd; i++) {
		struct io_uring_cqe *cqe;

		ret = io_uring_wait_cqe(&ring, &cqe);
		if (ret) {
			fprintf(stderr, "%s: io_uring_wait_cqe: %s\n", progname, strerror(-ret));
			return 2;
		}
		if (cqe->res == (int)size)
			ok++;
		else {
			if (!failed)
				printf("first failure: %s\n",
				       cqe->res < 0 ? errname(-cqe->res) : "short write");
			failed++;
		}
		io_uring_cqe_seen(&ring, cqe);
	}
	/* Workers linger idle for seconds after the work is done. */
	w = iowq_workers();
	if (w > workers)
		workers = w;
	printf("io_uring: %u atomic writes of %u bytes: %u ok, %u failed; "
	       "in flight after submit: %u; io-wq workers: %d",
	       qd, size, ok, failed, inflight, workers);
	if (within_ms >= 0)
		printf("; submit within %lld ms: %s", within_ms,
		       submit_ms <= within_ms ? "yes" : "no");
	printf("\n");
	io_uring_queue_exit(&ring);
	return failed ? 1 : 0;
}

static int cmd_aio(int argc, char **argv)
{
	unsigned int qd, size, seed, i, ok = 0, failed = 0, done = 0, inflight;
	struct io_event *ev;
	struct iocb *cbs, **cbp;
	struct timespec zero = { 0, 0 };
	unsigned char *buf;
	io_context_t ctx = 0;
	int fd, ret, oflags, rwf = atomic_mode(&argc, &argv, &oflags);

	if (argc != 5)
		usage();
	qd = num(argv[2]);
	size = num(argv[3]);
	seed = num(argv[4]);
	if (!qd || qd > 1024)
		usage();
	fd = xopen(argv[1], oflags);
	if ((oflags & O_ATOMIC) && !(fcntl(fd, F_GETFL) & O_ATOMIC)) {
		printf("O_ATOMIC ignored\n");
		return 1;
	}
	ret = io_setup(qd, &ctx);
	if (ret) {
		fprintf(stderr, "%s: io_setup: %s\n", progname, strerror(-ret));
		return 2;
	}
	buf = xbuf((size_t)size * qd);
	fill(buf, 0, (size_t)size * qd, seed);
	cbs = calloc(qd, sizeof(*cbs));
	cbp = calloc(qd, sizeof(*cbp));
	ev = calloc(qd, sizeof(*ev));
	if (!cbs || !cbp || !ev)
		usage();
	for (i = 0; i < qd; i++) {
		io_prep_pwrite(&cbs[i], fd, buf + (size_t)i * size, size,
			       (long long)i * size);
		cbs[i].aio_rw_flags = rwf;
		cbp[i] = &cbs[i];
	}
	ret = io_submit(ctx, qd, cbp);
	if (ret != (int)qd) {
		printf("io_submit: %s\n", ret < 0 ? errname(-ret) : "short");
		return 1;
	}
	/* What completed while io_submit() ran. */
	ret = io_getevents(ctx, 0, qd, ev, &zero);
	inflight = qd - (ret > 0 ? ret : 0);
	for (;;) {
		for (i = 0; ret > 0 && i < (unsigned int)ret; i++) {
			if (ev[i].res == size)
				ok++;
			else {
				if (!failed)
					printf("first failure: %s\n", (long)ev[i].res < 0 ?
					       errname(-(long)ev[i].res) : "short write");
				failed++;
			}
		}
		done += ret > 0 ? ret : 0;
		if (done >= qd)
			break;
		ret = io_getevents(ctx, 1, qd - done, ev, NULL);
		if (ret < 0) {
			fprintf(stderr, "%s: io_getevents: %s\n", progname, strerror(-ret));
			return 2;
		}
	}
	printf("libaio: %u atomic writes of %u bytes: %u ok, %u failed; "
	       "in flight after submit: %u\n", qd, size, ok, failed, inflight);
	io_destroy(ctx);
	return failed ? 1 : 0;
}

/* --- rate ------------------------------------------------------------------ */

struct rate {
	unsigned int qd, bs;
	unsigned long long span_blocks, rnd, ios;
	double *lat;			/* us, one per completed write */
	size_t nlat, cap;
	double *start;			/* per slot: when it was submitted */
	unsigned char *buf;
};

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static unsigned long long rate_offset(struct rate *r)
{
	/* xorshift64: the same offsets every run */
	r->rnd ^= r->rnd << 13;
	r->rnd ^= r->rnd >> 7;
	r->rnd ^= r->rnd << 17;
	return (r->rnd % r->span_blocks) * r->bs;
}

static void rate_done(struct rate *r, unsigned int slot, long res)
{
	if (res != (long)r->bs) {
		fprintf(stderr, "%s: write failed: %s\n", progname,
			res < 0 ? errname(-res) : "short write");
		exit(1);
	}
	if (r->nlat == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 4096;
		r->lat = realloc(r->lat, r->cap * sizeof(*r->lat));
		if (!r->lat)
			usage_error("out of memory");
	}
	r->lat[r->nlat++] = (now_s() - r->start[slot]) * 1e6;
	r->ios++;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static void rate_uring(struct rate *r, int fd, int rwf, double end)
{
	struct io_uring ring;
	unsigned int i, inflight = 0;
	int ret = io_uring_queue_init(r->qd, &ring, 0);

	if (ret)
		die(EXIT_USAGE, "io_uring_queue_init: %s", strerror(-ret));
	for (i = 0; i < r->qd; i++) {
		struct io_uring_sqe *sqe = io_uring_get_sqe(&ring);

		io_uring_prep_write(sqe, fd, r->buf + (size_t)i * r->bs, r->bs, rate_offset(r));
		sqe->rw_flags = rwf;
		io_uring_sqe_set_data64(sqe, i);
		r->start[i] = now_s();
		inflight++;
	}
	io_uring_submit(&ring);
	while (inflight) {
		struct io_uring_cqe *cqe;
		unsigned int slot;

		ret = io_uring_wait_cqe(&ring, &cqe);
		if (ret)
			die(EXIT_USAGE, "io_uring_wait_cqe: %s", strerror(-ret));
		slot = io_uring_cqe_get_data64(cqe);
		rate_done(r, slot, cqe->res);
		io_uring_cqe_seen(&ring, cqe);
		inflight--;
		if (now_s() < end) {
			struct io_uring_sqe *sqe = io_uring_get_sqe(&ring);

			io_uring_prep_write(sqe, fd, r->buf + (size_t)slot * r->bs, r->bs,
					    rate_offset(r));
			sqe->rw_flags = rwf;
			io_uring_sqe_set_data64(sqe, slot);
			r->start[slot] = now_s();
			io_uring_submit(&ring);
			inflight++;
		}
	}
	io_uring_queue_exit(&ring);
}

static void rate_aio(struct rate *r, int fd, int rwf, double end)
{
	struct iocb *cbs = calloc(r->qd, sizeof(*cbs));
	struct io_event *ev = calloc(r->qd, sizeof(*ev));
	io_context_t ctx = 0;
	unsigned int i, inflight = 0;
	int ret, n;

	if (!cbs || !ev)
		usage_error("out of memory");
	ret = io_setup(r->qd, &ctx);
	if (ret)
		die(EXIT_USAGE, "io_setup: %s", strerror(-ret));
	for (i = 0; i < r->qd; i++) {
		struct iocb *cb = &cbs[i];

		io_prep_pwrite(cb, fd, r->buf + (size_t)i * r->bs, r->bs, rate_offset(r));
		cb->aio_rw_flags = rwf;
		cb->data = (void *)(uintptr_t)i;
		r->start[i] = now_s();
		ret = io_submit(ctx, 1, &cb);
		if (ret != 1)
			die(EXIT_USAGE, "io_submit: %s", errname(-ret));
		inflight++;
	}
	while (inflight) {
		n = io_getevents(ctx, 1, r->qd, ev, NULL);
		if (n < 0)
			die(EXIT_USAGE, "io_getevents: %s", strerror(-n));
		for (i = 0; i < (unsigned int)n; i++) {
			unsigned int slot = (uintptr_t)ev[i].data;
			struct iocb *cb = &cbs[slot];

			rate_done(r, slot, (long)ev[i].res);
			inflight--;
			if (now_s() >= end)
				continue;
			io_prep_pwrite(cb, fd, r->buf + (size_t)slot * r->bs, r->bs, rate_offset(r));
			cb->aio_rw_flags = rwf;
			cb->data = (void *)(uintptr_t)slot;
			r->start[slot] = now_s();
			ret = io_submit(ctx, 1, &cb);
			if (ret != 1)
				die(EXIT_USAGE, "io_submit: %s", errname(-ret));
			inflight++;
		}
	}
	io_destroy(ctx);
}

/* The engine argument of rate and stream: 1 for io_uring, 0 for libaio. */
static int engine_is_uring(const char *name)
{
	if (!strcmp(name, "uring"))
		return 1;
	if (strcmp(name, "aio"))
		usage_error("engine must be uring or aio, not '%s'", name);
	return 0;
}

static int cmd_rate(int argc, char **argv)
{
	struct rate r = { .rnd = 88172645463325252ULL };
	int plain = 0, fd, uring;
	double t0, t1, secs;

	if (argc > 1 && !strcmp(argv[1], "-p")) {
		plain = 1;
		argv++;
		argc--;
	}
	if (argc != 7)
		usage();
	uring = engine_is_uring(argv[1]);
	r.qd = num(argv[3]);
	r.bs = num(argv[4]);
	secs = strtod(argv[5], NULL);
	if (!r.qd || r.qd > 1024 || !r.bs || r.bs % 4096 || secs <= 0)
		usage();
	r.span_blocks = num(argv[6]) / r.bs;
	if (!r.span_blocks)
		usage_error("SPAN is smaller than one write");
	fd = xopen(argv[2], O_WRONLY | O_DIRECT);
	r.buf = xbuf((size_t)r.bs * r.qd);
	fill(r.buf, 0, (size_t)r.bs * r.qd, 1);
	r.start = calloc(r.qd, sizeof(*r.start));
	if (!r.start)
		usage_error("out of memory");
	t0 = now_s();
	if (uring)
		rate_uring(&r, fd, plain ? 0 : RWF_ATOMIC_, t0 + secs);
	else
		rate_aio(&r, fd, plain ? 0 : RWF_ATOMIC_, t0 + secs);
	t1 = now_s();
	qsort(r.lat, r.nlat, sizeof(*r.lat), cmp_double);
	printf("{\"ios\": %llu, \"bytes\": %llu, \"seconds\": %.6f, \"iops\": %.1f, "
	       "\"mb_per_s\": %.3f, \"lat_us\": {\"p50\": %.1f, \"p99\": %.1f}}\n",
	       r.ios, r.ios * r.bs, t1 - t0, r.ios / (t1 - t0), r.ios * r.bs / (t1 - t0) / 1e6,
	       r.nlat ? r.lat[r.nlat / 2] : 0.0,
	       r.nlat ? r.lat[(size_t)(r.nlat * 0.99)] : 0.0);
	return 0;
}

/* --- stream ---------------------------------------------------------------- */

#define STREAM_BLOCK	4096
#define STREAM_MAXBLK	4		/* blocks in the largest write */

struct stream {
	unsigned int qd, nwrites, submitted, inflight, max_inflight;
	unsigned long long seed, first_op, blocks;
	unsigned long long rnd;
	unsigned char *busy;		/* per block: a write in flight covers it */
	unsigned char *buf;		/* qd slots of STREAM_MAXBLK blocks */
	unsigned long long *slot_op;	/* per slot: its op, 0 when free */
	unsigned int *slot_blk, *slot_cnt;
	int rwf;
};

/* crash-states.py's stamp(): "CRASHSTM", seed, op, block, sector; repeated over each sector. */
static void stream_stamp(unsigned char *p, unsigned long long seed, unsigned long long op,
			 unsigned long long block)
{
	unsigned int s, i;

	for (s = 0; s < 8; s++) {
		unsigned char h[40];
		uint64_t v[4] = { seed, op, block, s };

		memcpy(h, "CRASHSTM", 8);
		memcpy(h + 8, v, sizeof(v));	/* little-endian, as struct.pack("<...") */
		for (i = 0; i < 512; i++)
			p[s * 512 + i] = h[i % 40];
	}
}

static unsigned long long stream_rand(struct stream *st)
{
	st->rnd ^= st->rnd << 13;
	st->rnd ^= st->rnd >> 7;
	st->rnd ^= st->rnd << 17;
	return st->rnd;
}

/*
 * Pick the next write's place: 2 blocks (3 in 4) or 4, aligned to its length, overlapping no
 * write in flight.  Returns 0 if no place is free now.
 */
static int stream_place(struct stream *st, unsigned int *blk, unsigned int *cnt)
{
	unsigned int n = stream_rand(st) % 4 ? 2 : 4, tries, i;

	for (tries = 0; tries < 64; tries++) {
		unsigned long long b = stream_rand(st) % (st->blocks / n) * n;

		for (i = 0; i < n && !st->busy[b + i]; i++)
			;
		if (i == n) {
			*blk = b;
			*cnt = n;
			return 1;
		}
	}
	return 0;
}

/* Fill a free slot with the next write; returns the slot or -1 (none free, no place). */
static int stream_next(struct stream *st)
{
	unsigned int slot, blk, cnt, i;
	unsigned long long op;

	for (slot = 0; slot < st->qd && st->slot_op[slot]; slot++)
		;
	if (slot == st->qd || st->submitted == st->nwrites || !stream_place(st, &blk, &cnt))
		return -1;
	op = st->first_op + st->submitted++;
	for (i = 0; i < cnt; i++) {
		st->busy[blk + i] = 1;
		stream_stamp(st->buf + ((size_t)slot * STREAM_MAXBLK + i) * STREAM_BLOCK,
			     st->seed, op, blk + i);
	}
	st->slot_op[slot] = op;
	st->slot_blk[slot] = blk;
	st->slot_cnt[slot] = cnt;
	printf("s %llu %u %u\n", op, blk, cnt);
	fflush(stdout);
	st->inflight++;
	if (st->inflight > st->max_inflight)
		st->max_inflight = st->inflight;
	return slot;
}

static void stream_done(struct stream *st, unsigned int slot, long res)
{
	unsigned int i;

	printf("c %llu %ld\n", st->slot_op[slot], res);
	fflush(stdout);
	for (i = 0; i < st->slot_cnt[slot]; i++)
		st->busy[st->slot_blk[slot] + i] = 0;
	st->slot_op[slot] = 0;
	st->inflight--;
}

static void stream_uring(struct stream *st, int fd)
{
	struct io_uring ring;
	int ret = io_uring_queue_init(st->qd, &ring, 0), slot;

	if (ret)
		die(EXIT_USAGE, "io_uring_queue_init: %s", strerror(-ret));
	while (st->submitted < st->nwrites || st->inflight) {
		struct io_uring_cqe *cqe;
		unsigned int head, n = 0;

		while ((slot = stream_next(st)) >= 0) {
			struct io_uring_sqe *sqe = io_uring_get_sqe(&ring);

			io_uring_prep_write(sqe, fd, st->buf + (size_t)slot * STREAM_MAXBLK * STREAM_BLOCK,
					    st->slot_cnt[slot] * STREAM_BLOCK,
					    (unsigned long long)st->slot_blk[slot] * STREAM_BLOCK);
			sqe->rw_flags = st->rwf;
			io_uring_sqe_set_data64(sqe, slot);
		}
		io_uring_submit(&ring);
		ret = io_uring_wait_cqe(&ring, &cqe);
		if (ret)
			die(EXIT_USAGE, "io_uring_wait_cqe: %s", strerror(-ret));
		io_uring_for_each_cqe(&ring, head, cqe) {
			stream_done(st, io_uring_cqe_get_data64(cqe), cqe->res);
			n++;
		}
		io_uring_cq_advance(&ring, n);
	}
	io_uring_queue_exit(&ring);
}

static void stream_aio(struct stream *st, int fd)
{
	struct iocb *cbs = calloc(st->qd, sizeof(*cbs)), **cbp = calloc(st->qd, sizeof(*cbp));
	struct io_event *ev = calloc(st->qd, sizeof(*ev));
	io_context_t ctx = 0;
	int ret, n, i, slot;

	if (!cbs || !cbp || !ev)
		usage_error("out of memory");
	ret = io_setup(st->qd, &ctx);
	if (ret)
		die(EXIT_USAGE, "io_setup: %s", strerror(-ret));
	while (st->submitted < st->nwrites || st->inflight) {
		n = 0;
		while ((slot = stream_next(st)) >= 0) {
			struct iocb *cb = &cbs[slot];

			io_prep_pwrite(cb, fd, st->buf + (size_t)slot * STREAM_MAXBLK * STREAM_BLOCK,
				       st->slot_cnt[slot] * STREAM_BLOCK,
				       (long long)st->slot_blk[slot] * STREAM_BLOCK);
			cb->aio_rw_flags = st->rwf;
			cb->data = (void *)(uintptr_t)slot;
			cbp[n++] = cb;
		}
		if (n) {
			ret = io_submit(ctx, n, cbp);
			if (ret != n)
				die(EXIT_USAGE, "io_submit: %s", ret < 0 ? errname(-ret) : "short");
		}
		n = io_getevents(ctx, 1, st->qd, ev, NULL);
		if (n < 0)
			die(EXIT_USAGE, "io_getevents: %s", strerror(-n));
		for (i = 0; i < n; i++)
			stream_done(st, (uintptr_t)ev[i].data, (long)ev[i].res);
	}
	io_destroy(ctx);
}

static int cmd_stream(int argc, char **argv)
{
	struct stream st = { .rnd = 88172645463325252ULL };
	int control = 0, fd, uring;

	if (argc > 1 && !strcmp(argv[1], "-c")) {
		control = 1;
		argv++;
		argc--;
	}
	if (argc != 8)
		usage();
	uring = engine_is_uring(argv[1]);
	st.qd = num(argv[3]);
	st.nwrites = num(argv[4]);
	st.seed = num(argv[5]);
	st.first_op = num(argv[6]);
	st.blocks = num(argv[7]);
	if (!st.qd || st.qd > 1024 || st.blocks < STREAM_MAXBLK || !st.first_op)
		usage();
	st.rnd ^= st.seed * 0x9e3779b97f4a7c15ULL;
	st.rwf = RWF_DSYNC | (control ? 0 : RWF_ATOMIC_);
	fd = xopen(argv[2], O_WRONLY | O_DIRECT);
	st.busy = calloc(st.blocks, 1);
	st.slot_op = calloc(st.qd, sizeof(*st.slot_op));
	st.slot_blk = calloc(st.qd, sizeof(*st.slot_blk));
	st.slot_cnt = calloc(st.qd, sizeof(*st.slot_cnt));
	st.buf = xbuf((size_t)st.qd * STREAM_MAXBLK * STREAM_BLOCK);
	if (!st.busy || !st.slot_op || !st.slot_blk || !st.slot_cnt)
		usage_error("out of memory");
	if (uring)
		stream_uring(&st, fd);
	else
		stream_aio(&st, fd);
	printf("in flight at most %u\n", st.max_inflight);
	return 0;
}

int main(int argc, char **argv)
{
	tool_init("dma-rwf");
	if (argc < 2)
		usage_error("missing command");
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))
		help();
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V"))
		print_version();
	if (!strcmp(argv[1], "statx"))
		return cmd_statx(argc - 1, argv + 1);
	if (!strcmp(argv[1], "write"))
		return cmd_write(argc - 1, argv + 1);
	if (!strcmp(argv[1], "check"))
		return cmd_check(argc - 1, argv + 1);
	if (!strcmp(argv[1], "uring"))
		return cmd_uring(argc - 1, argv + 1);
	if (!strcmp(argv[1], "aio"))
		return cmd_aio(argc - 1, argv + 1);
	if (!strcmp(argv[1], "rate"))
		return cmd_rate(argc - 1, argv + 1);
	if (!strcmp(argv[1], "stream"))
		return cmd_stream(argc - 1, argv + 1);
	usage_error("unknown command '%s'", argv[1]);
}
