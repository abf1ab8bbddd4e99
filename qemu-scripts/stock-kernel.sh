#!/usr/bin/env bash
# The stock kernel: Debian bookworm's own linux-image-6.1.0-N-amd64 (no atomic-list series),
# with dm-atomic built against its headers by DKMS, as an operator's machine would build it.
#
#   qemu-scripts/stock-kernel.sh          prints a build directory that run-vm.sh boots
#
# 1. The packages (the kernel linux-image-amd64 points at, its headers, linux-kbuild-6.1 and
#    busybox-static) are fetched with `apt-get download` into
#    $DMA_CACHE/stock-<kernelrelease>-<version>/debs and unpacked there with dpkg-deb: nothing
#    is installed on this machine, nothing is loaded into its kernel.
#    DMA_STOCK_KERNEL=6.1.0-57-amd64 picks another kernel release than the current one.
#    DMA_STOCK_DEBS=DIR takes linux-image-* and linux-headers-* from DIR instead (the packages
#    qemu-scripts/kernel-deb.sh makes of our patched kernel), so the same steps show that
#    those install and build the DKMS module as Debian's own do.
# 2. A small initramfs (static busybox, the modules that mount the root disk: virtio-pci,
#    virtio-blk, ext4 and what they need) mounts the guest's root filesystem and hands over
#    to its /sbin/dma-init, since Debian builds those drivers as modules.
# 3. The module directories the tests use (drivers/md, drivers/block, lib, crypto, ...) go
#    to the guest on the payload disk, like the lean kernel's modules.
# 4. Per checkout: `dkms add` + `dkms build` of this checkout's dm-atomic/ with
#    debian/dm-atomic-dkms.dkms as its dkms.conf (what the dm-atomic-dkms package installs),
#    in a private DKMS tree, against the unpacked headers.  Rebuilt when the sources change.
source "$(dirname "$0")/common.sh"

command -v dkms >/dev/null || die "dkms is missing (qemu-scripts/deps.sh installs it)"

