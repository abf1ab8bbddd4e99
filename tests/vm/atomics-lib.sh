# Helpers for the single-atomic-write tests of the v3 series (mainline's REQ_ATOMIC,
# queue/atomic_write_* files, statx STATX_WRITE_ATOMIC, RWF_ATOMIC).  In the guest source it
# after lib.sh:
#   . "$TESTDIR/lib.sh"; . "$TESTDIR/atomics-lib.sh"
# The arithmetic (_atomics_*) needs nothing but bash, so the host test
# tests/host/atomics-lib.t sources this file alone to check it.
#
# What a user can rely on, as mainline 6.11-6.19 defines it (and the v3 patches 03-12 follow):
#
# RWF_ATOMIC write of LEN bytes at OFFSET on a block device, in the order the kernel checks:
#   - the device (or partition) cannot write atomically (queue unit_min 0, or a partition
#     whose start is not a multiple of max(unit_min, boundary)): EOPNOTSUPP, from
#     kiocb_set_rw_flags() (no FMODE_CAN_ATOMIC_WRITE at open); so do reads with RWF_ATOMIC;
#   - OFFSET at or past the end of the device: ENOSPC (blkdev_write_iter(), as any write);
#   - more than one iovec, LEN not a power of two, OFFSET not a multiple of LEN: EINVAL
#     (generic_atomic_write_valid());
#   - not O_DIRECT: EOPNOTSUPP (generic_atomic_write_valid(), c3be7ebbbce5);
#   - OFFSET + LEN past the end: EINVAL, never shortened (2cbd51f1f873);
#   - OFFSET or LEN not a multiple of the logical block size: EINVAL (as any O_DIRECT write);
#   - LEN above atomic_write_unit_max_bytes or below (not a multiple of) unit_min: EINVAL
#     (submit_bio_noacct(), BLK_STS_INVAL), before the device sees anything;
#   - otherwise the write is issued as one bio and never split; it succeeds.
# So, on a device that takes atomic writes, a write at a naturally aligned offset inside the
# device succeeds exactly when LEN is a power of two in [unit_min, unit_max].
#
# What a device reports (blk_validate_atomic_write_limits(), blk_atomic_writes_update_limits()):
#   unit_limit = rounddown_pow_of_two(min(max_hw_sectors * 512, guaranteed bio)), where a
#   guaranteed bio is min(max_segments, 256) segments: two of a logical block, the others of
#   a page;  unit_min = min(hw unit_min, unit_limit);  unit_max = min(hw unit_max,
#   unit_limit);  atomic_write_max_bytes = min(hw max, max_hw_sectors * 512);  boundary = hw
#   boundary.  All four are 0 without BLK_FEAT_ATOMIC_WRITES.  statx answers
#   STATX_WRITE_ATOMIC only where atomic writes can be issued, then with
#   STATX_ATTR_WRITE_ATOMIC, the two units and segments_max 1.
#
# How a stacked device gets its hw values (blk_stack_atomic_writes_limits(), 6.13-6.18):
#   - a component without atomic writes, or whose start (partition start + offset in the
#     table or md data offset) is not a multiple of max(its unit_min, its boundary): none;
#   - the first component sets them; each further one must have the same boundary and a
#     unit range that overlaps; unit_min = the largest, unit_max and max = the smallest;
#   - the top's chunk_sectors c (raid0, raid10, dm-stripe; none for raid1, md-linear,
#     dm-linear, dm-mirror, dm-crypt): a boundary b that neither divides c nor is a multiple
#     of it gives none; else unit_max = min(unit_max, largest power of two dividing c),
#     unit_min = min(unit_min, unit_max), max = min(max, c);
#   - dm-crypt's io_hints then caps unit_max and max at BIO_MAX_VECS pages (1 MiB);
#   - the personality or target decides whether the top takes atomic writes at all: md raid0,
#     raid1, raid10, md-linear (6.19), dm-linear, dm-stripe, dm-mirror, dm-crypt (6.19),
#     dm-mpath do; dm-raid (LVM --type raid1/raid10) and an md array without a personality
#     do not;
#   - then the top's own caps, as for any device (unit_limit from the top's max_hw_sectors
#     and max_segments; raid0 sets max_hw_sectors to the chunk).
# The derivation below uses the components' reported (sysfs) values in place of their hw
# values.  That is exact whenever the top's unit_limit is not larger than the components'
# (true for md and dm: they stack max_hw_sectors and max_segments as minimums) and no
# component's hw unit_min was cut by its own unit_limit.
# PAGE_SIZE is taken as 4096 (x86-64 guest).

