# What every boot of a power-cut chain does alike (cycle.sh, cycle-sqlite.sh, cycle-mariadb.sh
# source it, in the guest as DMA_MODE=powercut).  Lines for the host start with "@@DMA-PC ";
# qemu-scripts/powercut.sh reads "started", "activated ...", "verify boot K: summary ...",
# "FAIL ..." and "DONE".
set -u
export DM_DISABLE_UDEV=1
dmsetup() { command dmsetup --noudevsync "$@"; }
pc() { echo "@@DMA-PC cycle $cycle: $*"; }
up() { cut -d' ' -f1 /proc/uptime; }
fail() { pc "FAIL $*"; exit 1; }

cycle=${DMA_PC_CYCLE:?} final=${DMA_PC_FINAL:-0} seed=${DMA_PC_SEED:-1}

# pc_journal: the journal disk (SCRATCH3, made on the first boot) mounted sync on /journal.
pc_journal() {
	pc "started at $(up) s"
	mkdir -p /journal
	if [ "$cycle" = 1 ]; then
		mkfs.ext4 -q -F "$SCRATCH3" || fail "mkfs of the journal disk"
	fi
	mount -o sync "$SCRATCH3" /journal || fail "cannot mount the journal disk"
}

# pc_activate SECTORS LABEL [FEATURES...]: the target pc over /dev/mapper/pcd and pcm (the
# caller made them) activated on what the last cut left; says what recovery did.
pc_activate() {
	local sectors=$1 label=$2 msg
	shift 2
	dmesg -C
	if ! dmsetup create pc --table "0 $sectors atomic /dev/mapper/pcd /dev/mapper/pcm $*"; then
		dmesg | tail -n 5
		fail "activation refused"
	fi
	msg=$(dmesg | grep -o 'atomic: .*replayed.*\|atomic: .*formatted.*\|atomic: .*recover.*' | head -n 1)
	pc "activated ($label): ${msg:-no recovery message}"
}

# pc_done: the last boot: remove the target cleanly, check the metadata, unload, DONE.
pc_done() {
	dmsetup remove pc || fail "remove"
	dmsetup remove pcd pcm
	dma-check -q "$SCRATCH1" >/tmp/check 2>&1 || { cat /tmp/check; fail "dma-check after a clean remove"; }
	rmmod dm_atomic || fail "rmmod"
	umount /journal
	pc "DONE"
	exit 0
}

# acked: the largest number any boot's journal (/journal/jK) holds, for the database chains
# that journal one number a commit: the last acknowledged transaction.
acked() { cat /journal/j* 2>/dev/null | grep -x '[0-9]*' | sort -n | tail -n 1; }
