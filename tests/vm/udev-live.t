The udev rule under a running systemd-udevd (atomictab.t applies it with `udevadm test`,
without the daemon): when the kernel announces the metadata disk of a dm-atomic device, the
daemon runs the rule's probe and records the disk as dm-atomic metadata, ignored by udisks
(and ready for systemd: the units of the atomictab wait for it); a disk that is not one gets none of it.  The daemon is stopped
and its traces removed at the end (other tests run without udev).

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 2
  $ [ -x /lib/systemd/systemd-udevd ] || _skip "no systemd-udevd in the guest"
  $ [ -e /dev/disk ] && had_disk=1 || had_disk=0; [ -e /run/udev ] && had_run=1 || had_run=0
  $ dma-format -d $SCRATCH0 $SCRATCH1 >/dev/null
  $ mkdir -p /etc/udev/rules.d
  $ sed 's|@SBINDIR@|/payload/bin|' /payload/system/58-dm-atomic.rules >/etc/udev/rules.d/58-dm-atomic.rules
  $ /lib/systemd/systemd-udevd --daemon >/dev/null 2>&1
  $ udevadm trigger --action=add --settle /sys/class/block/${SCRATCH1##*/} /sys/class/block/${SCRATCH0##*/}
  $ props() { udevadm info -q property -n "$1" | grep -E '^(DM_ATOMIC_[A-Z]*|SYSTEMD_READY|UDISKS_IGNORE)=' | sort; }
  $ props $SCRATCH1
  DM_ATOMIC_ROLE=metadata
  UDISKS_IGNORE=1

The data disk (no atomictab here names it) was handled by the daemon too (its serial
number), and the rule left it alone.

  $ udevadm info -q property -n $SCRATCH0 | grep '^ID_SERIAL='
  ID_SERIAL=scratch0
  $ props $SCRATCH0 | grep -c .
  0
  [1]

  $ _udevd_stop
  $ rm /etc/udev/rules.d/58-dm-atomic.rules
  $ [ $had_disk = 1 ] || rm -rf /dev/disk; [ $had_run = 1 ] || rm -rf /run/udev
