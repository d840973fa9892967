/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The neta model's eight RX and eight TX queues in step mode, programmed
 * through registers as a driver would (tests/neta_model_drv.h;
 * docs/model.md "Queue steering", "TX arbiter"):
 *  - the VLAN priority map (MVNETA_VLAN_PRIO_TO_RXQ): a PCP 7 frame to
 *    the queue the map gives, an untagged one to the default queue, a
 *    PCP 0 one to map entry 0 (the map has no enable bit);
 *  - the class queues of MVNETA_PORT_CONFIG and their capture enables:
 *    TCP and UDP only with MVNETA_TCP/UDP_CAPTURE_EN, ARP always, BPDUs
 *    only with PORT_CONFIG_EXTEND's MVNETA_SPAN_BPDU_CAPTURE_EN, a class
 *    capture before the priority map;
 *  - a frame steered to a queue RXQ_CMD has not enabled: dropped, in the
 *    port's discard counter and rx_dropped_queue_off;
 *  - queue 1's interrupt: its own NEW_CAUSE bit and eventfd only;
 *  - two busy TX queues: strict priority at reset (queue 7 first), fixed
 *    priority before the round robin, the round robin by weight;
 *  - the fault knobs on frames steered to queue 1.
 */
#include <stdio.h>
#include <unistd.h>

#include "harness.h"
#include "model_fixture.h"
#include "neta_model_drv.h"
#include "neta_model_frames.h"
#include "neta_model_sink.h"

#define FLEN	120u

static struct model_fixture_qsrc *
open_q(struct drv *d, bool flow_control, struct mem_sink *sink,
       const struct neta_model_faults *f)
{
	struct model_fixture_qsrc *src = model_fixture_qsrc_create(false);
	struct neta_model_params p;

	neta_model_params_init(&p);
	p.rx_src = &src->base;
	p.flow_control = flow_control;
	if (sink != NULL)
		p.tx_sink = &sink->base;
	if (f != NULL)
		p.faults = *f;
	if (drv_open(d, &p) != 0) {
		fprintf(stderr, "cannot open the model\n");
		exit(1);
	}
	return src;
}

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

/* @p f (@p len bytes, owned) with an 802.1Q tag of priority @p pcp. */
static uint8_t *
tagged(uint8_t *f, uint32_t len, unsigned int pcp)
{
	uint8_t *t = malloc(len + 4);

	if (t == NULL)
		abort();
	memcpy(t, f, 12);
	nf_put16(t + 12, 0x8100);
	nf_put16(t + 14, (uint16_t)(pcp << 13 | 100));	/* VID 100 */
	memcpy(t + 16, f + 12, len - 12);
	free(f);
	return t;
}

/* An ARP request or (@p bpdu) a spanning-tree BPDU, 60 bytes. */
static uint8_t *
l2_frame(bool bpdu)
{
	static const uint8_t stp[6] = { 0x01, 0x80, 0xc2, 0, 0, 0 };
	uint8_t *f = calloc(1, 60);

	if (f == NULL)
		abort();
	if (bpdu) {
		memcpy(f, stp, 6);
		nf_put16(f + 12, 38);		/* 802.3 length, LLC follows */
		f[14] = f[15] = 0x42;		/* STP's LLC SAPs */
		f[16] = 0x03;
	} else {
		memset(f, 0xff, 6);
		nf_put16(f + 12, 0x0806);
	}
	f[6] = 0x02;
	f[11] = 0x07;
	return f;
}

/* Frames each RX queue holds now (RXQ_STATUS occupied). */
static void
occupancy(struct drv *d, uint32_t *occ)
{
	unsigned int q;

	for (q = 0; q < MVNETA_MAX_RXQ; q++)
		occ[q] = d->rxq[q].size != 0 ? drv_rx_occupied(d, q) : 0;
}

/* Pushes @p f, runs, and returns the queue that got it (8: none). */
static unsigned int
landed(struct drv *d, struct model_fixture_qsrc *src, uint8_t *f,
       uint32_t len)
{
	uint32_t before[MVNETA_MAX_RXQ], after[MVNETA_MAX_RXQ];
	unsigned int q, where = MVNETA_MAX_RXQ;

	occupancy(d, before);
	model_fixture_qsrc_push_owned(src, f, len);
	run(d);
	occupancy(d, after);
	for (q = 0; q < MVNETA_MAX_RXQ; q++)
		if (after[q] != before[q])
			where = where == MVNETA_MAX_RXQ ? q : 99;
	return where;
}

