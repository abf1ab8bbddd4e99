// SPDX-License-Identifier: GPL-2.0
/*
 * dma-unit: unit tests of the shared format code (dm-atomic/dma-scan.c and
 * tools/lib/crc32c.c) on an in-memory metadata device, and of the module's
 * index of logged ranges (dm-atomic/dm-atomic-index.h) against a model, and
 * the tools' reading of the kernel's list interface (tools/lib/alist.c).
 * Prints one line per check; exits 1 on the first failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "alist.h"
#include "dma-scan.h"
#include "util.h"

/* The index, as the kernel module compiles it (tools/include/linux/rbtree.h). */
typedef u64 sector_t;
#define SECTOR_SHIFT 9
#include "dm-atomic-index.h"

#define LOG_BLOCKS 16
#define DATA_SECTORS 1024

static u8 meta[(1 + LOG_BLOCKS) * DMAT_BLOCK_SIZE];
static u8 dbuf[DMAT_BLOCK_SIZE], xbuf[DMAT_BLOCK_SIZE];
static int fail_read_at = -1;

#define CHECK(cond, ...) do {						\
	if (!(cond)) {							\
		printf("FAIL %s:%d: ", __FILE__, __LINE__);		\
		printf(__VA_ARGS__);					\
		printf("\n");						\
		exit(1);						\
	}								\
} while (0)

static int read_block(void *ctx, u64 b, void *buf)
{
	(void)ctx;
	if ((int)b == fail_read_at)
		return -EIO;
	if (b >= 1 + LOG_BLOCKS)
		return -ERANGE;
	memcpy(buf, meta + b * DMAT_BLOCK_SIZE, DMAT_BLOCK_SIZE);
	return 0;
}

static u8 *logblk(u64 lb)
{
	return meta + (1 + lb) * DMAT_BLOCK_SIZE;
}

/* Write a transaction of entries {sector, nr} with pattern data; returns next pos. */
static u64 put_txn(const struct dmat_geometry *g, u64 seq, u64 pos, int n,
		   const u64 *sectors, const u32 *nrs)
{
	struct dmat_descriptor d;
	u64 p = (pos + 1) % LOG_BLOCKS;
	int i;

	dmat_desc_init(&d, g, seq, pos);
	for (i = 0; i < n; i++) {
		u64 left = (u64)nrs[i] * 512, bl;
		u32 crc = ~0U;

		for (bl = 0; bl < DMAT_ENTRY_BLOCKS(nrs[i]); bl++) {
			u32 chunk = left > DMAT_BLOCK_SIZE ? DMAT_BLOCK_SIZE : left;

			memset(logblk(p), 0, DMAT_BLOCK_SIZE);
			memset(logblk(p), (int)(seq * 16 + i + bl) | 1, chunk);
			crc = dmat_crc32c_raw(crc, logblk(p), chunk);
			left -= chunk;
			p = (p + 1) % LOG_BLOCKS;
		}
		CHECK(dmat_desc_add(&d, g, sectors[i], nrs[i], crc ^ ~0U) == 0, "add");
	}
	dmat_desc_seal(&d);
	memcpy(logblk(pos), &d, sizeof(d));
	return p;
}

static u64 seen_txns, seen_entries;

static int on_txn(void *ctx, const struct dmat_txn *t)
{
	(void)ctx;
	seen_txns++;
	seen_entries += t->nr_entries;
	return 0;
}

static enum dmat_scan_result scan(const struct dmat_geometry *g, u64 seq, u64 pos,
				 struct dmat_scan *s)
{
	memset(s, 0, sizeof(*s));
	s->geo = g;
	s->start_seq = seq;
	s->start_block = pos;
	s->desc_buf = dbuf;
	s->data_buf = xbuf;
	s->read_block = read_block;
	s->transaction = on_txn;
	seen_txns = seen_entries = 0;
	return dmat_scan(s);
}

static void test_crc(void)
{
	static const char v[] = "123456789";
	u32 c;

	CHECK(dmat_crc32c(v, 9) == DMAT_CRC32C_CHECK, "crc32c vector %08x",
	      dmat_crc32c(v, 9));
	c = dmat_crc32c_raw(~0U, v, 4);
	c = dmat_crc32c_raw(c, v + 4, 5) ^ ~0U;
	CHECK(c == DMAT_CRC32C_CHECK, "piecewise crc32c %08x", c);
	CHECK(dmat_crc32c("", 0) == 0, "crc32c of nothing");
	printf("ok crc32c(\"123456789\") = %08X\n", dmat_crc32c(v, 9));
}

