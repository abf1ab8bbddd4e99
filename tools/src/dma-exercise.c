// SPDX-License-Identifier: GPL-2.0
/*
 * dma-exercise: issue stamped writes to a block device (or a file) and keep
 * an acknowledgment journal, for dma-verify to judge after a crash.
 *
 * Operation kinds:
 *   atomic  one contiguous range: on a kernel with the v2 series one pwritev()
 *           on an O_ATOMIC|O_DIRECT fd; with the v3 series one
 *           pwritev2(RWF_ATOMIC) when mainline's rules allow it (a power of
 *           two within the statx units, aligned to it), else a write list of
 *           one segment (BLKWRITELIST)
 *   ioctl   a discontiguous list through the list ioctl (BLKATOMICWRITE of
 *           the v2 series, BLKWRITELIST of v3: the same number and layout)
 *   plain   ordinary writes, one pwrite() per segment
 * Which series the kernel has is read from the device's queue attributes in
 * sysfs (lib/alist.c: alist_kernel()).
 * Every 4 KiB block carries a stamp (lib/stamp.h).
 *
 * Journal (text, fsync'd after every line that matters):
 *   dma-exercise journal v1 generation=G block=4096
 *   op id=N kind=K segs=B+C[,B+C...]     before the write is issued
 *   ack id=N                             after it completed
 *   fail id=N errno=E                    it failed (nothing is promised)
 *   flush id=F                           before fsync() of the target
 *   flushed id=F                         after fsync() returned 0
 * B+C are block numbers and counts in 4 KiB blocks.  Op ids follow the order
 * of the op lines.  With --jobs N, lines of different ops interleave, but
 * operations in flight together never share a block, so for any one block
 * the journal order of the ops writing it is the order they reached it.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/random.h>
#include <sys/uio.h>
#include "alist.h"
#include "util.h"
#include "stamp.h"
#include "guard.h"

#ifndef O_ATOMIC
#define O_ATOMIC 040000000	/* docs/atomic-api.md: x86-64 value */
#endif
#ifndef RWF_ATOMIC
#define RWF_ATOMIC 0x00000040	/* Linux 6.11, include/uapi/linux/fs.h */
#endif

#define MAX_SEGS 256

struct seg {
	uint64_t block, count;
};

struct op {
	int kind;
	int flush;		/* a flush, not a write */
	unsigned int nr_segs;
	struct seg segs[MAX_SEGS];
};

static struct {
	const char *target, *journal, *script;
	int mode;		/* KIND_* or 0 = mixed */
	uint64_t ops, seed, generation, flush_every, seconds;
	uint64_t region_start, region_blocks;
	unsigned int max_segs, max_blocks, jobs;
	int emulate, have_gen, have_region, read_back, force;
} cfg = {
	.mode = KIND_ATOMIC, .ops = 100, .seed = 1, .max_segs = 4, .max_blocks = 8,
	.jobs = 1,
};

static int fd_plain = -1, fd_atomic = -1, jfd = -1, is_blk;
/* The kernel's list interface, seen from the target (block devices only). */
static struct alist_kernel kif;

static void open_atomic(void);
static int read_back(const struct op *op, uint64_t id, const char *buf, uint64_t total);
/* The exit status of a run an operation stopped: its class. */
static int fail_exit = EXIT_IO;
static uint64_t target_blocks, next_id = 1, next_flush = 1;
static __thread uint64_t rng_state;

/* jlock: journal lines and op ids.  flock: one flush at a time. */
static pthread_mutex_t jlock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t flock_ = PTHREAD_MUTEX_INITIALIZER;
/* busy_lock: blocks of the operations in flight (--jobs > 1), and counters. */
static pthread_mutex_t busy_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t busy_cond = PTHREAD_COND_INITIALIZER;
static unsigned char *busy;	/* one byte per region block */
static uint64_t ops_started, ops_done;
static int stop;
static struct timespec deadline;

static int past_deadline(void)
{
	struct timespec now;

	if (!cfg.seconds)
		return 0;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return now.tv_sec > deadline.tv_sec ||
	       (now.tv_sec == deadline.tv_sec && now.tv_nsec >= deadline.tv_nsec);
}

