The superblock records the identity of the data device it belongs to (compatible feature
0x2, data_id): a DM uuid, a partition uuid, or none (a raw disk or an image file: only the
size is checked).  The tools check it where they are given the data device: dma-check
--data-dev and dma-replay refuse a device that is not the recorded one and say why;
dma-check --set-data-id records another.  An image file has no identity, so metadata that
records a DM uuid refuses it as a whole data device; the VM test atomic-data-id.t covers
real DM and partition uuids against the kernel.

  $ dma-craft format meta 16 1024; truncate -s 512K data
  $ dma-craft txn meta 0+8 >/dev/null

Metadata without the feature (older metadata) checks the size only, and shows no data_id:

  $ dma-check --data-dev data meta | tail -1
  clean
  $ dma-dump --kv meta | head -1 | grep -c data_id
  0
  [1]

A recorded DM uuid: the fields are bytes 104-239 (kind, length, text), the feature bit is
set, every tool shows it.

  $ dma-craft sb meta data_id=dm-uuid:LVM-vgA-lvdata; md5sum meta data > sum
  $ od -An -c -j 104 -N 24 meta | sed 's/  */ /g; s/^ //'
  001 \0 \0 \0 016 \0 \0 \0 L V M - v g A -
  l v d a t a \0 \0
  $ dma-check meta | head -1 | grep -o 'features.*'
  features compat 0x2 ro_compat 0x0 incompat 0x0 (data_id: dm-uuid LVM-vgA-lvdata)
  $ dma-dump --kv meta | head -1 | grep -o 'data_id=.*'
  data_id=dm-uuid:LVM-vgA-lvdata
  $ dma-dump --json meta | jq -c '.superblock.data_id'
  {"kind":"dm-uuid","id":"LVM-vgA-lvdata"}

An image file is not that device: dma-check says so (exit 2, refused; also in JSON), dma-replay
refuses and writes nothing.

  $ dma-check --data-dev data meta
  superblock: ok, version 1, uuid 11223344-5566-7788-99aa-bbccddeef001, log 1+16 blocks, data 1024 sectors, tail seq 1 at log block 0, features compat 0x2 ro_compat 0x0 incompat 0x0 (data_id: dm-uuid LVM-vgA-lvdata)
  data device: data is not the data device of this metadata: the superblock records dm-uuid LVM-vgA-lvdata, data has none of that kind
  wrong data device
  [2]
  $ dma-check --json --data-dev data meta | jq -r .verdict
  wrong_data_device
  $ dma-check -q meta; echo "without the data device: $?"
  without the data device: 0
  $ dma-replay data meta
  dma-replay: data is not the data device of this metadata: the superblock records dm-uuid LVM-vgA-lvdata, data has none of that kind; nothing replayed (--ignore-data-id replays anyway)
  [2]
  $ dma-replay --dry-run data meta >/dev/null 2>&1
  [2]
  $ md5sum -c --quiet sum

--ignore-data-id replays anyway (an image of the device), and the rewritten superblock keeps
the identity:

  $ cp meta meta.keep
  $ dma-replay --ignore-data-id data meta
  replayed 1 transactions (8 sectors); log ended: unwritten block at log block 2 (expected seq 2)
  tail now seq 4294967298 at log block 2
  $ dma-dump --kv meta | head -1 | grep -o 'data_id=.*'
  data_id=dm-uuid:LVM-vgA-lvdata
  $ cp meta.keep meta

dma-check --set-data-id records the given device's identity after a clean check (here an
image: none, so only the size is checked from then on); it needs --data-dev:

  $ dma-check --set-data-id meta
  dma-check: --set-data-id needs --data-dev
  Try 'dma-check --help'.
  [1]
  $ dma-check --data-dev data --set-data-id meta | tail -2
  clean
  data device identity recorded: none (only its size is checked)
  $ dma-dump --kv meta | head -1 | grep -o 'data_id=.*'
  data_id=none
  $ dma-replay data meta | head -1
  replayed 1 transactions (8 sectors); log ended: unwritten block at log block 2 (expected seq 2)

A data device of the right identity but another size is still refused by its size:

  $ dma-craft sb meta data_id=none; truncate -s 256K small
  $ dma-check -q --data-dev small meta
  superblock: data device size mismatch: formatted for 1024 sectors, the data device has 512
  damaged
  [7]

A kind this version does not know is not checked (a later version may record more kinds);
a length past the field, or bytes after the text, make the superblock invalid:

  $ dma-craft sb meta data_id=7:some-future-id
  $ dma-check -q --data-dev data meta; echo "unknown kind: $?"
  unknown kind: 0
  $ dma-dump --kv meta | head -1 | grep -o 'data_id=.*'
  data_id=unknown:some-future-id
  $ dma-craft sb meta data_id_len=129
  $ dma-check -q meta
  superblock: bad data device identity record
  damaged
  [7]
  $ dma-craft sb meta data_id=dm-uuid:abc data_id_len=2
  $ dma-check -q meta
  superblock: bad data device identity record
  damaged
  [7]

Without the feature bit the fields are not looked at (a version that predates them left
them zero; here junk):

  $ dma-craft sb meta compat=0
  $ dma-check -q --data-dev data meta; echo "no feature bit: $?"
  no feature bit: 0
