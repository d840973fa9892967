/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The neta model's MAC side in step mode, through registers and
 * descriptors only (tests/neta_model_drv.h):
 *  - the GMAC in port reset (GMAC_CTRL_2) reports no link and passes
 *    nothing; without GMAC_CTRL_0's must-be-one bit neither;
 *  - AUTONEG_CONFIG's forcing: a forced link-down reads down, stops RX
 *    and raises LINK_CHANGE; a forced pass reads up, with the link-down
 *    bit too (U-Boot sets both) and passes; forced 100 reads 100;
 *  - the destination-address filter as Linux programs it: the station
 *    address and the unicast table, the special and the other multicast
 *    tables (CRC-8), broadcast and its reject bit, promiscuous needing
 *    both UPM and FORCE_UNI, what it refuses counted;
 *  - TX: the done cause bits (NEW_CAUSE [7:0]) up while sent descriptors
 *    reach the queue's threshold, the zero-padding bit read from the
 *    last descriptor, the threshold of a running queue rewritable (Linux's
 *    ethtool -C) while its ring size is not;
 *  - the SMI in eth0's window with the shared PHY behind it: busy until
 *    polled once, a command while busy lost (viol_smi_busy), no PHY reads
 *    0xffff; the PHY's advertisement decides the link, the GMAC's link
 *    follows it, AN_SPEED_EN learns nothing without in-band or polling,
 *    forcing the partner's speed after a renegotiation passes frames.
 */
#include <stdio.h>

#include "harness.h"
#include "mii_phy_regs.h"
#include "mvneta_smi.h"
#include "model_fixture.h"
#include "neta_model_drv.h"
#include "neta_model_frames.h"
#include "neta_model_internal.h"

static struct model_fixture_qsrc *
open_src(struct drv *d)
{
	struct model_fixture_qsrc *src = model_fixture_qsrc_create(false);
	struct neta_model_params p;

	neta_model_params_init(&p);
	p.rx_src = &src->base;
	if (drv_open(d, &p) != 0) {
		fprintf(stderr, "cannot open the model\n");
		exit(1);
	}
	drv_rx_setup(d, 0, 16, 1984);
	return src;
}

/* The broadcast address, the destination of most frames offered here. */
static const uint8_t bc[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };

static void
run(struct drv *d)
{
	unsigned int i;

	for (i = 0; i < 16; i++)
		neta_model_step(d->m, 64);
}

static void
check_no_violation(struct drv *d, const char *what)
{
	CHECK_EQ_U(drv_stats(d).violations, 0, "%s: violations (%s)", what,
		   neta_model_last_violation(d->m));
}

/* A 100-byte IPv4/TCP frame to @p da. */
static void
push_to(struct model_fixture_qsrc *src, const uint8_t da[6])
{
	uint8_t *f = nf_ipv4(100, 6, 0);

	memcpy(f, da, 6);
	model_fixture_qsrc_push_owned(src, f, 100);
}

/* Frames delivered to queue 0 since the last call, returned. */
static uint32_t
take(struct drv *d)
{
	struct drv_rx_seen s[16];
	uint32_t n = drv_rx_harvest(d, 0, s, 16);

	drv_rx_done(d, 0, n);
	return n;
}

/* take() three times, the model run between: what a held partner sends. */
static uint32_t
take_drained(struct drv *d)
{
	uint32_t got = take(d);

	run(d);
	got += take(d);
	run(d);
	return got + take(d);
}

/* ---- The GMAC ---- */

