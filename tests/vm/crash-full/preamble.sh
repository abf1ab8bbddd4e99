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
