#!/usr/bin/env bash
# make bench: boot one guest on the lean kernel with benchmark disks and run every row of
# tools/bench/dma-bench-run against its baseline, interleaved, in that one boot.
#
#   bench.sh [--quick] [--rows 1,2,3,4,5,6,7,8] [--seconds S] [--rounds N]
#
# Rows 9 (MariaDB with and without its doublewrite buffer) and 10 (PostgreSQL with and without
# full_page_writes) are only run when named (ROWS=9, ROWS=10, ROWS=9,10): they boot the guest
# image with the database packages (rootfs.sh apps).
#
# Benchmark disks are not the test suite's scratch disks: preallocated raw images (fallocate,
# then written once with zeros, so no extent is unwritten or sparse) in $DMA_CACHE/bench/,
# attached with cache=none (host O_DIRECT) and aio=native, so a guest FLUSH costs a real
# host fdatasync:
#   bench-data   1 GiB   virtio-blk   the data device
#   bench-log    512 MiB virtio-blk   the log, on its own image
#   bench-fua    512 MiB virtio-scsi  the log on a disk with native FUA (scsi-hd dpofua=on;
#                                     virtio-blk has none: the guest turns FUA into
#                                     write + flush)
#   bench-shared 1.5 GiB virtio-blk   data (1 GiB) and log (512 MiB) slices of one image
# Output: out/bench/<stamp>/ (raw cells, console, environment), out/bench/bench-<stamp>.csv,
# .txt (the table, also printed) and .png (the chart of the ratios, gnuplot).
source "$(dirname "$0")/common.sh"

quick=0 rows=1,2,3,4,5,6,7,8 genv=()
while [ $# -gt 0 ]; do
	case "$1" in
	--quick) quick=1; shift ;;
	--rows) rows=$2; shift 2 ;;
	--seconds) genv+=(--env "DMA_BENCH_SECONDS=$2"); shift 2 ;;
	--rounds) genv+=(--env "DMA_BENCH_ROUNDS=$2"); shift 2 ;;
	*) die "bench.sh: unknown argument '$1'" ;;
	esac
done
# rows_ok ROWS: ROWS is row numbers 1-10, comma separated.
rows_ok() { [[ "$1" =~ ^([1-9]|10)(,([1-9]|10))*$ ]]; }
rows=$(echo "$rows" | tr ' ' ',')
rows_ok "$rows" || die "ROWS must be row numbers 1-10, comma separated (got '$rows')"

"$SCRIPTS/deps.sh" bench
make -s -C "$TOP/tools" >/dev/null || die "tools did not build"
command -v gnuplot >/dev/null || die "gnuplot is missing (qemu-scripts/deps.sh bench installs it)"
build=$("$SCRIPTS/kernel.sh" lean)
image=main
[[ ",$rows," == *,9,* || ",$rows," == *,10,* ]] && image=apps
rootfs=$("$SCRIPTS/rootfs.sh" $image)

# --- disks -----------------------------------------------------------------------------------
bdir=$DMA_CACHE/bench
mkdir -p "$bdir"
# The disk images are shared by every checkout: one benchmark at a time (a second one would
# fail on QEMU's image lock, or measure the first one's load).
exec 8>"$bdir/.lock"
if ! flock -n 8; then
	log "another make bench holds $bdir/.lock; waiting for it"
	flock 8
fi
cache=none aio=native
if ! dd if=/dev/zero of="$bdir/.odirect-probe" bs=4096 count=1 oflag=direct status=none 2>/dev/null; then
	cache=writeback aio=threads
	log "WARNING: $(stat -f -c %T "$bdir") at $bdir refuses O_DIRECT: disks attached with cache=writeback (host page cache), flushes still reach the host but timings are not those of cache=none"
fi
rm -f "$bdir/.odirect-probe"
declare -A size=([data]=1024 [log]=512 [fua]=512 [shared]=1536)
for d in data log fua shared; do
	img=$bdir/$d.img
	if [ ! -f "$img.ready" ] || [ "$(stat -c %s "$img" 2>/dev/null)" != $((size[$d] << 20)) ]; then
		rm -f "$img" "$img.ready"
		log "preallocating $img (${size[$d]} MiB: fallocate, then written once with zeros)"
		fallocate -l "${size[$d]}M" "$img"
		dd if=/dev/zero of="$img" bs=1M count="${size[$d]}" conv=notrunc oflag=direct status=none 2>/dev/null ||
			dd if=/dev/zero of="$img" bs=1M count="${size[$d]}" conv=notrunc,fsync status=none
		touch "$img.ready"
	fi
