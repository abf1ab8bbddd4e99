The front door's own logic, on the host (no kernel, no VM).

  $ cd "$TOP"

The kernel cache key follows what the kernel is built from: the series, the patches it names
and the config fragments.  A copy of the repo with one byte changed in each gets a new key.

  $ tmp=$(mktemp -d); cp -a qemu-scripts "$tmp/"; mkdir -p "$tmp/block-core-patches"
  $ [ -d block-core-patches ] && cp -a block-core-patches/. "$tmp/block-core-patches/"; true
  $ key() { bash -c 'source "$1/qemu-scripts/common.sh"; kernel_key "$2"' _ "$tmp" "${1:-patched}"; }
  $ k0=$(key); [ ${#k0} -eq 12 ] && echo "12-hex key"
  12-hex key
  $ [ "$(key)" = "$k0" ] && echo stable
  stable
  $ echo "# x" >> "$tmp/qemu-scripts/config/dm-atomic.config"
  $ k1=$(key); [ "$k1" != "$k0" ] && echo "config fragment changes the key"
  config fragment changes the key
  $ printf 'fake.patch\n' >> "$tmp/block-core-patches/series"; echo one > "$tmp/block-core-patches/fake.patch"
  $ k2=$(key); [ "$k2" != "$k1" ] && echo "series changes the key"
  series changes the key
  $ echo two > "$tmp/block-core-patches/fake.patch"
  $ k3=$(key); [ "$k3" != "$k2" ] && echo "patch content changes the key"
  patch content changes the key
  $ [ "$(key unpatched)" != "$k3" ] && echo "unpatched has its own key"
  unpatched has its own key
  $ printf 'other\n' >> "$tmp/block-core-patches/fake.patch.orig"
  $ [ "$(key)" = "$k3" ] && echo "files not in the series do not matter"
  files not in the series do not matter
  $ rm -rf "$tmp"

Bad arguments get a clear error before anything is built.

  $ qemu-scripts/run-tests.sh --kernel fancy
  error: KERNEL must be lean, debug, unpatched or stock (got 'fancy')
  [1]
  $ DMA_STOCK_KERNEL=6.1.0-x qemu-scripts/stock-kernel.sh
  error: DMA_STOCK_KERNEL must look like 6.1.0-N-amd64 (got '6.1.0-x')
  [1]
  $ qemu-scripts/run-tests.sh tests/vm/no-such-test.t
  error: no such test: tests/vm/no-such-test.t
  [1]
  $ qemu-scripts/run-tests.sh Makefile
  error: not a test: Makefile (tests are tests/host/*.t, tests/build/*.t, tests/vm/*.t, tests/powercut/*.t and tests/apps/*.t)
  [1]
  $ qemu-scripts/kernel.sh sparkly
  error: unknown kernel flavour 'sparkly' (lean, debug or unpatched)
  [1]
  $ qemu-scripts/run-vm.sh --bogus
  error: run-vm.sh: unknown argument '--bogus'
  [1]
