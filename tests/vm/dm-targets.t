The device-mapper targets the tests build on are in the kernel.

  $ . "$TESTDIR/lib.sh"
  $ for t in linear striped flakey log-writes dust delay zero snapshot thin-pool thin mirror raid; do
  >   dmsetup targets | awk '{print $1}' | grep -qx "$t" && echo "$t: present" || echo "$t: MISSING"
  > done
  linear: present
  striped: present
  flakey: present
  log-writes: present
  dust: present
  delay: present
  zero: present
  snapshot: present
  thin-pool: present
  thin: present
  mirror: present
  raid: present

md personalities are built in too.

  $ grep -o 'raid[0-9]*\|linear' /proc/mdstat | sort -u | tr '\n' ' '; echo
  linear raid0 raid1 raid10 raid4 raid5 raid6 
