// SPDX-License-Identifier: GPL-2.0
/*
 * dma-verify: judge a target written by dma-exercise (after a crash, say)
 * against its acknowledgment journal.
 *
 * For every block some operation wrote, the stamp found says which op's
 * write landed last (or none: older contents).  With the ops writing that
 * block in journal order o1..ok and the stamp naming oj: oj is *present* at
 * the block, o1..oj-1 are unknown (overwritten), oj+1..ok are *absent*.
 * No stamp of this run: all of them are absent.  Per op:
 *   all-new     present somewhere, absent nowhere
 *   all-old     absent somewhere, present nowhere
 *   TORN        both (or a block with a bad stamp checksum)
 *   superseded  every block overwritten by later ops: nothing to judge
 * Violations (exit 7): a TORN atomic or ioctl op; an op acknowledged before a
 * flush began, the flush completed, and the op absent or torn (durability);
 * an atomic op acknowledged and absent while an atomic op issued after that
 * acknowledgment (a later op line) is present (order); a block
 * with this run's stamp for another place (misdirected) or with a bad stamp
 * checksum under an atomic op (corrupt).  Plain ops may tear.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "util.h"
#include "stamp.h"

struct vseg {
	uint64_t block, count;
};

struct vop {
	uint64_t id;
	u32 kind;
	int acked, failed;
	uint64_t op_line, ack_line;	/* journal lines of submission and ack */
	unsigned int nr_segs;
	struct vseg *segs;
	uint64_t nr_blocks;
	uint64_t present, absent, unknown, corrupt;
};

struct ref {
	uint64_t block;
	uint32_t op;		/* index into ops */
};

static struct vop *ops;
static size_t nr_ops, cap_ops;
static uint64_t generation, durable_line;
static int quiet;
static const char *target_path, *journal_path;
static uint64_t viol_torn, viol_dur, viol_order, viol_corrupt, viol_misdir;
/* An atomic op issued after the journal ends (a cut journal) landed. */
static uint64_t beyond_present;

static void __attribute__((noreturn)) help(void)
{
	printf("Usage: %s [options] TARGET JOURNAL\n"
	       "Check TARGET (block device or file) written by dma-exercise against\n"
	       "its JOURNAL: per operation all-new / all-old / TORN / superseded, and\n"
	       "durability and order violations.\n"
	       "\n"
	       "  -q, --quiet           print only violations and the summary\n"
	       "  -h, --help            show this help\n"
	       "  -V, --version         show the version\n"
	       "\n"
	       "The block size is the journal's (dma-exercise writes 4096-byte blocks).\n"
	       "Exit status: 0 no violation, 7 violations found (damaged), 1 a\n"
	       "malformed journal, 2 TARGET smaller than the journal's writes;\n"
	       EXIT_STATUS_HELP, progname);
	exit(EXIT_OK);
}

static void __attribute__((noreturn)) jerr(int line, const char *what)
{
	die(EXIT_USAGE, "%s:%d: %s", journal_path, line, what);
}

static uint64_t kv(char *tok, const char *key, int line)
{
	size_t n = strlen(key);
	char *end;
	unsigned long long v;

	if (!tok || strncmp(tok, key, n) || tok[n] != '=')
		jerr(line, "malformed line");
	errno = 0;
	v = strtoull(tok + n + 1, &end, 10);
	if (errno || *end || end == tok + n + 1)
		jerr(line, "malformed number");
	return v;
}

