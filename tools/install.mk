# make install / make uninstall (included by tools/Makefile; the top-level Makefile delegates).
#
#   make install DESTDIR=/tmp/root PREFIX=/usr
#
# The user tools, the setup tool, the man pages, the udev rule and the atomictab generator,
# the metrics collector for node_exporter with its systemd service and timer, the
# initramfs-tools hook and boot script, and bash completion (one copy of completion/dm-atomic
# per command name: bash-completion loads a command's completion from the file of its name).
# Not installed: the test helpers (test-bin/) and make bench's drivers (dma-bench-host,
# dma-bench-run, dma-bench-report: they drive a guest from this source tree).
PREFIX ?= /usr/local
DESTDIR ?=
SBINDIR ?= $(PREFIX)/sbin
MANDIR ?= $(PREFIX)/share/man
DOCDIR ?= $(PREFIX)/share/doc/dm-atomic-tools
UDEVRULESDIR ?= $(PREFIX)/lib/udev/rules.d
SYSTEMDGENERATORDIR ?= $(PREFIX)/lib/systemd/system-generators
SYSTEMDUNITDIR ?= $(PREFIX)/lib/systemd/system
# initramfs-tools reads hooks and scripts from /usr/share/initramfs-tools and
# /etc/initramfs-tools, not from /usr/local: the latter unless PREFIX is /usr.
INITRAMFSDIR ?= $(if $(filter /usr,$(PREFIX)),/usr/share/initramfs-tools,/etc/initramfs-tools)
BASHCOMPLETIONDIR ?= $(PREFIX)/share/bash-completion/completions
# The SQLite VFS extension (docs/sqlite.md), when it was built (libsqlite3-dev installed).
SQLITEEXTDIR ?= $(PREFIX)/lib/dm-atomic
LIBS := $(if $(wildcard /usr/include/sqlite3ext.h),atomicblk.so)

USER_TOOLS := dm-atomic-setup dma-format dma-check dma-dump dma-replay dma-exercise dma-verify dma-bench
NOT_INSTALLED := dma-bench-host dma-bench-run dma-bench-report dma-bench-sqlite dma-bench-phases
MAN8 := $(wildcard ../man/*.8)
MAN5 := $(wildcard ../man/*.5)

# For tests: what is installed and what is deliberately not.
print-user-tools:
	@echo $(USER_TOOLS)
print-not-installed:
	@echo $(NOT_INSTALLED)
print-libs:
	@echo $(LIBS)

SUBST = sed -e 's|@SBINDIR@|$(SBINDIR)|g' -e 's|@VERSION@|$(VERSION)|g' -e 's|@UDEVRULESDIR@|$(UDEVRULESDIR)|g'

install: all
	install -d $(DESTDIR)$(SBINDIR) $(DESTDIR)$(MANDIR)/man8 $(DESTDIR)$(MANDIR)/man5 \
		$(DESTDIR)$(UDEVRULESDIR) $(DESTDIR)$(SYSTEMDGENERATORDIR) $(DESTDIR)$(DOCDIR) \
		$(DESTDIR)$(BASHCOMPLETIONDIR)
	install -m 0755 $(addprefix bin/,$(filter-out dm-atomic-setup,$(USER_TOOLS))) $(DESTDIR)$(SBINDIR)/
	$(SUBST) setup/dm-atomic-setup.sh >$(DESTDIR)$(SBINDIR)/dm-atomic-setup
	chmod 0755 $(DESTDIR)$(SBINDIR)/dm-atomic-setup
	$(SUBST) system/dm-atomic-generator >$(DESTDIR)$(SYSTEMDGENERATORDIR)/dm-atomic-generator
	chmod 0755 $(DESTDIR)$(SYSTEMDGENERATORDIR)/dm-atomic-generator
	$(SUBST) system/58-dm-atomic.rules >$(DESTDIR)$(UDEVRULESDIR)/58-dm-atomic.rules
	chmod 0644 $(DESTDIR)$(UDEVRULESDIR)/58-dm-atomic.rules
	$(SUBST) system/dm-atomic-textfile >$(DESTDIR)$(SBINDIR)/dm-atomic-textfile
	chmod 0755 $(DESTDIR)$(SBINDIR)/dm-atomic-textfile
	install -d $(DESTDIR)$(SYSTEMDUNITDIR)
	$(SUBST) system/dm-atomic-textfile.service >$(DESTDIR)$(SYSTEMDUNITDIR)/dm-atomic-textfile.service
	install -m 0644 system/dm-atomic-textfile.timer $(DESTDIR)$(SYSTEMDUNITDIR)/
	chmod 0644 $(DESTDIR)$(SYSTEMDUNITDIR)/dm-atomic-textfile.service
	install -d $(DESTDIR)$(INITRAMFSDIR)/hooks $(DESTDIR)$(INITRAMFSDIR)/scripts/local-top
	$(SUBST) system/initramfs-hook >$(DESTDIR)$(INITRAMFSDIR)/hooks/dm-atomic
	install -m 0755 system/initramfs-local-top $(DESTDIR)$(INITRAMFSDIR)/scripts/local-top/dm-atomic
	chmod 0755 $(DESTDIR)$(INITRAMFSDIR)/hooks/dm-atomic
	install -m 0644 $(MAN8) $(DESTDIR)$(MANDIR)/man8/
	install -m 0644 $(MAN5) $(DESTDIR)$(MANDIR)/man5/
	install -m 0644 system/atomictab system/lvm-filter.conf $(DESTDIR)$(DOCDIR)/
	for t in $(USER_TOOLS); do install -m 0644 completion/dm-atomic $(DESTDIR)$(BASHCOMPLETIONDIR)/$$t || exit; done
	$(if $(LIBS),install -D -m 0644 bin/atomicblk.so $(DESTDIR)$(SQLITEEXTDIR)/atomicblk.so)

uninstall:
	rm -f $(addprefix $(DESTDIR)$(SBINDIR)/,$(USER_TOOLS))
	rm -f $(addprefix $(DESTDIR)$(MANDIR)/man8/,$(notdir $(MAN8)))
	rm -f $(addprefix $(DESTDIR)$(MANDIR)/man5/,$(notdir $(MAN5)))
	rm -f $(DESTDIR)$(UDEVRULESDIR)/58-dm-atomic.rules $(DESTDIR)$(SYSTEMDGENERATORDIR)/dm-atomic-generator
	rm -f $(DESTDIR)$(SBINDIR)/dm-atomic-textfile
	rm -f $(DESTDIR)$(SYSTEMDUNITDIR)/dm-atomic-textfile.service $(DESTDIR)$(SYSTEMDUNITDIR)/dm-atomic-textfile.timer
	rm -f $(DESTDIR)$(INITRAMFSDIR)/hooks/dm-atomic $(DESTDIR)$(INITRAMFSDIR)/scripts/local-top/dm-atomic
	rm -f $(DESTDIR)$(DOCDIR)/atomictab $(DESTDIR)$(DOCDIR)/lvm-filter.conf
	rm -f $(addprefix $(DESTDIR)$(BASHCOMPLETIONDIR)/,$(USER_TOOLS))
	-rmdir $(DESTDIR)$(DOCDIR) 2>/dev/null
	rm -f $(DESTDIR)$(SQLITEEXTDIR)/atomicblk.so
	-rmdir $(DESTDIR)$(SQLITEEXTDIR) 2>/dev/null

.PHONY: install uninstall print-user-tools print-not-installed print-libs