# --- which kernel ------------------------------------------------------------------------------
krel=${DMA_STOCK_KERNEL:-}
debdir=${DMA_STOCK_DEBS:-}
if [ -n "$debdir" ]; then
	image=$(ls "$debdir"/linux-image-*.deb 2>/dev/null | grep -v -- '-dbg_' | head -n1)
	[ -n "$image" ] || die "DMA_STOCK_DEBS=$debdir holds no linux-image-*.deb"
	krel=$(dpkg-deb -f "$image" Package) && krel=${krel#linux-image-}
	pkgver=$(dpkg-deb -f "$image" Version)
	headers=$debdir/linux-headers-${krel}_${pkgver}_amd64.deb
	[ -f "$headers" ] || die "DMA_STOCK_DEBS=$debdir has no $(basename "$headers") beside $(basename "$image")"
	# Rebuilt packages keep their version: the directory is keyed by their contents.
	dir=$DMA_CACHE/pkg-$krel-$(cat "$image" "$headers" | sha256sum | cut -c1-12)
elif [ -z "$krel" ]; then
	krel=$(apt-cache depends linux-image-amd64 2>/dev/null | sed -n 's/^ *Depends: linux-image-\(6\.1\.[0-9]*-[0-9]*-amd64\)$/\1/p' | head -n1)
	[ -n "$krel" ] || die "apt knows no linux-image-amd64 for Debian 12 (apt-get update?); or set DMA_STOCK_KERNEL=6.1.0-N-amd64"
fi
if [ -z "$debdir" ]; then
	[[ "$krel" =~ ^6\.1\.0-[0-9]+-amd64$ ]] || die "DMA_STOCK_KERNEL must look like 6.1.0-N-amd64 (got '$krel')"
	pkgver=$(apt-cache policy "linux-image-$krel" 2>/dev/null | sed -n 's/^ *Candidate: //p')
	[ -n "$pkgver" ] && [ "$pkgver" != "(none)" ] || die "apt has no package linux-image-$krel"
	dir=$DMA_CACHE/stock-$krel-$pkgver
fi
root=$dir/root
build=$dir/build

# --- 1-3: packages, initramfs, guest modules (once per kernel version) -------------------------
prepare() {
	local debs=$dir/debs t0=$SECONDS
	rm -rf "$root" "$build" "$dir/.ready"
	mkdir -p "$debs" "$root" "$build"
	if [ -n "$debdir" ]; then
		cp "$image" "$headers" "$debs/"
		run_logged "download busybox-static" "$dir/download.log" \
			bash -c 'cd "$1" && apt-get download busybox-static' _ "$debs"
	else
		run_logged "download linux-image-$krel $pkgver, its headers and busybox-static (about 85 MB)" \
			"$dir/download.log" \
			bash -c 'cd "$1" && apt-get download "linux-image-$2=$3" "linux-headers-$2=$3" \
				"linux-headers-${2%-amd64}-common=$3" "linux-kbuild-6.1=$3" busybox-static' _ "$debs" "$krel" "$pkgver"
	fi
	log "  downloaded $(du -sh "$debs" | cut -f1) in $(ls "$debs" | wc -l) packages"
	run_logged "unpack the packages" "$dir/unpack.log" \
		bash -c 'for d in "$1"/*.deb; do echo "$d"; dpkg-deb -x "$d" "$2"; done' _ "$debs" "$root"
	rm -rf "$debs"   # what was unpacked is all we keep

	# The headers' Makefile includes the common part by its absolute /usr/src path.
	sed -i "s|^include /usr/src/|include $root/usr/src/|" "$root/usr/src/linux-headers-$krel/Makefile"
	# modules.dep for the unpacked tree (depmod only writes files under -b; nothing is loaded).
	depmod -b "$root" "$krel"

	local mdir=$root/lib/modules/$krel
	# closure MOD...: the module files MOD needs, dependencies first, each once (modules.dep);
	# a MOD built into the kernel (modules.builtin) needs nothing.
	closure() {
		awk -v want="$*" '
			FILENAME ~ /modules\.builtin$/ { n = $1; sub(/.*\//, "", n); sub(/\.ko$/, "", n); gsub(/-/, "_", n)
			  builtin[n] = 1; next }
			{ sub(/:$/, "", $1); f = $1; n = f; sub(/.*\//, "", n); sub(/\.ko$/, "", n); gsub(/-/, "_", n)
			  path[n] = f; deps[f] = ""; for (i = 2; i <= NF; i++) deps[f] = deps[f] " " $i }
			function visit(f,   a, i, k) { if (f in seen) return; seen[f] = 1
				k = split(deps[f], a, " "); for (i = k; i >= 1; i--) visit(a[i]); print f }
			END { k = split(want, w, " "); for (i = 1; i <= k; i++) { m = w[i]; gsub(/-/, "_", m)
				if (m in builtin) continue
				if (!(m in path)) { print "no module " w[i] > "/dev/stderr"; exit 1 } visit(path[m]) } }
		' "$mdir/modules.builtin" "$mdir/modules.dep"
	}

	# The initramfs: busybox, the root disk's modules and an /init that mounts root= and
	# switches to the init= of the kernel command line.
	local ird=$dir/initramfs m
	rm -rf "$ird"
	mkdir -p "$ird/bin" "$ird/modules" "$ird/proc" "$ird/sys" "$ird/dev" "$ird/newroot"
	cp "$root/bin/busybox" "$ird/bin/busybox"
	closure virtio_pci virtio_blk crc32c_intel crc32c_generic ext4 >"$dir/initramfs.order"
	while read -r m; do cp "$mdir/$m" "$ird/modules/"; done <"$dir/initramfs.order"
	sed 's|.*/||' "$dir/initramfs.order" >"$ird/modules/order"
	cat >"$ird/init" <<'EOF'
#!/bin/busybox sh
# The stock kernel's initramfs (qemu-scripts/stock-kernel.sh): load the root disk's
# drivers, mount root= read-only and hand over to init= (the DMA_* environment stays).
/bin/busybox --install -s /bin
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
for m in $(cat /modules/order); do insmod "/modules/$m" || echo "initramfs: insmod $m failed"; done
rootdev=/dev/vda rootfs=ext4 next=/sbin/init
for w in $(cat /proc/cmdline); do
	case "$w" in root=*) rootdev=${w#root=} ;; rootfstype=*) rootfs=${w#rootfstype=} ;; init=*) next=${w#init=} ;; esac
done
i=0
while [ ! -b "$rootdev" ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
if ! mount -o ro -t "$rootfs" "$rootdev" /newroot; then
	echo "initramfs: cannot mount $rootdev ($rootfs)"; sleep 5; poweroff -f
fi
umount /dev /sys /proc
exec switch_root /newroot "$next"
EOF
	chmod +x "$ird/init"
	(cd "$ird" && find . | sort | cpio -o -H newc --quiet | gzip -9) >"$build/initrd.img"

	# What run-vm.sh boots: the kernel, the initramfs, the config (it greps it) and the
	# module directories the tests load from (modprobe in the guest, after depmod there).
	mkdir -p "$build/arch/x86/boot" "$build/modinst/lib/modules/$krel/kernel"
	cp "$root/boot/vmlinuz-$krel" "$build/arch/x86/boot/bzImage"
	cp "$root/boot/config-$krel" "$build/.config"
	echo "$krel" >"$build/kernelrelease"
	for m in drivers/md drivers/block drivers/virtio lib crypto arch/x86/crypto fs/ext4 fs/jbd2 fs/mbcache.ko fs/configfs; do
		[ -e "$mdir/kernel/$m" ] || continue
		mkdir -p "$build/modinst/lib/modules/$krel/kernel/$(dirname "$m")"
		cp -a "$mdir/kernel/$m" "$build/modinst/lib/modules/$krel/kernel/$(dirname "$m")/"
	done
	# The rest of the modules is not needed again (the headers stay, for DKMS).
	rm -rf "$mdir"
	{
		echo "${debdir:+packaged }linux-image-$krel $pkgver"
		echo "source: ${debdir:-stock}"
	} >"$dir/info"
	touch "$dir/.ready"
	log "stock kernel $krel ($pkgver) ready in $((SECONDS - t0)) s; cache $(du -sh "$dir" | cut -f1): $dir"
}

exec 9>"$DMA_CACHE/.stock.lock"
flock 9
if [ -f "$dir/.ready" ]; then
	log "stock kernel $krel ($pkgver) is cached in $dir"
else
	prepare
fi
flock -u 9

# --- 4: dm-atomic through DKMS, per checkout -------------------------------------------------
ver=$(cat "$TOP/tools/VERSION")
ext=$build/$EXT_NAME
key=$( { echo "$krel $pkgver"; hash_of "$TOP/debian/dm-atomic-dkms.dkms";
	cd "$TOP/dm-atomic" && sha256sum Kbuild Makefile ./*.c ./*.h; } | sha256sum | cut -c1-16)
if [ "$(cat "$ext/dkms.key" 2>/dev/null)" = "$key" ] && [ -f "$ext/dm-atomic/dm-atomic.ko" ]; then
	log "dm-atomic $ver (DKMS, $krel): up to date"
else
	rm -rf "$ext"
	src=$ext/dkms-source/dm-atomic-$ver
	mkdir -p "$src" "$ext/dkms-tree" "$ext/dm-atomic"
	# The files debian/rules puts in /usr/src/dm-atomic-VERSION, and the dkms.conf dh_dkms
	# makes of debian/dm-atomic-dkms.dkms.
	(cd "$TOP/dm-atomic" && cp Kbuild Makefile ./*.c ./*.h "$src/")
	sed "s/#MODULE_VERSION#/$ver/" "$TOP/debian/dm-atomic-dkms.dkms" >"$src/dkms.conf"
	dkmsargs=(-m dm-atomic -v "$ver" --sourcetree "$ext/dkms-source" --dkmstree "$ext/dkms-tree")
	run_logged "dkms add dm-atomic/$ver" "$ext/dkms-add.log" dkms add "${dkmsargs[@]}"
	# DKMS keeps the compiler's output in its make.log: shown when the build fails.
	run_logged "dkms build dm-atomic/$ver for $krel" "$ext/dkms-build.log" \
		bash -c 'dkms build "${@:4}" -k "$1" --kernelsourcedir "$2" || { r=$?; cat "$3"; exit $r; }' \
		_ "$krel" "$root/usr/src/linux-headers-$krel" "$ext/dkms-tree/dm-atomic/$ver/build/make.log" "${dkmsargs[@]}"
	cp "$ext/dkms-tree/dm-atomic/$ver/$krel/x86_64/module/dm-atomic.ko" "$ext/dm-atomic/"
	echo "$key" >"$ext/dkms.key"
fi
echo "$build"
