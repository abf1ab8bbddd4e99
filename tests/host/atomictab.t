The atomictab on the host: dm-atomic-setup reads and checks it (list-tab), says which line is
wrong and why, the udev probe recognises a metadata superblock, and the systemd generator
turns the entries into units.  Opening from a tab is tested in the guest (tests/vm/atomictab.t).

  $ cd "$CRAMTMP"
  $ cat >tab <<'TAB'
  > # name  data               metadata             options
  > db      /dev/disk/by-id/d1  PARTUUID=0f5a9c1e-01  max-bytes=256K,high-watermark=60
  > 
  > big+1   UUID=1234           /dev/m2              -    # a comment
  > spare   LABEL=spare         PARTLABEL=spare-log  noauto,nofail,no-suspend-writeback,no-discard-passdown
  > TAB
  $ dm-atomic-setup --tab tab list-tab
  db /dev/disk/by-id/d1 PARTUUID=0f5a9c1e-01 max-bytes=256K,high-watermark=60
  big+1 UUID=1234 /dev/m2 -
  spare LABEL=spare PARTLABEL=spare-log noauto,nofail,no-suspend-writeback,no-discard-passdown
  $ DM_ATOMIC_TAB=tab dm-atomic-setup list-tab spare
  spare LABEL=spare PARTLABEL=spare-log noauto,nofail,no-suspend-writeback,no-discard-passdown
  $ dm-atomic-setup --tab tab list-tab nosuch
  dm-atomic-setup: tab: no entry named nosuch
  [4]
  $ dm-atomic-setup --tab nonexistent list-tab
  dm-atomic-setup: nonexistent: no such file
  [4]

The boot options the generator and the initramfs read (initramfs, x-systemd.device-timeout=,
as crypttab has them) are entries' options too; a time span systemd would not read is refused.

  $ printf '%s\n' "root /dev/sda2 /dev/sdb2 initramfs,x-systemd.device-timeout=5min" "late /dev/sdc /dev/sdd x-systemd.device-timeout=0,nofail" >boot
  $ dm-atomic-setup --tab boot list-tab
  root /dev/sda2 /dev/sdb2 initramfs,x-systemd.device-timeout=5min
  late /dev/sdc /dev/sdd x-systemd.device-timeout=0,nofail
  $ printf '%s\n' "late /dev/sdc /dev/sdd x-systemd.device-timeout=soon" >boot
  $ dm-atomic-setup --tab boot list-tab
  dm-atomic-setup: boot:1: x-systemd.device-timeout: 'soon' is not a time span (90, 90s, 2min, 0) (line skipped)
  [1]

Each bad line is named with its number and skipped; the other entries stand (list-tab prints
them, and exits 1 for the bad line).

  $ bad() { printf '%s\n' "db /dev/a /dev/b" "$1" >bad; dm-atomic-setup --tab bad list-tab; }
  $ bad "x /dev/c"
  dm-atomic-setup: bad:2: expected NAME DATA META [OPTIONS] (line skipped)
  db /dev/a /dev/b -
  [1]
  $ bad "x /dev/c /dev/d max-bytes=256K, noauto"
  dm-atomic-setup: bad:2: unexpected 'noauto' after the options (options are separated by commas, without spaces) (line skipped)
  db /dev/a /dev/b -
  [1]
  $ bad "db /dev/c /dev/d"
  dm-atomic-setup: bad:2: db is named twice (line skipped)
  db /dev/a /dev/b -
  [1]
  $ bad "x/y /dev/c /dev/d"
  dm-atomic-setup: bad:2: 'x/y' is not a usable device name (letters, digits and _.+-, at most 127, not . or ..) (line skipped)
  db /dev/a /dev/b -
  [1]
  $ bad "x vdc /dev/d"
  dm-atomic-setup: bad:2: 'vdc' is not a device (a path, UUID=, PARTUUID=, LABEL= or PARTLABEL=) (line skipped)
  db /dev/a /dev/b -
  [1]
  $ bad "x /dev/c /dev/d auto"
  dm-atomic-setup: bad:2: unknown option 'auto' (line skipped)
  db /dev/a /dev/b -
  [1]
  $ bad "x /dev/c /dev/d max-bytes=010x"
  dm-atomic-setup: bad:2: max-bytes: '010x' is not a size (bytes, or a number ending in K, M, G, T, P or E, or KiB, MiB, GiB, TiB, PiB or EiB: powers of 1024) (line skipped)
  db /dev/a /dev/b -
  [1]
  $ bad "x /dev/c /dev/d max-segments=253"
  dm-atomic-setup: bad:2: max-segments: '253' is out of range (1 to 252) (line skipped)
  db /dev/a /dev/b -
  [1]
  $ bad "x /dev/c /dev/d high-watermark=0x10"
  dm-atomic-setup: bad:2: high-watermark: '0x10' is not a number (line skipped)
  db /dev/a /dev/b -
  [1]

