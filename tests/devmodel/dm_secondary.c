/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What socrx-devmodel does as a DPDK secondary process beyond reaching
 * the application's memory, so that it is a quiet guest there:
 *   - EAL's vdev bus probes the primary's devices in every secondary; the
 *     application's net_stmmac_uio and net_mvneta_uio ports are devmodels'
 *     devices seen from the driver's side, so it takes them without
 *     driving them (else EAL reports a probe failure for each);
 *   - dpdk-testpmd asks its secondaries to stop forwarding when it quits
 *     (an "mp_testpmd" request) and waits up to 5 s for each answer: the
 *     devmodel forwards nothing and answers at once.
 */
#include <string.h>

#include <bus_vdev_driver.h>
#include <rte_eal.h>

#include "dm_attach.h"

static int
dm_vdev_probe(struct rte_vdev_device *dev)
{
	RTE_SET_USED(dev);
	return 0;
}

static int
dm_vdev_remove(struct rte_vdev_device *dev)
{
	RTE_SET_USED(dev);
	return 0;
}

static struct rte_vdev_driver dm_vdev_drv = {
	.probe = dm_vdev_probe,
	.remove = dm_vdev_remove,
};

static struct rte_vdev_driver dm_vdev_neta_drv = {
	.probe = dm_vdev_probe,
	.remove = dm_vdev_remove,
};

RTE_PMD_REGISTER_VDEV(net_stmmac_uio, dm_vdev_drv);
RTE_PMD_REGISTER_VDEV(net_mvneta_uio, dm_vdev_neta_drv);

#define DM_TESTPMD_MP	"mp_testpmd"

static int
dm_testpmd_request(const struct rte_mp_msg *msg, const void *peer)
{
	struct rte_mp_msg reply;

	memset(&reply, 0, sizeof(reply));
	memcpy(reply.name, msg->name, sizeof(reply.name));
	return rte_mp_reply(&reply, peer);
}

int
dm_secondary_init(void)
{
	return rte_mp_action_register(DM_TESTPMD_MP, dm_testpmd_request);
}

void
dm_secondary_fini(void)
{
	rte_mp_action_unregister(DM_TESTPMD_MP);
}
