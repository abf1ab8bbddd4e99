// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "util.h"
#include "meta.h"

int meta_read_block(void *ctx, u64 meta_block, void *buf)
{
	struct meta *m = ctx;

	if (meta_block >= m->blocks)
		return -ENXIO;
	if (m->progress) {
		m->reads++;
		progress(m->progress, m->reads < m->geo.log_blocks ? m->reads :
			 m->geo.log_blocks, m->geo.log_blocks, 0);
	}
	return pread_full(m->fd, buf, DMAT_BLOCK_SIZE, meta_block * DMAT_BLOCK_SIZE);
}

void meta_open(struct meta *m, const char *path, int flags, int excl,
	       uint64_t data_sectors)
{
	int r;

	memset(m, 0, sizeof(*m));
	m->path = path;
	m->data_sectors = data_sectors;
	m->fd = open_dev(path, flags, excl, &m->size, &m->is_blk);
	m->blocks = m->size / DMAT_BLOCK_SIZE;
	m->sb = xalloc_aligned(DMAT_BLOCK_SIZE);
	m->desc_buf = xalloc_aligned(DMAT_BLOCK_SIZE);
	m->data_buf = xalloc_aligned(DMAT_BLOCK_SIZE);
	if (m->blocks < 1) {
		m->truncated = 1;
		return;
	}
	r = meta_read_block(m, 0, m->sb);
	if (r)
		die(EXIT_IO, "%s: reading the superblock: %s", path, strerror(-r));
	/* Opened for reading only: unknown ro_compat features do not stop it. */
	m->read_only = (flags & O_ACCMODE) == O_RDONLY;
	m->sbr = m->read_only ? dmat_sb_validate_read(m->sb, data_sectors, m->blocks)
			      : dmat_sb_validate(m->sb, data_sectors, m->blocks);
	if (m->sbr == DMAT_SB_OK)
		dmat_geometry_from_sb(&m->geo, m->sb);
}

static const char *ro_compat_msg(char *buf, size_t n, const struct dmat_superblock *sb)
{
	snprintf(buf, n, "%s (ro_compat 0x%x): it may be read (dma-check, dma-dump) "
		 "but not written", dmat_sb_result_str(DMAT_SB_RO_COMPAT_FEATURES),
		 dmat_sb_unknown_ro_compat(sb));
	return buf;
}

const char *meta_sb_problem(const struct meta *m)
{
	static char buf[256];
	const struct dmat_superblock *sb = m->sb;

	if (m->truncated)
		return "truncated";
	switch (m->sbr) {
	case DMAT_SB_OK:
		return NULL;
	case DMAT_SB_NEEDS_FORMAT:
		return "unformatted (all zero)";
	case DMAT_SB_INCOMPAT_FEATURES:
		snprintf(buf, sizeof(buf), "%s (incompat 0x%x): only a newer "
			 "version can use this metadata", dmat_sb_result_str(m->sbr),
			 dmat_sb_unknown_incompat(sb));
		return buf;
	case DMAT_SB_RO_COMPAT_FEATURES:
		return ro_compat_msg(buf, sizeof(buf), sb);
	case DMAT_SB_DATA_SIZE_MISMATCH:
		snprintf(buf, sizeof(buf), "%s: formatted for %llu sectors, the data "
			 "device has %llu", dmat_sb_result_str(m->sbr),
			 (unsigned long long)le64_to_cpu(sb->data_sectors),
			 (unsigned long long)m->data_sectors);
		return buf;
	case DMAT_SB_META_TOO_SMALL:
		snprintf(buf, sizeof(buf), "%s: it needs %llu blocks (log %llu+%llu), "
			 "the metadata device has %llu (%llu bytes)",
			 dmat_sb_result_str(m->sbr),
			 (unsigned long long)(le64_to_cpu(sb->log_start) +
					      le64_to_cpu(sb->log_blocks)),
			 (unsigned long long)le64_to_cpu(sb->log_start),
			 (unsigned long long)le64_to_cpu(sb->log_blocks),
			 (unsigned long long)m->blocks, (unsigned long long)m->size);
		return buf;
	default:
		return dmat_sb_result_str(m->sbr);
	}
}

int meta_unformatted(const struct meta *m)
{
	return !m->truncated && m->sbr == DMAT_SB_NEEDS_FORMAT;
}

int meta_unsupported(const struct meta *m)
{
	return !m->truncated && m->sbr == DMAT_SB_INCOMPAT_FEATURES;
}