The values the kernel would refuse are refused here, with the kernel's rule (dm-atomic.rst,
"Feature arguments"; parse_features() in dm-atomic-target.c): max_bytes 512 to 16777216, a
multiple of 512; max_memory 512 to 2^40 and at least the largest list; zero_copy_bytes at most
4294967295; each feature once; the data and metadata devices not the same, and no device in
two entries.  A name must not be . or .. (/dev/mapper/..).

  $ bad "x /dev/c /dev/d max-bytes=0"
  dm-atomic-setup: bad:2: max-bytes=0: the kernel takes max_bytes of 512 to 16777216 bytes, a multiple of 512 (dm-atomic.rst) (line skipped)
  db /dev/a /dev/b -
  [1]
  $ bad "x /dev/c /dev/d max-bytes=100" 2>&1 | head -n1
  dm-atomic-setup: bad:2: max-bytes=100: the kernel takes max_bytes of 512 to 16777216 bytes, a multiple of 512 (dm-atomic.rst) (line skipped)
  $ bad "x /dev/c /dev/d max-bytes=1000" 2>&1 | head -n1
  dm-atomic-setup: bad:2: max-bytes=1000: the kernel takes max_bytes of 512 to 16777216 bytes, a multiple of 512 (dm-atomic.rst) (line skipped)
  $ bad "x /dev/c /dev/d max-bytes=32M" 2>&1 | head -n1
  dm-atomic-setup: bad:2: max-bytes=32M: the kernel takes max_bytes of 512 to 16777216 bytes, a multiple of 512 (dm-atomic.rst) (line skipped)
  $ bad "x /dev/c /dev/d max-memory=1" 2>&1 | head -n1
  dm-atomic-setup: bad:2: max-memory=1: the kernel takes max_memory of 512 to 1099511627776 bytes (dm-atomic.rst) (line skipped)
  $ bad "x /dev/c /dev/d max-memory=2T" 2>&1 | head -n1
  dm-atomic-setup: bad:2: max-memory=2T: the kernel takes max_memory of 512 to 1099511627776 bytes (dm-atomic.rst) (line skipped)
  $ bad "x /dev/c /dev/d max-memory=1M" 2>&1 | head -n1
  dm-atomic-setup: bad:2: max-memory=1M: the kernel takes max_memory of at least the largest list, (1 + max_bytes / 4096 + max_segments) x 4096 = 1576960 bytes for max_bytes 1048576 and max_segments 128 (dm-atomic.rst) (line skipped)
  $ bad "x /dev/c /dev/d max-bytes=64K,max-segments=8,max-memory=100K"
  db /dev/a /dev/b -
  x /dev/c /dev/d max-bytes=64K,max-segments=8,max-memory=100K
  $ bad "x /dev/c /dev/d zero-copy-bytes=4G" 2>&1 | head -n1
  dm-atomic-setup: bad:2: zero-copy-bytes=4G: the kernel takes zero_copy_bytes of 0 to 4294967295 bytes (dm-atomic.rst) (line skipped)
  $ bad "x /dev/c /dev/d zero-copy-bytes=99999999999999" 2>&1 | head -n1
  dm-atomic-setup: bad:2: zero-copy-bytes=99999999999999: the kernel takes zero_copy_bytes of 0 to 4294967295 bytes (dm-atomic.rst) (line skipped)
  $ bad "x /dev/c /dev/d all-writes-atomic-from=100" 2>&1 | head -n1
  dm-atomic-setup: bad:2: all-writes-atomic-from=100: the kernel takes all_writes_atomic_from of 512 to 16777216 bytes, a multiple of 512 (dm-atomic.rst) (line skipped)
  $ bad "x /dev/c /dev/d max-bytes=64K,all-writes-atomic-from=128K" 2>&1 | head -n1
  dm-atomic-setup: bad:2: all-writes-atomic-from=128K: the kernel takes all_writes_atomic_from of at most max_bytes (65536): a logged write is cut at max_bytes (dm-atomic.rst) (line skipped)
  $ bad "x /dev/c /dev/d all-writes-atomic-from=16K,all-writes-atomic" 2>&1 | head -n1
  dm-atomic-setup: bad:2: all-writes-atomic-from=16K: all_writes_atomic and all_writes_atomic_from exclude each other (all_writes_atomic logs every write) (line skipped)
  $ bad "x /dev/c /dev/d all-writes-atomic-from=16K"
  db /dev/a /dev/b -
  x /dev/c /dev/d all-writes-atomic-from=16K
  $ bad "x /dev/c /dev/d max-bytes=64K,high-watermark=50,max-bytes=128K" 2>&1 | head -n1
  dm-atomic-setup: bad:2: max-bytes is given twice (the kernel takes each feature once) (line skipped)
  $ bad "x /dev/c /dev/d noauto,noauto" 2>&1 | head -n1
  dm-atomic-setup: bad:2: noauto is given twice (line skipped)
  $ bad "x /dev/c /dev/c" 2>&1 | head -n1
  dm-atomic-setup: bad:2: the data and metadata devices are the same (/dev/c): the kernel refuses it (line skipped)
  $ bad "x /dev/c /dev/a" 2>&1 | head -n1
  dm-atomic-setup: bad:2: /dev/a is used by line 1 too: a device belongs to one entry (line skipped)
  $ bad "x /dev/b /dev/c" 2>&1 | head -n1
  dm-atomic-setup: bad:2: /dev/b is used by line 1 too: a device belongs to one entry (line skipped)
  $ ln -s /dev/null devnull; bad "x $PWD/devnull /dev/null" 2>&1 | head -n1 | sed "s|$PWD|D|"
  dm-atomic-setup: bad:2: the data and metadata devices are the same (D/devnull and /dev/null): the kernel refuses it (line skipped)
  $ bad ".. /dev/c /dev/d" 2>&1 | head -n1
  dm-atomic-setup: bad:2: '..' is not a usable device name (letters, digits and _.+-, at most 127, not . or ..) (line skipped)
  $ bad ". /dev/c /dev/d" 2>&1 | head -n1
  dm-atomic-setup: bad:2: '.' is not a usable device name (letters, digits and _.+-, at most 127, not . or ..) (line skipped)