static void __attribute__((noreturn)) help(void)
{
	printf("Usage: %s [options] TARGET\n"
	       "Write stamped atomic (or plain) operations to TARGET, a block device or\n"
	       "a regular file, and journal each acknowledgment for dma-verify.\n"
	       "\n"
	       "  -j, --journal FILE     the acknowledgment journal (required; replaced)\n"
	       "  -m, --mode MODE        atomic (contiguous: O_ATOMIC pwritev, or on a\n"
	       "                         kernel with write lists RWF_ATOMIC pwritev2 or a\n"
	       "                         one-segment BLKWRITELIST), ioctl (BLKATOMICWRITE\n"
	       "                         or BLKWRITELIST, discontiguous), plain, or mixed\n"
	       "                         (default atomic)\n"
	       "  -n, --ops N            operations to issue in random mode (default 100)\n"
	       "  -S, --seed N           random seed (default 1)\n"
	       "  -g, --generation N     run id stamped into blocks (default random)\n"
	       "  -r, --region B+C       write only blocks B..B+C-1 (4 KiB blocks;\n"
	       "                         default the whole target)\n"
	       "      --max-segs N       segments (ioctl, plain) or iovecs (atomic with\n"
	       "                         O_ATOMIC) per operation, at most %d (default 4)\n"
	       "      --max-blocks N     blocks per segment (default 8)\n"
	       "  -F, --flush-every N    fsync the target after every N operations\n"
	       "  -T, --seconds N        stop issuing random operations after N seconds\n"
	       "                         (or after --ops, whichever comes first)\n"
	       "  -J, --jobs N           issue random operations from N threads at once;\n"
	       "                         operations in flight never overlap (default 1;\n"
	       "                         above 1 the run is not reproducible)\n"
	       "      --script FILE      run the operations in FILE ('-' = stdin):\n"
	       "                         'atomic B+C', 'ioctl B+C B+C...', 'plain B+C...',\n"
	       "                         'flush'; '#' starts a comment\n"
	       "      --read-back        after each acknowledgment read the op's blocks\n"
	       "                         back and stop (exit 7) if they differ\n"
	       "      --emulate          carry out atomic and ioctl operations as plain\n"
	       "                         writes (journaled as atomic): for testing\n"
	       "                         dma-verify on image files only\n"
	       "  -f, --force            write over a target that holds something else\n"
	       "                         (see below)\n"
	       "  -h, --help             show this help\n"
	       "  -V, --version          show the version\n"
	       "\n"
	       "Without --force, TARGET must hold nothing but what dma-exercise writes:\n"
	       "no signature blkid -p finds (file system, RAID, LVM, partition table),\n"
	       "and in its first 64 KiB only zeros and blocks stamped by an earlier run;\n"
	       "anything else (dm-atomic metadata too) is refused and named.  A block\n"
	       "device is opened exclusively: one in use is refused.\n"
	       "Numbers (also in a script) are decimal and may end in K, M, G, T, P\n"
	       "or E (powers of 1024, a multiplier: -n 10K is 10240 operations).\n"
	       "Exit status: 0 all operations acknowledged; 2 TARGET refused (it\n"
	       "holds something else), or an operation refused (journaled: EOPNOTSUPP,\n"
	       "E2BIG, EINVAL), or the kernel has no atomic writes; 6 an operation\n"
	       "failed otherwise (journaled), or a journal error; 7 --read-back found\n"
	       "other data;\n" EXIT_STATUS_HELP, progname, MAX_SEGS);
	exit(EXIT_OK);
}

static uint64_t rnd(void)
{
	uint64_t x = rng_state;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	rng_state = x;
	return x * 0x2545F4914F6CDD1DULL;
}

static uint64_t rnd_below(uint64_t n)
{
	return n ? rnd() % n : 0;
}

static void jwrite(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void jwrite(const char *fmt, ...)
{
	char line[8192];
	va_list ap;
	int n, r;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof(line))
		die(EXIT_IO, "journal line too long");
	/* O_APPEND: each line lands whole at the end. */
	r = pwrite_full(jfd, line, n, 0);
	if (r || fdatasync(jfd))
		die(EXIT_IO, "%s: journal write: %s", cfg.journal,
		    strerror(r ? -r : errno));
}

static const char *segs_str(const struct op *op, char *buf, size_t n)
{
	size_t at = 0;
	unsigned int i;

	buf[0] = 0;
	for (i = 0; i < op->nr_segs && at < n; i++)
		at += snprintf(buf + at, n - at, "%s%llu+%llu", i ? "," : "",
			       (unsigned long long)op->segs[i].block,
			       (unsigned long long)op->segs[i].count);
	return buf;
}