static void
test_port_reset(void)
{
	struct drv d;
	struct model_fixture_qsrc *src = open_src(&d);

	drv_wr(&d, MVNETA_GMAC_CTRL_2, MVNETA_GMAC2_PORT_RESET);
	CHECK_EQ_U(drv_rd(&d, MVNETA_GMAC_STATUS) & MVNETA_GMAC_LINK_UP, 0,
		   "port reset: no link");
	push_to(src, bc);
	run(&d);
	CHECK_EQ_U(take(&d), 0, "port reset: nothing received");
	CHECK_EQ_U(drv_stats(&d).rx_dropped_stopped, 1, "port reset: counted");
	drv_wr(&d, MVNETA_GMAC_CTRL_2, 0);
	CHECK(drv_rd(&d, MVNETA_GMAC_STATUS) & MVNETA_GMAC_LINK_UP,
	      "out of reset: link");
	CHECK(drv_rd(&d, MVNETA_INTR_MISC_CAUSE) & MVNETA_CAUSE_LINK_CHANGE,
	      "out of reset: LINK_CHANGE");
	push_to(src, bc);
	run(&d);
	CHECK_EQ_U(take(&d), 1, "out of reset: received");
	/* GMAC_CTRL_0 written whole, its must-be-one bit cleared. */
	drv_wr(&d, MVNETA_GMAC_CTRL_0, MVNETA_GMAC_MAX_RX_SIZE_MASK |
	       MVNETA_GMAC0_PORT_ENABLE);
	push_to(src, bc);
	run(&d);
	CHECK_EQ_U(take(&d), 0, "GMAC_CTRL_0 without bit 15: nothing");
	CHECK_EQ_U(drv_stats(&d).rx_dropped_stopped, 2, "... counted");
	check_no_violation(&d, "port reset");
	drv_close(&d);
}

static void
test_forcing(void)
{
	struct drv d;
	struct model_fixture_qsrc *src = open_src(&d);
	uint32_t an = drv_rd(&d, MVNETA_GMAC_AUTONEG_CONFIG);

	drv_wr(&d, MVNETA_GMAC_AUTONEG_CONFIG, an | MVNETA_GMAC_FORCE_LINK_DOWN);
	CHECK_EQ_U(drv_rd(&d, MVNETA_GMAC_STATUS), 0, "forced down: reads down");
	CHECK(drv_rd(&d, MVNETA_INTR_MISC_CAUSE) & MVNETA_CAUSE_LINK_CHANGE,
	      "forced down: LINK_CHANGE");
	push_to(src, bc);
	run(&d);
	CHECK_EQ_U(take(&d), 0, "forced down: nothing received");
	CHECK_EQ_U(drv_stats(&d).rx_dropped_stopped, 1, "forced down: counted");
	/* Forced pass while the partner is down: the GMAC reads up. */
	neta_model_set_link(d.m, false);
	drv_wr(&d, MVNETA_GMAC_AUTONEG_CONFIG,
	       (an & ~MVNETA_GMAC_FORCE_LINK_DOWN) | MVNETA_GMAC_FORCE_LINK_PASS);
	CHECK(drv_rd(&d, MVNETA_GMAC_STATUS) & MVNETA_GMAC_LINK_UP,
	      "forced pass: reads up, partner down");
	neta_model_set_link(d.m, true);
	/*
	 * PASS and DOWN together, as U-Boot's mvneta_adjust_link() writes
	 * them at every link-up: PASS wins, frames pass.
	 */
	drv_wr(&d, MVNETA_GMAC_AUTONEG_CONFIG, an | MVNETA_GMAC_FORCE_LINK_PASS |
	       MVNETA_GMAC_FORCE_LINK_DOWN);
	CHECK(drv_rd(&d, MVNETA_GMAC_STATUS) & MVNETA_GMAC_LINK_UP,
	      "PASS and DOWN: reads up");
	push_to(src, bc);
	run(&d);
	CHECK_EQ_U(take(&d), 1, "PASS and DOWN: received");
	/* Forced 100 full: GMAC_STATUS says 100; the 1000 partner garbles. */
	drv_wr(&d, MVNETA_GMAC_AUTONEG_CONFIG, MVNETA_GMAC_FORCE_LINK_PASS |
	       MVNETA_GMAC_CONFIG_MII_SPEED | MVNETA_GMAC_CONFIG_FULL_DUPLEX);
	CHECK_EQ_U(drv_rd(&d, MVNETA_GMAC_STATUS),
		   MVNETA_GMAC_LINK_UP | MVNETA_GMAC_SPEED_100 |
		   MVNETA_GMAC_FULL_DUPLEX, "forced 100: reads 100 full");
	push_to(src, bc);
	run(&d);
	CHECK_EQ_U(take(&d), 0, "forced 100 against 1000: nothing");
	CHECK_EQ_U(drv_stats(&d).rx_dropped_speed, 1, "... dropped for the speed");
	/* Speed and duplex from the partner (AN on): 1000 full. */
	drv_wr(&d, MVNETA_GMAC_AUTONEG_CONFIG, MVNETA_GMAC_AN_SPEED_EN |
	       MVNETA_GMAC_AN_DUPLEX_EN);
	CHECK_EQ_U(drv_rd(&d, MVNETA_GMAC_STATUS),
		   MVNETA_GMAC_LINK_UP | MVNETA_GMAC_SPEED_1000 |
		   MVNETA_GMAC_FULL_DUPLEX, "negotiated: the partner's 1000 full");
	push_to(src, bc);
	run(&d);
	CHECK_EQ_U(take(&d), 1, "negotiated: received");
	check_no_violation(&d, "forcing");
	drv_close(&d);
}

