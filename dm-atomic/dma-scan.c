// SPDX-License-Identifier: GPL-2.0
/*
 * dm-atomic: superblock validation, format builders and the log scan.
 * Shared between the kernel module and the userspace tools; see dma-scan.h
 * and dm-atomic-format.h for the format and the rules checked here.
 */
#include "dma-scan.h"

/* ------------------------------------------------------------------------
 * Helpers
 */

static u64 wrap(const struct dmat_geometry *geo, u64 pos)
{
	/* Positions handed in are < 3 * log_blocks: no 64-bit division. */
	while (pos >= geo->log_blocks)
		pos -= geo->log_blocks;
	return pos;
}

static int all_zero(const void *p, size_t n)
{
	const u8 *b = p;
	size_t i;

	for (i = 0; i < n; i++)
		if (b[i])
			return 0;
	return 1;
}

/* crc32c of a block whose first 4 bytes (the csum field) count as zero. */
static u32 block_csum(const void *block)
{
	static const u8 zero[4];
	u32 crc;

	crc = dmat_crc32c_raw(~0U, zero, sizeof(zero));
	crc = dmat_crc32c_raw(crc, (const u8 *)block + 4, DMAT_BLOCK_SIZE - 4);
	return crc ^ ~0U;
}

/* ------------------------------------------------------------------------
 * Superblock
 */

static const char *const sb_result_str[DMAT_SB_NR_RESULTS] = {
	[DMAT_SB_OK] = "ok",
	[DMAT_SB_NEEDS_FORMAT] = "all zero (needs format)",
	[DMAT_SB_WRONG_BLOCKNR] = "wrong block number",
	[DMAT_SB_BAD_MAGIC] = "bad magic",
	[DMAT_SB_BAD_CSUM] = "bad checksum",
	[DMAT_SB_BAD_VERSION] = "unsupported version",
	[DMAT_SB_BAD_FLAGS] = "unsupported flags",
	[DMAT_SB_INCOMPAT_FEATURES] = "incompatible features this version does not know",
	[DMAT_SB_RO_COMPAT_FEATURES] = "read-only-compatible features this version does not know",
	[DMAT_SB_BAD_GEOMETRY] = "bad geometry",
	[DMAT_SB_BAD_DATA_ID] = "bad data device identity record",
	[DMAT_SB_DATA_SIZE_MISMATCH] = "data device size mismatch",
	[DMAT_SB_META_TOO_SMALL] = "metadata device too small for the log",
};

static const char *const sb_result_name[DMAT_SB_NR_RESULTS] = {
	[DMAT_SB_OK] = "ok",
	[DMAT_SB_NEEDS_FORMAT] = "needs_format",
	[DMAT_SB_WRONG_BLOCKNR] = "wrong_blocknr",
	[DMAT_SB_BAD_MAGIC] = "bad_magic",
	[DMAT_SB_BAD_CSUM] = "bad_csum",
	[DMAT_SB_BAD_VERSION] = "bad_version",
	[DMAT_SB_BAD_FLAGS] = "bad_flags",
	[DMAT_SB_INCOMPAT_FEATURES] = "incompat_features",
	[DMAT_SB_RO_COMPAT_FEATURES] = "ro_compat_features",
	[DMAT_SB_BAD_GEOMETRY] = "bad_geometry",
	[DMAT_SB_BAD_DATA_ID] = "bad_data_id",
	[DMAT_SB_DATA_SIZE_MISMATCH] = "data_size_mismatch",
	[DMAT_SB_META_TOO_SMALL] = "meta_too_small",
};

const char *dmat_sb_result_name(enum dmat_sb_result r)
{
	if ((unsigned int)r >= DMAT_SB_NR_RESULTS)
		return "unknown";
	return sb_result_name[r];
}

const char *dmat_sb_result_str(enum dmat_sb_result r)
{
	if ((unsigned int)r >= DMAT_SB_NR_RESULTS)
		return "unknown superblock result";
	return sb_result_str[r];
}