static void parse_segs(struct vop *op, char *s, int line)
{
	char *save, *w;

	for (w = strtok_r(s, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
		char *plus = strchr(w, '+'), *end;

		if (!plus)
			jerr(line, "malformed segment");
		op->segs = realloc(op->segs, (op->nr_segs + 1) * sizeof(*op->segs));
		if (!op->segs)
			die(EXIT_NOMEM, "out of memory");
		errno = 0;
		op->segs[op->nr_segs].block = strtoull(w, &end, 10);
		if (end != plus || errno)
			jerr(line, "malformed segment");
		op->segs[op->nr_segs].count = strtoull(plus + 1, &end, 10);
		if (*end || errno || !op->segs[op->nr_segs].count)
			jerr(line, "malformed segment");
		op->nr_blocks += op->segs[op->nr_segs].count;
		op->nr_segs++;
	}
	if (!op->nr_segs)
		jerr(line, "operation without segments");
}

/* "dma-exercise journal v1 generation=G block=4096" */
static void parse_header(char *line)
{
	char *save, *w;

	if (strncmp(line, "dma-exercise journal v1 ", 24))
		jerr(1, "not a dma-exercise journal (bad header)");
	w = strtok_r(line + 24, " ", &save);
	generation = kv(w, "generation", 1);
	w = strtok_r(NULL, " ", &save);
	if (kv(w, "block", 1) != STAMP_BLOCK)
		jerr(1, "unsupported block size");
}

/* The rest of "op id=N kind=K segs=..." after the word "op". */
static void parse_op(char **save, int lineno)
{
	struct vop *op;
	char *k;

	if (nr_ops == cap_ops) {
		cap_ops = cap_ops ? cap_ops * 2 : 256;
		ops = realloc(ops, cap_ops * sizeof(*ops));
		if (!ops)
			die(EXIT_NOMEM, "out of memory");
	}
	op = &ops[nr_ops];
	memset(op, 0, sizeof(*op));
	op->id = kv(strtok_r(NULL, " ", save), "id", lineno);
	op->op_line = lineno;
	if (op->id != nr_ops + 1)
		jerr(lineno, "operation ids out of sequence");
	k = strtok_r(NULL, " ", save);
	if (!k || strncmp(k, "kind=", 5))
		jerr(lineno, "malformed line");
	if (!strcmp(k + 5, "atomic"))
		op->kind = KIND_ATOMIC;
	else if (!strcmp(k + 5, "ioctl"))
		op->kind = KIND_IOCTL;
	else if (!strcmp(k + 5, "plain"))
		op->kind = KIND_PLAIN;
	else
		jerr(lineno, "unknown operation kind");
	k = strtok_r(NULL, " ", save);
	if (!k || strncmp(k, "segs=", 5))
		jerr(lineno, "malformed line");
	parse_segs(op, k + 5, lineno);
	if (strtok_r(NULL, " ", save))
		jerr(lineno, "trailing junk");
	nr_ops++;
}

/* "ack id=N" or "fail id=N errno=E", for any op issued and not yet settled. */
static void parse_ack(int acked, char **save, int lineno)
{
	uint64_t id = kv(strtok_r(NULL, " ", save), "id", lineno);

	if (!id || id > nr_ops || ops[id - 1].acked || ops[id - 1].failed)
		jerr(lineno, "acknowledgment of an unknown operation");
	ops[id - 1].ack_line = lineno;
	if (acked)
		ops[id - 1].acked = 1;
	else
		ops[id - 1].failed = 1;
}

static void read_journal(void)
{
	char *line = NULL, *save, *w;
	uint64_t flush_line = 0, open_flush = 0, size;
	int lineno = 0, fd;
	size_t cap = 0;
	ssize_t len;
	FILE *f;

	fd = open_dev(journal_path, O_RDONLY, 0, &size, NULL);
	f = fdopen(fd, "r");
	if (!f)
		die_errno(EXIT_IO, "%s", journal_path);
	while ((len = getline(&line, &cap, f)) > 0) {
		lineno++;
		if (line[len - 1] != '\n') {
			/* A crash while the journal was being appended. */
			msg("%s:%d: ignoring the incomplete last line", journal_path,
			    lineno);
			lineno--;
			break;
		}
		line[len - 1] = 0;
		if (lineno == 1) {
			parse_header(line);
			continue;
		}
		w = strtok_r(line, " ", &save);
		if (!w)
			jerr(lineno, "empty line");
		if (!strcmp(w, "op")) {
			parse_op(&save, lineno);
		} else if (!strcmp(w, "ack") || !strcmp(w, "fail")) {
			parse_ack(w[0] == 'a', &save, lineno);
		} else if (!strcmp(w, "flush")) {
			if (flush_line)
				jerr(lineno, "flush while another is in flight");
			open_flush = kv(strtok_r(NULL, " ", &save), "id", lineno);
			flush_line = lineno;
		} else if (!strcmp(w, "flushed")) {
			if (!flush_line ||
			    kv(strtok_r(NULL, " ", &save), "id", lineno) != open_flush)
				jerr(lineno, "completion of an unknown flush");
			/* Ops acknowledged before the flush began are durable. */
			durable_line = flush_line;
			flush_line = 0;
		} else {
			jerr(lineno, "unknown record");
		}
	}
	if (ferror(f))
		die_errno(EXIT_IO, "%s: read", journal_path);
	if (lineno == 0)
		die(EXIT_USAGE, "%s: %s", journal_path,
		    ftell(f) == 0 ? "empty journal" : "no journal header");
	free(line);
	fclose(f);
}

static int cmp_ref(const void *a, const void *b)
{
	const struct ref *x = a, *y = b;

	if (x->block != y->block)
		return x->block < y->block ? -1 : 1;
	return x->op < y->op ? -1 : x->op > y->op;
}

/* Every (block, op) pair the journal claims, sorted by block then op. */
static struct ref *build_refs(uint64_t blocks, uint64_t *nr)
{
	uint64_t n = 0, i, k;
	struct ref *refs;
	unsigned int s;

	for (i = 0; i < nr_ops; i++)
		n += ops[i].nr_blocks;
	refs = malloc((n ? n : 1) * sizeof(*refs));
	if (!refs)
		die(EXIT_NOMEM, "out of memory");
	for (i = 0, n = 0; i < nr_ops; i++)
		for (s = 0; s < ops[i].nr_segs; s++)
			for (k = 0; k < ops[i].segs[s].count; k++, n++) {
				refs[n].block = ops[i].segs[s].block + k;
				refs[n].op = i;
				if (refs[n].block >= blocks)
					die(EXIT_REFUSED, "%s: truncated: op %llu writes block %llu "
					    "but it has %llu blocks", target_path,
					    (unsigned long long)ops[i].id,
					    (unsigned long long)refs[n].block,
					    (unsigned long long)blocks);
			}
	qsort(refs, n, sizeof(*refs), cmp_ref);
	*nr = n;
	return refs;
}

/* The block shows a newer write than any of these ops: nothing to judge. */
static void mark_unknown(const struct ref *r, uint64_t n)
{
	uint64_t k;

	for (k = 0; k < n; k++)
		ops[r[k].op].unknown++;
}

/* Judge block b from its contents; r[0..n) are the ops writing it, in order. */
static void judge_block(uint64_t b, const void *buf, const struct ref *r, uint64_t n)
{
	struct stamp_info si;
	enum stamp_status st = stamp_parse(buf, generation, &si);
	uint64_t k, found = 0;	/* 1-based index of the present op, 0 = none */
	int atomic = 0;

	if (st == STAMP_CORRUPT) {
		for (k = 0; k < n; k++) {
			ops[r[k].op].corrupt++;
			atomic |= ops[r[k].op].kind != KIND_PLAIN;
		}
		if (atomic) {
			viol_corrupt++;
			printf("corrupt: block %llu has a bad stamp checksum "
			       "(torn inside the block)\n", (unsigned long long)b);
		}
		return;
	}
	if (st == STAMP_OK && si.op > nr_ops && si.offset == b * STAMP_BLOCK) {
		/*
		 * Issued after the last op line of a journal cut short
		 * (power-cut verification): newer than every op listed here,
		 * which are thus overwritten at this block.
		 */
		if (si.kind != KIND_PLAIN && si.op > beyond_present)
			beyond_present = si.op;
		mark_unknown(r, n);
		return;
	}
	if (st == STAMP_OK) {
		for (k = 0; k < n; k++)
			if (ops[r[k].op].id == si.op)
				found = k + 1;
		if (!found || si.offset != b * STAMP_BLOCK) {
			viol_misdir++;
			printf("misdirected: block %llu holds block %u of op %llu, "
			       "meant for block %llu\n", (unsigned long long)b,
			       si.block, (unsigned long long)si.op,
			       (unsigned long long)(si.offset / STAMP_BLOCK));
			mark_unknown(r, n);
			return;
		}
	}
	for (k = 0; k < n; k++) {
		struct vop *op = &ops[r[k].op];

		if (found && k + 1 < found)
			op->unknown++;
		else if (found && k + 1 == found)
			op->present++;
		else
			op->absent++;
	}
}

static void judge_blocks(void)
{
	uint64_t size, n, i, j;
	void *buf = xalloc_aligned(STAMP_BLOCK);
	struct ref *refs;
	int fd, is_blk, r;

	fd = open_dev(target_path, O_RDONLY, 0, &size, &is_blk);
	if (is_blk) {
		/* Past any page cache: what the device holds. */
		close(fd);
		fd = open(target_path, O_RDONLY | O_DIRECT | O_CLOEXEC);
		if (fd < 0)
			die_errno(errno_exit(errno), "%s", target_path);
	}
	refs = build_refs(size / STAMP_BLOCK, &n);
	for (i = 0; i < n; i = j) {
		uint64_t b = refs[i].block;

		for (j = i; j < n && refs[j].block == b; j++)
			;
		r = pread_full(fd, buf, STAMP_BLOCK, b * STAMP_BLOCK);
		if (r)
			die(EXIT_IO, "%s: read block %llu: %s", target_path,
			    (unsigned long long)b, strerror(-r));
		judge_block(b, buf, refs + i, j - i);
		progress("blocks", j, n, 0);
	}
	progress("blocks", n, n, 1);
	free(refs);
	free(buf);
	close(fd);
}

static const char *verdict(const struct vop *op)
{
	if (op->corrupt || (op->present && op->absent))
		return "TORN";
	if (op->present)
		return "all-new";
	if (op->absent)
		return "all-old";
	return "superseded";
}

static void report(void)
{
	uint64_t i, latest_present = 0, latest_line = 0, c_new = 0, c_old = 0, c_torn = 0, c_sup = 0;
	char segs[256];

	for (i = 0; i < nr_ops; i++)
		if (ops[i].kind != KIND_PLAIN && ops[i].present) {
			latest_present = ops[i].id;
			latest_line = ops[i].op_line;
		}
	if (beyond_present) {
		latest_present = beyond_present;
		latest_line = UINT64_MAX;
	}
	for (i = 0; i < nr_ops; i++) {
		struct vop *op = &ops[i];
		const char *v = verdict(op);
		int torn = v[0] == 'T';
		size_t at = 0;
		unsigned int s;

		c_new += v[0] == 'a' && v[4] == 'n';
		c_old += v[0] == 'a' && v[4] == 'o';
		c_torn += torn;
		c_sup += v[0] == 's';
		for (s = 0; s < op->nr_segs && at < sizeof(segs) - 32; s++)
			at += snprintf(segs + at, sizeof(segs) - at, "%s%llu+%llu",
				       s ? "," : "", (unsigned long long)op->segs[s].block,
				       (unsigned long long)op->segs[s].count);
		if (at >= sizeof(segs) - 32)
			snprintf(segs + at, sizeof(segs) - at, ",...");
		if (!quiet || (torn && op->kind != KIND_PLAIN))
			printf("op %llu %s %s: %s%s%s\n", (unsigned long long)op->id,
			       kind_name(op->kind), segs, v,
			       torn ? (op->kind == KIND_PLAIN ? " (plain: allowed)" : "") : "",
			       op->acked ? "" : op->failed ? " (failed)" : " (not acknowledged)");
		if (torn && op->kind != KIND_PLAIN)
			viol_torn++;
		if (op->acked && op->ack_line < durable_line && (op->absent || op->corrupt)) {
			viol_dur++;
			printf("durability: op %llu was acknowledged before a completed "
			       "flush but is %s\n", (unsigned long long)op->id,
			       torn ? "torn" : "missing");
		}
		if (op->acked && op->kind != KIND_PLAIN && op->absent && !op->present &&
		    !op->corrupt && op->ack_line < latest_line) {
			viol_order++;
			printf("order: op %llu is missing but op %llu, issued after it "
			       "was acknowledged, is present\n", (unsigned long long)op->id,
			       (unsigned long long)latest_present);
		}
	}
	printf("summary: ops %zu, all-new %llu, all-old %llu, torn %llu, superseded %llu; "
	       "violations: torn %llu, durability %llu, order %llu, corrupt %llu, "
	       "misdirected %llu\n", nr_ops, (unsigned long long)c_new,
	       (unsigned long long)c_old, (unsigned long long)c_torn,
	       (unsigned long long)c_sup, (unsigned long long)viol_torn,
	       (unsigned long long)viol_dur, (unsigned long long)viol_order,
	       (unsigned long long)viol_corrupt, (unsigned long long)viol_misdir);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ 0 }
	};
	char **args;
	int c;

	tool_init("dma-verify");
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":qhV", opts, NULL)) != -1) {
		switch (c) {
		case 'q': quiet = 1; break;
		case 'h': help();
		case 'V': print_version();
		default: bad_option(c, optopt, argv, optind);
		}
	}
	args = positional_args(argc, argv, "TARGET", "JOURNAL", NULL);
	target_path = args[0];
	journal_path = args[1];
	/* Both inputs must exist and be the right kind before any work. */
	close(open_dev(target_path, O_RDONLY, 0, &(uint64_t){0}, NULL));
	read_journal();
	judge_blocks();
	report();
	return (viol_torn || viol_dur || viol_order || viol_corrupt || viol_misdir)
		? EXIT_DAMAGED : EXIT_OK;
}
