The DKMS package builds the module only where it is meant to run: Linux 6.1 kernels (the
module is written against 6.1's block and device-mapper API) on x86 (x86_64, where the tests
run it; i386, compiled by the build checks), as DKMS's BUILD_EXCLUSIVE_KERNEL and
BUILD_EXCLUSIVE_ARCH say (bash regular expressions, matched against the kernel release and
`uname -m`, as dkms does: [[ $kernelver =~ $BUILD_EXCLUSIVE_KERNEL ]]).  DKMS skips other
kernels instead of failing their build.  The module carries the version of the tools
(modinfo's version: field), the version the package and its dkms.conf have.

  $ cd "$TOP"
  $ (. debian/dm-atomic-dkms.dkms; echo "$BUILD_EXCLUSIVE_KERNEL"; echo "$BUILD_EXCLUSIVE_ARCH")
  ^6\.1\.
  ^(x86_64|i[3-6]86)$
  $ (. debian/dm-atomic-dkms.dkms
  >  for k in 6.1.0-27-amd64 6.1.0-27-686-pae 6.1.112 6.1.0-rc3 6.10.3 6.11.0-1-amd64 6.12.1 5.10.0-30-amd64 16.1.0; do
  >    [[ $k =~ $BUILD_EXCLUSIVE_KERNEL ]] && echo "$k: built" || echo "$k: skipped"
  >  done
  >  for a in x86_64 i686 i386 aarch64 arm64 ppc64le x86_64x; do
  >    [[ $a =~ $BUILD_EXCLUSIVE_ARCH ]] && echo "$a: built" || echo "$a: skipped"
  >  done)
  6.1.0-27-amd64: built
  6.1.0-27-686-pae: built
  6.1.112: built
  6.1.0-rc3: built
  6.10.3: skipped
  6.11.0-1-amd64: skipped
  6.12.1: skipped
  5.10.0-30-amd64: skipped
  16.1.0: skipped
  x86_64: built
  i686: built
  i386: built
  aarch64: skipped
  arm64: skipped
  ppc64le: skipped
  x86_64x: skipped
  $ grep -c '^MODULE_VERSION("'"$(cat tools/VERSION)"'");$' dm-atomic/dm-atomic-target.c
  1
  $ grep -B1 -A2 '^MODULE_VERSION' dm-atomic/dm-atomic-target.c | sed "s/$(cat tools/VERSION)/V/"
  MODULE_DESCRIPTION(DM_NAME " target making lists of writes atomic through a log");
  MODULE_VERSION("V");
  MODULE_AUTHOR("dm-atomic project");
  MODULE_LICENSE("GPL");