static enum dmat_sb_result sb_validate(const struct dmat_superblock *sb,
				       u64 data_sectors, u64 meta_blocks,
				      int read_only)
{
	u64 log_start, log_blocks;

	if (all_zero(sb, sizeof(*sb)))
		return DMAT_SB_NEEDS_FORMAT;
	if (le64_to_cpu(sb->blocknr) != 0)
		return DMAT_SB_WRONG_BLOCKNR;
	if (le64_to_cpu(sb->magic) != DMAT_SB_MAGIC)
		return DMAT_SB_BAD_MAGIC;
	if (le32_to_cpu(sb->csum) != block_csum(sb))
		return DMAT_SB_BAD_CSUM;
	if (le32_to_cpu(sb->version) != DMAT_VERSION)
		return DMAT_SB_BAD_VERSION;
	if (le32_to_cpu(sb->flags) & ~DMAT_SB_FLAGS_KNOWN)
		return DMAT_SB_BAD_FLAGS;
	if (dmat_sb_unknown_incompat(sb))
		return DMAT_SB_INCOMPAT_FEATURES;
	if (dmat_sb_unknown_ro_compat(sb) && !read_only)
		return DMAT_SB_RO_COMPAT_FEATURES;
	/* Unknown compat bits are ignored. */

	log_start = le64_to_cpu(sb->log_start);
	log_blocks = le64_to_cpu(sb->log_blocks);
	if (le32_to_cpu(sb->block_size) != DMAT_BLOCK_SIZE ||
	    log_start < 1 || log_blocks < DMAT_MIN_LOG_BLOCKS ||
	    log_start + log_blocks < log_start ||	/* overflow */
	    log_blocks > DMAT_MAX_LOG_BLOCKS ||
	    le64_to_cpu(sb->data_sectors) == 0 ||
	    le64_to_cpu(sb->tail_block) >= log_blocks ||
	    le64_to_cpu(sb->tail_seq) >= DMAT_SEQ_LIMIT)
		return DMAT_SB_BAD_GEOMETRY;
	if ((le32_to_cpu(sb->feature_compat) & DMAT_FEATURE_COMPAT_DATA_ID) &&
	    (le32_to_cpu(sb->data_id_len) > DMAT_DATA_ID_LEN ||
	     !all_zero(sb->data_id + le32_to_cpu(sb->data_id_len),
		       DMAT_DATA_ID_LEN - le32_to_cpu(sb->data_id_len))))
		return DMAT_SB_BAD_DATA_ID;
	if (data_sectors && le64_to_cpu(sb->data_sectors) != data_sectors)
		return DMAT_SB_DATA_SIZE_MISMATCH;
	if (meta_blocks && log_start + log_blocks > meta_blocks)
		return DMAT_SB_META_TOO_SMALL;
	return DMAT_SB_OK;
}

enum dmat_sb_result dmat_sb_validate(const struct dmat_superblock *sb,
				     u64 data_sectors, u64 meta_blocks)
{
	return sb_validate(sb, data_sectors, meta_blocks, 0);
}

enum dmat_sb_result dmat_sb_validate_read(const struct dmat_superblock *sb,
					  u64 data_sectors, u64 meta_blocks)
{
	return sb_validate(sb, data_sectors, meta_blocks, 1);
}

void dmat_sb_seal(struct dmat_superblock *sb)
{
	sb->csum = cpu_to_le32(block_csum(sb));
}

