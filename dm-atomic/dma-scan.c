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

static u64 wrap(const struct dma_geometry *geo, u64 pos)
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

	crc = dma_crc32c_raw(~0U, zero, sizeof(zero));
	crc = dma_crc32c_raw(crc, (const u8 *)block + 4, DMA_BLOCK_SIZE - 4);
	return crc ^ ~0U;
}

/* ------------------------------------------------------------------------
 * Superblock
 */

static const char *const sb_result_str[DMA_SB_NR_RESULTS] = {
	[DMA_SB_OK] = "ok",
	[DMA_SB_NEEDS_FORMAT] = "all zero (needs format)",
	[DMA_SB_WRONG_BLOCKNR] = "wrong block number",
	[DMA_SB_BAD_MAGIC] = "bad magic",
	[DMA_SB_BAD_CSUM] = "bad checksum",
	[DMA_SB_BAD_VERSION] = "unsupported version",
	[DMA_SB_BAD_FLAGS] = "unsupported flags",
	[DMA_SB_INCOMPAT_FEATURES] = "incompatible features this version does not know",
	[DMA_SB_RO_COMPAT_FEATURES] = "read-only-compatible features this version does not know",
	[DMA_SB_BAD_GEOMETRY] = "bad geometry",
	[DMA_SB_BAD_DATA_ID] = "bad data device identity record",
	[DMA_SB_DATA_SIZE_MISMATCH] = "data device size mismatch",
	[DMA_SB_META_TOO_SMALL] = "metadata device too small for the log",
};

static const char *const sb_result_name[DMA_SB_NR_RESULTS] = {
	[DMA_SB_OK] = "ok",
	[DMA_SB_NEEDS_FORMAT] = "needs_format",
	[DMA_SB_WRONG_BLOCKNR] = "wrong_blocknr",
	[DMA_SB_BAD_MAGIC] = "bad_magic",
	[DMA_SB_BAD_CSUM] = "bad_csum",
	[DMA_SB_BAD_VERSION] = "bad_version",
	[DMA_SB_BAD_FLAGS] = "bad_flags",
	[DMA_SB_INCOMPAT_FEATURES] = "incompat_features",
	[DMA_SB_RO_COMPAT_FEATURES] = "ro_compat_features",
	[DMA_SB_BAD_GEOMETRY] = "bad_geometry",
	[DMA_SB_BAD_DATA_ID] = "bad_data_id",
	[DMA_SB_DATA_SIZE_MISMATCH] = "data_size_mismatch",
	[DMA_SB_META_TOO_SMALL] = "meta_too_small",
};

const char *dma_sb_result_name(enum dma_sb_result r)
{
	if ((unsigned int)r >= DMA_SB_NR_RESULTS)
		return "unknown";
	return sb_result_name[r];
}

const char *dma_sb_result_str(enum dma_sb_result r)
{
	if ((unsigned int)r >= DMA_SB_NR_RESULTS)
		return "unknown superblock result";
	return sb_result_str[r];
}

