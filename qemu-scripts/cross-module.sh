#!/usr/bin/env bash
# Compile the dm-atomic module for another architecture, against the patched source of the
# lean kernel (compile only: nothing boots).  A 32-bit build shows 64-bit divisions that need
# helpers the kernel does not have (__udivdi3, __umoddi3); a 64 KiB-page build shows code
# that assumes 4 KiB pages.
#
#   cross-module.sh i386 | arm64-64k      prints the built module's path on stdout
#
# The tree is configured from the architecture's defconfig plus what the module needs
# (qemu-scripts/cross/*.config, kept out of config/ so the guest kernel's cache key does not
# depend on them) and prepared with `make modules_prepare` (no kernel image: a minute or two
# the first time), in $DMA_CACHE/kernel/<key>/cross-<arch>, reused while the patched source
# and the fragments are unchanged.  Needs the lean kernel's source (qemu-scripts/kernel.sh
# lean makes it).  Exit status 1 and the compiler's messages on stderr when the module does
# not build.
source "$(dirname "$0")/common.sh"

arch=${1:-}
"$SCRIPTS/deps.sh" cross
case "$arch" in
i386) karch=i386 defconfig=i386_defconfig cross= frags=() ;;
arm64-64k)
	karch=arm64 defconfig=defconfig cross=aarch64-linux-gnu- frags=("$SCRIPTS/cross/arm64-64k.config")
	command -v ${cross}gcc >/dev/null || die "${cross}gcc missing (Debian package gcc-aarch64-linux-gnu; qemu-scripts/deps.sh installs it)"
	;;
*) die "cross-module.sh: unknown architecture '$arch' (i386 or arm64-64k)" ;;
esac

kdir=$(kernel_dir patched)
src=$kdir/src
[ -f "$kdir/.src-ready" ] || die "no patched kernel source at $src (run qemu-scripts/kernel.sh lean first)"
out=$kdir/cross-$arch
frags=("$SCRIPTS/cross/cross.config" "${frags[@]}")
key=$(hash_of "${frags[@]}")
kmake() { make -C "$src" O="$out" ARCH=$karch ${cross:+CROSS_COMPILE=$cross} CC="ccache ${cross}gcc" "$@"; }

exec 9>"$KBUILD_LOCK.cross-$arch"
flock 9
if [ "$(cat "$out/.prepared" 2>/dev/null)" != "$key" ]; then
	rm -rf "$out"
	mkdir -p "$out"
	run_logged "prepare a $arch tree for the module (modules_prepare)" "$out/prepare.log" \
		bash -c "$(declare -f kmake); set -e; src='$src' out='$out' karch=$karch cross='$cross'
			kmake $defconfig
			'$src/scripts/kconfig/merge_config.sh' -m -O '$out' '$out/.config' ${frags[*]}
			kmake olddefconfig
			kmake -j$(nproc) modules_prepare" >&2
	echo "$key" >"$out/.prepared"
fi

rm -rf "$out/ext/dm-atomic"
mkdir -p "$out/ext"
rsync -a --exclude '*.o' --exclude '*.ko' "$TOP/dm-atomic/" "$out/ext/dm-atomic/"
if ! kmake KBUILD_MODPOST_WARN=1 M="$out/ext/dm-atomic" modules >"$out/ext/build.log" 2>&1; then
	grep -E 'error|Error' "$out/ext/build.log" >&2 || tail -n 20 "$out/ext/build.log" >&2
	exit 1
fi
echo "$out/ext/dm-atomic/dm-atomic.ko"
