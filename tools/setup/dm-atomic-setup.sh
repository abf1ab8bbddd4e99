#!/bin/bash
# dm-atomic-setup: set up and inspect dm-atomic devices without writing dmsetup tables by
# hand, in the manner of integritysetup and veritysetup.  See `dm-atomic-setup --help`.
set -u

prog=dm-atomic-setup
here=$(dirname "$(readlink -f "$0")")
# `make install` writes the version here; in the source tree it is tools/VERSION.
version=@VERSION@
case "$version" in @*) version=$(cat "$here/../VERSION" 2>/dev/null || echo unknown) ;; esac
[ -n "${DMA_TOOLS_VERSION:-}" ] && version=$DMA_TOOLS_VERSION
# The tools it runs (dma-format, dma-check, dma-dump) are installed beside it; udev and
# systemd run it with a short PATH (and env -i with none).
PATH=$here:${PATH:-/usr/local/bin:/usr/bin:/bin}:/usr/local/sbin:/usr/sbin:/sbin

# Exit codes, in classes (the numbers cryptsetup gives its own, where it has the class),
# shared with the dma-* tools (tools/lib/util.h): their status is passed on as it is.
E_OK=0 E_USAGE=1 E_REFUSED=2 E_NOMEM=3 E_NOTFOUND=4 E_BUSY=5 E_IO=6 E_DAMAGED=7

usage() {
	cat <<EOF
Usage: $prog [options] COMMAND ARGUMENTS

Commands:
  format DATA META    write a fresh superblock on META for DATA (destroys what
                      META holds; asks first unless --batch-mode)
  open DATA META NAME create /dev/mapper/NAME: the atomic target over DATA with
                      its log on META (an all-zero META is formatted, a log
                      left by a crash is replayed)
  close NAME          write the log back and remove /dev/mapper/NAME; refused
                      when the log cannot be emptied (fail mode) unless
                      --keep-log
  resize NAME         after the data and/or metadata device grew: reload NAME
                      with the data device's new size (the log grows into a
                      larger metadata device unless formatted with -L);
                      shrinking is refused
  status NAME         every status field of NAME, one "name: value" a line
  dump META           the superblock and the log, one line per record (dma-dump)
  check META          check the metadata, read-only (dma-check)
  size                the metadata size for a log (-L) or for the largest
                      lists (--max-bytes, --max-segments)
  open-tab [NAME...]  open the devices of the atomictab (all but noauto ones,
                      or those named); active ones are left as they are
  close-tab [NAME...] close the atomictab's active devices (or those named)
  list-tab [NAME...]  check the atomictab and print its entries, one
                      "NAME DATA META OPTIONS" a line
  probe DEV           for udev: DM_ATOMIC_ROLE=metadata (a dm-atomic
                      superblock) or =data (an atomictab data device)

Options:
  -L, --log-size SIZE       log size (format, size); default: all of META
      --max-bytes N         bytes per atomic list (open: feature argument)
      --max-segments N      ranges per atomic list (open: feature argument)
      --commit-delay-us N   group commit window (open: feature argument)
      --writeback-delay-ms N  write-back starts N ms after a commit (open:
                            feature argument)
      --high-watermark PCT  log use that raises a dm event (open)
      --max-memory SIZE     memory for logged data not yet written back (open:
                            feature argument; at least the largest list)
      --zero-copy-bytes SIZE  lists this large go to the log zero-copy (open:
                            feature argument; 0: never)
      --no-suspend-writeback  a suspend keeps the log (open: feature flag)
      --no-discard-passdown   discards stop at the target (open: feature flag)
      --all-writes-atomic     every write of at most max-bytes atomic, through
                            the log (open: feature flag)
      --all-writes-atomic-from SIZE  only writes of at least SIZE (e.g. a
                            database's page) atomic, through the log; smaller
                            ones straight to the data device (open: feature)
      --tab FILE            the atomictab (default /etc/atomictab)
      --keep-log            close: remove the device even when its log cannot
                            be written back (the next open replays it)
  -q, --batch-mode          do not ask before destroying data (format), as
                            cryptsetup's -q; it does not make output quieter
      --json                status, check, dump, size, list-tab: one JSON object
  -h, --help                show this help
  -V, --version             show the version

Options may come before or after the command, as --opt VALUE or --opt=VALUE;
short ones may be bundled (-qL 8M); -- ends the options.
Sizes are bytes, or a number ending in K, M, G, T, P or E, or KiB, MiB, GiB,
TiB, PiB or EiB (powers of 1024, any case); KB, MB, GB ... are refused.
Exit status, the same classes in every dm-atomic tool:
0 done, 1 usage error, 2 refused, 3 out of memory, 4 not found, 5 in use,
6 I/O error, 7 damaged metadata.  Refused: by the kernel, by the checks, or
not confirmed (the reason is printed); not found: a device, file or name; in
use: a device, or a name that exists already.
EOF
}

say() { printf '%s\n' "$*"; }
err() { printf '%s: %s\n' "$prog" "$*" >&2; }
die() { local c=$1; shift; err "$*"; exit "$c"; }
usage_error() { err "$*"; err "try '$prog --help'"; exit $E_USAGE; }

# size_val VALUE: the bytes of a size in REPLY: decimal digits, optionally followed by K, M,
# G, T, P or E, or KiB ... EiB (powers of 1024, any case; the units of dma-* tools and lvm2).
# Returns 1 when it is not a size, 2 when it is above 2^62, 3 for a decimal-looking unit (MB:
# 1000 or 1024?), refused.
SIZE_FORMS="bytes, or a number ending in K, M, G, T, P or E, or KiB, MiB, GiB, TiB, PiB or EiB: powers of 1024"
size_val() {
	local n m=1 u
	[[ "$1" =~ ^[0-9]+[KkMmGgTtPpEe][Bb]$ ]] && return 3
	[[ "$1" =~ ^([0-9]+)(([KkMmGgTtPpEe])([Ii][Bb])?)?$ ]] || return 1
	[ ${#BASH_REMATCH[1]} -le 18 ] || return 2
	n=$((10#${BASH_REMATCH[1]}))
	u=${BASH_REMATCH[3]}
	case "$u" in k|K) m=1024 ;; m|M) m=$((1024 ** 2)) ;; g|G) m=$((1024 ** 3)) ;; t|T) m=$((1024 ** 4)) ;;
	p|P) m=$((1024 ** 5)) ;; e|E) m=$((1024 ** 6)) ;; esac
	[ "$n" -le $(( (1 << 62) / m )) ] || return 2
	REPLY=$((n * m))
}

