/* SPDX-License-Identifier: GPL-2.0 */
/* Shared helpers of the dm-atomic tools: messages, options, device access. */
#ifndef DMA_UTIL_H
#define DMA_UTIL_H

#include <stdio.h>
#include <stdint.h>
#include <stdarg.h>
#include <sys/types.h>

/*
 * Exit codes shared by every tool and dm-atomic-setup, in classes (the
 * numbers cryptsetup gives its own, where it has the class); man pages,
 * docs/operators.md and tests/host/exit-codes.t say the same.
 */
#define EXIT_OK		0
#define EXIT_USAGE	1	/* bad option, argument or input script */
#define EXIT_REFUSED	2	/* refused: would destroy data, wrong or unsupported device, ... */
#define EXIT_NOMEM	3	/* out of memory (or a thread could not start) */
#define EXIT_NOTFOUND	4	/* no such device or file, or not a device or file */
#define EXIT_BUSY	5	/* device in use (held exclusively elsewhere) */
#define EXIT_IO		6	/* I/O error, or a system call failed */
#define EXIT_DAMAGED	7	/* damaged metadata; dma-verify: a violation found */

/* The classes, for the end of every tool's --help. */
#define EXIT_STATUS_HELP \
	"the classes: 0 done, 1 usage error, 2 refused, 3 out of memory, 4 not found,\n" \
	"5 in use, 6 I/O error, 7 damaged (dm-atomic-setup(8), EXIT STATUS).\n"

/* The exit class of an errno from open(): ENOENT 4, EBUSY 5, EACCES 2, else 6. */
int errno_exit(int e);

extern const char *progname;

void tool_init(const char *name);
void msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void die(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));
void die_errno(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));
void usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
void print_version(void) __attribute__((noreturn));

/* getopt_long error reporting for an optstring starting with ':'. */
void bad_option(int c, int optopt_val, char *const argv[], int optind_val)
	__attribute__((noreturn));

/*
 * After getopt: the positional arguments must be exactly those named (a
 * NULL-terminated list, e.g. "METADATA", "DATA", NULL).  Otherwise dies with
 * exit 1 (usage): "missing NAME argument" or "unexpected argument 'X'".
 * Returns argv + optind, the first of them.
 */
char **positional_args(int argc, char **argv, ...) __attribute__((sentinel));

/*
 * Every number on a command line (and in a dma-exercise script): decimal
 * digits, optionally followed by a binary unit K, M, G, T, P or E (any case,
 * optionally followed by "iB"): 4K = 4096, 64M = 64 * 2^20.  The unit only
 * multiplies the number; it does not change what an option counts
 * (--data-sectors 16K is 16384 sectors).  No sign, no hex, no octal: "010" is
 * ten.  Anything else, or a value above 2^64 - 1, dies with exit 2 (usage)
 * naming what: the option or field.  A decimal unit ("MB", "KB") is
 * refused, naming the accepted forms.
 */
uint64_t parse_u64(const char *what, const char *s);
/* parse_u64() of a value that must lie in min..max (inclusive). */
uint64_t parse_u64_range(const char *what, const char *s, uint64_t min, uint64_t max);

/*
 * Open a metadata/data device or image.  Dies with a specific message for a
 * nonexistent path, a directory, a FIFO/socket/char device, or EACCES.
 * Block devices are opened with O_EXCL (refused when in use) if excl.
 * *size gets the size in bytes, *is_blk whether it is a block device.
 */
int open_dev(const char *path, int flags, int excl, uint64_t *size, int *is_blk);

/* Size in bytes of a device or file given by path (no O_EXCL). */
uint64_t path_size(const char *path);

/*
 * Full pread/pwrite (retried on EINTR and short transfers); 0 or -errno
 * (-EIO when the file ends first: truncated).  The caller reports the error
 * (tools: exit 6).  io_full() is either, chosen by write.
 */
int io_full(int fd, void *buf, size_t n, uint64_t off, int write);
int pread_full(int fd, void *buf, size_t n, uint64_t off);
int pwrite_full(int fd, const void *buf, size_t n, uint64_t off);

void *xalloc_aligned(size_t n);

/*
 * Progress on stderr, at most once a second; final=1 ends the line.  Shown
 * when stderr is a terminal and the work has taken more than a second
 * (DMA_PROGRESS_AFTER seconds if set), or from the start when progress_forced
 * (--progress) or DMA_PROGRESS is set.
 */
void progress(const char *what, uint64_t done, uint64_t total, int final);
extern int progress_forced;

#endif
