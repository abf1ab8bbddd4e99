// SPDX-License-Identifier: GPL-2.0
/*
 * The identity of a data device, read the way the kernel target reads it
 * (see "Data device identity" in dm-atomic-format.h): a device-mapper
 * device's uuid from sysfs, else a partition's uuid from its disk's
 * partition table (the kernel keeps it, but 6.1 shows it nowhere in sysfs),
 * else none.  An image file has none.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <libgen.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <linux/fs.h>
#include "util.h"
#include "meta.h"

/* The first line of a sysfs file, without its newline; -1 if it cannot be read. */
static int read_line(const char *path, char *buf, size_t n)
{
	FILE *f = fopen(path, "r");
	size_t len;

	if (!f)
		return -1;
	if (!fgets(buf, (int)n, f))
		buf[0] = 0;
	fclose(f);
	len = strlen(buf);
	while (len && (buf[len - 1] == '\n' || buf[len - 1] == '\r'))
		buf[--len] = 0;
	return 0;
}

static void set_id(struct dmat_data_id *id, u32 kind, const char *text)
{
	memset(id, 0, sizeof(*id));
	id->kind = kind;
	snprintf(id->id, sizeof(id->id), "%s", text);
	id->len = strlen(id->id);
}

/* GPT's unique partition GUID as the kernel prints it (%pUl). */
static void guid_str(const u8 *b, char out[37])
{
	snprintf(out, 37, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-"
		 "%02x%02x%02x%02x%02x%02x", b[3], b[2], b[1], b[0], b[5], b[4],
		 b[7], b[6], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]);
}

/*
 * Partition partno's uuid from the partition table of the disk at path, as
 * the kernel's GPT and MBR parsers set it; "" if the table gives none.
 */
static void table_part_uuid(const char *path, unsigned int partno, char out[64])
{
	u8 *buf = xalloc_aligned(65536);
	int fd, lbs = 512, gpt = 0, i, r;

	out[0] = 0;
	fd = open(path, O_RDONLY);
	if (fd < 0)
		die_errno(EXIT_IO, "%s: cannot read its partition table", path);
	if (ioctl(fd, BLKSSZGET, &lbs) || lbs < 512 || lbs > 32768)
		lbs = 512;
	r = pread_full(fd, buf, 2 * (size_t)lbs, 0);
	if (r)
		die(EXIT_IO, "%s: reading its partition table: %s", path, strerror(-r));
	if (buf[510] != 0x55 || buf[511] != 0xaa)
		goto out;
	/* The kernel tries GPT (behind a protective MBR) before MBR. */
	for (i = 0; i < 4; i++)
		if (buf[446 + 16 * i + 4] == 0xee)
			gpt = 1;
	if (gpt && !memcmp(buf + lbs, "EFI PART", 8)) {
		const u8 *h = buf + lbs;
		u64 entries = le64_to_cpu(*(const __le64 *)(h + 72));
		u32 nr = le32_to_cpu(*(const __le32 *)(h + 80));
		u32 esz = le32_to_cpu(*(const __le32 *)(h + 84));

		if (partno > nr || esz < 128 || esz > 4096)
			goto out;
		r = pread_full(fd, buf, esz, entries * lbs + (u64)(partno - 1) * esz);
		if (r)
			die(EXIT_IO, "%s: reading its GPT: %s", path, strerror(-r));
		guid_str(buf + 16, out);
	} else {
		snprintf(out, 64, "%08x-%02x", le32_to_cpu(*(const __le32 *)(buf + 440)),
			 partno);
	}
out:
	close(fd);
	free(buf);
}

void data_dev_id(const char *path, struct dmat_data_id *id)
{
	char sys[PATH_MAX], real[PATH_MAX], line[256], disk[PATH_MAX];
	unsigned int partno;
	struct stat st;

	set_id(id, DMAT_DATA_ID_NONE, "");
	if (stat(path, &st) || !S_ISBLK(st.st_mode))
		return;
	snprintf(sys, sizeof(sys), "/sys/dev/block/%u:%u/dm/uuid",
		 major(st.st_rdev), minor(st.st_rdev));
	if (!read_line(sys, line, sizeof(line))) {
		if (line[0])
			set_id(id, DMAT_DATA_ID_DM_UUID, line);
		return;
	}
	snprintf(sys, sizeof(sys), "/sys/dev/block/%u:%u/partition",
		 major(st.st_rdev), minor(st.st_rdev));
	if (read_line(sys, line, sizeof(line)) || sscanf(line, "%u", &partno) != 1)
		return;
	/* The disk is the parent in sysfs: /sys/devices/.../vdb/vdb1. */
	snprintf(sys, sizeof(sys), "/sys/dev/block/%u:%u", major(st.st_rdev),
		 minor(st.st_rdev));
	if (!realpath(sys, real))
		die_errno(EXIT_IO, "%s: cannot find its disk in sysfs", path);
	snprintf(disk, sizeof(disk), "/dev/%s", basename(dirname(real)));
	table_part_uuid(disk, partno, line);
	if (line[0])
		set_id(id, DMAT_DATA_ID_PART_UUID, line);
}

void data_id_str(const struct dmat_data_id *id, char *buf, size_t n)
{
	if (id->kind == DMAT_DATA_ID_NONE)
		snprintf(buf, n, "none (only its size is checked)");
	else
		snprintf(buf, n, "%s %s", dmat_data_id_kind_name(id->kind), id->id);
}

const char *meta_data_id_problem(const struct meta *m, const char *data_path,
				 const struct dmat_data_id *have)
{
	static char buf[512];
	struct dmat_data_id rec;
	char h[200], r[200];

	if (dmat_sb_check_data_id(m->sb, have) != DMAT_DATA_ID_MISMATCH)
		return NULL;
	dmat_sb_data_id(m->sb, &rec);
	data_id_str(have, h, sizeof(h));
	data_id_str(&rec, r, sizeof(r));
	snprintf(buf, sizeof(buf), "%s is not the data device of this metadata: "
		 "the superblock records %s, %s has %s", data_path, r, data_path,
		 have->kind == rec.kind ? h : "none of that kind");
	return buf;
}
