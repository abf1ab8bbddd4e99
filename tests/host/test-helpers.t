The test helpers (dma-craft, dma-rwf, dma-unit) and the application examples of
docs/examples/ (atomic-list, atomic-rwf) are built into tools/test-bin/, never
beside the user tools in tools/bin/ (a tree built before keeps none there);
the host tests and the guest have both directories on PATH.

  $ cd "$TOP/tools"
  $ ls bin | grep -E '^dma-(craft|rwf|unit)$'
  [1]
  $ ls test-bin
  atomic-list
  atomic-rwf
  dma-craft
  dma-rwf
  dma-unit
  $ make -n --no-print-directory no-stale-test-bin
  rm -f bin/dma-craft bin/dma-rwf bin/dma-unit
  $ command -v dma-craft dma-unit | sed "s|$TOP/||"
  tools/test-bin/dma-craft
  tools/test-bin/dma-unit
  $ grep -h 'test-bin' "$TOP/qemu-scripts/run-vm.sh" "$TOP/qemu-scripts/guest-run.sh"
  mkdir -p "$out/payload/bin" "$out/payload/test-bin" "$out/payload/modules" "$out/payload/tests" "$out/results"
  [ -d "$TOP/tools/test-bin" ] && cp -a "$TOP/tools/test-bin/." "$p/test-bin/"
  export PATH=/payload/bin:/payload/test-bin:$PATH

The baseline of every tool holds for them too: help, version, bad option,
unexpected argument.

  $ for t in dma-craft dma-rwf dma-unit; do
  >   $t --help | head -1; echo "rc=$?"
  >   $t --version
  >   $t --frobnicate; echo "rc=$?"
  > done
  Usage: dma-craft format IMG LOG_BLOCKS DATA_SECTORS [TAIL_SEQ TAIL_BLOCK]
  rc=0
  dma-craft (dm-atomic tools) 0.2.0, on-disk format version 1
  dma-craft: unknown command '--frobnicate'
  Try 'dma-craft --help'.
  rc=1
  Usage: dma-rwf statx DEV
  rc=0
  dma-rwf (dm-atomic tools) 0.2.0, on-disk format version 1
  dma-rwf: unknown command '--frobnicate'
  Try 'dma-rwf --help'.
  rc=1
  Usage: dma-unit [options]
  rc=0
  dma-unit (dm-atomic tools) 0.2.0, on-disk format version 1
  dma-unit: unknown option '--frobnicate'
  Try 'dma-unit --help'.
  rc=1
  $ dma-unit -h | tail -2; dma-unit extra; echo "rc=$?"
  Exit status: 0 every check passed, 1 a check failed (the line says
  which), 2 usage error.
  dma-unit: unexpected argument 'extra'
  Try 'dma-unit --help'.
  rc=1
