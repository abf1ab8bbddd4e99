# Shared by tests/vm/crash-faults*.t (sourced after D, M, SCRATCH0/1 and T are set; the
# target is "cf" on the slices cf-d and cf-m).
swap() { dmsetup suspend --noflush $1 && dmsetup load $1 --table "$2" && dmsetup resume $1; }
# good: both slices back to plain dm-linear.
good() { swap cf-d "0 $D linear $SCRATCH0 0"; swap cf-m "0 $M linear $SCRATCH1 0"; }
mode() { dmsetup status cf | awk '{ print $NF }'; }
msum() { dd if=$SCRATCH1 bs=1M count=$((M / 2048)) iflag=direct status=none | sha256sum; }
# refused: activation must fail, say why in the kernel log, and write no metadata.
refused() {
	local before=$(msum)
	dmesg -C
	dmsetup create cf --table "$T" >/dev/null 2>&1 && echo "ACTIVATED"
	dmsetup remove cf >/dev/null 2>&1
	dmesg | grep -o 'atomic: [A-Za-z/ ]*' | head -n 1 | sed 's/ *$//'
	[ "$(msum)" = "$before" ] && echo "metadata untouched"
}
# waitfor SECONDS COMMAND...: poll until COMMAND succeeds; fail after SECONDS.
waitfor() {
	local end=$((SECONDS + $1)); shift
	until "$@"; do [ $SECONDS -lt $end ] || return 1; sleep 0.1; done
}
# acked N: the writer's journal /tmp/j holds at least N acknowledgments.
acked() { [ "$(grep -c '^ack' /tmp/j 2>/dev/null)" -ge $1 ] 2>/dev/null; }
failed() { [ "$(mode)" = Fail ]; }
