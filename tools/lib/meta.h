/* SPDX-License-Identifier: GPL-2.0 */
/* Reading a dm-atomic metadata device or image: superblock and log scan. */
#ifndef DMA_META_H
#define DMA_META_H

#include "dma-scan.h"

struct meta {
	const char *path;
	int fd;
	uint64_t size;		/* bytes */
	uint64_t blocks;	/* whole 4096-byte blocks */
	int is_blk;
	int truncated;		/* smaller than one block: no superblock */
	struct dma_superblock *sb;
	enum dma_sb_result sbr;
	struct dma_geometry geo;	/* valid when sbr == DMA_SB_OK */
	void *desc_buf, *data_buf;
	int (*txn_cb)(void *ctx, const struct dma_txn *t);
	void *txn_ctx;
};

/* Open and validate; dies on usage/IO errors.  data_sectors 0 = unknown. */
void meta_open(struct meta *m, const char *path, int flags, int excl,
	       uint64_t data_sectors);

/* dma_scan() over m from the superblock tail; transaction callback optional. */
enum dma_scan_result meta_scan(struct meta *m, struct dma_scan *s,
			       int (*cb)(void *ctx, const struct dma_txn *t),
			       void *ctx);

/* read_block callback for a struct meta (ctx). */
int meta_read_block(void *ctx, u64 meta_block, void *buf);

/* Resolve --data-sectors / --data-dev into a sector count (0 if neither). */
uint64_t data_sectors_arg(const char *sectors, const char *dev);

void uuid_str(const u8 uuid[16], char out[37]);
int uuid_parse(const char *s, u8 uuid[16]);



/* "bad magic at log block 17 (expected seq 42)" and the like. */
void scan_end_str(const struct dma_scan *s, char *buf, size_t n);
/* "reason=bad_magic log_block=17 expected_seq=42 ..." */
void scan_end_kv(const struct dma_scan *s, char *buf, size_t n);
/* Print the superblock summary line (text or key=value). */
void print_sb(const struct meta *m, int kv);
#endif
