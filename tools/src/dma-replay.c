// SPDX-License-Identifier: GPL-2.0
/*
 * dma-replay: offline recovery.  Replays the committed transactions of a
 * dm-atomic log onto the data device (or image), flushes it, and moves the
 * superblock tail past them exactly as the kernel target's activation does
 * (tail = end of the log, seq + DMAT_RECOVERY_SEQ_JUMP).  The same scan code
 * decides what is committed.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "util.h"
#include "meta.h"

static void __attribute__((noreturn)) help(void)
{
	printf("Usage: %s [options] DATA METADATA\n"
	       "Replay the committed transactions of the dm-atomic log on METADATA\n"
	       "onto DATA.  The order is that of the target's table line\n"
	       "('atomic DATA METADATA').\n"
	       "\n"
	       "      --dry-run         print what would be written, write nothing\n"
	       "      --keep-tail       do not move the superblock tail afterwards\n"
	       "                        (the log replays again next time)\n"
	       "  -f, --force           replay up to the end even if the log is damaged\n"
	       "      --progress        show progress on stderr (by default shown\n"
	       "                        when stderr is a terminal and the work takes\n"
	       "                        more than a second)\n"
	       "      --ignore-data-id  replay even onto a data device that is not the\n"
	       "                        one the superblock records (another DM or\n"
	       "                        partition uuid, or an image of the device)\n"
	       "  -h, --help            show this help\n"
	       "  -V, --version         show the version\n"
	       "\n"
	       "Block devices are opened exclusively.  A damaged log (see dma-check)\n"
	       "is refused without --force, and nothing is written.  So is metadata\n"
	       "with incompatible or read-only-compatible features this version\n"
	       "does not know, even with --force or --dry-run, and DATA if it is not\n"
	       "the data device the superblock records (a raw disk has no identity:\n"
	       "only its size is checked).  Exit status:\n"
	       "0 replayed (or METADATA unformatted: all zero, nothing to replay),\n"
	       "7 damaged (superblock, or the log without --force), 2 refused\n"
	       "(unknown features, wrong data device, sequence number limit);\n"
	       EXIT_STATUS_HELP, progname);
	exit(EXIT_OK);
}

struct replay {
	struct meta *m;
	int data_fd, dry_run, counting;
	const char *data_path;
	u64 txns, sectors;
	u64 total;		/* transactions the first pass found */
	u8 *buf;
};

static int on_txn(void *ctx, const struct dmat_txn *t)
{
	struct replay *r = ctx;
	u32 i;

	r->txns++;
	if (!r->counting && !r->dry_run)
		progress("replaying, transactions", r->txns, r->total, 0);
	for (i = 0; i < t->nr_entries; i++) {
		const struct dmat_entry *e = &t->desc->entries[i];
		u64 sector = le64_to_cpu(e->data_sector);
		u64 left = (u64)le32_to_cpu(e->nr_sectors) << DMAT_SECTOR_SHIFT;
		u64 pos = dmat_txn_entry_block(&r->m->geo, t, i), off = sector << 9;
		int err;

		r->sectors += le32_to_cpu(e->nr_sectors);
		if (r->counting)
			continue;
		if (r->dry_run) {
			printf("txn seq %llu entry %u: sector %llu +%u from log block %llu\n",
			       (unsigned long long)t->seq, i, (unsigned long long)sector,
			       le32_to_cpu(e->nr_sectors), (unsigned long long)pos);
			continue;
		}
		while (left) {
			u32 chunk = left > DMAT_BLOCK_SIZE ? DMAT_BLOCK_SIZE : (u32)left;

			err = meta_read_block(r->m, r->m->geo.log_start + pos, r->buf);
			if (err)
				die(EXIT_IO, "%s: read log block %llu: %s", r->m->path,
				    (unsigned long long)pos, strerror(-err));
			err = pwrite_full(r->data_fd, r->buf, chunk, off);
			if (err)
				die(EXIT_IO, "%s: write at sector %llu: %s", r->data_path,
				    (unsigned long long)(off >> 9), strerror(-err));
			left -= chunk;
			off += chunk;
			pos = dmat_log_wrap(&r->m->geo, pos + 1);
		}
	}
	return 0;
}