static void do_flush(void)
{
	uint64_t id;

	pthread_mutex_lock(&flock_);
	pthread_mutex_lock(&jlock);
	id = next_flush++;
	jwrite("flush id=%llu\n", (unsigned long long)id);
	pthread_mutex_unlock(&jlock);
	if (fsync(fd_plain))
		die_errno(EXIT_IO, "%s: flush %llu (fsync)", cfg.target,
			  (unsigned long long)id);
	pthread_mutex_lock(&jlock);
	jwrite("flushed id=%llu\n", (unsigned long long)id);
	pthread_mutex_unlock(&jlock);
	pthread_mutex_unlock(&flock_);
}

static int op_kind_atomic(const char *how)
{
	return strstr(how, "O_ATOMIC") || strstr(how, "RWF_ATOMIC") ||
	       strstr(how, "BLKATOMICWRITE") || strstr(how, "BLKWRITELIST");
}

/* The queue attribute that says how much of what `how` issued the device takes. */
static const char *limit_attr(const char *how)
{
	return strstr(how, "RWF_ATOMIC") ? "atomic_write_unit_max_bytes" : kif.segs_attr;
}

static int fail_op(uint64_t id, int e, const char *how)
{
	pthread_mutex_lock(&jlock);
	jwrite("fail id=%llu errno=%d\n", (unsigned long long)id, e);
	fail_exit = e == EOPNOTSUPP || e == E2BIG || e == EINVAL ? EXIT_REFUSED : EXIT_IO;
	pthread_mutex_unlock(&jlock);
	if (e == EOPNOTSUPP && kif.iface == ALIST_V3)
		msg("%s: op %llu: %s: the device does not support atomic writes "
		    "(EOPNOTSUPP; see queue/%s)", cfg.target, (unsigned long long)id, how,
		    limit_attr(how));
	else if (e == EOPNOTSUPP)
		msg("%s: op %llu: %s: the device does not support atomic writes "
		    "(EOPNOTSUPP)", cfg.target, (unsigned long long)id, how);
	else if (e == ENOTTY && kif.iface == ALIST_V3)
		die(EXIT_REFUSED, "%s: op %llu: %s: the kernel lacks the BLKWRITELIST "
		    "ioctl (ENOTTY: built without CONFIG_BLK_WRITE_LIST)", cfg.target,
		    (unsigned long long)id, how);
	else if (e == ENOTTY)
		die(EXIT_REFUSED, "%s: op %llu: %s: the kernel lacks the BLKATOMICWRITE "
		    "ioctl (ENOTTY)", cfg.target, (unsigned long long)id, how);
	else if (e == E2BIG)
		msg("%s: op %llu: %s: more segments or bytes than the device's atomic "
		    "limits (E2BIG; see queue/%s and %s)", cfg.target,
		    (unsigned long long)id, how, kif.segs_attr, kif.bytes_attr);
	else if (e == EINVAL && op_kind_atomic(how))
		msg("%s: op %llu: %s: rejected as invalid (EINVAL): larger than the "
		    "device's atomic limits, or misaligned", cfg.target,
		    (unsigned long long)id, how);
	else
		msg("%s: op %llu: %s: %s", cfg.target, (unsigned long long)id, how,
		    strerror(e));
	return -1;
}

/*
 * Write (write=1) or read op's segments in order from or into buf, where
 * they lie back to back, one full pwrite/pread per segment on fd.  Stops at
 * the first failure: 0 or -errno (io_full()).
 */
static int segs_io(int fd, const struct op *op, char *buf, int write)
{
	uint64_t done = 0;
	unsigned int i;
	int e;

	for (i = 0; i < op->nr_segs; i++) {
		e = io_full(fd, buf + done * STAMP_BLOCK,
			    op->segs[i].count * STAMP_BLOCK,
			    op->segs[i].block * STAMP_BLOCK, write);
		if (e)
			return e;
		done += op->segs[i].count;
	}
	return 0;
}

/* The three ways to write an op's stamped buffer.  Each returns 0 or an errno. */
static int issue_plain(const struct op *op, char *buf)
{
	return -segs_io(fd_plain, op, buf, 1);
}

/* One contiguous range: one O_ATOMIC pwritev() with up to max_segs iovecs. */
static int issue_atomic(const struct op *op, char *buf, uint64_t total)
{
	struct iovec iov[MAX_SEGS];
	unsigned int i, n = total < cfg.max_segs ? total : cfg.max_segs;
	uint64_t done = 0;
	ssize_t r;

	for (i = 0; i < n; i++) {
		uint64_t c = total / n + (i < total % n);

		iov[i].iov_base = buf + done * STAMP_BLOCK;
		iov[i].iov_len = c * STAMP_BLOCK;
		done += c;
	}
	r = pwritev(fd_atomic, iov, n, op->segs[0].block * STAMP_BLOCK);
	if (r < 0)
		return errno;
	return (uint64_t)r == total * STAMP_BLOCK ? 0 : EIO;	/* short: a bug */
}

