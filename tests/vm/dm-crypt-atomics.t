dm-crypt over a component that takes atomic writes takes them too (mainline 6.19, dm-crypt
declares DM_TARGET_ATOMIC_WRITES): its units are the component's, and its io_hints cap the
atomic unit_max and atomic_write_max_bytes at BIO_MAX_VECS pages (1 MiB), since an encrypted
write must fit one bio of bounce pages.  With a component whose atomic_write_max_bytes is
2 MiB, dm-crypt reports 1 MiB; its unit_max stays 256 KiB (one bio of 128 segments holds 512 KiB
for sure, so units never reach the cap here).  A write inside the limits is encrypted whole
(the component holds ciphertext) and reads back; one outside fails with EINVAL and writes
nothing (_md_atomics_check).  A separate test so that a guest without dm-crypt or AES-XTS skips
only this.

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomics-lib.sh"
  $ _require_v3_atomics
  $ _require_nullblk_atomic
  $ modprobe -q dm-crypt 2>/dev/null; dmsetup targets | grep -q '^crypt ' || _skip "no dm-crypt target"

One null_blk: units 4 KiB to 256 KiB, atomic_write_max_bytes 2 MiB, max_hw_sectors 2 MiB.

  $ modprobe null_blk nr_devices=1 bs=4096 gb=1 memory_backed=1 max_sectors=4096 atomic_write=1 atomic_write_unit_min=4096 atomic_write_unit_max=262144 atomic_write_max_bytes=2097152
  $ _atomic_limits /dev/nullb0
  unit_min=4096 unit_max=262144 max_bytes=2097152 boundary=0

aes-xts-plain64 with a random 256-bit key, given in the table (no cryptsetup in the guest).

  $ key=$(head -c 32 /dev/urandom | xxd -p -c 64)
  $ dmesg -C
  $ if ! dmsetup create acrypt --table "0 $(_sectors /dev/nullb0) crypt aes-xts-plain64 $key 0 /dev/nullb0 0" 2>/dev/null; then
  >   dmesg | grep -q 'Error allocating crypto tfm' && { rmmod null_blk; _skip "no aes-xts-plain64 in this kernel"; }
  >   echo "dmsetup create failed"
  > fi
  $ _md_atomics_check dm-crypt /dev/mapper/acrypt dm-crypt 0 $(_dm_legs acrypt)
  dm-crypt: unit_min=4096 unit_max=262144 max_bytes=1048576 boundary=0
  dm-crypt: 15 checks passed

A unit_max write through dm-crypt reads back as written, and the component holds something else
(the ciphertext).

  $ _atomic_write /dev/mapper/acrypt 1048576 262144 51; _atomic_check /dev/mapper/acrypt 1048576 262144 51
  ok
  match
  $ _atomic_check /dev/nullb0 1048576 262144 51 | cut -d' ' -f1
  mismatch
  $ dmsetup remove acrypt
  $ rmmod null_blk