static enum dma_sb_result sb_validate(const struct dma_superblock *sb,
				      u64 data_sectors, u64 meta_blocks,
				      int read_only)
{
	u64 log_start, log_blocks;

	if (all_zero(sb, sizeof(*sb)))
		return DMA_SB_NEEDS_FORMAT;
	if (le64_to_cpu(sb->blocknr) != 0)
		return DMA_SB_WRONG_BLOCKNR;
	if (le64_to_cpu(sb->magic) != DMA_SB_MAGIC)
		return DMA_SB_BAD_MAGIC;
	if (le32_to_cpu(sb->csum) != block_csum(sb))
		return DMA_SB_BAD_CSUM;
	if (le32_to_cpu(sb->version) != DMA_VERSION)
		return DMA_SB_BAD_VERSION;
	if (le32_to_cpu(sb->flags) & ~DMA_SB_FLAGS_KNOWN)
		return DMA_SB_BAD_FLAGS;
	if (dma_sb_unknown_incompat(sb))
		return DMA_SB_INCOMPAT_FEATURES;
	if (dma_sb_unknown_ro_compat(sb) && !read_only)
		return DMA_SB_RO_COMPAT_FEATURES;
	/* Unknown compat bits are ignored. */

	log_start = le64_to_cpu(sb->log_start);
	log_blocks = le64_to_cpu(sb->log_blocks);
	if (le32_to_cpu(sb->block_size) != DMA_BLOCK_SIZE ||
	    log_start < 1 || log_blocks < DMA_MIN_LOG_BLOCKS ||
	    log_start + log_blocks < log_start ||	/* overflow */
	    log_blocks > DMA_MAX_LOG_BLOCKS ||
	    le64_to_cpu(sb->data_sectors) == 0 ||
	    le64_to_cpu(sb->tail_block) >= log_blocks)
		return DMA_SB_BAD_GEOMETRY;
	if ((le32_to_cpu(sb->feature_compat) & DMA_FEATURE_COMPAT_DATA_ID) &&
	    (le32_to_cpu(sb->data_id_len) > DMA_DATA_ID_LEN ||
	     !all_zero(sb->data_id + le32_to_cpu(sb->data_id_len),
		       DMA_DATA_ID_LEN - le32_to_cpu(sb->data_id_len))))
		return DMA_SB_BAD_DATA_ID;
	if (data_sectors && le64_to_cpu(sb->data_sectors) != data_sectors)
		return DMA_SB_DATA_SIZE_MISMATCH;
	if (meta_blocks && log_start + log_blocks > meta_blocks)
		return DMA_SB_META_TOO_SMALL;
	return DMA_SB_OK;
}

enum dma_sb_result dma_sb_validate(const struct dma_superblock *sb,
				   u64 data_sectors, u64 meta_blocks)
{
	return sb_validate(sb, data_sectors, meta_blocks, 0);
}

enum dma_sb_result dma_sb_validate_read(const struct dma_superblock *sb,
					u64 data_sectors, u64 meta_blocks)
{
	return sb_validate(sb, data_sectors, meta_blocks, 1);
}

void dma_sb_seal(struct dma_superblock *sb)
{
	sb->csum = cpu_to_le32(block_csum(sb));
}

int dma_sb_build(struct dma_superblock *sb, const u8 uuid[16], u64 log_start,
		 u64 log_blocks, u64 data_sectors)
{
	if (log_start < 1 || log_blocks < DMA_MIN_LOG_BLOCKS ||
	    log_blocks > DMA_MAX_LOG_BLOCKS || data_sectors == 0)
		return -1;
	memset(sb, 0, sizeof(*sb));
	sb->flags = cpu_to_le32(0);
	sb->blocknr = cpu_to_le64(0);
	memcpy(sb->uuid, uuid, sizeof(sb->uuid));
	sb->magic = cpu_to_le64(DMA_SB_MAGIC);
	sb->version = cpu_to_le32(DMA_VERSION);
	sb->block_size = cpu_to_le32(DMA_BLOCK_SIZE);
	sb->log_start = cpu_to_le64(log_start);
	sb->log_blocks = cpu_to_le64(log_blocks);
	sb->data_sectors = cpu_to_le64(data_sectors);
	sb->tail_seq = cpu_to_le64(1);
	sb->tail_block = cpu_to_le64(0);
	dma_sb_seal(sb);
	return 0;
}

void dma_sb_set_tail(struct dma_superblock *sb, u64 tail_seq, u64 tail_block)
{
	sb->tail_seq = cpu_to_le64(tail_seq);
	sb->tail_block = cpu_to_le64(tail_block);
	dma_sb_seal(sb);
}

const char *dma_data_id_kind_name(u32 kind)
{
	switch (kind) {
	case DMA_DATA_ID_NONE: return "none";
	case DMA_DATA_ID_DM_UUID: return "dm-uuid";
	case DMA_DATA_ID_PART_UUID: return "partuuid";
	default: return "unknown";
	}
}