/* ---- The destination-address filter ---- */

static void
set_mac(struct drv *d, const uint8_t a[6])
{
	drv_wr(d, MVNETA_MAC_ADDR_HIGH, (uint32_t)a[0] << 24 |
	       (uint32_t)a[1] << 16 | (uint32_t)a[2] << 8 | a[3]);
	drv_wr(d, MVNETA_MAC_ADDR_LOW, (uint32_t)a[4] << 8 | a[5]);
}

/* Entry @p idx of the table at @p base passing to queue 0. */
static void
pass_entry(struct drv *d, uint32_t base, unsigned int idx)
{
	uint32_t off = base + (idx & ~3u);

	drv_wr(d, off, drv_rd(d, off) |
	       MVNETA_DA_FILT_PASS << (8u * (idx & 3u)));
}

/* Pushes one frame to @p da and says whether it was received. */
static bool
passes(struct drv *d, struct model_fixture_qsrc *src, const uint8_t da[6])
{
	push_to(src, da);
	run(d);
	return take(d) == 1;
}

static void
test_filter(void)
{
	static const uint8_t st[6] = { 0x02, 0x11, 0x22, 0x33, 0x44, 0x51 };
	static const uint8_t nb[6] = { 0x02, 0x11, 0x22, 0x33, 0x44, 0x5a };
	static const uint8_t far[6] = { 0x02, 0x11, 0x22, 0x33, 0x45, 0x51 };
	static const uint8_t spec[6] = { 0x01, 0x00, 0x5e, 0x00, 0x00, 0xfb };
	static const uint8_t oth[6] = { 0x33, 0x33, 0x00, 0x00, 0x00, 0x01 };
	static const uint8_t oth2[6] = { 0x01, 0x00, 0x5e, 0x7f, 0x00, 0x01 };
	struct drv d;
	struct model_fixture_qsrc *src = open_src(&d);
	uint32_t pc;

	/* Linux's non-promiscuous reset: every table refusing. */
	pc = drv_rd(&d, MVNETA_PORT_CONFIG) & ~MVNETA_UNI_PROMISC_MODE;
	drv_wr(&d, MVNETA_PORT_CONFIG, pc);
	drv_wr(&d, MVNETA_TYPE_PRIO, 0);
	drv_filter_table(&d, MVNETA_DA_FILT_UCAST_BASE,
			 MVNETA_DA_FILT_UCAST_ENTRIES, false);
	drv_filter_table(&d, MVNETA_DA_FILT_SPEC_MCAST,
			 MVNETA_DA_FILT_MCAST_ENTRIES, false);
	drv_filter_table(&d, MVNETA_DA_FILT_OTH_MCAST,
			 MVNETA_DA_FILT_MCAST_ENTRIES, false);
	set_mac(&d, st);
	CHECK(!passes(&d, src, st), "station address, its entry refusing");
	CHECK_EQ_U(drv_stats(&d).rx_dropped_filter, 1, "refused: counted");
	pass_entry(&d, MVNETA_DA_FILT_UCAST_BASE, st[5] & 0xf);
	CHECK(passes(&d, src, st), "station address passes");
	CHECK(!passes(&d, src, nb), "its neighbour, entry 0xa refusing");
	pass_entry(&d, MVNETA_DA_FILT_UCAST_BASE, nb[5] & 0xf);
	CHECK(passes(&d, src, nb), "its neighbour, entry 0xa passing");
	CHECK(!passes(&d, src, far), "another prefix: never by the table");
	CHECK(passes(&d, src, bc), "broadcast passes");
	drv_wr(&d, MVNETA_PORT_CONFIG, pc | MVNETA_REJECT_BCAST);
	CHECK(!passes(&d, src, bc), "broadcast rejected");
	drv_wr(&d, MVNETA_PORT_CONFIG, pc);
	CHECK(!passes(&d, src, spec), "special multicast, not listed");
	pass_entry(&d, MVNETA_DA_FILT_SPEC_MCAST, spec[5]);
	CHECK(passes(&d, src, spec), "special multicast, listed");
	CHECK(!passes(&d, src, oth), "other multicast, not listed");
	pass_entry(&d, MVNETA_DA_FILT_OTH_MCAST, mvneta_da_filt_crc8(oth));
	CHECK(passes(&d, src, oth), "other multicast, CRC-8 entry");
	CHECK(mvneta_da_filt_crc8(oth2) == mvneta_da_filt_crc8(oth) ||
	      !passes(&d, src, oth2), "another group, another entry");
	/* Promiscuous as Linux sets it: UPM and FORCE_UNI together. */
	drv_wr(&d, MVNETA_PORT_CONFIG, pc | MVNETA_UNI_PROMISC_MODE);
	CHECK(!passes(&d, src, far), "UPM without FORCE_UNI: refused");
	drv_wr(&d, MVNETA_TYPE_PRIO, MVNETA_FORCE_UNI);
	CHECK(passes(&d, src, far), "UPM with FORCE_UNI: any unicast");
	CHECK_EQ_U(drv_stats(&d).rx_offered, drv_stats(&d).rx_delivered +
		   drv_stats(&d).rx_dropped_filter, "every frame accounted for");
	check_no_violation(&d, "filter");
	drv_close(&d);
}

