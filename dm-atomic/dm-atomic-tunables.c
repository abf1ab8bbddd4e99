// SPDX-License-Identifier: GPL-2.0-only
/*
 * dm-atomic: the crc32c implementation choice and the module parameters
 * that switch parts of the commit path off for A/B measurements
 * (docs/performance.md says which run uses which).
 */
#include "dm-atomic.h"

/* ------------------------------------------------------------------------
 * crc32c
 *
 * crc32c() takes the crypto driver of the highest priority: on x86 the
 * SSE4.2 crc32 instruction, which is the fastest on hardware but is computed
 * bit by bit where the CPU is emulated (QEMU's TCG), several times slower
 * than the table-driven library code __crc32c_le().  Both compute the same
 * function.  Module load times both over 64 KiB and switches to the table
 * only when it is at least twice as fast, so hardware keeps crc32c().
 * The crc32c_impl parameter overrides the choice at any time (both give the
 * same results, so a switch in the middle of a checksum is harmless).
 */
static bool dmat_crc_table __read_mostly;
static unsigned int dmat_crc32c_impl;
module_param_named(crc32c_impl, dmat_crc32c_impl, uint, 0644);
MODULE_PARM_DESC(crc32c_impl, "crc32c: 0 = the faster at load (default), 1 = crc32c(), 2 = table");

static bool dmat_use_table(void)
{
	unsigned int impl = READ_ONCE(dmat_crc32c_impl);

	return impl == 2 || (impl != 1 && dmat_crc_table);
}

u32 dmat_crc32c_raw(u32 crc, const void *p, size_t n)
{
	if (dmat_use_table())
		return __crc32c_le(crc, p, n);
	return crc32c(crc, p, n);
}

/*
 * Copy and checksum in one pass.  Logged data is copied into the
 * transaction image and checksummed for the descriptor.  Where the table
 * computes the crc (an emulated CPU, see above), a second pass over the copy
 * reads every byte again; instead the copy loop feeds each 8 bytes it moves
 * to a slicing-by-8 table of our own (the same function as __crc32c_le(),
 * checked at load).  With crc32c() (hardware: the crc32 instruction) each
 * chunk is checksummed right after its memcpy, while it is in the cache.
 * The copy_crc parameter turns this off, for comparisons: copy first,
 * checksum the whole image in a second pass when the descriptor is sealed.
 */
bool dmat_copy_crc_on = true;
module_param_named(copy_crc, dmat_copy_crc_on, bool, 0644);
MODULE_PARM_DESC(copy_crc, "checksum logged data while copying it (default Y); N: copy, then checksum in a second pass");

#define DMAT_CRC_POLY	0x82F63B78U	/* reflected Castagnoli polynomial */
static u32 dmat_crc_tab[8][256] __read_mostly;
static bool dmat_crc_tab_ok __read_mostly;	/* agrees with __crc32c_le() */

static void dmat_crc_tab_init(void)
{
	u32 i, j, c;

	for (i = 0; i < 256; i++) {
		c = i;
		for (j = 0; j < 8; j++)
			c = (c >> 1) ^ ((c & 1) ? DMAT_CRC_POLY : 0);
		dmat_crc_tab[0][i] = c;
	}
	for (i = 0; i < 256; i++)
		for (j = 1; j < 8; j++)
			dmat_crc_tab[j][i] = (dmat_crc_tab[j - 1][i] >> 8) ^
					     dmat_crc_tab[0][dmat_crc_tab[j - 1][i] & 0xff];
}