static void test_sb(void)
{
	static const u8 uuid[16] = "0123456789abcdef";
	struct dmat_superblock sb, t;

	CHECK(dmat_sb_build(&sb, uuid, 1, 0, 8) == -1, "build log_blocks 0");
	CHECK(dmat_sb_build(&sb, uuid, 0, 8, 8) == -1, "build log_start 0");
	CHECK(dmat_sb_build(&sb, uuid, 1, LOG_BLOCKS, DATA_SECTORS) == 0, "build");
	CHECK(dmat_sb_validate(&sb, DATA_SECTORS, 1 + LOG_BLOCKS) == DMAT_SB_OK, "valid");
	CHECK(dmat_sb_validate(&sb, 0, 0) == DMAT_SB_OK, "valid without sizes");
	CHECK(le64_to_cpu(sb.tail_seq) == 1 && le64_to_cpu(sb.tail_block) == 0, "tail");

	memset(&t, 0, sizeof(t));
	CHECK(dmat_sb_validate(&t, 0, 0) == DMAT_SB_NEEDS_FORMAT, "zero");
	t = sb; t.blocknr = cpu_to_le64(5);
	CHECK(dmat_sb_validate(&t, 0, 0) == DMAT_SB_WRONG_BLOCKNR, "blocknr");
	t = sb; t.magic = cpu_to_le64(1);
	CHECK(dmat_sb_validate(&t, 0, 0) == DMAT_SB_BAD_MAGIC, "magic");
	t = sb; t.reserved[100] = 1;
	CHECK(dmat_sb_validate(&t, 0, 0) == DMAT_SB_BAD_CSUM, "csum");
	t = sb; t.version = cpu_to_le32(2); dmat_sb_seal(&t);
	CHECK(dmat_sb_validate(&t, 0, 0) == DMAT_SB_BAD_VERSION, "version");
	t = sb; t.flags = cpu_to_le32(4); dmat_sb_seal(&t);
	CHECK(dmat_sb_validate(&t, 0, 0) == DMAT_SB_BAD_FLAGS, "flags");
	/* Feature words: incompat refused by both; ro_compat only for writers. */
	CHECK(dmat_sb_unknown_compat(&sb) == 0 && dmat_sb_unknown_ro_compat(&sb) == 0 &&
	      dmat_sb_unknown_incompat(&sb) == 0, "built without features");
	t = sb; t.feature_incompat = cpu_to_le32(0x2); dmat_sb_seal(&t);
	CHECK(dmat_sb_validate(&t, 0, 0) == DMAT_SB_INCOMPAT_FEATURES, "incompat");
	CHECK(dmat_sb_validate_read(&t, 0, 0) == DMAT_SB_INCOMPAT_FEATURES, "incompat, read");
	t.flags = cpu_to_le32(4); dmat_sb_seal(&t);
	CHECK(dmat_sb_validate(&t, 0, 0) == DMAT_SB_BAD_FLAGS, "flags before features");
	t = sb; t.feature_ro_compat = cpu_to_le32(0x80000000U); dmat_sb_seal(&t);
	CHECK(dmat_sb_validate(&t, 0, 0) == DMAT_SB_RO_COMPAT_FEATURES, "ro_compat");
	CHECK(dmat_sb_validate_read(&t, DATA_SECTORS, 1 + LOG_BLOCKS) == DMAT_SB_OK,
	      "ro_compat, read");
	CHECK(dmat_sb_validate_read(&t, DATA_SECTORS + 8, 0) == DMAT_SB_DATA_SIZE_MISMATCH,
	      "ro_compat, read: later checks still run");
	t.feature_incompat = cpu_to_le32(2); dmat_sb_seal(&t);
	CHECK(dmat_sb_validate(&t, 0, 0) == DMAT_SB_INCOMPAT_FEATURES, "incompat before ro_compat");
	t = sb; t.feature_compat = cpu_to_le32(0xffffffffU); dmat_sb_seal(&t);
	CHECK(dmat_sb_validate(&t, DATA_SECTORS, 1 + LOG_BLOCKS) == DMAT_SB_OK, "compat ignored");
	dmat_sb_set_tail(&t, 9, 1);
	CHECK(le32_to_cpu(t.feature_compat) == 0xffffffffU &&
	      dmat_sb_validate(&t, 0, 0) == DMAT_SB_OK, "set tail keeps the feature words");
	/* Data device identity: recorded with its feature bit, compared by kind and text. */
	{
		struct dmat_data_id a = { DMAT_DATA_ID_DM_UUID, 5, "LVM-a" };
		struct dmat_data_id b = { DMAT_DATA_ID_DM_UUID, 5, "LVM-b" };
		struct dmat_data_id p = { DMAT_DATA_ID_PART_UUID, 5, "LVM-a" };
		struct dmat_data_id none = { DMAT_DATA_ID_NONE, 0, "" };

		CHECK(dmat_sb_check_data_id(&sb, &a) == DMAT_DATA_ID_UNCHECKED, "no record");
		t = sb; dmat_sb_set_data_id(&t, &a);
		CHECK(dmat_sb_validate(&t, 0, 0) == DMAT_SB_OK &&
		      (le32_to_cpu(t.feature_compat) & DMAT_FEATURE_COMPAT_DATA_ID) &&
		      dmat_sb_unknown_compat(&t) == 0, "record sets the known compat bit");
		CHECK(dmat_sb_check_data_id(&t, &a) == DMAT_DATA_ID_MATCH &&
		      dmat_sb_check_data_id(&t, &b) == DMAT_DATA_ID_MISMATCH &&
		      dmat_sb_check_data_id(&t, &p) == DMAT_DATA_ID_MISMATCH &&
		      dmat_sb_check_data_id(&t, &none) == DMAT_DATA_ID_MISMATCH, "compare");
		dmat_sb_set_tail(&t, 9, 1);
		CHECK(dmat_sb_check_data_id(&t, &a) == DMAT_DATA_ID_MATCH, "set tail keeps it");
		t.data_id_len = cpu_to_le32(DMAT_DATA_ID_LEN + 1); dmat_sb_seal(&t);
		CHECK(dmat_sb_validate(&t, 0, 0) == DMAT_SB_BAD_DATA_ID, "id too long");
		t = sb; dmat_sb_set_data_id(&t, &a); t.data_id[6] = 'x'; dmat_sb_seal(&t);
		CHECK(dmat_sb_validate(&t, 0, 0) == DMAT_SB_BAD_DATA_ID, "junk after the id");
		t = sb; dmat_sb_set_data_id(&t, &none);
		CHECK(dmat_sb_check_data_id(&t, &b) == DMAT_DATA_ID_UNCHECKED, "none recorded");
		t.data_id_kind = cpu_to_le32(9); dmat_sb_seal(&t);
		CHECK(dmat_sb_check_data_id(&t, &b) == DMAT_DATA_ID_UNCHECKED, "unknown kind");
	}
	t = sb; t.block_size = cpu_to_le32(512); dmat_sb_seal(&t);
	CHECK(dmat_sb_validate(&t, 0, 0) == DMAT_SB_BAD_GEOMETRY, "block size");
	t = sb; t.tail_block = cpu_to_le64(LOG_BLOCKS); dmat_sb_seal(&t);
	CHECK(dmat_sb_validate(&t, 0, 0) == DMAT_SB_BAD_GEOMETRY, "tail block");
	CHECK(dmat_sb_validate(&sb, DATA_SECTORS + 8, 0) == DMAT_SB_DATA_SIZE_MISMATCH,
	      "data size");
	CHECK(dmat_sb_validate(&sb, 0, LOG_BLOCKS) == DMAT_SB_META_TOO_SMALL, "meta size");
	t = sb;
	dmat_sb_set_tail(&t, 77, 3);
	CHECK(dmat_sb_validate(&t, 0, 0) == DMAT_SB_OK, "set tail reseals");
	CHECK(le64_to_cpu(t.tail_seq) == 77 && le64_to_cpu(t.tail_block) == 3, "set tail");
	printf("ok superblock round trip and %d distinct refusals\n", DMAT_SB_NR_RESULTS - 2);
}