/* ---- TX ---- */

static void
open_tx(struct drv *d)
{
	struct neta_model_params p;

	neta_model_params_init(&p);
	if (drv_open(d, &p) != 0)
		exit(1);
	drv_tx_setup(d, 0, 8);
}

static void
test_tx_done_cause(void)
{
	struct drv d;
	uint8_t *f = nf_ipv4(100, 6, 1);
	uint32_t size;

	open_tx(&d);
	CHECK_EQ_U(drv_rd(&d, MVNETA_INTR_NEW_CAUSE) & MVNETA_TX_INTR_MASK_ALL,
		   0, "nothing sent: no TX cause");
	drv_tx_put(&d, 0, f, 100, 0);
	drv_wr(&d, MVNETA_TXQ_UPDATE_REG(0), 1);
	neta_model_step(d.m, 8);
	CHECK_EQ_U(drv_rd(&d, MVNETA_INTR_NEW_CAUSE) & MVNETA_TX_INTR_MASK_ALL,
		   1, "sent, threshold 0: queue 0's cause up");
	drv_wr(&d, MVNETA_INTR_NEW_CAUSE, 0);
	CHECK_EQ_U(drv_rd(&d, MVNETA_INTR_NEW_CAUSE) & MVNETA_TX_INTR_MASK_ALL,
		   1, "a write leaves it (level)");
	/* ethtool -C: the threshold of the running queue rewritten. */
	size = drv_rd(&d, MVNETA_TXQ_SIZE_REG(0));
	drv_wr(&d, MVNETA_TXQ_SIZE_REG(0), size | MVNETA_TXQ_SENT_THRESH_MASK(2));
	CHECK_EQ_U(drv_stats(&d).viol_ring_running, 0,
		   "the threshold of a running queue: allowed");
	CHECK_EQ_U(drv_rd(&d, MVNETA_INTR_NEW_CAUSE) & MVNETA_TX_INTR_MASK_ALL,
		   0, "1 sent below threshold 2: down");
	drv_tx_put(&d, 0, f, 100, 0);
	drv_wr(&d, MVNETA_TXQ_UPDATE_REG(0), 1);
	neta_model_step(d.m, 8);
	CHECK_EQ_U(drv_rd(&d, MVNETA_INTR_NEW_CAUSE) & MVNETA_TX_INTR_MASK_ALL,
		   1, "2 sent: up");
	drv_wr(&d, MVNETA_TXQ_UPDATE_REG(0), 2u << MVNETA_TXQ_DEC_SENT_SHIFT);
	CHECK_EQ_U(drv_rd(&d, MVNETA_INTR_NEW_CAUSE) & MVNETA_TX_INTR_MASK_ALL,
		   0, "reclaimed: down");
	check_no_violation(&d, "tx cause");
	drv_wr(&d, MVNETA_TXQ_SIZE_REG(0), 16);
	CHECK_EQ_U(drv_stats(&d).viol_ring_running, 1,
		   "the ring size of a running queue: a violation");
	free(f);
	drv_close(&d);
}

