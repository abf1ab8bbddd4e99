#!/usr/bin/env bash
# Boot the guest once.
#
#   run-vm.sh --build DIR --rootfs IMG --out DIR [--mode test|demo|shell] [--tests FILE]
#             [--timeout SECONDS] [--disks DIR] [--cut-after SECONDS] [--env NAME=VALUE]...
#             [--payload DIR:NAME]...
#
# --disks DIR        keep the scratch disks in DIR across boots (created zeroed when missing)
# --cut-after N      a power cut: kill QEMU (SIGKILL) N seconds after the guest prints @@DMA-CUT
# --env NAME=VALUE   put NAME=VALUE in the guest's environment (on the kernel command line,
#                    which hands it to init); NAME must start with DMA_, VALUE has no spaces
# --qemu-arg ARGS    more QEMU arguments (split at spaces), e.g. the benchmark's disks
# --label TEXT       added to each test's progress line, e.g. "(stock kernel)"
# --payload DIR:NAME copy the files of DIR to /payload/NAME in the guest (e.g. packages)
#
# A build directory with an initrd.img (qemu-scripts/stock-kernel.sh) boots with it.
#
# Makes a payload disk (our tools, the dm-atomic module, the kernel's modules, the VM tests,
# guest-run.sh, the test list), four fresh sparse 512 MiB scratch disks and a results disk,
# boots QEMU (TCG by default; KVM only after a probe boot proved it works here, see
# DMA_ACCEL below), streams the console to OUT/console.log and unpacks the guest's results
# into OUT/results.  Exit status: 0 the guest finished its run, 1 it did not (panic, timeout,
# no result).  DMA_ACCEL=tcg|kvm|auto (default tcg; auto = probe once, cache the verdict);
# DMA_TCG_THREAD=single|multi (default single: both vCPUs share one host thread, which keeps
# guest timers sane on a loaded host); DMA_BOOT_TIMEOUT (default 120 s to reach init).
source "$(dirname "$0")/common.sh"

mode=test tests= timeout=900 build= rootfs= out= disks= cut= genv= qextra=() label= pextra=()
while [ $# -gt 0 ]; do
	case "$1" in
	--build) build=$2; shift 2 ;;
	--rootfs) rootfs=$2; shift 2 ;;
	--out) out=$2; shift 2 ;;
	--mode) mode=$2; shift 2 ;;
	--tests) tests=$2; shift 2 ;;
	--timeout) timeout=$2; shift 2 ;;
	--disks) disks=$2; shift 2 ;;
	--cut-after) cut=$2; shift 2 ;;
	--qemu-arg) qextra+=($2); shift 2 ;;
	--label) label=" $2"; shift 2 ;;
	--payload)
		[[ "$2" =~ ^[^:]+:[A-Za-z0-9._-]+$ ]] && [ -d "${2%:*}" ] || die "run-vm.sh: --payload wants DIR:NAME with an existing DIR (got '$2')"
		pextra+=("$2"); shift 2 ;;
	--env)
		[[ "$2" =~ ^DMA_[A-Z0-9_]+=[^[:space:]]*$ ]] || die "run-vm.sh: --env wants DMA_NAME=VALUE without spaces (got '$2')"
		genv+=" $2"; shift 2 ;;
	*) die "run-vm.sh: unknown argument '$1'" ;;
	esac
done
[ -f "$build/arch/x86/boot/bzImage" ] || die "no kernel at $build (run qemu-scripts/kernel.sh)"
[ -f "$rootfs" ] || die "no root filesystem at '$rootfs' (run qemu-scripts/rootfs.sh)"
[ -n "$out" ] || die "--out is required"
rm -rf "$out"
mkdir -p "$out/payload/bin" "$out/payload/test-bin" "$out/payload/modules" "$out/payload/tests" "$out/results"

