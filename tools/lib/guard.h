/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Before a tool writes over a device or file: is it the other device of the
 * command line, and what does it hold that the write would destroy?
 * (dma-format's metadata device, dma-exercise's and dma-bench's targets.)
 */
#ifndef DMA_GUARD_H
#define DMA_GUARD_H

#include <stddef.h>
#include <stdint.h>

/*
 * Die (exit 2, refused) when data and meta name the same block device (the same
 * device number) or the same file (the same file system and inode, so a
 * symbolic or hard link is caught), or one is a partition of the other (a
 * whole disk and its partition share sectors).  Paths that cannot be
 * stat()ed are left to the open that follows.
 */
void refuse_same_device(const char *data, const char *meta);

/*
 * The signature blkid -p finds on path (a file system, RAID member, LVM
 * physical volume, partition table, ...), as "an ext4 signature (blkid -p:
 * TYPE=ext4 USAGE=filesystem)".  Returns 1 with desc set when it found one
 * (or several: blkid's "ambivalent result"), 0 when it found none, could not
 * probe or is not installed.  Run it before the tool opens a block device
 * exclusively.
 */
int blkid_signature(const char *path, char *desc, size_t len);

/*
 * A 4096-byte block that starts a dm-atomic superblock (its magic):
 * "dm-atomic metadata (uuid U, log N blocks, data N sectors)".  Returns 1
 * with desc set, 0 otherwise.
 */
int dmat_sb_describe(const void *block, char *desc, size_t len);

/* How much of a target refuse_unless_blank() reads. */
#define GUARD_CHECK_BYTES	65536U

/*
 * dma-exercise and dma-bench: die (exit 2, refused, naming what was found and
 * force_opt) unless the target holds nothing they would destroy: blkid -p
 * finds no signature, and every 4 KiB block of its first GUARD_CHECK_BYTES
 * is all zero or a dma-exercise stamp (starts with its magic: a torn stamp
 * from a crash counts, it is still the tool's own).  sig is blkid_signature()'s
 * result for path (0 if none), taken before the exclusive open; fd is open
 * for reading.
 */
void refuse_unless_blank(const char *path, int fd, uint64_t size, int sig,
			 const char *sig_desc, const char *force_opt);

#endif