int dmat_sb_build(struct dmat_superblock *sb, const u8 uuid[16], u64 log_start,
		  u64 log_blocks, u64 data_sectors)
{
	if (log_start < 1 || log_blocks < DMAT_MIN_LOG_BLOCKS ||
	    log_blocks > DMAT_MAX_LOG_BLOCKS || data_sectors == 0)
		return -1;
	memset(sb, 0, sizeof(*sb));
	sb->flags = cpu_to_le32(0);
	sb->blocknr = cpu_to_le64(0);
	memcpy(sb->uuid, uuid, sizeof(sb->uuid));
	sb->magic = cpu_to_le64(DMAT_SB_MAGIC);
	sb->version = cpu_to_le32(DMAT_VERSION);
	sb->block_size = cpu_to_le32(DMAT_BLOCK_SIZE);
	sb->log_start = cpu_to_le64(log_start);
	sb->log_blocks = cpu_to_le64(log_blocks);
	sb->data_sectors = cpu_to_le64(data_sectors);
	sb->tail_seq = cpu_to_le64(1);
	sb->tail_block = cpu_to_le64(0);
	dmat_sb_seal(sb);
	return 0;
}

void dmat_sb_set_tail(struct dmat_superblock *sb, u64 tail_seq, u64 tail_block)
{
	sb->tail_seq = cpu_to_le64(tail_seq);
	sb->tail_block = cpu_to_le64(tail_block);
	dmat_sb_seal(sb);
}

const char *dmat_data_id_kind_name(u32 kind)
{
	switch (kind) {
	case DMAT_DATA_ID_NONE: return "none";
	case DMAT_DATA_ID_DM_UUID: return "dm-uuid";
	case DMAT_DATA_ID_PART_UUID: return "partuuid";
	default: return "unknown";
	}
}

void dmat_sb_set_data_id(struct dmat_superblock *sb, const struct dmat_data_id *id)
{
	u32 len = id->kind == DMAT_DATA_ID_NONE ? 0 : id->len;

	if (len > DMAT_DATA_ID_LEN)
		len = DMAT_DATA_ID_LEN;
	sb->feature_compat |= cpu_to_le32(DMAT_FEATURE_COMPAT_DATA_ID);
	sb->data_id_kind = cpu_to_le32(id->kind);
	sb->data_id_len = cpu_to_le32(len);
	memset(sb->data_id, 0, sizeof(sb->data_id));
	memcpy(sb->data_id, id->id, len);
	dmat_sb_seal(sb);
}

int dmat_sb_data_id(const struct dmat_superblock *sb, struct dmat_data_id *rec)
{
	u32 len = le32_to_cpu(sb->data_id_len);

	memset(rec, 0, sizeof(*rec));
	if (!(le32_to_cpu(sb->feature_compat) & DMAT_FEATURE_COMPAT_DATA_ID))
		return 0;
	if (len > DMAT_DATA_ID_LEN)	/* not a validated superblock */
		len = DMAT_DATA_ID_LEN;
	rec->kind = le32_to_cpu(sb->data_id_kind);
	rec->len = len;
	memcpy(rec->id, sb->data_id, len);
	return 1;
}

enum dmat_data_id_check dmat_sb_check_data_id(const struct dmat_superblock *sb,
					      const struct dmat_data_id *have)
{
	struct dmat_data_id rec;

	if (!dmat_sb_data_id(sb, &rec) ||
	    (rec.kind != DMAT_DATA_ID_DM_UUID && rec.kind != DMAT_DATA_ID_PART_UUID))
		return DMAT_DATA_ID_UNCHECKED;
	if (have->kind != rec.kind || have->len != rec.len ||
	    memcmp(have->id, rec.id, rec.len))
		return DMAT_DATA_ID_MISMATCH;
	return DMAT_DATA_ID_MATCH;
}

void dmat_geometry_from_sb(struct dmat_geometry *geo, const struct dmat_superblock *sb)
{
	memcpy(geo->uuid, sb->uuid, sizeof(geo->uuid));
	geo->log_start = le64_to_cpu(sb->log_start);
	geo->log_blocks = le64_to_cpu(sb->log_blocks);
	geo->data_sectors = le64_to_cpu(sb->data_sectors);
}

