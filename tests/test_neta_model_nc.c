/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The neta model behind the non-coherent interconnect (model_nc.h), in
 * step mode through registers and descriptors only:
 *  - a driver that cleans what it writes for the device and invalidates
 *    what it reads from it receives and sends every frame intact, with no
 *    unclean read, no clobber and no violation;
 *  - one that arms descriptors without cleaning them: the device reads
 *    DRAM's stale words (nc_unclean_reads), finds a NULL buffer and hangs
 *    the queue (viol_null_buf);
 *  - one that reads without invalidating sees the interconnect's poison,
 *    never a plausible descriptor.
 */
#include <stdio.h>

#include "harness.h"
#include "model_fixture.h"
#include "neta_model_drv.h"
#include "neta_model_frames.h"

#define NF	16u
#define FLEN	300u

static struct model_fixture_qsrc *
open_nc(struct drv *d)
{
	struct model_fixture_qsrc *src = model_fixture_qsrc_create(false);
	struct neta_model_params p;
	unsigned int i;

	neta_model_params_init(&p);
	p.rx_src = &src->base;
	p.flow_control = true;
	p.nc_emulation = true;
	if (drv_open(d, &p) != 0)
		exit(1);
	for (i = 0; i < NF; i++)
		model_fixture_qsrc_push_owned(src, nf_ipv4(FLEN, 17, i), FLEN);
	return src;
}

static void
test_maintained(void)
{
	struct drv d;
	struct drv_rx_seen s[NF];
	struct neta_model_stats st;
	unsigned int got = 0, polls, j;
	uint32_t n;
	uint8_t *ref;

	open_nc(&d);
	drv_rx_setup(&d, 0, 32, 1984);
	drv_tx_setup(&d, 0, 32);
	for (polls = 0; got < NF && polls < 50; polls++) {
		neta_model_step(d.m, 4);
		n = drv_rx_harvest(&d, 0, s, NF);
		for (j = 0; j < n; j++, got++) {
			ref = nf_ipv4(FLEN, 17, got);
			CHECK_EQ_U(s[j].data_size, 2 + FLEN + 4, "nc: data_size");
			CHECK(s[j].status & MVNETA_RXD_L4_CSUM_OK, "nc: L4 OK");
			CHECK(memcmp(s[j].buf + DRV_PKT_OFFSET + 2, ref,
				     FLEN) == 0, "nc: frame %u intact", got);
			/* Forward it: the TX buffer is cleaned by drv_tx_put. */
			drv_tx_put(&d, 0, s[j].buf + DRV_PKT_OFFSET + 2, FLEN, 0);
			free(ref);
		}
		drv_rx_done(&d, 0, n);
		if (n != 0)
			drv_wr(&d, MVNETA_TXQ_UPDATE_REG(0), n);
		neta_model_step(d.m, 4);
		n = (drv_rd(&d, MVNETA_TXQ_STATUS_REG(0)) &
		     MVNETA_TXQ_SENT_DESC_MASK) >> MVNETA_TXQ_SENT_DESC_SHIFT;
		drv_wr(&d, MVNETA_TXQ_UPDATE_REG(0),
		       n << MVNETA_TXQ_DEC_SENT_SHIFT);
	}
	neta_model_get_stats(d.m, &st);
	CHECK_EQ_U(got, NF, "nc: every frame received");
	CHECK_EQ_U(st.tx_frames, NF, "nc: every frame sent back");
	CHECK_EQ_U(st.nc.unclean_reads, 0, "nc: no unclean read");
	CHECK_EQ_U(st.nc.clobbers, 0, "nc: no clobber");
	CHECK(st.nc.clean_lines > 0 && st.nc.civac_lines > 0,
	      "nc: maintenance reached the interconnect");
	CHECK_EQ_U(st.violations, 0, "nc: violations (%s)",
		   neta_model_last_violation(d.m));
	drv_close(&d);
}

static void
test_no_clean(void)
{
	struct drv d;
	struct neta_model_stats st;

	open_nc(&d);
	d.nc = false;		/* no maintenance at all */
	drv_rx_setup(&d, 0, 32, 1984);
	neta_model_step(d.m, 4);
	neta_model_get_stats(d.m, &st);
	CHECK(st.nc.unclean_reads > 0, "no clean: unclean reads counted");
	CHECK_EQ_U(st.viol_null_buf, 1, "no clean: the device read address 0");
	CHECK_EQ_U(st.rx_delivered, 0, "no clean: nothing delivered");
	drv_close(&d);
}

static void
test_no_invalidate(void)
{
	struct drv d;
	struct drv_rx_seen s[NF];
	uint32_t n;

	open_nc(&d);
	drv_rx_setup(&d, 0, 32, 1984);
	d.skip_inval = true;
	d.watermark = false;
	neta_model_step(d.m, 1);
	n = drv_rx_harvest(&d, 0, s, NF);
	CHECK_EQ_U(n, 1, "no invalidate: one counted");
	CHECK_EQ_U(s[0].status, 0xe5e5e5e5u, "no invalidate: stale poison");
	CHECK(!(s[0].status & MVNETA_RXD_FIRST_DESC) &&
	      (s[0].status & MVNETA_RXD_ERR_SUMMARY),
	      "no invalidate: never a plausible frame");
	drv_close(&d);
}

int
main(void)
{
	harness_seed_rng(4);
	test_maintained();
	test_no_clean();
	test_no_invalidate();
	return harness_result("test_neta_model_nc");
}