static void test_scan(void)
{
	static const u8 uuid[16] = "fedcba9876543210";
	struct dmat_superblock sb;
	struct dmat_geometry g;
	struct dmat_scan s;
	u64 sec1[] = { 0, 100 }, sec2[] = { 1016 }, sec3[] = { 8 };
	u32 nr1[] = { 8, 9 }, nr2[] = { 8 }, nr3[] = { 24 };
	u64 p;

	memset(meta, 0, sizeof(meta));
	CHECK(dmat_sb_build(&sb, uuid, 1, LOG_BLOCKS, DATA_SECTORS) == 0, "build");
	dmat_geometry_from_sb(&g, &sb);

	CHECK(scan(&g, 1, 0, &s) == DMAT_SCAN_UNWRITTEN && s.nr_txns == 0 &&
	      s.next_seq == 1 && s.next_block == 0, "empty log");

	p = put_txn(&g, 1, 0, 2, sec1, nr1);	/* 1 + 1 + 2 blocks */
	CHECK(p == 4, "layout %llu", (unsigned long long)p);
	p = put_txn(&g, 2, p, 1, sec2, nr2);
	CHECK(scan(&g, 1, 0, &s) == DMAT_SCAN_UNWRITTEN && s.nr_txns == 2 &&
	      seen_txns == 2 && seen_entries == 3 && s.next_seq == 3 &&
	      s.next_block == 6 && s.used_blocks == 6, "two txns: %s %llu",
	      dmat_scan_result_str(s.result), (unsigned long long)s.nr_txns);
	printf("ok two transactions round trip, head at log block %llu\n",
	       (unsigned long long)s.next_block);

	/* Entry data blocks of txn 1: entry 1 starts at log block 2. */
	{
		struct dmat_txn t = { .seq = 1, .log_block = 0, .nr_entries = 2,
				     .desc = (void *)logblk(0) };
		CHECK(dmat_txn_entry_block(&g, &t, 1) == 2, "entry block");
	}

	/* A data block where a descriptor should be. */
	CHECK(scan(&g, 1, 1, &s) == DMAT_SCAN_BAD_MAGIC && s.nr_txns == 0, "data block");
	/* Torn data in txn 2. */
	logblk(5)[7] ^= 1;
	CHECK(scan(&g, 1, 0, &s) == DMAT_SCAN_DATA_CRC && s.nr_txns == 1 &&
	      s.bad_entry == 0 && s.bad_block == 5 && s.next_block == 4, "data crc");
	logblk(5)[7] ^= 1;
	/* Torn descriptor. */
	logblk(4)[200] ^= 1;
	CHECK(scan(&g, 1, 0, &s) == DMAT_SCAN_DESC_CSUM && s.nr_txns == 1, "desc csum");
	logblk(4)[200] ^= 1;
	/* Stale: start expecting seq 2 at block 0. */
	CHECK(scan(&g, 2, 0, &s) == DMAT_SCAN_STALE_SEQ && s.found_seq == 1 &&
	      dmat_scan_end_is_normal(&s), "stale");
	CHECK(scan(&g, 0, 0, &s) == DMAT_SCAN_SEQ_GAP && s.found_seq == 1 &&
	      !dmat_scan_end_is_normal(&s), "gap");
	/*
	 * Descriptor 2 copied to the wrong place: where seq 2 or later is due,
	 * a record of the current run out of place (damage); where a later seq
	 * is due, an older record (a copy in a data block): a normal end.
	 */
	memcpy(logblk(10), logblk(4), DMAT_BLOCK_SIZE);
	CHECK(scan(&g, 2, 10, &s) == DMAT_SCAN_BLOCKNR_MISMATCH && s.found_seq == 2 &&
	      !dmat_scan_end_is_normal(&s), "blocknr");
	CHECK(scan(&g, 1, 10, &s) == DMAT_SCAN_BLOCKNR_MISMATCH && s.found_seq == 2 &&
	      !dmat_scan_end_is_normal(&s), "blocknr, later seq");
	CHECK(scan(&g, 3, 10, &s) == DMAT_SCAN_BLOCKNR_MISMATCH && s.found_seq == 2 &&
	      dmat_scan_end_is_normal(&s), "blocknr, older record");
	memset(logblk(10), 0, DMAT_BLOCK_SIZE);
	/* I/O error on the second descriptor. */
	fail_read_at = 1 + 4;
	CHECK(scan(&g, 1, 0, &s) == DMAT_SCAN_IO_ERROR && s.io_error == -EIO &&
	      s.nr_txns == 1, "io error");
	fail_read_at = -1;

	/* Another format's record: same layout, other uuid. */
	{
		struct dmat_geometry o = g;

		o.uuid[0] ^= 0xff;
		put_txn(&o, 3, 6, 1, sec2, nr2);
		CHECK(scan(&g, 1, 0, &s) == DMAT_SCAN_SALT_MISMATCH && s.nr_txns == 2,
		      "salt");
	}

	/* Wrap-around: txn at log block 14 with 3 data blocks wraps to 0..1. */
	memset(meta + DMAT_BLOCK_SIZE, 0, LOG_BLOCKS * DMAT_BLOCK_SIZE);
	p = put_txn(&g, 40, 14, 1, sec3, nr3);
	CHECK(p == 2, "wrap layout");
	p = put_txn(&g, 41, p, 1, sec2, nr2);
	CHECK(scan(&g, 40, 14, &s) == DMAT_SCAN_UNWRITTEN && s.nr_txns == 2 &&
	      s.next_block == 4 && s.next_seq == 42, "wrap: %s",
	      dmat_scan_result_str(s.result));
	printf("ok wrap-around, head at log block %llu seq %llu\n",
	       (unsigned long long)s.next_block, (unsigned long long)s.next_seq);

	/* Overrun: fill the log so the next txn would cross the tail. */
	p = put_txn(&g, 42, 4, 1, sec3, nr3);	/* 4..7 */
	p = put_txn(&g, 43, p, 1, sec3, nr3);	/* 8..11 */
	CHECK(p == 12, "fill");
	{	/* 44 at 12 claims 12..15, over the tail at 14: descriptor only. */
		struct dmat_descriptor d;

		dmat_desc_init(&d, &g, 44, 12);
		CHECK(dmat_desc_add(&d, &g, 8, 24, 0) == 0, "add");
		dmat_desc_seal(&d);
		memcpy(logblk(12), &d, sizeof(d));
	}
	CHECK(scan(&g, 40, 14, &s) == DMAT_SCAN_LOG_OVERRUN && s.nr_txns == 4 &&
	      s.next_block == 12 && !dmat_scan_end_is_normal(&s), "overrun %s",
	      dmat_scan_result_str(s.result));
	/* Sound descriptors of the seq due, malformed or out of range: damage. */
	{
		struct dmat_descriptor d;

		dmat_desc_init(&d, &g, 44, 12);
		CHECK(dmat_desc_add(&d, &g, 8, 8, 0) == 0, "add");
		d.entries[0].nr_sectors = 0;
		dmat_desc_seal(&d);
		memcpy(logblk(12), &d, sizeof(d));
		CHECK(scan(&g, 40, 14, &s) == DMAT_SCAN_BAD_DESC && !dmat_scan_end_is_normal(&s),
		      "bad desc %s", dmat_scan_result_str(s.result));
		d.entries[0].nr_sectors = cpu_to_le32(8);
		d.entries[0].data_sector = cpu_to_le64(DATA_SECTORS - 4);
		dmat_desc_seal(&d);
		memcpy(logblk(12), &d, sizeof(d));
		CHECK(scan(&g, 40, 14, &s) == DMAT_SCAN_ENTRY_RANGE &&
		      !dmat_scan_end_is_normal(&s), "entry range %s",
		      dmat_scan_result_str(s.result));
		memset(logblk(12), 0, DMAT_BLOCK_SIZE);
	}
	/* Every result against the list of normal ends. */
	{
		enum dmat_scan_result r;

		for (r = DMAT_SCAN_RUNNING; r < DMAT_SCAN_NR_RESULTS; r++) {
			int want = r == DMAT_SCAN_UNWRITTEN || r == DMAT_SCAN_BAD_MAGIC ||
				   r == DMAT_SCAN_DESC_CSUM || r == DMAT_SCAN_SALT_MISMATCH ||
				   r == DMAT_SCAN_STALE_SEQ || r == DMAT_SCAN_DATA_CRC ||
				   r == DMAT_SCAN_NO_COMMIT;

			memset(&s, 0, sizeof(s));
			s.result = r;
			s.next_seq = 5;
			s.found_seq = 5;	/* blocknr mismatch of the seq due */
			CHECK(dmat_scan_result_is_normal_end(r) == want &&
			      dmat_scan_end_is_normal(&s) == want, "normal end: %s",
			      dmat_scan_result_name(r));
		}
	}
	printf("ok every scan verdict as expected; seq_gap, blocknr_mismatch of a current "
	       "record, bad_desc, entry_range and log_overrun are not normal ends\n");

	/* Builder refusals. */
	{
		struct dmat_descriptor d;
		int i;

		dmat_desc_init(&d, &g, 1, 0);
		CHECK(dmat_desc_add(&d, &g, DATA_SECTORS - 1, 2, 0) == -1, "range");
		CHECK(dmat_desc_add(&d, &g, 0, 0, 0) == -1, "zero");
		for (i = 0; i < (int)DMAT_MAX_ENTRIES; i++)
			CHECK(dmat_desc_add(&d, &g, i, 1, 0) == 0, "add %d", i);
		CHECK(dmat_desc_add(&d, &g, 0, 1, 0) == -1, "full");
		printf("ok descriptor holds %u entries\n", DMAT_MAX_ENTRIES);
	}
}