static void
setup_all_rxq(struct drv *d)
{
	unsigned int q;

	for (q = 0; q < MVNETA_MAX_RXQ; q++)
		drv_rx_setup(d, q, 16, 1984);
}

static void
test_vlan_prio(void)
{
	struct drv d;
	struct model_fixture_qsrc *src = open_q(&d, false, NULL, NULL);

	setup_all_rxq(&d);
	drv_wr(&d, MVNETA_PORT_CONFIG, drv_rd(&d, MVNETA_PORT_CONFIG) |
	       MVNETA_DEF_RXQ(2));
	/* Linux mvneta_map_vlan_prio_to_rxq(pp, 7, 5) after the clear. */
	drv_wr(&d, MVNETA_VLAN_PRIO_TO_RXQ, 0);
	drv_wr(&d, MVNETA_VLAN_PRIO_TO_RXQ,
	       drv_rd(&d, MVNETA_VLAN_PRIO_TO_RXQ) |
	       MVNETA_VLAN_PRIO_RXQ_MAP(7, 5));
	CHECK_EQ_U(landed(&d, src, tagged(nf_ipv4(FLEN, 17, 1), FLEN, 7),
			  FLEN + 4), 5, "PCP 7 to the queue the map gives");
	CHECK_EQ_U(landed(&d, src, nf_ipv4(FLEN, 17, 2), FLEN), 2,
		   "untagged to the default queue");
	CHECK_EQ_U(landed(&d, src, tagged(nf_ipv4(FLEN, 17, 3), FLEN, 0),
			  FLEN + 4), 0,
		   "PCP 0 to map entry 0 (0), not the default queue");
	drv_wr(&d, MVNETA_VLAN_PRIO_TO_RXQ, MVNETA_VLAN_PRIO_RXQ_MAP(7, 5) |
	       MVNETA_VLAN_PRIO_RXQ_MAP(0, 2));
	CHECK_EQ_U(landed(&d, src, tagged(nf_ipv4(FLEN, 17, 4), FLEN, 0),
			  FLEN + 4), 2, "PCP 0 mapped to the default queue");
	CHECK_EQ_U(landed(&d, src, tagged(nf_ipv4(FLEN, 17, 5), FLEN, 3),
			  FLEN + 4), 0, "PCP 3 to its entry, 0");
	check_no_violation(&d, "vlan prio");
	drv_close(&d);
}

static void
test_class_queues(void)
{
	struct drv d;
	struct model_fixture_qsrc *src = open_q(&d, false, NULL, NULL);
	uint32_t cfg = MVNETA_UNI_PROMISC_MODE | MVNETA_DEF_RXQ(1) |
		       MVNETA_DEF_RXQ_ARP(6) | MVNETA_DEF_RXQ_TCP(3) |
		       MVNETA_DEF_RXQ_UDP(4) | MVNETA_DEF_RXQ_BPDU(7);

	setup_all_rxq(&d);
	drv_wr(&d, MVNETA_VLAN_PRIO_TO_RXQ, MVNETA_VLAN_PRIO_RXQ_MAP(5, 5));
	/* The queue fields alone: TCP and UDP are not captured. */
	drv_wr(&d, MVNETA_PORT_CONFIG, cfg);
	CHECK_EQ_U(landed(&d, src, nf_ipv4(FLEN, 6, 1), FLEN), 1,
		   "TCP without its capture enable: the default queue");
	CHECK_EQ_U(landed(&d, src, nf_ipv4(FLEN, 17, 2), FLEN), 1,
		   "UDP without its capture enable: the default queue");
	CHECK_EQ_U(landed(&d, src, l2_frame(false), 60), 6,
		   "ARP to the ARP queue (no enable bit)");
	CHECK_EQ_U(landed(&d, src, l2_frame(true), 60), 1,
		   "BPDU without SPAN: the default queue");
	CHECK_EQ_U(landed(&d, src, tagged(nf_ipv4(FLEN, 6, 3), FLEN, 5),
			  FLEN + 4), 5, "tagged TCP, not captured: the map");
	/* Each capture on, as Marvell's LSP mvNeta{Tcp,Udp,Bpdu}Rxq() do. */
	drv_wr(&d, MVNETA_PORT_CONFIG, cfg | MVNETA_TCP_CAPTURE_EN);
	CHECK_EQ_U(landed(&d, src, nf_ipv4(FLEN, 6, 4), FLEN), 3,
		   "TCP captured to the TCP queue");
	CHECK_EQ_U(landed(&d, src, nf_ipv4(FLEN, 17, 5), FLEN), 1,
		   "UDP still not captured");
	CHECK_EQ_U(landed(&d, src, tagged(nf_ipv4(FLEN, 6, 6), FLEN, 5),
			  FLEN + 4), 3, "a capture before the priority map");
	drv_wr(&d, MVNETA_PORT_CONFIG, cfg | MVNETA_UDP_CAPTURE_EN);
	CHECK_EQ_U(landed(&d, src, nf_ipv4(FLEN, 17, 7), FLEN), 4,
		   "UDP captured to the UDP queue");
	CHECK_EQ_U(landed(&d, src, nf_ipv4(FLEN, 6, 8), FLEN), 1,
		   "TCP no longer captured");
	drv_wr(&d, MVNETA_PORT_CONFIG_EXTEND, MVNETA_SPAN_BPDU_CAPTURE_EN);
	CHECK_EQ_U(landed(&d, src, l2_frame(true), 60), 7,
		   "BPDU with SPAN to the BPDU queue");
	check_no_violation(&d, "class queues");
	drv_close(&d);
}

