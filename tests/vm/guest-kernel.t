The guest runs the kernel built from linux-source-6.1 with block-core-patches/series applied.

  $ . "$TESTDIR/lib.sh"
  $ ! grep -qx 'source: stock' /payload/kernel-info || _skip "the guest runs Debian's stock kernel (make test KERNEL=stock), not ours"
  $ uname -r | sed 's/^6\.1\.[0-9]*-dm-atomic$/6.1.N-dm-atomic/'
  6.1.N-dm-atomic

Every patch named in the series is in the tree the kernel was built from, in order.

  $ grep -v '^#' /payload/series | grep -c . > /tmp/want || true
  $ sed -n 's/^source: //p' /payload/kernel-info
  patched
  $ tail -n +3 /payload/kernel-info | grep -c . > /tmp/have || true
  $ cmp /tmp/want /tmp/have && echo "$(cat /tmp/have) patch(es) applied, as listed in series"
  \d+ patch\(es\) applied, as listed in series (re)

The scratch disks are there, 512 MiB each, and start zeroed.

  $ _require_scratch 4
  $ for i in 0 1 2 3; do eval d=\$SCRATCH$i; echo "$(_sectors $d) $(head -c 4194304 $d | tr -d '\0' | wc -c)"; done
  1048576 0
  1048576 0
  1048576 0
  1048576 0