/*
 * A zero-copy transaction (DMAT_DESC_FLAG_COMMIT_RECORD) of whole blocks at
 * @pos: descriptor, data (no crc), and the commit record unless !@commit.
 * Returns the position after it.
 */
static u64 put_zc_txn(const struct dmat_geometry *g, u64 seq, u64 pos, u64 sector,
		      u32 nr, int commit)
{
	struct dmat_descriptor d;
	struct dmat_commit c;
	u64 p = (pos + 1) % LOG_BLOCKS, bl;

	dmat_desc_init(&d, g, seq, pos);
	dmat_desc_set_commit_record(&d);
	CHECK(dmat_desc_add(&d, g, sector, nr, 0) == 0, "zc add");
	dmat_desc_seal(&d);
	memcpy(logblk(pos), &d, sizeof(d));
	for (bl = 0; bl < DMAT_ENTRY_BLOCKS(nr); bl++) {
		memset(logblk(p), (int)(seq + bl) | 1, DMAT_BLOCK_SIZE);
		p = (p + 1) % LOG_BLOCKS;
	}
	dmat_commit_build(&c, g, &d, p);
	if (commit)
		memcpy(logblk(p), &c, sizeof(c));
	else
		memset(logblk(p), 0, DMAT_BLOCK_SIZE);
	return (p + 1) % LOG_BLOCKS;
}

static int n_read, n_sparse;

static int counted_read(void *ctx, u64 b, void *buf)
{
	n_read++;
	return read_block(ctx, b, buf);
}

static int counted_sparse(void *ctx, u64 b, void *buf)
{
	n_sparse++;
	return read_block(ctx, b, buf);
}

static void test_commit_records(void)
{
	static const u8 uuid[16] = "0123456789abcdef";
	struct dmat_superblock sb;
	struct dmat_geometry g;
	struct dmat_scan s;
	u64 sec[] = { 40 };
	u32 nr[] = { 8 };
	u64 p, q;

	memset(meta, 0, sizeof(meta));
	CHECK(dmat_sb_build(&sb, uuid, 1, LOG_BLOCKS, DATA_SECTORS) == 0, "build");
	dmat_geometry_from_sb(&g, &sb);
	CHECK(dmat_sb_unknown_incompat(&sb) == 0, "incompat known");
	sb.feature_incompat = cpu_to_le32(DMAT_FEATURE_INCOMPAT_COMMIT_RECORDS);
	dmat_sb_seal(&sb);
	CHECK(dmat_sb_validate(&sb, 0, 0) == DMAT_SB_OK, "commit records feature accepted");

	/* 1: descriptor + 2 data + record (0..3); 2: a copy txn (4..5); 3: zc wrapping. */
	p = put_zc_txn(&g, 1, 0, 8, 16, 1);
	CHECK(p == 4, "zc layout %llu", (unsigned long long)p);
	p = put_txn(&g, 2, p, 1, sec, nr);
	CHECK(p == 6, "after copy txn");
	CHECK(scan(&g, 1, 0, &s) == DMAT_SCAN_UNWRITTEN && s.nr_txns == 2 &&
	      s.used_blocks == 6 && s.next_block == 6, "zc + copy: %s",
	      dmat_scan_result_str(s.result));

	/* No record: torn, a normal end; the next transaction is not reached. */
	memset(logblk(3), 0, DMAT_BLOCK_SIZE);
	CHECK(scan(&g, 1, 0, &s) == DMAT_SCAN_NO_COMMIT && s.nr_txns == 0 &&
	      s.bad_block == 3 && s.next_block == 0 &&
	      dmat_scan_result_is_normal_end(s.result), "no record: %s",
	      dmat_scan_result_str(s.result));
	/* A record of another descriptor (same seq, other data), then a torn one. */
	{
		struct dmat_descriptor d;
		struct dmat_commit c;

		memcpy(&d, logblk(0), sizeof(d));
		d.entries[0].data_sector = cpu_to_le64(16);
		dmat_desc_seal(&d);
		dmat_commit_build(&c, &g, &d, 3);
		memcpy(logblk(3), &c, sizeof(c));
		CHECK(scan(&g, 1, 0, &s) == DMAT_SCAN_NO_COMMIT, "record of another descriptor");
		memcpy(&d, logblk(0), sizeof(d));
		dmat_commit_build(&c, &g, &d, 3);
		memcpy(logblk(3), &c, sizeof(c));
		CHECK(scan(&g, 1, 0, &s) == DMAT_SCAN_UNWRITTEN && s.nr_txns == 2, "record back");
		logblk(3)[100] ^= 1;
		CHECK(scan(&g, 1, 0, &s) == DMAT_SCAN_NO_COMMIT, "torn record");
		logblk(3)[100] ^= 1;
		/* The record moved one block on (an earlier lap's position). */
		memcpy(logblk(7), logblk(3), DMAT_BLOCK_SIZE);
		CHECK(!dmat_commit_check((void *)logblk(7), &g, &d, 7), "record position salt");
	}
	/* Data is not checked: a flipped data byte still replays. */
	logblk(1)[9] ^= 1;
	CHECK(scan(&g, 1, 0, &s) == DMAT_SCAN_UNWRITTEN && s.nr_txns == 2, "data unchecked");

	/*
	 * With read_sparse, the scan reads a zero-copy transaction's
	 * descriptor and record through it and never its data.
	 */
	{
		memset(meta + DMAT_BLOCK_SIZE, 0, LOG_BLOCKS * DMAT_BLOCK_SIZE);
		p = put_zc_txn(&g, 1, 0, 8, 16, 1);
		p = put_zc_txn(&g, 2, p, 64, 24, 1);
		p = put_txn(&g, 3, p, 1, sec, nr);	/* a copied one: its data is read */
		memset(&s, 0, sizeof(s));
		s.geo = &g;
		s.start_seq = 1;
		s.desc_buf = dbuf;
		s.data_buf = xbuf;
		s.read_block = counted_read;
		s.read_sparse = counted_sparse;
		n_read = n_sparse = 0;
		CHECK(dmat_scan(&s) == DMAT_SCAN_UNWRITTEN && s.nr_txns == 3, "sparse scan");
		CHECK(n_read == 1 && n_sparse == 6, "zero-copy data not read: %d block reads, %d sparse",
		      n_read, n_sparse);
	}

	/* Wrap: a zc txn at 13 with 3 data blocks: 13, 14 15 0, record at 1. */
	memset(meta + DMAT_BLOCK_SIZE, 0, LOG_BLOCKS * DMAT_BLOCK_SIZE);
	q = put_zc_txn(&g, 7, 13, 0, 24, 1);
	CHECK(q == 2, "zc wrap layout %llu", (unsigned long long)q);
	CHECK(scan(&g, 7, 13, &s) == DMAT_SCAN_UNWRITTEN && s.nr_txns == 1 &&
	      s.next_block == 2 && s.used_blocks == 5, "zc wrap: %s",
	      dmat_scan_result_str(s.result));
	/* Overrun counts the record: 14 blocks used, a zc txn of 1 data block needs 3. */
	memset(meta + DMAT_BLOCK_SIZE, 0, LOG_BLOCKS * DMAT_BLOCK_SIZE);
	{
		struct dmat_descriptor d;
		u32 bad;

		dmat_desc_init(&d, &g, 1, 0);
		dmat_desc_set_commit_record(&d);
		CHECK(dmat_desc_add(&d, &g, 0, 8, 0) == 0, "add");
		dmat_desc_seal(&d);
		CHECK(dmat_desc_check(&d, &g, 1, 0, 13, &bad) == DMAT_SCAN_RUNNING, "fits");
		CHECK(dmat_desc_check(&d, &g, 1, 0, 14, &bad) == DMAT_SCAN_LOG_OVERRUN,
		      "record counted in the overrun check");
		CHECK(dmat_desc_total_blocks(&d) == 3, "total blocks");
		d.flags = cpu_to_le32(0x2);
		dmat_desc_seal(&d);
		CHECK(dmat_desc_check(&d, &g, 1, 0, 0, &bad) == DMAT_SCAN_BAD_DESC, "unknown flag");
	}
	printf("ok commit records: valid, missing, torn, foreign and wrapped ones scanned as they must\n");
}

