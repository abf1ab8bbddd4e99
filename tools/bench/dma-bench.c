// SPDX-License-Identifier: GPL-2.0
/*
 * dma-bench: the benchmark driver for what fio cannot do.
 *
 *   dma-bench lists [options] DEV   writers issuing lists of discontiguous
 *                                   segments for a given time:
 *     atomic  one list ioctl per list (optionally fdatasync after each):
 *             BLKATOMICWRITE of the v2 series, BLKWRITELIST of v3 (the same
 *             number and layout, lib/alist.h)
 *     plain   one pwrite() per segment (optionally fdatasync after each list)
 *             (random distinct slots; --seq: a sequential stream of
 *             one-segment lists, each writer its own part of the device)
 *     dw      a database's doublewrite: the list's pages written together to
 *             the writer's slot of a doublewrite area, fdatasync, then each
 *             page in place, fdatasync (durable at commit, torn-page safe)
 *   dma-bench cpu [--mib N]         memcpy, crc32c and log-scan rates of this
 *                                   CPU, per byte (the code the tools share
 *                                   with the kernel module)
 *   dma-bench path [options] LOG DATA
 *                                   the device I/O of one logged write, made
 *                                   from user space on the raw disks with no
 *                                   dm-atomic in between: what the disks
 *                                   alone cost a write of that design (the
 *                                   floor under the target's figure)
 *
 * Output: one JSON object on stdout.  Speeds are measured, never judged.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include "util.h"
#include "alist.h"
#include "dma-scan.h"
#include "guard.h"

enum { MODE_ATOMIC = 1, MODE_PLAIN, MODE_DW };

static struct {
	int mode, flush, force, shared, seq;
	unsigned int segs, jobs;
	uint64_t seg_bytes, region, seed, offset, count;
	double seconds;
	const char *dev;
} cfg = { .mode = MODE_ATOMIC, .segs = 4, .jobs = 1, .seg_bytes = 16384,
	  .seed = 1, .seconds = 1 };

static int fd = -1;
static uint64_t dev_size, dw_base, seq_part;
static struct timespec t_start, t_end;

struct worker {
	pthread_t th;
	unsigned int id;
	uint64_t lists, bytes, ioctls;	/* ioctls: list ioctls that returned 0 */
	uint32_t *lat;		/* microseconds per list */
	size_t nlat, cap;
	int err;
};

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

static uint64_t xorshift(uint64_t *s)
{
	uint64_t x = *s;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*s = x;
	return x * 0x2545F4914F6CDD1DULL;
}

static const char *mode_name(int m)
{
	return m == MODE_ATOMIC ? "atomic" : m == MODE_PLAIN ? "plain" : "dw";
}

static void record(struct worker *w, double secs)
{
	if (w->nlat == w->cap) {
		w->cap = w->cap ? w->cap * 2 : 4096;
		w->lat = realloc(w->lat, w->cap * sizeof(*w->lat));
		if (!w->lat)
			die(EXIT_NOMEM, "out of memory");
	}
	w->lat[w->nlat++] = (uint32_t)(secs * 1e6 + 0.5);
}

