/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_stmmac_uio: the IEEE 1588 system time behind the ethdev timesync
 * ops, programmed as Linux's stmmac_hwtstamp.c / stmmac_ptp.c do it:
 * fine update with digital rollover, the sub-second increment twice the
 * reference clock's period and the addend at mid-range, so that the
 * accumulator carries every other cycle and the addend can be trimmed
 * both ways; the time set from CLOCK_REALTIME when the unit is enabled.
 * The reference clock (the SoC's clk_ptp_ref) is in no register: the
 * devarg ptp_clk= gives it (docs/nics/stmmac_uio.rst "IEEE 1588").
 */
#include <errno.h>
#include <inttypes.h>
#include <time.h>

#include "socnic_io.h"

#include "stmmac_ethdev.h"
#include "stmmac_hw.h"
#include "stmmac_logs.h"

#define STMMAC_NS_PER_S		1000000000ull
/* Linux waits 10 x 10 ms for TSINIT/TSUPDT/TSADDREG: 100 ms here too. */
#define STMMAC_PTP_CMD_POLLS	10000u
/* A read of seconds, nanoseconds, seconds that straddles no second. */
#define STMMAC_PTP_READ_TRIES	4u

/* Writes TCR with command @p cmd added and waits until it reads done. */
static int
stmmac_ptp_cmd(struct stmmac_adapter *ad, uint32_t cmd, const char *what)
{
	const struct socnic_backend *be = &ad->port.be;

	socnic_write32(be, PTP_TCR, socnic_read32(be, PTP_TCR) | cmd);
	if (stmmac_poll_clear(be, PTP_TCR, cmd, STMMAC_PTP_CMD_POLLS) == 0)
		return 0;
	PMD_DRV_LOG(ERR, "%s: IEEE 1588 %s did not complete (MAC_Timestamp_Control %#x)",
		    ad->eth_dev->data->name, what, socnic_read32(be, PTP_TCR));
	return -ETIMEDOUT;
}

/* Sets (TSINIT) or moves (TSUPDT) the system time by @p sec, @p nsec. */
static int
stmmac_ptp_time_cmd(struct stmmac_adapter *ad, uint32_t sec, uint32_t nsec,
		    bool neg, uint32_t cmd, const char *what)
{
	const struct socnic_backend *be = &ad->port.be;

	/* Subtracting: 2^32 - seconds and 10^9 - nanoseconds (ADDSUB). */
	if (neg) {
		sec = 0u - sec;
		nsec = (PTP_DIGITAL_ROLLOVER_MODE - nsec) |
		       DWMAC4_PTP_STNSUR_ADDSUB;
	}
	socnic_write32(be, PTP_STSUR, sec);
	socnic_write32(be, PTP_STNSUR, nsec);
	return stmmac_ptp_cmd(ad, cmd, what);
}

static int
stmmac_ptp_start(struct stmmac_adapter *ad)
{
	const struct socnic_backend *be = &ad->port.be;
	const char *name = ad->eth_dev->data->name;
	uint64_t clk = ad->da.ptp_clk, ssinc, addend;
	struct timespec now;
	int ret;

	if (!ad->has_ptp) {
		PMD_DRV_LOG(ERR, "%s: the core has no IEEE 1588 timestamp unit (MAC_HW_Feature0.TSSEL clear)",
			    name);
		return -ENOTSUP;
	}
	if (clk == 0) {
		PMD_DRV_LOG(ERR, "%s: IEEE 1588 needs the timestamp unit's reference clock: devarg ptp_clk=<Hz> (the SoC's clk_ptp_ref)",
			    name);
		return -ENOTSUP;
	}
	ssinc = 2 * STMMAC_NS_PER_S / clk;
	if (ssinc == 0 || ssinc > PTP_SSIR_SSINC_MAX) {
		PMD_DRV_LOG(ERR, "%s: ptp_clk=%" PRIu64 " gives a sub-second increment of %" PRIu64 " ns, outside 1..255",
			    name, clk, ssinc);
		return -EINVAL;
	}
	/* 2^32 x (increments per second) / clock: 2^31 when ssinc is exact. */
	addend = ((STMMAC_NS_PER_S / ssinc) << 32) / clk;
	socnic_write32(be, PTP_TCR, PTP_TCR_TSENA | PTP_TCR_TSCFUPDT |
		       PTP_TCR_TSCTRLSSR);
	socnic_write32(be, PTP_SSIR,
		       (uint32_t)ssinc << GMAC4_PTP_SSIR_SSINC_SHIFT);
	socnic_write32(be, PTP_TAR, (uint32_t)addend);
	ret = stmmac_ptp_cmd(ad, PTP_TCR_TSADDREG, "addend update");
	if (ret < 0)
		return ret;
	clock_gettime(CLOCK_REALTIME, &now);
	return stmmac_ptp_time_cmd(ad, (uint32_t)now.tv_sec,
				   (uint32_t)now.tv_nsec, false,
				   PTP_TCR_TSINIT, "time initialisation");
}

int
stmmac_timesync_enable(struct rte_eth_dev *dev)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);
	int ret = stmmac_ptp_start(ad);

	if (ret < 0) {
		socnic_write32(&ad->port.be, PTP_TCR, 0);
		return ret;
	}
	ad->ptp_on = true;
	return 0;
}