/* ------------------------------------------------------------------------
 * Descriptor builder
 */

void dmat_desc_init(struct dmat_descriptor *d, const struct dmat_geometry *geo,
		    u64 seq, u64 log_block)
{
	memset(d, 0, sizeof(*d));
	d->magic = cpu_to_le32(DMAT_DESC_MAGIC);
	d->seq = cpu_to_le64(seq);
	d->blocknr = cpu_to_le64(geo->log_start + log_block);
	memcpy(d->uuid, geo->uuid, sizeof(d->uuid));
}

int dmat_desc_add(struct dmat_descriptor *d, const struct dmat_geometry *geo,
		  u64 data_sector, u32 nr_sectors, u32 data_crc)
{
	u32 n = le32_to_cpu(d->nr_entries);
	struct dmat_entry *e;

	if (n >= DMAT_MAX_ENTRIES || nr_sectors == 0 ||
	    data_sector >= geo->data_sectors ||
	    nr_sectors > geo->data_sectors - data_sector)
		return -1;
	e = &d->entries[n];
	e->data_sector = cpu_to_le64(data_sector);
	e->nr_sectors = cpu_to_le32(nr_sectors);
	e->data_crc = cpu_to_le32(data_crc);
	d->nr_entries = cpu_to_le32(n + 1);
	d->nr_data_blocks = cpu_to_le32(le32_to_cpu(d->nr_data_blocks) +
					(u32)DMAT_ENTRY_BLOCKS(nr_sectors));
	return 0;
}

void dmat_desc_seal(struct dmat_descriptor *d)
{
	d->csum = cpu_to_le32(block_csum(d));
}

/* ------------------------------------------------------------------------
 * Scan
 */

static const char *const scan_result_str[DMAT_SCAN_NR_RESULTS] = {
	[DMAT_SCAN_RUNNING] = "running",
	[DMAT_SCAN_BAD_MAGIC] = "bad magic",
	[DMAT_SCAN_DESC_CSUM] = "descriptor checksum mismatch",
	[DMAT_SCAN_SALT_MISMATCH] = "salt mismatch (record of another format)",
	[DMAT_SCAN_BLOCKNR_MISMATCH] = "block number mismatch",
	[DMAT_SCAN_STALE_SEQ] = "stale sequence number",
	[DMAT_SCAN_SEQ_GAP] = "sequence gap",
	[DMAT_SCAN_BAD_DESC] = "malformed descriptor",
	[DMAT_SCAN_ENTRY_RANGE] = "entry past the end of the data device",
	[DMAT_SCAN_LOG_OVERRUN] = "transaction overruns the log tail",
	[DMAT_SCAN_DATA_CRC] = "data checksum mismatch",
	[DMAT_SCAN_IO_ERROR] = "I/O error",
	[DMAT_SCAN_STOPPED] = "stopped by caller",
	[DMAT_SCAN_UNWRITTEN] = "unwritten block",
	[DMAT_SCAN_NO_COMMIT] = "no commit record (torn zero-copy transaction)",
};

static const char *const scan_result_name[DMAT_SCAN_NR_RESULTS] = {
	[DMAT_SCAN_RUNNING] = "running",
	[DMAT_SCAN_BAD_MAGIC] = "bad_magic",
	[DMAT_SCAN_DESC_CSUM] = "desc_csum",
	[DMAT_SCAN_SALT_MISMATCH] = "salt_mismatch",
	[DMAT_SCAN_BLOCKNR_MISMATCH] = "blocknr_mismatch",
	[DMAT_SCAN_STALE_SEQ] = "stale_seq",
	[DMAT_SCAN_SEQ_GAP] = "seq_gap",
	[DMAT_SCAN_BAD_DESC] = "bad_desc",
	[DMAT_SCAN_ENTRY_RANGE] = "entry_range",
	[DMAT_SCAN_LOG_OVERRUN] = "log_overrun",
	[DMAT_SCAN_DATA_CRC] = "data_crc",
	[DMAT_SCAN_IO_ERROR] = "io_error",
	[DMAT_SCAN_STOPPED] = "stopped",
	[DMAT_SCAN_UNWRITTEN] = "unwritten",
	[DMAT_SCAN_NO_COMMIT] = "no_commit",
};

