Unreadable input.  Root ignores mode bits, so the tools run as nobody
(setpriv) against files with mode 000 in a world-readable directory.

  $ [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null || { echo "needs root and setpriv"; exit 80; }
  $ d=$(mktemp -d /tmp/dma-unreadable.XXXXXX); chmod 755 "$d"
  $ dma-craft format "$d/meta" 16 1024; truncate -s 64K "$d/t"; echo x > "$d/j"
  $ chmod 000 "$d/meta" "$d/t" "$d/j"
  $ nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@" 2>&1 | sed "s|$d|D|g"; }
  $ nobody dma-check "$d/meta"
  dma-check: D/meta: Permission denied
  $ nobody dma-dump "$d/meta"
  dma-dump: D/meta: Permission denied
  $ nobody dma-format -s 8 "$d/meta"
  dma-format: D/meta: Permission denied
  $ nobody dma-exercise -j /dev/null --mode plain "$d/t"
  dma-exercise: D/t: Permission denied
  $ chmod 644 "$d/t"; nobody dma-verify "$d/t" "$d/j"
  dma-verify: D/j: Permission denied
  $ nobody dma-format --data-dev "$d/meta" "$d/t"
  dma-format: D/meta: Permission denied

The exit status is 2 (refused: permission denied), not 7 (damaged):

  $ setpriv --reuid=65534 --regid=65534 --clear-groups dma-check "$d/meta" 2>/dev/null; echo rc=$?
  rc=2
  $ rm -rf "$d"