# _min A B...: the smallest number.
_min() {
	local m=$1 x
	shift
	for x; do ((x < m)) && m=$x; done
	echo "$m"
}

# _max_pow_of_two_factor N: the largest power of two dividing N (mainline
# max_pow_of_two_factor()); 0 for 0.
_max_pow_of_two_factor() { echo $(($1 & -$1)); }

# _rounddown_pow_of_two N: the largest power of two not above N; 0 for 0.
_rounddown_pow_of_two() {
	local n=$1 p=1
	((n > 0)) || { echo 0; return; }
	while ((p * 2 <= n)); do p=$((p * 2)); done
	echo "$p"
}

_is_pow_of_two() { (($1 > 0 && ($1 & ($1 - 1)) == 0)); }

# _atomics_guaranteed_bio MAX_SEGMENTS LBS: bytes one bio from one user buffer is sure to
# hold (mainline blk_queue_max_guaranteed_bio()).
_atomics_guaranteed_bio() {
	local segs=$1 lbs=$2
	((segs > 256)) && segs=256
	if ((segs <= 2)); then
		echo $((segs * lbs))
	else
		echo $((2 * lbs + (segs - 2) * 4096))
	fi
}

# _atomics_raw "UMIN UMAX MAX BOUNDARY START"...: the atomic limits of a stack of the
# given components, before any chunk or personality rule (START: where the component's
# data begin on it, in bytes).  Prints "UMIN UMAX MAX BOUNDARY", all 0 when the components
# cannot be stacked.
_atomics_raw() {
	local leg lmin lmax lmaxb lb lstart umin=0 umax=0 max=0 b=0 first=1 align
	for leg; do
		read -r lmin lmax lmaxb lb lstart <<<"$leg"
		align=$lmin
		((lb > align)) && align=$lb
		# a component without atomic writes, or starting off its alignment
		if ((lmin == 0)) || ((${lstart:-0} % align)); then
			echo "0 0 0 0"
			return
		fi
		if ((first)); then
			umin=$lmin umax=$lmax max=$lmaxb b=$lb first=0
			continue
		fi
		# same boundary, overlapping unit ranges
		if ((lb != b || umin > lmax || umax < lmin)); then
			echo "0 0 0 0"
			return
		fi
		((lmin > umin)) && umin=$lmin
		((lmax < umax)) && umax=$lmax
		((lmaxb < max)) && max=$lmaxb
	done
	echo "$umin $umax $max $b"
}

