# dm-atomic: the front door.  Everything here delegates to qemu-scripts/ and the subdirectories.
# `make help` lists the targets.

KERNEL ?= lean
T ?=
SHELL := /bin/bash

.PHONY: help deps kernel kernel-debug kernel-unpatched rootfs tools test test-host test-vm test-apps \
	vm demo check-series clean distclean crash-test powercut bench bench-host install uninstall deb kernel-deb

help:
	@echo "dm-atomic make targets:"
	@echo "  make demo              the main job: boot a guest and show atomic writes surviving a power cut"
	@echo "  make test              all tests: host tests, then the VM cram suite in QEMU"
	@echo "  make test T=tests/vm/x.t   one test (or several, space separated; a directory works too)"
	@echo "  make test KERNEL=debug the VM suite on the KASAN+lockdep kernel"
	@echo "  make test KERNEL=stock the stock-kernel share on Debian's own kernel, module built by DKMS (T= picks tests)"
	@echo "  make test-host         host tests only (no kernel, no VM)"
	@echo "  make test-apps         MariaDB and PostgreSQL crash tests (tests/apps/) in the guest image with the database packages"
	@echo "  make crash-test        >= 10,000 crash states from dm-log-writes recordings (tests/vm/crash-full/)"
	@echo "  make powercut CYCLES=50 SEED=3   a chain of real power cuts (QEMU killed mid-write)"
	@echo "  make powercut WORKLOAD=sqlite    the same with SQLite on dm-atomic through the atomicblk VFS"
	@echo "  make powercut WORKLOAD=mariadb   the same with MariaDB without its doublewrite buffer (apps image)"
	@echo "  make powercut WORKLOAD=postgresql   the same with PostgreSQL, full_page_writes=off (apps image)"
	@echo "  make vm                an interactive guest shell with scratch disks and the module"
	@echo "  make bench             every benchmark row against its baseline in one guest (ROWS=1,3 QUICK=1; ROWS=9: MariaDB, 10: PostgreSQL)"
	@echo "  make bench-host        host CPU cost per byte of crc32c, the recovery scan, memcpy"
	@echo "  make kernel            build the patched lean kernel + dm-atomic module (cached)"
	@echo "  make kernel-debug      the same with KASAN, lockdep, DEBUG_LIST, ..."
	@echo "  make kernel-unpatched  the pristine kernel, for regression comparisons"
	@echo "  make kernel-deb        the patched kernel with Debian's configuration as linux-image/linux-headers"
	@echo "                         packages, into out/kernel-deb/debian/ (hours on 2 cores; KDEB=lean: the test kernel, quick)"
	@echo "  make rootfs            build the guest root filesystem (cached)"
	@echo "  make tools             build the userspace tools into tools/bin"
	@echo "  make install           tools, setup tool, man pages, udev rule, atomictab generator (PREFIX=/usr/local DESTDIR=)"
	@echo "  make uninstall         remove what make install installed (same PREFIX and DESTDIR)"
	@echo "  make deb               Debian packages dm-atomic-tools and dm-atomic-dkms, into out/deb/"
	@echo "  make check-series      build every prefix of block-core-patches/series, then its files for i386"
	@echo "  make clean             remove build products in the repo (the cache stays)"
	@echo "  make distclean         also remove the cache (\$$DMA_CACHE, default ~/.cache/dm-atomic)"

deps:
	@qemu-scripts/deps.sh

kernel: deps
	@qemu-scripts/kernel.sh lean >/dev/null

kernel-debug: deps
	@qemu-scripts/kernel.sh debug >/dev/null

kernel-unpatched: deps
	@qemu-scripts/kernel.sh unpatched >/dev/null

KDEB ?= debian
kernel-deb: deps
	@qemu-scripts/kernel-deb.sh $(KDEB) >/dev/null

rootfs: deps
	@qemu-scripts/rootfs.sh >/dev/null

tools:
	@if [ -f tools/Makefile ]; then $(MAKE) -C tools; else echo "no tools yet"; fi

PREFIX ?= /usr/local
DESTDIR ?=
install uninstall:
	@$(MAKE) -s -C tools $@ PREFIX=$(PREFIX) DESTDIR=$(DESTDIR)

deb:
	@qemu-scripts/deps.sh deb
	@tools/make-deb.sh

test:
	@qemu-scripts/run-tests.sh --kernel $(KERNEL) $(T)

crash-test:
	@tools/crash/crash-test.sh $(if $(filter debug,$(KERNEL)),--kernel debug)

CYCLES ?= 20
SEED ?= 1
powercut: deps tools
	@qemu-scripts/powercut.sh --cycles $(CYCLES) --seed $(SEED) --kernel $(KERNEL) $(if $(WORKLOAD),--workload $(WORKLOAD))

ROWS ?= 1,2,3,4,5,6,7,8
QUICK ?= 0
bench: deps tools
	@qemu-scripts/bench.sh --rows "$(ROWS)" $(if $(filter 1,$(QUICK)),--quick)

bench-host: tools
	@tools/bench/dma-bench-host.sh

test-apps:
	@qemu-scripts/run-tests.sh --kernel $(KERNEL) $(if $(T),$(T),tests/apps)

test-host:
	@qemu-scripts/run-tests.sh --host-only $(T)

vm: deps tools
	@qemu-scripts/vm.sh shell $(KERNEL)

demo: deps tools
	@qemu-scripts/vm.sh demo $(KERNEL)

check-series: deps
	@if [ -x block-core-patches/check-series.sh ]; then block-core-patches/check-series.sh; \
	else echo "block-core-patches/check-series.sh does not exist yet"; exit 1; fi

clean:
	@if [ -f tools/Makefile ]; then $(MAKE) -C tools clean; fi
	rm -rf out

distclean: clean
	rm -rf "$${DMA_CACHE:-$$HOME/.cache/dm-atomic}"
