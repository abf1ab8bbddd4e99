# shellcheck shell=bash
# Shared helpers for the qemu-scripts.  Sourced, never run.
#
# Everything kernel-side lives in a cache directory outside the repository:
#   $DMA_CACHE/kernel/<key>/src         linux-source-6.1 extracted, block-core-patches applied
#   $DMA_CACHE/kernel/<key>/build-<flavor>   O= build directory (lean, debug, unpatched)
#   $DMA_CACHE/rootfs/<key>/root.img    the guest root filesystem
#   $DMA_CACHE/ccache                   one ccache shared by every build
#   $DMA_CACHE/pristine-<debver>/       linux-source-6.1 as shipped, as a git tree (made by
#                                       make check-series only, for git am)
# Keys are hashes of what a thing was built from, so a changed patch, config fragment,
# compiler or package list gives a new directory instead of a stale one.

set -euo pipefail

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SCRIPTS=$TOP/qemu-scripts
DMA_CACHE=${DMA_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/dm-atomic}
export CCACHE_DIR=${CCACHE_DIR:-$DMA_CACHE/ccache}
export CCACHE_BASEDIR=$DMA_CACHE
export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-5G}
LINUX_TARBALL=/usr/src/linux-source-6.1.tar.xz
# The kernel version we built against when this project was written; a different one is
# reported loudly (the package comes from bookworm-security and moves).
KNOWN_LINUX_SOURCE_VERSION=6.1.192-3
# Bump when kernel.sh changes what it builds (not for changes to logging, locking, ...).
KERNEL_RECIPE=1
KBUILD_LOCK=${KBUILD_LOCK:-/tmp/dm-atomic-kbuild.lock}
# The patch series the kernel is built with: a directory holding a `series` file and the
# patches it names.  DMA_SERIES_DIR=DIR builds another (under its own key); a `guest.config`
# there adds config symbols its tests need.
SERIES_DIR=$(cd "$TOP" && cd "${DMA_SERIES_DIR:-block-core-patches}" 2>/dev/null && pwd) ||
	{ printf 'error: DMA_SERIES_DIR=%s is not a directory\n' "$DMA_SERIES_DIR" >&2; exit 1; }
# The out-of-tree modules (dm-atomic, tests/kmod) are built per checkout, in
# $build/$EXT_NAME, so two checkouts testing at once never swap each other's module.
EXT_NAME=ext-$(printf '%s' "$TOP" | sha256sum | cut -c1-8)

mkdir -p "$DMA_CACHE"

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# hash_of FILE... : a short hash of the contents of the named files (missing ones count as "").
hash_of() {
	local f
	for f in "$@"; do
		printf '%s\0' "$(basename "$f")"
		cat "$f" 2>/dev/null || true
	done | sha256sum | cut -c1-12
}

linux_source_version() {
	dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null || echo unknown
}

# The files the kernel is built from, besides the pristine source.
series_files() {
	local p
	echo "$SERIES_DIR/series"
	if [ -f "$SERIES_DIR/series" ]; then
		while read -r p; do
			case "$p" in ''|'#'*) continue ;; esac
			echo "$SERIES_DIR/$p"
		done <"$SERIES_DIR/series"
	fi
}

# kernel_key [unpatched]: where this series + config + compiler builds.
kernel_key() {
	local what=${1:-patched}
	{
		echo "linux-source $(linux_source_version)"
		gcc --version | head -n1
		echo "$what"
		[ "$what" = unpatched ] || hash_of $(series_files)
		hash_of "$SCRIPTS"/config/*.config
		# only when present, so the key of the default series is what it always was
		[ "$what" = unpatched ] || [ ! -f "$SERIES_DIR/guest.config" ] ||
			hash_of "$SERIES_DIR/guest.config"
		echo "recipe $KERNEL_RECIPE"
	} | sha256sum | cut -c1-12
}

# QEMU arguments shared by every script that boots a guest.
# qemu_accel_args kvm|tcg: the accelerator and CPU model.
qemu_accel_args() {
	case "$1" in
	kvm) echo "-accel kvm -cpu host" ;;
	*) echo "-accel tcg,thread=${DMA_TCG_THREAD:-single} -cpu max" ;;
	esac
}
# qemu_disk IMAGE ID [DRIVE-OPTIONS]: a raw image as a virtio disk whose serial is ID
# (so the guest sees it as /dev/disk/by-id/virtio-ID).
qemu_disk() { echo "-drive file=$1,if=none,id=$2,format=raw${3:+,$3} -device virtio-blk-pci,drive=$2,serial=$2"; }

kernel_dir() { echo "$DMA_CACHE/kernel/$(kernel_key "${1:-patched}")"; }

# Progress for a long step: run "$@" with all output in $log_file, and print a line every
# $interval seconds saying how far it is.  The last lines of the log are shown on failure.
run_logged() {
	local what=$1 logf=$2; shift 2
	local start=$SECONDS rc=0 next=$((SECONDS + 30))
	log "$what (log: $logf)"
	"$@" >"$logf" 2>&1 &
	local pid=$!
	while kill -0 "$pid" 2>/dev/null; do
		sleep 1
		if (( SECONDS >= next )) && kill -0 "$pid" 2>/dev/null; then
			next=$((SECONDS + 30))
			log "  $what: $((SECONDS - start)) s, $(wc -l <"$logf") log lines, last: $(tail -n1 "$logf" | cut -c1-90)"
		fi
	done
	wait "$pid" || rc=$?
	if [ "$rc" != 0 ]; then
		tail -n 40 "$logf" >&2
		die "$what failed (exit $rc); full log: $logf"
	fi
	log "  $what: done in $((SECONDS - start)) s"
}

# pristine_git_tree: linux-source-6.1 as shipped, as a git tree tagged "pristine", made once
# per linux-source version (a few minutes: 75,000 files); prints its path.
pristine_git_tree() {
	local ver pristine
	ver=$(linux_source_version)
	pristine=$DMA_CACHE/pristine-$ver
	if [ ! -f "$pristine/.dma-ready" ]; then
		[ -f "$LINUX_TARBALL" ] || die "$LINUX_TARBALL missing: run qemu-scripts/deps.sh"
		rm -rf "$pristine" "$pristine.tmp"
		mkdir -p "$pristine.tmp"
		run_logged "extract $(basename "$LINUX_TARBALL") ($ver) for a git tree" "$DMA_CACHE/extract.log" \
			tar -xf "$LINUX_TARBALL" -C "$pristine.tmp" --strip-components=1
		# Debian's tarball ignores everything ('/*' in .gitignore): force-add.
		run_logged "make a git tree of linux-source-6.1 $ver" "$DMA_CACHE/pristine-git.log" \
			bash -c 'cd "$1" && git init -q && git add -A -f &&
				git -c user.name=dm-atomic -c user.email=dm-atomic@localhost \
					commit -q -m "linux-source-6.1 $2 (pristine)" && git tag pristine' _ "$pristine.tmp" "$ver"
		touch "$pristine.tmp/.dma-ready"
		mv "$pristine.tmp" "$pristine"
	fi
	echo "$pristine"
}

