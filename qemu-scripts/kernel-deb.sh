#!/usr/bin/env bash
# The patched kernel as Debian packages an operator installs with dpkg (make kernel-deb).
#
#   qemu-scripts/kernel-deb.sh [debian|lean]     prints the directory holding the .deb files
#   qemu-scripts/kernel-deb.sh debian --config-only    only the configuration: prints its path
#
# debian  (make kernel-deb) linux-source-6.1 with block-core-patches/series, configured with
#         Debian's own configuration of the current linux-image-6.1.0-N-amd64 (the config file
#         qemu-scripts/stock-kernel.sh unpacks from Debian's package), so every driver Debian
#         ships is there.  Changes to that configuration, and only these: the release is
#         6.1.192-dm-atomic-amd64 (CONFIG_LOCALVERSION), no debug information (no -dbg package
#         of several GB), no Debian signing certificates (the source package does not ship
#         them; modules are signed with a key made for this build, as a local build of
#         Debian's kernel does).  About 3,800 modules: several hours on 2 cores, minutes on a
#         large machine; ccache makes a rebuild after a patch change incremental.
# lean    (the smoke in make test) the lean test kernel (qemu-scripts/kernel.sh lean), packaged
#         in its own build directory: only vmlinux is relinked (the packages' build number
#         goes into its version string), so the kernel the VM tests boot afterwards is the
#         packaged one.  Run it before guests boot that kernel (make test does).
#
# Both run the kernel's own `make bindeb-pkg`: linux-image-KREL, linux-headers-KREL (what DKMS
# builds dm-atomic against) and linux-libc-dev.  The packages are in
# $DMA_CACHE/kernel/<key>/deb-<flavour>/ (printed) and copied to out/kernel-deb/<flavour>/.
# Their version is <linux-source-6.1 version>+dma<N>, N counting the patches of the series.
source "$(dirname "$0")/common.sh"

flavor=${1:-debian}
case "$flavor" in
debian|lean) ;;
*) die "kernel-deb.sh: unknown flavour '$flavor' (debian or lean)" ;;
esac
config_only=0
case "${2:-}" in
'') ;;
--config-only) [ "$flavor" = debian ] || die "kernel-deb.sh: --config-only is for the debian flavour"; config_only=1 ;;
*) die "kernel-deb.sh: unknown argument '$2' (--config-only)" ;;
esac

"$SCRIPTS/deps.sh" >&2
ver=$(linux_source_version)
# series_files names the series file, then each patch.
pkgver="$ver+dma$(( $(series_files | wc -l) - 1 ))"
src=$("$SCRIPTS/kernel.sh" --source lean) || die "no patched kernel source"
kdir=$(dirname "$src")
work=$kdir/deb-$flavor
build=$work/build
mkdir -p "$work"

# kmake ARGS: make in the package's build directory.  LOCALVERSION= keeps setlocalversion
# from adding a "+" (the tree is no git tree); the release comes from CONFIG_LOCALVERSION.
kmake() { make -C "$src" O="$build" CC="ccache gcc" LOCALVERSION= "$@"; }

if [ "$flavor" = lean ]; then
	build=$("$SCRIPTS/kernel.sh" lean) || die "the lean kernel did not build"
	# Up to date when the packages were made of the kernel that is there now.
	key() { { echo "$pkgver"; hash_of "$0"; sha256sum <"$build/arch/x86/boot/bzImage"; } | sha256sum | cut -c1-12; }
else
	stock=$("$SCRIPTS/stock-kernel.sh") || die "Debian's kernel (for its configuration) is not there"
	key() { { echo "$pkgver"; sha256sum <"$stock/.config"; hash_of "$0" $(series_files); } | sha256sum | cut -c1-12; }
fi
if [ $config_only = 0 ] && [ "$(cat "$work/key" 2>/dev/null)" = "$(key)" ] && ls "$work"/linux-image-*.deb >/dev/null 2>&1; then
	log "kernel packages ($flavor, $pkgver) are up to date in $work"
else
	# A full build (debian) takes the kernel build lock; the lean packaging only relinks the
	# lean build, so it locks just that build directory.
	lock=$KBUILD_LOCK
	[ "$flavor" = lean ] && lock=$build/.package.lock
	if [ $config_only = 0 ]; then
		exec 9>"$lock"
		flock -n 9 || { log "another build holds $lock; waiting for it"; flock 9; }
	fi
	rm -f "$work"/*.deb "$work/key"
	if [ "$flavor" = debian ]; then
		mkdir -p "$build"
		cp "$stock/.config" "$build/.config"
		sc() { "$src/scripts/config" --file "$build/.config" "$@"; }
		sc --set-str LOCALVERSION "-dm-atomic-amd64" --disable LOCALVERSION_AUTO \
			--disable DEBUG_INFO --disable DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT --disable DEBUG_INFO_DWARF4 \
			--disable DEBUG_INFO_DWARF5 --disable DEBUG_INFO_BTF --enable DEBUG_INFO_NONE \
			--set-str SYSTEM_TRUSTED_KEYS "" --set-str SYSTEM_REVOCATION_KEYS "" \
			--set-str MODULE_SIG_KEY "certs/signing_key.pem"
		kmake olddefconfig >"$work/config.log" 2>&1 || { tail -n 20 "$work/config.log" >&2; die "configuration failed"; }
		for want in CONFIG_BLK_DEV_DM=m CONFIG_BLK_DEV_MD=m CONFIG_DEBUG_INFO_NONE=y 'CONFIG_LOCALVERSION="-dm-atomic-amd64"'; do
			grep -qx "$want" "$build/.config" || die "Debian's configuration lost $want"
		done
		log "Debian's configuration: $(grep -c '=m$' "$build/.config") modules, $(grep -c '=y$' "$build/.config") built-in options"
		if [ $config_only = 1 ]; then
			echo "$build/.config"
			exit 0
		fi
	fi
	krel=$(kmake -s kernelrelease)
	# bindeb-pkg builds what is stale (all of it, the first time with Debian's configuration;
	# the lean build only relinks), then the packages, written next to the build directory.
	pkgdir=$(dirname "$build")
	rm -f "$pkgdir"/*.deb "$pkgdir"/*.buildinfo "$pkgdir"/*.changes
	run_logged "make bindeb-pkg ($flavor configuration, $krel, $pkgver)" "$work/bindeb-pkg.log" \
		kmake -j"$(nproc)" KDEB_PKGVERSION="$pkgver" KDEB_SOURCENAME=linux-dm-atomic bindeb-pkg
	[ "$pkgdir" = "$work" ] || mv "$pkgdir"/*.deb "$work/" 2>/dev/null || true
	rm -rf "$pkgdir"/*.buildinfo "$pkgdir"/*.changes "$build/debian"
	ls "$work"/linux-image-"$krel"_*.deb >/dev/null 2>&1 || die "bindeb-pkg made no linux-image-$krel package (log: $work/bindeb-pkg.log)"
	key >"$work/key"
fi
mkdir -p "$TOP/out/kernel-deb/$flavor"
rm -f "$TOP/out/kernel-deb/$flavor"/*.deb
cp "$work"/*.deb "$TOP/out/kernel-deb/$flavor/"
for d in "$work"/*.deb; do log "  $(basename "$d") ($(du -h "$d" | cut -f1))"; done
echo "$work"