void dma_sb_set_data_id(struct dma_superblock *sb, const struct dma_data_id *id)
{
	u32 len = id->kind == DMA_DATA_ID_NONE ? 0 : id->len;

	if (len > DMA_DATA_ID_LEN)
		len = DMA_DATA_ID_LEN;
	sb->feature_compat |= cpu_to_le32(DMA_FEATURE_COMPAT_DATA_ID);
	sb->data_id_kind = cpu_to_le32(id->kind);
	sb->data_id_len = cpu_to_le32(len);
	memset(sb->data_id, 0, sizeof(sb->data_id));
	memcpy(sb->data_id, id->id, len);
	dma_sb_seal(sb);
}

int dma_sb_data_id(const struct dma_superblock *sb, struct dma_data_id *rec)
{
	u32 len = le32_to_cpu(sb->data_id_len);

	memset(rec, 0, sizeof(*rec));
	if (!(le32_to_cpu(sb->feature_compat) & DMA_FEATURE_COMPAT_DATA_ID))
		return 0;
	if (len > DMA_DATA_ID_LEN)	/* not a validated superblock */
		len = DMA_DATA_ID_LEN;
	rec->kind = le32_to_cpu(sb->data_id_kind);
	rec->len = len;
	memcpy(rec->id, sb->data_id, len);
	return 1;
}

enum dma_data_id_check dma_sb_check_data_id(const struct dma_superblock *sb,
					    const struct dma_data_id *have)
{
	struct dma_data_id rec;

	if (!dma_sb_data_id(sb, &rec) ||
	    (rec.kind != DMA_DATA_ID_DM_UUID && rec.kind != DMA_DATA_ID_PART_UUID))
		return DMA_DATA_ID_UNCHECKED;
	if (have->kind != rec.kind || have->len != rec.len ||
	    memcmp(have->id, rec.id, rec.len))
		return DMA_DATA_ID_MISMATCH;
	return DMA_DATA_ID_MATCH;
}

void dma_geometry_from_sb(struct dma_geometry *geo, const struct dma_superblock *sb)
{
	memcpy(geo->uuid, sb->uuid, sizeof(geo->uuid));
	geo->log_start = le64_to_cpu(sb->log_start);
	geo->log_blocks = le64_to_cpu(sb->log_blocks);
	geo->data_sectors = le64_to_cpu(sb->data_sectors);
}

/* ------------------------------------------------------------------------
 * Descriptor builder
 */

void dma_desc_init(struct dma_descriptor *d, const struct dma_geometry *geo,
		   u64 seq, u64 log_block)
{
	memset(d, 0, sizeof(*d));
	d->magic = cpu_to_le32(DMA_DESC_MAGIC);
	d->seq = cpu_to_le64(seq);
	d->blocknr = cpu_to_le64(geo->log_start + log_block);
	memcpy(d->uuid, geo->uuid, sizeof(d->uuid));
}

int dma_desc_add(struct dma_descriptor *d, const struct dma_geometry *geo,
		 u64 data_sector, u32 nr_sectors, u32 data_crc)
{
	u32 n = le32_to_cpu(d->nr_entries);
	struct dma_entry *e;

	if (n >= DMA_MAX_ENTRIES || nr_sectors == 0 ||
	    data_sector >= geo->data_sectors ||
	    nr_sectors > geo->data_sectors - data_sector)
		return -1;
	e = &d->entries[n];
	e->data_sector = cpu_to_le64(data_sector);
	e->nr_sectors = cpu_to_le32(nr_sectors);
	e->data_crc = cpu_to_le32(data_crc);
	d->nr_entries = cpu_to_le32(n + 1);
	d->nr_data_blocks = cpu_to_le32(le32_to_cpu(d->nr_data_blocks) +
					(u32)DMA_ENTRY_BLOCKS(nr_sectors));
	return 0;
}

void dma_desc_seal(struct dma_descriptor *d)
{
	d->csum = cpu_to_le32(block_csum(d));
}

/* ------------------------------------------------------------------------
 * Scan
 */

