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
 *
 * On RX the MAC stamps the PTP version 2 messages over Ethernet, UDP/IPv4
 * and UDP/IPv6 of the snapshot table's row SNAPTYPSEL=01, TSEVNTENA=0
 * (Sync, Follow_Up, Delay_Req, Delay_Resp, Pdelay_Req, Pdelay_Resp,
 * Pdelay_Resp_Follow_Up: Linux's HWTSTAMP_FILTER_PTP_V2_EVENT on cores
 * from 4.10), or every frame (TSENALL) while the
 * RTE_ETH_RX_OFFLOAD_TIMESTAMP offload is on; stmmac_rx_stamp.c reads
 * the stamps.
 */
#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <time.h>

#include <rte_errno.h>
#include <rte_mbuf_dyn.h>

#include "socnic_io.h"

#include "stmmac_ethdev.h"
#include "stmmac_hw.h"
#include "stmmac_logs.h"
#include "rte_pmd_stmmac_uio.h"

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

/*
 * The addend @p base (the nominal rate) trimmed by @p scaled_ppm (ppm with
 * a 16-bit fraction, Linux's adjfine unit): base + base x ppm / 10^6, as
 * Linux's adjust_by_scaled_ppm(); 0 when that leaves the 32-bit register
 * (the rate beyond what the accumulator can give).
 */
static uint64_t
stmmac_ptp_addend(uint64_t base, int64_t scaled_ppm)
{
	__int128 a = (__int128)base +
		     (__int128)base * scaled_ppm / (__int128)(1000000ll << 16);

	return a <= 0 || a > UINT32_MAX ? 0 : (uint64_t)a;
}

/* The sub-second increment of the reference clock: twice its period. */
static uint64_t
stmmac_ptp_ssinc(const struct stmmac_adapter *ad)
{
	return 2 * STMMAC_NS_PER_S / ad->da.ptp_clk;
}

/*
 * The addend for the nominal rate trimmed by @p scaled_ppm: 2^32 x
 * (increments per second) / clock, 2^31 when the increment is exact.
 * ptp_clk= and its increment checked (stmmac_ptp_start()).
 */
static uint64_t
stmmac_ptp_trimmed_addend(const struct stmmac_adapter *ad, int64_t scaled_ppm)
{
	uint64_t ssinc = stmmac_ptp_ssinc(ad);

	return stmmac_ptp_addend(((STMMAC_NS_PER_S / ssinc) << 32) /
				 ad->da.ptp_clk, scaled_ppm);
}

/* MAC_Timestamp_Control: the unit on, and which frames it stamps. */
static uint32_t
stmmac_ptp_tcr(const struct stmmac_adapter *ad)
{
	uint32_t tcr = PTP_TCR_TSENA | PTP_TCR_TSCFUPDT | PTP_TCR_TSCTRLSSR |
		       PTP_TCR_TSVER2ENA | PTP_TCR_TSIPENA | PTP_TCR_TSIPV4ENA |
		       PTP_TCR_TSIPV6ENA | PTP_TCR_SNAPTYPSEL_1;

	return ad->rx_ts_offload ? tcr | PTP_TCR_TSENALL : tcr;
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
	ssinc = stmmac_ptp_ssinc(ad);
	if (ssinc == 0 || ssinc > PTP_SSIR_SSINC_MAX) {
		PMD_DRV_LOG(ERR, "%s: ptp_clk=%" PRIu64 " gives a sub-second increment of %" PRIu64 " ns, outside 1..255",
			    name, clk, ssinc);
		return -EINVAL;
	}
	addend = stmmac_ptp_trimmed_addend(ad, ad->ptp_scaled_ppm);
	if (addend == 0)
		return -EINVAL;
	socnic_write32(be, PTP_TCR, stmmac_ptp_tcr(ad));
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

bool
stmmac_ptp_rx_offload_ok(const struct stmmac_adapter *ad)
{
	return ad->has_ptp && ad->da.ptp_clk != 0;
}

int
stmmac_ptp_configure(struct rte_eth_dev *dev)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);
	int ret;

	ad->rx_ts_offload = dev->data->dev_conf.rxmode.offloads &
			    RTE_ETH_RX_OFFLOAD_TIMESTAMP;
	ad->ts_dyn_flag = 0;
	if (!ad->rx_ts_offload)
		return 0;
	ret = rte_mbuf_dyn_rx_timestamp_register(&ad->ts_dyn_off,
						 &ad->ts_dyn_flag);
	if (ret < 0) {
		PMD_DRV_LOG(ERR, "%s: cannot register the RX timestamp mbuf field: %s",
			    dev->data->name, rte_strerror(rte_errno));
		ad->rx_ts_offload = false;
		return -rte_errno;
	}
	return 0;
}