const char *dmat_scan_result_name(enum dmat_scan_result r)
{
	if ((unsigned int)r >= DMAT_SCAN_NR_RESULTS)
		return "unknown";
	return scan_result_name[r];
}

const char *dmat_scan_result_str(enum dmat_scan_result r)
{
	if ((unsigned int)r >= DMAT_SCAN_NR_RESULTS)
		return "unknown scan result";
	return scan_result_str[r];
}

int dmat_scan_result_is_normal_end(enum dmat_scan_result r)
{
	switch (r) {
	case DMAT_SCAN_UNWRITTEN:
	case DMAT_SCAN_BAD_MAGIC:
	case DMAT_SCAN_DESC_CSUM:
	case DMAT_SCAN_SALT_MISMATCH:
	case DMAT_SCAN_STALE_SEQ:
	case DMAT_SCAN_DATA_CRC:
	case DMAT_SCAN_NO_COMMIT:
		return 1;
	default:
		return 0;
	}
}

/*
 * Why the other ends are not crash states (see dmat_scan_end_is_normal() in
 * dma-scan.h).  A crash leaves at the head of the log the transactions that
 * were in flight, each torn or whole, and behind them whatever older laps
 * (or an older format) left.  The scan meets there a torn descriptor (csum),
 * torn data (data crc), a missing commit record, a never-written block, a
 * data block or garbage (magic), or an older record (stale seq, salt).  Each
 * of the abnormal ends needs a descriptor that is sound (magic, checksum,
 * uuid), that is, one written whole by a writer of this format:
 *
 *  seq_gap: in its place, with a seq above the one due.  The writer hands out
 *	seqs and log positions together (dmat_log_reserve(), one position
 *	per seq, in order; the scan repeats the arithmetic with the sizes in
 *	the descriptors), so a higher seq would have been reserved at this
 *	place after the one due, while that one's blocks were still in use:
 *	the log never reuses a block before the superblock moving the tail
 *	past it is durable.  Records of earlier runs carry lower seqs:
 *	recovery restarts seq + DMAT_RECOVERY_SEQ_JUMP, log growth keeps the
 *	seqs and puts no record past the old end.  Concurrent commits hold
 *	consecutive seqs at consecutive places; one torn or unwritten leaves
 *	the old contents of its place, never a later seq.
 *  blocknr_mismatch with a seq at or above the one due: a record of this
 *	run, by the argument above, written to the wrong block (a misdirected
 *	write), or metadata copied to another offset.  With a seq below the
 *	one due it is an older record: descriptors go only to their own
 *	block, but data blocks hold the writer's data verbatim, block-aligned
 *	(copied or zero-copy), and that data may be a copy of this log's own
 *	descriptors (an image of the metadata device written through the
 *	target).  Such a copy is old: the descriptor was on the device before
 *	the transaction that logs the copy was reserved, so its seq is below
 *	that transaction's, which is below any seq due where the scan can meet
 *	the copy (seqs and places go together, and a later lap or run only
 *	raises them).  Where its block number happens to match, it ends the
 *	scan as a stale record; so it does where it does not: a normal end.
 *  bad_desc, entry_range: the writer builds every descriptor with
 *	dmat_desc_add() (no zero-length entry, every entry inside the data
 *	device, nr_data_blocks their sum); an unknown flag comes only with an
 *	incompat feature bit, which refuses the superblock before any scan.
 *	The data device only grows, and recovery records the new size in the
 *	same superblock write that empties the log.
 *  log_overrun: the writer reserves a transaction only when it fits between
 *	the head and its tail, and its tail moves only once the superblock
 *	that holds it is durable, so the tail recovery starts from is never
 *	behind the writer's: used blocks counted from it never exceed what the
 *	writer counted.
 */
