// SPDX-License-Identifier: GPL-2.0
/*
 * dma-craft: test helper that builds dm-atomic metadata images by hand, to
 * give the scan every kind of log to judge.  Not for real devices.
 *
 *   dma-craft format IMG LOG_BLOCKS DATA_SECTORS [TAIL_SEQ TAIL_BLOCK]
 *   dma-craft txn [--seq N] [--at B] [--foreign] [--blocknr N] [--unchecked]
 *                 [--no-data] [--durable-seq N] IMG SECTOR+NR...
 *   dma-craft sb [--no-seal] IMG FIELD=VALUE...
 *   dma-craft flip IMG LOG_BLOCK OFFSET
 *
 * The uuid is fixed (11 22 33 ... ) so outputs are reproducible.  txn appends
 * at the head found by the scan unless --seq/--at say otherwise; its data
 * bytes are a pattern of (seq, entry, byte offset).
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "util.h"
#include "meta.h"

static const u8 fixed_uuid[16] = {
	0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88,
	0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xf0, 0x01
};

static void __attribute__((noreturn)) help(void)
{
	printf("Usage: %s format IMG LOG_BLOCKS DATA_SECTORS [TAIL_SEQ TAIL_BLOCK]\n"
	       "       %s txn [--seq N] [--at LOG_BLOCK] [--foreign] [--blocknr N]\n"
	       "                  [--unchecked] [--no-data]\n"
	       "                  [--durable-seq N] IMG SECTOR+NR...\n"
	       "       %s sb [--no-seal] IMG FIELD=VALUE...\n"
	       "       %s flip IMG LOG_BLOCK OFFSET\n"
	       "Test helper: craft dm-atomic metadata images.\n"
	       "sb fields: csum flags blocknr magic version block_size log_start\n"
	       "log_blocks data_sectors tail_seq tail_block compat ro_compat incompat\n"
	       "data_id_kind data_id_len; data_id=KIND[:TEXT] (KIND none, dm-uuid,\n"
	       "partuuid or a number) records an identity and sets its feature bit\n",
	       progname, progname, progname, progname);
	exit(EXIT_OK);
}

static void wr(int fd, const void *b, uint64_t off)
{
	int r = pwrite_full(fd, b, DMAT_BLOCK_SIZE, off);

	if (r)
		die(EXIT_USAGE, "write at %llu: %s", (unsigned long long)off, strerror(-r));
}

static int cmd_format(int argc, char **argv)
{
	struct dmat_superblock *sb = xalloc_aligned(DMAT_BLOCK_SIZE);
	uint64_t lb, ds;
	int fd;

	if (argc != 4 && argc != 6)
		usage_error("format: IMG LOG_BLOCKS DATA_SECTORS [TAIL_SEQ TAIL_BLOCK]");
	lb = parse_u64("LOG_BLOCKS", argv[2]);
	ds = parse_u64("DATA_SECTORS", argv[3]);
	if (dmat_sb_build(sb, fixed_uuid, 1, lb, ds))
		die(EXIT_USAGE, "bad geometry");
	if (argc == 6)
		dmat_sb_set_tail(sb, parse_u64("TAIL_SEQ", argv[4]),
				parse_u64("TAIL_BLOCK", argv[5]));
	fd = open(argv[1], O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		die_errno(EXIT_USAGE, "%s", argv[1]);
	if (ftruncate(fd, (1 + lb) * DMAT_BLOCK_SIZE))
		die_errno(EXIT_USAGE, "%s: truncate", argv[1]);
	wr(fd, sb, 0);
	close(fd);
	return 0;
}

static void open_img(struct meta *m, const char *path)
{
	meta_open(m, path, O_RDWR, 0, 0);
	if (meta_sb_problem(m))
		die(EXIT_USAGE, "%s: superblock not valid", path);
}

static int cmd_txn(int argc, char **argv)
{
	static const struct option opts[] = {
		/* Long options only: short ones would mean something else here. */
		{ "seq", required_argument, NULL, 1 },
		{ "at", required_argument, NULL, 2 },
		{ "foreign", no_argument, NULL, 3 },
		{ "blocknr", required_argument, NULL, 4 },
		{ "unchecked", no_argument, NULL, 5 },
		{ "no-data", no_argument, NULL, 6 },
		{ "durable-seq", required_argument, NULL, 7 },
		{ 0 }
	};
	struct dmat_descriptor *d = xalloc_aligned(DMAT_BLOCK_SIZE);
	u8 *blk = xalloc_aligned(DMAT_BLOCK_SIZE);
	int c, foreign = 0, unchecked = 0, no_data = 0, have_seq = 0, have_at = 0, have_bnr = 0;
	uint64_t seq = 0, at = 0, bnr = 0, pos, durable = 0;
	struct dmat_geometry g;
	struct dmat_scan s;
	struct meta m;
	int i;

	optind = 1;
	while ((c = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
		switch (c) {
		case 1: seq = parse_u64("--seq", optarg); have_seq = 1; break;
		case 2: at = parse_u64("--at", optarg); have_at = 1; break;
		case 3: foreign = 1; break;
		case 4: bnr = parse_u64("--blocknr", optarg); have_bnr = 1; break;
		case 5: unchecked = 1; break;
		case 6: no_data = 1; break;
		case 7: durable = parse_u64("--durable-seq", optarg); break;
		default: bad_option(c, optopt, argv, optind);
		}
	}
	if (optind + 2 > argc)
		usage_error("txn: IMG SECTOR+NR...");
	open_img(&m, argv[optind]);
	meta_scan(&m, &s, NULL, NULL);
	if (!have_seq)
		seq = s.next_seq;
	if (!have_at)
		at = s.next_block;
	if (at >= m.geo.log_blocks)
		die(EXIT_USAGE, "--at: past the log");
	g = m.geo;
	if (foreign)
		g.uuid[0] ^= 0xff;
	dmat_desc_init(d, &g, seq, at);
	pos = (at + 1) % g.log_blocks;
	for (i = optind + 1; i < argc; i++) {
		char *plus = strchr(argv[i], '+');
		uint64_t sector, nr, left, off = 0;
		u32 crc = ~0U;

		if (!plus)
			usage_error("txn: '%s' is not SECTOR+NR", argv[i]);
		*plus = 0;
		sector = parse_u64("SECTOR", argv[i]);
		nr = parse_u64_range("NR", plus + 1, 0, UINT32_MAX);
		left = nr * 512;
		while (left) {
			u32 chunk = left > DMAT_BLOCK_SIZE ? DMAT_BLOCK_SIZE : left, j;

			memset(blk, 0, DMAT_BLOCK_SIZE);
			for (j = 0; j < chunk; j++, off++)
				blk[j] = (u8)(seq * 7 + i * 13 + off * 31 + (off >> 9));
			crc = dmat_crc32c_raw(crc, blk, chunk);
			if (!no_data)
				wr(m.fd, blk, (m.geo.log_start + pos) * DMAT_BLOCK_SIZE);
			pos = (pos + 1) % g.log_blocks;
			left -= chunk;
		}
		if (unchecked) {
			u32 n = le32_to_cpu(d->nr_entries);

			d->entries[n].data_sector = cpu_to_le64(sector);
			d->entries[n].nr_sectors = cpu_to_le32(nr);
			d->entries[n].data_crc = cpu_to_le32(crc ^ ~0U);
			d->nr_entries = cpu_to_le32(n + 1);
			d->nr_data_blocks = cpu_to_le32(le32_to_cpu(d->nr_data_blocks) +
							DMAT_ENTRY_BLOCKS(nr));
		} else if (dmat_desc_add(d, &g, sector, nr, crc ^ ~0U)) {
			die(EXIT_USAGE, "txn: entry %llu+%llu refused (use --unchecked)",
			    (unsigned long long)sector, (unsigned long long)nr);
		}
	}
	if (have_bnr)
		d->blocknr = cpu_to_le64(bnr);
	dmat_desc_set_durable_seq(d, durable);
	dmat_desc_seal(d);
	wr(m.fd, d, (m.geo.log_start + at) * DMAT_BLOCK_SIZE);
	printf("txn seq %llu at log block %llu, next at log block %llu\n",
	       (unsigned long long)seq, (unsigned long long)at,
	       (unsigned long long)pos);
	return 0;
}

