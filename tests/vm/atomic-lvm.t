LVM on a dm-atomic device: a volume group on it, a logical volume (dm-linear) that inherits
its atomic limits, and an atomic list written through the LV that goes through the log.  The
raw data disk carries the same PV label: closed, LVM finds the volume group on the raw disk
itself, unless lvm.conf's global_filter (tools/system/lvm-filter.conf) rejects the raw disks.

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ command -v vgcreate >/dev/null || _skip "no lvm2 in the guest"
  $ _require_lists

LVM without udev, with its own configuration directory; conf FILTER... writes its lvm.conf.

  $ export LVM_SYSTEM_DIR=/tmp/lvm-atomic; mkdir -p $LVM_SYSTEM_DIR
  $ conf() { printf '%s\n' "devices { obtain_device_list_from_udev = 0 external_device_info_source = \"none\" use_devicesfile = 0 $* }" "activation { udev_sync = 0 udev_rules = 0 monitoring = 0 }" >$LVM_SYSTEM_DIR/lvm.conf; }
  $ conf
  $ dm-atomic-setup -q --max-bytes 256K open $SCRATCH0 $SCRATCH1 db >/dev/null
  $ pvcreate /dev/mapper/db >/dev/null
  $ mkdir -p /dev/disk/by-id-lvmtest && ln -s $SCRATCH0 /dev/disk/by-id-lvmtest/virtio-raw-data

Without a filter LVM finds the PV twice, on the dm-atomic device and on its raw data disk,
and refuses to use it.

  $ vgcreate -q vga /dev/mapper/db 2>&1 | _filter_scratch | sed -E 's/PV [A-Za-z0-9-]{38}/PV X/'
    WARNING: Not using device SCRATCH0 for PV X.
    WARNING: PV X prefers device /dev/mapper/db because device is in dm subsystem.
    Cannot use device /dev/mapper/db with duplicates.

The filter of tools/system/lvm-filter.conf, with the scratch disks' names: the raw disks are
rejected, also under the other names udev gives them (here a by-id link made by hand: the
guest has no udev).  A catch-all "a|.*|" would accept the disk by such a name.

  $ conf "global_filter = [ \"r|^$SCRATCH0\$|\", \"r|^$SCRATCH1\$|\" ]"
  $ vgcreate vga /dev/mapper/db >/dev/null
  $ lvcreate -L 64M -n lv vga >/dev/null
  $ dmsetup table vga-lv | sed "s/ $(_majmin /dev/mapper/db) / DB /"
  0 131072 linear DB 2048
  $ echo "list limits (segments bytes): db $(_list_limits /dev/mapper/db), lv $(_list_limits /dev/vga/lv)"
  list limits (segments bytes): db 128 262144, lv 128 262144

An atomic list of three ranges through the LV: logged by dm-atomic, at the LV's offset.

  $ logged() { dm-atomic-setup --json status db | python3 -c 'import json,sys; print(json.load(sys.stdin)["logged_bios"])'; }
  $ b0=$(logged)
  $ atomic-list /dev/vga/lv 66 0:4096 1048576:8192 33554432:4096
  wrote 3 ranges atomically
  $ [ $(logged) -ge $((b0 + 3)) ] && echo "through the log"
  through the log
  $ dd if=/dev/vga/lv bs=4096 skip=256 count=2 iflag=direct status=none | tr -d B | wc -c
  0
  $ dd if=/dev/mapper/db bs=4096 skip=$((256 + 256)) count=2 iflag=direct status=none | tr -d B | wc -c
  0

Closed, the filter still hides the raw data disk.  With a catch-all "a|.*|" after the
rejections LVM finds the volume group on the raw disk by its other name, and without a filter
by its own: it could activate it there, on data older than the log's.

  $ vgchange -an vga >/dev/null
  $ dm-atomic-setup close db
  $ pvs --noheadings -o pv_name,vg_name; echo "exit $?"
  exit 0
  $ pvs --noheadings -o pv_name,vg_name --config "devices { global_filter = [ \"r|^$SCRATCH0\$|\", \"r|^$SCRATCH1\$|\", \"a|.*|\" ] }" 2>/dev/null | awk '{print $1, $2}'
  /dev/disk/by-id-lvmtest/virtio-raw-data vga
  $ rm -rf /dev/disk/by-id-lvmtest; rmdir /dev/disk 2>/dev/null; true
  $ pvs --noheadings -o pv_name,vg_name --config 'devices { global_filter = [ "a|.*|" ] }' 2>/dev/null | _filter_scratch | awk '{print $1, $2}'
  SCRATCH0 vga
  $ rm -rf $LVM_SYSTEM_DIR