static void
test_zero_pad_last(void)
{
	struct drv d;
	struct mvneta_tx_desc *t;
	uint8_t *f = nf_ipv4(50, 17, 2);	/* UDP: TCP needs 54 bytes */

	open_tx(&d);
	/* Z_PAD on the first descriptor only: no padding. */
	drv_tx_put(&d, 0, f, 20, 0);
	drv_tx_put(&d, 0, f + 20, 30, 0);
	t = d.txr[0];
	t[0].command = htole32(MVNETA_TXD_F_DESC | MVNETA_TXD_Z_PAD |
			       MVNETA_TX_L4_CSUM_NOT);
	t[1].command = htole32(MVNETA_TXD_L_DESC);
	drv_wr(&d, MVNETA_TXQ_UPDATE_REG(0), 2);
	neta_model_step(d.m, 8);
	CHECK_EQ_U(drv_stats(&d).tx_bytes, 50, "Z_PAD on the first: not padded");
	/* On the last, as Linux's mvneta_tx_frag_process() sets it. */
	drv_tx_put(&d, 0, f, 20, 0);
	drv_tx_put(&d, 0, f + 20, 30, 0);
	t[2].command = htole32(MVNETA_TXD_F_DESC | MVNETA_TX_L4_CSUM_NOT);
	t[3].command = htole32(MVNETA_TXD_L_DESC | MVNETA_TXD_Z_PAD);
	drv_wr(&d, MVNETA_TXQ_UPDATE_REG(0), 2);
	neta_model_step(d.m, 8);
	CHECK_EQ_U(drv_stats(&d).tx_bytes, 50 + 60, "Z_PAD on the last: padded");
	CHECK_EQ_U(drv_stats(&d).tx_padded, 1, "one frame padded");
	check_no_violation(&d, "zero pad");
	free(f);
	drv_close(&d);
}

/* ---- The SMI and the PHY behind it ---- */

/* One SMI read as Linux's orion_mdio_smi_read() does it. */
static uint32_t
smi_read(struct drv *d, uint32_t smi, unsigned int pa, uint32_t reg)
{
	unsigned int i;
	uint32_t v;

	drv_wr(d, smi, mvneta_smi_cmd(pa, reg, MVNETA_SMI_READ_OPERATION));
	for (i = 0; i < 4; i++) {
		v = drv_rd(d, smi);
		if (!(v & MVNETA_SMI_BUSY))
			return v;
	}
	return v;
}

