What run-vm.sh reads on the guest's serial console, with a stub in place of QEMU that
writes a console as a guest does.  A serial line can deliver a stray byte (0xff) just
before the guest init's first line; the boot must still count as reached (else the host
waits out its boot limit and boots the guest again on the same disks), and a power-cut
boot must still be cut.

  $ stub=$PWD/stub; mkdir -p $stub/bin build/arch/x86/boot out
  $ : > build/arch/x86/boot/bzImage; : > rootfs.img
  $ cat > $stub/bin/qemu-system-x86_64 <<'SH'
  > #!/bin/bash
  > [ "$1" = --version ] && { echo "QEMU emulator version 0 (stub)"; exit 0; }
  > for a; do case $a in file:*) con=${a#file:} ;; esac; done
  > printf '[    0.100000] booting\r\n\377@@DMA-GUEST kernel stub, mode powercut\r\n@@DMA-CUT\r\n' >> "$con"
  > sleep 60
  > SH
  $ chmod +x $stub/bin/qemu-system-x86_64
  $ run() { PATH=$stub/bin:$PATH DMA_BOOT_TIMEOUT=8 "$TOP/qemu-scripts/run-vm.sh" --build build --rootfs rootfs.img \
  >   --out out/b --mode powercut --disks out/disks --cut-after 0.5 --timeout 40 "$@" 2>&1 | sed 's/^\[[0-9:]*\] //'; }
  $ s=$SECONDS; run | grep -av '^booting the guest\|^ *(guest:)\| Killed  \|^\[ '
  POWER CUT: QEMU was killed 0.5 s after the guest started writing
  $ [ $((SECONDS - s)) -lt 8 ] && echo "cut before the boot limit"
  cut before the boot limit
  $ ls out/b/ | grep -c stalled || true
  0