/* One contiguous range on a v3 kernel: one pwritev2(RWF_ATOMIC), one buffer. */
static int issue_rwf(const struct op *op, char *buf, uint64_t total)
{
	struct iovec iov = { .iov_base = buf, .iov_len = total * STAMP_BLOCK };
	ssize_t r;

	r = pwritev2(fd_plain, &iov, 1, op->segs[0].block * STAMP_BLOCK, RWF_ATOMIC);
	if (r < 0)
		return errno;
	return (uint64_t)r == total * STAMP_BLOCK ? 0 : EIO;	/* short: a bug */
}

/*
 * A discontiguous list through the list ioctl: BLKWRITELIST, which is
 * BLKATOMICWRITE of the v2 series (same number, same layout).
 */
static int issue_ioctl(const struct op *op, char *buf)
{
	struct blkwritelist_seg wseg[MAX_SEGS];
	struct blkwritelist wl;
	uint64_t done = 0;
	unsigned int i;

	memset(&wl, 0, sizeof(wl));
	for (i = 0; i < op->nr_segs; i++) {
		wseg[i].offset = op->segs[i].block * STAMP_BLOCK;
		wseg[i].len = op->segs[i].count * STAMP_BLOCK;
		wseg[i].buf = (uintptr_t)(buf + done * STAMP_BLOCK);
		done += op->segs[i].count;
	}
	wl.nr_segs = op->nr_segs;
	wl.segs = (uintptr_t)wseg;
	return ioctl(fd_plain, BLKWRITELIST, &wl) ? errno : 0;
}

/* Journal the op, stamp its blocks, write them, journal the outcome. */
static int run_op(const struct op *op)
{
	uint64_t id, total = 0, done = 0;
	unsigned int i, b;
	const char *how;
	char sbuf[8192];
	char *buf;
	int e;

	for (i = 0; i < op->nr_segs; i++)
		total += op->segs[i].count;
	buf = xalloc_aligned(total * STAMP_BLOCK);
	/* Refuse a kernel without O_ATOMIC before journaling anything. */
	if (op->kind == KIND_ATOMIC && !cfg.emulate && kif.iface != ALIST_V3)
		open_atomic();
	/* The intent is journaled (and durable) before any byte is written. */
	pthread_mutex_lock(&jlock);
	id = next_id++;
	jwrite("op id=%llu kind=%s segs=%s\n", (unsigned long long)id,
	       kind_name(op->kind), segs_str(op, sbuf, sizeof(sbuf)));
	pthread_mutex_unlock(&jlock);
	for (i = 0; i < op->nr_segs; i++)
		for (b = 0; b < op->segs[i].count; b++, done++) {
			struct stamp_info si = {
				.op = id, .generation = cfg.generation,
				.offset = (op->segs[i].block + b) * STAMP_BLOCK,
				.seg = i, .nr_segs = op->nr_segs, .block = done,
				.nr_blocks = total, .kind = op->kind,
			};
			stamp_fill(buf + done * STAMP_BLOCK, &si);
		}

	if (op->kind == KIND_PLAIN || cfg.emulate) {
		how = "pwrite";
		e = issue_plain(op, buf);
	} else if (op->kind == KIND_ATOMIC && kif.iface != ALIST_V3) {
		how = "O_ATOMIC pwritev";
		e = issue_atomic(op, buf, total);
	} else if (op->kind == KIND_ATOMIC &&
		   (alist_rwf_atomic_fits(&kif, op->segs[0].block * STAMP_BLOCK,
					  total * STAMP_BLOCK) || !kif.segs)) {
		/* without write lists RWF_ATOMIC says why not */
		how = "RWF_ATOMIC pwritev2";
		e = issue_rwf(op, buf, total);
	} else if (op->kind == KIND_ATOMIC) {
		how = "BLKWRITELIST (one segment)";
		e = issue_ioctl(op, buf);
	} else {
		how = kif.ioctl_name;
		e = issue_ioctl(op, buf);
	}
	if (e) {
		free(buf);
		return fail_op(id, e, how);
	}
	pthread_mutex_lock(&jlock);
	jwrite("ack id=%llu\n", (unsigned long long)id);
	pthread_mutex_unlock(&jlock);
	e = cfg.read_back ? read_back(op, id, buf, total) : 0;
	free(buf);
	return e;
}

