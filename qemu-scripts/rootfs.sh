#!/usr/bin/env bash
# Build a guest root filesystem image in the cache; prints its path on stdout.
#
#   rootfs.sh [main|apps]
#
# main (the default): Debian bookworm minbase plus the block tools the tests use.  apps: the
# same plus the database packages of the application tests and benchmarks (make test-apps,
# make bench ROWS=9,10): Debian's mariadb-server, sysbench, postgresql-15 (server, pgbench,
# pg_amcheck) and blktrace.  Each is made with
# debootstrap from the Debian mirror this machine's apt is configured with, and packed into
# an ext4 image with mke2fs -d.  The guest boots it with snapshot=on, so the image itself
# never changes.  qemu-scripts/guest-init is the guest's /sbin/dma-init.
source "$(dirname "$0")/common.sh"

# initramfs-tools, busybox and zstd (its default compression): tests/powercut/initramfs-root.t
# makes a real initramfs in the guest.
PACKAGES=python3,python3-cram,dmsetup,lvm2,thin-provisioning-tools,mdadm,e2fsprogs,xfsprogs,kmod,util-linux,fio,procps,xxd,strace,sqlite3,initramfs-tools,busybox,zstd
SUITE=bookworm
flavor=${1:-main}
case "$flavor" in
main) ;;
apps) PACKAGES+=,mariadb-server,mariadb-client,sysbench,blktrace,postgresql-15 ;;
*) die "rootfs.sh: unknown image '$flavor' (expected main or apps)" ;;
esac

key=$( { echo "$SUITE $PACKAGES"; hash_of "$SCRIPTS/rootfs.sh" "$SCRIPTS/guest-init"; } | sha256sum | cut -c1-12)
dir=$DMA_CACHE/rootfs/$key
img=$dir/root.img
if [ -f "$dir/.ready" ]; then
	echo "$img"
	exit 0
fi
# One build at a time (make test starts this beside the kernel build; two checkouts may
# start it at once): the second waits, then finds the image ready.
mkdir -p "$DMA_CACHE/rootfs"
exec 9>"$DMA_CACHE/rootfs/.lock"
if ! flock -n 9; then
	log "another root filesystem build holds $DMA_CACHE/rootfs/.lock; waiting for it"
	flock 9
fi
if [ -f "$dir/.ready" ]; then
	echo "$img"
	exit 0
fi

# The mirror: the first one apt on this machine uses for the suite (deb822 or one-line form).
mirror() {
	local f u
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] || continue
		u=$(awk '/^URIs:/ {u=$2} /^Suites:/ && / '"$SUITE"'( |$)/ {print u; exit}' "$f")
		[ -n "$u" ] && { echo "$u"; return; }
	done
	awk '$1 == "deb" && $3 == "'"$SUITE"'" {print $2; exit}' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null
}
url=$(mirror)
[ -n "$url" ] || die "no apt source for $SUITE found in /etc/apt: cannot debootstrap the guest"

rm -rf "$dir"
mkdir -p "$dir"
tree=$dir/tree
run_logged "debootstrap $SUITE minbase (+ ${PACKAGES//,/ })" "$dir/debootstrap.log" \
	debootstrap --variant=minbase --include="$PACKAGES" "$SUITE" "$tree" "$url"

# Guest tweaks: our init, no udev expectations, a root with no password for `make vm`.
install -m 0755 "$SCRIPTS/guest-init" "$tree/sbin/dma-init"
sed -i 's/^\(root:\)[^:]*\(:.*\)$/\1\2/' "$tree/etc/shadow"
echo dma-guest >"$tree/etc/hostname"
mkdir -p "$tree/payload" "$tree/results"
# lvm2 must not wait for udev, which the guest does not run.
if [ -f "$tree/etc/lvm/lvm.conf" ]; then
	sed -i 's/^\(\s*\)# udev_sync = 1/\1udev_sync = 0/; s/^\(\s*\)# udev_rules = 1/\1udev_rules = 0/' "$tree/etc/lvm/lvm.conf"
fi
rm -rf "$tree/var/cache/apt/archives/"*.deb "$tree/usr/share/doc" "$tree/usr/share/man"
# postgresql-common's cluster made at install time: the tests make their own with initdb.
rm -rf "$tree/var/lib/postgresql/15/main" "$tree/etc/postgresql/15/main"

size_mb=$(( $(du -sm "$tree" | cut -f1) + 400 ))
run_logged "mke2fs root.img (${size_mb} MiB)" "$dir/mke2fs.log" \
	mke2fs -q -t ext4 -L dma-root -d "$tree" "$img" "${size_mb}M"
rm -rf "$tree"
touch "$dir/.ready"
echo "$img"
