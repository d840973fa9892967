/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The neta model's RX queue interrupt lines in step mode, through
 * registers only (docs/model.md, "RX queue interrupts"): the level cause
 * from the occupied threshold (0 keeps it up), the time coalescing, the
 * NEW_MASK and INTR_ENABLE gates, the rise at an unmask of a queue that
 * holds frames, one eventfd write per rise, writes to the cause ignored,
 * and model_irq_race (irq_race): no frame from the wire until an unmask,
 * which lands after one frame is in the ring. The misc line: a link
 * change sets MISC_CAUSE LINK_CHANGE, NEW_CAUSE's MISCINTR under
 * MISC_MASK, the line under NEW_MASK bit 31; a cause bit is cleared by
 * writing it 0.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "model_fixture.h"
#include "neta_model_drv.h"

#define Q	0u

static struct model_fixture_qsrc *
open_model(struct drv *d, bool race)
{
	struct model_fixture_qsrc *src = model_fixture_qsrc_create(false);
	struct neta_model_params p;

	neta_model_params_init(&p);
	p.rx_src = &src->base;
	p.irq_race = race;
	if (drv_open(d, &p) != 0) {
		fprintf(stderr, "cannot open the model\n");
		exit(1);
	}
	drv_rx_setup(d, Q, 16, 1024);
	return src;
}

static void
push(struct model_fixture_qsrc *src, unsigned int n)
{
	uint8_t f[64];

	memset(f, 0, sizeof(f));
	memset(f, 0xff, 6);
	f[6] = 0x02;
	f[12] = 0x88;
	f[13] = 0xb5;		/* local experimental EtherType */
	while (n-- != 0)
		model_fixture_qsrc_push(src, f, sizeof(f));
}

/* Rises signalled since the last call (the eventfd's count, reset). */
static uint64_t
rises(struct drv *d)
{
	uint64_t v = 0;
	int fd = neta_model_irq_fd(d->m, Q);

	if (fd < 0 || read(fd, &v, sizeof(v)) != sizeof(v))
		return 0;
	return v;
}

static bool
cause(struct drv *d)
{
	return drv_rd(d, MVNETA_INTR_NEW_CAUSE) & MVNETA_RX_INTR_BIT(Q);
}

static void
unmask(struct drv *d, bool on)
{
	drv_wr(d, MVNETA_INTR_NEW_MASK, on ? MVNETA_RX_INTR_BIT(Q) : 0);
}

static void
no_violation(struct drv *d, const char *what)
{
	struct neta_model_stats st;

	neta_model_get_stats(d->m, &st);
	CHECK_EQ_U(st.violations, 0, "%s: violations (%s)", what,
		   neta_model_last_violation(d->m));
}

static void
test_threshold(void)
{
	struct drv d;
	struct model_fixture_qsrc *src = open_model(&d, false);

	CHECK(neta_model_irq_fd(d.m, MVNETA_MAX_RXQ) < 0, "no fd past queue 7");
	drv_wr(&d, MVNETA_INTR_ENABLE, MVNETA_RXQ_INTR_ENABLE(Q));
	/* the reset threshold, 0: the cause is up on an empty ring */
	CHECK(cause(&d), "threshold 0: cause up with nothing occupied");
	unmask(&d, true);
	CHECK_EQ_U(rises(&d), 1, "threshold 0: the unmask raises the line");
	unmask(&d, false);
	drv_wr(&d, MVNETA_RXQ_THRESHOLD_REG(Q), 2);
	CHECK(!cause(&d), "threshold 2, empty: cause down");
	unmask(&d, true);
	CHECK_EQ_U(rises(&d), 0, "threshold 2, empty: nothing raised");
	push(src, 1);
	neta_model_step(d.m, 64);
	CHECK_EQ_U(drv_rx_occupied(&d, Q), 1, "one frame in");
	CHECK(!cause(&d) && rises(&d) == 0, "one frame: below the threshold");
	push(src, 2);
	neta_model_step(d.m, 1);
	CHECK(cause(&d), "two frames: cause up");
	CHECK_EQ_U(rises(&d), 1, "two frames: one rise");
	neta_model_step(d.m, 64);
	CHECK_EQ_U(rises(&d), 0, "a third frame: the line stays up, no rise");
	/* writes to the RX cause bits change nothing */
	drv_wr(&d, MVNETA_INTR_NEW_CAUSE, 0);
	CHECK(cause(&d), "the cause ignores writes");
	drv_wr(&d, MVNETA_RXQ_STATUS_UPDATE_REG(Q), 2);
	CHECK(!cause(&d), "two returned, one left: cause down");
	drv_wr(&d, MVNETA_RXQ_STATUS_UPDATE_REG(Q), 1);
	/* masked while frames come, then the unmask raises the line */
	unmask(&d, false);
	push(src, 2);
	neta_model_step(d.m, 64);
	CHECK(cause(&d) && rises(&d) == 0, "masked: cause up, nothing raised");
	unmask(&d, true);
	CHECK_EQ_U(rises(&d), 1, "unmasking a queue holding frames raises it");
	unmask(&d, false);
	/* INTR_ENABLE gates the line */
	drv_wr(&d, MVNETA_INTR_ENABLE, 0);
	unmask(&d, true);
	CHECK_EQ_U(rises(&d), 0, "INTR_ENABLE clear: nothing raised");
	drv_wr(&d, MVNETA_INTR_ENABLE, MVNETA_RXQ_INTR_ENABLE(Q));
	CHECK_EQ_U(rises(&d), 1, "INTR_ENABLE set: raised");
	no_violation(&d, "threshold");
	drv_close(&d);
}