int
stmmac_timesync_disable(struct rte_eth_dev *dev)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);

	socnic_write32(&ad->port.be, PTP_TCR, 0);
	ad->ptp_on = false;
	return 0;
}

int
stmmac_ptp_restore(struct rte_eth_dev *dev)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);

	if (!ad->ptp_on ||
	    (socnic_read32(&ad->port.be, PTP_TCR) & PTP_TCR_TSENA))
		return 0;
	return stmmac_timesync_enable(dev);
}

int
stmmac_timesync_read_time(struct rte_eth_dev *dev, struct timespec *ts)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);
	const struct socnic_backend *be = &ad->port.be;
	uint32_t sec, nsec, again;
	unsigned int i;

	if (!ad->ptp_on)
		return -EINVAL;
	/* The registers are the live counter: no second may pass between. */
	sec = socnic_read32(be, PTP_STSR);
	for (i = 0; i < STMMAC_PTP_READ_TRIES; i++) {
		nsec = socnic_read32(be, PTP_STNSR);
		again = socnic_read32(be, PTP_STSR);
		if (again == sec)
			break;
		sec = again;
	}
	if (i == STMMAC_PTP_READ_TRIES)
		return -EIO;
	ts->tv_sec = sec;
	ts->tv_nsec = nsec;
	return 0;
}

/*
 * The stamp of the last frame sent with RTE_MBUF_F_TX_IEEE1588_TMST on
 * any TX queue, taken once; -EINVAL while none is there (not sent yet, or
 * sent with the unit off: the MAC stamps nothing then).
 */
int
stmmac_timesync_read_tx_timestamp(struct rte_eth_dev *dev,
				  struct timespec *ts)
{
	struct stmmac_tx_queue *txq;
	uint64_t ns;
	uint16_t i;

	if (!stmmac_adapter(dev)->ptp_on)
		return -EINVAL;
	for (i = 0; i < dev->data->nb_tx_queues; i++) {
		txq = dev->data->tx_queues[i];
		if (txq == NULL)
			continue;
		ns = __atomic_exchange_n(&txq->tx_stamp_ns, 0,
					 __ATOMIC_ACQUIRE);
		if (ns == 0)
			continue;
		ts->tv_sec = (time_t)(ns / STMMAC_NS_PER_S);
		ts->tv_nsec = (long)(ns % STMMAC_NS_PER_S);
		return 0;
	}
	return -EINVAL;
}

int
stmmac_timesync_write_time(struct rte_eth_dev *dev, const struct timespec *ts)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);

	if (!ad->ptp_on)
		return -EINVAL;
	if (ts->tv_sec < 0 || (uint64_t)ts->tv_sec > UINT32_MAX ||
	    ts->tv_nsec < 0 || (uint64_t)ts->tv_nsec >= STMMAC_NS_PER_S)
		return -EINVAL;
	return stmmac_ptp_time_cmd(ad, (uint32_t)ts->tv_sec,
				   (uint32_t)ts->tv_nsec, false,
				   PTP_TCR_TSINIT, "time initialisation");
}

int
stmmac_timesync_adjust_time(struct rte_eth_dev *dev, int64_t delta)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);
	bool neg = delta < 0;
	uint64_t mag = neg ? 0 - (uint64_t)delta : (uint64_t)delta;

	if (!ad->ptp_on)
		return -EINVAL;
	if (mag / STMMAC_NS_PER_S > UINT32_MAX)
		return -EINVAL;
	return stmmac_ptp_time_cmd(ad, (uint32_t)(mag / STMMAC_NS_PER_S),
				   (uint32_t)(mag % STMMAC_NS_PER_S), neg,
				   PTP_TCR_TSUPDT, "time update");
}
