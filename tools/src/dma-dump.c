// SPDX-License-Identifier: GPL-2.0
/*
 * dma-dump: print the superblock and every valid transaction of a dm-atomic
 * log, one line per record, and a final line saying why the log ended.
 */
#include <fcntl.h>
#include <getopt.h>
#include <stdlib.h>
#include "util.h"
#include "meta.h"

static void __attribute__((noreturn)) help(void)
{
	printf("Usage: %s [options] METADATA\n"
	       "Dump a dm-atomic metadata device or image file.\n"
	       "\n"
	       "  -k, --kv              machine-readable output: key=value lines\n"
	       "      --json            machine-readable output: one JSON object\n"
	       "  -s, --data-sectors N  check the superblock against this data size\n"
	       "  -d, --data-dev PATH   take the data size from this device or file\n"
	       "      --live            do not open a block device exclusively\n"
	       "                        (output may be inconsistent)\n"
	       "  -h, --help            show this help\n"
	       "  -V, --version         show the version\n"
	       "\n"
	       "Numbers are decimal and may end in K, M, G, T, P or E (powers of\n"
	       "1024, a multiplier: -s 16K is 16384 sectors).\n"
	       "Text lines: 'superblock: ...', 'txn seq S at log block B: ...',\n"
	       "'  entry I: sector X +N ...', and always a final 'end: REASON'.\n"
	       "With --kv: 'superblock k=v...', 'txn k=v...', 'entry k=v...',\n"
	       "'end k=v...'.  An all-zero (unformatted) device has no log: status\n"
	       "and end reason 'unformatted'.  Feature bits this version does not\n"
	       "know are shown on the superblock line: compatible and read-only-\n"
	       "compatible ones do not stop the dump, incompatible ones make the\n"
	       "superblock invalid.\n"
	       "Exit status: 0 dumped (or unformatted), 7 superblock damaged,\n"
	       "2 unsupported (incompatible features this version does not know);\n"
	       EXIT_STATUS_HELP, progname);
	exit(EXIT_OK);
}

struct dump {
	struct meta *m;
	int kv, json;
};

static void json_txn(const struct dump *d, const struct dmat_txn *t)
{
	u32 i;

	printf("\n  {\"seq\": %llu, \"log_block\": %llu, \"nr_entries\": %u, "
	       "\"nr_data_blocks\": %u, \"entries\": [",
	       (unsigned long long)t->seq, (unsigned long long)t->log_block,
	       t->nr_entries, t->nr_data_blocks);
	for (i = 0; i < t->nr_entries; i++) {
		const struct dmat_entry *e = &t->desc->entries[i];

		printf("%s{\"sector\": %llu, \"sectors\": %u, \"log_block\": %llu, "
		       "\"crc\": \"%08x\"}", i ? ", " : "",
		       (unsigned long long)le64_to_cpu(e->data_sector),
		       le32_to_cpu(e->nr_sectors),
		       (unsigned long long)dmat_txn_entry_block(&d->m->geo, t, i),
		       le32_to_cpu(e->data_crc));
	}
	printf("]");
	if (t->flags & DMAT_DESC_FLAG_COMMIT_RECORD)
		printf(", \"commit_record\": %llu",
		       (unsigned long long)dmat_log_wrap(&d->m->geo, t->log_block + 1 +
							t->nr_data_blocks));
	printf("}");
}