/* Bitwise reference crc32c, to check the sliced implementation. */
static u32 ref_crc32c(u32 crc, const u8 *p, size_t n)
{
	int k;

	while (n--) {
		crc ^= *p++;
		for (k = 0; k < 8; k++)
			crc = (crc >> 1) ^ ((crc & 1) ? 0x82F63B78U : 0);
	}
	return crc;
}

static u64 rng = 88172645463325252ULL;

static u64 rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static void test_crc_random(void)
{
	static u8 buf[600];
	int i, off, len;

	for (i = 0; i < (int)sizeof(buf); i++)
		buf[i] = (u8)rnd();
	for (off = 0; off < 8; off++)
		for (len = 0; len < 520; len += 1 + len / 16) {
			u32 seed = (u32)rnd();

			CHECK(dmat_crc32c_raw(seed, buf + off, len) ==
			      ref_crc32c(seed, buf + off, len), "crc off %d len %d", off, len);
		}
	printf("ok sliced crc32c matches the bitwise reference (all alignments)\n");
}

/*
 * Random logs (geometry, tail, transactions, entries of odd sizes, wrap),
 * then one flipped byte: the scan must stop exactly at the transaction whose
 * checksummed bytes were hit, and nowhere else.
 */
struct layout {
	u64 start, blocks;	/* descriptor position, 1 + data blocks */
	u32 used[DMAT_MAX_ENTRIES + 1];	/* bytes used of each data block */
};

static void test_fuzz(int rounds)
{
	static struct layout lay[64];
	static const u8 uuid[16] = "fuzzfuzzfuzzfuzz";
	struct dmat_geometry g;
	struct dmat_scan s;
	int round, hits = 0, misses = 0;

	for (round = 0; round < rounds; round++) {
		u64 lb = 4 + rnd() % (LOG_BLOCKS - 3), tail = rnd() % lb, pos;
		u64 seq0 = 1 + rnd() % 1000, used = 0, target, off, t;
		int n = 0, k, hit = -1, magic = 0;

		memset(meta, 0, sizeof(meta));
		memcpy(g.uuid, uuid, 16);
		g.log_start = 1;
		g.log_blocks = lb;
		g.data_sectors = DATA_SECTORS;
		pos = tail;
		for (;;) {
			struct dmat_descriptor d;
			int ne = 1 + rnd() % 3, e;
			u64 p, nb = 0;
			u32 nrs[3];

			for (e = 0; e < ne; e++) {
				nrs[e] = 1 + rnd() % 20;
				nb += DMAT_ENTRY_BLOCKS(nrs[e]);
			}
			if (used + 1 + nb > lb)
				break;
			dmat_desc_init(&d, &g, seq0 + n, pos);
			lay[n].start = pos;
			lay[n].blocks = 1 + nb;
			lay[n].used[0] = DMAT_BLOCK_SIZE;
			p = (pos + 1) % lb;
			k = 1;
			for (e = 0; e < ne; e++) {
				u64 left = (u64)nrs[e] * 512;
				u32 crc = ~0U;

				while (left) {
					u32 c = left > DMAT_BLOCK_SIZE ? DMAT_BLOCK_SIZE : left;

					memset(logblk(p), 0, DMAT_BLOCK_SIZE);
					for (off = 0; off < c; off++)
						logblk(p)[off] = (u8)rnd();
					crc = dmat_crc32c_raw(crc, logblk(p), c);
					lay[n].used[k++] = c;
					left -= c;
					p = (p + 1) % lb;
				}
				CHECK(dmat_desc_add(&d, &g, rnd() % (DATA_SECTORS - 20), nrs[e],
						   crc ^ ~0U) == 0, "fuzz add");
			}
			dmat_desc_seal(&d);
			memcpy(logblk(pos), &d, sizeof(d));
			used += 1 + nb;
			pos = p;
			n++;
			if (n == 64 || rnd() % 4 == 0)
				break;
		}
		CHECK(scan(&g, seq0, tail, &s) != DMAT_SCAN_RUNNING && s.nr_txns == (u64)n &&
		      dmat_scan_result_is_normal_end(s.result),
		      "fuzz clean round %d: %s, %llu of %d", round,
		      dmat_scan_result_str(s.result), (unsigned long long)s.nr_txns, n);

		/* Flip one byte of one log block; find which txn covers it. */
		target = rnd() % lb;
		off = rnd() % DMAT_BLOCK_SIZE;
		for (k = 0; k < n && hit < 0; k++)
			for (t = 0; t < lay[k].blocks; t++)
				if ((lay[k].start + t) % lb == target) {
					if (off < lay[k].used[t]) {
						hit = k;
						magic = t == 0 && off >= 4 && off < 8;
					}
					break;
				}
		logblk(target)[off] ^= 1 << (rnd() % 8);
		scan(&g, seq0, tail, &s);
		if (hit < 0) {
			CHECK(s.nr_txns == (u64)n, "fuzz round %d: flip outside changed the "
			      "scan: %llu of %d", round, (unsigned long long)s.nr_txns, n);
			misses++;
		} else {
			enum dmat_scan_result want_r = lay[hit].start == target
				? (magic ? DMAT_SCAN_BAD_MAGIC : DMAT_SCAN_DESC_CSUM)
				: DMAT_SCAN_DATA_CRC;

			CHECK(s.nr_txns == (u64)hit && s.result == want_r &&
			      s.next_block == lay[hit].start && s.next_seq == seq0 + hit,
			      "fuzz round %d: flip in txn %d block %llu off %llu: %s after %llu",
			      round, hit, (unsigned long long)target, (unsigned long long)off,
			      dmat_scan_result_str(s.result), (unsigned long long)s.nr_txns);
			hits++;
		}
	}
	printf("ok %d random logs: every flipped byte stops the scan exactly where it must\n",
	       rounds);
	CHECK(hits > rounds / 4 && misses > rounds / 20, "fuzz coverage %d/%d", hits, misses);
}