/*
 * Read-your-writes: right after the ack, the op's blocks must read back as
 * written (no op in flight overlaps them).  DMA_EXERCISE_SELFTEST_READBACK=N
 * flips a byte of op N's read-back, to prove the check can fail.
 */
static int read_back(const struct op *op, uint64_t id, const char *buf, uint64_t total)
{
	char *rb = xalloc_aligned(total * STAMP_BLOCK);
	const char *st = getenv("DMA_EXERCISE_SELFTEST_READBACK");
	uint64_t done, b;
	unsigned int i;
	int r;

	r = segs_io(fd_plain, op, rb, 0);
	if (r)
		die(EXIT_IO, "%s: read-back of op %llu: %s", cfg.target,
		    (unsigned long long)id, strerror(-r));
	if (st && strtoull(st, NULL, 10) == id)
		rb[100] ^= 1;
	for (i = 0, done = 0; i < op->nr_segs; i++)
		for (b = 0; b < op->segs[i].count; b++, done++)
			if (memcmp(rb + done * STAMP_BLOCK, buf + done * STAMP_BLOCK,
				   STAMP_BLOCK)) {
				struct stamp_info si;
				enum stamp_status ss = stamp_parse(rb + done * STAMP_BLOCK,
								   cfg.generation, &si);

				msg("%s: read-back of op %llu: block %llu does not hold what "
				    "was just acknowledged (found %s)", cfg.target,
				    (unsigned long long)id,
				    (unsigned long long)(op->segs[i].block + b),
				    ss == STAMP_OK ? "another op's stamp" :
				    ss == STAMP_CORRUPT ? "a stamp with a bad checksum" :
				    ss == STAMP_OTHER_GEN ? "a stamp of another run" :
				    "no stamp");
				free(rb);
				fail_exit = EXIT_DAMAGED;
				return -1;
			}
	free(rb);
	return 0;
}

static int overlaps(const struct op *op, uint64_t b, uint64_t c)
{
	unsigned int i;

	for (i = 0; i < op->nr_segs; i++)
		if (b < op->segs[i].block + op->segs[i].count &&
		    op->segs[i].block < b + c)
			return 1;
	return 0;
}

/* A random segment of 1..max_blocks blocks (at most the region) in the region. */
static void random_seg(struct seg *s)
{
	uint64_t c = 1 + rnd_below(cfg.max_blocks);

	if (c > cfg.region_blocks)
		c = cfg.region_blocks;
	s->block = cfg.region_start + rnd_below(cfg.region_blocks - c + 1);
	s->count = c;
}

static void random_op(struct op *op)
{
	unsigned int want, tries;
	struct seg s;

	memset(op, 0, sizeof(*op));
	op->kind = cfg.mode ? cfg.mode : (int)(1 + rnd_below(3));
	if (op->kind == KIND_ATOMIC) {
		random_seg(&op->segs[0]);
		op->nr_segs = 1;
		return;
	}
	want = 1 + rnd_below(cfg.max_segs);
	for (tries = 0; op->nr_segs < want && tries < 64; tries++) {
		random_seg(&s);
		if (overlaps(op, s.block, s.count))
			continue;
		op->segs[op->nr_segs++] = s;
	}
}

/* Parse "B+C" into a segment, checked against the target. */
static void parse_seg(const char *where, char *s, struct seg *seg)
{
	char *plus = strchr(s, '+');

	if (!plus)
		die(EXIT_USAGE, "%s: '%s' is not BLOCK+COUNT", where, s);
	*plus = 0;
	seg->block = parse_u64(where, s);
	seg->count = parse_u64(where, plus + 1);
	if (!seg->count)
		die(EXIT_USAGE, "%s: a segment of 0 blocks", where);
	if (seg->block >= target_blocks || seg->count > target_blocks - seg->block)
		die(EXIT_USAGE, "%s: %llu+%llu is past the end of %s (%llu blocks)",
		    where, (unsigned long long)seg->block,
		    (unsigned long long)seg->count, cfg.target,
		    (unsigned long long)target_blocks);
}

