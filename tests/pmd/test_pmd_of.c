/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_stmmac_uio reads the controller's device-tree node (of_node=, or the
 * UIO device's device/of_node) as Linux's stmmac_platform.c does, and the
 * devargs override it. A node is built in a temporary directory as sysfs
 * presents one: each property a file of big-endian 32-bit cells, a flag
 * an empty file, the snps,axi-config node a child found by its phandle
 * (RK3568's gmac0 in rk356x.dtsi has these). Checked on the model's
 * registers after dev_start:
 *   - snps,txpbl / snps,rxpbl in DMA_CH0_Tx/Rx_Control, snps,mixed-burst
 *     (MB), snps,blen, snps,rd_osr_lmt, snps,wr_osr_lmt in
 *     DMA_SysBus_Mode; OSP set in DMA_CH0_Tx_Control;
 *   - pbl=, axi_blen=, axi_rd_osr_lmt= override the node's;
 *   - the station address: MAC_Address0 when the boot loader left one;
 *     after a reset (model_boot=poweron: all ones) mac-address, else
 *     local-mac-address; else a random one, the log naming the nvmem cell
 *     the node points to; mac= over everything;
 *   - no node: PBL 8 both ways, DMA_SysBus_Mode's reset bursts kept.
 * dwmac4 only.
 */
#include <sys/stat.h>
#include <unistd.h>

#include <rte_bus_vdev.h>
#include <rte_byteorder.h>

#include "dwmac4_regs.h"
#include "pmd_bu_port.h"

#define OF_FRAMES	64
#define OF_AXI_PHANDLE	0x55u

static char root[256];

/* ---- The fake node ---- */

static void
of_write(const char *dir, const char *prop, const void *data, size_t len)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, prop);
	f = fopen(path, "w");
	CHECK(f != NULL, "create %s", path);
	if (f == NULL)
		return;
	CHECK(len == 0 || fwrite(data, 1, len, f) == len, "write %s", path);
	fclose(f);
}

/* @p n cells, big-endian as the flattened device tree holds them. */
static void
of_cells(const char *dir, const char *prop, const uint32_t *v, unsigned int n)
{
	rte_be32_t raw[8];
	unsigned int i;

	for (i = 0; i < n; i++)
		raw[i] = rte_cpu_to_be_32(v[i]);
	of_write(dir, prop, raw, n * 4u);
}

static void
of_u32(const char *dir, const char *prop, uint32_t v)
{
	of_cells(dir, prop, &v, 1);
}

static const uint8_t dt_local_mac[6] = { 0x02, 0x11, 0x22, 0x33, 0x44, 0x55 };
static const uint8_t dt_mac[6] = { 0x02, 0x66, 0x77, 0x88, 0x99, 0xaa };

/*
 * ROOT/@p node: RK3568 gmac0's DMA settings and local-mac-address, with
 * mac-address too when @p with_mac.
 */
static void
of_node(char *dir, size_t size, const char *node, bool with_mac)
{
	static const uint32_t blen[7] = { 0, 0, 0, 0, 16, 8, 4 };
	char axi[512];

	snprintf(dir, size, "%s/%s", root, node);
	CHECK(mkdir(dir, 0755) == 0, "mkdir %s", dir);
	of_write(dir, "compatible", "rockchip,rk3568-gmac\0snps,dwmac-4.20a",
		 sizeof("rockchip,rk3568-gmac\0snps,dwmac-4.20a"));
	of_u32(dir, "snps,txpbl", 16);
	of_u32(dir, "snps,rxpbl", 4);
	of_write(dir, "snps,mixed-burst", NULL, 0);
	of_u32(dir, "snps,axi-config", OF_AXI_PHANDLE);
	of_write(dir, "local-mac-address", dt_local_mac, 6);
	if (with_mac)
		of_write(dir, "mac-address", dt_mac, 6);
	/* A child that is not the AXI node comes first in name order. */
	snprintf(axi, sizeof(axi), "%s/mdio", dir);
	CHECK(mkdir(axi, 0755) == 0, "mkdir %s", axi);
	of_u32(axi, "phandle", OF_AXI_PHANDLE + 1);
	snprintf(axi, sizeof(axi), "%s/stmmac-axi-config", dir);
	CHECK(mkdir(axi, 0755) == 0, "mkdir %s", axi);
	of_u32(axi, "phandle", OF_AXI_PHANDLE);
	of_cells(axi, "snps,blen", blen, 7);
	of_u32(axi, "snps,rd_osr_lmt", 8);
	of_u32(axi, "snps,wr_osr_lmt", 4);
}

/* ---- Ports (pmd_bu_port.h) ---- */

