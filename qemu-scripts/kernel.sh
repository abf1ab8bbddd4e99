#!/usr/bin/env bash
# Build the guest kernel (and the dm-atomic module against it) in the cache.
#
#   qemu-scripts/kernel.sh [lean|debug|unpatched]     prints the build directory on stdout
#   qemu-scripts/kernel.sh --source [FLAVOUR]         only the (patched) source; prints its path
#
# lean       defconfig + kvm_guest + config/dm-atomic.config + config/trim.config, patched
# debug      lean + config/debug.config (KASAN, lockdep, DEBUG_LIST, ...), patched
# unpatched  lean config on the pristine source, for regression comparisons
#
# DMA_SKIP_MODULE=1 skips the dm-atomic module (e.g. while it is being rewritten).
# DMA_SERIES_DIR=DIR builds with DIR/series instead of block-core-patches/series (common.sh).
#
# The patched source is linux-source-6.1's tarball, extracted, with block-core-patches/series
# applied in order without fuzz; a patch that does not apply stops the build and is named.
source "$(dirname "$0")/common.sh"

source_only=0
if [ "${1:-}" = --source ]; then source_only=1; shift; fi
flavor=${1:-lean}
case "$flavor" in
lean|debug) what=patched ;;
unpatched) what=unpatched ;;
*) die "unknown kernel flavour '$flavor' (lean, debug or unpatched)" ;;
esac

ver=$(linux_source_version)
[ -f "$LINUX_TARBALL" ] || die "$LINUX_TARBALL missing: run qemu-scripts/deps.sh"
if [ "$ver" != "$KNOWN_LINUX_SOURCE_VERSION" ]; then
	log "NOTE: linux-source-6.1 is $ver; this project was last verified on $KNOWN_LINUX_SOURCE_VERSION"
fi

take_lock() {
	exec 9>"$KBUILD_LOCK"
	if ! flock -n 9; then
		log "another kernel build holds $KBUILD_LOCK; waiting for it"
		flock 9
	fi
}

prepare_source() {
	# 1-2. The source for this key: linux-source-6.1 as shipped, extracted, with the series
	# applied patch by patch (exactly, no fuzz).  No git tree: turning 75,000 files into
	# one costs minutes of a cold build; `make check-series` makes one for `git am`.
	mkdir -p "$kdir"
	if [ ! -f "$kdir/.src-ready" ]; then
		# tar keeps the tarball's old mtimes: no build may outlive the source it came from.
		rm -rf "$src" "$kdir"/build-*
		mkdir -p "$src"
		run_logged "extract $(basename "$LINUX_TARBALL") ($ver)" "$kdir/extract.log" \
			tar -xf "$LINUX_TARBALL" -C "$src" --strip-components=1
		n=0
		if [ "$what" = patched ]; then
			while read -r p; do
				case "$p" in ''|'#'*) continue ;; esac
				n=$((n + 1))
				if ! patch -d "$src" -p1 --fuzz=0 --batch --forward --no-backup-if-mismatch \
					-r - -s -i "$SERIES_DIR/$p" >"$kdir/patch.log" 2>&1; then
					cat "$kdir/patch.log" >&2
					rm -rf "$src"
					die "${SERIES_DIR#"$TOP"/}/$p (patch $n of the series) does not apply to linux-source-6.1 $ver"
				fi
			done < <(cat "$SERIES_DIR/series" 2>/dev/null || true)
			log "applied $n patch(es) from ${SERIES_DIR#"$TOP"/}/series"
		fi
		{
			echo "linux-source-6.1 $ver"
			echo "source: $what"
			[ "$what" = unpatched ] || grep -v '^#' "$SERIES_DIR/series" | grep . || true
		} >"$kdir/info"
		touch "$kdir/.src-ready"
	fi
}