static void *run_worker(void *arg)
{
	struct worker *w = arg;
	uint64_t rng = (cfg.seed + w->id) * 0x9E3779B97F4A7C15ULL + 1;
	uint64_t slots = cfg.region / cfg.seg_bytes, total = cfg.segs * cfg.seg_bytes;
	struct alist *l = malloc(sizeof(*l));
	char *buf = xalloc_aligned(total);
	double end = now_s() + cfg.seconds;
	/* --seq: this writer's part of the stream, [base, base + seq_part) */
	uint64_t base = cfg.offset + w->id * seq_part, pos = 0;
	unsigned int i;

	if (!l)
		die(EXIT_NOMEM, "out of memory");
	memset(buf, 0x5a ^ w->id, total);
	for (;;) {
		double t0 = now_s();
		int e = 0;

		if (t0 >= end || (cfg.count && w->lists == cfg.count))
			break;
		alist_init(l);
		if (cfg.seq) {
			/* One segment, the next of the writer's part, wrapping at its end. */
			if (pos + cfg.seg_bytes > seq_part)
				pos = 0;
			alist_add(l, base + pos, cfg.seg_bytes, buf);
			pos += cfg.seg_bytes;
		}
		/* cfg.segs distinct slots of the region, a page each. */
		for (i = 0; i < cfg.segs && !cfg.seq;) {
			uint64_t s = xorshift(&rng) % slots;

			if (!alist_add(l, s * cfg.seg_bytes, cfg.seg_bytes,
				       buf + i * cfg.seg_bytes))
				i++;
		}
		buf[0]++;	/* every list carries new bytes */
		switch (cfg.mode) {
		case MODE_ATOMIC:
			e = alist_write_atomic(fd, l);
			if (!e)
				w->ioctls++;
			break;
		case MODE_PLAIN:
			e = alist_write_plain(fd, l);
			break;
		case MODE_DW:
			/* The writer's doublewrite slot, then sync, then in place. */
			e = -pwrite_full(fd, buf, total, dw_base + w->id * total);
			if (!e && fdatasync(fd))
				e = errno;
			if (!e)
				e = alist_write_plain(fd, l);
			break;
		}
		if (!e && (cfg.flush || cfg.mode == MODE_DW) && fdatasync(fd))
			e = errno;
		if (e) {
			w->err = e;
			break;
		}
		record(w, now_s() - t0);
		w->lists++;
		w->bytes += total;
	}
	free(l);
	free(buf);
	return NULL;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/* The p-th percentile (nearest rank) of n sorted values. */
static uint32_t pct(const uint32_t *v, size_t n, unsigned int p)
{
	size_t i;

	if (!n)
		return 0;
	i = (p * n + 99) / 100;
	return v[i ? i - 1 : 0];
}

static void __attribute__((noreturn)) help(void)
{
	printf("Usage: %s lists [options] DEV\n"
	       "       %s cpu [--mib N]\n"
	       "       %s path [-b BYTES] [-T S] [--steps LIST] [--log-offset N] LOG DATA\n"
	       "\n"
	       "lists: writers issue lists of discontiguous segments on DEV (O_DIRECT)\n"
	       "for a given time and report lists per second, bytes and latency\n"
	       "percentiles as one JSON object.  Segments are distinct random slots of\n"
	       "--seg-bytes in the region.\n"
	       "  -m, --mode MODE       atomic (the list ioctl, BLKATOMICWRITE or\n"
	       "                        BLKWRITELIST), plain (a pwrite per segment) or\n"
	       "                        dw (doublewrite: the pages to the writer's slot\n"
	       "                        past the region, fdatasync, then in place,\n"
	       "                        fdatasync)   (default atomic)\n"
	       "  -k, --segs N          segments per list, 1..%d (default 4)\n"
	       "  -b, --seg-bytes N     bytes per segment, a multiple of 4096 (default 16384)\n"
	       "  -J, --jobs N          concurrent writers, 1..256 (default 1)\n"
	       "  -T, --seconds S       how long to write, may be fractional (default 1)\n"
	       "  -f, --flush           fdatasync after every list (atomic, plain)\n"
	       "  -r, --region BYTES    choose slots in [0, BYTES) (default the device;\n"
	       "                        dw: the device minus the doublewrite area)\n"
	       "  -S, --seed N          random seed (default 1)\n"
	       "      --seq             a sequential stream instead of random slots: each\n"
	       "                        list one segment (-k 1), the next one; writer i\n"
	       "                        of J writes the i-th of J equal parts of the\n"
	       "                        device past --offset, wrapping at its end\n"
	       "      --offset BYTES    --seq: where the stream starts, a multiple of 512\n"
	       "                        (default 0)\n"
	       "  -n, --count N         each writer stops after N lists (or -T, which\n"
	       "                        comes first)\n"
	       "      --force           write over a device that holds something else\n"
	       "      --shared          do not open DEV exclusively (it may be in use)\n"
	       "The JSON names the call that wrote (\"call\": BLKWRITELIST or\n"
	       "BLKATOMICWRITE, as the kernel names its list ioctl, or pwrite) and, in\n"
	       "atomic mode, how many of those ioctls returned 0 (\"ioctls\").\n"
	       "cpu: memcpy, crc32c (tools/lib/crc32c.c) and recovery-scan\n"
	       "(dm-atomic/dma-scan.c over an in-memory log) rates in MB/s and ns/byte.\n"
	       "      --mib N           buffer and log size in MiB (default 64)\n"
	       "path: one writer, O_DIRECT, for a given time; each write of BYTES is\n"
	       "the STEPS, in order, on the raw LOG and DATA devices (both overwritten):\n"
	       "  log      a 4 KiB descriptor and the BYTES, one write at the log's head\n"
	       "  log-fua  the same with O_DSYNC (REQ_FUA, then a flush of LOG)\n"
	       "  flush    fdatasync of LOG\n"
	       "  record   a 4 KiB write with O_DSYNC (REQ_FUA, then a flush of LOG)\n"
	       "           after the data\n"
	       "  inplace  the BYTES to DATA, sequentially\n"
	       "  -b, --bytes N         bytes per write, a multiple of 4096 (default 1M)\n"
	       "  -T, --seconds S       how long to write (default 1)\n"
	       "      --steps LIST      comma separated (default log,flush,record,inplace)\n"
	       "      --log-offset N    where the log starts on LOG (default 1M: clear of\n"
	       "                        a dm-atomic superblock); it wraps at LOG's end\n"
	       "      --force           write over devices that hold something else\n"
	       "      --shared          do not open LOG and DATA exclusively (the disks\n"
	       "                        of an idle dm-atomic device, as make bench does)\n"
	       "\n"
	       "lists and path write over their devices.  Without --force a device must\n"
	       "hold nothing but zeros and dma-exercise stamps in its first 64 KiB and no\n"
	       "signature blkid -p finds (file system, RAID, LVM, partition table;\n"
	       "dm-atomic metadata is refused too).  Block devices are opened\n"
	       "exclusively (a device in use is refused) unless --shared.\n"
	       "\n"
	       "Exit status: 0 done, 2 a device refused (it holds something else, too\n"
	       "small), 6 a write failed;\n" EXIT_STATUS_HELP,
	       progname, progname, progname, ALIST_MAX_SEGS);
	exit(EXIT_OK);
}

/*
 * Open a device the run writes over and keep it open: exclusively unless
 * --shared, and refused (unless --force) when it holds something else than
 * zeros and dma-exercise stamps (guard.h).  Its size in *size.
 */
static void claim_dev(const char *path, uint64_t *size)
{
	char sig_desc[256];
	int sig = cfg.force ? 0 : blkid_signature(path, sig_desc, sizeof(sig_desc));
	int fd = open_dev(path, O_RDWR, !cfg.shared, size, NULL);

	if (!cfg.force)
		refuse_unless_blank(path, fd, *size, sig, sig_desc, "--force");
}

static int cmd_lists(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "mode", required_argument, NULL, 'm' },
		{ "segs", required_argument, NULL, 'k' },
		{ "seg-bytes", required_argument, NULL, 'b' },
		{ "jobs", required_argument, NULL, 'J' },
		{ "seconds", required_argument, NULL, 'T' },
		{ "flush", no_argument, NULL, 'f' },
		{ "region", required_argument, NULL, 'r' },
		{ "seed", required_argument, NULL, 'S' },
		{ "seq", no_argument, NULL, 5 },
		{ "offset", required_argument, NULL, 6 },
		{ "count", required_argument, NULL, 'n' },
		{ "force", no_argument, NULL, 3 },
		{ "shared", no_argument, NULL, 4 },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	struct worker *w;
	struct alist_kernel kif;
	const char *call;
	uint64_t lists = 0, bytes = 0, ioctls = 0, dw_bytes;
	uint32_t *all;
	size_t n = 0, k;
	unsigned int i;
	double secs;
	char *end;
	int c, err = 0;

	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, ":m:k:b:J:T:fr:S:n:h", opts, NULL)) != -1) {
		switch (c) {
		case 'm':
			if (!strcmp(optarg, "atomic")) cfg.mode = MODE_ATOMIC;
			else if (!strcmp(optarg, "plain")) cfg.mode = MODE_PLAIN;
			else if (!strcmp(optarg, "dw")) cfg.mode = MODE_DW;
			else usage_error("--mode: '%s' is not atomic, plain or dw", optarg);
			break;
		case 'k':
			cfg.segs = parse_u64("--segs", optarg);
			if (!cfg.segs || cfg.segs > ALIST_MAX_SEGS)
				usage_error("--segs: must be 1..%d", ALIST_MAX_SEGS);
			break;
		case 'b':
			cfg.seg_bytes = parse_u64("--seg-bytes", optarg);
			if (!cfg.seg_bytes || cfg.seg_bytes % 4096)
				usage_error("--seg-bytes: a non-zero multiple of 4096");
			break;
		case 'J':
			cfg.jobs = parse_u64("--jobs", optarg);
			if (!cfg.jobs || cfg.jobs > 256)
				usage_error("--jobs: must be 1..256");
			break;
		case 'T':
			cfg.seconds = strtod(optarg, &end);
			if (*end || !(cfg.seconds > 0))
				usage_error("--seconds: '%s' is not a positive number", optarg);
			break;
		case 'f': cfg.flush = 1; break;
		case 'r': cfg.region = parse_u64("--region", optarg); break;
		case 'S': cfg.seed = parse_u64("--seed", optarg); break;
		case 5: cfg.seq = 1; break;
		case 6:
			cfg.offset = parse_u64("--offset", optarg);
			if (cfg.offset % 512)
				usage_error("--offset: a multiple of 512");
			break;
		case 'n':
			cfg.count = parse_u64("--count", optarg);
			if (!cfg.count)
				usage_error("--count: must be at least 1");
			break;
		case 3: cfg.force = 1; break;
		case 4: cfg.shared = 1; break;
		case 'h': help();
		default: bad_option(c, optopt, argv, optind);
		}
	}
	if (optind != argc - 1)
		usage_error(optind < argc ? "lists: one DEV, not more" : "lists: missing DEV");
	if (cfg.seq && (cfg.segs != 1 || cfg.mode == MODE_DW))
		usage_error("--seq: lists of one segment (-k 1), mode atomic or plain");
	if (cfg.offset && !cfg.seq)
		usage_error("--offset: only with --seq");
	cfg.dev = argv[optind];
	/* The claim (O_EXCL unless --shared) stays open for the run. */
	claim_dev(cfg.dev, &dev_size);
	fd = open(cfg.dev, O_RDWR | O_DIRECT | O_CLOEXEC);
	if (fd < 0)
		die_errno(errno_exit(errno), "%s: open O_DIRECT", cfg.dev);
	dw_bytes = cfg.mode == MODE_DW ? (uint64_t)cfg.jobs * cfg.segs * cfg.seg_bytes : 0;
	if (!cfg.region)
		cfg.region = dev_size - dw_bytes;
	cfg.region -= cfg.region % cfg.seg_bytes;
	if (cfg.region + dw_bytes > dev_size || cfg.region / cfg.seg_bytes < 2 * cfg.segs)
		die(EXIT_REFUSED, "%s: %llu bytes: too small for the region and %llu bytes of "
		    "doublewrite area", cfg.dev, (unsigned long long)dev_size,
		    (unsigned long long)dw_bytes);
	dw_base = cfg.region;
	if (cfg.seq) {
		seq_part = cfg.offset < cfg.region ? (cfg.region - cfg.offset) / cfg.jobs : 0;
		seq_part -= seq_part % cfg.seg_bytes;
		if (!seq_part)
			die(EXIT_REFUSED, "%s: %llu bytes: no room for %u writers of %llu bytes past "
			    "the offset %llu", cfg.dev, (unsigned long long)dev_size, cfg.jobs,
			    (unsigned long long)cfg.seg_bytes, (unsigned long long)cfg.offset);
	}
	alist_kernel(fd, &kif);
	call = cfg.mode == MODE_ATOMIC ? kif.ioctl_name : "pwrite";

	w = calloc(cfg.jobs, sizeof(*w));
	if (!w)
		die(EXIT_NOMEM, "out of memory");
	clock_gettime(CLOCK_MONOTONIC, &t_start);
	for (i = 0; i < cfg.jobs; i++) {
		w[i].id = i;
		if (pthread_create(&w[i].th, NULL, run_worker, &w[i]))
			die(EXIT_NOMEM, "cannot start writer %u", i);
	}
	for (i = 0; i < cfg.jobs; i++) {
		pthread_join(w[i].th, NULL);
		lists += w[i].lists;
		bytes += w[i].bytes;
		ioctls += w[i].ioctls;
		n += w[i].nlat;
		if (w[i].err && !err)
			err = w[i].err;
	}
	clock_gettime(CLOCK_MONOTONIC, &t_end);
	secs = (t_end.tv_sec - t_start.tv_sec) + (t_end.tv_nsec - t_start.tv_nsec) / 1e9;
	all = malloc((n ? n : 1) * sizeof(*all));
	if (!all)
		die(EXIT_NOMEM, "out of memory");
	for (i = 0, k = 0; i < cfg.jobs; i++) {
		memcpy(all + k, w[i].lat, w[i].nlat * sizeof(*all));
		k += w[i].nlat;
		free(w[i].lat);
	}
	qsort(all, n, sizeof(*all), cmp_u32);
	printf("{\"mode\": \"%s\", \"call\": \"%s\", \"seq\": %d, \"offset\": %llu, "
	       "\"flush\": %d, \"jobs\": %u, \"segs\": %u, "
	       "\"seg_bytes\": %llu, \"seconds\": %.4f, \"lists\": %llu, \"ioctls\": %llu, "
	       "\"bytes\": %llu, "
	       "\"lists_per_s\": %.2f, \"mb_per_s\": %.3f, \"lat_us\": {\"p50\": %u, "
	       "\"p90\": %u, \"p99\": %u, \"max\": %u}, \"error\": \"%s\"}\n",
	       mode_name(cfg.mode), call, cfg.seq, (unsigned long long)cfg.offset,
	       cfg.flush || cfg.mode == MODE_DW, cfg.jobs, cfg.segs,
	       (unsigned long long)cfg.seg_bytes, secs, (unsigned long long)lists,
	       (unsigned long long)ioctls,
	       (unsigned long long)bytes, lists / secs, bytes / secs / 1e6,
	       pct(all, n, 50), pct(all, n, 90), pct(all, n, 99), n ? all[n - 1] : 0,
	       err ? strerror(err) : "");
	free(all);
	free(w);
	if (err && cfg.mode == MODE_ATOMIC && (err == ENOTTY || err == EOPNOTSUPP ||
						 err == E2BIG)) {
		struct alist_kernel k = kif;

		if (err == ENOTTY)
			msg("%s: atomic write failed: the kernel lacks the %s ioctl (ENOTTY)",
			    cfg.dev, k.ioctl_name);
		else
			msg("%s: atomic write failed: %s (%s of %u segments, %llu bytes; the "
			    "device takes %llu segments (queue/%s), %llu bytes (queue/%s))",
			    cfg.dev, strerror(err), k.ioctl_name, cfg.segs,
			    (unsigned long long)cfg.segs * cfg.seg_bytes,
			    (unsigned long long)k.segs, k.segs_attr,
			    (unsigned long long)k.bytes, k.bytes_attr);
	} else if (err) {
		msg("%s: %s write failed: %s", cfg.dev, mode_name(cfg.mode), strerror(err));
	}
	return err ? EXIT_IO : EXIT_OK;
}