# _atomics_expect LEVEL CHUNK UMIN UMAX MAX BOUNDARY [MAX_HW_BYTES MAX_SEGMENTS LBS]
# The limits a LEVEL device with chunk size CHUNK (bytes; 0 where there is none) reports
# over components whose combined limits (_atomics_raw) are UMIN UMAX MAX BOUNDARY; with the
# top's max_hw_sectors (in bytes), max_segments and logical block size also its own caps.
# Prints "UMIN UMAX MAX BOUNDARY".
# LEVEL: raid0 raid10 dm-stripe lvm-striped (chunked); raid1 linear dm-linear dm-mirror
# dm-mpath lvm-linear lvm-mirror (no chunk); dm-crypt; dm-raid lvm-raid1 md-none (never).
_atomics_expect() {
	local level=$1 c=$2 umin=$3 umax=$4 max=$5 b=$6 maxhw=${7:-0} segs=${8:-0} lbs=${9:-0}
	local p limit
	case $level in
	raid0 | raid10 | dm-stripe | lvm-striped)
		((c > 0)) || { echo "_atomics_expect: $level needs a chunk size" >&2; return 2; }
		;;
	raid1 | linear | md-linear | dm-linear | dm-mirror | dm-mpath | lvm-linear | lvm-mirror | dm-crypt)
		c=0
		;;
	dm-raid | lvm-raid1 | lvm-raid10 | md-none)
		echo "0 0 0 0"
		return
		;;
	*)
		echo "_atomics_expect: unknown level $level" >&2
		return 2
		;;
	esac
	if ((umin == 0)); then
		echo "0 0 0 0"
		return
	fi
	if ((c > 0)); then
		# blk_valid_atomic_writes_boundary(): one must divide the other
		if ((b > 0)) && { ((c >= b && c % b)) || ((c < b && b % c)); }; then
			echo "0 0 0 0"
			return
		fi
		p=$(_max_pow_of_two_factor "$c")
		umax=$(_min "$umax" "$p")
		umin=$(_min "$umin" "$umax")
		max=$(_min "$max" "$c")
	fi
	if [ "$level" = dm-crypt ]; then
		umax=$(_min "$umax" 1048576)
		max=$(_min "$max" 1048576)
	fi
	# blk_validate_atomic_write_limits(): inconsistent values give none
	if ((umin > umax || umax > max)) || ((b > 0 && max > b)); then
		echo "0 0 0 0"
		return
	fi
	if ((maxhw > 0)); then
		limit=$(_atomics_guaranteed_bio "$segs" "$lbs")
		limit=$(_rounddown_pow_of_two "$(_min "$maxhw" "$limit")")
		umin=$(_min "$umin" "$limit")
		umax=$(_min "$umax" "$limit")
		max=$(_min "$max" "$maxhw")
	fi
	echo "$umin $umax $max $b"
}

# _atomics_write_expect UMIN UMAX LBS OFFSET LEN: what an O_DIRECT RWF_ATOMIC write of LEN
# bytes at OFFSET, well inside a device reporting these units, must give: ok, EINVAL, or
# EOPNOTSUPP (no atomic writes at all).
_atomics_write_expect() {
	local umin=$1 umax=$2 lbs=$3 off=$4 len=$5
	if ((umin == 0)); then
		echo EOPNOTSUPP
	elif ! _is_pow_of_two "$len" || ((off % len || off % lbs || len % lbs)); then
		echo EINVAL
	elif ((len < umin || len > umax)); then
		echo EINVAL
	else
		echo ok
	fi
}

# --- guest side -------------------------------------------------------------------------

# _atomic_qdir DEV: the queue directory of DEV (of its disk, for a partition).
_atomic_qdir() {
	local d
	d=/sys/dev/block/$(_majmin "$1")
	[ -d "$d/queue" ] || d=$d/..
	echo "$d/queue"
}

# _atomic_limits DEV: the four atomic write files of DEV's queue.
_atomic_limits() {
	local q
	q=$(_atomic_qdir "$1")
	echo "unit_min=$(cat "$q/atomic_write_unit_min_bytes") unit_max=$(cat "$q/atomic_write_unit_max_bytes")" \
		"max_bytes=$(cat "$q/atomic_write_max_bytes") boundary=$(cat "$q/atomic_write_boundary_bytes")"
}

# _atomic_statx DEV: statx(STATX_WRITE_ATOMIC) of DEV, as dma-rwf prints it: either
# "STATX_WRITE_ATOMIC not reported" or "attr_known=K atomic=A unit_min=N unit_max=M
# segments_max=S" (A: STATX_ATTR_WRITE_ATOMIC set).
_atomic_statx() { dma-rwf statx "$1"; }

