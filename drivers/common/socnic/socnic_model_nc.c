/* SPDX-License-Identifier: BSD-3-Clause */
/* The process's emulated interconnect across PMD plugins (socnic_model_nc.h). */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include <rte_errno.h>
#include <rte_memzone.h>

#include "model_nc.h"
#include "socnic_log.h"
#include "socnic_model_nc.h"

/* What the memzone holds. */
struct socnic_model_nc_anchor {
	pid_t pid;				/* of the process it serves */
	const struct model_nc_domain *dom;	/* in that process */
};

int
socnic_model_nc_join(const char *name, int logtype)
{
	const struct rte_memzone *mz = rte_memzone_lookup(SOCNIC_MODEL_NC_MZ);
	struct socnic_model_nc_anchor *a;
	int ret;

	if (mz == NULL) {
		mz = rte_memzone_reserve(SOCNIC_MODEL_NC_MZ, sizeof(*a),
					 SOCKET_ID_ANY, 0);
		if (mz != NULL) {
			a = mz->addr;
			a->pid = getpid();
			a->dom = model_nc_domain();
			return 0;
		}
		ret = -rte_errno;
		SOCNIC_LOG(logtype, ERR, "%s: model_nc: cannot publish the emulated interconnect (memzone %s): %s",
			   name, SOCNIC_MODEL_NC_MZ, strerror(-ret));
		return ret;
	}
	a = mz->addr;
	if (a->pid != getpid()) {
		SOCNIC_LOG(logtype, ERR, "%s: model_nc: memzone %s belongs to process %d",
			   name, SOCNIC_MODEL_NC_MZ, (int)a->pid);
		return -EEXIST;
	}
	ret = model_nc_join(a->dom);
	if (ret < 0)
		SOCNIC_LOG(logtype, ERR, "%s: model_nc: cannot join the process's emulated interconnect: %s",
			   name, ret == -EINVAL ?
			   "another build of the model library" : strerror(-ret));
	return ret;
}

void
socnic_model_nc_leave(void)
{
	const struct rte_memzone *mz;

	if (model_nc_users() != 0)
		return;
	mz = rte_memzone_lookup(SOCNIC_MODEL_NC_MZ);
	if (mz != NULL &&
	    ((const struct socnic_model_nc_anchor *)mz->addr)->pid == getpid())
		rte_memzone_free(mz);
}