static int cmd_sb(int argc, char **argv)
{
	int seal = 1, i = 1;
	struct meta m;
	struct dmat_superblock *sb;

	if (i < argc && !strcmp(argv[i], "--no-seal")) {
		seal = 0;
		i++;
	}
	if (i + 2 > argc)
		usage_error("sb: [--no-seal] IMG FIELD=VALUE...");
	memset(&m, 0, sizeof(m));
	m.fd = open_dev(argv[i], O_RDWR, 0, &m.size, NULL);
	sb = xalloc_aligned(DMAT_BLOCK_SIZE);
	if (pread_full(m.fd, sb, DMAT_BLOCK_SIZE, 0))
		die(EXIT_USAGE, "%s: cannot read the superblock", argv[i]);
	for (i++; i < argc; i++) {
		char *eq = strchr(argv[i], '=');
		uint64_t v;

		if (!eq)
			usage_error("sb: '%s' is not FIELD=VALUE", argv[i]);
		*eq = 0;
		if (!strcmp(argv[i], "data_id")) {
			/* data_id=KIND[:TEXT], KIND none, dm-uuid, partuuid or a number */
			struct dmat_data_id id = { 0 };
			char *colon = strchr(eq + 1, ':');

			if (colon)
				*colon = 0;
			if (!strcmp(eq + 1, "none"))
				id.kind = DMAT_DATA_ID_NONE;
			else if (!strcmp(eq + 1, "dm-uuid"))
				id.kind = DMAT_DATA_ID_DM_UUID;
			else if (!strcmp(eq + 1, "partuuid"))
				id.kind = DMAT_DATA_ID_PART_UUID;
			else
				id.kind = (u32)parse_u64("data_id kind", eq + 1);
			snprintf(id.id, sizeof(id.id), "%s", colon ? colon + 1 : "");
			id.len = strlen(id.id);
			dmat_sb_set_data_id(sb, &id);
			continue;
		}
		v = parse_u64(argv[i], eq + 1);
/* A 32-bit field named name on the command line (the feature words go by
 * short names: compat=, ro_compat=, incompat=). */
#define F32N(name, f) if (!strcmp(argv[i], #name)) {			\
			if (v > UINT32_MAX)					\
				usage_error("sb: %s is a 32-bit field", argv[i]);	\
			sb->f = cpu_to_le32(v);					\
			continue;						\
		}
#define F32(f) F32N(f, f)
#define F64(f) if (!strcmp(argv[i], #f)) { sb->f = cpu_to_le64(v); continue; }
		F32(csum) F32(flags) F64(blocknr) F64(magic) F32(version)
		F32(block_size) F64(log_start) F64(log_blocks) F64(data_sectors)
		F64(tail_seq) F64(tail_block) F32N(compat, feature_compat)
		F32N(ro_compat, feature_ro_compat) F32N(incompat, feature_incompat)
		F32(data_id_kind) F32(data_id_len)
		usage_error("sb: unknown field '%s'", argv[i]);
	}
	if (seal)
		dmat_sb_seal(sb);
	wr(m.fd, sb, 0);
	return 0;
}