build_kernel() {
	take_lock
	prepare_source

	# 3. Configure.
	frags=("$src/kernel/configs/kvm_guest.config" "$SCRIPTS/config/dm-atomic.config" "$SCRIPTS/config/trim.config")
	[ "$flavor" = debug ] && frags+=("$SCRIPTS/config/debug.config")
	[ "$what" = unpatched ] || [ ! -f "$SERIES_DIR/guest.config" ] || frags+=("$SERIES_DIR/guest.config")
	if [ ! -f "$build/.config-ready" ]; then
		rm -rf "$build"
		mkdir -p "$build"
		(
			kmake x86_64_defconfig
			"$src/scripts/kconfig/merge_config.sh" -m -O "$build" "$build/.config" "${frags[@]}"
			kmake olddefconfig
		) >"$build/config.log" 2>&1 || { tail -n 20 "$build/config.log" >&2; die "kernel configuration failed"; }
		# Every =y/=m we asked for must have survived olddefconfig (a missing dependency
		# silently drops a symbol otherwise).
		missing=$(cat "${frags[@]:1}" | sed -n 's/^\(CONFIG_[A-Z0-9_]*\)=\([ym]\)$/\1=\2/p' |
			while read -r want; do grep -qx "$want" "$build/.config" || echo "$want"; done)
		[ -z "$missing" ] || die "kernel config lost: $(echo $missing)"
		touch "$build/.config-ready"
	fi

	# 4. Build.  Incremental: make decides what is stale.
	run_logged "kernel build ($flavor, key $(basename "$kdir"))" "$build/build.log" \
		kmake -j"$(nproc)" bzImage modules
	rm -rf "$build/modinst"
	run_logged "modules_install" "$build/modules_install.log" \
		kmake INSTALL_MOD_PATH="$build/modinst" INSTALL_MOD_STRIP=1 modules_install
	kmake -s kernelrelease >"$build/kernelrelease"
	touch "$build/.build-done"
}

kdir=$(kernel_dir "$what")
src=$kdir/src
build=$kdir/build-$flavor
[ "$flavor" = unpatched ] && build=$kdir/build-lean
kmake() { make -C "$src" O="$build" CC="ccache gcc" LOCALVERSION= "$@"; }

if [ $source_only = 1 ]; then
	if [ ! -f "$kdir/.src-ready" ]; then
		take_lock
		prepare_source
	fi
	echo "$src"
	exit 0
fi

# Fast path: built before, and nobody has touched the source tree since (a developer may edit
# $src by hand; then make decides what is stale).  Needs no lock.
if [ -f "$kdir/.src-ready" ] && [ -f "$build/.build-done" ] &&
	[ -z "$(find "$src" -newer "$build/.build-done" -type f -print -quit 2>/dev/null)" ]; then
	log "kernel ($flavor, key $(basename "$kdir")) is up to date"
else
	build_kernel
fi

# 5. The out-of-tree modules, built in copies so the repo stays clean; each skipped when
# neither its sources nor the kernel changed since its last build.
# build_ext WHAT SRC DIR: build the module sources in $TOP/SRC into $build/$EXT_NAME/DIR.
build_ext() {
	local what=$1 srcdir=$TOP/$2 dir=$build/$EXT_NAME/$3 key
	key=$( { stat -c %Y "$build/.build-done"; cd "$srcdir" && find . -type f \
		! -name '*.o' ! -name '*.ko' ! -name '*.cmd' ! -name '*.mod*' ! -name '*.order' ! -name '*.symvers' \
		-print0 | sort -z | xargs -0 sha256sum; } | sha256sum | cut -c1-16)
	if [ "$(cat "$dir.key" 2>/dev/null)" = "$key" ] && ls "$dir/"*.ko >/dev/null 2>&1; then
		log "$what: up to date"
		return
	fi
	rsync -a --delete --exclude '*.o' --exclude '*.ko' "$srcdir/" "$dir/"
	run_logged "$what" "$dir.log" \
		flock "$build/.module.lock" make -C "$build" CC="ccache gcc" M="$dir" modules
	echo "$key" >"$dir.key"
}
if [ -f "$TOP/dm-atomic/Kbuild" ] && [ "$flavor" != unpatched ] && [ -z "${DMA_SKIP_MODULE:-}" ]; then
	mkdir -p "$build/$EXT_NAME"
	build_ext "dm-atomic module" dm-atomic dm-atomic
	# The VM tests' helper modules: in-kernel submitters of what no userspace path can send.
	build_ext "test modules (tests/kmod)" tests/kmod kmod
fi
echo "$build"
