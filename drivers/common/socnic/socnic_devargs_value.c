/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Devarg values (socnic_devargs.h): the strict number and word parsers,
 * and the rows (struct socnic_devarg_parser) that most keys are, a value
 * parsed straight into a field of the list's struct. Numbers are parsed
 * strictly: no sign, no trailing garbage, range-checked.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <rte_ether.h>

#include "socnic_devargs.h"

int
socnic_parse_u64(const char *s, uint64_t min, uint64_t max, uint64_t *out)
{
	char *end;
	unsigned long long v;

	if (s == NULL || *s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno != 0 || *end != '\0' || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

int
socnic_parse_bool(const char *s, bool *out)
{
	uint64_t v;

	if (socnic_parse_u64(s, 0, 1, &v) < 0)
		return -1;
	*out = v != 0;
	return 0;
}

int
socnic_parse_word(const char *v, const char *const *names)
{
	int i;

	for (i = 0; v != NULL && names[i] != NULL; i++)
		if (strcmp(v, names[i]) == 0)
			return i;
	return -1;
}

int
socnic_copy_str(char *dst, size_t cap, const char *s)
{
	size_t n;

	if (s == NULL || s[0] == '\0')
		return -1;
	n = strlen(s);
	if (n >= cap)
		return -1;
	memcpy(dst, s, n + 1);
	return 0;
}

static const char *
devarg_mac(const char *v, uint8_t mac[RTE_ETHER_ADDR_LEN], bool unicast)
{
	struct rte_ether_addr ea;

	if (v == NULL || rte_ether_unformat_addr(v, &ea) < 0)
		return "expected xx:xx:xx:xx:xx:xx";
	if (unicast && !rte_is_valid_assigned_ether_addr(&ea))
		return "not a unicast address";
	memcpy(mac, ea.addr_bytes, RTE_ETHER_ADDR_LEN);
	return NULL;
}

/* @p v into the field of @p size bytes at @p field (a bool, an enum, ...). */
static void
devarg_store(void *field, uint32_t size, uint64_t v)
{
	uint8_t u8 = (uint8_t)v;
	uint16_t u16 = (uint16_t)v;
	uint32_t u32 = (uint32_t)v;

	switch (size) {
	case 1:
		memcpy(field, &u8, 1);
		break;
	case 2:
		memcpy(field, &u16, 2);
		break;
	case 4:
		memcpy(field, &u32, 4);
		break;
	default:
		memcpy(field, &v, 8);
		break;
	}
}

const char *
socnic_devarg_value(const struct socnic_devarg_parser *p, const char *val,
		    void *args)
{
	char *field = (char *)args + p->off;
	const char *err = NULL;
	uint64_t n;
	int i;

	switch (p->type) {
	case SOCNIC_DV_FN:
		return p->fn(val, args);
	case SOCNIC_DV_MAC:
		err = devarg_mac(val, (uint8_t *)field, p->min != 0);
		break;
	default:
		i = p->names != NULL ? socnic_parse_word(val, p->names) : -1;
		if (i >= 0)
			n = p->vals != NULL ? (uint64_t)p->vals[i] : (uint64_t)i;
		else if (p->type != SOCNIC_DV_UINT ||
			 socnic_parse_u64(val, p->min, p->max, &n) < 0 ||
			 (p->pow2 && (n & (n - 1)) != 0))
			return p->err;
		devarg_store(field, p->size, n);
		break;
	}
	if (err == NULL && p->given != 0)
		*((bool *)((char *)args + p->given - 1)) = true;
	return err;
}