/* --- cpu ---------------------------------------------------------------------------- */

struct memlog {
	char *blocks;		/* metadata blocks 0 .. 1 + log_blocks */
};

static int mem_read_block(void *ctx, u64 meta_block, void *buf)
{
	struct memlog *m = ctx;

	memcpy(buf, m->blocks + meta_block * DMAT_BLOCK_SIZE, DMAT_BLOCK_SIZE);
	return 0;
}

/* Run f over the buffer until at least 0.3 s passed; bytes per second. */
static double rate(void (*f)(char *, char *, size_t), char *a, char *b, size_t n)
{
	double t0 = now_s(), t;
	uint64_t done = 0;

	do {
		f(a, b, n);
		done += n;
		t = now_s() - t0;
	} while (t < 0.3);
	return done / t;
}

static volatile u32 sink;

static void do_memcpy(char *a, char *b, size_t n)
{
	memcpy(a, b, n);
	sink += a[n / 2];
}

static void do_crc(char *a, char *b, size_t n)
{
	(void)b;
	sink += dmat_crc32c(a, n);
}

static struct dmat_geometry geo;
static struct memlog mlog;
static u64 scan_txns;

static void do_scan(char *a, char *b, size_t n)
{
	struct dmat_scan s;

	(void)n;
	memset(&s, 0, sizeof(s));
	s.geo = &geo;
	s.start_seq = 1;
	s.start_block = 0;
	s.desc_buf = a;
	s.data_buf = b;
	s.ctx = &mlog;
	s.read_block = mem_read_block;
	dmat_scan(&s);
	if (s.result != DMAT_SCAN_UNWRITTEN || s.nr_txns != scan_txns)
		die(EXIT_IO, "cpu: the scan of the in-memory log ended early: %s after %llu "
		    "of %llu transactions", dmat_scan_result_str(s.result),
		    (unsigned long long)s.nr_txns, (unsigned long long)scan_txns);
}

