// SPDX-License-Identifier: GPL-2.0
/*
 * dma-format: write a fresh dm-atomic superblock and an empty log to a
 * metadata device or image file.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/random.h>
#include "util.h"
#include "meta.h"
#include "guard.h"

/* How much of the device is checked for existing contents. */
#define EMPTY_CHECK_BYTES (64ULL << 20)

static void __attribute__((noreturn)) help(void)
{
	printf("Usage: %s [options] METADATA\n"
	       "Format METADATA (block device or image file) for dm-atomic.\n"
	       "\n"
	       "  -s, --data-sectors N  size of the data device in 512-byte sectors\n"
	       "  -d, --data-dev PATH   take the size from this data device or file,\n"
	       "                        and record its identity (DM uuid or partition\n"
	       "                        uuid; a raw disk or a file has none), which the\n"
	       "                        target and the tools then check\n"
	       "  -l, --log-blocks N    log length in 4096-byte blocks\n"
	       "                        (default: all of METADATA after the superblock,\n"
	       "                        and the target grows the log when METADATA\n"
	       "                        grows; with -l the log keeps its size)\n"
	       "  -u, --uuid UUID       use this uuid (32 hex digits) instead of a random\n"
	       "                        one (RFC 4122 version 4)\n"
	       "  -f, --force           overwrite a device that is not all zero\n"
	       "  -h, --help            show this help\n"
	       "  -V, --version         show the version\n"
	       "\n"
	       "Numbers are decimal and may end in K, M, G, T, P or E (powers of\n"
	       "1024, a multiplier: -s 16K is 16384 sectors).\n"
	       "One of --data-sectors and --data-dev is required.  Block devices are\n"
	       "opened exclusively: a device in use is refused.  Without --force,\n"
	       "metadata of a newer version (features this version does not know\n"
	       "that forbid writing it) is refused with its features named.\n"
	       "Exit status: 0 formatted, 2 refused (not empty, the data device, too\n"
	       "small);\n" EXIT_STATUS_HELP, progname);
	exit(EXIT_OK);
}

/* Offset of the first non-zero byte in the first EMPTY_CHECK_BYTES, or -1. */
static int64_t first_nonzero(int fd, uint64_t size, const char *path)
{
	uint64_t off, end = size < EMPTY_CHECK_BYTES ? size : EMPTY_CHECK_BYTES;
	size_t chunk = 1 << 20, i;
	unsigned char *buf = xalloc_aligned(chunk);
	int r;

	for (off = 0; off < end; off += chunk) {
		size_t n = end - off < chunk ? end - off : chunk;

		r = pread_full(fd, buf, n, off);
		if (r)
			die(EXIT_IO, "%s: read at %llu: %s", path,
			    (unsigned long long)off, strerror(-r));
		for (i = 0; i < n; i++)
			if (buf[i]) {
				free(buf);
				return off + i;
			}
	}
	free(buf);
	return -1;
}

/*
 * A superblock of a newer version (features this version does not know that
 * forbid writing: incompat or ro_compat)?  Then say so, not just "not empty".
 */
static void refuse_newer(int fd, uint64_t size, const char *path)
{
	struct dmat_superblock *sb;
	u32 incompat = 0, ro_compat = 0;

	if (size < DMAT_BLOCK_SIZE)
		return;
	sb = xalloc_aligned(DMAT_BLOCK_SIZE);
	if (!pread_full(fd, sb, DMAT_BLOCK_SIZE, 0)) {
		switch (dmat_sb_validate_read(sb, 0, 0)) {
		case DMAT_SB_INCOMPAT_FEATURES:
			incompat = dmat_sb_unknown_incompat(sb);
			/* fall through */
		case DMAT_SB_OK:
			ro_compat = dmat_sb_unknown_ro_compat(sb);
			break;
		default:
			break;
		}
	}
	free(sb);
	if (incompat)
		die(EXIT_REFUSED, "%s: holds dm-atomic metadata with incompatible "
		    "features this version does not know (incompat 0x%x); use "
		    "--force to overwrite it", path, incompat);
	if (ro_compat)
		die(EXIT_REFUSED, "%s: holds dm-atomic metadata with read-only-"
		    "compatible features this version does not know (ro_compat "
		    "0x%x); use --force to overwrite it", path, ro_compat);
}

