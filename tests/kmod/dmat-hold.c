// SPDX-License-Identifier: GPL-2.0-only
/*
 * dmat-hold: a test device-mapper target that passes every bio to one
 * device, except the writes and the flushes it was told to hold: those wait
 * until a message releases them.  It lets a VM test hold one bio in flight
 * below dm-atomic while others pass it, an order no timing-based target
 * (dm-delay delays every write alike) can make.  For the VM tests only.
 *
 *   dmsetup create h --table "0 <sectors> dmat_hold <dev>"
 *   dmsetup message h 0 hold_writes N     hold the next N writes that carry data
 *                                         (a write list is one write)
 *   dmsetup message h 0 hold_flushes N    hold the next N empty flushes
 *   dmsetup message h 0 release_writes    send the held writes on, in order
 *   dmsetup message h 0 release_flushes   send the held flushes on, in order
 *   dmsetup status h                      "writes_held=W flushes_held=F"
 *
 * A suspend releases everything and disarms both holds.  On a kernel with
 * write lists (DM_TARGET_WRITE_LISTS) it takes them, whole: it only remaps,
 * which moves every range of a list with bi_sector.
 */
#define DM_MSG_PREFIX "dmat-hold"

#include <linux/bio.h>
#include <linux/device-mapper.h>
#include <linux/module.h>
#include <linux/slab.h>

struct hold_c {
	struct dm_dev *dev;
	spinlock_t lock;		/* protects everything below */
	unsigned int arm_writes, arm_flushes;
	unsigned int nr_writes, nr_flushes;
	struct bio_list writes, flushes;
};

static int hold_ctr(struct dm_target *ti, unsigned int argc, char **argv)
{
	struct hold_c *hc;
	int r;

	if (argc != 1) {
		ti->error = "Expected one argument: <dev>";
		return -EINVAL;
	}
	hc = kzalloc(sizeof(*hc), GFP_KERNEL);
	if (!hc) {
		ti->error = "Cannot allocate context";
		return -ENOMEM;
	}
	r = dm_get_device(ti, argv[0], dm_table_get_mode(ti->table), &hc->dev);
	if (r) {
		ti->error = "Device lookup failed";
		kfree(hc);
		return r;
	}
	spin_lock_init(&hc->lock);
	bio_list_init(&hc->writes);
	bio_list_init(&hc->flushes);
	ti->num_flush_bios = 1;
	ti->num_discard_bios = 1;
	ti->private = hc;
	return 0;
}

static void hold_release(struct hold_c *hc, bool writes, bool flushes)
{
	struct bio_list out = BIO_EMPTY_LIST;
	struct bio *bio;

	spin_lock_irq(&hc->lock);
	if (writes) {
		bio_list_merge(&out, &hc->writes);
		bio_list_init(&hc->writes);
		hc->nr_writes = 0;
	}
	if (flushes) {
		bio_list_merge(&out, &hc->flushes);
		bio_list_init(&hc->flushes);
		hc->nr_flushes = 0;
	}
	spin_unlock_irq(&hc->lock);
	while ((bio = bio_list_pop(&out)))
		dm_submit_bio_remap(bio, NULL);
}

static void hold_dtr(struct dm_target *ti)
{
	struct hold_c *hc = ti->private;

	hold_release(hc, true, true);
	dm_put_device(ti, hc->dev);
	kfree(hc);
}

static bool hold_is_write(struct bio *bio)
{
#ifdef DM_TARGET_WRITE_LISTS
	if (bio_op(bio) == REQ_OP_WRITE_LIST)
		return true;
#endif
	return bio_op(bio) == REQ_OP_WRITE;
}