static int on_txn(void *ctx, const struct dmat_txn *t)
{
	struct dump *d = ctx;
	u32 i;

	if (d->json) {
		if (d->json++ > 1)
			printf(",");
		json_txn(d, t);
		return 0;
	}
	if (d->kv)
		printf("txn seq=%llu log_block=%llu entries=%u data_blocks=%u",
		       (unsigned long long)t->seq, (unsigned long long)t->log_block,
		       t->nr_entries, t->nr_data_blocks);
	else
		printf("txn seq %llu at log block %llu: %u entries, %u data blocks",
		       (unsigned long long)t->seq, (unsigned long long)t->log_block,
		       t->nr_entries, t->nr_data_blocks);
	if (t->flags & DMAT_DESC_FLAG_COMMIT_RECORD) {
		u64 at = dmat_log_wrap(&d->m->geo, t->log_block + 1 + t->nr_data_blocks);

		printf(d->kv ? " commit_record=%llu" : ", commit record at log block %llu (zero-copy: no data crc)",
		       (unsigned long long)at);
	}
	printf("\n");
	for (i = 0; i < t->nr_entries; i++) {
		const struct dmat_entry *e = &t->desc->entries[i];

		if (d->kv)
			printf("entry seq=%llu index=%u ", (unsigned long long)t->seq, i);
		else
			printf("  entry %u: ", i);
		printf(d->kv ? "sector=%llu sectors=%u log_block=%llu crc=%08x\n"
			     : "sector %llu +%u at log block %llu, crc %08x\n",
		       (unsigned long long)le64_to_cpu(e->data_sector),
		       le32_to_cpu(e->nr_sectors),
		       (unsigned long long)dmat_txn_entry_block(&d->m->geo, t, i),
		       le32_to_cpu(e->data_crc));
	}
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "kv", no_argument, NULL, 'k' },
		{ "json", no_argument, NULL, 1 },
		{ "data-sectors", required_argument, NULL, 's' },
		{ "data-dev", required_argument, NULL, 'd' },
		{ "live", no_argument, NULL, 'L' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ 0 }
	};
	const char *sectors_arg = NULL, *dev_arg = NULL;
	struct dump d = { 0 };
	const char *why;
	char **args;
	struct dmat_scan s;
	struct meta m;
	char end[256];
	int c, live = 0;

	tool_init("dma-dump");
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":ks:d:hV", opts, NULL)) != -1) {
		switch (c) {
		case 'k': d.kv = 1; break;
		case 1: d.json = 1; break;
		case 's': sectors_arg = optarg; break;
		case 'd': dev_arg = optarg; break;
		case 'L': live = 1; break;
		case 'h': help();
		case 'V': print_version();
		default: bad_option(c, optopt, argv, optind);
		}
	}
	if (d.kv && d.json)
		usage_error("give --kv or --json, not both");
	args = positional_args(argc, argv, "METADATA", NULL);

	meta_open(&m, args[0], O_RDONLY, !live,
		  data_sectors_arg(sectors_arg, dev_arg));
	d.m = &m;
	why = meta_sb_problem(&m);
	if (why) {
		int unformatted = meta_unformatted(&m);
		const char *name = m.truncated ? "truncated" :
				   unformatted ? "unformatted" : dmat_sb_result_name(m.sbr);
		const char *end = unformatted ? "unformatted" : "superblock";

		if (d.json) {
			printf("{\"json_format_version\": %d, ", DMA_JSON_VERSION);
			print_sb_json(&m);
			printf(", \"transactions\": [], \"end\": {\"reason\": \"%s\"}}\n",
			       end);
		} else if (d.kv)
			printf("superblock status=%s\nend reason=%s\n", name, end);
		else if (unformatted)
			printf("superblock: %s\nend: unformatted\n", why);
		else
			printf("superblock: %s\nend: invalid superblock (%s)\n", why, why);
		return unformatted ? EXIT_OK :
		       meta_unsupported(&m) ? EXIT_REFUSED : EXIT_DAMAGED;
	}
	if (d.json) {
		printf("{\"json_format_version\": %d,\n ", DMA_JSON_VERSION);
		print_sb_json(&m);
		printf(",\n \"transactions\": [");
	} else {
		print_sb(&m, d.kv);
	}
	meta_scan(&m, &s, on_txn, &d);
	if (d.json) {
		printf("],\n ");
		print_end_json(&s);
		printf("}\n");
	} else if (d.kv) {
		scan_end_kv(&s, end, sizeof(end));
		printf("end %s\n", end);
	} else {
		scan_end_str(&s, end, sizeof(end));
		printf("end: %s\n", end);
	}
	if (s.result == DMAT_SCAN_IO_ERROR)
		return EXIT_IO;
	return EXIT_OK;
}