static void
test_disabled_queue(void)
{
	struct drv d;
	struct model_fixture_qsrc *src = open_q(&d, false, NULL, NULL);
	struct neta_model_stats st;

	drv_rx_setup(&d, 1, 16, 1984);
	drv_wr(&d, MVNETA_PORT_CONFIG, drv_rd(&d, MVNETA_PORT_CONFIG) |
	       MVNETA_DEF_RXQ(1));
	/* PCP 7 to queue 3, which nobody enabled. */
	drv_wr(&d, MVNETA_VLAN_PRIO_TO_RXQ, MVNETA_VLAN_PRIO_RXQ_MAP(7, 3));
	CHECK_EQ_U(landed(&d, src, tagged(nf_ipv4(FLEN, 17, 1), FLEN, 7),
			  FLEN + 4), MVNETA_MAX_RXQ, "to a disabled queue: nowhere");
	st = drv_stats(&d);
	CHECK_EQ_U(st.rx_dropped_queue_off, 1, "rx_dropped_queue_off");
	CHECK_EQ_U(st.rx_dropped_stopped, 1, "rx_dropped_stopped");
	CHECK_EQ_U(drv_rd(&d, MVNETA_RX_DISCARD_FRAME_COUNT), 1,
		   "the port's discard counter");
	CHECK_EQ_U(landed(&d, src, nf_ipv4(FLEN, 17, 2), FLEN), 1,
		   "the next frame to the enabled default queue");
	/* Disabled again through RXQ_CMD: dropped again. */
	drv_wr(&d, MVNETA_RXQ_CMD, 1u << (1 + MVNETA_RXQ_DISABLE_SHIFT));
	CHECK_EQ_U(landed(&d, src, nf_ipv4(FLEN, 17, 3), FLEN), MVNETA_MAX_RXQ,
		   "queue 1 disabled: nowhere");
	st = drv_stats(&d);
	CHECK_EQ_U(st.rx_dropped_queue_off, 2, "rx_dropped_queue_off again");
	CHECK_EQ_U(st.rx_offered, st.rx_delivered + st.rx_dropped_stopped,
		   "every frame accounted for");
	check_no_violation(&d, "disabled queue");
	drv_close(&d);
}