static int parse_script_line(char *line, const char *where, struct op *op)
{
	char *save, *w, *hash = strchr(line, '#');

	if (hash)
		*hash = 0;
	memset(op, 0, sizeof(*op));
	w = strtok_r(line, " \t\r\n", &save);
	if (!w)
		return 0;
	if (!strcmp(w, "flush"))
		op->flush = 1;
	else if (!strcmp(w, "atomic"))
		op->kind = KIND_ATOMIC;
	else if (!strcmp(w, "ioctl"))
		op->kind = KIND_IOCTL;
	else if (!strcmp(w, "plain"))
		op->kind = KIND_PLAIN;
	else
		die(EXIT_USAGE, "%s: unknown operation '%s'", where, w);
	while ((w = strtok_r(NULL, " \t\r\n", &save))) {
		if (op->flush)
			die(EXIT_USAGE, "%s: 'flush' takes no arguments", where);
		if (op->nr_segs == MAX_SEGS)
			die(EXIT_USAGE, "%s: more than %d segments", where, MAX_SEGS);
		parse_seg(where, w, &op->segs[op->nr_segs]);
		if (overlaps(op, op->segs[op->nr_segs].block, op->segs[op->nr_segs].count))
			die(EXIT_USAGE, "%s: segments overlap", where);
		op->nr_segs++;
	}
	if (!op->flush && !op->nr_segs)
		die(EXIT_USAGE, "%s: '%s' needs at least one BLOCK+COUNT", where,
		    kind_name(op->kind));
	if (op->kind == KIND_ATOMIC && op->nr_segs != 1)
		die(EXIT_USAGE, "%s: 'atomic' takes one contiguous BLOCK+COUNT "
		    "(use 'ioctl' for a discontiguous list)", where);
	return 1;
}

static int run_script(void)
{
	FILE *f = strcmp(cfg.script, "-") ? fopen(cfg.script, "r") : stdin;
	char line[16384], where[64];
	int lineno = 0, failed = 0;
	struct op *op = malloc(sizeof(*op));

	if (!f)
		die_errno(errno_exit(errno), "%s", cfg.script);
	/* Read twice (parsed, then run): a pipe is copied to a file first. */
	if (f == stdin && fseek(f, 0, SEEK_SET)) {
		FILE *t = tmpfile();
		size_t n;

		if (!t)
			die_errno(EXIT_IO, "a temporary file for the script");
		while ((n = fread(line, 1, sizeof(line), stdin)) > 0)
			if (fwrite(line, 1, n, t) != n)
				die_errno(EXIT_IO, "a temporary file for the script");
		if (ferror(stdin))
			die_errno(EXIT_IO, "-: read");
		rewind(t);
		f = t;
	}
	/* Parse everything first: a bad script writes nothing. */
	while (fgets(line, sizeof(line), f)) {
		snprintf(where, sizeof(where), "%s:%d", cfg.script, ++lineno);
		parse_script_line(line, where, op);
		if (!op->flush && !cfg.emulate && !is_blk && op->kind != KIND_PLAIN)
			die(EXIT_USAGE, "%s: %s is a regular file: '%s' needs a block "
			    "device (or --emulate)", where, cfg.target, kind_name(op->kind));
	}
	rewind(f);
	lineno = 0;
	while (!failed && fgets(line, sizeof(line), f)) {
		snprintf(where, sizeof(where), "%s:%d", cfg.script, ++lineno);
		if (!parse_script_line(line, where, op))
			continue;
		if (op->flush)
			do_flush();
		else if (run_op(op))
			failed = 1;
	}
	fclose(f);
	free(op);
	return failed;
}

/* Under busy_lock: is no block of op in flight? */
static int blocks_free(const struct op *op)
{
	unsigned int i;
	uint64_t b;

	for (i = 0; i < op->nr_segs; i++)
		for (b = 0; b < op->segs[i].count; b++)
			if (busy[op->segs[i].block - cfg.region_start + b])
				return 0;
	return 1;
}

/* Under busy_lock: mark op's blocks in flight (1) or done (0). */
static void mark_blocks(const struct op *op, int val)
{
	unsigned int i;

	for (i = 0; i < op->nr_segs; i++)
		memset(busy + op->segs[i].block - cfg.region_start, val,
		       op->segs[i].count);
}