/*
 * A model of the writer and recovery around crashes, to check the format's
 * rules (not the module's code): batches of up to 3 transactions are in
 * flight at once and their blocks reach the disk in any order; a crash keeps
 * a random subset.  Recovery scans from the tail, "replays", and restarts
 * the log at the scan's end with seq + jump.  Invariants: every
 * acknowledged transaction is found, and every transaction found beyond them
 * is one of the in-flight batch, written completely.  Returns the number of
 * violations (a stale transaction resurrected or a torn one accepted).
 */
struct mtxn {
	u64 seq, start, blocks;
	int complete;
};

static u8 pend[3 * 8][DMAT_BLOCK_SIZE];
static u64 pend_at[3 * 8];
static struct mtxn batch[3];
static u64 model_found[64], model_found_at[64];
static int model_nfound;

static int model_txn(void *ctx, const struct dmat_txn *t)
{
	(void)ctx;
	if (model_nfound < 64) {
		model_found[model_nfound] = t->seq;
		model_found_at[model_nfound] = t->log_block;
	}
	model_nfound++;
	return 0;
}

static int probes_clean, probes_damage;
/*
 * Descriptors of earlier rounds, whose byte copies the model's writer puts
 * in data blocks now and then (the data of a transaction may be an image of
 * the metadata device), and how often a scan ended on such a copy.
 */
static u8 old_desc[8][DMAT_BLOCK_SIZE];
static int nr_old_desc, copy_ends, ends_checked;

/*
 * The scan @s of a log in a state the writer and crashes can leave must end
 * normally as recovery judges it (dmat_scan_end_is_normal()): else the
 * target would refuse a legitimate log.
 */
static void model_end_ok(const struct dmat_scan *s, const char *when)
{
	CHECK(dmat_scan_end_is_normal(s), "model: %s: the scan ends at %s (seq %llu due at "
	      "log block %llu, found %llu): recovery would refuse it", when,
	      dmat_scan_result_name(s->result), (unsigned long long)s->next_seq,
	      (unsigned long long)s->next_block, (unsigned long long)s->found_seq);
	copy_ends += s->result == DMAT_SCAN_BLOCKNR_MISMATCH;
	ends_checked++;
}

/*
 * Damage an acknowledged transaction that later acknowledged batches recorded
 * as durable: the scan must stop there and the probe must prove damage.
 */
static void damage_probe(const struct dmat_geometry *g, u64 tail_seq, u64 tail, u64 acked)
{
	struct dmat_geometry geo = *g;
	struct dmat_scan s;
	u64 victim = rnd() % (acked - 3), at, at_seq, pos = tail, i;
	u8 *blk;
	int r;

	scan(&geo, tail_seq, tail, &s);
	CHECK(s.nr_txns == acked, "model: clean log has %llu of %llu",
	      (unsigned long long)s.nr_txns, (unsigned long long)acked);
	for (i = 0; i < victim; i++)	/* walk to the victim's descriptor */
		pos = (pos + dmat_desc_total_blocks((const void *)logblk(pos))) % geo.log_blocks;
	blk = logblk(pos);
	blk[200] ^= 0x10;
	scan(&geo, tail_seq, tail, &s);
	CHECK(s.nr_txns == victim && s.result == DMAT_SCAN_DESC_CSUM, "model: damage at %llu "
	      "gave %s after %llu", (unsigned long long)victim,
	      dmat_scan_result_str(s.result), (unsigned long long)s.nr_txns);
	r = dmat_scan_probe_beyond(&s, &at, &at_seq);
	blk[200] ^= 0x10;
	CHECK(r == DMAT_PROBE_DAMAGE, "model: damage of acknowledged txn %llu not proven (%d)",
	      (unsigned long long)(tail_seq + victim), r);
	probes_damage++;
}

static int crash_model(u64 jump, int rounds, int *crashes)
{
	static const u8 uuid[16] = "modelmodelmodel!";
	u64 lb = LOG_BLOCKS, tail_seq = 1, tail = 0, head_seq = 1, head = 0, used = 0;
	u64 acked = 0;	/* acknowledged transactions since the tail */
	struct dmat_geometry g;
	struct dmat_scan s;
	int round, violations = 0;

	memset(meta, 0, sizeof(meta));
	memcpy(g.uuid, uuid, 16);
	g.log_start = 1;
	g.log_blocks = lb;
	g.data_sectors = DATA_SECTORS;
	*crashes = 0;
	for (round = 0; round < rounds; round++) {
		int k = 1 + rnd() % 3, t, np = 0, i, crash;
		u64 pos = head;

		/* Space: checkpoint (write-back, tail to head) when short. */
		if (used + 3 * 4 > lb || rnd() % 8 == 0) {
			tail = head;
			tail_seq = head_seq;
			used = 0;
			acked = 0;
			if (jump) {	/* the empty log of a clean shutdown */
				scan(&g, tail_seq, tail, &s);
				model_end_ok(&s, "checkpoint");
			}
		}
		for (t = 0; t < k; t++) {
			struct dmat_descriptor d;
			u64 nb = 1 + rnd() % 3, b, p;
			u32 crc = ~0U;

			batch[t].seq = head_seq + t;
			batch[t].start = pos;
			batch[t].blocks = 1 + nb;
			batch[t].complete = 1;
			p = (pos + 1) % lb;
			for (b = 0; b < nb; b++) {
				if (nr_old_desc && rnd() % 4 == 0)
					memcpy(pend[np], old_desc[rnd() % nr_old_desc],
					       DMAT_BLOCK_SIZE);
				else
					for (i = 0; i < (int)DMAT_BLOCK_SIZE; i++)
						pend[np][i] = (u8)rnd();
				crc = dmat_crc32c_raw(crc, pend[np], DMAT_BLOCK_SIZE);
				pend_at[np++] = p;
				p = (p + 1) % lb;
			}
			dmat_desc_init(&d, &g, batch[t].seq, pos);
			/* Everything before the batch is durable; the batch is not. */
			dmat_desc_set_durable_seq(&d, head_seq);
			CHECK(dmat_desc_add(&d, &g, 0, nb * 8, crc ^ ~0U) == 0, "model add");
			dmat_desc_seal(&d);
			memcpy(pend[np], &d, sizeof(d));
			pend_at[np++] = pos;
			pos = p;
		}
		/* Later rounds' data may copy one of this round's descriptors. */
		memcpy(old_desc[nr_old_desc < 8 ? nr_old_desc++ : (int)(rnd() % 8)], pend[np - 1],
		       DMAT_BLOCK_SIZE);
		crash = rnd() % 3 == 0;
		for (i = 0; i < np; i++) {
			if (crash && rnd() % 2) {
				/*
				 * Lost, unless the block holds those bytes already
				 * (a copied descriptor over itself).
				 */
				if (!memcmp(logblk(pend_at[i]), pend[i], DMAT_BLOCK_SIZE))
					continue;
				for (t = 0; t < k; t++) {
					u64 off = (pend_at[i] + lb - batch[t].start) % lb;

					if (off < batch[t].blocks)
						batch[t].complete = 0;
				}
				continue;
			}
			memcpy(logblk(pend_at[i]), pend[i], DMAT_BLOCK_SIZE);
		}
		if (!crash) {
			head = pos;
			head_seq += k;
			for (t = 0; t < k; t++)
				used += batch[t].blocks;
			acked += k;
			if (acked > 3 && rnd() % 2 == 0)
				damage_probe(&g, tail_seq, tail, acked);
			continue;
		}
		(*crashes)++;
		model_nfound = 0;
		memset(&s, 0, sizeof(s));
		s.geo = &g;
		s.start_seq = tail_seq;
		s.start_block = tail;
		s.desc_buf = dbuf;
		s.data_buf = xbuf;
		s.read_block = read_block;
		s.transaction = model_txn;
		dmat_scan(&s);
		CHECK(model_nfound <= 64, "model: too many found");
		if (jump)
			model_end_ok(&s, "crash");
		{	/* A crash is not damage: dma-check must not say it is. */
			u64 at, at_seq;

			CHECK(dmat_scan_probe_beyond(&s, &at, &at_seq) != DMAT_PROBE_DAMAGE,
			      "model: a crash state reported as damage (seq %llu)",
			      (unsigned long long)at_seq);
			probes_clean++;
		}
		if ((u64)model_nfound < acked)
			violations++;	/* an acknowledged transaction lost */
		for (i = (int)acked; i < model_nfound; i++) {
			int ok = 0;

			for (t = 0; t < k; t++)
				if (batch[t].seq == model_found[i] &&
				    batch[t].start == model_found_at[i] && batch[t].complete)
					ok = 1;
			if (!ok)
				violations++;
		}
		/* Recovery: everything found is written back; restart at the end. */
		tail = head = s.next_block;
		tail_seq = head_seq = s.next_seq + jump;
		used = 0;
		acked = 0;
	}
	return violations;
}