static void
test_time_coal(void)
{
	struct drv d;
	struct model_fixture_qsrc *src = open_model(&d, false);

	drv_wr(&d, MVNETA_INTR_ENABLE, MVNETA_RXQ_INTR_ENABLE(Q));
	drv_wr(&d, MVNETA_RXQ_THRESHOLD_REG(Q), 64);
	unmask(&d, true);
	push(src, 1);
	neta_model_step(d.m, 64);
	CHECK_EQ_U(rises(&d), 0, "no time coalescing: one frame under 64 waits");
	drv_wr(&d, MVNETA_RXQ_TIME_COAL_REG(Q), 25000);
	neta_model_step(d.m, 64);
	CHECK(cause(&d), "time coalescing: expired at the end of the pass");
	CHECK_EQ_U(rises(&d), 1, "time coalescing: one rise");
	drv_wr(&d, MVNETA_RXQ_STATUS_UPDATE_REG(Q), 1);
	CHECK(!cause(&d), "the frame returned: cause down");
	neta_model_step(d.m, 64);
	CHECK(!cause(&d) && rises(&d) == 0, "empty: the coalescing stays quiet");
	no_violation(&d, "time coalescing");
	drv_close(&d);
}

static void
test_race(void)
{
	struct neta_model_stats st;
	struct drv d;
	struct model_fixture_qsrc *src = open_model(&d, true);

	drv_wr(&d, MVNETA_INTR_ENABLE, MVNETA_RXQ_INTR_ENABLE(Q));
	drv_wr(&d, MVNETA_RXQ_THRESHOLD_REG(Q), 1);
	push(src, 2);
	neta_model_step(d.m, 64);
	CHECK_EQ_U(drv_rx_occupied(&d, Q), 0, "race: no frame before an unmask");
	unmask(&d, true);
	CHECK_EQ_U(drv_rd(&d, MVNETA_INTR_NEW_MASK), 0,
		   "race: the unmask is held");
	neta_model_step(d.m, 64);
	CHECK_EQ_U(drv_rx_occupied(&d, Q), 1, "race: one frame in the window");
	CHECK_EQ_U(drv_rd(&d, MVNETA_INTR_NEW_MASK), MVNETA_RX_INTR_BIT(Q),
		   "race: then the unmask landed");
	CHECK_EQ_U(rises(&d), 1, "race: and raised the line");
	unmask(&d, false);
	drv_wr(&d, MVNETA_RXQ_STATUS_UPDATE_REG(Q), 1);
	unmask(&d, true);
	neta_model_step(d.m, 64);
	CHECK_EQ_U(rises(&d), 1, "race: the second enable, the second frame");
	unmask(&d, false);
	drv_wr(&d, MVNETA_RXQ_STATUS_UPDATE_REG(Q), 1);
	unmask(&d, true);
	neta_model_step(d.m, 64);
	CHECK_EQ_U(rises(&d), 0, "race: no frame left, nothing raised");
	neta_model_get_stats(d.m, &st);
	CHECK_EQ_U(st.irq_race_frames, 2, "race: two frames in the window");
	CHECK_EQ_U(st.irq_raised, 2, "race: two rises");
	no_violation(&d, "race");
	drv_close(&d);
}

