#!/usr/bin/env bash
# Install what the build and the tests need (Debian packages; we are root on the CI machine).
# Quick when everything is already there: dpkg is asked first, apt only for what is missing.
source "$(dirname "$0")/common.sh"

PKGS=(linux-source-6.1 bc bison flex libelf-dev libssl-dev cpio kmod rsync
	qemu-system-x86 qemu-utils debootstrap ccache python3-cram gcc make git xz-utils
	libsqlite3-dev liburing-dev libaio-dev dkms fakeroot)
# `deps.sh cross` (qemu-scripts/cross-module.sh, the build checks) also compiles for arm64.
[ "${1:-}" = cross ] && PKGS+=(gcc-aarch64-linux-gnu binutils file)
# The host tests render the man pages (man-pages.t) and build the Debian packages (deb.t).
PKGS+=(man-db groff-base bsdextrautils dpkg-dev debhelper dh-dkms)
# `deps.sh deb` (make deb): only what dpkg-buildpackage needs for debian/, no VM toolchain.
[ "${1:-}" = deb ] && PKGS=(dpkg-dev debhelper dh-dkms libsqlite3-dev gcc make)
# `deps.sh bench` (make bench) also draws the chart.
[ "${1:-}" = bench ] && PKGS+=(gnuplot-nox)

missing=()
for p in "${PKGS[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
	[ "$(id -u)" = 0 ] || die "missing packages (${missing[*]}) and not root: install them first"
	export DEBIAN_FRONTEND=noninteractive
	run_logged "apt-get update" "$DMA_CACHE/apt-update.log" apt-get update -q
	run_logged "apt-get install ${missing[*]}" "$DMA_CACHE/apt-install.log" \
		apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
ver=$(linux_source_version)
if [ "$ver" != "$KNOWN_LINUX_SOURCE_VERSION" ]; then
	log "NOTE: linux-source-6.1 $ver installed; last verified with $KNOWN_LINUX_SOURCE_VERSION"
fi
exit 0