static const char *const scan_result_str[DMA_SCAN_NR_RESULTS] = {
	[DMA_SCAN_RUNNING] = "running",
	[DMA_SCAN_BAD_MAGIC] = "bad magic",
	[DMA_SCAN_DESC_CSUM] = "descriptor checksum mismatch",
	[DMA_SCAN_SALT_MISMATCH] = "salt mismatch (record of another format)",
	[DMA_SCAN_BLOCKNR_MISMATCH] = "block number mismatch",
	[DMA_SCAN_STALE_SEQ] = "stale sequence number",
	[DMA_SCAN_SEQ_GAP] = "sequence gap",
	[DMA_SCAN_BAD_DESC] = "malformed descriptor",
	[DMA_SCAN_ENTRY_RANGE] = "entry past the end of the data device",
	[DMA_SCAN_LOG_OVERRUN] = "transaction overruns the log tail",
	[DMA_SCAN_DATA_CRC] = "data checksum mismatch",
	[DMA_SCAN_IO_ERROR] = "I/O error",
	[DMA_SCAN_STOPPED] = "stopped by caller",
	[DMA_SCAN_UNWRITTEN] = "unwritten block",
	[DMA_SCAN_NO_COMMIT] = "no commit record (torn zero-copy transaction)",
};

static const char *const scan_result_name[DMA_SCAN_NR_RESULTS] = {
	[DMA_SCAN_RUNNING] = "running",
	[DMA_SCAN_BAD_MAGIC] = "bad_magic",
	[DMA_SCAN_DESC_CSUM] = "desc_csum",
	[DMA_SCAN_SALT_MISMATCH] = "salt_mismatch",
	[DMA_SCAN_BLOCKNR_MISMATCH] = "blocknr_mismatch",
	[DMA_SCAN_STALE_SEQ] = "stale_seq",
	[DMA_SCAN_SEQ_GAP] = "seq_gap",
	[DMA_SCAN_BAD_DESC] = "bad_desc",
	[DMA_SCAN_ENTRY_RANGE] = "entry_range",
	[DMA_SCAN_LOG_OVERRUN] = "log_overrun",
	[DMA_SCAN_DATA_CRC] = "data_crc",
	[DMA_SCAN_IO_ERROR] = "io_error",
	[DMA_SCAN_STOPPED] = "stopped",
	[DMA_SCAN_UNWRITTEN] = "unwritten",
	[DMA_SCAN_NO_COMMIT] = "no_commit",
};

const char *dma_scan_result_name(enum dma_scan_result r)
{
	if ((unsigned int)r >= DMA_SCAN_NR_RESULTS)
		return "unknown";
	return scan_result_name[r];
}

const char *dma_scan_result_str(enum dma_scan_result r)
{
	if ((unsigned int)r >= DMA_SCAN_NR_RESULTS)
		return "unknown scan result";
	return scan_result_str[r];
}

int dma_scan_result_is_normal_end(enum dma_scan_result r)
{
	switch (r) {
	case DMA_SCAN_UNWRITTEN:
	case DMA_SCAN_BAD_MAGIC:
	case DMA_SCAN_DESC_CSUM:
	case DMA_SCAN_SALT_MISMATCH:
	case DMA_SCAN_STALE_SEQ:
	case DMA_SCAN_DATA_CRC:
	case DMA_SCAN_NO_COMMIT:
		return 1;
	default:
		return 0;
	}
}

u64 dma_txn_entry_block(const struct dma_geometry *geo, const struct dma_txn *t,
			u32 i)
{
	u64 pos = t->log_block + 1;
	u32 j;

	for (j = 0; j < i && j < t->nr_entries; j++)
		pos = wrap(geo, pos + DMA_ENTRY_BLOCKS(le32_to_cpu(t->desc->entries[j].nr_sectors)));
	return wrap(geo, pos);
}

