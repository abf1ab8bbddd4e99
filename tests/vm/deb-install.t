The Debian package dm-atomic-tools (built on the host by make deb or tests/host/deb.t, which
run before the VM tests in make test) installed in the guest with dpkg: the installed tools
set up a device from format to close, and purging removes every file.  dm-atomic-dkms is not
installed here: the guest has neither dkms nor kernel headers (its contents are checked on the
host by tests/host/deb.t; the module the guest loads is built from the same source).

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ deb=$(ls /payload/deb/dm-atomic-tools_*.deb 2>/dev/null) || _skip "no dm-atomic-tools package in out/deb (make deb, or tests/host/deb.t, builds it)"
  $ dpkg -i $deb >/tmp/dpkg.log 2>&1 || cat /tmp/dpkg.log
  $ dpkg-query -W -f '${Status}\n' dm-atomic-tools
  install ok installed
  $ dpkg -L dm-atomic-tools | grep -E '/(sbin|rules.d|system-generators)/' | sort
  /usr/lib/systemd/system-generators/dm-atomic-generator
  /usr/lib/udev/rules.d/58-dm-atomic.rules
  /usr/sbin/dm-atomic-setup
  /usr/sbin/dm-atomic-textfile
  /usr/sbin/dma-bench
  /usr/sbin/dma-check
  /usr/sbin/dma-dump
  /usr/sbin/dma-exercise
  /usr/sbin/dma-format
  /usr/sbin/dma-replay
  /usr/sbin/dma-verify

The installed tools, not the ones of /payload/bin (first on PATH in the guest).

  $ export PATH=/usr/sbin:/usr/bin:/sbin:/bin
  $ command -v dm-atomic-setup dma-check
  /usr/sbin/dm-atomic-setup
  /usr/sbin/dma-check
  $ dm-atomic-setup -q -L 16M format $SCRATCH0 $SCRATCH1 | _filter_scratch | sed 's/uuid [0-9a-f-]*/uuid U/'
  SCRATCH1: formatted: uuid U, log 4096 blocks at block 1, data 1048576 sectors, data device identity: none (only its size is checked)
  $ dm-atomic-setup open $SCRATCH0 $SCRATCH1 pkg
  activating pkg (the kernel replays the log if a crash left one)...
  /dev/mapper/pkg: 512 MiB, log ended: unwritten block, replayed 0 transaction(s)
  $ dm-atomic-setup --json status pkg | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["mode"], d["log_blocks"])'
  rw 4096
  $ dm-atomic-setup close pkg
  $ dm-atomic-setup check $SCRATCH1 | tail -n 1
  clean

Purged, nothing of it is left.

  $ dpkg --purge dm-atomic-tools >/dev/null 2>&1; dpkg-query -W -f '${Status}\n' dm-atomic-tools 2>&1 | sed 's/^dpkg-query: //'
  no packages found matching dm-atomic-tools
  $ ls /usr/sbin/dm-atomic-setup /usr/lib/udev/rules.d/58-dm-atomic.rules 2>&1 | sed 's/^ls: //'
  cannot access '/usr/sbin/dm-atomic-setup': No such file or directory
  cannot access '/usr/lib/udev/rules.d/58-dm-atomic.rules': No such file or directory