# size_why WHAT VALUE RC: the message for size_val's refusal RC in why.
size_why() {
	case $3 in
	1) why="$1: '$2' is not a size ($SIZE_FORMS)" ;;
	2) why="$1: '$2' is too large (at most 2^62 bytes)" ;;
	3) local u=${2: -2:1}; u=${u^}
	   why="$1: '$2': ${u}B is ambiguous (1000 or 1024?): give $u or ${u}iB (powers of 1024), or the number of bytes" ;;
	esac
}

# size_arg WHAT VALUE: the bytes of a size on the command line.
size_arg() {
	local why rc
	size_val "$2"; rc=$?
	[ $rc = 0 ] || { size_why "$1" "$2" $rc; usage_error "$why"; }
	echo "$REPLY"
}

# feature_rules: the kernel's rules for the feature values in f_mb (max_bytes), f_ms
# (max_segments), f_mm (max_memory), f_zc (zero_copy_bytes) and f_af
# (all_writes_atomic_from), empty when not given, and f_aw (all_writes_atomic, 1 when given),
# as parse_features() in dm-atomic-target.c applies them (dm-atomic.rst, "Feature
# arguments"); l_mb, l_mm, l_zc and l_af name the values as the user gave them.  0, or 1 with
# the rule in why.
# (max_segments, commit_delay_us, writeback_delay_ms and high_watermark are plain ranges,
# checked where they are read.)
feature_rules() {
	local mb=${f_mb:-1048576} ms=${f_ms:-128} list
	if [ -n "${f_mb:-}" ] && { [ "$f_mb" -lt 512 ] || [ "$f_mb" -gt 16777216 ] || [ $((f_mb % 512)) != 0 ]; }; then
		why="$l_mb: the kernel takes max_bytes of 512 to 16777216 bytes, a multiple of 512 (dm-atomic.rst)"
		return 1
	fi
	if [ -n "${f_mm:-}" ]; then
		if [ "$f_mm" -lt 512 ] || [ "$f_mm" -gt 1099511627776 ]; then
			why="$l_mm: the kernel takes max_memory of 512 to 1099511627776 bytes (dm-atomic.rst)"
			return 1
		fi
		list=$(( (1 + mb / 4096 + ms) * 4096 ))
		if [ "$f_mm" -lt "$list" ]; then
			why="$l_mm: the kernel takes max_memory of at least the largest list, (1 + max_bytes / 4096 + max_segments) x 4096 = $list bytes for max_bytes $mb and max_segments $ms (dm-atomic.rst)"
			return 1
		fi
	fi
	if [ -n "${f_zc:-}" ] && [ "$f_zc" -gt 4294967295 ]; then
		why="$l_zc: the kernel takes zero_copy_bytes of 0 to 4294967295 bytes (dm-atomic.rst)"
		return 1
	fi
	if [ -n "${f_af:-}" ]; then
		if [ "$f_af" -lt 512 ] || [ "$f_af" -gt 16777216 ] || [ $((f_af % 512)) != 0 ]; then
			why="$l_af: the kernel takes all_writes_atomic_from of 512 to 16777216 bytes, a multiple of 512 (dm-atomic.rst)"
			return 1
		fi
		if [ "$f_af" -gt "$mb" ]; then
			why="$l_af: the kernel takes all_writes_atomic_from of at most max_bytes ($mb): a logged write is cut at max_bytes (dm-atomic.rst)"
			return 1
		fi
		if [ "${f_aw:-0}" = 1 ]; then
			why="$l_af: all_writes_atomic and all_writes_atomic_from exclude each other (all_writes_atomic logs every write)"
			return 1
		fi
	fi
	return 0
}

# log_min: the smallest log, in blocks, the kernel takes for max_bytes and max_segments (as
# given, or the defaults) in REPLY: two of the largest lists, one committing while the other
# waits for write-back, 2 x (1 + max_bytes / 4096 + max_segments) (size_batches() in
# dm-atomic-target.c).  need_log BLOCKS: refuse a smaller log.
log_min() { REPLY=$(( 2 * (1 + ${max_bytes:-1048576} / 4096 + ${max_segments:-128}) )); }
need_log() {
	log_min
	[ "$1" -ge "$REPLY" ] || die $E_REFUSED "a log of $1 blocks is too small for max_bytes ${max_bytes:-1048576} and max_segments ${max_segments:-128} (at least $REPLY blocks, $((REPLY * 4096)) bytes)"
}

# valid_name NAME: a name for /dev/mapper: letters, digits and _.+-, at most 127, not . or ..
valid_name() { [[ "$1" =~ ^[A-Za-z0-9_.+-]{1,127}$ ]] && [ "$1" != . ] && [ "$1" != .. ]; }
NAME_RULE="letters, digits and _.+-, at most 127, not . or .."