# _atomic_write [-B] [-r] [-d] [-v IOVECS] DEV OFFSET LEN [SEED]: one pwritev2(RWF_ATOMIC)
# on an O_DIRECT descriptor (-B: without O_DIRECT, -r: preadv2, -v: the buffer split in
# IOVECS iovecs, -d: RWF_DSYNC too).  Data: dma-rwf's pattern for SEED (default 1), which
# _atomic_check compares.  Prints "ok" (all LEN bytes written), "short N" or the errno name.
_atomic_write() {
	local opts=() out
	while [[ ${1:-} == -* ]]; do
		if [ "$1" = -v ]; then
			opts+=("$1" "$2")
			shift 2
		else
			opts+=("$1")
			shift
		fi
	done
	out=$(dma-rwf write "${opts[@]}" "$1" "$2" "$3" "${4:-1}")
	case $out in
	"ok $3") echo ok ;;
	ok\ *) echo "short ${out#ok }" ;;
	*) echo "$out" ;;
	esac
}

# _atomic_check DEV OFFSET LEN SEED: "match" when the range holds what _atomic_write wrote
# there with SEED.
_atomic_check() { dma-rwf check "$1" "$2" "$3" "$4"; }

# _require_v3_atomics: skip unless the kernel has mainline's atomic write limits (v3) and not
# the v2 list series (which has queue/atomic_write_segments and other statx rules).
_require_v3_atomics() {
	local f
	for f in /sys/block/*/queue; do break; done
	if [ ! -e "$f/atomic_write_unit_max_bytes" ]; then
		_skip "kernel without atomic write limits (queue/atomic_write_unit_max_bytes)"
	fi
	[ ! -e "$f/atomic_write_segments" ] ||
		_skip "kernel with the v2 atomic-list series, not v3"
	command -v dma-rwf >/dev/null || _skip "no dma-rwf (tools/test-bin)"
}

# _require_nullblk_atomic: skip unless null_blk has the atomic_write parameters (v3 patch 11).
_require_nullblk_atomic() {
	modinfo -F parm null_blk 2>/dev/null | grep -q '^atomic_write_unit_min:' ||
		_skip "null_blk without atomic_write parameters (v3 patch 11)"
}

# _md_legs MD: "DEV@SECTOR" for each member of the md array MD (its data offset).
_md_legs() {
	local md r
	md=$(basename "$(readlink -f "$1")")
	for r in /sys/block/"$md"/md/dev-*; do
		echo "/dev/${r##*/dev-}@$(cat "$r/offset")"
	done
}

# _dm_legs NAME: "DEV@SECTOR" for each device in the table of dm device NAME (a maj:min
# token followed by its start sector, as linear, striped, mirror and crypt tables have).
_dm_legs() {
	local tok prev="" name
	for tok in $(dmsetup table "$1"); do
		if [[ $prev =~ ^[0-9]+:[0-9]+$ && $tok =~ ^[0-9]+$ ]]; then
			name=$(basename "$(readlink -f "/sys/dev/block/$prev")")
			echo "/dev/$name@$tok"
		fi
		prev=$tok
	done
}

