The initramfs-tools hook and local-top script (tools/system/initramfs-hook, initramfs-local-top;
installed as hooks/dm-atomic and scripts/local-top/dm-atomic).  The hook runs here with a fake
DESTDIR and stand-ins for initramfs-tools' copy_exec and manual_add_modules (they record what
they are given); the setup tool that lists the atomictab is a stand-in too, listing the entries
as written (the real one checks the file first).

  $ cd "$CRAMTMP"
  $ cat >functions <<'STUB'
  > copy_exec() { echo "copy_exec $1" >>"$CRAMTMP/calls"; }
  > manual_add_modules() { echo "manual_add_modules $*" >>"$CRAMTMP/calls"; }
  > STUB
  $ cat >setup <<'STUB'
  > #!/bin/sh
  > grep -v '^#' "$2"
  > STUB
  $ chmod +x setup
  $ hook() { rm -rf root calls; mkdir root; DESTDIR=$PWD/root DM_ATOMIC_HOOK_FUNCTIONS=$PWD/functions DM_ATOMIC_SETUP=$PWD/setup DM_ATOMIC_TAB=$PWD/$1 sh "$TOP/tools/system/initramfs-hook"; }
  $ [ -z "$(sh "$TOP/tools/system/initramfs-hook" prereqs)" ] && echo "no prerequisites"
  no prerequisites

No entry marked initramfs: the initramfs gets nothing.

  $ printf 'db /dev/sda2 /dev/sdb2 nofail\n' >tab0
  $ hook tab0; echo $?; find root -type f; [ -e calls ] || echo "nothing copied"
  0
  nothing copied

Two entries marked (one nofail, with a device timeout), one not.

  $ cat >tab <<'TAB'
  > # name  data              metadata                 options
  > root    PARTUUID=0f5a-01  /dev/disk/by-id/log-1    initramfs,max-bytes=256K
  > db      /dev/sdc1         /dev/sdd1                -
  > spare   /dev/sde1         /dev/sdf1                nofail,initramfs,x-systemd.device-timeout=2min
  > TAB
  $ hook tab; echo $?
  0
  $ (cd root && find . -type f | sort)
  ./etc/atomictab
  ./etc/dm-atomic/initramfs
  $ cat root/etc/dm-atomic/initramfs
  root 90 0
  spare 120 1
  $ cmp root/etc/atomictab tab && echo "the atomictab as it is"
  the atomictab as it is
  $ grep manual_add_modules calls
  manual_add_modules dm-mod dm-atomic crc32c crc32c_generic crc32c-intel
  $ grep -c copy_exec calls
  21
  $ grep -E 'copy_exec .*/(bash|dmsetup|blkid|dma-check|dm-atomic-setup)$' calls | sed 's|copy_exec .*/|copy_exec .../|'
  copy_exec .../bash
  copy_exec .../dmsetup
  copy_exec .../blkid
  copy_exec .../dma-check
  copy_exec .../dm-atomic-setup

A timeout that is not a time span is named, and the default applies.

  $ printf 'x /dev/a /dev/b initramfs,x-systemd.device-timeout=soon\n' >tab2
  $ hook tab2
  W: dm-atomic: x: x-systemd.device-timeout: 'soon' is not a time span; waiting 90 s for its disks
  $ cat root/etc/dm-atomic/initramfs
  x 90 0

A command the setup tool needs that is missing fails the hook (and update-initramfs with it),
naming it.

  $ mkdir bin; for c in sh awk grep cat mkdir cp rm; do ln -s "$(command -v $c)" bin/$c; done
  $ PATH=$PWD/bin hook tab
  E: dm-atomic: bash not found: the initramfs could not open the atomictab's initramfs entries
  [1]

The local-top script in the initramfs: each listed entry opened with open-tab; a disk not there
yet (exit status 4) waited for once a second up to the entry's seconds; an entry that does not
open stops the boot (panic), unless nofail.  Stand-ins for /scripts/functions, modprobe, sleep
and the setup tool (which finds its disks on the third try for "late").

  $ mkdir ib; cat >ib/functions <<'STUB'
  > log_begin_msg() { echo "begin: $*"; }
  > log_end_msg() { echo "end"; }
  > log_warning_msg() { echo "warning: $*"; }
  > panic() { echo "panic: $*"; exit 1; }
  > STUB
  $ printf '#!/bin/sh\necho "modprobe $*"\n' >ib/modprobe; printf '#!/bin/sh\n' >ib/sleep
  $ cat >ib/dm-atomic-setup <<'STUB'
  > #!/bin/sh
  > name=$5; n=$(cat "$CRAMTMP/try.$name" 2>/dev/null || echo 0); echo $((n + 1)) >"$CRAMTMP/try.$name"
  > echo "open-tab $name (try $((n + 1)))"
  > case $name in ok) exit 0 ;; late) [ $n -ge 2 ] && exit 0; exit 4 ;; missing|gone) exit 4 ;; *) exit 2 ;; esac
  > STUB
  $ chmod +x ib/*
  $ localtop() { printf '%s\n' "$@" >list; rm -f try.*; PATH=$PWD/ib:$PATH DM_ATOMIC_INITRAMFS_FUNCTIONS=$PWD/ib/functions DM_ATOMIC_INITRAMFS_LIST=$PWD/list sh "$TOP/tools/system/initramfs-local-top"; }
  $ localtop "ok 90 0" "late 90 0" "gone 2 1"
  modprobe -q dm-atomic
  open-tab ok (try 1)
  open-tab late (try 1)
  begin: dm-atomic: waiting for the disks of late
  open-tab late (try 2)
  open-tab late (try 3)
  end
  open-tab gone (try 1)
  begin: dm-atomic: waiting for the disks of gone
  open-tab gone (try 2)
  open-tab gone (try 3)
  end
  warning: dm-atomic: gone not opened (nofail): see the messages above
  $ localtop "missing 1 0" "ok 90 0"
  modprobe -q dm-atomic
  open-tab missing (try 1)
  begin: dm-atomic: waiting for the disks of missing
  open-tab missing (try 2)
  end
  panic: dm-atomic: cannot open missing (see the messages above); the root file system may be on it
  [1]
  $ localtop "damaged 90 0"
  modprobe -q dm-atomic
  open-tab damaged (try 1)
  panic: dm-atomic: cannot open damaged (see the messages above); the root file system may be on it
  [1]
