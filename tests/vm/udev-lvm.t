The udev rule with an LVM logical volume as the data device, under a running systemd-udevd
with the device-mapper and LVM rules of the guest (55-dm, 56-lvm, 60-persistent-storage-dm,
69-lvm): the LV holds, as the dm-atomic device above it does, an LVM physical volume.  Marked
by the rule, the LV keeps its stable names (/dev/VG/LV, /dev/disk/by-id/dm-name- and dm-uuid-,
/dev/disk/dm-atomic/NAME-data) but loses what udev knew of its contents: no ID_FS_* (so
69-lvm does not scan it and LVM does not see the physical volume twice).
A second event (`change`) keeps it so, also while the LV is suspended (not read then).  Once the atomictab no longer names the LV, the next
event shows the physical volume again.  The daemon is stopped and its traces removed at the end.

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ [ -x /lib/systemd/systemd-udevd ] || _skip "no systemd-udevd in the guest"
  $ command -v lvcreate >/dev/null || _skip "no lvm2 in the guest"
  $ [ -e /lib/udev/rules.d/55-dm.rules ] && [ -e /lib/udev/rules.d/69-lvm.rules ] || _skip "no device-mapper or LVM udev rules in the guest"
  $ [ -e /dev/disk ] && had_disk=1 || had_disk=0; [ -e /run/udev ] && had_run=1 || had_run=0

LVM and dmsetup with udev (their default: the other tests make them manage the device nodes
themselves), LVM with its own configuration directory, only the scratch disk seen.

  $ export LVM_SYSTEM_DIR=/tmp/lvm-udev; mkdir -p $LVM_SYSTEM_DIR
  $ printf '%s\n' "devices { use_devicesfile = 0 filter = [ \"a|^$SCRATCH0\$|\", \"a|^/dev/mapper/db\$|\", \"r|.*|\" ] }" "activation { monitoring = 0 }" "global { event_activation = 0 }" >$LVM_SYSTEM_DIR/lvm.conf
  $ mkdir -p /etc/udev/rules.d
  $ sed 's|@SBINDIR@|/payload/bin|' /payload/system/58-dm-atomic.rules >/etc/udev/rules.d/58-dm-atomic.rules
  $ /lib/systemd/systemd-udevd --daemon >/dev/null 2>&1
  $ unset DM_DISABLE_UDEV
  $ udevadm trigger --action=add --settle /sys/class/block/${SCRATCH0##*/} /sys/class/block/${SCRATCH1##*/}
  $ pvcreate -q $SCRATCH0 >/dev/null && vgcreate -q vgd $SCRATCH0 >/dev/null && lvcreate -q -y -L 64M -n data vgd >/dev/null
  $ udevadm settle; LV=$(readlink -f /dev/vgd/data); echo $LV | sed 's|/dev/dm-[0-9]*|/dev/dm-N|'
  /dev/dm-N

The atomictab names the LV by its dm-name link; a physical volume goes on the dm-atomic device.

  $ cat >/etc/atomictab <<EOF
  > db  /dev/disk/by-id/dm-name-vgd-data  /dev/disk/by-id/virtio-scratch1
  > EOF
  $ dm-atomic-setup -q format /dev/vgd/data $SCRATCH1 >/dev/null
  $ dm-atomic-setup open-tab db >/dev/null
  $ pvcreate -q /dev/mapper/db >/dev/null
  $ dm-atomic-setup close-tab db
  $ uuid=$(dmsetup info -c --noheadings -o uuid vgd-data)
  $ check() {
  >   udevadm info -q property -n $LV | grep -E '^(DM_ATOMIC_[A-Z]*|ID_FS_[A-Z_]*|DM_NAME|UDISKS_IGNORE)=' | sort
  >   for l in /dev/vgd/data /dev/disk/by-id/dm-name-vgd-data /dev/disk/by-id/dm-uuid-$uuid /dev/disk/dm-atomic/db-data; do
  >     [ "$(readlink -f $l)" = "$LV" ] && echo "$l: the LV" || echo "$l: none"
  >   done | sed "s|$uuid|UUID|"
  > }
  $ udevadm trigger --action=change --settle $LV
  $ check | tee /tmp/marked
  DM_ATOMIC_NAME=db
  DM_ATOMIC_ROLE=data
  DM_NAME=vgd-data
  UDISKS_IGNORE=1
  /dev/vgd/data: the LV
  /dev/disk/by-id/dm-name-vgd-data: the LV
  /dev/disk/by-id/dm-uuid-UUID: the LV
  /dev/disk/dm-atomic/db-data: the LV
  $ udevadm trigger --action=change --settle $LV
  $ check | diff /tmp/marked - && echo "marks and links as after the first event"
  marks and links as after the first event

A suspended LV is not read (a read would wait for its resume, and the event with it): an event
while it is suspended settles at once and keeps the marks and links.

  $ dmsetup suspend vgd-data
  $ timeout 30 udevadm trigger --action=change --settle $LV; echo "settled: $?"
  settled: 0
  $ check | diff /tmp/marked - && echo "marks and links as after the first event"
  marks and links as after the first event
  $ dmsetup resume vgd-data; udevadm settle
  $ check | grep -E '^(ID_FS_TYPE|DM_ATOMIC_ROLE)='
  DM_ATOMIC_ROLE=data

The metadata disk is marked too; the dm-atomic device, opened again, shows its physical volume.

  $ udevadm info -q property -n $SCRATCH1 | grep -E '^DM_ATOMIC_ROLE='
  DM_ATOMIC_ROLE=metadata
  $ dm-atomic-setup open-tab db >/dev/null; udevadm settle
  $ udevadm info -q property -n /dev/mapper/db | grep -E '^ID_FS_TYPE='
  ID_FS_TYPE=LVM2_member
  $ dm-atomic-setup close-tab db

The entry removed from the atomictab (the LV is no longer a dm-atomic data device), the next
event gives the LV back to the device-mapper and LVM rules: its physical volume shows again
(the rule cleared the flags it had set, which udev otherwise keeps for every later event).

  $ : >/etc/atomictab
  $ udevadm trigger --action=change --settle $LV
  $ check | grep -E '^(ID_FS_TYPE|DM_ATOMIC_ROLE)='
  ID_FS_TYPE=LVM2_member

Clean up: the LV, the volume group, the labels; udev stopped.

  $ lvremove -q -y vgd/data >/dev/null && vgremove -q -y vgd >/dev/null && pvremove -q -y $SCRATCH0 >/dev/null
  $ _udevd_stop
  $ rm /etc/atomictab /etc/udev/rules.d/58-dm-atomic.rules; rm -rf $LVM_SYSTEM_DIR
  $ dd if=/dev/zero of=$SCRATCH0 bs=1M count=1 oflag=direct status=none; dd if=/dev/zero of=$SCRATCH1 bs=1M count=1 oflag=direct status=none
  $ [ $had_disk = 1 ] || rm -rf /dev/disk; [ $had_run = 1 ] || rm -rf /run/udev