/*
 * A dm-atomic superblock: name it, the data device it records, and what its
 * log holds (read by a second, shared open: the scan of dma-check), so the
 * operator knows what --force gives up.  Metadata whose superblock is not
 * valid is named by its magic alone.
 */
static void refuse_dmat_sb(int fd, uint64_t size, const char *path)
{
	void *b;
	char desc[512], idstr[200], held[200] = "";
	struct dmat_data_id rec;
	struct dmat_scan s;
	struct meta m;

	if (size < DMAT_BLOCK_SIZE)
		return;
	b = xalloc_aligned(DMAT_BLOCK_SIZE);
	if (pread_full(fd, b, DMAT_BLOCK_SIZE, 0) || !dmat_sb_describe(b, desc, sizeof(desc))) {
		free(b);
		return;
	}
	free(b);
	meta_open(&m, path, O_RDONLY, 0, 0);
	if (m.sbr != DMAT_SB_OK)
		die(EXIT_REFUSED, "%s: contains %s: any data its log still holds would "
		    "be lost; use --force to overwrite it", path, desc);
	if (dmat_sb_data_id(m.sb, &rec) && rec.kind != DMAT_DATA_ID_NONE) {
		data_id_str(&rec, idstr, sizeof(idstr));
		char rest[128];

		/* "dm-atomic metadata (...)" -> "dm-atomic metadata for ... (...)" */
		snprintf(rest, sizeof(rest), "%s", strchr(desc, '(') - 1);
		snprintf(desc, sizeof(desc), "dm-atomic metadata for the data device with %s%s",
			 idstr, rest);
	}
	meta_scan(&m, &s, NULL, NULL);
	if (s.result == DMAT_SCAN_IO_ERROR)
		snprintf(held, sizeof(held), ": any data its log still holds would be lost");
	else if (!s.nr_txns)
		snprintf(held, sizeof(held), ", its log empty: nothing would be lost but "
			 "the metadata");
	else
		snprintf(held, sizeof(held), ", its log holding %llu transactions (%llu "
			 "blocks) the data device may lack: they would be lost",
			 (unsigned long long)s.nr_txns, (unsigned long long)s.used_blocks);
	die(EXIT_REFUSED, "%s: contains %s%s; use --force to overwrite it", path, desc, held);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "data-sectors", required_argument, NULL, 's' },
		{ "data-dev", required_argument, NULL, 'd' },
		{ "log-blocks", required_argument, NULL, 'l' },
		{ "uuid", required_argument, NULL, 'u' },
		{ "force", no_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ 0 }
	};
	const char *sectors_arg = NULL, *dev_arg = NULL, *path;
	uint64_t data_sectors, log_blocks = 0, size;
	int fixed_log = 0;
	struct dmat_superblock *sb;
	void *zero;
	char ustr[37];
	u8 uuid[16];
	int c, force = 0, have_uuid = 0, fd, r;
	struct dmat_data_id id;
	char idstr[200];
	int64_t nz;
	char sig[256] = "";
	int have_sig = 0;

	tool_init("dma-format");
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":s:d:l:u:fhV", opts, NULL)) != -1) {
		switch (c) {
		case 's': sectors_arg = optarg; break;
		case 'd': dev_arg = optarg; break;
		case 'l':
			log_blocks = parse_u64_range("--log-blocks", optarg,
						     DMAT_MIN_LOG_BLOCKS, DMAT_MAX_LOG_BLOCKS);
			break;
		case 'u':
			if (uuid_parse(optarg, uuid))
				usage_error("--uuid: '%s' is not 32 hex digits", optarg);
			have_uuid = 1;
			break;
		case 'f': force = 1; break;
		case 'h': help();
		case 'V': print_version();
		default: bad_option(c, optopt, argv, optind);
		}
	}
	path = positional_args(argc, argv, "METADATA", NULL)[0];
	if (!sectors_arg && !dev_arg)
		usage_error("the data device size is needed: give --data-sectors or --data-dev");
	data_sectors = data_sectors_arg(sectors_arg, dev_arg);
	/* The data device given as the metadata too: even --force does not format it. */
	if (dev_arg)
		refuse_same_device(dev_arg, path);

	/* Before the exclusive open: blkid opens the device itself. */
	if (!force)
		have_sig = blkid_signature(path, sig, sizeof(sig));
	fd = open_dev(path, O_RDWR, 1, &size, NULL);
	if (size / DMAT_BLOCK_SIZE < 1 + DMAT_MIN_LOG_BLOCKS)
		die(EXIT_REFUSED, "%s: too small: %llu bytes, need at least %u",
		    path, (unsigned long long)size,
		    (1 + DMAT_MIN_LOG_BLOCKS) * DMAT_BLOCK_SIZE);
	if (log_blocks)
		fixed_log = 1;
	else
		log_blocks = size / DMAT_BLOCK_SIZE - 1;
	if (1 + log_blocks > size / DMAT_BLOCK_SIZE)
		die(EXIT_REFUSED, "%s: --log-blocks %llu does not fit: room for %llu",
		    path, (unsigned long long)log_blocks,
		    (unsigned long long)(size / DMAT_BLOCK_SIZE - 1));
	if (!force) {
		refuse_newer(fd, size, path);
		refuse_dmat_sb(fd, size, path);
		if (have_sig)
			die(EXIT_REFUSED, "%s: contains %s; use --force to overwrite it",
			    path, sig);
		nz = first_nonzero(fd, size, path);
		if (nz >= 0)
			die(EXIT_REFUSED, "%s: not empty (non-zero byte at offset %lld, no "
			    "signature blkid -p knows); use --force to overwrite it", path,
			    (long long)nz);
	}
	if (!have_uuid) {
		if (getrandom(uuid, sizeof(uuid), 0) != sizeof(uuid))
			die_errno(EXIT_IO, "getrandom");
		/* RFC 4122 version 4 (random), as the kernel's generate_random_uuid(). */
		uuid[6] = (uuid[6] & 0x0f) | 0x40;
		uuid[8] = (uuid[8] & 0x3f) | 0x80;
	}

	sb = xalloc_aligned(DMAT_BLOCK_SIZE);
	zero = xalloc_aligned(DMAT_BLOCK_SIZE);
	if (dmat_sb_build(sb, uuid, 1, log_blocks, data_sectors))
		die(EXIT_REFUSED, "invalid geometry");
	if (fixed_log) {
		sb->feature_compat = cpu_to_le32(DMAT_FEATURE_COMPAT_FIXED_LOG);
		dmat_sb_seal(sb);
	}
	if (dev_arg) {
		/* As the target records it when it formats: what it can check. */
		data_dev_id(dev_arg, &id);
		dmat_sb_set_data_id(sb, &id);
	}
	/* Empty log first (the tail block zero), then the superblock. */
	r = pwrite_full(fd, zero, DMAT_BLOCK_SIZE, 1 * DMAT_BLOCK_SIZE);
	if (!r && fsync(fd))
		r = -errno;
	if (!r)
		r = pwrite_full(fd, sb, DMAT_BLOCK_SIZE, 0);
	if (!r && fsync(fd))
		r = -errno;
	if (r)
		die(EXIT_IO, "%s: write: %s", path, strerror(-r));
	if (close(fd))
		die_errno(EXIT_IO, "%s: close", path);
	uuid_str(uuid, ustr);
	printf("%s: formatted: uuid %s, log %llu blocks at block 1, data %llu sectors",
	       path, ustr, (unsigned long long)log_blocks,
	       (unsigned long long)data_sectors);
	if (dev_arg) {
		data_id_str(&id, idstr, sizeof(idstr));
		printf(", data device identity: %s", idstr);
	}
	printf("\n");
	return EXIT_OK;
}