enum dma_scan_result dma_desc_check(const struct dma_descriptor *d,
				    const struct dma_geometry *geo,
				    u64 expected_seq, u64 log_block,
				    u64 used_blocks, u32 *bad_entry)
{
	u32 i, n;
	u64 blocks = 0, seq;

	*bad_entry = 0;
	if (le32_to_cpu(d->magic) != DMA_DESC_MAGIC)
		return all_zero(d, DMA_BLOCK_SIZE) ? DMA_SCAN_UNWRITTEN : DMA_SCAN_BAD_MAGIC;
	if (le32_to_cpu(d->csum) != block_csum(d))
		return DMA_SCAN_DESC_CSUM;
	if (memcmp(d->uuid, geo->uuid, sizeof(d->uuid)))
		return DMA_SCAN_SALT_MISMATCH;
	if (le64_to_cpu(d->blocknr) != geo->log_start + log_block)
		return DMA_SCAN_BLOCKNR_MISMATCH;
	seq = le64_to_cpu(d->seq);
	if (seq < expected_seq)
		return DMA_SCAN_STALE_SEQ;
	if (seq > expected_seq)
		return DMA_SCAN_SEQ_GAP;

	n = le32_to_cpu(d->nr_entries);
	if ((le32_to_cpu(d->flags) & ~DMA_DESC_FLAGS_KNOWN) ||
	    n > DMA_MAX_ENTRIES)
		return DMA_SCAN_BAD_DESC;
	for (i = 0; i < n; i++) {
		const struct dma_entry *e = &d->entries[i];
		u64 sector = le64_to_cpu(e->data_sector);
		u32 nr = le32_to_cpu(e->nr_sectors);

		*bad_entry = i;
		if (nr == 0)
			return DMA_SCAN_BAD_DESC;
		if (sector >= geo->data_sectors || nr > geo->data_sectors - sector)
			return DMA_SCAN_ENTRY_RANGE;
		blocks += DMA_ENTRY_BLOCKS(nr);
	}
	*bad_entry = 0;
	if (blocks != le32_to_cpu(d->nr_data_blocks))
		return DMA_SCAN_BAD_DESC;
	if (used_blocks + blocks + (dma_desc_has_commit_record(d) ? 2 : 1) > geo->log_blocks)
		return DMA_SCAN_LOG_OVERRUN;
	return DMA_SCAN_RUNNING;
}

/* Verify the data crc of every entry of the descriptor in s->desc_buf. */
static enum dma_scan_result check_data(struct dma_scan *s, u64 desc_block)
{
	const struct dma_descriptor *d = s->desc_buf;
	u32 i, n = le32_to_cpu(d->nr_entries);
	u64 pos = wrap(s->geo, desc_block + 1);
	int r;

	for (i = 0; i < n; i++) {
		const struct dma_entry *e = &d->entries[i];
		u64 left = (u64)le32_to_cpu(e->nr_sectors) << DMA_SECTOR_SHIFT;
		u64 first = pos;
		u32 crc = ~0U;

		while (left) {
			u32 chunk = left > DMA_BLOCK_SIZE ? DMA_BLOCK_SIZE : (u32)left;

			r = s->read_block(s->ctx, s->geo->log_start + pos, s->data_buf);
			if (r) {
				s->io_error = r;
				s->bad_block = pos;
				return DMA_SCAN_IO_ERROR;
			}
			crc = dma_crc32c_raw(crc, s->data_buf, chunk);
			left -= chunk;
			pos = wrap(s->geo, pos + 1);
		}
		if ((crc ^ ~0U) != le32_to_cpu(e->data_crc)) {
			s->bad_entry = i;
			s->bad_block = first;
			return DMA_SCAN_DATA_CRC;
		}
	}
	return DMA_SCAN_RUNNING;
}

void dma_commit_build(struct dma_commit *c, const struct dma_geometry *geo,
		      const struct dma_descriptor *d, u64 commit_block)
{
	memset(c, 0, sizeof(*c));
	c->magic = cpu_to_le32(DMA_COMMIT_MAGIC);
	c->seq = d->seq;
	c->blocknr = cpu_to_le64(geo->log_start + commit_block);
	memcpy(c->uuid, geo->uuid, sizeof(c->uuid));
	c->desc_csum = d->csum;
	c->csum = cpu_to_le32(block_csum(c));
}

int dma_commit_check(const struct dma_commit *c, const struct dma_geometry *geo,
		     const struct dma_descriptor *d, u64 commit_block)
{
	return le32_to_cpu(c->magic) == DMA_COMMIT_MAGIC &&
	       le32_to_cpu(c->csum) == block_csum(c) &&
	       !memcmp(c->uuid, geo->uuid, sizeof(c->uuid)) &&
	       le64_to_cpu(c->blocknr) == geo->log_start + commit_block &&
	       c->seq == d->seq && c->desc_csum == d->csum;
}

