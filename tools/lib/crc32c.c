// SPDX-License-Identifier: GPL-2.0
/*
 * Userspace crc32c (Castagnoli), slicing-by-8.  dmat_crc32c_raw() has the
 * kernel crc32c() semantics: no pre or post inversion; see the convention in
 * dm-atomic/dm-atomic-format.h.
 */
#include <pthread.h>
#include "dm-atomic-format.h"

#define POLY 0x82F63B78U	/* reflected Castagnoli polynomial */

static u32 table[8][256];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void init_table(void)
{
	u32 i, j, c;

	for (i = 0; i < 256; i++) {
		c = i;
		for (j = 0; j < 8; j++)
			c = (c >> 1) ^ ((c & 1) ? POLY : 0);
		table[0][i] = c;
	}
	for (i = 0; i < 256; i++)
		for (j = 1; j < 8; j++)
			table[j][i] = (table[j - 1][i] >> 8) ^ table[0][table[j - 1][i] & 0xff];
}

u32 dmat_crc32c_raw(u32 crc, const void *p, size_t n)
{
	const u8 *b = p;

	pthread_once(&once, init_table);
	while (n && ((uintptr_t)b & 7)) {
		crc = (crc >> 8) ^ table[0][(crc ^ *b++) & 0xff];
		n--;
	}
	while (n >= 8) {
		u64 v;

		memcpy(&v, b, 8);
		v = le64toh(v) ^ crc;
		crc = table[7][v & 0xff] ^ table[6][(v >> 8) & 0xff] ^
		      table[5][(v >> 16) & 0xff] ^ table[4][(v >> 24) & 0xff] ^
		      table[3][(v >> 32) & 0xff] ^ table[2][(v >> 40) & 0xff] ^
		      table[1][(v >> 48) & 0xff] ^ table[0][v >> 56];
		b += 8;
		n -= 8;
	}
	while (n--)
		crc = (crc >> 8) ^ table[0][(crc ^ *b++) & 0xff];
	return crc;
}
