// SPDX-License-Identifier: GPL-2.0-only
/*
 * dma-testdead: a test module that freezes the queue of a block device, and
 * on request marks its disk dead with blk_mark_disk_dead(), as a driver does
 * on a surprise removal (nvme, rbd, xen-blkfront) and DM does when it
 * destroys a device.  It lets a VM test keep an atomic list waiting in the
 * queue freeze and see what becomes of it when the disk dies.  For the VM
 * tests only.
 *
 *   insmod dma-testdead.ko dev=/dev/nullb0            freeze the queue
 *   echo 1 > /sys/module/dma_testdead/parameters/dead  blk_mark_disk_dead()
 *   rmmod dma_testdead                                 unfreeze
 *
 * A dead disk takes no I/O until it is deleted (rmmod null_blk).  So that
 * nothing stays waiting for a disk that cannot come back, unloading after
 * "dead" also marks the queue dying, as deleting the disk will.
 */
#include <linux/blk-mq.h>
#include <linux/blkdev.h>
#include <linux/module.h>

static char *dev;
module_param(dev, charp, 0444);
MODULE_PARM_DESC(dev, "block device whose queue to freeze");

static struct block_device *bdev;
static bool dead;

static int dead_set(const char *val, const struct kernel_param *kp)
{
	bool v;
	int ret = kstrtobool(val, &v);

	if (ret)
		return ret;
	if (!v || dead)
		return v == dead ? 0 : -EINVAL;
	if (!bdev)
		return -ENODEV;
	dead = true;
	blk_mark_disk_dead(bdev->bd_disk);
	pr_info("dma-testdead: %pg marked dead\n", bdev);
	return 0;
}

static const struct kernel_param_ops dead_ops = {
	.set = dead_set,
	.get = param_get_bool,
};
module_param_cb(dead, &dead_ops, &dead, 0644);
MODULE_PARM_DESC(dead, "write 1 to mark the disk dead");

static int __init testdead_init(void)
{
	if (!dev)
		return -EINVAL;
	bdev = blkdev_get_by_path(dev, FMODE_READ, NULL);
	if (IS_ERR(bdev)) {
		int ret = PTR_ERR(bdev);

		bdev = NULL;
		return ret;
	}
	blk_freeze_queue_start(bdev_get_queue(bdev));
	pr_info("dma-testdead: %pg frozen\n", bdev);
	return 0;
}

static void __exit testdead_exit(void)
{
	struct request_queue *q = bdev_get_queue(bdev);

	if (dead) {
		blk_queue_flag_set(QUEUE_FLAG_DYING, q);
		wake_up_all(&q->mq_freeze_wq);
	}
	blk_mq_unfreeze_queue(q);
	blkdev_put(bdev, FMODE_READ);
}

module_init(testdead_init);
module_exit(testdead_exit);
MODULE_DESCRIPTION("dm-atomic VM tests: freeze a queue, mark a disk dead");
MODULE_LICENSE("GPL");
