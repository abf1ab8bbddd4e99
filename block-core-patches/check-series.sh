#!/usr/bin/env bash
# Build every prefix of block-core-patches/series, so that each patch builds on its own.
#
#   block-core-patches/check-series.sh [-n]     (make check-series)
#
# A fresh worktree of the pristine linux-source tree gets the patches one at a time with
# `git am`; after each one the lean guest kernel (bzImage + modules) is built with ccache and
# scripts/checkpatch.pl --strict is run on the patch.  Applying patch k on top of prefix k-1
# gives exactly the tree of "prefix k applied to pristine", and the incremental build
# recompiles everything patch k touches, so this checks every prefix at the cost of one build
# plus the deltas.  Prints one line per patch: build time, compiler warnings, checkpatch
# counts.  Exits 1 at the first patch that does not apply or does not build, and at the end
# when checkpatch found anything but what is allowed (each patch's full report is kept in
# the work directory, checkpatch-N.log):
#  - ERROR COMPLEX_MACRO on a `#define REQ_<NAME> (__force blk_opf_t)...`: every REQ_* flag
#    of include/linux/blk_types.h has that form;
#  - CHECK CAMELCASE on an identifier the pristine tree's headers already have (md's rdev
#    flags Faulty, In_sync, ...): new code has to use them by their names.
#  - WARNING COMMIT_LOG_LONG_LINE on an `Upstream: <id> ("<subject>")` line: a backported
#    commit is named as `git log --oneline` names it, unwrapped;
#  - WARNING SPLIT_STRING in null_blk's configfs features string, which 6.1 writes as one
#    string literal per line;
#  - WARNING AVOID_BUG for dm_accept_partial_bio()'s BUG_ON on an atomic write: the function
#    asserts its other preconditions with BUG_ON, and mainline asserts this one the same way;
#  - CHECK MACRO_ARG_REUSE on a for_each iterator macro (as bio_for_each_segment()).
#
# Then the files the whole series touches are compiled for i386 (i386_defconfig with the
# guest's config fragments; objects only, no link): a 64-bit division there is a call to a
# libgcc helper the kernel does not have (__udivdi3, __umoddi3, ...), which only a link
# would report, so the objects are checked for such calls with nm; size_t and long
# assumptions show as compiler warnings.
#
# -n   checkpatch only, no builds.
# -q   quick: after each patch compile only the .c files it touches (objects, no link), instead
#      of bzImage + modules.  Catches a prefix that does not compile, not one that does not link.
#
# Uses the lean .config made by qemu-scripts/kernel.sh (run `make kernel` once first) and takes
# the kernel build lock for each build (not for the whole run, so other builds can interleave).
source "$(dirname "$0")/../qemu-scripts/common.sh"

build=1 quick=0
case "${1:-}" in
-n) build=0 ;;
-q) quick=1 ;;
"") ;;
*) die "usage: $0 [-n|-q]" ;;
esac

patches=$TOP/block-core-patches
[ -f "$patches/series" ] || die "$patches/series does not exist"
mapfile -t list < <(grep -v '^#' "$patches/series" | grep .)
[ "${#list[@]}" -gt 0 ] || die "$patches/series lists no patches"

