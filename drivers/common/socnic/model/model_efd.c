/* SPDX-License-Identifier: BSD-3-Clause */
/* A device model's interrupt lines as event fds (model_efd.h). */
#include <errno.h>
#include <stdint.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "model_efd.h"

int
model_efds_open(struct model_efds *e, unsigned int n)
{
	unsigned int i;
	int err;

	for (i = 0; i < MODEL_EFD_LINES_MAX; i++)
		e->line[i] = -1;
	e->misc = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	if (e->misc < 0)
		return -errno;
	for (i = 0; i < n && i < MODEL_EFD_LINES_MAX; i++) {
		e->line[i] = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
		if (e->line[i] < 0) {
			err = -errno;
			model_efds_close(e);
			return err;
		}
	}
	return 0;
}

static void
efd_close(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

void
model_efds_close(struct model_efds *e)
{
	unsigned int i;

	for (i = 0; i < MODEL_EFD_LINES_MAX; i++)
		efd_close(&e->line[i]);
	efd_close(&e->misc);
}

bool
model_efd_signal(int efd)
{
	uint64_t one = 1;

	return efd < 0 || write(efd, &one, sizeof(one)) == sizeof(one);
}