/* The unit started, or left off (a core without one is not written). */
static int
stmmac_ptp_start_or_off(struct stmmac_adapter *ad)
{
	int ret = stmmac_ptp_start(ad);

	if (ret < 0 && ad->has_ptp)
		socnic_write32(&ad->port.be, PTP_TCR, 0);
	return ret;
}

int
stmmac_timesync_enable(struct rte_eth_dev *dev)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);
	int ret;

	/* An explicit enable starts at the nominal rate. */
	ad->ptp_scaled_ppm = 0;
	ret = stmmac_ptp_start_or_off(ad);

	if (ret < 0)
		return ret;
	ad->ptp_on = true;
	return 0;
}

int
stmmac_timesync_disable(struct rte_eth_dev *dev)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);

	ad->ptp_on = false;
	/* The timestamp offload keeps the unit running. */
	if (!ad->rx_ts_offload)
		socnic_write32(&ad->port.be, PTP_TCR, 0);
	return 0;
}

int
stmmac_ptp_restore(struct rte_eth_dev *dev)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);
	uint32_t tcr;

	if (!ad->ptp_on && !ad->rx_ts_offload)
		return 0;
	tcr = socnic_read32(&ad->port.be, PTP_TCR);
	/* Running with the filter this configuration wants: nothing to do. */
	if ((tcr & PTP_TCR_TSENA) && (tcr & ~DWMAC4_PTP_TCR_CMDS) ==
	    stmmac_ptp_tcr(ad))
		return 0;
	return stmmac_ptp_start_or_off(ad);
}

/* The live time, read seconds, nanoseconds, seconds; -EIO if it ran. */
static int
stmmac_ptp_now(const struct stmmac_adapter *ad, struct timespec *ts)
{
	const struct socnic_backend *be = &ad->port.be;
	uint32_t sec, nsec, again;
	unsigned int i;

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

int
stmmac_timesync_read_time(struct rte_eth_dev *dev, struct timespec *ts)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);

	if (!ad->ptp_on)
		return -EINVAL;
	return stmmac_ptp_now(ad, ts);
}

/*
 * ethdev's read_clock: the clock of the timestamp offload's stamps (the
 * system time in ns), while the unit runs.
 */
int
stmmac_read_clock(struct rte_eth_dev *dev, uint64_t *clock)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);
	struct timespec ts;
	int ret;

	if (!ad->ptp_on && !ad->rx_ts_offload)
		return -ENOTSUP;
	ret = stmmac_ptp_now(ad, &ts);
	if (ret == 0)
		*clock = (uint64_t)ts.tv_sec * STMMAC_NS_PER_S +
			 (uint64_t)ts.tv_nsec;
	return ret;
}

/*
 * The first stamp kept in the uint64_t at @p off of any of the @p n
 * queues @p queues, taken (0 left); -EINVAL while none is there.
 */
static int
stmmac_ptp_take(void *const *queues, uint16_t n, size_t off,
		struct timespec *ts)
{
	uint64_t ns;
	uint16_t i;