static int cmd_cpu(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "mib", required_argument, NULL, 1 },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	static const u8 uuid[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };
	uint64_t mib = 64, n, log_blocks, pos, seq, rng = 7;
	double mc, crc, scan;
	char *a, *b;
	int c;

	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
		switch (c) {
		case 1:
			mib = parse_u64("--mib", optarg);
			if (!mib || mib > 4096)
				usage_error("--mib: must be 1..4096");
			break;
		case 'h': help();
		default: bad_option(c, optopt, argv, optind);
		}
	}
	if (optind != argc)
		usage_error("cpu: unexpected argument '%s'", argv[optind]);
	n = mib << 20;
	a = xalloc_aligned(n);
	b = xalloc_aligned(n);
	for (pos = 0; pos < n; pos += 8)
		memcpy(b + pos, &(uint64_t){ xorshift(&rng) }, 8);
	mc = rate(do_memcpy, a, b, n);
	crc = rate(do_crc, b, a, n);

	/*
	 * An in-memory log of mib MiB: transactions of a descriptor and 16
	 * one-block entries (the commit of 16 4 KiB lists), up to 4 blocks
	 * before the end, the rest unwritten: the scan reads and checks all.
	 */
	log_blocks = n / DMAT_BLOCK_SIZE;
	mlog.blocks = xalloc_aligned((log_blocks + 1) * DMAT_BLOCK_SIZE);
	{
		struct dmat_superblock *sb = (void *)mlog.blocks;

		if (dmat_sb_build(sb, uuid, 1, log_blocks, 1ULL << 30))
			die(EXIT_IO, "cpu: cannot build a superblock");
		dmat_geometry_from_sb(&geo, sb);
	}
	for (pos = 0, seq = 1; pos + 17 + 4 <= log_blocks; pos += 17, seq++) {
		struct dmat_descriptor *d = (void *)(mlog.blocks + (1 + pos) * DMAT_BLOCK_SIZE);
		unsigned int e;

		dmat_desc_init(d, &geo, seq, pos);
		for (e = 0; e < 16; e++) {
			char *data = mlog.blocks + (2 + pos + e) * DMAT_BLOCK_SIZE;

			memcpy(data, b + ((pos + e) * DMAT_BLOCK_SIZE) % (n - DMAT_BLOCK_SIZE),
			       DMAT_BLOCK_SIZE);
			if (dmat_desc_add(d, &geo, xorshift(&rng) % ((1ULL << 30) / 8) * 8, 8,
					 dmat_crc32c(data, DMAT_BLOCK_SIZE)))
				die(EXIT_IO, "cpu: cannot build a descriptor");
		}
		dmat_desc_seal(d);
		scan_txns++;
	}
	scan = rate(do_scan, a, a + DMAT_BLOCK_SIZE, pos * DMAT_BLOCK_SIZE);
	printf("{\"mib\": %llu, \"memcpy_mb_s\": %.1f, \"crc32c_mb_s\": %.1f, "
	       "\"scan_mb_s\": %.1f, \"memcpy_ns_per_byte\": %.4f, "
	       "\"crc32c_ns_per_byte\": %.4f, \"scan_ns_per_byte\": %.4f}\n",
	       (unsigned long long)mib, mc / 1e6, crc / 1e6, scan / 1e6, 1e9 / mc,
	       1e9 / crc, 1e9 / scan);
	free(a);
	free(b);
	free(mlog.blocks);
	return EXIT_OK;
}

