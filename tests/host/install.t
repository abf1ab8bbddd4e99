make install into a DESTDIR: the user tools, the setup tool (with its version), the man pages,
the udev rule and the atomictab generator (with the installed paths in them), the metrics
collector for node_exporter with its systemd service and timer, the initramfs-tools hook and
boot script, the examples,
the SQLite VFS extension (built when libsqlite3-dev is installed: make test installs it);
never the test helpers or make bench's drivers.  make uninstall removes all of it.

  $ cd "$TOP"
  $ d=$CRAMTMP/root
  $ make -s install DESTDIR=$d PREFIX=/usr >/dev/null; echo $?
  0
  $ (cd $d && find . -type f | sort)
  ./usr/lib/dm-atomic/atomicblk.so
  ./usr/lib/systemd/system-generators/dm-atomic-generator
  ./usr/lib/systemd/system/dm-atomic-textfile.service
  ./usr/lib/systemd/system/dm-atomic-textfile.timer
  ./usr/lib/udev/rules.d/58-dm-atomic.rules
  ./usr/sbin/dm-atomic-setup
  ./usr/sbin/dm-atomic-textfile
  ./usr/sbin/dma-bench
  ./usr/sbin/dma-check
  ./usr/sbin/dma-dump
  ./usr/sbin/dma-exercise
  ./usr/sbin/dma-format
  ./usr/sbin/dma-replay
  ./usr/sbin/dma-verify
  ./usr/share/bash-completion/completions/dm-atomic-setup
  ./usr/share/bash-completion/completions/dma-bench
  ./usr/share/bash-completion/completions/dma-check
  ./usr/share/bash-completion/completions/dma-dump
  ./usr/share/bash-completion/completions/dma-exercise
  ./usr/share/bash-completion/completions/dma-format
  ./usr/share/bash-completion/completions/dma-replay
  ./usr/share/bash-completion/completions/dma-verify
  ./usr/share/doc/dm-atomic-tools/atomictab
  ./usr/share/doc/dm-atomic-tools/lvm-filter.conf
  ./usr/share/initramfs-tools/hooks/dm-atomic
  ./usr/share/initramfs-tools/scripts/local-top/dm-atomic
  ./usr/share/man/man5/atomictab.5
  ./usr/share/man/man8/dm-atomic-setup.8
  ./usr/share/man/man8/dm-atomic-textfile.8
  ./usr/share/man/man8/dm-atomic.8
  ./usr/share/man/man8/dma-bench.8
  ./usr/share/man/man8/dma-check.8
  ./usr/share/man/man8/dma-dump.8
  ./usr/share/man/man8/dma-exercise.8
  ./usr/share/man/man8/dma-format.8
  ./usr/share/man/man8/dma-replay.8
  ./usr/share/man/man8/dma-verify.8
  $ (cd $d && find . -type f -perm -u+x | sort | tr '\n' ' ')
  ./usr/lib/systemd/system-generators/dm-atomic-generator ./usr/sbin/dm-atomic-setup ./usr/sbin/dm-atomic-textfile ./usr/sbin/dma-bench ./usr/sbin/dma-check ./usr/sbin/dma-dump ./usr/sbin/dma-exercise ./usr/sbin/dma-format ./usr/sbin/dma-replay ./usr/sbin/dma-verify ./usr/share/initramfs-tools/hooks/dm-atomic ./usr/share/initramfs-tools/scripts/local-top/dm-atomic  (no-eol)
  $ grep -rlI '@[A-Z]*@' $d || echo "no placeholder left"
  no placeholder left
  $ grep -h 'dm-atomic-setup probe' $d/usr/lib/udev/rules.d/58-dm-atomic.rules
  IMPORT{program}="/usr/sbin/dm-atomic-setup probe $devnode"
  $ grep -h '^setup=' $d/usr/lib/systemd/system-generators/dm-atomic-generator
  setup=/usr/sbin/dm-atomic-setup
  $ grep -h '^ExecStart=' $d/usr/lib/systemd/system/dm-atomic-textfile.service
  ExecStart=/usr/sbin/dm-atomic-textfile -o /var/lib/prometheus/node-exporter/dm_atomic.prom
  $ grep -h '^setup=\|^rules=' $d/usr/share/initramfs-tools/hooks/dm-atomic
  setup=/usr/sbin/dm-atomic-setup
  rules=/usr/lib/udev/rules.d/58-dm-atomic.rules
  $ [ "$($d/usr/sbin/dm-atomic-textfile --version)" = "dm-atomic-textfile $(cat tools/VERSION)" ] && echo "collector: version of the tree"
  collector: version of the tree
  $ [ "$($d/usr/sbin/dm-atomic-setup --version)" = "dm-atomic-setup $(cat tools/VERSION)" ] && echo "version of the tree"
  version of the tree
  $ [ "$(cd / && env -i $d/usr/sbin/dm-atomic-setup -L 64M size | head -n1)" = "log: 16384 blocks of 4096 bytes" ] && echo "runs from anywhere"
  runs from anywhere

The installed generator runs against the installed setup tool.

  $ printf 'db /dev/a /dev/b\n' >$CRAMTMP/tab; mkdir $CRAMTMP/u
  $ DM_ATOMIC_SETUP=$d/usr/sbin/dm-atomic-setup DM_ATOMIC_TAB=$CRAMTMP/tab $d/usr/lib/systemd/system-generators/dm-atomic-generator $CRAMTMP/u; ls $CRAMTMP/u
  dm-atomic-db.service
  local-fs-pre.target.requires
  $ grep ExecStart= $CRAMTMP/u/dm-atomic-db.service | sed "s|$CRAMTMP|T|g"
  ExecStart=/usr/sbin/dm-atomic-setup --tab T/tab open-tab db

The default prefix is /usr/local; uninstall leaves nothing but the directories.  initramfs-tools
does not read /usr/local, so there the hook goes to /etc/initramfs-tools.

  $ make -s install DESTDIR=$CRAMTMP/r2 >/dev/null; ls $CRAMTMP/r2/usr/local/sbin | wc -l
  9
  $ (cd $CRAMTMP/r2 && find etc -type f | sort)
  etc/initramfs-tools/hooks/dm-atomic
  etc/initramfs-tools/scripts/local-top/dm-atomic
  $ make -s uninstall DESTDIR=$CRAMTMP/r2; find $CRAMTMP/r2 -type f
  $ make -s uninstall DESTDIR=$d PREFIX=/usr; find $d -type f
