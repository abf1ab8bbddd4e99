#!/usr/bin/env bash
# Boot the kernel built with the v3 series and run its guest tests.
#
#   block-core-patches/v3/run-tests.sh [TEST...]     (names as in tests/vm/, e.g. md-atomics.t)
#
# A TEST is a v3 test (block-core-patches/v3/tests) or one of the current suite (tests/vm,
# tests/host), which then runs on the v3 kernel as it is.#
# The v3 series is not the one `make test` builds, and its tests are not in tests/vm yet.  This
# copies the working tree (with its uncommitted changes) to a scratch directory, puts
# block-core-patches/v3/tests/{vm,host} where the tests of the current series are, and runs
# qemu-scripts/run-tests.sh there with DMA_SERIES_DIR=block-core-patches/v3/patches (the kernel
# is built and cached under its own key; the first build takes as long as `make kernel`).
# No TEST: every v3 guest test.  dm-atomic and the test modules are built against the v3
# kernel (DMA_SKIP_MODULE=1 leaves them out).
# The scratch copy is removed afterwards; its out/ is kept in out/v3-tests/ of this tree.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/../.." && pwd)
V3=$TOP/block-core-patches/v3
scratch=$(mktemp -d "${TMPDIR:-/tmp}/dm-atomic-v3.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
rsync -a --exclude /out --exclude '.git' "$TOP/" "$scratch/"
cp -a "$V3/tests/vm/." "$scratch/tests/vm/"
cp -a "$V3/tests/host/." "$scratch/tests/host/"
tests=()
if [ $# -eq 0 ]; then
	for t in "$V3"/tests/vm/*.t; do tests+=("tests/vm/$(basename "$t")"); done
else
	for t in "$@"; do
		t=$(basename "$t")
		if [ -f "$V3/tests/vm/$t" ] || [ -f "$TOP/tests/vm/$t" ]; then tests+=("tests/vm/$t")
		elif [ -f "$V3/tests/host/$t" ] || [ -f "$TOP/tests/host/$t" ]; then tests+=("tests/host/$t")
		else echo "error: no test named $t (block-core-patches/v3/tests/{vm,host}, tests/{vm,host})" >&2; exit 2
		fi
	done
fi
rc=0
(cd "$scratch" && DMA_SERIES_DIR=block-core-patches/v3/patches DMA_SKIP_MODULE=${DMA_SKIP_MODULE-} \
	DMA_STOCK_SHARE=0 qemu-scripts/run-tests.sh "${tests[@]}") || rc=$?
rm -rf "$TOP/out/v3-tests"
mkdir -p "$TOP/out"
cp -a "$scratch/out" "$TOP/out/v3-tests" 2>/dev/null || true
exit $rc