int dmat_scan_end_is_normal(const struct dmat_scan *s)
{
	if (dmat_scan_result_is_normal_end(s->result))
		return 1;
	return s->result == DMAT_SCAN_BLOCKNR_MISMATCH && s->found_seq < s->next_seq;
}

u64 dmat_txn_entry_block(const struct dmat_geometry *geo, const struct dmat_txn *t,
			 u32 i)
{
	u64 pos = t->log_block + 1;
	u32 j;

	for (j = 0; j < i && j < t->nr_entries; j++)
		pos = wrap(geo, pos + DMAT_ENTRY_BLOCKS(le32_to_cpu(t->desc->entries[j].nr_sectors)));
	return wrap(geo, pos);
}

enum dmat_scan_result dmat_desc_check(const struct dmat_descriptor *d,
				      const struct dmat_geometry *geo,
				    u64 expected_seq, u64 log_block,
				    u64 used_blocks, u32 *bad_entry)
{
	u32 i, n;
	u64 blocks = 0, seq;

	*bad_entry = 0;
	if (le32_to_cpu(d->magic) != DMAT_DESC_MAGIC)
		return all_zero(d, DMAT_BLOCK_SIZE) ? DMAT_SCAN_UNWRITTEN : DMAT_SCAN_BAD_MAGIC;
	if (le32_to_cpu(d->csum) != block_csum(d))
		return DMAT_SCAN_DESC_CSUM;
	if (memcmp(d->uuid, geo->uuid, sizeof(d->uuid)))
		return DMAT_SCAN_SALT_MISMATCH;
	if (le64_to_cpu(d->blocknr) != geo->log_start + log_block)
		return DMAT_SCAN_BLOCKNR_MISMATCH;
	seq = le64_to_cpu(d->seq);
	if (seq < expected_seq)
		return DMAT_SCAN_STALE_SEQ;
	if (seq > expected_seq)
		return DMAT_SCAN_SEQ_GAP;

	n = le32_to_cpu(d->nr_entries);
	if ((le32_to_cpu(d->flags) & ~DMAT_DESC_FLAGS_KNOWN) ||
	    n > DMAT_MAX_ENTRIES)
		return DMAT_SCAN_BAD_DESC;
	for (i = 0; i < n; i++) {
		const struct dmat_entry *e = &d->entries[i];
		u64 sector = le64_to_cpu(e->data_sector);
		u32 nr = le32_to_cpu(e->nr_sectors);

		*bad_entry = i;
		if (nr == 0)
			return DMAT_SCAN_BAD_DESC;
		if (sector >= geo->data_sectors || nr > geo->data_sectors - sector)
			return DMAT_SCAN_ENTRY_RANGE;
		blocks += DMAT_ENTRY_BLOCKS(nr);
	}
	*bad_entry = 0;
	if (blocks != le32_to_cpu(d->nr_data_blocks))
		return DMAT_SCAN_BAD_DESC;
	if (used_blocks + blocks + (dmat_desc_has_commit_record(d) ? 2 : 1) > geo->log_blocks)
		return DMAT_SCAN_LOG_OVERRUN;
	return DMAT_SCAN_RUNNING;
}

/* Verify the data crc of every entry of the descriptor in s->desc_buf. */
static enum dmat_scan_result check_data(struct dmat_scan *s, u64 desc_block)
{
	const struct dmat_descriptor *d = s->desc_buf;
	u32 i, n = le32_to_cpu(d->nr_entries);
	u64 pos = wrap(s->geo, desc_block + 1);
	int r;

