#!/usr/bin/env bash
# make deb: build the Debian packages dm-atomic-tools and dm-atomic-dkms from a copy of this
# tree (dpkg-buildpackage -us -uc -b in out/deb/dm-atomic-VERSION), so the build neither
# cleans the working tree's tools/bin nor drops its results beside the repository.  The
# .deb files and the build log land in out/deb/.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
version=$(cat "$top/tools/VERSION")
out=${DMA_DEB_OUT:-$top/out/deb}
src=$out/dm-atomic-$version

for c in dpkg-buildpackage dh dh_dkms; do
	command -v $c >/dev/null || { echo "make deb: $c is missing (apt-get install dpkg-dev debhelper dh-dkms, or qemu-scripts/deps.sh deb)" >&2; exit 1; }
done
rm -rf "$out"
mkdir -p "$src"
# The sources only: not out/, not the git directory, not build products.
tar -C "$top" --exclude=./out --exclude=./.git --exclude=./tools/bin --exclude=./tools/obj \
	--exclude=./tools/test-bin -cf - . | tar -C "$src" -xf -
echo "make deb: building in $src (log: $out/build.log)"
if ! (cd "$src" && DEB_BUILD_OPTIONS="noddebs ${DEB_BUILD_OPTIONS:-}" dpkg-buildpackage -us -uc -b) >"$out/build.log" 2>&1; then
	tail -n 20 "$out/build.log" >&2
	echo "make deb: dpkg-buildpackage failed (log: $out/build.log)" >&2
	exit 1
fi
rm -rf "$src"
ls "$out"/*.deb