/* --- path --------------------------------------------------------------------------- */

enum { STEP_LOG, STEP_LOG_FUA, STEP_FLUSH, STEP_RECORD, STEP_INPLACE, NR_STEPS };
static const char *const step_names[NR_STEPS] = { "log", "log-fua", "flush", "record", "inplace" };

/*
 * The steps of one logged write, each timed, on the raw disks: what the
 * disks charge a design that makes them (dm-atomic's zero-copy path makes
 * log, flush, record, inplace; acknowledging before the in-place write would
 * leave log, flush, record; its copy path acknowledges after log, and after
 * log-fua when flushes follow its commits).
 */
static int cmd_path(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "bytes", required_argument, NULL, 'b' },
		{ "seconds", required_argument, NULL, 'T' },
		{ "steps", required_argument, NULL, 1 },
		{ "log-offset", required_argument, NULL, 2 },
		{ "force", no_argument, NULL, 3 },
		{ "shared", no_argument, NULL, 4 },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	uint64_t bytes = 1 << 20, log_off = 1 << 20, log_size, data_size, head, dpos = 0;
	uint64_t writes = 0, step_ns[NR_STEPS] = { 0 };
	int steps[NR_STEPS], nsteps = 0, lfd, sfd, dfd, err = 0, c, i;
	unsigned int seen = 0;	/* the steps named, a bit each */
	const char *step_arg = "log,flush,record,inplace";
	struct worker w = { 0 };
	double seconds = 1, t0, end, secs;
	char *buf, *list, *tok, *endp;

	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, ":b:T:h", opts, NULL)) != -1) {
		switch (c) {
		case 'b':
			bytes = parse_u64_range("--bytes", optarg, 4096, 64ULL << 20);
			if (bytes % 4096)
				usage_error("--bytes: a multiple of 4096");
			break;
		case 'T':
			seconds = strtod(optarg, &endp);
			if (*endp || !(seconds > 0))
				usage_error("--seconds: '%s' is not a positive number", optarg);
			break;
		case 1: step_arg = optarg; break;
		case 2:
			log_off = parse_u64("--log-offset", optarg);
			if (log_off % 4096)
				usage_error("--log-offset: a multiple of 4096");
			break;
		case 3: cfg.force = 1; break;
		case 4: cfg.shared = 1; break;
		case 'h': help();
		default: bad_option(c, optopt, argv, optind);
		}
	}
	if (optind != argc - 2)
		usage_error("path: LOG and DATA, two devices");
	list = strdup(step_arg);
	if (!list)
		die(EXIT_NOMEM, "out of memory");
	if (*step_arg == ',' || strstr(step_arg, ",,") ||
	    (*step_arg && step_arg[strlen(step_arg) - 1] == ','))
		usage_error("--steps: '%s' has an empty step", step_arg);
	for (tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
		for (i = 0; i < NR_STEPS && strcmp(tok, step_names[i]); i++)
			;
		if (i == NR_STEPS)
			usage_error("--steps: '%s' is not log, log-fua, flush, record or inplace", tok);
		if (seen & 1U << i)
			usage_error("--steps: '%s' twice", tok);
		seen |= 1U << i;
		steps[nsteps++] = i;
	}
	free(list);
	if (!nsteps)
		usage_error("--steps: no step");
	if ((seen & 1U << STEP_LOG) && (seen & 1U << STEP_LOG_FUA))
		usage_error("--steps: log and log-fua: one log write or the other");

	claim_dev(argv[optind], &log_size);
	claim_dev(argv[optind + 1], &data_size);
	if (log_off >= log_size || log_size - log_off < 2 * (bytes + 8192))
		die(EXIT_REFUSED, "%s: %llu bytes: too small for two writes of %llu bytes past "
		    "the log offset %llu", argv[optind], (unsigned long long)log_size,
		    (unsigned long long)bytes, (unsigned long long)log_off);
	if (data_size < bytes)
		die(EXIT_REFUSED, "%s: %llu bytes: smaller than one write of %llu",
		    argv[optind + 1], (unsigned long long)data_size, (unsigned long long)bytes);
	lfd = open(argv[optind], O_RDWR | O_DIRECT | O_CLOEXEC);
	sfd = open(argv[optind], O_RDWR | O_DIRECT | O_DSYNC | O_CLOEXEC);
	dfd = open(argv[optind + 1], O_RDWR | O_DIRECT | O_CLOEXEC);
	if (lfd < 0 || sfd < 0 || dfd < 0)
		die_errno(errno_exit(errno), "path: open O_DIRECT");
	/* Block 0: the descriptor (zeros: no log format's), then the data. */
	buf = xalloc_aligned(bytes + 4096);
	memset(buf, 0, 4096);
	memset(buf + 4096, 0x5a, bytes);

	head = log_off;
	t0 = now_s();
	end = t0 + seconds;
	for (;;) {
		double ts = now_s(), t = ts;

		if (ts >= end)
			break;
		if (head + bytes + 8192 > log_size)
			head = log_off;
		if (dpos + bytes > data_size)
			dpos = 0;
		buf[4096] = (char)writes;	/* new bytes every write */
		for (i = 0; i < nsteps && !err; i++) {
			double tn;

			switch (steps[i]) {
			case STEP_LOG:
				err = -pwrite_full(lfd, buf, bytes + 4096, head);
				break;
			case STEP_LOG_FUA:
				err = -pwrite_full(sfd, buf, bytes + 4096, head);
				break;
			case STEP_FLUSH:
				if (fdatasync(lfd))
					err = errno;
				break;
			case STEP_RECORD:
				err = -pwrite_full(sfd, buf, 4096, head + bytes + 4096);
				break;
			case STEP_INPLACE:
				err = -pwrite_full(dfd, buf + 4096, bytes, dpos);
				break;
			}
			tn = now_s();
			step_ns[steps[i]] += (uint64_t)((tn - t) * 1e9);
			t = tn;
		}
		if (err)
			break;
		record(&w, t - ts);
		writes++;
		head += bytes + 8192;
		dpos += bytes;
	}
	secs = now_s() - t0;
	qsort(w.lat, w.nlat, sizeof(*w.lat), cmp_u32);
	printf("{\"steps\": \"%s\", \"bytes_per_write\": %llu, \"seconds\": %.4f, "
	       "\"writes\": %llu, \"bytes\": %llu, \"writes_per_s\": %.2f, \"mb_per_s\": %.3f, "
	       "\"lat_us\": {\"p50\": %u, \"p90\": %u, \"p99\": %u, \"max\": %u}, \"step_us\": {",
	       step_arg, (unsigned long long)bytes, secs, (unsigned long long)writes,
	       (unsigned long long)(writes * bytes), writes / secs, writes * bytes / secs / 1e6,
	       pct(w.lat, w.nlat, 50), pct(w.lat, w.nlat, 90), pct(w.lat, w.nlat, 99),
	       w.nlat ? w.lat[w.nlat - 1] : 0);
	for (i = 0; i < nsteps; i++)
		printf("%s\"%s\": %.1f", i ? ", " : "", step_names[steps[i]],
		       writes ? step_ns[steps[i]] / 1e3 / writes : 0.0);
	printf("}, \"error\": \"%s\"}\n", err ? strerror(err) : "");
	free(w.lat);
	free(buf);
	close(lfd);
	close(sfd);
	close(dfd);
	if (err)
		msg("path: a write failed: %s", strerror(err));
	return err ? EXIT_IO : EXIT_OK;
}

int main(int argc, char **argv)
{
	tool_init("dma-bench");
	if (argc >= 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")))
		help();
	if (argc >= 2 && (!strcmp(argv[1], "-V") || !strcmp(argv[1], "--version")))
		print_version();
	if (argc < 2)
		usage_error("missing command: lists, cpu or path");
	if (!strcmp(argv[1], "lists"))
		return cmd_lists(argc - 1, argv + 1);
	if (!strcmp(argv[1], "cpu"))
		return cmd_cpu(argc - 1, argv + 1);
	if (!strcmp(argv[1], "path"))
		return cmd_path(argc - 1, argv + 1);
	usage_error("unknown command '%s' (lists, cpu or path)", argv[1]);
}
