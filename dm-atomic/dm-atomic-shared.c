// SPDX-License-Identifier: GPL-2.0-only
/*
 * dm-atomic: what the tables of one mapped device share across a reload,
 * in the way dm-thin's pool outlives its pool targets.
 *
 * One struct atomic_shared per pair of data and metadata devices, found by
 * the devices, refcounted by the targets that use them (the live table's
 * and, during a reload, the new table's).  It holds
 *  - the claim on both devices against every other dm-atomic device
 *    (atomic_shared_get() refuses a table whose devices overlap another
 *    mapped device's, or another target's of the same table);
 *  - sb_lock, under which every superblock read and write of every table
 *    on these devices happens (dm-atomic-log.c takes it), so a reloaded
 *    table reads the superblock while the live one cannot be writing it;
 *  - which table's log may write the superblock (the live one): a reloaded
 *    table takes that over at preresume, before it writes anything, and
 *    the replaced table's log refuses every superblock write from then on
 *    (dmat_log_supersede()).  The replaced table stays alive until DM core
 *    destroys it after the new table's resume; written then, its in-core
 *    superblock (the tail of its last pass) would make the next activation
 *    replay from there, older data over newer.
 * Each table still opens the log itself and checks it (and replays what it
 * holds) at its own activation: nothing else of the old table's state is
 * handed over.
 */
#include "dm-atomic.h"

static DEFINE_MUTEX(shared_lock);	/* shared_list, ->users, ->ref */
static LIST_HEAD(shared_list);

struct atomic_shared {
	struct list_head list;		/* shared_list */
	struct list_head users;		/* atomic_c.shared_user */
	unsigned int ref;		/* targets using it (under shared_lock) */
	struct mapped_device *md;
	struct block_device *data;
	struct block_device *meta;
	struct mutex sb_lock;		/* every superblock I/O on these devices */
	struct atomic_c *live;		/* its log writes the superblock (under sb_lock) */
};

/* Do two block devices share sectors (same device, or a disk and its partition)? */
bool bdevs_overlap(struct block_device *a, struct block_device *b)
{
	sector_t a0 = a->bd_start_sect, b0 = b->bd_start_sect;

	if (a == b)
		return true;
	if (bdev_whole(a) != bdev_whole(b))
		return false;
	return a0 < b0 + bdev_nr_sectors(b) && b0 < a0 + bdev_nr_sectors(a);
}

static bool shared_overlaps(struct atomic_shared *s, struct block_device *data,
			    struct block_device *meta)
{
	return bdevs_overlap(s->meta, meta) || bdevs_overlap(s->meta, data) ||
	       bdevs_overlap(s->data, meta) || bdevs_overlap(s->data, data);
}

/*
 * Find or make the shared object of @ac's devices and take a reference
 * (ac->shared).  Returns 1 if another table of the same mapped device uses
 * them (a reload: the log is opened at preresume, after the old table's
 * postsuspend checkpoint), 0 for a new device, or a negative errno with
 * *@error for devices another dm-atomic device or another target of this
 * table uses, or a reload that changes the devices.
 */
int atomic_shared_get(struct atomic_c *ac, char **error)
{
	struct block_device *data = ac->data_dev->bdev, *meta = ac->meta_dev->bdev;
	struct atomic_shared *s, *found = NULL;
	struct atomic_c *u;

	mutex_lock(&shared_lock);
	list_for_each_entry(s, &shared_list, list) {
		if (!shared_overlaps(s, data, meta))
			continue;
		if (s->md != ac->md) {
			mutex_unlock(&shared_lock);
			*error = "Device already in use by another dm-atomic device";
			return -EBUSY;
		}
		list_for_each_entry(u, &s->users, shared_user) {
			if (u->ti->table == ac->ti->table) {
				mutex_unlock(&shared_lock);
				*error = "Device already used by another target of this table";
				return -EINVAL;
			}
		}
		if (s->meta != meta || s->data != data) {
			mutex_unlock(&shared_lock);
			*error = "Reload must keep the same data and metadata devices";
			return -EINVAL;
		}
		found = s;
	}
	s = found;
	if (!s) {
		s = kzalloc(sizeof(*s), GFP_KERNEL);
		if (!s) {
			mutex_unlock(&shared_lock);
			*error = "Cannot allocate the shared metadata state";
			return -ENOMEM;
		}
		INIT_LIST_HEAD(&s->users);
		s->md = ac->md;
		s->data = data;
		s->meta = meta;
		mutex_init(&s->sb_lock);
		list_add(&s->list, &shared_list);
	}
	s->ref++;
	list_add(&ac->shared_user, &s->users);
	ac->shared = s;
	mutex_unlock(&shared_lock);
	return found ? 1 : 0;
}

/* Drop @ac's reference; the last one frees the object.  After its log is closed. */
void atomic_shared_put(struct atomic_c *ac)
{
	struct atomic_shared *s = ac->shared;

	if (!s)
		return;
	atomic_shared_leave(ac);
	mutex_lock(&shared_lock);
	list_del(&ac->shared_user);
	if (!--s->ref) {
		list_del(&s->list);
		mutex_destroy(&s->sb_lock);
		kfree(s);
	}
	mutex_unlock(&shared_lock);
	ac->shared = NULL;
}

/* The lock every log of these devices takes around its superblock I/O. */
struct mutex *atomic_shared_sb_lock(struct atomic_c *ac)
{
	return &ac->shared->sb_lock;
}

/*
 * Lock the superblock and return the live table (its log is active), or
 * NULL.  The live table stays valid until atomic_shared_unlock(): it leaves
 * under the same lock (atomic_shared_leave()).
 */
struct atomic_c *atomic_shared_lock_live(struct atomic_c *ac)
{
	mutex_lock(&ac->shared->sb_lock);
	return ac->shared->live;
}

void atomic_shared_unlock(struct atomic_c *ac)
{
	mutex_unlock(&ac->shared->sb_lock);
}

/*
 * At preresume, before @ac's activation writes anything: the live table
 * (the one being replaced) writes no superblock from here.  A superblock
 * write of its under way ends before this returns (sb_lock).
 */
void atomic_shared_supersede(struct atomic_c *ac)
{
	struct atomic_shared *s = ac->shared;
	struct atomic_c *old;

	mutex_lock(&s->sb_lock);
	old = s->live;
	if (old && old != ac) {
		dmat_log_supersede(old->log);
		s->live = NULL;
		if (READ_ONCE(old->meta_error) && !old->needs_check_written)
			DMINFO("%s: the replaced table had a metadata error: this table checks the log before replaying it",
			       dm_device_name(ac->md));
	}
	mutex_unlock(&s->sb_lock);
}

/* @ac's log is active: it is the live table now. */
void atomic_shared_go_live(struct atomic_c *ac)
{
	mutex_lock(&ac->shared->sb_lock);
	ac->shared->live = ac;
	mutex_unlock(&ac->shared->sb_lock);
}

/* @ac is going away (its log closes next): it is no longer the live table. */
void atomic_shared_leave(struct atomic_c *ac)
{
	struct atomic_shared *s = ac->shared;

	mutex_lock(&s->sb_lock);
	if (s->live == ac)
		s->live = NULL;
	mutex_unlock(&s->sb_lock);
}