static void
test_irq_queue1(void)
{
	struct drv d;
	struct model_fixture_qsrc *src = open_q(&d, false, NULL, NULL);
	uint64_t v = 0;
	uint32_t cause;
	unsigned int q;
	int fd1, fd0;

	drv_rx_setup(&d, 0, 16, 1984);
	drv_rx_setup(&d, 1, 16, 1984);
	drv_wr(&d, MVNETA_PORT_CONFIG, drv_rd(&d, MVNETA_PORT_CONFIG) |
	       MVNETA_DEF_RXQ(1));
	/* Every queue's cause from one frame on (0 would keep it up). */
	for (q = 0; q < MVNETA_MAX_RXQ; q++)
		drv_wr(&d, MVNETA_RXQ_THRESHOLD_REG(q), 1);
	drv_wr(&d, MVNETA_INTR_ENABLE, MVNETA_RXQ_INTR_ENABLE(0) |
	       MVNETA_RXQ_INTR_ENABLE(1));
	drv_wr(&d, MVNETA_INTR_NEW_MASK, MVNETA_RX_INTR_BIT(0) |
	       MVNETA_RX_INTR_BIT(1));
	fd0 = neta_model_irq_fd(d.m, 0);
	fd1 = neta_model_irq_fd(d.m, 1);
	CHECK(fd0 >= 0 && fd1 >= 0, "eventfds");
	CHECK_EQ_U(landed(&d, src, nf_ipv4(FLEN, 17, 1), FLEN), 1,
		   "the frame to queue 1");
	cause = drv_rd(&d, MVNETA_INTR_NEW_CAUSE);
	CHECK_EQ_U(cause & MVNETA_RX_INTR_MASK_ALL, MVNETA_RX_INTR_BIT(1),
		   "NEW_CAUSE: queue 1's bit (9) only");
	CHECK(read(fd1, &v, sizeof(v)) == sizeof(v) && v == 1,
	      "queue 1's eventfd written once");
	CHECK(read(fd0, &v, sizeof(v)) != sizeof(v), "queue 0's not written");
	CHECK_EQ_U(drv_stats(&d).irq_raised, 1, "one rise");
	drv_rx_done(&d, 1, 1);
	CHECK_EQ_U(drv_rd(&d, MVNETA_INTR_NEW_CAUSE) & MVNETA_RX_INTR_MASK_ALL,
		   0, "returned: the cause down");
	check_no_violation(&d, "irq queue 1");
	drv_close(&d);
}

/* ---- TX ---- */

/* Queues @p n frames on TX queue @p q, tagged by their byte 14. */
static void
tx_frames(struct drv *d, unsigned int q, unsigned int n, uint32_t len)
{
	uint8_t f[1500];
	unsigned int i;

	for (i = 0; i < n; i++) {
		memset(f, 0, len);
		memcpy(f, "\x02\x00\x00\x00\x00\x09\x02\x00\x00\x00\x00\x01", 12);
		nf_put16(f + 12, 0x88b5);
		f[14] = (uint8_t)q;
		f[15] = (uint8_t)i;
		drv_tx_put(d, q, f, len, 0);
	}
	drv_wr(d, MVNETA_TXQ_UPDATE_REG(q), n);
}

/* The queues the sink's frames came from, as a string of digits. */
static void
wire_order(const struct mem_sink *k, unsigned int from, char *out)
{
	unsigned int i;

	for (i = from; i < k->n; i++)
		*out++ = (char)('0' + k->f[i][14]);
	*out = '\0';
}

/* 252 bytes and the FCS: one weight unit (256 bytes) on the wire. */
#define TXLEN	252u

static void
test_tx_arbiter(void)
{
	struct mem_sink *k = mem_sink_create();
	struct drv d;
	char got[64];
	unsigned int from;

	open_q(&d, false, k, NULL);
	drv_tx_setup(&d, 0, 32);
	drv_tx_setup(&d, 1, 32);
	drv_tx_setup(&d, 6, 32);
	CHECK_EQ_U(drv_rd(&d, MVNETA_TXQ_FIXED_PRIO_CFG),
		   MVNETA_TXQ_FIXED_PRIO_ALL, "every queue fixed at reset");
	/* Reset: strict priority, the highest queue first. */
	tx_frames(&d, 0, 3, TXLEN);
	tx_frames(&d, 1, 3, TXLEN);
	tx_frames(&d, 6, 2, TXLEN);
	neta_model_step(d.m, 1);
	wire_order(k, 0, got);
	CHECK(strcmp(got, "66111000") == 0,
	      "strict priority, queue 6 then 1 then 0 (got %s)", got);
	/* Queue 0 fixed, 1 and 6 by weighted round robin, equal weights. */
	drv_wr(&d, MVNETA_TXQ_FIXED_PRIO_CFG, MVNETA_TXQ_FIXED_PRIO(0));
	drv_wr(&d, MVNETA_TXQ_ARB_CFG_REG(1), 1);	/* 256 bytes */
	drv_wr(&d, MVNETA_TXQ_ARB_CFG_REG(6), 1);
	from = k->n;
	tx_frames(&d, 1, 3, TXLEN);
	tx_frames(&d, 6, 3, TXLEN);
	tx_frames(&d, 0, 2, TXLEN);
	neta_model_step(d.m, 1);
	wire_order(k, from, got);
	CHECK(strcmp(got, "00161616") == 0 || strcmp(got, "00616161") == 0,
	      "fixed queue 0 first, then 1 and 6 in turn (got %s)", got);
	/* Weights 3:1: three frames of queue 1 a turn, one of queue 6. */
	drv_wr(&d, MVNETA_TXQ_ARB_CFG_REG(1), 3);	/* 768 bytes */
	from = k->n;
	tx_frames(&d, 1, 6, TXLEN);
	tx_frames(&d, 6, 2, TXLEN);
	neta_model_step(d.m, 1);
	wire_order(k, from, got);
	CHECK(strcmp(got, "11161116") == 0 || strcmp(got, "61116111") == 0,
	      "three of queue 1 to one of queue 6 (got %s)", got);
	/* Weight 0: that WRR queue never sends. */
	drv_wr(&d, MVNETA_TXQ_ARB_CFG_REG(6), 0);
	tx_frames(&d, 6, 1, TXLEN);
	neta_model_step(d.m, 1);
	CHECK_EQ_U(drv_rd(&d, MVNETA_TXQ_STATUS_REG(6)) &
		   MVNETA_TXQ_PENDING_DESC_MASK, 1, "weight 0: stays pending");
	CHECK_EQ_U(drv_stats(&d).tx_frames, 24, "every other frame sent");
	check_no_violation(&d, "tx arbiter");
	drv_close(&d);
}