/* crc32c of @n bytes (no inversion, as crc32c()) copied from @src to @dst. */
static u32 dmat_copy_crc_table(u32 crc, void *dst, const void *src, size_t n)
{
	const u32 (*t)[256] = dmat_crc_tab;
	const u8 *s = src;
	u8 *d = dst;

	while (n && ((unsigned long)s & 7)) {
		u8 b = *s++;

		*d++ = b;
		crc = (crc >> 8) ^ t[0][(crc ^ b) & 0xff];
		n--;
	}
	while (n >= 8) {
		u64 raw = *(const u64 *)s, v;

		put_unaligned(raw, (u64 *)d);
		v = le64_to_cpu((__force __le64)raw) ^ crc;
		crc = t[7][v & 0xff] ^ t[6][(v >> 8) & 0xff] ^
		      t[5][(v >> 16) & 0xff] ^ t[4][(v >> 24) & 0xff] ^
		      t[3][(v >> 32) & 0xff] ^ t[2][(v >> 40) & 0xff] ^
		      t[1][(v >> 48) & 0xff] ^ t[0][v >> 56];
		s += 8;
		d += 8;
		n -= 8;
	}
	while (n--) {
		u8 b = *s++;

		*d++ = b;
		crc = (crc >> 8) ^ t[0][(crc ^ b) & 0xff];
	}
	return crc;
}

u32 dmat_copy_crc(u32 crc, void *dst, const void *src, size_t n)
{
	if (dmat_use_table() && dmat_crc_tab_ok)
		return dmat_copy_crc_table(crc, dst, src, n);
	memcpy(dst, src, n);
	return dmat_crc32c_raw(crc, dst, n);
}

#define DMAT_CRC_PROBE_BYTES	(64U << 10)

/*
 * Group commit (see take_batch()).  The parameter turns the commit window
 * off, for comparisons: every commit then starts as soon as lists wait and
 * fewer than two commits are in flight, as before the window existed.
 */
bool dmat_commit_window = true;
module_param_named(commit_window, dmat_commit_window, bool, 0644);
MODULE_PARM_DESC(commit_window, "group commit waits for the writers of the previous commit (default Y); N: commit at once, two in flight");

/*
 * Commits are acknowledged when their log write completes, without REQ_FUA:
 * the metadata device's cache is flushed by the flushes from above.  The
 * parameter writes every commit with REQ_FUA instead (acknowledged when
 * durable, as before), for comparisons.
 */
bool dmat_fua_commits;
module_param_named(fua_commits, dmat_fua_commits, bool, 0644);
MODULE_PARM_DESC(fua_commits, "write every group commit with REQ_FUA (default N: only lists with REQ_FUA; the cache is flushed by flushes from above)");

/*
 * Commits followed by flushes: when an empty flush came after at least
 * AUTO_FUA_MIN (dm-atomic.h) of the last 8 commits (a database that makes each
 * transaction durable), the next commit goes with REQ_FUA, and the flush
 * that follows it finds the log durable and ends at once: one flush
 * sequence in the block layer (or a FUA write, where the disk has it)
 * instead of a write, a completion, then a flush from above.  The
 * parameter auto_fua=N turns it off, for comparisons.
 */
bool dmat_auto_fua = true;
module_param_named(auto_fua, dmat_auto_fua, bool, 0644);
MODULE_PARM_DESC(auto_fua, "write a commit with REQ_FUA when flushes followed most recent commits (default Y)");

/*
 * Zero-copy logging of large lists (the zero_copy_bytes feature argument):
 * the module parameter zero_copy=N turns it off for every target, for
 * comparisons in one boot.
 */
bool dmat_zero_copy = true;
module_param_named(zero_copy, dmat_zero_copy, bool, 0644);
MODULE_PARM_DESC(zero_copy, "log lists of at least a table's zero_copy_bytes from the writer's pages (default Y; N: copy every list)");

/*
 * A zero-copy list may begin while other commits are in flight (up to
 * MAX_INFLIGHT_ZC; see zc_wanted()).  zero_copy_overlap=N makes it wait
 * until nothing is in flight and go alone, as before, for comparisons.
 */
bool dmat_zc_overlap = true;
module_param_named(zero_copy_overlap, dmat_zc_overlap, bool, 0644);
MODULE_PARM_DESC(zero_copy_overlap, "a zero-copy list may begin beside commits in flight (default Y); N: only with nothing in flight");

/*
 * A lone writer's commit (no other list waiting, none in flight) is built
 * and sent to the log in the writer's own context, and acknowledged in the
 * log write's completion, instead of by the commit and completion workers:
 * see commit_inline() and commit_ack_now().  Each hand-over to a worker is
 * a wake-up and a context switch in the latency of every list.  The
 * parameters turn either off, for comparisons: the workers then do it.
 */