	for (i = 0; i < n; i++) {
		const struct dmat_entry *e = &d->entries[i];
		u64 left = (u64)le32_to_cpu(e->nr_sectors) << DMAT_SECTOR_SHIFT;
		u64 first = pos;
		u32 crc = ~0U;

		while (left) {
			u32 chunk = left > DMAT_BLOCK_SIZE ? DMAT_BLOCK_SIZE : (u32)left;

			r = s->read_block(s->ctx, s->geo->log_start + pos, s->data_buf);
			if (r) {
				s->io_error = r;
				s->bad_block = pos;
				return DMAT_SCAN_IO_ERROR;
			}
			crc = dmat_crc32c_raw(crc, s->data_buf, chunk);
			left -= chunk;
			pos = wrap(s->geo, pos + 1);
		}
		if ((crc ^ ~0U) != le32_to_cpu(e->data_crc)) {
			s->bad_entry = i;
			s->bad_block = first;
			return DMAT_SCAN_DATA_CRC;
		}
	}
	return DMAT_SCAN_RUNNING;
}

void dmat_commit_build(struct dmat_commit *c, const struct dmat_geometry *geo,
		       const struct dmat_descriptor *d, u64 commit_block)
{
	memset(c, 0, sizeof(*c));
	c->magic = cpu_to_le32(DMAT_COMMIT_MAGIC);
	c->seq = d->seq;
	c->blocknr = cpu_to_le64(geo->log_start + commit_block);
	memcpy(c->uuid, geo->uuid, sizeof(c->uuid));
	c->desc_csum = d->csum;
	c->csum = cpu_to_le32(block_csum(c));
}

int dmat_commit_check(const struct dmat_commit *c, const struct dmat_geometry *geo,
		      const struct dmat_descriptor *d, u64 commit_block)
{
	return le32_to_cpu(c->magic) == DMAT_COMMIT_MAGIC &&
	       le32_to_cpu(c->csum) == block_csum(c) &&
	       !memcmp(c->uuid, geo->uuid, sizeof(c->uuid)) &&
	       le64_to_cpu(c->blocknr) == geo->log_start + commit_block &&
	       c->seq == d->seq && c->desc_csum == d->csum;
}

static int read_sparse(struct dmat_scan *s, u64 meta_block, void *buf)
{
	return s->read_sparse ? s->read_sparse(s->ctx, meta_block, buf) :
				s->read_block(s->ctx, meta_block, buf);
}

/* The commit record of the descriptor in s->desc_buf (read into data_buf). */
static enum dmat_scan_result check_commit(struct dmat_scan *s, u64 desc_block)
{
	const struct dmat_descriptor *d = s->desc_buf;
	u64 pos = wrap(s->geo, desc_block + 1 + le32_to_cpu(d->nr_data_blocks));
	int r;

	r = read_sparse(s, s->geo->log_start + pos, s->data_buf);
	if (r) {
		s->io_error = r;
		s->bad_block = pos;
		return DMAT_SCAN_IO_ERROR;
	}
	if (!dmat_commit_check(s->data_buf, s->geo, d, pos)) {
		s->bad_block = pos;
		return DMAT_SCAN_NO_COMMIT;
	}
	return DMAT_SCAN_RUNNING;
}

enum dmat_scan_result dmat_scan(struct dmat_scan *s)
{
	const struct dmat_descriptor *d = s->desc_buf;
	enum dmat_scan_result r;
	u64 pos = s->start_block, seq = s->start_seq;
	int err;

	s->nr_txns = 0;
	s->used_blocks = 0;
	s->found_seq = 0;
	s->bad_block = 0;
	s->bad_entry = 0;
	s->io_error = 0;
	s->cb_error = 0;

