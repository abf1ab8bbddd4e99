tools/include/linux/blk-write-list.h must be a verbatim copy of the uapi
header the patch series adds (include/uapi/linux/blk-write-list.h, in the
BLKWRITELIST patch).  The header is rebuilt from that patch with git apply,
restricted to that one file.

  $ cd "$TOP/block-core-patches" 2>/dev/null || { echo "skipped: block-core-patches/ does not exist"; exit 80; }
  $ p=$(grep -l '^+++ b/include/uapi/linux/blk-write-list.h' $(grep -v '^#' series | grep .))
  $ echo "$p"
  00*-block-add-the-BLKWRITELIST-ioctl.patch (glob)
  $ w=$(mktemp -d); git init -q "$w"
  $ git -C "$w" apply --include=include/uapi/linux/blk-write-list.h "$PWD/$p" || echo "FAILED: $p"
  $ diff -u "$w/include/uapi/linux/blk-write-list.h" "$TOP/tools/include/linux/blk-write-list.h" && echo identical
  identical
  $ rm -rf "$w"

tools/include/linux/blk-atomic.h is the uapi header of the previous version
of the series (BLKATOMICWRITE, O_ATOMIC), which the tools still support on a
kernel built with it.
Both describe the same ioctl: the same number, and structures of the same
layout, so a program built with either header works on either kernel.

  $ cat >"$CRAMTMP/abi.c" <<'C'
  > #include <stddef.h>
  > #include <linux/blk-atomic.h>
  > #include <linux/blk-write-list.h>
  > #define SAME(a, b) _Static_assert((a) == (b), #a " != " #b)
  > SAME(BLKWRITELIST, BLKATOMICWRITE);
  > SAME(sizeof(struct blkwritelist), sizeof(struct blk_atomic_write));
  > SAME(sizeof(struct blkwritelist_seg), sizeof(struct blk_atomic_seg));
  > SAME(offsetof(struct blkwritelist, nr_segs), offsetof(struct blk_atomic_write, nr_segs));
  > SAME(offsetof(struct blkwritelist, flags), offsetof(struct blk_atomic_write, flags));
  > SAME(offsetof(struct blkwritelist, segs), offsetof(struct blk_atomic_write, segs));
  > SAME(offsetof(struct blkwritelist, reserved), offsetof(struct blk_atomic_write, reserved));
  > SAME(offsetof(struct blkwritelist_seg, offset), offsetof(struct blk_atomic_seg, offset));
  > SAME(offsetof(struct blkwritelist_seg, len), offsetof(struct blk_atomic_seg, len));
  > SAME(offsetof(struct blkwritelist_seg, buf), offsetof(struct blk_atomic_seg, buf));
  > int main(void) { return 0; }
  > C
  $ cc -Wall -Werror -fsyntax-only -I"$TOP/tools/include" "$CRAMTMP/abi.c" && echo same ABI
  same ABI