static uint32_t
reg(const struct bu_port *p, uint32_t off)
{
	uint32_t v = 0;

	CHECK(rte_pmd_stmmac_uio_model_peek32(p->port, off, &v) == 0,
	      "%s: peek %#x", p->name, off);
	return v;
}

static uint32_t
field(uint32_t v, uint32_t mask)
{
	return (v & mask) >> __builtin_ctz(mask);
}

static bool
mac_is(const struct bu_port *p, const uint8_t *want)
{
	struct rte_ether_addr ea;

	CHECK(rte_eth_macaddr_get(p->port, &ea) == 0, "%s: MAC", p->name);
	return memcmp(ea.addr_bytes, want, 6) == 0;
}

/* ---- Cases ---- */

/* The node's DMA settings in the registers, traffic through them. */
static void
test_node_settings(void)
{
	const uint32_t blen = DMA_AXI_BLEN4 | DMA_AXI_BLEN8 | DMA_AXI_BLEN16 |
			      DMA_AXI_BLEN32 | DMA_AXI_BLEN64 |
			      DMA_AXI_BLEN128 | DMA_AXI_BLEN256;
	char dir[512], args[768];
	struct bu_port p;
	uint32_t v;

	of_node(dir, sizeof(dir), "ethernet@fe2a0000", false);
	snprintf(args, sizeof(args), "of_node=%s,flow_ctrl=1,gen_pkts=%u", dir,
		 OF_FRAMES);
	if (!bu_probe(&p, args))
		return;
	CHECK(strstr(p.log, "device tree") != NULL,
	      "the node's settings are logged");
	if (bu_start(&p, 2048, true, NULL, 0)) {
		v = reg(&p, DMA_CHAN_TX_CONTROL(0));
		CHECK_EQ_U(field(v, DMA_CHAN_TX_CTRL_TXPBL_MASK), 16,
			   "snps,txpbl = 16 in TxPBL");
		CHECK(v & DMA_CONTROL_OSP, "OSP set (Linux dwmac4_dma_init_tx_chan())");
		v = reg(&p, DMA_CHAN_RX_CONTROL(0));
		CHECK_EQ_U(field(v, DMA_CHAN_RX_CTRL_RXPBL_MASK), 4,
			   "snps,rxpbl = 4 in RxPBL");
		CHECK(reg(&p, DMA_CHAN_CONTROL(0)) & DMA_CHAN_CTRL_PBLX8,
		      "PBLx8 kept (no snps,no-pbl-x8)");
		v = reg(&p, DMA_SYS_BUS_MODE);
		CHECK(v & DMA_SYS_BUS_MB, "snps,mixed-burst: MB set");
		CHECK_EQ_U(v & blen, DMA_AXI_BLEN4 | DMA_AXI_BLEN8 | DMA_AXI_BLEN16,
			   "snps,blen <0 0 0 0 16 8 4>: BLEN16|8|4 only");
		CHECK_EQ_U(field(v, DMA_AXI_RD_OSR_LMT), 8, "snps,rd_osr_lmt");
		CHECK_EQ_U(field(v, DMA_AXI_WR_OSR_LMT), 4, "snps,wr_osr_lmt");
		pmd_harness_rx_until(p.port, OF_FRAMES, NULL, NULL);
		CHECK_EQ_U(pmd_harness_eth_stats(p.port).ipackets, OF_FRAMES,
			   "frames received with the node's bursts");
	}
	/* The model's boot address is valid: MAC_Address0 wins. */
	CHECK(!mac_is(&p, dt_local_mac), "MAC_Address0 valid: not the node's");
	bu_down(&p);

	/* The devargs over the node's. */
	snprintf(args, sizeof(args), "of_node=%s,pbl=32,axi_blen=8,axi_rd_osr_lmt=2,gen_pkts=0",
		 dir);
	if (!bu_probe(&p, args))
		return;
	if (bu_start(&p, 2048, true, NULL, 0)) {
		CHECK_EQ_U(field(reg(&p, DMA_CHAN_TX_CONTROL(0)),
				 DMA_CHAN_TX_CTRL_TXPBL_MASK), 32,
			   "pbl=32 over snps,txpbl");
		CHECK_EQ_U(field(reg(&p, DMA_CHAN_RX_CONTROL(0)),
				 DMA_CHAN_RX_CTRL_RXPBL_MASK), 32,
			   "pbl=32 over snps,rxpbl");
		v = reg(&p, DMA_SYS_BUS_MODE);
		CHECK_EQ_U(v & blen, DMA_AXI_BLEN4 | DMA_AXI_BLEN8,
			   "axi_blen=8 over snps,blen");
		CHECK_EQ_U(field(v, DMA_AXI_RD_OSR_LMT), 2,
			   "axi_rd_osr_lmt=2 over snps,rd_osr_lmt");
		CHECK_EQ_U(field(v, DMA_AXI_WR_OSR_LMT), 4,
			   "snps,wr_osr_lmt where no devarg");
	}
	bu_down(&p);
}