static int cmd_flip(int argc, char **argv)
{
	struct meta m;
	uint64_t lb, off;
	u8 *blk = xalloc_aligned(DMAT_BLOCK_SIZE);

	if (argc != 4)
		usage_error("flip: IMG LOG_BLOCK OFFSET");
	open_img(&m, argv[1]);
	lb = parse_u64("LOG_BLOCK", argv[2]);
	off = parse_u64("OFFSET", argv[3]);
	if (lb >= m.geo.log_blocks || off >= DMAT_BLOCK_SIZE)
		usage_error("flip: position outside the log");
	if (meta_read_block(&m, m.geo.log_start + lb, blk))
		die(EXIT_USAGE, "read failed");
	blk[off] ^= 0xff;
	wr(m.fd, blk, (m.geo.log_start + lb) * DMAT_BLOCK_SIZE);
	return 0;
}

int main(int argc, char **argv)
{
	tool_init("dma-craft");
	opterr = 0;
	if (argc < 2)
		usage_error("missing command");
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))
		help();
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V"))
		print_version();
	if (!strcmp(argv[1], "format"))
		return cmd_format(argc - 1, argv + 1);
	if (!strcmp(argv[1], "txn"))
		return cmd_txn(argc - 1, argv + 1);
	if (!strcmp(argv[1], "sb"))
		return cmd_sb(argc - 1, argv + 1);
	if (!strcmp(argv[1], "flip"))
		return cmd_flip(argc - 1, argv + 1);
	usage_error("unknown command '%s'", argv[1]);
}