# _md_atomics_check LABEL DEV LEVEL CHUNK LEG@SECTOR...: the port of blktests'
# _md_atomics_test checks for one stacked device DEV of LEVEL (see _atomics_expect) with
# chunk size CHUNK bytes (0: none) over the components LEG, whose data begin at SECTOR.
# Prints DEV's four sysfs values, then one line per check that fails, then the count.
# Checks: the four sysfs values equal the derivation from the components; max_hw >=
# max_bytes >= unit_max >= unit_min; statx answers the same units with segments_max 1 and
# STATX_ATTR_WRITE_ATOMIC (or is not answered when the units are 0); writes (each expected
# result from _atomics_write_expect): unit_max - LBS at 0 (ok if a power of two not below
# unit_min, which happens only for unit_max = 2 * LBS = 2 * unit_min; EINVAL otherwise, as
# blktests expects it always; not tried when unit_max <= LBS), unit_max at 0 reads back,
# unit_min at 2 * unit_max reads back, unit_max + LBS at 0, 2 * LBS at LBS, 2 * unit_max at
# 0 (all three EINVAL), and then the first unit_max bytes still hold what the unit_max
# write put there (the refused writes wrote nothing).  Without atomic support every write
# must fail with EOPNOTSUPP.  Returns 1 if a check failed.
_md_atomics_check() {
	local label=$1 dev=$2 level=$3 chunk=$4 q leg d s legs=() raw exp
	local umin umax max b lbs maxhw segs eumin eumax emax eb n=0 bad=0 got want off len
	shift 4
	q=$(_atomic_qdir "$dev")
	umin=$(cat "$q/atomic_write_unit_min_bytes")
	umax=$(cat "$q/atomic_write_unit_max_bytes")
	max=$(cat "$q/atomic_write_max_bytes")
	b=$(cat "$q/atomic_write_boundary_bytes")
	lbs=$(cat "$q/logical_block_size")
	maxhw=$(($(cat "$q/max_hw_sectors_kb") * 1024))
	segs=$(cat "$q/max_segments")
	for leg; do
		d=${leg%@*} s=${leg##*@}
		[ "$s" = "$leg" ] && s=0
		legs+=("$(cat "$(_atomic_qdir "$d")"/atomic_write_{unit_min_bytes,unit_max_bytes,max_bytes,boundary_bytes} | tr '\n' ' ')$((s * 512))")
	done
	raw=$(_atomics_raw "${legs[@]}")
	# shellcheck disable=SC2086
	exp=$(_atomics_expect "$level" "$chunk" $raw "$maxhw" "$segs" "$lbs") || return 1
	read -r eumin eumax emax eb <<<"$exp"
	echo "$label: unit_min=$umin unit_max=$umax max_bytes=$max boundary=$b"

	_amc() { # NAME GOT WANT
		n=$((n + 1))
		[ "$2" = "$3" ] && return
		bad=$((bad + 1))
		echo "$label: FAIL $1: got $2, expected $3"
	}
	_amc unit_min "$umin" "$eumin"
	_amc unit_max "$umax" "$eumax"
	_amc max_bytes "$max" "$emax"
	_amc boundary "$b" "$eb"
	got=no
	((maxhw >= max && max >= umax && umax >= umin)) && got=yes
	_amc "max_hw >= max_bytes >= unit_max >= unit_min" $got yes
	want="STATX_WRITE_ATOMIC not reported"
	((eumin)) && want="attr_known=1 atomic=1 unit_min=$eumin unit_max=$eumax segments_max=1"
	_amc statx "$(_atomic_statx "$dev")" "$want"

	if ((eumin == 0)); then
		_amc "write 4096 at 0" "$(_atomic_write "$dev" 0 4096 3)" EOPNOTSUPP
		_amc "write 65536 at 0" "$(_atomic_write "$dev" 0 65536 3)" EOPNOTSUPP
	else
		if ((eumax > lbs)); then
			len=$((eumax - lbs))
			_amc "write unit_max-LBS ($len) at 0" "$(_atomic_write "$dev" 0 $len 4)" \
				"$(_atomics_write_expect "$eumin" "$eumax" "$lbs" 0 $len)"
		fi
		_amc "write unit_max ($eumax) at 0" "$(_atomic_write "$dev" 0 "$eumax" 5)" ok
		_amc "read back unit_max" "$(_atomic_check "$dev" 0 "$eumax" 5)" match
		off=$((2 * eumax))
		_amc "write unit_min ($eumin) at $off" "$(_atomic_write "$dev" $off "$eumin" 6)" ok
		_amc "read back unit_min" "$(_atomic_check "$dev" $off "$eumin" 6)" match
		for d in "0 $((eumax + lbs))" "$lbs $((2 * lbs))" "0 $((2 * eumax))"; do
			read -r off len <<<"$d"
			_amc "write $len at $off" "$(_atomic_write "$dev" "$off" "$len" 7)" \
				"$(_atomics_write_expect "$eumin" "$eumax" "$lbs" "$off" "$len")"
		done
		_amc "refused writes wrote nothing" "$(_atomic_check "$dev" 0 "$eumax" 5)" match
	fi
	unset -f _amc
	if ((bad)); then
		echo "$label: $bad of $n checks failed"
		return 1
	fi
	echo "$label: $n checks passed"
}