static void test_crash_model(void)
{
	int crashes, v;

	v = crash_model(DMAT_RECOVERY_SEQ_JUMP, 8000, &crashes);
	CHECK(v == 0 && crashes > 2000, "model with the jump: %d violations in %d crashes",
	      v, crashes);
	printf("ok crash model: over 2000 crashes, every acknowledged transaction found, "
	       "nothing torn or stale replayed\n");
	CHECK(probes_clean > 2000 && probes_damage > 100, "model probes %d/%d",
	      probes_clean, probes_damage);
	printf("ok dma-check's probe: no crash state called damage, every damaged "
	       "acknowledged transaction proven\n");
	CHECK(ends_checked > 3000 && copy_ends > 20, "model ends %d, on a copied descriptor %d",
	      ends_checked, copy_ends);
	printf("ok no crash state and no checkpoint ends abnormally, "
	       "ends on descriptors copied into data blocks included\n");
	v = crash_model(0, 8000, &crashes);
	CHECK(v > 0, "model without the jump found no resurrected transaction");
	printf("ok without DMAT_RECOVERY_SEQ_JUMP the model resurrects stale transactions\n");
}

/* ------------------------------------------------------------------------
 * The index (dm-atomic/dm-atomic-index.h) against a model that keeps one
 * owner per sector: random inserts over a small device (so that every kind
 * of overlap comes often) and retires, as the module makes them: each
 * transaction brings two nodes in its own memory, a retire drops the ranges
 * of every transaction up to a sequence number.
 */
#define IX_SECTORS	96
#define IX_TXNS		6000

struct atomic_txn {
	u64 seq;
	struct ext_range nodes[2];	/* its share of the index, as txn_alloc() gives */
};

static struct atomic_txn ix_txn[IX_TXNS];
static struct {
	int txn;			/* -1: no logged data */
	unsigned int offset;		/* bytes into the transaction's image */
} ix_model[IX_SECTORS];

static bool ix_retired(const struct ext_range *r, void *seq)
{
	return r->txn->seq <= *(u64 *)seq;
}

/* Which transaction's memory holds node @r. */
static int ix_home(const struct ext_range *r)
{
	const char *p = (const char *)r, *base = (const char *)ix_txn;

	CHECK(p >= base && p < base + sizeof(ix_txn), "node outside every transaction");
	return (int)((p - base) / (ptrdiff_t)sizeof(struct atomic_txn));
}

static void ix_check(struct dmat_index *ix, u64 retired, int op)
{
	struct rb_node *n;
	unsigned long count = 0;
	sector_t prev_end = 0, x, s, e;
	int owned = 0, covered = 0, i;

	for (n = rb_first(&ix->root); n; n = rb_next(n)) {
		const struct ext_range *r = rb_entry(n, struct ext_range, node);
		int home = ix_home(r), t = (int)(r->txn - ix_txn);

		CHECK(r->start < r->end && r->end <= IX_SECTORS, "op %d: range [%llu, %llu)",
		      op, (unsigned long long)r->start, (unsigned long long)r->end);
		CHECK(r->start >= prev_end, "op %d: [%llu, %llu) overlaps the range before it",
		      op, (unsigned long long)r->start, (unsigned long long)r->end);
		CHECK(r->txn->seq <= ix_txn[home].seq,
		      "op %d: a node of transaction %d points at the newer %d", op, home, t);
		CHECK(ix_txn[home].seq > retired,
		      "op %d: a node lives in the memory of retired transaction %d", op, home);
		for (x = r->start; x < r->end; x++)
			CHECK(ix_model[x].txn == t &&
			      ix_model[x].offset == r->offset + ((x - r->start) << SECTOR_SHIFT),
			      "op %d: sector %llu maps to (%d, %u), the model says (%d, %u)", op,
			      (unsigned long long)x, t,
			      r->offset + (unsigned int)((x - r->start) << SECTOR_SHIFT),
			      ix_model[x].txn, ix_model[x].offset);
		covered += (int)(r->end - r->start);
		prev_end = r->end;
		count++;
	}
	CHECK(count == ix->nr_ranges, "op %d: %lu ranges linked, nr_ranges %lu", op, count,
	      ix->nr_ranges);
	for (x = 0; x < IX_SECTORS; x++) {
		const struct ext_range *r = dmat_index_first(ix, x);

		owned += ix_model[x].txn >= 0;
		CHECK((ix_model[x].txn >= 0) == (r && r->start <= x),
		      "op %d: lookup of sector %llu", op, (unsigned long long)x);
	}
	CHECK(owned == covered, "op %d: the index covers %d sectors, the model %d", op,
	      covered, owned);
	CHECK(dmat_index_empty(ix) == (count == 0), "op %d: empty with %lu ranges", op, count);
	for (i = 0; i < 8; i++) {
		bool any = false;

		s = rnd() % IX_SECTORS;
		e = s + 1 + rnd() % (IX_SECTORS - s);
		for (x = s; x < e; x++)
			any |= ix_model[x].txn >= 0;
		CHECK(dmat_index_overlaps(ix, s, e) == any, "op %d: overlaps [%llu, %llu)", op,
		      (unsigned long long)s, (unsigned long long)e);
	}
}

