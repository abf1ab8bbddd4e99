# The common setup of every tests/vm/crash-full/*.t, sourced by them with
#   $ . "$TESTDIR/preamble.sh"
# lib.sh, three scratch disks, the dm-atomic module, and $C to run
# ../crash-states.py.  A missing disk or module skips the test (exit 80, as
# _require_* do); any other failing step ends the sourcing with its status, so
# cram shows it as it would have shown that step's own command failing.
. "$TESTDIR/../lib.sh" || return
_require_scratch 3 || return
_require_dm_atomic || return
C="python3 $TESTDIR/../crash-states.py"
# mixed_many FIRST N: N short recordings of workload `mixed` (seeds FIRST..FIRST+N-1), 6
# states each; prints each violation and one summary line.  A failing recording is kept in
# /tmp/results/cs-keep (the results disk) for offline study.
mixed_many() {
	mkdir -p /tmp/results/cs-keep
	for s in $(seq $1 $(($1 + $2 - 1))); do $C run mixed $s --max 6 --save /tmp/results/cs-keep; done |
		awk '/^TOTAL/ { r++; n += $5; v += $8 } /^VIOLATION/ { print }
		     END { print r " recordings, " n " states checked, " v " violations" }'
	rmdir /tmp/results/cs-keep 2>/dev/null
	return 0
}