# --- payload -------------------------------------------------------------------------------
p=$out/payload
[ -d "$TOP/tools/bin" ] && cp -a "$TOP/tools/bin/." "$p/bin/"
[ -d "$TOP/tools/test-bin" ] && cp -a "$TOP/tools/test-bin/." "$p/test-bin/"
# The udev rule and the generator (tools/system), for tests/vm/atomictab.t.
[ -d "$TOP/tools/system" ] && cp -a "$TOP/tools/system" "$p/system"
# The Debian packages, when make deb (or tests/host/deb.t) built them: tests/vm/deb-install.t.
if ls "$TOP"/out/deb/*.deb >/dev/null 2>&1; then mkdir -p "$p/deb" && cp "$TOP"/out/deb/*.deb "$p/deb/"; fi
for x in "${pextra[@]}"; do mkdir -p "$p/${x##*:}" && cp -a "${x%:*}/." "$p/${x##*:}/"; done
[ -f "$build/$EXT_NAME/dm-atomic/dm-atomic.ko" ] && cp "$build/$EXT_NAME/dm-atomic/dm-atomic.ko" "$p/modules/"
for k in "$build/$EXT_NAME"/kmod/*.ko; do [ -f "$k" ] && cp "$k" "$p/modules/"; done
[ -d "$build/modinst/lib/modules" ] && mkdir -p "$p/lib" && cp -a "$build/modinst/lib/modules" "$p/lib/"
cp -a "$TOP/tests/vm" "$p/tests/"
[ -d "$TOP/tests/demo" ] && cp -a "$TOP/tests/demo" "$p/tests/"
[ -d "$TOP/tests/powercut" ] && cp -a "$TOP/tests/powercut" "$p/tests/"
[ -d "$TOP/tests/apps" ] && cp -a "$TOP/tests/apps" "$p/tests/"
cp "$SCRIPTS/guest-run.sh" "$p/"
cp "$build/../info" "$p/kernel-info" 2>/dev/null || echo "source: unknown" >"$p/kernel-info"
# The kernel's configuration, as /boot/config-KREL of an installed kernel (mkinitramfs reads it:
# tests/powercut/initramfs-prepare.sh).
cp "$build/.config" "$p/kernel-config" 2>/dev/null || true
cp "$SERIES_DIR/series" "$p/series" 2>/dev/null || : >"$p/series"
if [ -n "$tests" ]; then cp "$tests" "$p/test-list"; else : >"$p/test-list"; fi
mke2fs -q -t ext4 -L dma-payload -d "$p" "$out/payload.img" 256M >/dev/null
truncate -s 64M "$out/results.img"
sdir=${disks:-$out}
mkdir -p "$sdir"
for i in 0 1 2 3; do [ -n "$disks" ] && [ -f "$sdir/scratch$i.img" ] || truncate -s 512M "$sdir/scratch$i.img"; done

# --- accelerator ---------------------------------------------------------------------------
qemu_ver=$(qemu-system-x86_64 --version | head -n1)
accel=${DMA_ACCEL:-tcg}
if [ "$accel" = auto ]; then
	verdict_file=$DMA_CACHE/kvm-probe-$(echo "$(uname -r) $qemu_ver" | sha256sum | cut -c1-8)
	if [ ! -f "$verdict_file" ]; then
		accel=tcg
		if [ -w /dev/kvm ]; then
			log "probing KVM with a 30 s boot"
			if timeout 30 qemu-system-x86_64 $(qemu_accel_args kvm) -m 512 -display none -no-reboot \
				-serial stdio -monitor none -kernel "$build/arch/x86/boot/bzImage" \
				-append "console=ttyS0 panic=-1 init=/bin/true pci=noacpi" </dev/null 2>&1 |
				grep -q 'Run /bin/true as init process\|Kernel panic - not syncing: Attempted to kill init'; then
				accel=kvm
			fi
		fi
		echo "$accel" >"$verdict_file"
		log "KVM probe verdict: $accel (cached in $verdict_file)"
	fi
	accel=$(cat "$verdict_file")
fi

mem=2048
[ -n "${DMA_VM_MEM:-}" ] && mem=$DMA_VM_MEM
append="console=ttyS0 root=/dev/vda ro rootfstype=ext4 init=/sbin/dma-init panic=-1 oops=panic"
# bio_set slabs may be failed alone by failslab (its cache-filter), to show what waits for a
# mempool's reserve (write-list-mempressure.t); nothing else changes for them.
append+=" slub_debug=A,bio-*"
# no_timer_check: under TCG on a loaded host the IO-APIC timer check at boot can
# miss its ticks and panic ("IO-APIC + timer doesn't work!"); the timer works.
append+=" no_timer_check"
append+=" pci=noacpi loglevel=5 DMA_MODE=$mode ${DMA_TEST_TIMEOUT:+DMA_TEST_TIMEOUT=$DMA_TEST_TIMEOUT}$genv"
# KASAN reports only its first bad access unless told otherwise: one early report would
# silence every later one, and the runner attributes each report to the test that ran.
grep -qx 'CONFIG_KASAN=y' "$build/.config" 2>/dev/null && append+=" kasan_multi_shot"
args=(
	$(qemu_accel_args "$accel") -smp 2 -m "$mem" -no-reboot -monitor none
	-kernel "$build/arch/x86/boot/bzImage" -append "$append"
	$(if [ -f "$build/initrd.img" ]; then echo "-initrd $build/initrd.img"; fi)
	$(qemu_disk "$rootfs" root snapshot=on)
	$(qemu_disk "$out/payload.img" payload readonly=on)
	$(qemu_disk "$out/results.img" results)
	-device isa-debug-exit,iobase=0xf4,iosize=0x04
)
for i in 0 1 2 3; do args+=($(qemu_disk "$sdir/scratch$i.img" "scratch$i" discard=unmap,detect-zeroes=unmap,cache=unsafe)); done
args+=("${qextra[@]}")

echo "qemu-system-x86_64 ${args[*]}" >"$out/qemu-cmdline"
if [ "$mode" = shell ]; then
	log "interactive guest: log in is automatic; 'exit' or Ctrl-a x leaves"
	qemu-system-x86_64 "${args[@]}" -nographic || true
	exit 0
fi

# A guest that does not reach its init in time is booted again (up to 3 tries): under TCG on
# a loaded 2-core host a vCPU can miss its timer during SMP bring-up and the boot stalls.
boot_timeout=${DMA_BOOT_TIMEOUT:-120}
show() {
	# A stray byte (0xff) may precede a line of the serial console: dropped.
	LC_ALL=C sed -u 's/^\xff//' | show_lines
}
show_lines() {
	if [ "$mode" = test ]; then
		# The serial console ends its lines with CR LF: no CR in what the user reads.
		grep --line-buffered -a '^@@DMA-END' | while read -r _ t st secs; do
			secs=${secs%$'\r'}
			printf '  %-7s %s%s (%s s in the guest)\n' "$st" "$t" "$label" "$secs"
		done
	else
		grep --line-buffered -av '^@@DMA-GUEST\|^\[ *[0-9.]*\] \|^\s*$' | sed -u 's/^@@DMA-CUT/   (guest:)/'
	fi
}
for attempt in 1 2 3; do
	log "booting the guest ($accel, $mem MiB, timeout ${timeout} s; console: $out/console.log)"
	: >"$out/console.log"
	truncate -s 0 "$out/results.img"; truncate -s 64M "$out/results.img"
	set +e
	timeout -k 5 "$timeout" qemu-system-x86_64 "${args[@]}" -display none -serial "file:$out/console.log" \
		</dev/null >"$out/qemu.stderr" 2>&1 &
	qpid=$!
	booted=0
	# Not anchored: the serial line sometimes delivers a stray byte (0xff) just before the
	# init's first line, and a boot taken for stalled is booted again on the same disks.
	for ((i = 0; i < boot_timeout; i++)); do
		grep -aq '@@DMA-GUEST' "$out/console.log" && { booted=1; break; }
		kill -0 "$qpid" 2>/dev/null || break
		sleep 1
	done
	if [ $booted = 0 ] && kill -0 "$qpid" 2>/dev/null; then
		kill "$qpid"; wait "$qpid"
		cp "$out/console.log" "$out/console-stalled-boot-$attempt.log"
		log "the guest did not reach its init within ${boot_timeout} s (try $attempt of 3; console kept in console-stalled-boot-$attempt.log)"
		set -e
		[ "$attempt" -lt 3 ] && continue
		echo 124 >"$out/qemu.rc"
		die "the guest never booted; see $out/console-stalled-boot-*.log"
	fi
	if [ -n "$cut" ]; then
		(
			while kill -0 "$qpid" 2>/dev/null && ! grep -aq '@@DMA-CUT' "$out/console.log"; do sleep 0.2; done
			kill -0 "$qpid" 2>/dev/null || exit 0
			sleep "$cut"
			echo "@@DMA-POWERCUT" >>"$out/power-cut"
			pkill -KILL -f "qemu-system-x86_64 .*$out/payload.img" || true
		) &
	fi
	tail -n +1 -f --pid="$qpid" "$out/console.log" | show
	{ wait "$qpid"; } 2>/dev/null
	rc=$?
	set -e
	break
done
echo "$rc" >"$out/qemu.rc"
tar -xf "$out/results.img" -C "$out/results" 2>/dev/null || true
[ -n "$disks" ] || rm -f "$out/scratch"*.img
if [ -f "$out/power-cut" ]; then
	log "POWER CUT: QEMU was killed ${cut} s after the guest started writing"
	exit 0
fi
if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
	log "the guest did not finish within ${timeout} s (killed); console: $out/console.log"
	exit 1
fi
if grep -aq 'Kernel panic' "$out/console.log"; then
	log "the guest kernel PANICKED; console: $out/console.log"
	grep -a -m1 -B2 -A20 'Kernel panic\|BUG:\|Oops' "$out/console.log" | head -n 40 >&2
	exit 1
fi
if ! grep -aq '^@@DMA-DONE' "$out/console.log" && [ "$mode" = test ]; then
	log "the guest stopped before finishing its run (qemu exit $rc); console: $out/console.log"
	tail -n 20 "$out/console.log" >&2
	exit 1
fi
exit 0