pristine=$(pristine_git_tree)
config=$(ls -t "$DMA_CACHE"/kernel/*/build-lean/.config-ready 2>/dev/null | head -n1 || true)
[ -n "$config" ] || die "no lean kernel configuration in $DMA_CACHE/kernel: run 'make kernel' first"
config=$(dirname "$config")/.config

work=$DMA_CACHE/check-series
src=$work/src
obj=$work/build
mkdir -p "$work"
# Work on a copy, so that editing the series while this runs cannot mix two versions.
rm -rf "$work/patches"
mkdir -p "$work/patches"
for p in "${list[@]}"; do cp "$patches/$p" "$work/patches/" || die "$p is listed in series but missing"; done
patches=$work/patches
git -C "$pristine" worktree remove --force "$src" >/dev/null 2>&1 || rm -rf "$src"
git -C "$pristine" worktree prune
git -C "$pristine" worktree add -q --detach "$src" pristine

kmake() { flock "$KBUILD_LOCK" make -C "$src" O="$obj" CC="ccache gcc" LOCALVERSION= "$@"; }
if [ "$build" = 1 ]; then
	mkdir -p "$obj"
	cp "$config" "$obj/.config"
	kmake -s olddefconfig >"$work/config.log" 2>&1 || die "olddefconfig failed (see $work/config.log)"
fi

n=0 total=0 fail=0 cpbad=0
for p in "${list[@]}"; do
	n=$((n + 1))
	subject=$(awk '/^Subject:/ { s = $0; while ((getline l) > 0 && l ~ /^[ \t]/) s = s l; print s; exit }' \
		"$patches/$p" | sed 's/^Subject: \(\[PATCH[^]]*\] \)\{0,1\}//')
	if ! git -C "$src" -c user.name=check-series -c user.email=check-series@localhost \
		am -q --keep-cr "$patches/$p" >"$work/am.log" 2>&1; then
		cat "$work/am.log" >&2
		die "patch $n ($p) does not apply"
	fi
	cplog=$work/checkpatch-$n.log
	"$src/scripts/checkpatch.pl" --strict --no-tree --show-types "$patches/$p" >"$cplog" 2>&1 || true
	cp=$(sed -n 's/^total: \([0-9]*\) errors, \([0-9]*\) warnings, \([0-9]*\) checks.*/\1 errors, \2 warnings, \3 checks/p' "$cplog")
	[ -n "$cp" ] || { cp="no report (see $cplog)"; cpbad=$((cpbad + 1)); }
	line="[$n/${#list[@]}] $subject"$'\n'"      checkpatch --strict: $cp"
	allowed=() notok=()
	while IFS=$'\t' read -r type detail; do
		case $type in
		ERROR:COMPLEX_MACRO)
			if [[ $detail =~ ^\+#define[[:space:]]+REQ_[A-Z0-9_]+[[:space:]]+\(__force\ blk_opf_t\) ]]; then
				allowed+=("the REQ_* form"); continue
			fi ;;
		WARNING:COMMIT_LOG_LONG_LINE)
			if [[ $detail == *" | Upstream: "* ]]; then
				allowed+=("an Upstream: line"); continue
			fi ;;
		WARNING:SPLIT_STRING)
			if [[ $detail == *"FILE: drivers/block/null_blk/main.c:"* ]] &&
				[[ $detail =~ \|\ [\ +][[:space:]]+\"[a-z_,]+,\"\ \| ]]; then
				allowed+=("null_blk's features string"); continue
			fi ;;
		WARNING:AVOID_BUG)
			if [[ $detail == *"FILE: drivers/md/dm.c:"* ]] &&
				[[ $detail == *"BUG_ON(!dm_bio_may_be_partial(bio));"* ]]; then
				allowed+=("dm_accept_partial_bio()'s BUG_ON"); continue
			fi ;;
		CHECK:MACRO_ARG_REUSE)
			if [[ $detail =~ \+#define[[:space:]]+[a-z_]*for_each[a-z_]*\( ]]; then
				allowed+=("a for_each macro"); continue
			fi ;;
		CHECK:CAMELCASE)
			word=${detail#*<} word=${word%%>*}
			# Defined there: an enum member, a #define or a struct/union/enum tag.
			if git -C "$pristine" grep -qE -e "^[[:space:]]*${word}[[:space:]]*(,|=|$)" \
				-e "#[[:space:]]*define[[:space:]]+${word}([^A-Za-z0-9_]|$)" \
				-e "(struct|union|enum)[[:space:]]+${word}([^A-Za-z0-9_]|$)" pristine -- '*.h'; then
				allowed+=("$word"); continue
			fi ;;
		esac
		notok+=("$type: ${detail#"$type: "}")
	done < <(awk '/^(ERROR|WARNING|CHECK):[A-Z_0-9]+:/ {
			if (t != "") print t "\t" d
			split($0, a, ":"); t = a[1] ":" a[2]; d = $0; ctx = 0
			want = (a[2] == "COMPLEX_MACRO"); next }
		want && /^\+/ { d = $0; want = 0; next }
		t != "" && !want && /^$/ { ctx = 2; next }
		t != "" && !want && ctx < 2 && !/^total:/ { d = d " | " $0; ctx = 1 }
		END { if (t != "") print t "\t" d }' "$cplog")
	# Every finding counted in checkpatch's total must have been read above.
	if [[ $cp =~ ^([0-9]+)\ errors,\ ([0-9]+)\ warnings,\ ([0-9]+)\ checks$ ]] &&
		[ $((BASH_REMATCH[1] + BASH_REMATCH[2] + BASH_REMATCH[3])) != $((${#allowed[@]} + ${#notok[@]})) ]; then
		notok+=("$cp in the total, $((${#allowed[@]} + ${#notok[@]})) read (see $cplog)")
	fi
	[ "${#allowed[@]}" = 0 ] || line+=" (allowed: ${allowed[*]})"
	if [ "${#notok[@]}" -gt 0 ]; then
		line+=" - NOT ALLOWED:"$(printf '\n        %s' "${notok[@]}")
		cpbad=$((cpbad + 1))
	fi
	if [ "$build" = 1 ]; then
		log "building prefix $n (waits for $KBUILD_LOCK if another build holds it)"
		start=$SECONDS
		targets=(bzImage modules)
		if [ "$quick" = 1 ]; then
			mapfile -t targets < <(git -C "$src" diff-tree --no-commit-id --name-only -r HEAD |
				sed -n 's/\.c$/.o/p')
			[ "${#targets[@]}" -gt 0 ] || targets=(prepare)
		fi
		if kmake -j"$(nproc)" "${targets[@]}" >"$work/build-$n.log" 2>&1; then
			secs=$((SECONDS - start))
			total=$((total + secs))
			warn=$(grep -c ': warning:' "$work/build-$n.log" || true)
			what="build"; [ "$quick" = 1 ] && what="compile of ${targets[*]}"
			line+="; $what OK in ${secs} s, $warn compiler warning(s)"
			[ "$warn" = 0 ] || grep ': warning:' "$work/build-$n.log" | sed 's/^/      /' >&2
		else
			tail -n 30 "$work/build-$n.log" >&2
			echo "$line; BUILD FAILED (log: $work/build-$n.log)"
			fail=1
			break
		fi
	fi
	echo "$line"
done

[ "$build" = 1 ] && echo "total build time: ${total} s for ${n} prefix(es)"
[ "$fail" = 0 ] || exit 1
if [ "$cpbad" = 0 ]; then
	echo "checkpatch --strict: nothing but the allowed findings in ${n} patch(es)"
else
	echo "checkpatch --strict: findings not allowed in ${cpbad} patch(es) (reports: $work/checkpatch-N.log)"
fi

if [ "$build" = 1 ]; then
	obj32=$work/build-i386
	k32() { flock "$KBUILD_LOCK" make -C "$src" O="$obj32" ARCH=i386 CC="ccache gcc" LOCALVERSION= "$@"; }
	log "compiling the series' files for i386"
	start=$SECONDS
	rm -rf "$obj32"
	mkdir -p "$obj32"
	{
		k32 i386_defconfig &&
			"$src/scripts/kconfig/merge_config.sh" -m -O "$obj32" "$obj32/.config" \
				"$src/kernel/configs/kvm_guest.config" "$SCRIPTS/config/dm-atomic.config" \
				"$SCRIPTS/config/trim.config" &&
			k32 olddefconfig
	} >"$work/config-i386.log" 2>&1 || die "i386 configuration failed (see $work/config-i386.log)"
	mapfile -t objs < <(git -C "$src" diff --name-only pristine HEAD | sed -n 's/\.c$/.o/p')
	if ! k32 -j"$(nproc)" "${objs[@]}" >"$work/build-i386.log" 2>&1; then
		tail -n 30 "$work/build-i386.log" >&2
		echo "i386: COMPILE FAILED (log: $work/build-i386.log)"
		exit 1
	fi
	warn=$(grep -c ': warning:' "$work/build-i386.log" || true)
	[ "$warn" = 0 ] || grep ': warning:' "$work/build-i386.log" | sed 's/^/      /' >&2
	helpers=0
	for o in "${objs[@]}"; do
		h=$(nm -u "$obj32/$o" | awk '$2 ~ /^__(u?(div|mod)di3|u?divmoddi4)$/ { print $2 }' | sort -u)
		[ -z "$h" ] || { echo "      $o calls $(echo $h)" >&2; helpers=$((helpers + 1)); }
	done
	echo "i386: compiled ${#objs[@]} file(s) of the series in $((SECONDS - start)) s," \
		"$warn compiler warning(s), $helpers calling 64-bit division helpers"
	[ "$warn" = 0 ] && [ "$helpers" = 0 ] || exit 1
fi
git -C "$pristine" worktree remove --force "$src" >/dev/null 2>&1 || true
[ "$cpbad" = 0 ] || exit 1