/* No node: Linux's defaults, the reset value's bursts. */
static void
test_no_node(void)
{
	struct bu_port p;
	uint32_t reset_bus;

	if (!bu_probe(&p, "gen_pkts=0"))
		return;
	reset_bus = reg(&p, DMA_SYS_BUS_MODE);
	if (bu_start(&p, 2048, true, NULL, 0)) {
		CHECK_EQ_U(field(reg(&p, DMA_CHAN_TX_CONTROL(0)),
				 DMA_CHAN_TX_CTRL_TXPBL_MASK), 8, "TxPBL 8");
		CHECK(reg(&p, DMA_CHAN_TX_CONTROL(0)) & DMA_CONTROL_OSP,
		      "no node: OSP set");
		CHECK_EQ_U(field(reg(&p, DMA_CHAN_RX_CONTROL(0)),
				 DMA_CHAN_RX_CTRL_RXPBL_MASK), 8, "RxPBL 8");
		CHECK_EQ_U(reg(&p, DMA_SYS_BUS_MODE) & ~DMA_SYS_BUS_EAME,
			   reset_bus & ~DMA_SYS_BUS_EAME,
			   "no node: DMA_SysBus_Mode's reset bursts kept");
	}
	bu_down(&p);
}

/* MAC_Address0 reset (all ones): the node's addresses, in Linux's order. */
static void
test_station_address(void)
{
	char dir[512], args[768];
	struct bu_port p;

	of_node(dir, sizeof(dir), "ethernet@fe010000", false);
	snprintf(args, sizeof(args), "model_boot=poweron,of_node=%s,gen_pkts=0", dir);
	if (bu_probe(&p, args)) {
		CHECK(mac_is(&p, dt_local_mac),
		      "MAC_Address0 all ones: local-mac-address");
		CHECK(strstr(p.log, "local-mac-address") != NULL,
		      "the log names the property");
		bu_down(&p);
	}
	of_node(dir, sizeof(dir), "ethernet@fe2a0000-mac", true);
	snprintf(args, sizeof(args), "model_boot=poweron,of_node=%s,gen_pkts=0", dir);
	if (bu_probe(&p, args)) {
		CHECK(mac_is(&p, dt_mac), "mac-address before local-mac-address");
		bu_down(&p);
	}
	snprintf(args, sizeof(args), "model_boot=poweron,of_node=%s,mac=02:00:00:00:00:0c,gen_pkts=0",
		 dir);
	if (bu_probe(&p, args)) {
		static const uint8_t given[6] = { 2, 0, 0, 0, 0, 0x0c };

		CHECK(mac_is(&p, given), "mac= over the node's");
		bu_down(&p);
	}
	/* Only an nvmem cell: random, and the log says what to do. */
	snprintf(dir, sizeof(dir), "%s/ethernet@nvmem", root);
	CHECK(mkdir(dir, 0755) == 0, "mkdir %s", dir);
	of_u32(dir, "nvmem-cells", 0x77);
	of_write(dir, "nvmem-cell-names", "mac-address", sizeof("mac-address"));
	snprintf(args, sizeof(args), "model_boot=poweron,of_node=%s,gen_pkts=0", dir);
	if (bu_probe(&p, args)) {
		struct rte_ether_addr ea;

		CHECK(rte_eth_macaddr_get(p.port, &ea) == 0 &&
		      rte_is_valid_assigned_ether_addr(&ea), "a random address");
		CHECK(strstr(p.log, "nvmem") != NULL && strstr(p.log, "mac=") != NULL,
		      "the log names the nvmem cell and mac=");
		bu_down(&p);
	}
}

static void
test_bad_devarg(void)
{
	char *log = NULL;

	CHECK(pmd_harness_probe_logged("net_stmmac_uio90", "of_node=rel/dir", &log) < 0 &&
	      log != NULL && strstr(log, "of_node=rel/dir") != NULL,
	      "a relative of_node= is refused, naming it");
	free(log);
}

static void
remove_tree(const char *path)
{
	char cmd[512];

	/* Our own mkdtemp() directory. */
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", path);
	CHECK(system(cmd) == 0, "remove %s", path);
}

int
main(int argc, char **argv)
{
	const char *t = getenv("TMPDIR");

	(void)argc;
	pmd_harness_eal_init(argv[0], NULL);
	snprintf(root, sizeof(root), "%s/socrx-of-XXXXXX",
		 t != NULL && *t != '\0' ? t : "/tmp");
	if (mkdtemp(root) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	test_node_settings();
	test_no_node();
	test_station_address();
	test_bad_devarg();
	rte_eal_cleanup();
	remove_tree(root);
	return harness_result("pmd_of");
}