static void
test_smi(void)
{
	struct model_fixture_qsrc *src = model_fixture_qsrc_create(false);
	const uint32_t smi = MVNETA_SMI_WINDOW_OFF;
	struct neta_model_params p;
	struct drv d;
	uint32_t v;

	neta_model_params_init(&p);
	p.rx_src = &src->base;
	p.mdio = NETA_MODEL_MDIO_WINDOW;
	p.phy_addr = 3;
	if (drv_open(&d, &p) != 0) {
		CHECK(0, "smi: open");
		return;
	}
	drv_rx_setup(&d, 0, 16, 1984);
	CHECK_EQ_U(neta_model_regs_phys(d.m), 0xd0030000,
		   "window: the port is the 3700's eth0");
	/* The transfer runs until the SMI is polled once. */
	drv_wr(&d, smi, mvneta_smi_cmd(3, MII_PHYSID1, MVNETA_SMI_READ_OPERATION));
	CHECK_EQ_U(drv_rd(&d, smi) & (MVNETA_SMI_BUSY | MVNETA_SMI_READ_VALID),
		   MVNETA_SMI_BUSY, "the first poll: busy, nothing valid");
	v = drv_rd(&d, smi);
	CHECK_EQ_U(v & (MVNETA_SMI_BUSY | MVNETA_SMI_READ_VALID |
			MVNETA_SMI_DATA_MASK),
		   MVNETA_SMI_READ_VALID | (MII_PHY_ID_RTL8211F >> 16),
		   "then PHYSID1, valid");
	CHECK_EQ_U(smi_read(&d, smi, 4, MII_PHYSID1) & MVNETA_SMI_DATA_MASK,
		   0xffff, "no PHY at 4: the pull-ups");
	check_no_violation(&d, "smi");
	/* A command while busy is lost. */
	drv_wr(&d, smi, mvneta_smi_cmd(3, MII_BMCR, MVNETA_SMI_READ_OPERATION));
	drv_wr(&d, smi, mvneta_smi_cmd(3, MII_BMSR, MVNETA_SMI_READ_OPERATION));
	CHECK_EQ_U(drv_stats(&d).viol_smi_busy, 1, "a command while busy: counted");
	drv_rd(&d, smi);
	/* The PHY advertises 100 only: against a 1000 partner, no link. */
	drv_wr(&d, MVNETA_UNIT_CONTROL, 0);
	drv_wr(&d, smi, mvneta_smi_cmd(3, MII_CTRL1000, MVNETA_SMI_WRITE_OPERATION));
	drv_rd(&d, smi);
	CHECK_EQ_U(smi_read(&d, smi, 3, MII_BMSR) & BMSR_LSTATUS, 0,
		   "1000 not advertised: BMSR latched low");
	CHECK_EQ_U(smi_read(&d, smi, 3, MII_BMSR) & BMSR_LSTATUS, 0,
		   "1000 not advertised: no link");
	CHECK_EQ_U(drv_rd(&d, MVNETA_GMAC_STATUS) & MVNETA_GMAC_LINK_UP, 0,
		   "the GMAC's link follows the PHY's: down");
	push_to(src, bc);
	run(&d);
	CHECK_EQ_U(take(&d), 0, "no link: nothing");
	/* The partner at 100 full: the PHY links, the GMAC forced to 100. */
	CHECK_EQ_U(neta_model_set_partner(d.m, 100, true), 0, "partner to 100");
	smi_read(&d, smi, 3, MII_BMSR);
	CHECK(smi_read(&d, smi, 3, MII_BMSR) & BMSR_LSTATUS, "100: the PHY links");
	CHECK_EQ_U(smi_read(&d, smi, 3, MII_LPA) &
		   (LPA_100FULL | LPA_1000FULL), LPA_100FULL, "100: LPA");
	drv_wr(&d, MVNETA_GMAC_AUTONEG_CONFIG, MVNETA_GMAC_AN_SPEED_EN |
	       MVNETA_GMAC_AN_DUPLEX_EN);
	CHECK_EQ_U(drv_rd(&d, MVNETA_GMAC_STATUS) &
		   (MVNETA_GMAC_SPEED_1000 | MVNETA_GMAC_SPEED_100 |
		    MVNETA_GMAC_FULL_DUPLEX), 0,
		   "AN_SPEED_EN without in-band or polling: nothing learnt");
	push_to(src, bc);
	run(&d);
	CHECK_EQ_U(take(&d), 0, "... and so nothing received");
	drv_wr(&d, MVNETA_GMAC_AUTONEG_CONFIG, MVNETA_GMAC_FORCE_LINK_PASS |
	       MVNETA_GMAC_CONFIG_MII_SPEED | MVNETA_GMAC_CONFIG_FULL_DUPLEX);
	CHECK_EQ_U(drv_rd(&d, MVNETA_GMAC_STATUS),
		   MVNETA_GMAC_LINK_UP | MVNETA_GMAC_SPEED_100 |
		   MVNETA_GMAC_FULL_DUPLEX, "forced 100 full: reads it");
	push_to(src, bc);
	run(&d);
	CHECK_EQ_U(take(&d), 1, "forced to the partner's 100: received");
	CHECK_EQ_U(drv_stats(&d).violations, 1, "only the busy command");
	drv_close(&d);
}

/* ---- 802.3x flow control (neta_model_fc.c) ---- */