const char *meta_ro_compat_problem(const struct meta *m)
{
	static char buf[256];

	if (m->truncated || m->sbr != DMAT_SB_OK || !dmat_sb_unknown_ro_compat(m->sb))
		return NULL;
	return ro_compat_msg(buf, sizeof(buf), m->sb);
}

static int meta_txn(void *ctx, const struct dmat_txn *t)
{
	struct meta *m = ctx;

	return m->txn_cb(m->txn_ctx, t);
}

enum dmat_scan_result meta_scan(struct meta *m, struct dmat_scan *s,
			       int (*cb)(void *ctx, const struct dmat_txn *t),
			       void *ctx)
{
	memset(s, 0, sizeof(*s));
	s->geo = &m->geo;
	s->start_seq = le64_to_cpu(m->sb->tail_seq);
	s->start_block = le64_to_cpu(m->sb->tail_block);
	s->desc_buf = m->desc_buf;
	s->data_buf = m->data_buf;
	m->txn_cb = cb;
	m->txn_ctx = ctx;
	s->ctx = m;
	s->read_block = meta_read_block;
	s->transaction = cb ? meta_txn : NULL;
	return dmat_scan(s);
}

/* Start showing the log reads as what, or end the line (NULL). */
static void meta_progress(struct meta *m, const char *what)
{
	if (!what && m->progress)
		progress(m->progress, m->reads < m->geo.log_blocks ? m->reads :
			 m->geo.log_blocks, m->geo.log_blocks, 1);
	m->progress = what;
	m->reads = 0;
}

int meta_check_log(struct meta *m, struct dmat_scan *s,
		   int (*cb)(void *ctx, const struct dmat_txn *t), void *ctx,
		   struct log_verdict *v)
{
	memset(v, 0, sizeof(*v));
	meta_progress(m, "scanning the log, blocks");
	meta_scan(m, s, cb, ctx);
	meta_progress(m, NULL);
	scan_end_str(s, v->end, sizeof(v->end));
	if (s->result == DMAT_SCAN_IO_ERROR)
		die(EXIT_IO, "%s: %s", m->path, v->end);
	/* As recovery judges it (check_log() in dm-atomic-log.c). */
	v->damaged = !dmat_scan_end_is_normal(s);
	if (!v->damaged) {
		meta_progress(m, "looking beyond the end of the log, blocks");
		v->beyond = dmat_scan_probe_beyond(s, &v->at, &v->at_seq);
		meta_progress(m, NULL);
		if (v->beyond < 0)
			die(EXIT_IO, "%s: reading log block %llu: %s", m->path,
			    (unsigned long long)v->at, strerror(-v->beyond));
		v->damaged = v->beyond == DMAT_PROBE_DAMAGE;
	}
	return v->damaged;
}

uint64_t data_size_sectors(const char *path, uint64_t size)
{
	if (size < 512 || size % 512)
		die(EXIT_REFUSED, "%s: size %llu bytes is not a non-zero multiple of "
		    "512", path, (unsigned long long)size);
	return size / 512;
}

uint64_t data_sectors_arg(const char *sectors, const char *dev)
{
	if (sectors && dev)
		usage_error("give --data-sectors or --data-dev, not both");
	if (sectors)
		return parse_u64_range("--data-sectors", sectors, 1, DMA_MAX_DATA_SECTORS);
	if (!dev)
		return 0;
	return data_size_sectors(dev, path_size(dev));
}

void uuid_str(const u8 u[16], char out[37])
{
	snprintf(out, 37, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-"
		 "%02x%02x%02x%02x%02x%02x", u[0], u[1], u[2], u[3], u[4], u[5],
		 u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13], u[14], u[15]);
}

int uuid_parse(const char *s, u8 u[16])
{
	int i = 0;

	while (*s && i < 32) {
		int v;

		if (*s == '-') {
			s++;
			continue;
		}
		if (*s >= '0' && *s <= '9')
			v = *s - '0';
		else if (*s >= 'a' && *s <= 'f')
			v = *s - 'a' + 10;
		else if (*s >= 'A' && *s <= 'F')
			v = *s - 'A' + 10;
		else
			return -1;
		if (i % 2 == 0)
			u[i / 2] = v << 4;
		else
			u[i / 2] |= v;
		i++;
		s++;
	}
	return (i == 32 && !*s) ? 0 : -1;
}

