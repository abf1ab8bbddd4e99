The dm-atomic module compiled for other architectures, against the patched source (compile
only, qemu-scripts/cross-module.sh).  On i386 a 64-bit '/' or '%' becomes a call to a libgcc
helper the kernel does not have (__udivdi3, __umoddi3, ...): the module must call none.  With
64 KiB pages the module's one-page-per-4-KiB-log-block layout would read and write the wrong
bytes, so it must refuse to build there, saying why.

  $ x() { "$TOP/qemu-scripts/cross-module.sh" "$@" 2>/tmp/cross.err; }
  $ ko=$(x i386) || { echo "i386 build failed"; cat /tmp/cross.err; }
  $ file -b "$ko" | cut -d, -f1-2
  ELF 32-bit LSB relocatable, Intel 80386
  $ nm -u "$ko" | grep -E ' __(u?(div|mod)di3|divmoddi4|udivmoddi4)$' || echo "no 64-bit division helpers"
  no 64-bit division helpers

  $ x arm64-64k >/dev/null && echo "built with 64 KiB pages"
  [1]
  $ grep -o 'dm-atomic needs PAGE_SIZE == 4096 (one log block per page)' /tmp/cross.err | sort -u
  dm-atomic needs PAGE_SIZE == 4096 (one log block per page)
