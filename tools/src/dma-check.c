// SPDX-License-Identifier: GPL-2.0
/*
 * dma-check: read-only check of a dm-atomic metadata device or image: the
 * superblock, then the log scan recovery would run.  Never writes, except
 * that --clear-needs-check clears that superblock flag when the check is
 * clean.
 */
#include <fcntl.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include "util.h"
#include "meta.h"

static void __attribute__((noreturn)) help(void)
{
	printf("Usage: %s [options] METADATA\n"
	       "Check a dm-atomic metadata device or image file (read-only).\n"
	       "\n"
	       "  -s, --data-sectors N  also check the superblock against this data size\n"
	       "  -d, --data-dev PATH   take the data size from this device or file\n"
	       "  -q, --quiet           print only problems\n"
	       "      --progress        show progress on stderr (by default shown\n"
	       "                        when stderr is a terminal and the check takes\n"
	       "                        more than a second)\n"
	       "      --json            print one JSON object instead (the verdict in\n"
	       "                        \"verdict\"; -q does not apply)\n"
	       "      --clear-needs-check  if the check is clean, clear the needs_check\n"
	       "                        flag the target sets after a metadata write\n"
	       "                        failed (it then activates read-write again);\n"
	       "                        the only option that writes\n"
	       "      --set-data-id     with --data-dev: if the check is clean, record\n"
	       "                        that device's identity (DM uuid or partition\n"
	       "                        uuid) as the one this metadata belongs to\n"
	       "                        (after the data moved to a copy); writes\n"
	       "  -h, --help            show this help\n"
	       "  -V, --version         show the version\n"
	       "\n"
	       "Numbers are decimal and may end in K, M, G, T, P or E (powers of\n"
	       "1024, a multiplier: -s 16K is 16384 sectors).\n"
	       "A block device is opened exclusively: a device in use is refused.\n"
	       "With --data-dev, a data device that is not the one the superblock\n"
	       "records (another DM or partition uuid) is reported: \"wrong data\n"
	       "device\", exit status 2.  A raw disk has no identity: only its size\n"
	       "is checked.\n"
	       "Metadata with read-only-compatible features this version does not\n"
	       "know is checked as usual (with a note); incompatible ones make it\n"
	       "unsupported.\n"
	       "Exit status: 0 clean (the log ends the way a healthy or crashed log\n"
	       "ends) or unformatted (all zero: the target formats it when first\n"
	       "activated), 7 damaged (the target refuses to activate it; the\n"
	       "reason on the end: line), 2 unsupported or the wrong data device;\n"
	       EXIT_STATUS_HELP, progname);
	exit(EXIT_OK);
}

/* The --json object: the verdict and what it rests on (s and v if scanned). */
static int json_out(const struct meta *m, const struct dmat_scan *s,
		    const struct log_verdict *v, const char *verdict, int rc)
{
	static const char *const beyond[] = {
		[DMAT_PROBE_NOTHING] = "nothing",
		[DMAT_PROBE_INFLIGHT] = "in_flight",
		[DMAT_PROBE_DAMAGE] = "damage",
	};

	printf("{\"json_format_version\": %d,\n ", DMA_JSON_VERSION);
	print_sb_json(m);
	if (s) {
		printf(",\n \"log\": {\"transactions\": %llu, \"used_blocks\": %llu},\n ",
		       (unsigned long long)s->nr_txns, (unsigned long long)s->used_blocks);
		print_end_json(s);
		printf(",\n \"beyond\": {\"found\": \"%s\"", beyond[v->beyond]);
		if (v->beyond != DMAT_PROBE_NOTHING)
			printf(", \"seq\": %llu, \"log_block\": %llu",
			       (unsigned long long)v->at_seq, (unsigned long long)v->at);
		printf("}");
	}
	printf(",\n \"verdict\": \"%s\"}\n", verdict);
	return rc;
}

/* The check was clean: clear the flag, rewriting nothing else. */
static void clear_needs_check(struct meta *m, int quiet)
{
	if (!meta_needs_check(m)) {
		if (!quiet)
			printf("needs_check was not set\n");
		return;
	}
	m->sb->flags &= ~cpu_to_le32(DMAT_SB_FLAG_NEEDS_CHECK);
	dmat_sb_seal(m->sb);
	meta_write_sb(m);
	printf("needs_check cleared\n");
}