void scan_end_str(const struct dmat_scan *s, char *buf, size_t n)
{
	unsigned long long b = s->next_block, seq = s->next_seq;

	switch (s->result) {
	case DMAT_SCAN_STALE_SEQ:
	case DMAT_SCAN_SEQ_GAP:
	case DMAT_SCAN_BLOCKNR_MISMATCH:
		snprintf(buf, n, "%s (found seq %llu) at log block %llu (expected seq %llu)",
			 dmat_scan_result_str(s->result),
			 (unsigned long long)s->found_seq, b, seq);
		break;
	case DMAT_SCAN_ENTRY_RANGE:
	case DMAT_SCAN_BAD_DESC:
		snprintf(buf, n, "%s (entry %u) at log block %llu (expected seq %llu)",
			 dmat_scan_result_str(s->result), s->bad_entry, b, seq);
		break;
	case DMAT_SCAN_DATA_CRC:
		snprintf(buf, n, "%s in entry %u (data at log block %llu) of the "
			 "transaction at log block %llu (expected seq %llu)",
			 dmat_scan_result_str(s->result), s->bad_entry,
			 (unsigned long long)s->bad_block, b, seq);
		break;
	case DMAT_SCAN_IO_ERROR:
		snprintf(buf, n, "%s (%s) at log block %llu (expected seq %llu)",
			 dmat_scan_result_str(s->result), strerror(-s->io_error),
			 (unsigned long long)s->bad_block, seq);
		break;
	default:
		snprintf(buf, n, "%s at log block %llu (expected seq %llu)",
			 dmat_scan_result_str(s->result), b, seq);
	}
}

void scan_end_kv(const struct dmat_scan *s, char *buf, size_t n)
{
	snprintf(buf, n, "reason=%s normal=%s log_block=%llu expected_seq=%llu "
		 "found_seq=%llu entry=%u bad_block=%llu txns=%llu used_blocks=%llu",
		 dmat_scan_result_name(s->result),
		 dmat_scan_end_is_normal(s) ? "yes" : "no",
		 (unsigned long long)s->next_block, (unsigned long long)s->next_seq,
		 (unsigned long long)s->found_seq, s->bad_entry,
		 (unsigned long long)s->bad_block, (unsigned long long)s->nr_txns,
		 (unsigned long long)s->used_blocks);
}

void print_sb_json(const struct meta *m)
{
	const struct dmat_superblock *sb = m->sb;
	const char *why = meta_sb_problem(m);
	struct dmat_data_id id;
	char u[37];

	if (why) {
		printf("\"superblock\": {\"status\": \"%s\", \"message\": \"%s\"",
		       m->truncated ? "truncated" : meta_unformatted(m) ? "unformatted" :
		       dmat_sb_result_name(m->sbr), why);
		if (meta_unsupported(m))
			printf(", \"unknown_incompat\": %u", dmat_sb_unknown_incompat(sb));
		else if (!m->truncated && m->sbr == DMAT_SB_RO_COMPAT_FEATURES)
			printf(", \"unknown_ro_compat\": %u", dmat_sb_unknown_ro_compat(sb));
		printf("}");
		return;
	}
	uuid_str(sb->uuid, u);
	printf("\"superblock\": {\"status\": \"ok\", \"version\": %u, "
	       "\"uuid\": \"%s\", \"log_start\": %llu, \"log_blocks\": %llu, "
	       "\"data_sectors\": %llu, \"tail_seq\": %llu, \"tail_block\": %llu, "
	       "\"feature_compat\": %u, \"feature_ro_compat\": %u, "
	       "\"feature_incompat\": %u, \"unknown_compat\": %u, "
	       "\"unknown_ro_compat\": %u",
	       le32_to_cpu(sb->version), u,
	       (unsigned long long)le64_to_cpu(sb->log_start),
	       (unsigned long long)le64_to_cpu(sb->log_blocks),
	       (unsigned long long)le64_to_cpu(sb->data_sectors),
	       (unsigned long long)le64_to_cpu(sb->tail_seq),
	       (unsigned long long)le64_to_cpu(sb->tail_block),
	       le32_to_cpu(sb->feature_compat), le32_to_cpu(sb->feature_ro_compat),
	       le32_to_cpu(sb->feature_incompat), dmat_sb_unknown_compat(sb),
	       dmat_sb_unknown_ro_compat(sb));
	/* Only when set: the object stays as it was for healthy metadata
	 * (both inside the superblock object). */
	if (le32_to_cpu(sb->flags) & DMAT_SB_FLAG_NEEDS_CHECK)
		printf(", \"needs_check\": true");
	if (dmat_sb_data_id(sb, &id)) {
		const char *p;

		printf(", \"data_id\": {\"kind\": \"%s\", \"id\": \"",
		       dmat_data_id_kind_name(id.kind));
		for (p = id.id; *p; p++)
			printf(*p == '"' || *p == '\\' ? "\\%c" :
			       (unsigned char)*p < 0x20 ? "\\u%04x" : "%c", *p);
		printf("\"}");
	}
	printf("}");
}