static int read_sparse(struct dma_scan *s, u64 meta_block, void *buf)
{
	return s->read_sparse ? s->read_sparse(s->ctx, meta_block, buf) :
				s->read_block(s->ctx, meta_block, buf);
}

/* The commit record of the descriptor in s->desc_buf (read into data_buf). */
static enum dma_scan_result check_commit(struct dma_scan *s, u64 desc_block)
{
	const struct dma_descriptor *d = s->desc_buf;
	u64 pos = wrap(s->geo, desc_block + 1 + le32_to_cpu(d->nr_data_blocks));
	int r;

	r = read_sparse(s, s->geo->log_start + pos, s->data_buf);
	if (r) {
		s->io_error = r;
		s->bad_block = pos;
		return DMA_SCAN_IO_ERROR;
	}
	if (!dma_commit_check(s->data_buf, s->geo, d, pos)) {
		s->bad_block = pos;
		return DMA_SCAN_NO_COMMIT;
	}
	return DMA_SCAN_RUNNING;
}

enum dma_scan_result dma_scan(struct dma_scan *s)
{
	const struct dma_descriptor *d = s->desc_buf;
	enum dma_scan_result r;
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
		r = DMA_SCAN_LOG_OVERRUN;
		goto out;
	}
	for (;;) {
		s->bad_block = pos;
		err = read_sparse(s, s->geo->log_start + pos, s->desc_buf);
		if (err) {
			s->io_error = err;
			r = DMA_SCAN_IO_ERROR;
			break;
		}
		r = dma_desc_check(d, s->geo, seq, pos, s->used_blocks, &s->bad_entry);
		if (r == DMA_SCAN_STALE_SEQ || r == DMA_SCAN_SEQ_GAP)
			s->found_seq = le64_to_cpu(d->seq);
		if (r != DMA_SCAN_RUNNING)
			break;
		r = dma_desc_has_commit_record(d) ? check_commit(s, pos) : check_data(s, pos);
		if (r != DMA_SCAN_RUNNING)
			break;

		s->nr_txns++;
		s->used_blocks += dma_desc_total_blocks(d);
		if (s->transaction) {
			struct dma_txn t = {
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
				r = DMA_SCAN_STOPPED;
				pos = wrap(s->geo, pos + dma_desc_total_blocks(d));
				seq++;
				s->bad_block = pos;
				break;
			}
		}
		pos = wrap(s->geo, pos + dma_desc_total_blocks(d));
		seq++;
	}
out:
	s->result = r;
	s->next_seq = seq;
	s->next_block = pos;
	return r;
}

/* Magic, checksum, uuid and position right: a descriptor someone wrote. */
static int desc_sound(const struct dma_descriptor *d, const struct dma_geometry *geo,
		      u64 log_block)
{
	return le32_to_cpu(d->magic) == DMA_DESC_MAGIC &&
	       le32_to_cpu(d->csum) == block_csum(d) &&
	       !memcmp(d->uuid, geo->uuid, sizeof(d->uuid)) &&
	       le64_to_cpu(d->blocknr) == geo->log_start + log_block;
}

/* Probe @count log blocks from log block @from on (wrapping). */
static int probe_range(struct dma_scan *s, u64 from, u64 count, u64 *log_block, u64 *seq)
{
	const struct dma_descriptor *d = s->desc_buf;
	int result = DMA_PROBE_NOTHING, err;
	u64 i, pos, found;

	if (!dma_scan_result_is_normal_end(s->result))
		return DMA_PROBE_NOTHING;
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
			return DMA_PROBE_DAMAGE;
		}
		if (found == s->next_seq + 1 && result == DMA_PROBE_NOTHING) {
			*log_block = pos;
			*seq = found;
			result = DMA_PROBE_INFLIGHT;
		}
	}
	return result;
}

int dma_scan_probe_beyond(struct dma_scan *s, u64 *log_block, u64 *seq)
{
	return probe_range(s, 0, s->geo->log_blocks, log_block, seq);
}

int dma_scan_probe_after(struct dma_scan *s, u64 window, u64 *log_block, u64 *seq)
{
	return probe_range(s, s->next_block, window, log_block, seq);
}