static void *worker(void *arg)
{
	struct op *op = malloc(sizeof(*op));
	uintptr_t t = (uintptr_t)arg;
	int failed = 0;

	rng_state = (cfg.seed + t) * 0x9E3779B97F4A7C15ULL + 1;
	for (;;) {
		uint64_t n;

		pthread_mutex_lock(&busy_lock);
		if (stop || ops_started == cfg.ops || past_deadline()) {
			pthread_mutex_unlock(&busy_lock);
			break;
		}
		ops_started++;
		/* Draw until the op overlaps nothing in flight. */
		for (;;) {
			random_op(op);
			if (!busy)
				break;
			if (blocks_free(op)) {
				mark_blocks(op, 1);
				break;
			}
			pthread_cond_wait(&busy_cond, &busy_lock);
		}
		pthread_mutex_unlock(&busy_lock);

		failed = run_op(op);

		pthread_mutex_lock(&busy_lock);
		if (busy) {
			mark_blocks(op, 0);
			pthread_cond_broadcast(&busy_cond);
		}
		n = failed ? ops_done : ++ops_done;
		if (failed)
			stop = 1;
		else
			progress("operations", n, cfg.ops, 0);
		pthread_mutex_unlock(&busy_lock);
		if (failed)
			break;
		if (cfg.flush_every && n % cfg.flush_every == 0)
			do_flush();
	}
	free(op);
	return (void *)(uintptr_t)failed;
}

static int run_random(void)
{
	pthread_t th[64];
	unsigned int i;
	int failed = 0;

	if (cfg.jobs == 1) {
		failed = (int)(uintptr_t)worker((void *)0);
		progress("operations", ops_done, cfg.ops, 1);
		return failed;
	}
	busy = calloc(cfg.region_blocks, 1);
	if (!busy)
		die(EXIT_NOMEM, "out of memory");
	/* Opened before the threads start (they share it); never on v3, which has no O_ATOMIC. */
	if (is_blk && !cfg.emulate && kif.iface != ALIST_V3 &&
	    (cfg.mode == KIND_ATOMIC || cfg.mode == 0))
		open_atomic();
	for (i = 0; i < cfg.jobs; i++)
		if (pthread_create(&th[i], NULL, worker, (void *)(uintptr_t)i))
			die(EXIT_NOMEM, "cannot start thread %u", i);
	for (i = 0; i < cfg.jobs; i++) {
		void *r;

		pthread_join(th[i], &r);
		failed |= (int)(uintptr_t)r;
	}
	progress("operations", ops_done, cfg.ops, 1);
	free(busy);
	return failed;
}

static void open_target(void)
{
	uint64_t size;

	/*
	 * A block device is claimed exclusively (by the first, kept open, fd)
	 * so a mounted or otherwise held device is refused, not overwritten.
	 * Without --force, a target that holds anything but zeros and stamps
	 * is refused (blkid runs before the exclusive open: it opens the
	 * device itself).
	 */
	char sig_desc[256];
	int sig = cfg.force ? 0 : blkid_signature(cfg.target, sig_desc, sizeof(sig_desc));

	fd_plain = open_dev(cfg.target, O_RDWR, 1, &size, &is_blk);
	if (!cfg.force)
		refuse_unless_blank(cfg.target, fd_plain, size, sig, sig_desc, "--force");
	target_blocks = size / STAMP_BLOCK;
	if (!target_blocks)
		die(EXIT_REFUSED, "%s: smaller than one %u-byte block", cfg.target,
		    STAMP_BLOCK);
	if (!is_blk)
		return;
	/* Block devices: O_DIRECT, so an acknowledged write left the host. */
	fd_plain = open(cfg.target, O_RDWR | O_DIRECT | O_CLOEXEC);
	if (fd_plain < 0)
		die_errno(errno_exit(errno), "%s: open O_DIRECT", cfg.target);
}