/* ---- Faults on queue 1 ---- */

static void
test_faults_queue1(void)
{
	struct neta_model_faults f = { .seed = 7, .err_ppm = 1000000,
				       .wb_late_ppm = 1000000 };
	struct drv d;
	struct model_fixture_qsrc *src = open_q(&d, true, NULL, &f);
	struct drv_rx_seen s[8];
	struct neta_model_stats st;
	unsigned int i;
	uint32_t n;

	drv_rx_setup(&d, 0, 16, 1984);
	drv_rx_setup(&d, 1, 16, 1984);
	drv_wr(&d, MVNETA_PORT_CONFIG, drv_rd(&d, MVNETA_PORT_CONFIG) |
	       MVNETA_DEF_RXQ(1));
	for (i = 0; i < 4; i++)
		model_fixture_qsrc_push_owned(src, nf_ipv4(FLEN, 17, i), FLEN);
	run(&d);
	CHECK_EQ_U(drv_rx_occupied(&d, 0), 0, "nothing on queue 0");
	/* The first read counts them unwritten: the watermark holds. */
	n = drv_rx_harvest(&d, 1, s, 8);
	CHECK_EQ_U(n, 0, "queue 1: write-backs late, nothing harvested");
	n = drv_rx_harvest(&d, 1, s, 8);
	CHECK_EQ_U(n, 4, "queue 1: landed at the next read");
	for (i = 0; i < n; i++)
		CHECK(s[i].status & MVNETA_RXD_ERR_SUMMARY,
		      "queue 1 frame %u: the err knob's ERR_SUMMARY", i);
	drv_rx_done(&d, 1, n);
	st = drv_stats(&d);
	CHECK_EQ_U(st.rx_fault_err, 4, "rx_fault_err");
	CHECK_EQ_U(st.rx_fault_wb_late, 4, "rx_fault_wb_late (descriptors)");
	CHECK_EQ_U(st.viol_unwritten_read, 0, "the guarded driver read none");
	/* Unguarded, on queue 1: returning before the write-back lands. */
	d.watermark = false;
	for (i = 0; i < 2; i++)
		model_fixture_qsrc_push_owned(src, nf_ipv4(FLEN, 17, i), FLEN);
	run(&d);
	n = drv_rx_harvest(&d, 1, s, 8);
	CHECK_EQ_U(n, 2, "unguarded: counted, harvested");
	drv_rx_done(&d, 1, n);
	CHECK_EQ_U(drv_stats(&d).viol_unwritten_read, 2,
		   "queue 1: viol_unwritten_read per descriptor");
	drv_close(&d);
}

int
main(void)
{
	harness_seed_rng(1);
	test_vlan_prio();
	test_class_queues();
	test_disabled_queue();
	test_irq_queue1();
	test_tx_arbiter();
	test_faults_queue1();
	return harness_result("test_neta_model_queues");
}