One bad line among good ones: every good entry is listed, a named good entry is listed
without complaint, and naming the bad one says it is not usable.

  $ cat >mixed <<'TAB'
  > one    /dev/a1  /dev/b1
  > two    /dev/a2  /dev/b2  max-segments=999
  > three  /dev/a3  /dev/b3  noauto
  > TAB
  $ dm-atomic-setup --tab mixed list-tab
  dm-atomic-setup: mixed:2: max-segments: '999' is out of range (1 to 252) (line skipped)
  one /dev/a1 /dev/b1 -
  three /dev/a3 /dev/b3 noauto
  [1]
  $ dm-atomic-setup --tab mixed list-tab three 2>/dev/null
  three /dev/a3 /dev/b3 noauto
  $ dm-atomic-setup --tab mixed list-tab two three
  dm-atomic-setup: mixed:2: max-segments: '999' is out of range (1 to 252) (line skipped)
  dm-atomic-setup: mixed: the entry two is not usable (line 2, see above)
  three /dev/a3 /dev/b3 noauto
  [1]

open-tab: a device that is not there is named, with the entry; a nofail entry is only reported.

  $ printf '%s\n' "a /nonexistent/d1 /nonexistent/m1" "b /nonexistent/d2 /nonexistent/m2 nofail" >t2
  $ dm-atomic-setup --tab t2 open-tab
  dm-atomic-setup: a: data device /nonexistent/d1 not found
  dm-atomic-setup: b: data device /nonexistent/d2 not found
  dm-atomic-setup: b: not opened (nofail)
  [4]

A bad line is reported and skipped; the other entries are opened.

  $ printf '%s\n' "a /nonexistent/d1 /nonexistent/m1 max-memory=x" "b /nonexistent/d2 /nonexistent/m2" >t3
  $ dm-atomic-setup --tab t3 open-tab
  dm-atomic-setup: t3:1: max-memory: 'x' is not a size (bytes, or a number ending in K, M, G, T, P or E, or KiB, MiB, GiB, TiB, PiB or EiB: powers of 1024) (line skipped)
  dm-atomic-setup: b: data device /nonexistent/d2 not found
  [4]