/* Open the O_ATOMIC fd on first use, and make sure the kernel honoured it. */
static void open_atomic(void)
{
	int fl;

	if (fd_atomic >= 0)
		return;
	fd_atomic = open(cfg.target, O_RDWR | O_DIRECT | O_ATOMIC | O_CLOEXEC);
	if (fd_atomic < 0) {
		if (errno == EOPNOTSUPP)
			die(EXIT_REFUSED, "%s: open O_ATOMIC: the device does not support "
			    "atomic writes (EOPNOTSUPP)", cfg.target);
		die_errno(errno_exit(errno), "%s: open O_ATOMIC|O_DIRECT", cfg.target);
	}
	fl = fcntl(fd_atomic, F_GETFL);
	if (fl < 0 || !(fl & O_ATOMIC))
		die(EXIT_REFUSED, "%s: the kernel ignored O_ATOMIC (open succeeded but "
		    "F_GETFL lacks it): no atomic-write support in this kernel",
		    cfg.target);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "journal", required_argument, NULL, 'j' },
		{ "mode", required_argument, NULL, 'm' },
		{ "ops", required_argument, NULL, 'n' },
		{ "seed", required_argument, NULL, 'S' },
		{ "generation", required_argument, NULL, 'g' },
		{ "region", required_argument, NULL, 'r' },
		{ "max-segs", required_argument, NULL, 1 },
		{ "max-blocks", required_argument, NULL, 2 },
		{ "flush-every", required_argument, NULL, 'F' },
		{ "script", required_argument, NULL, 5 },
		{ "jobs", required_argument, NULL, 'J' },
		{ "seconds", required_argument, NULL, 'T' },
		{ "emulate", no_argument, NULL, 3 },
		{ "read-back", no_argument, NULL, 4 },
		{ "force", no_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ 0 }
	};
	char *region = NULL;
	int c, failed;

	tool_init("dma-exercise");
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":j:m:n:S:g:r:F:J:T:fhV", opts, NULL)) != -1) {
		switch (c) {
		case 'j': cfg.journal = optarg; break;
		case 'm':
			if (!strcmp(optarg, "atomic")) cfg.mode = KIND_ATOMIC;
			else if (!strcmp(optarg, "ioctl")) cfg.mode = KIND_IOCTL;
			else if (!strcmp(optarg, "plain")) cfg.mode = KIND_PLAIN;
			else if (!strcmp(optarg, "mixed")) cfg.mode = 0;
			else usage_error("--mode: '%s' is not atomic, ioctl, plain or mixed",
					 optarg);
			break;
		case 'n': cfg.ops = parse_u64("--ops", optarg); break;
		case 'S': cfg.seed = parse_u64("--seed", optarg); break;
		case 'g':
			cfg.generation = parse_u64("--generation", optarg);
			cfg.have_gen = 1;
			break;
		case 'r': region = optarg; break;
		case 1:
			cfg.max_segs = parse_u64_range("--max-segs", optarg, 1, MAX_SEGS);
			break;
		case 2:
			cfg.max_blocks = parse_u64_range("--max-blocks", optarg, 1, 4096);
			break;
		case 'F': cfg.flush_every = parse_u64("--flush-every", optarg); break;
		case 5: cfg.script = optarg; break;
		case 'T':
			/* 0 = no limit; at most 68 years, so the deadline fits a time_t. */
			cfg.seconds = parse_u64_range("--seconds", optarg, 0, INT32_MAX);
			break;
		case 'J':
			cfg.jobs = parse_u64_range("--jobs", optarg, 1, 64);
			break;
		case 3: cfg.emulate = 1; break;
		case 4: cfg.read_back = 1; break;
		case 'f': cfg.force = 1; break;
		case 'h': help();
		case 'V': print_version();
		default: bad_option(c, optopt, argv, optind);
		}
	}
	cfg.target = positional_args(argc, argv, "TARGET", NULL)[0];
	if (!cfg.journal)
		usage_error("missing --journal FILE");
	open_target();
	alist_kernel(fd_plain, &kif);
	if (!is_blk && !cfg.emulate && !cfg.script && cfg.mode != KIND_PLAIN)
		die(EXIT_USAGE, "%s is a regular file: atomic writes need a block device "
		    "(use --mode plain, or --emulate to test dma-verify)", cfg.target);
	if (region) {
		struct seg s;

		parse_seg("--region", region, &s);
		cfg.region_start = s.block;
		cfg.region_blocks = s.count;
	} else {
		cfg.region_start = 0;
		cfg.region_blocks = target_blocks;
	}
	if (!cfg.have_gen) {
		if (getrandom(&cfg.generation, sizeof(cfg.generation), 0) !=
		    sizeof(cfg.generation))
			die_errno(EXIT_IO, "getrandom");
		cfg.generation &= (1ULL << 53) - 1;	/* exact in any JSON reader */
	}
	if (cfg.script && cfg.jobs > 1)
		usage_error("--jobs applies to random runs, not to --script");
	if (cfg.seconds) {
		clock_gettime(CLOCK_MONOTONIC, &deadline);
		deadline.tv_sec += cfg.seconds;
	}

	jfd = open(cfg.journal, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0644);
	if (jfd < 0)
		die_errno(errno_exit(errno), "%s", cfg.journal);
	jwrite("dma-exercise journal v1 generation=%llu block=%u\n",
	       (unsigned long long)cfg.generation, STAMP_BLOCK);

	failed = cfg.script ? run_script() : run_random();
	if (close(jfd))
		die_errno(EXIT_IO, "%s: close", cfg.journal);
	return failed ? fail_exit : EXIT_OK;
}