/* Rises of the misc line since the last call. */
static uint64_t
misc_rises(struct drv *d)
{
	uint64_t v = 0;

	if (read(neta_model_misc_irq_fd(d->m), &v, sizeof(v)) != sizeof(v))
		return 0;
	return v;
}

static void
test_misc_link(void)
{
	struct drv d;
	struct model_fixture_qsrc *src = open_model(&d, false);
	struct neta_model_stats st;

	(void)src;
	CHECK_EQ_U(drv_rd(&d, MVNETA_INTR_MISC_CAUSE), 0, "no cause at reset");
	neta_model_set_link(d.m, false);
	CHECK_EQ_U(drv_rd(&d, MVNETA_INTR_MISC_CAUSE), MVNETA_CAUSE_LINK_CHANGE,
		   "link down: LINK_CHANGE");
	CHECK_EQ_U(drv_rd(&d, MVNETA_INTR_NEW_CAUSE) & MVNETA_MISCINTR_INTR_MASK,
		   0, "MISC_MASK 0: no MISCINTR");
	drv_wr(&d, MVNETA_INTR_MISC_MASK, MVNETA_CAUSE_LINK_CHANGE);
	CHECK(drv_rd(&d, MVNETA_INTR_NEW_CAUSE) & MVNETA_MISCINTR_INTR_MASK,
	      "under MISC_MASK: MISCINTR");
	CHECK_EQ_U(misc_rises(&d), 0, "NEW_MASK bit 31 clear: nothing raised");
	drv_wr(&d, MVNETA_INTR_NEW_MASK, MVNETA_MISCINTR_INTR_MASK);
	CHECK_EQ_U(misc_rises(&d), 1, "the unmask raises the line (level)");
	drv_wr(&d, MVNETA_INTR_NEW_CAUSE, 0);
	CHECK(drv_rd(&d, MVNETA_INTR_NEW_CAUSE) & MVNETA_MISCINTR_INTR_MASK,
	      "MISCINTR is a summary: a NEW_CAUSE write leaves it");
	drv_wr(&d, MVNETA_INTR_MISC_CAUSE, ~0u);
	CHECK_EQ_U(drv_rd(&d, MVNETA_INTR_MISC_CAUSE), MVNETA_CAUSE_LINK_CHANGE,
		   "writing 1 leaves a cause bit");
	drv_wr(&d, MVNETA_INTR_MISC_CAUSE, ~MVNETA_CAUSE_LINK_CHANGE);
	CHECK_EQ_U(drv_rd(&d, MVNETA_INTR_MISC_CAUSE), 0, "writing 0 clears it");
	CHECK_EQ_U(drv_rd(&d, MVNETA_INTR_NEW_CAUSE) & MVNETA_MISCINTR_INTR_MASK,
		   0, "cleared: MISCINTR down");
	neta_model_set_link(d.m, false);
	CHECK(drv_rd(&d, MVNETA_INTR_MISC_CAUSE) == 0 && misc_rises(&d) == 0,
	      "a repeat: nothing");
	neta_model_set_link(d.m, true);
	CHECK_EQ_U(misc_rises(&d), 1, "link up: raised");
	CHECK(drv_rd(&d, MVNETA_GMAC_STATUS) & MVNETA_GMAC_LINK_UP, "GMAC: up");
	/* not cleared: a second change finds the line high */
	neta_model_set_link(d.m, false);
	CHECK_EQ_U(misc_rises(&d), 0, "not cleared: no new rise");
	neta_model_get_stats(d.m, &st);
	CHECK_EQ_U(st.irq_misc_raised, 2, "two rises counted");
	CHECK_EQ_U(st.irq_raised, 0, "no RX queue line moved");
	no_violation(&d, "misc");
	drv_close(&d);
}

int
main(void)
{
	test_threshold();
	test_time_coal();
	test_race();
	test_misc_link();
	return harness_result("test_neta_model_irq");
}