probe (udev's IMPORT{program}): a dm-atomic superblock makes a metadata device; anything else
prints nothing, and the probe never fails.

  $ truncate -s 4M m.img; dm-atomic-setup probe m.img
  $ dma-format -s 1000 m.img >/dev/null; dm-atomic-setup probe m.img
  DM_ATOMIC_ROLE=metadata
  $ dm-atomic-setup --tab tab probe /nonexistent

The data disk of an entry is marked (here block nodes of major 60, which no driver has),
whatever bad lines the file holds; the data disk of a bad entry too, when its line names one:
that disk may still hold a file system older than its log, and nothing should mount it until
the line is fixed.

  $ mknod d1 b 60 1; mknod d2 b 60 2; mknod d3 b 60 3
  $ printf '%s\n' "broken $PWD/d2 /dev/m2 max-bytes=1x" "ok $PWD/d1 /dev/m1" "x y" >ptab
  $ dm-atomic-setup --tab ptab probe d1
  DM_ATOMIC_ROLE=data
  DM_ATOMIC_NAME=ok
  $ dm-atomic-setup --tab ptab probe d2
  DM_ATOMIC_ROLE=data
  DM_ATOMIC_NAME=broken
  $ dm-atomic-setup --tab ptab probe d3

The generator (as in the source tree: make install puts the installed path for @SBINDIR@): one
unit per entry, pulled in before local file systems (required, or only
wanted with nofail; not at all with noauto).

  $ gen() { rm -rf units; mkdir units; DM_ATOMIC_SETUP=$(command -v dm-atomic-setup) DM_ATOMIC_TAB=$PWD/$1 "$TOP/tools/system/dm-atomic-generator" units; }
  $ gen tab; echo $?; (cd units && find . | sort)
  0
  .
  ./dm-atomic-big\x2b1.service
  ./dm-atomic-db.service
  ./dm-atomic-spare.service
  ./local-fs-pre.target.requires
  ./local-fs-pre.target.requires/dm-atomic-big\x2b1.service
  ./local-fs-pre.target.requires/dm-atomic-db.service
  $ sed -e "s|$PWD|D|g" units/dm-atomic-db.service
  # Generated by dm-atomic-generator from D/tab
  [Unit]
  Description=dm-atomic device db
  Documentation=man:atomictab(5) man:dm-atomic-setup(8)
  SourcePath=D/tab
  DefaultDependencies=no
  IgnoreOnIsolate=true
  Conflicts=umount.target
  BindsTo=dev-disk-by\x2did-d1.device dev-disk-by\x2dpartuuid-0f5a9c1e\x2d01.device
  After=systemd-modules-load.service dev-disk-by\x2did-d1.device dev-disk-by\x2dpartuuid-0f5a9c1e\x2d01.device
  Before=umount.target local-fs-pre.target blockdev@dev-mapper-db.target
  Wants=blockdev@dev-mapper-db.target
  
  [Service]
  Type=oneshot
  RemainAfterExit=yes
  TimeoutStartSec=infinity
  ExecStartPre=-/sbin/modprobe dm-atomic
  ExecStart=@SBINDIR@/dm-atomic-setup --tab D/tab open-tab db
  ExecStop=@SBINDIR@/dm-atomic-setup --tab D/tab close-tab db
  $ grep blockdev units/dm-atomic-big*.service | head -n1
  Before=umount.target local-fs-pre.target blockdev@dev-mapper-big\x2b1.target
  $ printf 'db /dev/a /dev/b nofail\n' >t3; gen t3; (cd units && find . -name '*.service' | sort)
  ./dm-atomic-db.service
  ./local-fs-pre.target.wants/dm-atomic-db.service

A bad line makes no unit and is reported (systemd puts a generator's stderr in the journal);
the other entries still get theirs, and the generator exits 1.

  $ gen mixed 2>&1 | sed "s|$PWD/||"; (cd units && find . -name '*.service' | sort)
  dm-atomic-generator: dm-atomic-setup: mixed:2: max-segments: '999' is out of range (1 to 252) (line skipped)
  ./dm-atomic-one.service
  ./dm-atomic-three.service
  ./local-fs-pre.target.requires/dm-atomic-one.service
  $ gen mixed 2>/dev/null; echo $?
  1
  $ gen nonexistent; echo $?; ls units
  0
