tools/include/linux/blk-atomic.h must be a verbatim copy of the uapi header
the patch series adds (include/uapi/linux/blk-atomic.h).  The header is
rebuilt from the series with git apply, restricted to that one file.

  $ cd "$TOP/block-core-patches" 2>/dev/null || { echo "skipped: block-core-patches/ does not exist yet"; exit 80; }
  $ if [ -f series ]; then list=$(grep -v '^#' series | grep .); else list=$(ls *.patch 2>/dev/null); fi
  $ grep -l 'include/uapi/linux/blk-atomic.h' $list >/dev/null 2>&1 || { echo "no patch adds include/uapi/linux/blk-atomic.h yet"; exit 80; }
  $ w=$(mktemp -d); git init -q "$w"
  $ for p in $list; do git -C "$w" apply --include=include/uapi/linux/blk-atomic.h "$PWD/$p" || echo "FAILED: $p"; done
  $ diff -u "$w/include/uapi/linux/blk-atomic.h" "$TOP/tools/include/linux/blk-atomic.h" && echo identical
  identical
  $ rm -rf "$w"
