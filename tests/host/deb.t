make deb: dpkg-buildpackage builds dm-atomic-tools (what make install installs, under /usr)
and dm-atomic-dkms (the module's source and a dkms.conf) from a copy of the tree; the
working tree is left as it was.  The packages stay in out/deb/, where tests/vm/deb-install.t
finds them.

  $ cd "$TOP"
  $ for c in dpkg-buildpackage dh dh_dkms dpkg-deb; do command -v $c >/dev/null || _skip=$c; done; [ -z "${_skip:-}" ] || { echo "skipped: $_skip is missing (qemu-scripts/deps.sh installs it)" >&2; exit 80; }
  $ [ "$(dpkg-parsechangelog -S Version)" = "$(cat tools/VERSION)" ] && echo "debian/changelog has the version of tools/VERSION"
  debian/changelog has the version of tools/VERSION
  $ before=$(ls -l tools/bin | md5sum)
  $ tools/make-deb.sh | sed -e "s|$TOP/out|T|g" -e "s|$(cat tools/VERSION)|V|g" -e "s|_$(dpkg --print-architecture).deb|_ARCH.deb|"
  make deb: building in T/deb/dm-atomic-V (log: T/deb/build.log)
  T/deb/dm-atomic-dkms_V_all.deb
  T/deb/dm-atomic-tools_V_ARCH.deb
  $ [ "$(ls -l tools/bin | md5sum)" = "$before" ] && echo "tools/bin untouched"
  tools/bin untouched
  $ files() { dpkg-deb -c "$1" | awk '$1 !~ /^d/ {print $6}' | grep -v '^./usr/share/doc/dm-atomic-[a-z]*/\(changelog.gz\|copyright\)$'; }

The tools package holds exactly what make install puts under /usr (man pages compressed).

  $ make -s install DESTDIR=$CRAMTMP/root PREFIX=/usr >/dev/null
  $ (cd $CRAMTMP/root && find . -type f | sed 's|/man/man[58]/.*|&.gz|' | sort) >$CRAMTMP/installed
  $ files $TOP/out/deb/dm-atomic-tools_*.deb | sort | diff - $CRAMTMP/installed && echo "same files as make install"
  same files as make install
  $ files $TOP/out/deb/dm-atomic-tools_*.deb | grep bash-completion | sed 's|.*/||' | paste -sd' '
  dm-atomic-setup dma-bench dma-check dma-dump dma-exercise dma-format dma-replay dma-verify
  $ dpkg-deb -f $TOP/out/deb/dm-atomic-tools_*.deb Package Architecture Depends | sed "s/ $(dpkg --print-architecture)$/ ARCH/"
  Package: dm-atomic-tools
  Architecture: ARCH
  Depends: libc6 (>= 2.34), dmsetup, util-linux, mawk | awk
  $ dpkg-deb --fsys-tarfile $TOP/out/deb/dm-atomic-tools_*.deb | tar -xOf - ./usr/lib/udev/rules.d/58-dm-atomic.rules | grep 'IMPORT{program}'
  IMPORT{program}="/usr/sbin/dm-atomic-setup probe $devnode"

The DKMS package: every source file of the module's Kbuild, and a dkms.conf that builds it with
the module's own Makefile against the kernel DKMS names.

  $ files $TOP/out/deb/dm-atomic-dkms_*.deb | sed "s|-$(cat tools/VERSION)/|-V/|"
  ./usr/src/dm-atomic-V/Kbuild
  ./usr/src/dm-atomic-V/Makefile
  ./usr/src/dm-atomic-V/dkms.conf
  ./usr/src/dm-atomic-V/dm-atomic-cache.c
  ./usr/src/dm-atomic-V/dm-atomic-commit.c
  ./usr/src/dm-atomic-V/dm-atomic-format.h
  ./usr/src/dm-atomic-V/dm-atomic-index.h
  ./usr/src/dm-atomic-V/dm-atomic-log.c
  ./usr/src/dm-atomic-V/dm-atomic-log.h
  ./usr/src/dm-atomic-V/dm-atomic-shared.c
  ./usr/src/dm-atomic-V/dm-atomic-target.c
  ./usr/src/dm-atomic-V/dm-atomic-tunables.c
  ./usr/src/dm-atomic-V/dm-atomic-writeback.c
  ./usr/src/dm-atomic-V/dm-atomic.h
  ./usr/src/dm-atomic-V/dma-scan.c
  ./usr/src/dm-atomic-V/dma-scan.h
  $ for o in $(sed -n 's/^dm-atomic-y [:+]= //p' dm-atomic/Kbuild); do files $TOP/out/deb/dm-atomic-dkms_*.deb | grep -q "/${o%.o}.c$" || echo "missing ${o%.o}.c"; done
  $ dpkg-deb --fsys-tarfile $TOP/out/deb/dm-atomic-dkms_*.deb | tar -xOf - ./usr/src/dm-atomic-$(cat tools/VERSION)/dkms.conf | sed "s|\"$(cat tools/VERSION)\"|V|"
  PACKAGE_NAME="dm-atomic"
  PACKAGE_VERSION=V
  BUILT_MODULE_NAME[0]="dm-atomic"
  DEST_MODULE_LOCATION[0]="/updates/dkms"
  MAKE[0]="make KDIR=${kernel_source_dir} modules"
  CLEAN="make KDIR=${kernel_source_dir} clean"
  AUTOINSTALL="yes"
  # Only where the module is meant to run: Linux 6.1 (its block and device-mapper API) on x86
  # (x86_64 runs the tests, i386 is compiled by the build checks); DKMS skips other kernels.
  BUILD_EXCLUSIVE_KERNEL="^6\.1\."
  BUILD_EXCLUSIVE_ARCH="^(x86_64|i[3-6]86)$"
  $ dpkg-deb -f $TOP/out/deb/dm-atomic-dkms_*.deb Depends
  dkms (>= 2.1.0.0)