/* Does DATA begin with a dm-atomic superblock (arguments swapped)? */
static int holds_superblock(int fd, uint64_t size)
{
	struct dmat_superblock *sb;
	int r;

	if (size < DMAT_BLOCK_SIZE)
		return 0;
	sb = xalloc_aligned(DMAT_BLOCK_SIZE);
	if (pread_full(fd, sb, DMAT_BLOCK_SIZE, 0))
		r = 0;
	else
		switch (dmat_sb_validate_read(sb, 0, 0)) {
		case DMAT_SB_OK:
		case DMAT_SB_INCOMPAT_FEATURES:	/* one of a newer version */
			r = 1;
			break;
		default:
			r = 0;
		}
	free(sb);
	return r;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "dry-run", no_argument, NULL, 2 },
		{ "keep-tail", no_argument, NULL, 1 },
		{ "force", no_argument, NULL, 'f' },
		{ "ignore-data-id", no_argument, NULL, 3 },
		{ "progress", no_argument, NULL, 4 },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ 0 }
	};
	struct replay r = { 0 };
	char **args;
	struct dmat_scan s;
	struct meta m;
	uint64_t data_size;
	int c, keep_tail = 0, force = 0, ignore_id = 0;
	struct dmat_data_id have;
	struct log_verdict v;
	const char *why;

	tool_init("dma-replay");
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":fhV", opts, NULL)) != -1) {
		switch (c) {
		case 2: r.dry_run = 1; break;
		case 1: keep_tail = 1; break;
		case 'f': force = 1; break;
		case 3: ignore_id = 1; break;
		case 4: progress_forced = 1; break;
		case 'h': help();
		case 'V': print_version();
		default: bad_option(c, optopt, argv, optind);
		}
	}
	args = positional_args(argc, argv, "DATA", "METADATA", NULL);
	r.data_path = args[0];

	r.data_fd = open_dev(r.data_path, r.dry_run ? O_RDONLY : O_RDWR, 1,
			     &data_size, NULL);
	meta_open(&m, args[1], r.dry_run ? O_RDONLY : O_RDWR, 1,
		  data_size_sectors(r.data_path, data_size));
	if (meta_sb_problem(&m) && holds_superblock(r.data_fd, data_size))
		usage_error("%s holds a dm-atomic superblock and %s does not: the "
			    "order is DATA METADATA, as in the table line; nothing "
			    "replayed", r.data_path, m.path);
	if (meta_unformatted(&m)) {
		printf("%s: unformatted (all zero): nothing to replay\n", m.path);
		return EXIT_OK;
	}
	why = meta_sb_problem(&m);
	if (why)
		die(meta_unsupported(&m) || m.sbr == DMAT_SB_RO_COMPAT_FEATURES ?
		    EXIT_REFUSED : EXIT_DAMAGED,
		    "%s: superblock: %s; nothing replayed", m.path, why);
	/* Opened read-only for --dry-run: refuse as a replay would. */
	why = meta_ro_compat_problem(&m);
	if (why)
		die(EXIT_REFUSED, "%s: superblock: %s; nothing replayed", m.path, why);
	data_dev_id(r.data_path, &have);
	why = meta_data_id_problem(&m, r.data_path, &have);
	if (why && !ignore_id)
		die(EXIT_REFUSED, "%s; nothing replayed (--ignore-data-id replays anyway)", why);
	r.m = &m;
	r.buf = xalloc_aligned(DMAT_BLOCK_SIZE);

	/* First pass: decide, write nothing. */
	r.counting = 1;
	if (meta_check_log(&m, &s, on_txn, &r, &v) && !force)
		die(EXIT_DAMAGED, "%s: damaged log (%s); nothing replayed (--force "
		    "replays the %llu transactions before it)", m.path, v.end,
		    (unsigned long long)s.nr_txns);

	if (!keep_tail && !r.dry_run && s.next_seq + DMAT_RECOVERY_SEQ_JUMP >= DMAT_SEQ_LIMIT)
		die(EXIT_REFUSED, "%s: the log ends at seq %llu: the tail after replay would pass "
		    "the sequence number limit %llu; nothing replayed (--keep-tail replays without "
		    "moving it; then copy the data off and format)", m.path,
		    (unsigned long long)s.next_seq, (unsigned long long)DMAT_SEQ_LIMIT);

	r.counting = 0;
	r.total = r.txns;
	r.txns = r.sectors = 0;
	meta_scan(&m, &s, on_txn, &r);
	if (!r.dry_run)
		progress("replaying, transactions", r.txns, r.total, 1);
	if (s.result == DMAT_SCAN_IO_ERROR)
		die(EXIT_IO, "%s: %s", m.path, v.end);
	if (r.dry_run) {
		printf("would replay %llu transactions (%llu sectors); log ends: %s\n",
		       (unsigned long long)r.txns, (unsigned long long)r.sectors, v.end);
		return EXIT_OK;
	}
	if (fsync(r.data_fd))
		die_errno(EXIT_IO, "%s: flush", r.data_path);
	printf("replayed %llu transactions (%llu sectors); log ended: %s\n",
	       (unsigned long long)r.txns, (unsigned long long)r.sectors, v.end);
	if (!keep_tail) {
		/* The data is durable: the tail may move past it. */
		dmat_sb_set_tail(m.sb, s.next_seq + DMAT_RECOVERY_SEQ_JUMP, s.next_block);
		meta_write_sb(&m);
		printf("tail now seq %llu at log block %llu\n",
		       (unsigned long long)(s.next_seq + DMAT_RECOVERY_SEQ_JUMP),
		       (unsigned long long)s.next_block);
	}
	return EXIT_OK;
}