static void test_index(void)
{
	struct dmat_index ix;
	u64 retired = 0;
	int i, splits = 0, trims = 0, erased = 0, retires = 0;
	sector_t x;

	rng = 0x9E3779B97F4A7C15ULL;
	dmat_index_init(&ix);
	for (x = 0; x < IX_SECTORS; x++)
		ix_model[x].txn = -1;
	ix_check(&ix, retired, -1);
	for (i = 0; i < IX_TXNS; i++) {
		struct atomic_txn *t = &ix_txn[i];

		t->seq = (u64)i + 1;
		if (rnd() % 8 == 0 && t->seq > retired + 1) {
			/* Retire everything up to a transaction already indexed. */
			retired += 1 + rnd() % (t->seq - 1 - retired);
			dmat_index_drop_if(&ix, ix_retired, &retired);
			for (x = 0; x < IX_SECTORS; x++)
				if (ix_model[x].txn >= 0 && ix_txn[ix_model[x].txn].seq <= retired)
					ix_model[x].txn = -1;
			retires++;
		} else {
			sector_t s = rnd() % IX_SECTORS;
			sector_t e = s + 1 + rnd() % (IX_SECTORS - s < 24 ? IX_SECTORS - s : 24);
			unsigned int off = (unsigned int)(rnd() % 64) << 12;
			struct ext_range *r;

			/* Count the kinds of overlap this insert meets. */
			for (r = dmat_index_first(&ix, s); r && r->start < e; r = dmat_index_next(r)) {
				if (r->start < s && r->end > e)
					splits++;
				else if (r->start < s || r->end > e)
					trims++;
				else
					erased++;
			}
			dmat_index_insert(&ix, s, e, t, off, t->nodes);
			for (x = s; x < e; x++) {
				ix_model[x].txn = i;
				ix_model[x].offset = off + (unsigned int)((x - s) << SECTOR_SHIFT);
			}
		}
		ix_check(&ix, retired, i);
	}
	CHECK(splits > 100 && trims > 100 && erased > 100 && retires > 100,
	      "too few of a kind: %d splits, %d trims, %d erased, %d retires", splits, trims,
	      erased, retires);
	/* Teardown, as the target's destructor does it. */
	dmat_index_clear(&ix);
	CHECK(dmat_index_empty(&ix) && ix.nr_ranges == 0, "teardown left %lu ranges", ix.nr_ranges);
	printf("ok index: %d transactions, inserts and retires, match a per-sector model "
	       "(splits, trims, erases), no node in retired memory\n", IX_TXNS);
}

static void __attribute__((noreturn)) help(void)
{
	printf("Usage: %s [options]\n"
	       "Unit tests of the dm-atomic on-disk format code shared with the kernel\n"
	       "module (dm-atomic/dma-scan.c), of the tools' crc32c and of the module's\n"
	       "index of logged ranges (dm-atomic/dm-atomic-index.h).  Prints one\n"
	       "line per check.\n"
	       "\n"
	       "  -h, --help            show this help\n"
	       "  -V, --version         show the version\n"
	       "\n"
	       "Exit status: 0 every check passed, 1 a check failed (the line says\n"
	       "which), 2 usage error.\n", progname);
	exit(EXIT_OK);
}

/* Write "value\n" to dir/name. */
static void put_attr(const char *dir, const char *name, unsigned long long v)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	CHECK(f && fprintf(f, "%llu\n", v) > 0 && !fclose(f), "cannot write %s", path);
}

/*
 * alist_kernel_at() on queue directories as the kernels show them: v2 (the
 * list limits in atomic_write_*), v3 (max_write_list_segments and
 * write_list_max_bytes, with mainline's atomic_write_max_bytes beside them
 * meaning something else), and a kernel with neither.
 */
static void test_list_iface(void)
{
	char tmpl[] = "/tmp/dma-unit-queue.XXXXXX", cmd[64];
	const char *d = mkdtemp(tmpl);
	struct alist_kernel k;

	CHECK(d, "mkdtemp");
	put_attr(d, "logical_block_size", 512);
	alist_kernel_at(d, &k);
	CHECK(k.iface == ALIST_NONE && !k.segs && !k.bytes &&
	      !strcmp(k.segs_attr, "atomic_write_segments") &&
	      !strcmp(k.ioctl_name, "BLKATOMICWRITE"), "no list attributes: iface %d", k.iface);

	put_attr(d, "atomic_write_segments", 128);
	put_attr(d, "atomic_write_max_bytes", 1048576);
	alist_kernel_at(d, &k);
	CHECK(k.iface == ALIST_V2 && k.segs == 128 && k.bytes == 1048576 &&
	      !strcmp(k.segs_attr, "atomic_write_segments") &&
	      !strcmp(k.bytes_attr, "atomic_write_max_bytes") &&
	      !strcmp(k.ioctl_name, "BLKATOMICWRITE"), "v2: iface %d segs %llu bytes %llu",
	      k.iface, (unsigned long long)k.segs, (unsigned long long)k.bytes);

	/* v3: mainline's atomic_write_max_bytes is the largest single write */
	snprintf(cmd, sizeof(cmd), "%s/atomic_write_segments", d);
	CHECK(!unlink(cmd), "unlink %s", cmd);
	put_attr(d, "atomic_write_max_bytes", 65536);
	put_attr(d, "atomic_write_unit_max_bytes", 65536);
	put_attr(d, "max_write_list_segments", 64);
	put_attr(d, "write_list_max_bytes", 2097152);
	alist_kernel_at(d, &k);
	CHECK(k.iface == ALIST_V3 && k.segs == 64 && k.bytes == 2097152 &&
	      !strcmp(k.segs_attr, "max_write_list_segments") &&
	      !strcmp(k.bytes_attr, "write_list_max_bytes") &&
	      !strcmp(k.ioctl_name, "BLKWRITELIST"), "v3: iface %d segs %llu bytes %llu",
	      k.iface, (unsigned long long)k.segs, (unsigned long long)k.bytes);

	/* a v3 device without lists still says v3, with zeros */
	put_attr(d, "max_write_list_segments", 0);
	put_attr(d, "write_list_max_bytes", 0);
	alist_kernel_at(d, &k);
	CHECK(k.iface == ALIST_V3 && !k.segs && !k.bytes, "v3 without lists: iface %d", k.iface);

	/* RWF_ATOMIC's rules: a power of two within the units, aligned to it */
	k.unit_min = 4096;
	k.unit_max = 65536;
	CHECK(alist_rwf_atomic_fits(&k, 0, 4096) && alist_rwf_atomic_fits(&k, 65536, 65536) &&
	      alist_rwf_atomic_fits(&k, 8192, 8192) && !alist_rwf_atomic_fits(&k, 4096, 8192) &&
	      !alist_rwf_atomic_fits(&k, 0, 12288) && !alist_rwf_atomic_fits(&k, 0, 131072) &&
	      !alist_rwf_atomic_fits(&k, 0, 2048) && !alist_rwf_atomic_fits(&k, 0, 0),
	      "RWF_ATOMIC rules");
	k.iface = ALIST_V2;
	CHECK(!alist_rwf_atomic_fits(&k, 0, 4096), "RWF_ATOMIC on v2 (O_ATOMIC there)");

	snprintf(cmd, sizeof(cmd), "rm -rf %s", d);
	CHECK(!system(cmd), "%s", cmd);
	printf("ok list interface: v2, v3 and no-series queue attributes named as they must; "
	       "RWF_ATOMIC only for a power of two within the units, aligned\n");
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ 0 }
	};
	int c;

	tool_init("dma-unit");
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":hV", opts, NULL)) != -1) {
		switch (c) {
		case 'h': help();
		case 'V': print_version();
		default: bad_option(c, optopt, argv, optind);
		}
	}
	positional_args(argc, argv, NULL);
	test_crc();
	test_crc_random();
	test_sb();
	test_scan();
	test_commit_records();
	test_fuzz(3000);
	test_crash_model();
	test_index();
	test_list_iface();
	return 0;
}
