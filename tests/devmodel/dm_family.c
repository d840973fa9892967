/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The family a --model names (dm_family.h).
 */
#include <stdio.h>
#include <string.h>

#include <rte_kvargs.h>

#include "dm_family.h"
#include "socnic_devargs.h"

static const struct dm_family *const dm_families[] = {
	&dm_family_dwmac4, &dm_family_neta,
};

const struct dm_family *
dm_family_find(const char *args)
{
	const struct dm_family *fam = &dm_family_dwmac4;
	struct rte_kvargs *kvl = rte_kvargs_parse(args, NULL);
	unsigned int i, f;

	if (kvl == NULL) {
		fprintf(stderr, "socrx-devmodel: --model \"%s\": not KEY=VALUE,...\n",
			args);
		return NULL;
	}
	for (i = 0; i < kvl->count; i++) {
		if (strcmp(kvl->pairs[i].key, "model") != 0 ||
		    kvl->pairs[i].value == NULL)
			continue;
		for (f = 0; f < sizeof(dm_families) / sizeof(dm_families[0]); f++)
			if (strcmp(kvl->pairs[i].value, dm_families[f]->name) == 0)
				fam = dm_families[f];
	}
	/* Any other model= is the dwmac4's parse to refuse, with its words. */
	rte_kvargs_free(kvl);
	return fam;
}

int
dm_family_check_keys(const char *args, int (*scope)(const char *key),
		     const char *(*refusal)(const char *key))
{
	struct rte_kvargs *kvl = rte_kvargs_parse(args, NULL);
	unsigned int i;
	int ret = 0;

	if (kvl == NULL) {
		fprintf(stderr, "socrx-devmodel: --model \"%s\": not KEY=VALUE,...\n",
			args);
		return -1;
	}
	for (i = 0; i < kvl->count && ret == 0; i++) {
		const char *key = kvl->pairs[i].key, *why = refusal(key);
		int sc = scope(key);

		ret = -1;
		if (why != NULL)
			fprintf(stderr, "socrx-devmodel: --model %s: %s\n", key, why);
		else if (sc == SOCNIC_DEVARG_ANY && strcmp(key, "mac") != 0)
			fprintf(stderr, "socrx-devmodel: --model %s: a driver option: give it to the PMD's --vdev\n",
				key);
		else if (sc == SOCNIC_DEVARG_UIO || strcmp(key, "uio") == 0)
			fprintf(stderr, "socrx-devmodel: --model %s: the PMD's, for reaching a UIO device\n",
				key);
		else
			ret = 0;
	}
	rte_kvargs_free(kvl);
	return ret;
}
