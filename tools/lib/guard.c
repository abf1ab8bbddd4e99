// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include "util.h"
#include "guard.h"
#include "meta.h"
#include "stamp.h"

/* The whole disk of a block device (itself unless it is a partition). */
static dev_t whole_disk(dev_t d)
{
	char sys[PATH_MAX], real[PATH_MAX], line[64];
	unsigned int ma, mi;
	FILE *f;

	snprintf(sys, sizeof(sys), "/sys/dev/block/%u:%u/partition", major(d), minor(d));
	if (access(sys, F_OK))
		return d;
	snprintf(sys, sizeof(sys), "/sys/dev/block/%u:%u", major(d), minor(d));
	if (!realpath(sys, real))
		return d;
	snprintf(sys, sizeof(sys), "%s/dev", dirname(real));
	f = fopen(sys, "r");
	if (!f)
		return d;
	if (!fgets(line, sizeof(line), f) || sscanf(line, "%u:%u", &ma, &mi) != 2) {
		fclose(f);
		return d;
	}
	fclose(f);
	return makedev(ma, mi);
}

void refuse_same_device(const char *data, const char *meta)
{
	struct stat a, b;

	if (stat(data, &a) || stat(meta, &b))
		return;
	if (S_ISBLK(a.st_mode) && S_ISBLK(b.st_mode)) {
		if (a.st_rdev == b.st_rdev)
			die(EXIT_REFUSED, "%s and %s are the same device (%u:%u): the metadata "
			    "must be another device than the data (formatting would "
			    "overwrite the data)", data, meta, major(a.st_rdev),
			    minor(a.st_rdev));
		if (whole_disk(b.st_rdev) == a.st_rdev)
			die(EXIT_REFUSED, "%s is a partition of %s: the metadata must not "
			    "overlap the data (formatting would overwrite the data)",
			    meta, data);
		if (whole_disk(a.st_rdev) == b.st_rdev)
			die(EXIT_REFUSED, "%s is a partition of %s: the metadata must not "
			    "overlap the data (formatting would overwrite the data)",
			    data, meta);
	} else if (S_ISREG(a.st_mode) && S_ISREG(b.st_mode) &&
		   a.st_dev == b.st_dev && a.st_ino == b.st_ino) {
		die(EXIT_REFUSED, "%s and %s are the same file: the metadata must be "
		    "another device than the data (formatting would overwrite the "
		    "data)", data, meta);
	}
}

/* The value of KEY= in blkid's export output, or "". */
static void export_value(const char *out, const char *key, char *val, size_t len)
{
	size_t kl = strlen(key);
	const char *p = out;

	val[0] = 0;
	while (p && *p) {
		if (!strncmp(p, key, kl) && p[kl] == '=') {
			const char *e = strchr(p + kl + 1, '\n');
			size_t n = e ? (size_t)(e - p - kl - 1) : strlen(p + kl + 1);

			if (n >= len)
				n = len - 1;
			memcpy(val, p + kl + 1, n);
			val[n] = 0;
			return;
		}
		p = strchr(p, '\n');
		if (p)
			p++;
	}
}

int blkid_signature(const char *path, char *desc, size_t len)
{
	char out[4096], type[128], pttype[128], usage[128];
	size_t n = 0;
	int pfd[2], status, nul;
	ssize_t r;
	pid_t pid;

	if (pipe(pfd))
		return 0;
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0) {
		close(pfd[0]);
		close(pfd[1]);
		return 0;
	}
	if (!pid) {
		dup2(pfd[1], 1);
		close(pfd[0]);
		close(pfd[1]);
		nul = open("/dev/null", O_RDWR);
		if (nul >= 0) {
			dup2(nul, 0);
			dup2(nul, 2);
		}
		/* sbin may be missing from a user's PATH. */
		execlp("blkid", "blkid", "-p", "-o", "export", "--", path, (char *)NULL);
		execl("/usr/sbin/blkid", "blkid", "-p", "-o", "export", "--", path, (char *)NULL);
		execl("/sbin/blkid", "blkid", "-p", "-o", "export", "--", path, (char *)NULL);
		_exit(127);
	}
	close(pfd[1]);
	while (n < sizeof(out) - 1) {
		r = read(pfd[0], out + n, sizeof(out) - 1 - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		n += r;
	}
	out[n] = 0;
	close(pfd[0]);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return 0;
	if (!WIFEXITED(status))
		return 0;
	/* blkid -p: 0 found, 2 nothing found, 8 ambivalent (several), 4 usage/error. */
	if (WEXITSTATUS(status) == 8) {
		snprintf(desc, len, "several signatures (blkid -p: ambivalent result)");
		return 1;
	}
	if (WEXITSTATUS(status) != 0)
		return 0;
	export_value(out, "TYPE", type, sizeof(type));
	export_value(out, "PTTYPE", pttype, sizeof(pttype));
	export_value(out, "USAGE", usage, sizeof(usage));
	if (type[0])
		snprintf(desc, len, "%s %s signature (blkid -p: TYPE=%s%s%s)",
			 strchr("aeiouAEIOU", type[0]) ? "an" : "a", type, type,
			 usage[0] ? " USAGE=" : "", usage);
	else if (pttype[0])
		snprintf(desc, len, "a %s partition table (blkid -p: PTTYPE=%s)", pttype,
			 pttype);
	else
		return 0;
	return 1;
}

int dmat_sb_describe(const void *block, char *desc, size_t len)
{
	const struct dmat_superblock *sb = block;
	char u[37];

	if (le64_to_cpu(sb->magic) != DMAT_SB_MAGIC)
		return 0;
	uuid_str(sb->uuid, u);
	snprintf(desc, len, "dm-atomic metadata (uuid %s, log %llu blocks, data %llu sectors)",
		 u, (unsigned long long)le64_to_cpu(sb->log_blocks),
		 (unsigned long long)le64_to_cpu(sb->data_sectors));
	return 1;
}

void refuse_unless_blank(const char *path, int fd, uint64_t size, int sig,
			 const char *sig_desc, const char *force_opt)
{
	uint64_t end = size < GUARD_CHECK_BYTES ? size : GUARD_CHECK_BYTES, off;
	unsigned char *buf = xalloc_aligned(GUARD_CHECK_BYTES);
	char desc[256];
	size_t i;
	int r;

	if (sig)
		die(EXIT_REFUSED, "%s: contains %s; use %s to write over it", path,
		    sig_desc, force_opt);
	end -= end % STAMP_BLOCK;
	r = pread_full(fd, buf, end, 0);
	if (r)
		die(EXIT_IO, "%s: cannot read its first %llu bytes to see what it holds: "
		    "%s; use %s to write over it unread", path, (unsigned long long)end,
		    strerror(-r), force_opt);
	if (end >= DMAT_BLOCK_SIZE && dmat_sb_describe(buf, desc, sizeof(desc)))
		die(EXIT_REFUSED, "%s: contains %s: writing over it destroys the log; "
		    "use %s to write over it", path, desc, force_opt);
	for (off = 0; off < end; off += STAMP_BLOCK) {
		const unsigned char *b = buf + off;

		if (le64_to_cpu(*(const __le64 *)b) == STAMP_MAGIC)
			continue;
		for (i = 0; i < STAMP_BLOCK; i++)
			if (b[i])
				die(EXIT_REFUSED, "%s: holds data (a non-zero byte at offset "
				    "%llu that no dma-exercise run wrote; no signature "
				    "blkid -p knows); use %s to write over it", path,
				    (unsigned long long)(off + i), force_opt);
	}
	free(buf);
}
