// SPDX-License-Identifier: GPL-2.0-only
/*
 * dma-testbio: a test module that submits one atomic write list from inside
 * the kernel, with bio flags no userspace path sets (REQ_PREFLUSH, say),
 * and reports how it completed.  For the VM tests only.
 *
 *   insmod dma-testbio.ko dev=/dev/mapper/x nr=2 preflush=1 fua=0 seed=7
 *
 * Bio i writes 4 KiB at byte offset 65536 * i, every byte (seed + i) & 0xff.
 * The load fails with the list's error (so insmod says why) or succeeds
 * when every bio completed with BLK_STS_OK; the kernel log has one line.
 * rmmod afterwards.  Needs the block-layer series (blk_submit_atomic()).
 */
#include <linux/bio.h>
#include <linux/blkdev.h>
#include <linux/completion.h>
#include <linux/module.h>

static char *dev;
module_param(dev, charp, 0444);
MODULE_PARM_DESC(dev, "block device to write to");
static unsigned int nr = 1;
module_param(nr, uint, 0444);
MODULE_PARM_DESC(nr, "bios in the list (1 to 16)");
static bool preflush;
module_param(preflush, bool, 0444);
MODULE_PARM_DESC(preflush, "set REQ_PREFLUSH on the first bio");
static bool fua;
module_param(fua, bool, 0444);
MODULE_PARM_DESC(fua, "set REQ_FUA on every bio");
static unsigned int seed;
module_param(seed, uint, 0444);
MODULE_PARM_DESC(seed, "data byte of bio i is (seed + i) & 0xff");

#define MAX_NR 16

struct list_wait {
	atomic_t left;
	blk_status_t status;
	struct completion done;
};

static void testbio_end_io(struct bio *bio)
{
	struct list_wait *w = bio->bi_private;

	if (bio->bi_status)
		w->status = bio->bi_status;
	if (atomic_dec_and_test(&w->left))
		complete(&w->done);
}

static int __init testbio_init(void)
{
	const fmode_t mode = FMODE_READ | FMODE_WRITE;
	struct bio *bios[MAX_NR] = {};
	struct page *pages[MAX_NR] = {};
	struct block_device *bdev;
	struct list_wait w;
	unsigned int i;
	int r = -ENOMEM;

	if (!dev || !nr || nr > MAX_NR)
		return -EINVAL;
	bdev = blkdev_get_by_path(dev, mode, THIS_MODULE);
	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	atomic_set(&w.left, nr);
	w.status = BLK_STS_OK;
	init_completion(&w.done);
	for (i = 0; i < nr; i++) {
		blk_opf_t opf = REQ_OP_WRITE | REQ_ATOMIC | REQ_SYNC;

		if (preflush && i == 0)
			opf |= REQ_PREFLUSH;
		if (fua)
			opf |= REQ_FUA;
		pages[i] = alloc_page(GFP_KERNEL);
		bios[i] = bio_alloc(bdev, 1, opf, GFP_KERNEL);
		if (!pages[i] || !bios[i])
			goto out;
		memset(page_address(pages[i]), (seed + i) & 0xff, PAGE_SIZE);
		bios[i]->bi_iter.bi_sector = (sector_t)i * (65536 >> SECTOR_SHIFT);
		__bio_add_page(bios[i], pages[i], 4096, 0);
		bios[i]->bi_end_io = testbio_end_io;
		bios[i]->bi_private = &w;
	}
	blk_submit_atomic(bios, nr);
	wait_for_completion(&w.done);
	r = blk_status_to_errno(w.status);
	pr_info("dma-testbio: %s: list of %u bio(s)%s%s: %s (%d)\n", dev, nr,
		preflush ? " +PREFLUSH" : "", fua ? " +FUA" : "",
		r ? "failed" : "done", r);
out:
	for (i = 0; i < nr; i++) {
		if (bios[i])
			bio_put(bios[i]);
		if (pages[i])
			__free_page(pages[i]);
	}
	blkdev_put(bdev, mode);
	return r;
}

static void __exit testbio_exit(void)
{
}

module_init(testbio_init);
module_exit(testbio_exit);
MODULE_DESCRIPTION("dm-atomic test helper: submit one atomic write list from the kernel");
MODULE_LICENSE("GPL");
