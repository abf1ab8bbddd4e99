dm-atomic-setup open reports the kernel's reason for refusing a table from the kernel log,
without clearing the log (no dmesg -C: the log belongs to everyone) and only from lines about
its own device: the table line of its dm device (MAJ:MIN) or the target's lines naming it or
its metadata device, written after the open began.  Another device refused at the same time
(a parallel open) is not taken for this one.  Here dmsetup, dmesg and blockdev are stand-ins
(nothing reaches device-mapper); the devices are nodes of block major 60 (local use: no driver
behind them).

  $ cd "$CRAMTMP"
  $ export STUB=$CRAMTMP/stub; mkdir -p $STUB/bin $STUB/dev; export PATH=$STUB/bin:$PATH
  $ cat >$STUB/bin/dmesg <<'EOF'
  > #!/bin/bash
  > echo "dmesg $*" >>"$STUB/calls"
  > case " $* " in *" -C "*|*" -c "*|*" --clear "*|*" --read-clear "*) : >"$STUB/klog"; exit 0 ;; esac
  > cat "$STUB/klog"
  > EOF
  $ cat >$STUB/bin/blockdev <<'EOF'
  > #!/bin/bash
  > [ "$1" = --getsz ] && echo 1048576
  > EOF
  $ cat >$STUB/bin/dmsetup <<'EOF'
  > #!/bin/bash
  > # device-mapper as far as dm-atomic-setup open sees it: a device is $STUB/dev/NAME holding
  > # its minor; loading or resuming runs $STUB/kernel, which writes the kernel log.
  > echo "dmsetup $*" >>"$STUB/calls"
  > [ "$1" = --noudevsync ] && shift
  > cmd=$1; shift
  > new() { n=$(cat "$STUB/next-minor" 2>/dev/null || echo 5); echo $((n + 1)) >"$STUB/next-minor"; echo $n >"$STUB/dev/$1"; }
  > case "$cmd" in
  > info)
  > 	name=${!#}
  > 	[ -f "$STUB/dev/$name" ] || { echo "Device does not exist." >&2; exit 1; }
  > 	case " $* " in *" -c "*) echo "253:$(cat "$STUB/dev/$name")" ;; *) echo "Name: $name" ;; esac ;;
  > create)
  > 	name=$1; shift
  > 	[ -f "$STUB/dev/$name" ] && { echo "device $name exists" >&2; exit 1; }
  > 	new "$name"
  > 	if [ "${1:-}" = --table ]; then
  > 		"$STUB/kernel" load "253:$(cat "$STUB/dev/$name")" && "$STUB/kernel" resume "253:$(cat "$STUB/dev/$name")" ||
  > 			{ rm "$STUB/dev/$name"; exit 1; }
  > 	fi ;;
  > load|resume)
  > 	[ -f "$STUB/dev/$1" ] || exit 1
  > 	"$STUB/kernel" $cmd "253:$(cat "$STUB/dev/$1")" ;;
  > remove) rm "$STUB/dev/$1" ;;
  > message) printf 'replay_end=unwritten block\nreplayed_txns=0\n' ;;
  > *) echo "dmsetup stand-in: $cmd?" >&2; exit 1 ;;
  > esac
  > EOF
  $ chmod +x $STUB/bin/*
  $ mknod data b 60 1; mknod meta b 60 2

The kernel's log holds older lines, among them a refusal of an earlier device that had the
same minor (minors are reused).  This time the table is refused because the disks are busy,
and at the same moment another device (253:7) is refused for another reason.

  $ printf '%s\n' '[    1.000000] device-mapper: atomic: crc32c by crc32c-intel' \
  >   '[    2.000000] device-mapper: table: 253:5: atomic: Metadata device too small for max_bytes and max_segments (-EINVAL)' \
  >   '[    2.000001] device-mapper: ioctl: error adding target to table' >$STUB/klog
  $ cat >$STUB/kernel <<'EOF'
  > #!/bin/bash
  > # kernel OP MAJ:MIN: the table of MAJ:MIN is refused as busy, and a parallel open of
  > # another device (253:7) is refused right after it.
  > [ "$1" = load ] || exit 0
  > printf '%s\n' "[   10.000000] device-mapper: table: $2: atomic: Device already in use by another dm-atomic device (-EBUSY)" \
  >   '[   10.000001] device-mapper: ioctl: error adding target to table' \
  >   '[   10.000002] device-mapper: table: 253:7: atomic: Invalid max_memory: less than the largest list takes in memory ((1 + max_bytes / 4096 + max_segments) x 4096 bytes) (-EINVAL)' \
  >   '[   10.000003] device-mapper: ioctl: error adding target to table' >>"$STUB/klog"
  > exit 1
  > EOF
  $ chmod +x $STUB/kernel
  $ dm-atomic-setup open data meta db
  activating db (the kernel replays the log if a crash left one)...
  dm-atomic-setup: the kernel refused the table: Device already in use by another dm-atomic device (-EBUSY)
  [5]

Nothing was cleared from the kernel log, and nothing is left behind.

  $ grep -c . $STUB/klog
  7
  $ grep '^dmesg' $STUB/calls | sed 's/ *$//' | sort -u
  dmesg
  $ ls $STUB/dev

Refused at resume (the target's preresume: it names the dm device), again beside another
device's refusal; a line of the other device printed before this open began is not taken.

  $ echo '[   11.000000] device-mapper: atomic: Log damaged (253:6: cannot activate, error -22)' >>$STUB/klog
  $ cat >$STUB/kernel <<'EOF'
  > #!/bin/bash
  > [ "$1" = resume ] || exit 0
  > printf '%s\n' "[   12.000000] device-mapper: atomic: Metadata device changed between table load and resume ($2: cannot activate, error -5)" \
  >   '[   12.000001] device-mapper: atomic: Log damaged (253:9: cannot activate, error -22)' >>"$STUB/klog"
  > exit 1
  > EOF
  $ dm-atomic-setup open data meta db
  activating db (the kernel replays the log if a crash left one)...
  dm-atomic-setup: the kernel refused the table: Metadata device changed between table load and resume (253:6: cannot activate, error -5)
  [2]
  $ ls $STUB/dev

A table the kernel takes: the device is created, loaded and resumed.

  $ printf '#!/bin/bash\nexit 0\n' >$STUB/kernel
  $ : >$STUB/calls
  $ dm-atomic-setup open data meta db
  activating db (the kernel replays the log if a crash left one)...
  /dev/mapper/db: 512 MiB, log ended: unwritten block, replayed 0 transaction(s)
  $ grep '^dmesg' $STUB/calls | sed 's/ *$//' | sort -u
  dmesg
  $ grep '^dmsetup' $STUB/calls | grep -v ' info '
  dmsetup create db --notable
  dmsetup load db --table 0 1048576 atomic data meta
  dmsetup resume db
  dmsetup message db 0 stats
  $ ls $STUB/dev
  db
