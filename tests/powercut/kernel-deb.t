Our kernel as Debian packages (qemu-scripts/kernel-deb-boot.sh): the lean test kernel packaged
by the kernel's own bindeb-pkg (qemu-scripts/kernel-deb.sh lean; make kernel-deb does the same
with Debian's whole configuration), unpacked as dpkg would, dm-atomic built against the
linux-headers package by DKMS with the dkms.conf of the dm-atomic-dkms package, and the
packaged kernel booted: dpkg installs both packages in the guest (their hooks make the
initramfs), the kernel running is the package's, and the DKMS module makes a dm-atomic device
that takes an atomic list.

  $ [ "${KERNEL:-lean}" = lean ] || { echo "skipped: packages the lean kernel (KERNEL=$KERNEL)" >&2; exit 80; }
  $ log=$TOP/out/kernel-deb-boot.log
  $ "$TOP/qemu-scripts/kernel-deb-boot.sh" >"$log" 2>&1 || cat "$log"
  $ sed -E 's/[0-9]+\.[0-9]+\.[0-9]+-3\+dma[0-9]+/V/g; s/\([0-9.]+[KM]\)/(S)/; s/[0-9]+ transaction/N transaction/' "$log"
  kernel-deb-boot: package: linux-image-6.1.192-dm-atomic V (S)
  kernel-deb-boot: package: linux-headers-6.1.192-dm-atomic V (S)
  kernel-deb-boot: dm-atomic built by DKMS against linux-headers-6.1.192-dm-atomic
  guest: running kernel: 6.1.192-dm-atomic
  guest: installed: linux-image-6.1.192-dm-atomic V install ok installed
  guest: installed: linux-headers-6.1.192-dm-atomic V install ok installed
  guest: the package's hooks made /boot/initrd.img-6.1.192-dm-atomic
  guest: /lib/modules/6.1.192-dm-atomic/build: the headers DKMS builds against
  guest: /boot/vmlinuz-6.1.192-dm-atomic is the kernel running
  guest: dm-atomic (DKMS) built for 6.1.192-dm-atomic
  guest: dm-atomic device: write lists of 128 segments, 1048576 bytes
  guest: an atomic list of 3 ranges: written, read back whole, N transaction(s)
  guest: DONE
  kernel-deb-boot: ok