done
drive() { echo "-drive file=$bdir/$1.img,if=none,id=bench-$1,format=raw,cache=$cache,aio=$aio"; }
qargs=(
	--qemu-arg "$(drive data)" --qemu-arg "-device virtio-blk-pci,drive=bench-data,serial=bench-data"
	--qemu-arg "$(drive log)" --qemu-arg "-device virtio-blk-pci,drive=bench-log,serial=bench-log"
	--qemu-arg "$(drive shared)" --qemu-arg "-device virtio-blk-pci,drive=bench-shared,serial=bench-shared"
	--qemu-arg "-device virtio-scsi-pci,id=bscsi"
	--qemu-arg "$(drive fua)" --qemu-arg "-device scsi-hd,bus=bscsi.0,drive=bench-fua,serial=bench-fua,dpofua=on"
)

# --- environment -----------------------------------------------------------------------------
stamp=$(date -u +%Y%m%d-%H%M%S)
out=$TOP/out/bench/$stamp
mkdir -p "$out"
mem=${DMA_VM_MEM:-2048}
host_env() {
	echo "host_cpu=$(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo) ($(nproc) cores)"
	echo "host_load_$1=$(cut -d' ' -f1-3 /proc/loadavg)"
}
{
	host_env before
	echo "host_kernel=$(uname -r)"
	echo "qemu=$(qemu-system-x86_64 --version | head -n1)"
	echo "accelerator=${DMA_ACCEL:-tcg} (thread=${DMA_TCG_THREAD:-single})"
	echo "guest_vcpus_configured=2, memory ${mem} MiB"
	echo "kernel_key=$(basename "$(dirname "$build")") ($(cat "$build/kernelrelease" 2>/dev/null))"
	echo "module_source=commit $(git -C "$TOP" rev-parse --short HEAD)$(git -C "$TOP" diff --quiet HEAD -- dm-atomic 2>/dev/null || echo ' with uncommitted changes in dm-atomic/')"
	echo "images=$bdir on $(stat -f -c %T "$bdir") ($(df --output=source "$bdir" | tail -n1)), preallocated, cache=$cache aio=$aio"
	echo "disks=data 1 GiB virtio-blk; log 512 MiB virtio-blk; fua 512 MiB virtio-scsi scsi-hd dpofua=on; shared 1.5 GiB virtio-blk (data 1 GiB + log 512 MiB slices)"
	echo "command=make bench ROWS=$rows$([ $quick = 1 ] && echo ' QUICK=1')"
} >"$out/env-host.txt"
dma-bench() { "$TOP/tools/bin/dma-bench" "$@"; }
dma-bench cpu --mib 16 >"$out/host-cpu.json"

log "bench: rows $rows$([ $quick = 1 ] && echo ', quick'); output $out"
timeout=2400
[ $quick = 1 ] && timeout=900
# The database rows' setup (a file system, a server, a database twice) and cells come on top.
[[ ",$rows," == *,9,* ]] && timeout=$((timeout + 900))
[[ ",$rows," == *,10,* ]] && timeout=$((timeout + 900))
"$SCRIPTS/run-vm.sh" --build "$build" --rootfs "$rootfs" --out "$out/vm" --mode bench \
	--timeout "$timeout" --env "DMA_BENCH_ROWS=$rows" --env "DMA_BENCH_QUICK=$quick" \
	"${genv[@]}" "${qargs[@]}" || log "the guest did not finish cleanly (console: $out/vm/console.log)"
host_env after | tail -n1 >>"$out/env-host.txt"
res=$out/vm/results
# The guest's results disk, if run-vm.sh did not get as far as unpacking it.
[ -d "$res/cells" ] || { mkdir -p "$res"; tar -xf "$out/vm/results.img" -C "$res" 2>/dev/null || true; }
[ -d "$res/cells" ] || die "no results came back from the guest (console: $out/vm/console.log)"
cp -a "$res/." "$out/"
rm -rf "$out/vm/payload" "$out/vm/payload.img" "$out/vm/results.img" "$out/vm/scratch"*.img
base=$TOP/out/bench/bench-$stamp
rc=0
python3 "$TOP/tools/bench/dma-bench-report.py" --rows "$rows" --csv "$base.csv" --table "$base.txt" \
	--chart "$base" "$out" || rc=1
python3 "$TOP/tools/bench/dma-bench-report.py" --check --rows "$rows" "$out" || rc=1
(cd "$(dirname "$base")" && gnuplot "$(basename "$base").gp") || { log "gnuplot failed"; rc=1; }
ln -sfn "bench-$stamp.csv" "$TOP/out/bench/latest.csv"
ln -sfn "bench-$stamp.txt" "$TOP/out/bench/latest.txt"
ln -sfn "bench-$stamp.png" "$TOP/out/bench/latest.png"
log "bench: $base.csv, $base.txt, $base.png (raw: $out)"
grep -q 'FAILED' "$out/vm/console.log" && { log "some cells failed: see $out/vm/console.log"; rc=1; }
exit $rc