static int hold_map(struct dm_target *ti, struct bio *bio)
{
	struct hold_c *hc = ti->private;
	unsigned long flags;
	bool held = false;

	bio_set_dev(bio, hc->dev->bdev);
	if (bio_sectors(bio))
		bio->bi_iter.bi_sector = dm_target_offset(ti, bio->bi_iter.bi_sector);
	spin_lock_irqsave(&hc->lock, flags);
	if (hold_is_write(bio) && bio_sectors(bio) && hc->arm_writes) {
		hc->arm_writes--;
		hc->nr_writes++;
		bio_list_add(&hc->writes, bio);
		held = true;
	} else if ((bio->bi_opf & REQ_PREFLUSH) && !bio_sectors(bio) && hc->arm_flushes) {
		hc->arm_flushes--;
		hc->nr_flushes++;
		bio_list_add(&hc->flushes, bio);
		held = true;
	}
	spin_unlock_irqrestore(&hc->lock, flags);
	return held ? DM_MAPIO_SUBMITTED : DM_MAPIO_REMAPPED;
}

static void hold_presuspend(struct dm_target *ti)
{
	struct hold_c *hc = ti->private;

	spin_lock_irq(&hc->lock);
	hc->arm_writes = hc->arm_flushes = 0;
	spin_unlock_irq(&hc->lock);
	hold_release(hc, true, true);
}

static int hold_message(struct dm_target *ti, unsigned int argc, char **argv,
			char *result, unsigned int maxlen)
{
	struct hold_c *hc = ti->private;
	unsigned int n;
	char dummy;

	if (argc == 2 && sscanf(argv[1], "%u%c", &n, &dummy) == 1) {
		if (!strcasecmp(argv[0], "hold_writes")) {
			spin_lock_irq(&hc->lock);
			hc->arm_writes = n;
			spin_unlock_irq(&hc->lock);
			return 0;
		}
		if (!strcasecmp(argv[0], "hold_flushes")) {
			spin_lock_irq(&hc->lock);
			hc->arm_flushes = n;
			spin_unlock_irq(&hc->lock);
			return 0;
		}
	}
	if (argc == 1 && !strcasecmp(argv[0], "release_writes")) {
		hold_release(hc, true, false);
		return 0;
	}
	if (argc == 1 && !strcasecmp(argv[0], "release_flushes")) {
		hold_release(hc, false, true);
		return 0;
	}
	DMWARN("unknown message");
	return -EINVAL;
}

static void hold_status(struct dm_target *ti, status_type_t type,
			unsigned int status_flags, char *result, unsigned int maxlen)
{
	struct hold_c *hc = ti->private;
	unsigned int sz = 0;

	switch (type) {
	case STATUSTYPE_INFO:
		spin_lock_irq(&hc->lock);
		DMEMIT("writes_held=%u flushes_held=%u", hc->nr_writes, hc->nr_flushes);
		spin_unlock_irq(&hc->lock);
		break;
	case STATUSTYPE_TABLE:
		DMEMIT("%s", hc->dev->name);
		break;
	case STATUSTYPE_IMA:
		*result = '\0';
		break;
	}
}

static int hold_iterate_devices(struct dm_target *ti, iterate_devices_callout_fn fn,
				void *data)
{
	struct hold_c *hc = ti->private;

	return fn(ti, hc->dev, 0, ti->len, data);
}

static struct target_type hold_target = {
	.name = "dmat_hold",
	.version = {1, 0, 0},
#ifdef DM_TARGET_WRITE_LISTS
	.features = DM_TARGET_WRITE_LISTS,
#endif
	.module = THIS_MODULE,
	.ctr = hold_ctr,
	.dtr = hold_dtr,
	.map = hold_map,
	.presuspend = hold_presuspend,
	.message = hold_message,
	.status = hold_status,
	.iterate_devices = hold_iterate_devices,
};

static int __init hold_init(void)
{
	return dm_register_target(&hold_target);
}

static void __exit hold_exit(void)
{
	dm_unregister_target(&hold_target);
}

module_init(hold_init);
module_exit(hold_exit);
MODULE_DESCRIPTION("dm-atomic test helper: a target that holds chosen bios until released");
MODULE_LICENSE("GPL");
