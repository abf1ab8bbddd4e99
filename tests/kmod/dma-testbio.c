// SPDX-License-Identifier: GPL-2.0-only
/*
 * dma-testbio: a test module that submits one atomic write list from inside
 * the kernel, with bio flags no userspace path sets (REQ_PREFLUSH, say),
 * and reports how it completed.  For the VM tests only.
 *
 *   insmod dma-testbio.ko dev=/dev/mapper/x nr=2 preflush=1 fua=0 nowait=0 seed=7
 *
 * Range i writes 4 KiB at byte offset 65536 * i, every byte (seed + i) & 0xff.
 * The load fails with the list's error (so insmod says why) or succeeds
 * when the list completed with BLK_STS_OK; the kernel log has one line.
 * rmmod afterwards.  Needs a block-layer series with lists:
 *
 *  - v3 (write lists, <linux/blk-write-list.h>): the list is one
 *    REQ_OP_WRITE_LIST bio of nr ranges with its range table
 *    (blk_write_list_alloc(), bio_set_write_list()), given to submit_bio();
 *    preflush, fua and nowait set REQ_PREFLUSH, REQ_FUA and REQ_NOWAIT on
 *    that bio (no userspace call sets REQ_NOWAIT on a list: BLKWRITELIST has
 *    no such flag);
 *  - v2: nr REQ_ATOMIC bios, one a range, given to blk_submit_atomic();
 *    preflush sets REQ_PREFLUSH on the first, fua and nowait REQ_FUA and
 *    REQ_NOWAIT on every one.
 */
#include <linux/bio.h>
#include <linux/blkdev.h>
#include <linux/completion.h>
#include <linux/module.h>

#if __has_include(<linux/blk-write-list.h>)
#include <linux/blk-write-list.h>
#define TESTBIO_WRITE_LIST 1
#else
#define TESTBIO_WRITE_LIST 0
#endif

static char *dev;
module_param(dev, charp, 0444);
MODULE_PARM_DESC(dev, "block device to write to");
static unsigned int nr = 1;
module_param(nr, uint, 0444);
MODULE_PARM_DESC(nr, "ranges in the list (1 to 16)");
static bool preflush;
module_param(preflush, bool, 0444);
MODULE_PARM_DESC(preflush, "set REQ_PREFLUSH (v2: on the first bio)");
static bool fua;
module_param(fua, bool, 0444);
MODULE_PARM_DESC(fua, "set REQ_FUA (v2: on every bio)");
static bool nowait;
module_param(nowait, bool, 0444);
MODULE_PARM_DESC(nowait, "set REQ_NOWAIT (v2: on every bio)");
static unsigned int seed;
module_param(seed, uint, 0444);
MODULE_PARM_DESC(seed, "data byte of range i is (seed + i) & 0xff");

#define MAX_NR 16

#if TESTBIO_WRITE_LIST
/* One REQ_OP_WRITE_LIST bio: range i is 4 KiB at 65536 * i, the data of all in order. */
static int testbio_submit(struct block_device *bdev)
{
	blk_opf_t opf = REQ_OP_WRITE_LIST | REQ_SYNC;
	struct page *pages[MAX_NR] = {};
	struct blk_write_list *wl;
	struct bio *bio = NULL;
	unsigned int i;
	int r = -ENOMEM;

	if (!IS_ENABLED(CONFIG_BLK_WRITE_LIST))
		return -EOPNOTSUPP;
	if (preflush)
		opf |= REQ_PREFLUSH;
	if (fua)
		opf |= REQ_FUA;
	if (nowait)
		opf |= REQ_NOWAIT;
	wl = blk_write_list_alloc(nr, GFP_KERNEL);
	if (!wl)
		return -ENOMEM;
	for (i = 0; i < nr; i++) {
		wl->r[i].start = (sector_t)i * (65536 >> SECTOR_SHIFT);
		wl->r[i].sectors = 4096 >> SECTOR_SHIFT;
	}
	bio = bio_alloc(bdev, nr, opf, GFP_KERNEL);
	if (!bio) {
		blk_write_list_put(wl);
		goto out;
	}
	bio_set_write_list(bio, wl);	/* bio_put() drops it */
	bio->bi_iter.bi_sector = 0;
	for (i = 0; i < nr; i++) {
		pages[i] = alloc_page(GFP_KERNEL);
		if (!pages[i])
			goto out;
		memset(page_address(pages[i]), (seed + i) & 0xff, PAGE_SIZE);
		__bio_add_page(bio, pages[i], 4096, 0);
	}
	r = submit_bio_wait(bio);
out:
	if (bio)
		bio_put(bio);
	for (i = 0; i < nr; i++)
		if (pages[i])
			__free_page(pages[i]);
	return r;
}
#else
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

/* nr REQ_ATOMIC bios, one a range, as one list. */
static int testbio_submit(struct block_device *bdev)
{
	struct bio *bios[MAX_NR] = {};
	struct page *pages[MAX_NR] = {};
	struct list_wait w;
	unsigned int i;
	int r = -ENOMEM;

	atomic_set(&w.left, nr);
	w.status = BLK_STS_OK;
	init_completion(&w.done);
	for (i = 0; i < nr; i++) {
		blk_opf_t opf = REQ_OP_WRITE | REQ_ATOMIC | REQ_SYNC;

		if (preflush && i == 0)
			opf |= REQ_PREFLUSH;
		if (fua)
			opf |= REQ_FUA;
		if (nowait)
			opf |= REQ_NOWAIT;
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
out:
	for (i = 0; i < nr; i++) {
		if (bios[i])
			bio_put(bios[i]);
		if (pages[i])
			__free_page(pages[i]);
	}
	return r;
}
#endif /* TESTBIO_WRITE_LIST */

static int __init testbio_init(void)
{
	const fmode_t mode = FMODE_READ | FMODE_WRITE;
	struct block_device *bdev;
	int r;

	if (!dev || !nr || nr > MAX_NR)
		return -EINVAL;
	bdev = blkdev_get_by_path(dev, mode, THIS_MODULE);
	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	r = testbio_submit(bdev);
	pr_info("dma-testbio: %s: list of %u %s%s%s%s: %s (%d)\n", dev, nr,
		TESTBIO_WRITE_LIST ? "range(s)" : "bio(s)",
		preflush ? " +PREFLUSH" : "", fua ? " +FUA" : "",
		nowait ? " +NOWAIT" : "",
		r ? "failed" : "done", r);
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
