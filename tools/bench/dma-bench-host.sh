#!/bin/bash
# dma-bench-host (make bench-host): what the CPU paths the tools share with the kernel
# module cost per byte on this host: crc32c (tools/lib/crc32c.c, table-driven) and the
# recovery scan (dm-atomic/dma-scan.c over an in-memory log: descriptor checks plus a crc32c
# of every data block), with memcpy for scale.  Five runs each, on a 1 MiB buffer (in cache)
# and a 64 MiB one (memory); median and min-max printed.  No speed is judged.
set -eu
bin=$(cd "$(dirname "$0")/../bin" && pwd)
[ -x "$bin/dma-bench" ] || { echo "dma-bench-host: build the tools first (make tools)" >&2; exit 2; }
echo "host: $(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
for mib in 1 64; do
	for i in 1 2 3 4 5; do "$bin/dma-bench" cpu --mib $mib; done | python3 -c '
import json, statistics, sys
runs = [json.loads(l) for l in sys.stdin]
mib = runs[0]["mib"]
for what, label in (("memcpy", "memcpy"), ("crc32c", "crc32c"), ("scan", "log scan")):
    ns = [r[what + "_ns_per_byte"] for r in runs]
    mb = [r[what + "_mb_s"] for r in runs]
    print("%-9s %4d MiB: %7.4f ns/byte [%.4f-%.4f], %8.1f MB/s (median of %d runs)" %
          (label, mib, statistics.median(ns), min(ns), max(ns), statistics.median(mb), len(runs)))
'
done
echo "The kernel module uses the kernel's crc32c (crc32c-intel: the SSE4.2 crc32 instruction on"
echo "x86), usually several times faster than this table-driven userspace code."