/* A PAUSE frame of @p quanta from the partner. */
static void
push_pause(struct model_fixture_qsrc *src, uint32_t quanta)
{
	uint8_t *f = calloc(1, 60);

	memcpy(f, (const uint8_t[]){ 0x01, 0x80, 0xc2, 0x00, 0x00, 0x01,
				     0x02, 0x00, 0x00, 0x00, 0x00, 0x99,
				     0x88, 0x08, 0x00, 0x01 }, 16);
	f[16] = (uint8_t)(quanta >> 8);
	f[17] = (uint8_t)quanta;
	model_fixture_qsrc_push_owned(src, f, 60);
}

/* A model on a manual clock with a keeping sink, flow control @p on. */
static struct model_fixture_qsrc *
open_fc(struct drv *d, struct model_fixture_qsink **sink, uint32_t rx_ring,
	bool on)
{
	struct model_fixture_qsrc *src = model_fixture_qsrc_create(false);
	struct neta_model_params p;

	neta_model_params_init(&p);
	p.rx_src = &src->base;
	*sink = model_fixture_qsink_create();
	p.tx_sink = &(*sink)->base;
	p.manual_clock = true;
	if (drv_open(d, &p) != 0) {
		fprintf(stderr, "cannot open the model\n");
		exit(1);
	}
	drv_rx_setup(d, 0, rx_ring, 1984);
	if (on)
		drv_wr(d, MVNETA_GMAC_AUTONEG_CONFIG,
		       drv_rd(d, MVNETA_GMAC_AUTONEG_CONFIG) |
		       MVNETA_GMAC_CONFIG_FLOW_CTRL);
	return src;
}

/*
 * A PAUSE frame received: kept from the host either way; with
 * AUTONEG_CONFIG's flow-control bit it holds the transmitter exactly its
 * quanta (10 x 512 bit times at 1000 Mbit/s: 5120 ns), without it not at all.
 */
static void
test_pause_received(void)
{
	struct model_fixture_qsink *sink;
	struct model_fixture_qsrc *src;
	uint8_t *f = nf_ipv4(100, 17, 1);
	struct drv d;
	int on;

	for (on = 1; on >= 0; on--) {
		src = open_fc(&d, &sink, 16, on);
		push_pause(src, 10);
		run(&d);
		CHECK_EQ_U(take(&d), 0, "pause (fc %d): kept from the host", on);
		CHECK_EQ_U(drv_stats(&d).rx_dropped_control, 1,
			   "pause (fc %d): counted", on);
		CHECK_EQ_U(drv_stats(&d).rx_pause_frames, (uint64_t)on,
			   "pause (fc %d): acted on", on);
		CHECK_EQ_U(drv_rd(&d, MVNETA_MIB_GOOD_FC_RECEIVED), (uint32_t)on,
			   "pause (fc %d): MIB good FC received", on);
		drv_tx_setup(&d, 0, 8);
		drv_tx_put(&d, 0, f, 100, 0);
		drv_wr(&d, MVNETA_TXQ_UPDATE_REG(0), 1);
		if (on) {
			neta_model_step(d.m, 8);
			CHECK_EQ_U(drv_stats(&d).tx_frames, 0,
				   "pause: the transmitter waits");
			CHECK(neta_fc_deadline_ns(d.m) != 0,
			      "pause: the thread's timer runs");
			neta_model_clock_advance(d.m, 5119);
			neta_model_step(d.m, 8);
			CHECK_EQ_U(drv_stats(&d).tx_frames, 0,
				   "pause: still, 1 ns before the end");
			neta_model_clock_advance(d.m, 1);
			/* Before the arbiter runs again: no expired timer. */
			CHECK_EQ_U(neta_fc_deadline_ns(d.m), 0,
				   "pause: no timer once it ended");
		}
		neta_model_step(d.m, 8);
		CHECK_EQ_U(drv_stats(&d).tx_frames, 1, "pause (fc %d): sent", on);
		CHECK_EQ_U(sink->n, 1, "pause (fc %d): one frame on the wire", on);
		check_no_violation(&d, "pause received");
		drv_close(&d);
	}
	free(f);
}