bool dmat_inline_submit = true;
module_param_named(inline_submit, dmat_inline_submit, bool, 0644);
MODULE_PARM_DESC(inline_submit, "a lone writer's commit is built and submitted in its own context (default Y); N: by the commit worker");

bool dmat_inline_ack = true;
module_param_named(inline_ack, dmat_inline_ack, bool, 0644);
MODULE_PARM_DESC(inline_ack, "a commit alone in flight is acknowledged in its log write's completion (default Y); N: by the completion worker");

/* Best of three: nanoseconds for one crc32c of @len bytes; the crc in *@crc. */
static u64 dmat_crc_time(bool table, const void *buf, size_t len, u32 *crc)
{
	u64 best = U64_MAX, t0;
	int i;

	for (i = 0; i < 3; i++) {
		t0 = ktime_get_ns();
		*crc = table ? __crc32c_le(~0U, buf, len) : crc32c(~0U, buf, len);
		best = min(best, ktime_get_ns() - t0);
	}
	return max_t(u64, best, 1);
}

/*
 * Best of three: nanoseconds to copy @len bytes from @buf to @dst and
 * checksum them, in one pass (@fused) or memcpy then __crc32c_le().
 */
static u64 dmat_copy_crc_time(bool fused, void *dst, const void *buf, size_t len, u32 *crc)
{
	u64 best = U64_MAX, t0;
	int i;

	for (i = 0; i < 3; i++) {
		t0 = ktime_get_ns();
		if (fused) {
			*crc = dmat_copy_crc_table(~0U, dst, buf, len);
		} else {
			memcpy(dst, buf, len);
			*crc = __crc32c_le(~0U, dst, len);
		}
		best = min(best, ktime_get_ns() - t0);
	}
	return max_t(u64, best, 1);
}

#define DMAT_MB_S(len, ns)	div64_u64((u64)(len) * 1000, ns)

void dmat_choose_crc32c(void)
{
	const size_t len = DMAT_CRC_PROBE_BYTES;
	u64 t_drv, t_tab, t_one, t_two;
	u32 c_drv, c_tab, c_one, c_two;
	void *buf;

	dmat_crc_tab_init();
	buf = kvmalloc(2 * len, GFP_KERNEL);
	if (!buf)
		return;		/* keep crc32c(), two passes */
	get_random_bytes(buf, len);
	t_drv = dmat_crc_time(false, buf, len, &c_drv);
	t_tab = dmat_crc_time(true, buf, len, &c_tab);
	/* Odd offsets: the one-pass loop's unaligned head, tail and stores. */
	t_one = dmat_copy_crc_time(true, buf + len + 3, buf + 1, len - 8, &c_one);
	t_two = dmat_copy_crc_time(false, buf + len + 3, buf + 1, len - 8, &c_two);
	dmat_crc_tab_ok = c_one == c_two && !memcmp(buf + len + 3, buf + 1, len - 8);
	kvfree(buf);
	if (!dmat_crc_tab_ok)
		DMWARN("one-pass copy and crc32c disagrees with memcpy and __crc32c_le() (0x%08x against 0x%08x); copying and checksumming apart",
		       c_one, c_two);
	if (c_drv != c_tab) {
		DMWARN("crc32c() and __crc32c_le() disagree (0x%08x against 0x%08x); keeping crc32c()",
		       c_drv, c_tab);
		return;
	}
	dmat_crc_table = 2 * t_tab < t_drv;
	DMINFO("crc32c by %s (crc32c() %llu MB/s, table %llu MB/s; copy and table crc32c in one pass %llu MB/s, in two %llu MB/s)",
	       dmat_crc_table ? "table" : "crc32c()", DMAT_MB_S(len, t_drv), DMAT_MB_S(len, t_tab),
	       DMAT_MB_S(len - 8, t_one), DMAT_MB_S(len - 8, t_two));
}