	for (i = 0; i < n; i++) {
		if (queues[i] == NULL)
			continue;
		ns = __atomic_exchange_n((uint64_t *)RTE_PTR_ADD(queues[i], off),
					 0, __ATOMIC_ACQUIRE);
		if (ns == 0)
			continue;
		ts->tv_sec = (time_t)(ns / STMMAC_NS_PER_S);
		ts->tv_nsec = (long)(ns % STMMAC_NS_PER_S);
		return 0;
	}
	return -EINVAL;
}

/*
 * The stamp of the last frame sent with RTE_MBUF_F_TX_IEEE1588_TMST on
 * any TX queue, taken once; -EINVAL while none is there (not sent yet, or
 * sent with the unit off: the MAC stamps nothing then). The stamp is in
 * the frame's descriptor, read when the TX burst reclaims it: with none
 * kept yet, the queues are reclaimed here (as DPDK's dpaa drains its TX
 * confirmations), so a caller that sends one frame and polls for its stamp
 * (testpmd's ieee1588 engine) gets it. Like the burst, from the lcore that
 * sends on the queues.
 */
int
stmmac_timesync_read_tx_timestamp(struct rte_eth_dev *dev,
				  struct timespec *ts)
{
	const size_t off = offsetof(struct stmmac_tx_queue, tx_stamp_ns);
	uint16_t i;

	if (!stmmac_adapter(dev)->ptp_on)
		return -EINVAL;
	if (stmmac_ptp_take(dev->data->tx_queues, dev->data->nb_tx_queues, off,
			    ts) == 0)
		return 0;
	for (i = 0; i < dev->data->nb_tx_queues; i++)
		if (dev->data->tx_queues[i] != NULL)
			stmmac_tx_queue_reclaim(dev->data->tx_queues[i]);
	return stmmac_ptp_take(dev->data->tx_queues, dev->data->nb_tx_queues,
			       off, ts);
}

/*
 * The stamp of the last PTP message received with one on any RX queue,
 * taken once; -EINVAL while none is there. @p flags (a register index on
 * other PMDs) is not used.
 */
int
stmmac_timesync_read_rx_timestamp(struct rte_eth_dev *dev,
				  struct timespec *ts, uint32_t flags)
{
	RTE_SET_USED(flags);
	if (!stmmac_adapter(dev)->ptp_on)
		return -EINVAL;
	return stmmac_ptp_take(dev->data->rx_queues, dev->data->nb_rx_queues,
			       offsetof(struct stmmac_rx_queue, rx_stamp_ns), ts);
}

/*
 * The rate trimmed by @p scaled_ppm (ppm with a 16-bit fraction; positive:
 * faster) against the nominal one: the addend rewritten and latched
 * (TSADDREG), as Linux's stmmac_adjust_freq(). Kept over a restart until
 * the next timesync_enable. -EINVAL beyond what the 32-bit addend holds
 * (about -100 %..+100 % with the PMD's settings).
 */
int
stmmac_timesync_adjust_freq(struct rte_eth_dev *dev, int64_t scaled_ppm)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);
	uint64_t addend;
	int ret;

	if (!ad->ptp_on)
		return -EINVAL;
	addend = stmmac_ptp_trimmed_addend(ad, scaled_ppm);
	if (addend == 0)
		return -EINVAL;
	socnic_write32(&ad->port.be, PTP_TAR, (uint32_t)addend);
	ret = stmmac_ptp_cmd(ad, PTP_TCR_TSADDREG, "addend update");
	if (ret == 0)
		ad->ptp_scaled_ppm = scaled_ppm;
	return ret;
}

int
rte_pmd_stmmac_uio_timesync_adjust_freq(uint16_t port_id, int64_t scaled_ppm)
{
	struct stmmac_adapter *ad = stmmac_adapter_from_port(port_id);

	if (ad == NULL)
		return -ENODEV;
	return stmmac_timesync_adjust_freq(ad->eth_dev, scaled_ppm);
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