/*
 * A consumer that stops: with the bit, the port sends XOFF (the longest
 * pause, from the station address) once the ring could not take two more
 * frames, the partner sends the one on its way and holds; once the
 * driver returns descriptors, XON (0 quanta) and the rest. Nothing is
 * lost. Without the bit, what finds the ring full is missed.
 */
static void
test_pause_sent(void)
{
	struct model_fixture_qsink *sink;
	struct model_fixture_qsrc *src;
	struct neta_model_stats st;
	uint32_t got;
	struct drv d;
	unsigned int i;
	int on;

	for (on = 1; on >= 0; on--) {
		src = open_fc(&d, &sink, 16, on);
		for (i = 0; i < 24; i++)
			push_to(src, bc);
		run(&d);
		st = drv_stats(&d);
		if (on) {
			/* XOFF with 1 descriptor left, which the 16th takes. */
			CHECK_EQ_U(st.rx_delivered, 16, "fc: 15, then the one on its way");
			CHECK_EQ_U(st.rx_missed, 0, "fc: none missed");
			CHECK_EQ_U(sink->n, 1, "fc: XOFF sent");
			CHECK(sink->n == 1 && sink->len[0] == 60 &&
			      sink->frame[0][12] == 0x88 &&
			      sink->frame[0][13] == 0x08 &&
			      sink->frame[0][16] == 0xff &&
			      sink->frame[0][17] == 0xff &&
			      memcmp(sink->frame[0] + 6, (const uint8_t[]){
				      0x02, 0x00, 0x00, 0x00, 0x00, 0x01 },
				     6) == 0,
			      "fc: XOFF of 0xffff quanta from the station address");
		} else {
			CHECK_EQ_U(st.rx_delivered, 16, "no fc: the ring filled");
			CHECK_EQ_U(st.rx_missed, 8, "no fc: the rest missed");
			CHECK_EQ_U(sink->n, 0, "no fc: no PAUSE frame");
		}
		got = take_drained(&d);
		CHECK_EQ_U(got, on ? 24u : 16u, "fc %d: frames received", on);
		if (on) {
			CHECK_EQ_U(sink->n, 2, "fc: XON sent");
			CHECK(sink->n == 2 && sink->frame[1][16] == 0 &&
			      sink->frame[1][17] == 0, "fc: XON of 0 quanta");
			CHECK_EQ_U(drv_rd(&d, MVNETA_MIB_FC_SENT), 2,
				   "fc: MIB FC sent");
		}
		check_no_violation(&d, "pause sent");
		drv_close(&d);
	}
}

/*
 * Flow control switched on while the ring is already full: the queue's
 * room counts from that write, so the first frame offered after it brings
 * XOFF (the one on its way then finds no room and is missed) and the
 * partner holds the rest until the driver returns descriptors.
 */
static void
test_pause_on_when_short(void)
{
	struct model_fixture_qsink *sink;
	struct model_fixture_qsrc *src;
	struct neta_model_stats st;
	uint32_t got;
	struct drv d;
	unsigned int i;

	src = open_fc(&d, &sink, 16, false);
	for (i = 0; i < 16; i++)
		push_to(src, bc);
	run(&d);
	CHECK_EQ_U(drv_stats(&d).rx_delivered, 16, "fc off: the ring filled");
	drv_wr(&d, MVNETA_GMAC_AUTONEG_CONFIG,
	       drv_rd(&d, MVNETA_GMAC_AUTONEG_CONFIG) |
	       MVNETA_GMAC_CONFIG_FLOW_CTRL);
	for (i = 0; i < 8; i++)
		push_to(src, bc);
	run(&d);
	st = drv_stats(&d);
	CHECK_EQ_U(sink->n, 1, "fc on over a full ring: XOFF sent");
	CHECK_EQ_U(st.rx_missed, 1, "fc on over a full ring: only the one on its way missed");
	got = take_drained(&d);
	CHECK_EQ_U(got, 16 + 7, "fc on over a full ring: the rest received");
	check_no_violation(&d, "pause on when short");
	drv_close(&d);
}

int
main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	test_port_reset();
	test_forcing();
	test_filter();
	test_tx_done_cause();
	test_zero_pad_last();
	test_smi();
	test_pause_received();
	test_pause_sent();
	test_pause_on_when_short();
	return harness_result("neta_model_mac");
}