# num_arg WHAT VALUE MIN MAX
num_arg() {
	[[ "$2" =~ ^[0-9]{1,10}$ ]] || usage_error "$1: '$2' is not a number"
	[ $((10#$2)) -ge "$3" ] && [ $((10#$2)) -le "$4" ] || usage_error "$1: '$2' is out of range ($3 to $4)"
	echo $((10#$2))
}

need_root() { [ "$(id -u)" = 0 ] || die $E_REFUSED "$1 needs root"; }

need_bdev_or_file() {
	[ -e "$1" ] || die $E_NOTFOUND "$1: no such device or file"
	[ -b "$1" ] || [ -f "$1" ] || die $E_NOTFOUND "$1: not a block device or regular file"
}

need_bdev() {
	[ -e "$1" ] || die $E_NOTFOUND "$1: no such device"
	[ -b "$1" ] || die $E_NOTFOUND "$1: not a block device"
}

confirm() {
	[ "$batch" = 1 ] && return 0
	if [ ! -t 0 ]; then
		die $E_REFUSED "$1; not confirmed (standard input is not a terminal: use --batch-mode)"
	fi
	printf '%s\nAre you sure? (Type YES in capital letters): ' "$1" >&2
	local a; read -r a || a=
	[ "$a" = YES ] || die $E_REFUSED "not confirmed"
}

# The kernel log is read, never cleared (dmesg -C would take it from everyone else).
# klog_mark: the log's last line now; kernel_reason MARK MAJ:MIN [META]: the last reason the
# kernel gave, after MARK, for refusing the atomic table of the dm device MAJ:MIN: the table
# line dm prints for it, the target's "(MAJ:MIN: cannot activate ...)", or a target line
# naming the metadata device META (its kernel name, as the target prints it).  Lines of
# other devices (a parallel open) are not taken.  When MARK is no longer in the log (it
# wrapped), every line is looked at.
klog_mark() { dmesg 2>/dev/null | tail -n 1; }
kernel_reason() {
	local mark=$1 mm=$2 kname=${3:-} script
	script="s/.*device-mapper: table: $mm: atomic: //p; s/.*device-mapper: atomic: \(.*($mm: cannot activate.*\)/\1/p"
	[ -n "$kname" ] && script+="; s/.*device-mapper: atomic: \($kname: .*\)/\1/p"
	dmesg 2>/dev/null |
		MARK=$mark awk '{ l[NR] = $0 } $0 == ENVIRON["MARK"] { last = NR } END { for (i = last + 1; i <= NR; i++) print l[i] }' |
		sed -n "$script" | tail -n1
}

# kname DEV: the kernel's name of a block device (vdb, dm-3), as the target prints it.
kname() {
	local t
	t=$(stat -L -c '%t %T' -- "$1" 2>/dev/null) || return 0
	set -- $t
	t=$(readlink -f "/sys/dev/block/$((16#$1)):$((16#$2))" 2>/dev/null) && [ -e "$t" ] && echo "${t##*/}"
}

# dm_majmin NAME: MAJ:MIN of an existing dm device.
dm_majmin() { dmsetup_ info -c --noheadings -o major,minor --separator : "$1" 2>/dev/null | tr -d ' '; }

dmsetup_() { dmsetup ${DM_DISABLE_UDEV:+--noudevsync} "$@"; }

name_exists() { dmsetup_ info "$1" >/dev/null 2>&1; }

# refuse_same_dev DATA META WHY: die when DATA and META are one block device (the same device
# number), one file (the same file system and inode: another name or a link), or a disk and
# its partition.
refuse_same_dev() {
	local a b ra rb ia ib ta tb ma mb
	a=$(stat -L -c '%t %T %d:%i %F' -- "$1" 2>/dev/null) || return 0
	b=$(stat -L -c '%t %T %d:%i %F' -- "$2" 2>/dev/null) || return 0
	read -r ma ra ia ta <<<"$a"; read -r mb rb ib tb <<<"$b"
	ma=$((16#$ma)):$((16#$ra)) mb=$((16#$mb)):$((16#$rb))
	if [ "$ta" = "block special file" ] && [ "$tb" = "block special file" ]; then
		[ "$ma" = "$mb" ] && die $E_REFUSED "$1 and $2 are the same device ($ma): the metadata must be another device than the data ($3)"
		[ "$(whole_disk "$mb")" = "$ma" ] && die $E_REFUSED "$2 is a partition of $1: the metadata must not overlap the data ($3)"
		[ "$(whole_disk "$ma")" = "$mb" ] && die $E_REFUSED "$1 is a partition of $2: the metadata must not overlap the data ($3)"
	elif [ "$ta" = "regular file" ] && [ "$tb" = "regular file" ] && [ "$ia" = "$ib" ]; then
		die $E_REFUSED "$1 and $2 are the same file: the metadata must be another device than the data ($3)"
	fi
	return 0
}

# whole_disk MAJ:MIN: the disk a partition is on (MAJ:MIN itself for a whole disk).
whole_disk() {
	if [ -e "/sys/dev/block/$1/partition" ]; then
		cat "$(readlink -f "/sys/dev/block/$1")/../dev" 2>/dev/null || echo "$1"
	else
		echo "$1"
	fi
}

cmd_format() {
	[ $# = 2 ] || usage_error "format: expected DATA META"
	local data=$1 meta=$2 args=() out rc why
	need_bdev_or_file "$data"; need_bdev_or_file "$meta"
	refuse_same_dev "$data" "$meta" "formatting would overwrite the data"
	# The log the kernel would refuse to open is refused here, by size's rule.
	local lb msz
	if [ -n "$log_size" ]; then
		lb=$(( (log_size + 4095) / 4096 ))
		args+=(--log-blocks "$lb")
	else
		if [ -b "$meta" ]; then msz=$(blockdev --getsize64 "$meta" 2>/dev/null); else msz=$(stat -L -c %s -- "$meta"); fi
		[ -n "$msz" ] || die $E_IO "$meta: cannot read its size"
		lb=$(( msz / 4096 - 1 ))
	fi
	need_log "$lb"
	if [ "$batch" != 1 ]; then
		# dma-format without --force formats only an empty device, and otherwise names
		# what it holds (a signature blkid -p finds, dm-atomic metadata, or other data):
		# that is the question.
		out=$(dma-format "${args[@]}" --data-dev "$data" "$meta" 2>&1); rc=$?
		case $rc in
		0) say "$out"; return $E_OK ;;
		$E_REFUSED)
		   why=${out#dma-format: }; why=${why%; use --force to overwrite it}
		   confirm "$why; formatting destroys it" ;;
		*) printf '%s\n' "$out" >&2; return $rc ;;
		esac
	fi
	# dma-format's status is in the same classes.
	dma-format --force "${args[@]}" --data-dev "$data" "$meta"
}

cmd_open() {
	[ $# = 3 ] || usage_error "open: expected DATA META NAME"
	local data=$1 meta=$2 name=$3 feats=() sz rc
	need_root open
	need_bdev "$data"; need_bdev "$meta"
	refuse_same_dev "$data" "$meta" "the kernel refuses it"
	valid_name "$name" || usage_error "open: '$name' is not a usable device name ($NAME_RULE)"
	name_exists "$name" && die $E_BUSY "a device named $name exists already"
	[ -n "$max_bytes" ] && feats+=(max_bytes "$max_bytes")
	[ -n "$max_segments" ] && feats+=(max_segments "$max_segments")
	[ -n "$commit_delay" ] && feats+=(commit_delay_us "$commit_delay")
	[ -n "$wb_delay" ] && feats+=(writeback_delay_ms "$wb_delay")
	[ -n "$high_wm" ] && feats+=(high_watermark "$high_wm")
	[ -n "$max_memory" ] && feats+=(max_memory "$max_memory")
	[ -n "$zero_copy" ] && feats+=(zero_copy_bytes "$zero_copy")
	[ "$no_sw" = 1 ] && feats+=(no_suspend_writeback)
	[ "$no_dp" = 1 ] && feats+=(no_discard_passdown)
	[ "$all_atomic" = 1 ] && feats+=(all_writes_atomic)
	[ -n "$atomic_from" ] && feats+=(all_writes_atomic_from "$atomic_from")
	# A quick offline look first: a damaged or foreign superblock is named here.
	dma-check -q --data-dev "$data" "$meta" >/dev/null 2>&1
	case $? in
	0) ;;
	$E_DAMAGED) err "dma-check: $(dma-check -q --data-dev "$data" "$meta" 2>&1 | head -n1)"
	   die $E_DAMAGED "$meta: metadata damaged, or made for a data device of another size than $data (run '$prog check $meta')" ;;
	$E_REFUSED) err "dma-check: $(dma-check -q --data-dev "$data" "$meta" 2>&1 | head -n1)"
	   die $E_REFUSED "$meta: metadata of a newer version, or not for $data (run '$prog check $meta')" ;;
	*) ;;	# in use, unreadable: the kernel says more below
	esac
	sz=$(blockdev --getsz "$data") || die $E_IO "$data: cannot read its size"
	local table="0 $sz atomic $data $meta"
	[ ${#feats[@]} -gt 0 ] && table+=" ${#feats[@]} ${feats[*]}"
	say "activating $name (the kernel replays the log if a crash left one)..."
	# Created without a table first, so the kernel's messages about this table can be told
	# from another device's by its MAJ:MIN; then the table is loaded and resumed.
	dmsetup_ create "$name" --notable >/dev/null 2>&1 || die $E_BUSY "cannot create a device named $name (does it exist already?)"
	local mm mark; mm=$(dm_majmin "$name"); mark=$(klog_mark)
	if ! dmsetup_ load "$name" --table "$table" 2>/dev/null || ! dmsetup_ resume "$name" 2>/dev/null; then
		rc=$E_REFUSED
		local why; why=$(kernel_reason "$mark" "$mm" "$(kname "$meta")")
		case "$why" in *EBUSY*|*"in use"*) rc=$E_BUSY ;; *EIO*|*"I/O error"*) rc=$E_IO ;; esac
		name_exists "$name" && dmsetup_ remove "$name" >/dev/null 2>&1
		die $rc "the kernel refused the table: ${why:-no reason in the kernel log}"
	fi
	local st; st=$(dmsetup_ message "$name" 0 stats 2>/dev/null)
	say "/dev/mapper/$name: $((sz / 2048)) MiB, $(sed -n 's/^replay_end=//p' <<<"$st" | sed 's/^formatted$/metadata formatted/;t;s/^/log ended: /'), replayed $(sed -n 's/^replayed_txns=//p' <<<"$st") transaction(s)"
}

# close NAME: the data device alone must hold the data afterwards.  A suspend writes the log
# back and empties it (dm-atomic.rst, "Suspend"), but not with no_suspend_writeback (the log
# is kept), nor in fail mode (nothing can be written): then the log still holds data after
# removal and the data device on its own is stale.  (A read-only device writes nothing: what
# its log holds was there before it opened, and stays.)  So: with no_suspend_writeback
# the checkpoint message writes the log back first; the device is suspended (no new writes);
# its log must then be empty, or it is resumed and left in place (a write that came between
# the checkpoint and the suspend: the checkpoint is tried again), unless --keep-log.
cmd_close() {
	[ $# = 1 ] || usage_error "close: expected NAME"
	need_root close
	local name=$1 table open status used try why= ro=0
	name_exists "$name" || die $E_NOTFOUND "no device named $name"
	table=$(dmsetup_ table "$name" 2>/dev/null)
	[[ "$table" =~ ^[0-9]+\ [0-9]+\ atomic\  ]] && [ "$(wc -l <<<"$table")" = 1 ] || die $E_REFUSED "$name is not a dm-atomic device"
	open=$(dmsetup_ info -c --noheadings -o open "$name" 2>/dev/null | tr -d ' ')
	[ "${open:-0}" = 0 ] || die $E_BUSY "$name: in use (open $open times): unmount it or close what holds it first"
	# Suspended by someone else: a resume here would let through what they hold back.
	[ "$(dmsetup_ info -c --noheadings -o suspended "$name" 2>/dev/null | tr -d ' ')" = Suspended ] &&
		die $E_REFUSED "$name is suspended: resume it first (close writes its log back while it is active)"
	[[ " $(dmsetup_ status "$name" 2>/dev/null) " == *" read_only "* ]] && ro=1
	for try in 1 2 3; do
		if [[ " $table " == *" no_suspend_writeback "* ]] && [ "$keep_log" = 0 ] && [ $ro = 0 ]; then
			why=$(dmsetup_ message "$name" 0 checkpoint 2>&1 >/dev/null) || why=${why:-the checkpoint message failed}
		fi
		dmsetup_ suspend "$name" || die $E_BUSY "$name: cannot suspend it"
		status=$(dmsetup_ status "$name" 2>/dev/null)
		used=$(awk '{ split($4, a, "/"); print a[1] }' <<<"$status")
		[ "$used" = 0 ] || [ "$keep_log" = 1 ] || [ $ro = 1 ] && break
		[ -z "$why" ] && [[ "$status" != *" Fail" ]] && [ $try != 3 ] && {
			dmsetup_ resume "$name"; continue; }
		dmsetup_ resume "$name"
		case "$status" in
		*" Fail") why="the device is in fail mode (an I/O error); the log keeps what could not be written back" ;;
		*) why=${why:-writes kept coming}
		esac
		die $E_REFUSED "$name: its log still holds ${used:-?} blocks the data device lacks ($why): not closed; --keep-log closes it anyway (the log is kept and the next open replays it; the data device alone is then not up to date)"
	done
	dmsetup_ remove "$name" || { dmsetup_ resume "$name" 2>/dev/null; die $E_BUSY "$name: cannot remove it (in use?)"; }
	if [ "${used:-0}" != 0 ]; then
		[ $ro = 1 ] && err "$name: closed; its log holds $used blocks (read-only: not written back): the next read-write open replays them" ||
			err "$name: closed with $used blocks in its log (--keep-log): the next open replays them"
	fi
	return $E_OK
}

cmd_resize() {
	[ $# = 1 ] || usage_error "resize: expected NAME"
	need_root resize
	local name=$1 table len data meta rest sz log0 log1
	name_exists "$name" || die $E_NOTFOUND "no device named $name"
	table=$(dmsetup_ table "$name" 2>/dev/null)
	[[ "$table" =~ ^0\ ([0-9]+)\ atomic\ ([0-9]+:[0-9]+)\ ([0-9]+:[0-9]+)(.*)$ ]] ||
		die $E_REFUSED "$name is not a dm-atomic device (of one target)"
	len=${BASH_REMATCH[1]} data=${BASH_REMATCH[2]} meta=${BASH_REMATCH[3]} rest=${BASH_REMATCH[4]}
	sz=$(cat "/sys/dev/block/$data/size" 2>/dev/null) || die $E_IO "$data: cannot read the data device's size"
	[ "$sz" -lt "$len" ] &&
		die $E_REFUSED "the data device ($data) has $sz sectors, $name has $len: shrinking is not supported"
	log0=$(dmsetup_ status "$name" | awk '{ split($4, a, "/"); print a[2] }')
	local mm mark; mm=$(dm_majmin "$name"); mark=$(klog_mark)
	local kn; kn=$(basename "$(readlink -f "/sys/dev/block/$meta" 2>/dev/null)" 2>/dev/null)
	dmsetup_ suspend "$name" || die $E_BUSY "$name: cannot suspend it"
	if ! dmsetup_ reload "$name" --table "0 $sz atomic $data $meta$rest" 2>/dev/null; then
		local why; why=$(kernel_reason "$mark" "$mm" "$kn")
		dmsetup_ resume "$name"
		die $E_REFUSED "the kernel refused the new table: ${why:-no reason in the kernel log}"
	fi
	if ! dmsetup_ resume "$name" 2>/dev/null; then
		die $E_IO "$name: resume failed after the reload: $(kernel_reason "$mark" "$mm" "$kn")"
	fi
	log1=$(dmsetup_ status "$name" | awk '{ split($4, a, "/"); print a[2] }')
	say "$name: $((len / 2048)) MiB -> $((sz / 2048)) MiB, log $log0 -> $log1 blocks"
}

cmd_status() {
	[ $# = 1 ] || usage_error "status: expected NAME"
	need_root status
	name_exists "$1" || die $E_NOTFOUND "no device named $1"
	local line; line=$(dmsetup_ status "$1") || die $E_IO "$1: no status"
	# <start> <len> atomic <used>/<log> <committed> <written> <replayed> <bios> <direct>
	# <below|above> <#features> <name value>... <mode>.  Features with a value (max_bytes
	# 1048576) are numbers, flags alone (read_only) are "yes" (JSON: true).  awk, not a
	# scripting language a small system may lack.
	awk -v name="$1" -v json="$json" '
	function q(s) { gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); gsub(/\t/, "\\t", s); return "\"" s "\"" }
	function add(k, v, str) { keys[++n] = k; vals[n] = json && str ? q(v) : v }
	NR > 1 {
		printf "dm-atomic-setup: %s is not a dm-atomic device (of one target)\n", name > "/dev/stderr"
		bad = 1; exit
	}
	{
		nf = $11
		if (NF < 12 || $3 != "atomic" || split($4, u, "/") != 2 || nf !~ /^[0-9]+$/ || NF != 12 + nf) {
			printf "dm-atomic-setup: %s is not a dm-atomic device\n", name > "/dev/stderr"
			bad = 1; exit
		}
		add("name", name, 1); add("start_sector", $1); add("length_sectors", $2)
		add("log_used_blocks", u[1]); add("log_blocks", u[2]); add("committed_txns", $5)
		add("written_back_txns", $6); add("replayed_txns", $7); add("logged_bios", $8)
		add("direct_writes", $9); add("high_watermark_state", $10, 1)
		for (i = 12; i < 12 + nf; i++) {
			if (i + 1 < 12 + nf && $(i + 1) ~ /^[0-9]+$/) { add($i, $(i + 1)); i++ }
			else add($i, json ? "true" : "yes")
		}
		add("mode", $(12 + nf), 1)
	}
	END {
		if (bad || !n) exit 2
		if (json) {
			printf "{\"json_format_version\": 1"
			for (i = 1; i <= n; i++) printf ", %s: %s", q(keys[i]), vals[i]
			print "}"
		} else
			for (i = 1; i <= n; i++) print keys[i] ": " vals[i]
	}' <<<"$line"
}

# dump and check are dma-dump and dma-check (--json: theirs); their status is in the same
# classes.
cmd_dump() {
	[ $# = 1 ] || usage_error "dump: expected META"
	need_bdev_or_file "$1"
	if [ "$json" = 1 ]; then dma-dump --json -- "$1"; else dma-dump -- "$1"; fi
}

cmd_check() {
	[ $# = 1 ] || usage_error "check: expected META"
	need_bdev_or_file "$1"
	if [ "$json" = 1 ]; then dma-check --json -- "$1"; else dma-check -- "$1"; fi
}

cmd_size() {
	[ $# = 0 ] || usage_error "size: takes options only (-L, or --max-bytes/--max-segments)"
	local mb=${max_bytes:-1048576} ms=${max_segments:-128} min lb
	# The target needs room for two of the largest lists (log_min); full 4 MiB group
	# commits need four batches.
	log_min; min=$REPLY
	if [ -n "$log_size" ]; then
		lb=$(( (log_size + 4095) / 4096 ))
		need_log "$lb"
	else
		lb=$(( 4 * (1 + 1024 + 252) ))
		[ "$lb" -ge "$min" ] || lb=$min
	fi
	if [ "$json" = 1 ]; then
		say "{\"json_format_version\": 1, \"log_blocks\": $lb, \"block_size\": 4096, \"metadata_bytes\": $(( (1 + lb) * 4096 )), \"metadata_sectors\": $(( (1 + lb) * 8 )), \"min_log_blocks\": $min, \"max_bytes\": $mb, \"max_segments\": $ms, \"log_size_given\": $([ -n "$log_size" ] && echo true || echo false)}"
		return $E_OK
	fi
	say "log: $lb blocks of 4096 bytes"
	say "metadata device: at least $(( (1 + lb) * 4096 )) bytes ($(( (1 + lb) * 8 )) sectors): the superblock and the log"
	[ -n "$log_size" ] || say "(a log of 4 group commits of 4 MiB; at least $min blocks for max_bytes $mb and max_segments $ms)"
	say "the data device's size does not change it"
}

# json_str STRING: STRING as a JSON string.
json_str() {
	local s=$1
	s=${s//\\/\\\\}; s=${s//\"/\\\"}; s=${s//$'\t'/\\t}; s=${s//$'\r'/\\r}; s=${s//$'\n'/\\n}
	s=${s//[$'\001'-$'\037']/?}
	printf '"%s"' "$s"
}

# --- atomictab (man atomictab(5)) -----------------------------------------------------------

# resolve_dev SPEC: the device node SPEC names: a path, or UUID=, PARTUUID=, LABEL= or
# PARTLABEL= as blkid reports them.  A device-mapper device is never chosen: the filesystem
# of a dm-atomic device is visible on its raw data disk too, and the raw disk is meant.
resolve_dev() {
	local spec=$1 found
	case "$spec" in
	/*) [ -e "$spec" ] || return 1; readlink -f "$spec" ;;
	UUID=?*|PARTUUID=?*|LABEL=?*|PARTLABEL=?*)
		found=$(blkid -c /dev/null -o device -t "$spec" 2>/dev/null | grep -v '^/dev/dm-\|^/dev/mapper/')
		[ -n "$found" ] || return 1
		[ "$(wc -l <<<"$found")" = 1 ] || { err "$spec: more than one device: $(echo $found)"; return 2; }
		echo "$found" ;;
	*) return 3 ;;
	esac
}

# tab_size WHAT VALUE, tab_num WHAT VALUE MIN MAX: size_arg's and num_arg's checks for an
# atomictab line: on a problem they set why and return 1 (no subshell per value: this runs at
# boot and in udev).
tab_size() {
	local rc
	size_val "$2"; rc=$?
	[ $rc = 0 ] || { size_why "$1" "$2" $rc; return 1; }
}
tab_num() {
	[[ "$2" =~ ^[0-9]{1,10}$ ]] || { why="$1: '$2' is not a number"; return 1; }
	[ $((10#$2)) -ge "$3" ] && [ $((10#$2)) -le "$4" ] || { why="$1: '$2' is out of range ($3 to $4)"; return 1; }
}

# dev_key SPEC: what tells devices apart: the path with its links resolved, or the tag.
dev_key() {
	case "$1" in /*) readlink -f -- "$1" 2>/dev/null || echo "$1" ;; *) echo "$1" ;; esac
}

# tab_line: check one atomictab line (tab_entries' name data meta opts extra; names holds the
# names of the lines before it, used[KEY] the line that names device KEY): 0, or 1 with the
# reason in why.  The values are held to the kernel's rules (feature_rules).
tab_line() {
	local o k dk mk seen=" " f_mb= f_ms= f_mm= f_zc= f_af= f_aw= l_mb= l_mm= l_zc= l_af=
	[ -n "$meta" ] || { why="expected NAME DATA META [OPTIONS]"; return 1; }
	[ -z "$extra" ] || { why="unexpected '$extra' after the options (options are separated by commas, without spaces)"; return 1; }
	valid_name "$name" || { why="'$name' is not a usable device name ($NAME_RULE)"; return 1; }
	[[ "$names" == *" $name "* ]] && { why="$name is named twice"; return 1; }
	for o in data meta; do
		case "${!o}" in /*|UUID=?*|PARTUUID=?*|LABEL=?*|PARTLABEL=?*) ;;
		*) why="'${!o}' is not a device (a path, UUID=, PARTUUID=, LABEL= or PARTLABEL=)"; return 1 ;;
		esac
	done
	dk=$(dev_key "$data"); mk=$(dev_key "$meta")
	if [ "$dk" = "$mk" ]; then
		[ "$data" = "$meta" ] && why="the data and metadata devices are the same ($data): the kernel refuses it" ||
			why="the data and metadata devices are the same ($data and $meta): the kernel refuses it"
		return 1
	fi
	[ -n "${used[$dk]:-}" ] && { why="$data is used by line ${used[$dk]} too: a device belongs to one entry"; return 1; }
	[ -n "${used[$mk]:-}" ] && { why="$meta is used by line ${used[$mk]} too: a device belongs to one entry"; return 1; }
	used[$dk]=$n used[$mk]=$n
	local IFS=,
	for o in ${opts:--}; do
		k=${o%%=*}
		if [ "$k" != - ] && [[ "$seen" == *" $k "* ]]; then
			case "$o" in *=*) why="$k is given twice (the kernel takes each feature once)" ;; *) why="$k is given twice" ;; esac
			return 1
		fi
		seen+="$k "
		case "$o" in
		-|noauto|nofail|no-suspend-writeback|no-discard-passdown|all-writes-atomic) ;;
		# Read by the generator and the initramfs, as crypttab's: not the kernel's.
		initramfs) ;;
		x-systemd.device-timeout=*)
			[[ "${o#*=}" =~ ^[0-9]+(\.[0-9]+)?(us|ms|s|sec|m|min|h|hr)?$|^infinity$ ]] || {
				why="x-systemd.device-timeout: '${o#*=}' is not a time span (90, 90s, 2min, 0)"
				return 1
			} ;;
		max-bytes=*) tab_size "max-bytes" "${o#*=}" || return 1; f_mb=$REPLY l_mb=$o ;;
		max-segments=*) tab_num "max-segments" "${o#*=}" 1 252 || return 1; f_ms=$((10#${o#*=})) ;;
		commit-delay-us=*) tab_num "commit-delay-us" "${o#*=}" 0 1000000 || return 1 ;;
		writeback-delay-ms=*) tab_num "writeback-delay-ms" "${o#*=}" 0 60000 || return 1 ;;
		high-watermark=*) tab_num "high-watermark" "${o#*=}" 1 100 || return 1 ;;
		max-memory=*) tab_size "max-memory" "${o#*=}" || return 1; f_mm=$REPLY l_mm=$o ;;
		zero-copy-bytes=*) tab_size "zero-copy-bytes" "${o#*=}" || return 1; f_zc=$REPLY l_zc=$o ;;
		all-writes-atomic-from=*) tab_size "all-writes-atomic-from" "${o#*=}" || return 1; f_af=$REPLY l_af=$o ;;
		*) why="unknown option '$o'"; return 1 ;;
		esac
	done
	has_opt "$opts" all-writes-atomic && f_aw=1
	feature_rules
}

# tab_entries: the atomictab's lines, checked: "LINENO NAME DATA META OPTIONS" for each good
# one.  A bad line is reported on stderr with its number and why, and skipped: the other
# entries stand.  For it, "!LINENO NAME DATA" when its data field names a device (the probe
# still hides that disk).  Returns 1 when a line was bad.
tab_entries() {
	[ -e "$tab" ] || die $E_NOTFOUND "$tab: no such file"
	[ -r "$tab" ] || die $E_IO "$tab: cannot read it"
	local n=0 line name data meta opts extra why names=" " bad=0
	local -A used=()
	while IFS= read -r line || [ -n "$line" ]; do
		n=$((n + 1))
		line=${line%%#*}
		name= data= meta= opts= extra=
		read -r name data meta opts extra <<<"$line" || true
		[ -n "$name" ] || continue
		if tab_line; then
			echo "$n $name $data $meta ${opts:--}"
		else
			err "$tab:$n: $why (line skipped)"
			bad=1
			case "$data" in /*|UUID=?*|PARTUUID=?*|LABEL=?*|PARTLABEL=?*) echo "!$n $name $data" ;; esac
		fi
		names+="$name "
	done <"$tab"
	return $bad
}

# has_opt OPTS WORD
has_opt() { [[ ",$1," == *",$2,"* ]]; }

# tab_open_one NAME DATA META OPTS: in a subshell, so one entry's failure ends only it.
tab_open_one() (
	local name=$1 opts=$4 d m o rc
	d=$(resolve_dev "$2"); rc=$?
	[ $rc = 0 ] || { [ $rc = 2 ] && exit $E_REFUSED; die $E_NOTFOUND "$name: data device $2 not found"; }
	m=$(resolve_dev "$3"); rc=$?
	[ $rc = 0 ] || { [ $rc = 2 ] && exit $E_REFUSED; die $E_NOTFOUND "$name: metadata device $3 not found"; }
	local IFS=,
	for o in $opts; do
		case "$o" in
		max-bytes=*) max_bytes=$(size_arg max-bytes "${o#*=}") ;;
		max-segments=*) max_segments=${o#*=} ;;
		commit-delay-us=*) commit_delay=${o#*=} ;;
		writeback-delay-ms=*) wb_delay=${o#*=} ;;
		high-watermark=*) high_wm=${o#*=} ;;
		max-memory=*) max_memory=$(size_arg max-memory "${o#*=}") ;;
		zero-copy-bytes=*) zero_copy=$(size_arg zero-copy-bytes "${o#*=}") ;;
		all-writes-atomic-from=*) atomic_from=$(size_arg all-writes-atomic-from "${o#*=}") ;;
		no-suspend-writeback) no_sw=1 ;;
		no-discard-passdown) no_dp=1 ;;
		all-writes-atomic) all_atomic=1 ;;
		esac
	done
	unset IFS
	cmd_open "$d" "$m" "$name"
)

# tab_select NAMES...: the good entries to act on, "NAME DATA META OPTIONS" a line: all, or
# those named.  Returns 0; E_USAGE when a line was bad (without NAMES) or a named entry's line
# is bad; E_NOTFOUND when a named entry is not in the file.  What is wrong is reported on
# stderr; the good entries are listed all the same.
tab_select() {
	local entries want n name rest rc=0 found
	entries=$(tab_entries); rc=$?
	case $rc in 0) ;; 1) [ $# = 0 ] && rc=$E_USAGE || rc=0 ;; *) exit $rc ;; esac
	for want in "$@"; do
		found=
		while read -r n name rest; do
			[ "$name" = "$want" ] && { found=$n; break; }
		done <<<"$entries"
		case "$found" in
		'') err "$tab: no entry named $want"; [ $rc = 0 ] && rc=$E_NOTFOUND ;;
		!*) err "$tab: the entry $want is not usable (line ${found#!}, see above)"; [ $rc = 0 ] && rc=$E_USAGE ;;
		esac
	done
	while read -r n name rest; do
		[ -n "$name" ] || continue
		case "$n" in !*) continue ;; esac
		if [ $# -gt 0 ]; then
			[[ " $* " == *" $name "* ]] && echo "$name $rest"
		else
			echo "$name $rest"
		fi
	done <<<"$entries"
	return $rc
}

cmd_open_tab() {
	need_root open-tab
	local sel name data meta opts rc worst=0 tabrc
	sel=$(tab_select "$@"); tabrc=$?
	while read -r name data meta opts; do
		[ -n "$name" ] || continue
		[ $# = 0 ] && has_opt "$opts" noauto && continue
		if name_exists "$name"; then
			say "$name: active already"
			continue
		fi
		tab_open_one "$name" "$data" "$meta" "$opts" </dev/null; rc=$?
		if [ $rc != 0 ] && has_opt "$opts" nofail; then
			err "$name: not opened (nofail)"
		elif [ $rc != 0 ] && [ $worst = 0 ]; then
			worst=$rc
		fi
	done <<<"$sel"
	# A failed open says more than a bad line of the file.
	[ $worst = 0 ] && worst=$tabrc
	return $worst
}

cmd_close_tab() {
	need_root close-tab
	local sel name rest rc worst=0 tabrc
	sel=$(tab_select "$@"); tabrc=$?
	# In reverse order: a later entry may sit on an earlier one.
	while read -r name rest; do
		[ -n "$name" ] || continue
		if ! name_exists "$name"; then
			[ $# -gt 0 ] && { err "no device named $name"; [ $worst = 0 ] && worst=$E_NOTFOUND; }
			continue
		fi
		(cmd_close "$name"); rc=$?
		[ $rc != 0 ] && [ $worst = 0 ] && worst=$rc
	done < <(tac <<<"$sel")
	[ $worst = 0 ] && worst=$tabrc
	return $worst
}

cmd_list_tab() {
	local sel rc
	if [ "$json" = 1 ]; then
		local problems name data meta opts sep= o osep
		problems=$(tab_select "$@" 2>&1 >/dev/null)
		sel=$(tab_select "$@" 2>/dev/null); rc=$?
		[ -z "$problems" ] || printf '%s\n' "$problems" >&2
		printf '{"json_format_version": 1, "tab": %s, "entries": [' "$(json_str "$tab")"
		while read -r name data meta opts; do
			[ -n "$name" ] || continue
			printf '%s{"name": %s, "data": %s, "metadata": %s, "options": [' "$sep" \
				"$(json_str "$name")" "$(json_str "$data")" "$(json_str "$meta")"
			osep=
			if [ "$opts" != - ]; then
				local IFS=,
				for o in $opts; do printf '%s%s' "$osep" "$(json_str "$o")"; osep=", "; done
				unset IFS
			fi
			printf ']}'; sep=", "
		done <<<"$sel"
		printf '], "problems": ['; sep=
		while IFS= read -r o; do
			[ -n "$o" ] || continue
			printf '%s%s' "$sep" "$(json_str "${o#"$prog: "}")"; sep=", "
		done <<<"$problems"
		printf ']}\n'
		return $rc
	fi
	sel=$(tab_select "$@"); rc=$?
	[ -z "$sel" ] || say "$sel"
	return $rc
}

# probe DEV: udev's IMPORT{program}.  Prints nothing for other devices; never fails.  Runs for
# every block device event, so it reads DEV alone: its first block, and for an atomictab entry
# that names the data device by a tag, DEV's own tags (blkid -p), never a scan of all disks.
cmd_probe() {
	[ $# = 1 ] || usage_error "probe: expected DEV"
	local dev=$1 magic mm n name data rest tags= d
	magic=$(dd if="$dev" bs=8 skip=4 count=1 status=none 2>/dev/null | tr -d '\0')
	if [ "$magic" = DMATOMSB ]; then
		say "DM_ATOMIC_ROLE=metadata"
		return 0
	fi
	[ -b "$dev" ] && [ -r "$tab" ] || return 0
	mm=$(stat -L -c '%t:%T' "$dev" 2>/dev/null) || return 0
	# Every entry's data device, a bad line's too (tab_entries: "!LINENO NAME DATA").
	while read -r n name data rest; do
		[ -n "$name" ] || continue
		case "$data" in
		/*)
			d=$(readlink -f "$data" 2>/dev/null) && [ -b "$d" ] || continue
			[ "$(stat -L -c '%t:%T' "$d" 2>/dev/null)" = "$mm" ] || continue ;;
		*)
			[ -n "$tags" ] || tags=$(blkid -p -o export "$dev" 2>/dev/null | sed 's/^PART_ENTRY_UUID=/PARTUUID=/;s/^PART_ENTRY_NAME=/PARTLABEL=/'; echo .)
			grep -qxF -- "$data" <<<"$tags" || continue ;;
		esac
		say "DM_ATOMIC_ROLE=data"
		say "DM_ATOMIC_NAME=$name"
		return 0
	done < <(tab_entries 2>/dev/null)
	return 0
}

l_mb= l_mm= l_zc= l_af= atomic_from= log_size= max_bytes= max_segments= commit_delay= wb_delay= high_wm= max_memory= zero_copy= no_sw=0 no_dp=0 all_atomic=0 batch=0 json=0 keep_log=0 args=()
tab=${DM_ATOMIC_TAB:-/etc/atomictab}
# The options as util-linux getopt(1) reads them: --opt VALUE, --opt=VALUE, a unique prefix
# of a long option, bundled short options (-qL 8M, -qL8M), options after the command, and
# -- ending them.
getopt -T >/dev/null 2>&1; [ $? = 4 ] || die $E_USAGE "needs getopt(1) of util-linux"
opts=$(getopt -n "$prog" -o L:qhV -l log-size:,max-bytes:,max-segments:,commit-delay-us:,writeback-delay-ms:,high-watermark:,max-memory:,zero-copy-bytes:,no-suspend-writeback,no-discard-passdown,all-writes-atomic,all-writes-atomic-from:,tab:,keep-log,batch-mode,json,help,version -- "$@") ||
	{ err "try '$prog --help'"; exit $E_USAGE; }
eval set -- "$opts"
while [ $# -gt 0 ]; do
	case "$1" in
	-L|--log-size) log_size=$(size_arg "$1" "$2") || exit; shift 2 ;;
	--max-bytes) max_bytes=$(size_arg "$1" "$2") || exit; l_mb="$1 $2"; shift 2 ;;
	--max-segments) max_segments=$(num_arg "$1" "$2" 1 252) || exit; shift 2 ;;
	--commit-delay-us) commit_delay=$(num_arg "$1" "$2" 0 1000000) || exit; shift 2 ;;
	--writeback-delay-ms) wb_delay=$(num_arg "$1" "$2" 0 60000) || exit; shift 2 ;;
	--high-watermark) high_wm=$(num_arg "$1" "$2" 1 100) || exit; shift 2 ;;
	--max-memory) max_memory=$(size_arg "$1" "$2") || exit; l_mm="$1 $2"; shift 2 ;;
	--zero-copy-bytes) zero_copy=$(size_arg "$1" "$2") || exit; l_zc="$1 $2"; shift 2 ;;
	--no-suspend-writeback) no_sw=1; shift ;;
	--no-discard-passdown) no_dp=1; shift ;;
	--all-writes-atomic) all_atomic=1; shift ;;
	--all-writes-atomic-from) atomic_from=$(size_arg "$1" "$2") || exit; l_af="$1 $2"; shift 2 ;;
	--tab) tab=$2; shift 2 ;;
	--keep-log) keep_log=1; shift ;;
	-q|--batch-mode) batch=1; shift ;;
	--json) json=1; shift ;;
	-h|--help) usage; exit 0 ;;
	-V|--version) say "$prog $version"; exit 0 ;;
	--) shift; args+=("$@"); break ;;
	esac
done
# The feature options take what the kernel takes, whatever the command.
f_mb=$max_bytes f_ms=$max_segments f_mm=$max_memory f_zc=$zero_copy f_af=$atomic_from f_aw=$all_atomic
feature_rules || usage_error "$why"
[ ${#args[@]} -gt 0 ] || usage_error "no command given"
cmd=${args[0]}
set -- "${args[@]:1}"
case "$cmd" in
status|dump|check|size|list-tab) ;;
format|open|close|resize|probe|open-tab|close-tab) [ "$json" = 0 ] || usage_error "--json: $cmd prints no report (--json is for status, check, dump, size and list-tab)" ;;
esac
[ "$keep_log" = 0 ] || [ "$cmd" = close ] || [ "$cmd" = close-tab ] || usage_error "--keep-log is for close and close-tab"
case "$cmd" in
format|open|close|resize|status|dump|check|size|probe) "cmd_$cmd" "$@"; exit $? ;;
open-tab|close-tab|list-tab) "cmd_${cmd/-/_}" "$@"; exit $? ;;
*) usage_error "unknown command '$cmd'" ;;
esac