void print_end_json(const struct dmat_scan *s)
{
	printf("\"end\": {\"reason\": \"%s\", \"normal\": %s, "
	       "\"log_block\": %llu, \"expected_seq\": %llu, \"found_seq\": %llu, "
	       "\"entry\": %u, \"bad_block\": %llu, \"txns\": %llu, "
	       "\"used_blocks\": %llu}", dmat_scan_result_name(s->result),
	       dmat_scan_end_is_normal(s) ? "true" : "false",
	       (unsigned long long)s->next_block, (unsigned long long)s->next_seq,
	       (unsigned long long)s->found_seq, s->bad_entry,
	       (unsigned long long)s->bad_block, (unsigned long long)s->nr_txns,
	       (unsigned long long)s->used_blocks);
}

void meta_write_sb(struct meta *m)
{
	int r = pwrite_full(m->fd, m->sb, DMAT_BLOCK_SIZE, 0);

	if (!r && fsync(m->fd))
		r = -errno;
	if (r)
		die(EXIT_IO, "%s: writing the superblock: %s", m->path, strerror(-r));
}

int meta_needs_check(const struct meta *m)
{
	return !!(le32_to_cpu(m->sb->flags) & DMAT_SB_FLAG_NEEDS_CHECK);
}

void print_sb(const struct meta *m, int kv)
{
	const struct dmat_superblock *sb = m->sb;
	u32 compat = le32_to_cpu(sb->feature_compat);
	u32 ro_compat = le32_to_cpu(sb->feature_ro_compat);
	u32 incompat = le32_to_cpu(sb->feature_incompat);
	u32 unknown_compat = dmat_sb_unknown_compat(sb);
	u32 unknown_ro_compat = dmat_sb_unknown_ro_compat(sb);
	struct dmat_data_id id;
	char u[37];

	uuid_str(sb->uuid, u);
	printf(kv ? "superblock status=ok version=%u uuid=%s log_start=%llu "
		    "log_blocks=%llu data_sectors=%llu tail_seq=%llu tail_block=%llu"
		  : "superblock: ok, version %u, uuid %s, log %llu+%llu blocks, "
		    "data %llu sectors, tail seq %llu at log block %llu",
	       le32_to_cpu(sb->version), u,
	       (unsigned long long)le64_to_cpu(sb->log_start),
	       (unsigned long long)le64_to_cpu(sb->log_blocks),
	       (unsigned long long)le64_to_cpu(sb->data_sectors),
	       (unsigned long long)le64_to_cpu(sb->tail_seq),
	       (unsigned long long)le64_to_cpu(sb->tail_block));
	if (kv) {
		printf(" feature_compat=0x%x feature_ro_compat=0x%x feature_incompat=0x%x "
		       "unknown_compat=0x%x unknown_ro_compat=0x%x", compat, ro_compat,
		       incompat, unknown_compat, unknown_ro_compat);
		if (dmat_sb_data_id(sb, &id))
			printf(" data_id=%s%s%s", dmat_data_id_kind_name(id.kind),
			       id.len ? ":" : "", id.id);
		printf("%s\n", meta_needs_check(m) ? " needs_check=1" : "");
		return;
	}
	/* Text: the feature words only when some are set, known ones named. */
	if (compat || ro_compat || incompat)
		printf(", features compat 0x%x ro_compat 0x%x incompat 0x%x",
		       compat, ro_compat, incompat);
	if (compat & DMAT_FEATURE_COMPAT_FIXED_LOG)
		printf(" (fixed_log: the log keeps its size)");
	if (incompat & DMAT_FEATURE_INCOMPAT_COMMIT_RECORDS)
		printf(" (commit_records: zero-copy transactions)");
	if (dmat_sb_data_id(sb, &id)) {
		if (id.kind == DMAT_DATA_ID_NONE)
			printf(" (data_id: none, only the data device's size is checked)");
		else
			printf(" (data_id: %s %s)", dmat_data_id_kind_name(id.kind), id.id);
	}
	if (unknown_compat || unknown_ro_compat) {
		printf(" (not known to this version:");
		if (unknown_compat)
			printf(" compat 0x%x, ignored%s", unknown_compat,
			       unknown_ro_compat ? ";" : "");
		if (unknown_ro_compat)
			printf(" ro_compat 0x%x, read-only", unknown_ro_compat);
		printf(")");
	}
	if (meta_needs_check(m))
		printf(", needs_check");
	printf("\n");
}