/* The check was clean: record the data device's identity. */
static void set_data_id(struct meta *m, const struct dmat_data_id *have)
{
	char buf[200];

	dmat_sb_set_data_id(m->sb, have);
	meta_write_sb(m);
	data_id_str(have, buf, sizeof(buf));
	printf("data device identity recorded: %s\n", buf);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "data-sectors", required_argument, NULL, 's' },
		{ "data-dev", required_argument, NULL, 'd' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "json", no_argument, NULL, 1 },
		{ "progress", no_argument, NULL, 2 },
		{ "clear-needs-check", no_argument, NULL, 3 },
		{ "set-data-id", no_argument, NULL, 4 },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ 0 }
	};
	const char *sectors_arg = NULL, *dev_arg = NULL;
	struct log_verdict v;
	const char *why;
	char **args;
	struct dmat_scan s;
	struct meta m;
	int c, quiet = 0, json = 0, clear = 0, set_id = 0, damaged;
	struct dmat_data_id have;

	tool_init("dma-check");
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":s:d:qhV", opts, NULL)) != -1) {
		switch (c) {
		case 's': sectors_arg = optarg; break;
		case 'd': dev_arg = optarg; break;
		case 'q': quiet = 1; break;
		case 1: json = 1; break;
		case 2: progress_forced = 1; break;
		case 3: clear = 1; break;
		case 4: set_id = 1; break;
		case 'h': help();
		case 'V': print_version();
		default: bad_option(c, optopt, argv, optind);
		}
	}
	args = positional_args(argc, argv, "METADATA", NULL);

	if (set_id && !dev_arg)
		usage_error("--set-data-id needs --data-dev");
	if ((clear || set_id) && json)
		usage_error("%s and --json do not go together",
			    clear ? "--clear-needs-check" : "--set-data-id");
	meta_open(&m, args[0], clear || set_id ? O_RDWR : O_RDONLY, 1,
		  data_sectors_arg(sectors_arg, dev_arg));
	if (dev_arg)
		data_dev_id(dev_arg, &have);
	if (meta_unformatted(&m)) {
		if (json)
			return json_out(&m, NULL, NULL, "unformatted", EXIT_OK);
		if (!quiet)
			printf("superblock: unformatted (all zero): the target formats it when first "
			       "activated\nunformatted\n");
		return EXIT_OK;
	}
	why = meta_sb_problem(&m);
	if (why) {
		/* Incompatible features: not damage, but nothing here can read it. */
		const char *verdict = meta_unsupported(&m) ? "unsupported" : "damaged";

		if (json)
			return json_out(&m, NULL, NULL, verdict,
					meta_unsupported(&m) ? EXIT_REFUSED : EXIT_DAMAGED);
		if (m.truncated)
			printf("superblock: truncated: %llu bytes, less than one %u-byte block\n",
			       (unsigned long long)m.size, DMAT_BLOCK_SIZE);
		else
			printf("superblock: %s\n", why);
		printf("%s\n", verdict);
		return meta_unsupported(&m) ? EXIT_REFUSED : EXIT_DAMAGED;
	}
	if (!quiet && !json) {
		print_sb(&m, 0);
		if (dmat_sb_unknown_ro_compat(m.sb))
			printf("note: read-only-compatible features this version does "
			       "not know (ro_compat 0x%x): checked read-only; the "
			       "target refuses to activate this metadata and "
			       "dma-replay to replay it\n",
			       dmat_sb_unknown_ro_compat(m.sb));
	}
	why = dev_arg ? meta_data_id_problem(&m, dev_arg, &have) : NULL;
	if (why && !set_id) {
		/* Not damage: the metadata may be fine, with its own device. */
		if (json)
			return json_out(&m, NULL, NULL, "wrong_data_device", EXIT_REFUSED);
		printf("data device: %s\nwrong data device\n", why);
		return EXIT_REFUSED;
	}
	damaged = meta_check_log(&m, &s, NULL, NULL, &v);
	if (json)
		return json_out(&m, &s, &v, damaged ? "damaged" : "clean",
				damaged ? EXIT_DAMAGED : EXIT_OK);
	if (!quiet || damaged) {
		printf("log: %llu transactions in %llu blocks\n",
		       (unsigned long long)s.nr_txns, (unsigned long long)s.used_blocks);
		printf("end: %s\n", v.end);
	}
	if (!dmat_scan_end_is_normal(&s))
		printf("refused: no crash ends a log this way; the target does not activate "
		       "it (dma-replay --force replays the %llu transactions before it and "
		       "gives up the rest)\n", (unsigned long long)s.nr_txns);
	if (v.beyond == DMAT_PROBE_DAMAGE)
		printf("beyond: valid transaction seq %llu at log block %llu records "
		       "seq %llu as durable: committed transactions lost\n",
		       (unsigned long long)v.at_seq, (unsigned long long)v.at,
		       (unsigned long long)s.next_seq);
	else if (v.beyond == DMAT_PROBE_INFLIGHT && !quiet)
		printf("note: valid transaction seq %llu at log block %llu lies beyond "
		       "the end; it was in flight when the log ended (never "
		       "acknowledged) unless the writer does not record durable_seq\n",
		       (unsigned long long)v.at_seq, (unsigned long long)v.at);
	if (damaged) {
		printf("damaged\n");
		if (clear && meta_needs_check(&m))
			printf("needs_check not cleared: the log is damaged\n");
		if (set_id)
			printf("data device identity not recorded: the log is damaged\n");
		return EXIT_DAMAGED;
	}
	if (!quiet) {
		if (s.result == DMAT_SCAN_DESC_CSUM || s.result == DMAT_SCAN_DATA_CRC)
			printf("clean (the torn transaction at the head is discarded by recovery)\n");
		else
			printf("clean\n");
	}
	if (clear)
		clear_needs_check(&m, quiet);
	if (set_id)
		set_data_id(&m, &have);
	return EXIT_OK;
}