	if (!s->geo->log_blocks || pos >= s->geo->log_blocks) {
		r = DMAT_SCAN_LOG_OVERRUN;
		goto out;
	}
	for (;;) {
		s->bad_block = pos;
		err = read_sparse(s, s->geo->log_start + pos, s->desc_buf);
		if (err) {
			s->io_error = err;
			r = DMAT_SCAN_IO_ERROR;
			break;
		}
		r = dmat_desc_check(d, s->geo, seq, pos, s->used_blocks, &s->bad_entry);
		if (r == DMAT_SCAN_STALE_SEQ || r == DMAT_SCAN_SEQ_GAP ||
		    r == DMAT_SCAN_BLOCKNR_MISMATCH)
			s->found_seq = le64_to_cpu(d->seq);
		if (r != DMAT_SCAN_RUNNING)
			break;
		r = dmat_desc_has_commit_record(d) ? check_commit(s, pos) : check_data(s, pos);
		if (r != DMAT_SCAN_RUNNING)
			break;

		s->nr_txns++;
		s->used_blocks += dmat_desc_total_blocks(d);
		if (s->transaction) {
			struct dmat_txn t = {
				.seq = seq,
				.log_block = pos,
				.nr_entries = le32_to_cpu(d->nr_entries),
				.nr_data_blocks = le32_to_cpu(d->nr_data_blocks),
				.flags = le32_to_cpu(d->flags),
				.desc = d,
			};

			err = s->transaction(s->ctx, &t);
			if (err) {
				s->cb_error = err;
				r = DMAT_SCAN_STOPPED;
				pos = wrap(s->geo, pos + dmat_desc_total_blocks(d));
				seq++;
				s->bad_block = pos;
				break;
			}
		}
		pos = wrap(s->geo, pos + dmat_desc_total_blocks(d));
		seq++;
	}
out:
	s->result = r;
	s->next_seq = seq;
	s->next_block = pos;
	return r;
}

/* Magic, checksum, uuid and position right: a descriptor someone wrote. */
static int desc_sound(const struct dmat_descriptor *d, const struct dmat_geometry *geo,
		      u64 log_block)
{
	return le32_to_cpu(d->magic) == DMAT_DESC_MAGIC &&
	       le32_to_cpu(d->csum) == block_csum(d) &&
	       !memcmp(d->uuid, geo->uuid, sizeof(d->uuid)) &&
	       le64_to_cpu(d->blocknr) == geo->log_start + log_block;
}

/* Probe @count log blocks from log block @from on (wrapping). */
static int probe_range(struct dmat_scan *s, u64 from, u64 count, u64 *log_block, u64 *seq)
{
	const struct dmat_descriptor *d = s->desc_buf;
	int result = DMAT_PROBE_NOTHING, err;
	u64 i, pos, found;

	if (!dmat_scan_end_is_normal(s))
		return DMAT_PROBE_NOTHING;
	if (count > s->geo->log_blocks)
		count = s->geo->log_blocks;
	for (i = 0; i < count; i++) {
		pos = wrap(s->geo, from + i);
		err = s->read_block(s->ctx, s->geo->log_start + pos, s->desc_buf);
		if (err) {
			*log_block = pos;
			return err;
		}
		if (!desc_sound(d, s->geo, pos))
			continue;
		found = le64_to_cpu(d->seq);
		if (found <= s->next_seq)
			continue;
		if (le64_to_cpu(d->durable_seq) > s->next_seq) {
			*log_block = pos;
			*seq = found;
			return DMAT_PROBE_DAMAGE;
		}
		if (found == s->next_seq + 1 && result == DMAT_PROBE_NOTHING) {
			*log_block = pos;
			*seq = found;
			result = DMAT_PROBE_INFLIGHT;
		}
	}
	return result;
}

int dmat_scan_probe_beyond(struct dmat_scan *s, u64 *log_block, u64 *seq)
{
	return probe_range(s, 0, s->geo->log_blocks, log_block, seq);
}

int dmat_scan_probe_after(struct dmat_scan *s, u64 window, u64 *log_block, u64 *seq)
{
	return probe_range(s, s->next_block, window, log_block, seq);
}
