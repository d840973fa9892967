/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The UIO backend of the family's PMD (pmd_family.h; drivers/common/
 * socnic's socnic_uio.c with the PMD's names and register window) against
 * fake UIO devices: a sysfs tree and a device node built in a temporary directory
 * and named with uio_root=. The device node is a regular file; this test
 * gives it the kernel's rule for mapping a UIO map (uio_mmap(): no longer
 * than the map's size) by interposing mmap(), so a driver that maps more
 * fails here as it fails on a board.
 *
 * Without an argument (EAL --no-huge: IOVA as VA):
 *   - uio_root= must be an absolute, existing directory and needs uio=;
 *   - a UIO device missing from the tree is refused, naming its path;
 *   - a device whose device-tree compatible is not the family's (a UART, a
 *     GMAC 3.x node named "ethernet", no compatible at all) is refused,
 *     quoting what it found, the name, its driver and uio_force=1;
 *     uio_force=1 takes it with a warning; the family's compatible is
 *     taken under any node name;
 *   - a map too small for the registers the driver touches is refused;
 *   - map0 with its registers at a page offset (0x800) is mapped with
 *     exactly map0/size bytes, and the name and the bound driver
 *     (device/driver) are reported;
 *   - then IOVA as VA is refused, naming --iova-mode=pa, also for a
 *     device behind an IOMMU (device/iommu_group);
 *   - NETA: the generation from the same compatible: an Armada 3700 goes
 *     on, 370/38x and XP are refused naming what they would need, another
 *     NETA is refused naming uio_force=1, which drives any as a 3700; the
 *     overlays' "generic-uio" is taken for a 3700, saying so;
 *   - every refusal leaves no port, no file descriptor and no rte_malloc
 *     memory behind.
 * With "pa" (dwmac4 only; root, hugepages, IOVA as PA; exits 77 when not
 * root or under qemu-user, fails when root has no hugepages): the probe goes on to the
 * device, reads the node's snps,pbl from device/of_node, reads
 * MAC_Version at map + offset (a wrong base reads 0) and
 * stops at the software reset, which no device completes here, with the
 * message naming clocks, PHY and GRF.
 *
 * Usage: test_pmd_uio [pa]
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdbool.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <rte_bus_vdev.h>
#include <rte_malloc.h>

#include "dwmac4_regs.h"
#include "pmd_harness.h"

#define UIO_PAGE	4096u
#define UIO_OFFSET	0x800u		/* registers at this offset in map 0 */
/* Map 0: the offset, the family's register window and a page more. */
#define UIO_SIZE	(RTE_ALIGN_CEIL(UIO_OFFSET + pmd_family()->uio_window, \
				UIO_PAGE) + UIO_PAGE)
#define UIO_VERSION	0x1051u		/* MAC_Version of a GMAC 5.10 */
#define HUGEPAGES_NEEDED 32u		/* free hugepages for the "pa" run */

static char root[256];
static unsigned int vdev_seq;

/* ---- The kernel's UIO mmap rule for the fake device nodes ---- */

static struct {
	bool active;
	dev_t dev;
	ino_t ino;
	uint64_t size;		/* map0/size */
	size_t last_len;	/* length the driver asked for, 0: none */
	unsigned int refused;
} uio_node;

/*
 * uio_mmap() (drivers/uio/uio.c): map N at offset N pages, no longer than
 * the map's size (uio_mmap_physical(): -EINVAL). Everything else is the
 * plain system call.
 */
static void *
fake_uio_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	struct stat sb;

	if (uio_node.active && fd >= 0 && fstat(fd, &sb) == 0 &&
	    sb.st_dev == uio_node.dev && sb.st_ino == uio_node.ino) {
		uio_node.last_len = len;
		if (off != 0 || RTE_ALIGN_CEIL(len, UIO_PAGE) > uio_node.size) {
			uio_node.refused++;
			errno = EINVAL;
			return MAP_FAILED;
		}
	}
	return (void *)syscall(SYS_mmap, addr, len, prot, flags, fd, off);
}

/* The PMD's mmap() and mmap64() (with _FILE_OFFSET_BITS=64) land here. */
void *socrx_uio_mmap(void *addr, size_t len, int prot, int flags, int fd,
		     off_t off) __asm__("mmap");
void *socrx_uio_mmap64(void *addr, size_t len, int prot, int flags, int fd,
		       off_t off) __asm__("mmap64");

void *
socrx_uio_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	return fake_uio_mmap(addr, len, prot, flags, fd, off);
}

void *
socrx_uio_mmap64(void *addr, size_t len, int prot, int flags, int fd,
		 off_t off)
{
	return fake_uio_mmap(addr, len, prot, flags, fd, off);
}

/* ---- The fake tree ---- */

static void
write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	CHECK(f != NULL, "create %s", path);
	if (f == NULL)
		return;
	fputs(text, f);
	fclose(f);
}

static void
mkdirs(const char *path)
{
	char buf[1024], *p;

	snprintf(buf, sizeof(buf), "%s", path);
	for (p = buf + 1; *p != '\0'; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		mkdir(buf, 0755);
		*p = '/';
	}
	mkdir(buf, 0755);
}

/* @p len bytes of @p data, NULs included, as sysfs gives a DT property. */
static void
write_bytes(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "w");

	CHECK(f != NULL, "create %s", path);
	if (f == NULL)
		return;
	CHECK(fwrite(data, 1, len, f) == len, "write %s", path);
	fclose(f);
}

/* The family's board: its controller's device-tree compatible. */
#define FAMILY_COMPAT	pmd_family()->uio_compatible, pmd_family()->uio_compatible_len

/*
 * ROOT/sys/class/uio/@p uio (name, map0, device/driver -> @p driver if
 * not NULL, device/of_node/compatible of @p clen bytes if @p compat is
 * not NULL) and ROOT/dev/@p uio, a file of @p size bytes holding
 * MAC_Version at @p offset + GMAC4_VERSION.
 */
static void
fake_uio(const char *uio, const char *name, const char *driver,
	 const char *compat, size_t clen, uint64_t size, uint64_t offset)
{
	char dir[512], path[640], text[64];
	uint32_t ver = UIO_VERSION;
	int fd;

	snprintf(dir, sizeof(dir), "%s/sys/class/uio/%s", root, uio);
	snprintf(path, sizeof(path), "%s/maps/map0", dir);
	mkdirs(path);
	snprintf(path, sizeof(path), "%s/name", dir);
	snprintf(text, sizeof(text), "%s\n", name);
	write_file(path, text);
	snprintf(path, sizeof(path), "%s/maps/map0/addr", dir);
	write_file(path, "0xfe2a0000\n");
	snprintf(path, sizeof(path), "%s/maps/map0/size", dir);
	snprintf(text, sizeof(text), "0x%" PRIx64 "\n", size);
	write_file(path, text);
	snprintf(path, sizeof(path), "%s/maps/map0/offset", dir);
	snprintf(text, sizeof(text), "0x%" PRIx64 "\n", offset);
	write_file(path, text);
	if (driver != NULL) {
		snprintf(path, sizeof(path), "%s/device", dir);
		mkdirs(path);
		snprintf(path, sizeof(path), "%s/device/driver", dir);
		snprintf(text, sizeof(text), "../../bus/platform/drivers/%s",
			 driver);
		CHECK(symlink(text, path) == 0, "symlink %s", path);
	}
	if (compat != NULL) {
		snprintf(path, sizeof(path), "%s/device/of_node", dir);
		mkdirs(path);
		snprintf(path, sizeof(path), "%s/device/of_node/compatible", dir);
		write_bytes(path, compat, clen);
	}
	snprintf(path, sizeof(path), "%s/dev", root);
	mkdirs(path);
	snprintf(path, sizeof(path), "%s/dev/%s", root, uio);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	CHECK(fd >= 0, "create %s", path);
	if (fd < 0)
		return;
	CHECK(ftruncate(fd, (off_t)size) == 0, "size %s", path);
	if (offset + GMAC4_VERSION + 4 <= size)
		CHECK(pwrite(fd, &ver, 4, (off_t)(offset + GMAC4_VERSION)) == 4,
		      "MAC_Version in %s", path);
	close(fd);
}

/* The fake node @p uio gets the kernel's mmap rule. */
static void
watch_node(const char *uio, uint64_t size)
{
	char path[512];
	struct stat sb;

	snprintf(path, sizeof(path), "%s/dev/%s", root, uio);
	CHECK(stat(path, &sb) == 0, "stat %s", path);
	uio_node.dev = sb.st_dev;
	uio_node.ino = sb.st_ino;
	uio_node.size = size;
	uio_node.last_len = 0;
	uio_node.refused = 0;
	uio_node.active = true;
}

static void
remove_tree(const char *path)
{
	struct dirent *de;
	char sub[1024];
	struct stat sb;
	DIR *d;

	if (lstat(path, &sb) != 0)
		return;
	if (!S_ISDIR(sb.st_mode)) {
		unlink(path);
		return;
	}
	d = opendir(path);
	while (d != NULL && (de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		snprintf(sub, sizeof(sub), "%s/%s", path, de->d_name);
		remove_tree(sub);
	}
	if (d != NULL)
		closedir(d);
	rmdir(path);
}

/* ---- Probing ---- */

static unsigned int
open_fds(void)
{
	unsigned int n = 0;
	DIR *d = opendir("/proc/self/fd");

	while (d != NULL && readdir(d) != NULL)
		n++;
	if (d != NULL)
		closedir(d);
	return n;
}

static size_t
heap_bytes(void)
{
	struct rte_malloc_socket_stats ms;
	size_t sum = 0;
	unsigned int i;

	for (i = 0; i < rte_socket_count(); i++)
		if (rte_malloc_get_socket_stats(rte_socket_id_by_idx(i), &ms) == 0)
			sum += ms.heap_allocsz_bytes;
	return sum;
}

/*
 * rte_vdev_init() with @p args, DPDK's log captured into *@p log (the
 * caller frees it). The probe must fail and leave nothing behind.
 */
static void
probe_refused(const char *what, const char *args, char **log)
{
	unsigned int fds = open_fds();
	size_t heap = heap_bytes();
	char name[32];
	uint16_t port;
	int ret;

	pmd_vdev(name, sizeof(name), vdev_seq++);
	ret = pmd_harness_probe_logged(name, args, log);
	printf("--- %s: %s\n%s", what, args, *log != NULL ? *log : "");
	CHECK(ret < 0, "%s: probe accepted", what);
	if (ret == 0)
		rte_vdev_uninit(name);
	CHECK(rte_eth_dev_get_port_by_name(name, &port) != 0,
	      "%s: a port exists after the failed probe", what);
	CHECK_EQ_U(open_fds(), fds, "%s: file descriptors left open", what);
	CHECK_EQ_U(heap_bytes(), heap, "%s: rte_malloc memory left", what);
}

static bool
has(const char *log, const char *s)
{
	return log != NULL && strstr(log, s) != NULL;
}

/* ---- IOVA as VA (--no-huge) ---- */

static void
test_uio_root(void)
{
	char args[512], *log;

	probe_refused("relative uio_root", "uio=uio0,uio_root=tmp/x", &log);
	CHECK(has(log, "devarg uio_root=tmp/x") && has(log, "absolute"),
	      "a relative uio_root names the key and says absolute");
	free(log);
	snprintf(args, sizeof(args), "uio=uio0,uio_root=%s/no-such-dir", root);
	probe_refused("missing uio_root", args, &log);
	CHECK(has(log, "devarg uio_root=") && has(log, "no such directory"),
	      "a missing uio_root names the key and says so");
	free(log);
	snprintf(args, sizeof(args), "uio_root=%s", root);
	probe_refused("uio_root without uio=", args, &log);
	CHECK(has(log, "devarg uio_root=") && has(log, "uio=uioN only"),
	      "uio_root without uio= is refused, naming the key");
	free(log);
	snprintf(args, sizeof(args), "uio=uio9,uio_root=%s/", root);
	probe_refused("no such UIO device", args, &log);
	CHECK(has(log, "sys/class/uio/uio9/name") &&
	      has(log, "no such UIO device"),
	      "a device missing from the tree is refused with its path");
	free(log);
}

/* RK3399's gmac: a GMAC 3.x core, another register map (rk3399.dtsi). */
static const char compat_3x[] = "rockchip,rk3399-gmac\0snps,dwmac-3.70a";
static const char compat_uart[] = "snps,dw-apb-uart";
static const char generic_uio[] = "generic-uio";

/*
 * One identification case: the device (made when @p name is set), the
 * devargs beyond uio= and uio_root=, and what the log must and must not
 * say. Every probe here is refused in the end (IOVA as VA at the latest).
 */
struct compat_case {
	const char *what;
	const char *uio, *name, *compat;
	size_t clen;
	const char *extra;
	const char *has[4];
	const char *lacks;
};

/*
 * Case @p c: its node written if it names one (the device/driver link
 * only when @p link: a node rewritten keeps its link), probed, the log
 * checked and returned.
 */
static char *
compat_case_run(const struct compat_case *c, bool link)
{
	char args[512], *log;
	unsigned int k;
	bool ok;

	if (c->name != NULL)
		fake_uio(c->uio, c->name, link ? "uio_pdrv_genirq" : NULL,
			 c->compat, c->clen, UIO_SIZE, 0);
	snprintf(args, sizeof(args), "uio=%s,uio_root=%s%s", c->uio, root,
		 c->extra);
	probe_refused(c->what, args, &log);
	ok = c->lacks == NULL || !has(log, c->lacks);
	for (k = 0; k < RTE_DIM(c->has) && c->has[k] != NULL; k++)
		ok &= has(log, c->has[k]);
	CHECK(ok, "%s", c->what);
	return log;
}

static void
test_compatible(void)
{
	const struct compat_case cases[] = {
		{ "a UART is refused, quoting its compatible, name, driver and uio_force=1",
		  "uio1", "serial", compat_uart, sizeof(compat_uart), "",
		  { "\"snps,dw-apb-uart\"", "\"serial\"", "uio_pdrv_genirq",
		    "uio_force=1 uses it" }, "IOVA as VA" },
		{ "uio_force=1 takes a device of any compatible, with a warning",
		  "uio1", NULL, NULL, 0, ",uio_force=1",
		  { "uio_force=1: using it anyway", "IOVA as VA" },
		  "uio_force=1 uses it" },
		/* Named "ethernet" like every Ethernet node: the name says nothing. */
		{ "an ethernet node of another core is refused, its compatible quoted",
		  "uio3", "ethernet", compat_3x, sizeof(compat_3x), "",
		  { "\"rockchip,rk3399-gmac\", \"snps,dwmac-3.70a\"" },
		  "IOVA as VA" },
		{ "a device without of_node/compatible is refused, naming the path",
		  "uio4", "ethernet", NULL, 0, "",
		  { "no device-tree compatible",
		    "uio4/device/of_node/compatible: missing" }, "IOVA as VA" },
		{ "the family's compatible is taken whatever the node's name",
		  "uio5", "fe2a0000.eth", FAMILY_COMPAT, "",
		  { "IOVA as VA" }, "uio_force" },
		/* config/boards/'s overlays replace the node's compatible. */
		{ "the overlays' \"generic-uio\" is taken, the core left to its registers",
		  "uio6", "ethernet", generic_uio, sizeof(generic_uio), "",
		  { "IOVA as VA" }, "uio_force" },
	};
	unsigned int i;
	char *log;

	for (i = 0; i < RTE_DIM(cases); i++) {
		log = compat_case_run(&cases[i], true);
		if (i == 0)
			CHECK(has(log, pmd_family()->uio_compatible),
			      "the refusal lists the compatibles that would do");
		free(log);
	}
}

static void
test_window(void)
{
	char args[512], want[64], *log;

	fake_uio("uio2", "ethernet", NULL, FAMILY_COMPAT, UIO_PAGE, 0);
	snprintf(args, sizeof(args), "uio=uio2,uio_root=%s", root);
	probe_refused("window too small", args, &log);
	snprintf(want, sizeof(want), "register window of %#x bytes",
		 pmd_family()->uio_window);
	CHECK(has(log, want), "a 4 KiB map is refused: the driver reaches %#x",
	      pmd_family()->uio_window);
	free(log);
}

static void
test_offset_map_and_iova_va(void)
{
	char args[512], *log;

	fake_uio("uio0", "ethernet", "uio_pdrv_genirq", FAMILY_COMPAT, UIO_SIZE,
		 UIO_OFFSET);
	/* Behind an IOMMU, which UIO does not program either. */
	snprintf(args, sizeof(args), "%s/sys/class/uio/uio0/device/iommu_group",
		 root);
	mkdirs(args);
	watch_node("uio0", UIO_SIZE);
	snprintf(args, sizeof(args), "uio=uio0,uio_root=%s", root);
	probe_refused("registers at offset 0x800, IOVA as VA", args, &log);
	CHECK_EQ_U(uio_node.last_len, UIO_SIZE,
		   "map0 mapped with exactly map0/size bytes");
	CHECK_EQ_U(uio_node.refused, 0, "no mapping the kernel would refuse");
	CHECK(has(log, "uio0 is \"ethernet\", bound to uio_pdrv_genirq") &&
	      has(log, "registers at offset 0x800"),
	      "the name, the bound driver and the offset are reported");
	CHECK(has(log, "IOVA as VA") && has(log, "--iova-mode=pa"),
	      "IOVA as VA is refused, naming --iova-mode=pa");
	free(log);
	uio_node.active = false;
}

/*
 * NETA: the generation from the same compatible list. Each refusal comes
 * before the map; the 3700 (and "generic-uio", taken for one) goes on to
 * the IOVA check.
 */
static void
test_neta_compatible(void)
{
	static const char a38x[] = "marvell,armada-370-neta";
	static const char axp[] = "marvell,armada-xp-neta";
	static const char ac5[] = "marvell,armada-ac5-neta";
	static const char a3700[] = "vendor,board-neta\0marvell,armada-3700-neta";
	static const char generic[] = "generic-uio";
	const struct compat_case cases[] = {
		{ "370/38x: refused before the map, naming what it would need",
		  "uio7", "ethernet", a38x, sizeof(a38x), "",
		  { a38x, "32-bit", "NEON", "per-CPU" }, "IOVA as VA" },
		{ "uio_force=1 drives a 370/38x as a 3700 (on to IOVA)",
		  "uio7", NULL, NULL, 0, ",uio_force=1",
		  { "driven as one", "IOVA as VA" }, NULL },
		{ "XP: refused, naming what it would need",
		  "uio7", "ethernet", axp, sizeof(axp), "",
		  { axp, "32-bit", "uio_force=1" }, "IOVA as VA" },
		{ "another NETA generation is refused, naming uio_force=1",
		  "uio7", "ethernet", ac5, sizeof(ac5), "",
		  { ac5, "uio_force=1" }, "IOVA as VA" },
		{ "uio_force=1 drives it as a 3700 (on to IOVA)",
		  "uio7", NULL, NULL, 0, ",uio_force=1",
		  { "driven as one", "IOVA as VA" }, NULL },
		{ "a 3700 (second in its list) is taken: on to the IOVA check",
		  "uio7", "ethernet", a3700, sizeof(a3700), "",
		  { "Armada 3700 NETA", "IOVA as VA" }, "uio_force=1" },
		{ "\"generic-uio\" is taken for a 3700, saying so, on to IOVA",
		  "uio7", "ethernet", generic, sizeof(generic), "",
		  { "names no NETA generation", "driven as an Armada 3700",
		    "IOVA as VA" }, "uio_force=1" },
	};
	unsigned int i;

	/* One node, rewritten case after case: its driver link made once. */
	for (i = 0; i < RTE_DIM(cases); i++)
		free(compat_case_run(&cases[i], i == 0));
}

/* ---- IOVA as PA: on to the device ---- */

static void
test_pa_probe(void)
{
	char args[512], *log;

	fake_uio("uio0", "ethernet", "uio_pdrv_genirq", FAMILY_COMPAT, UIO_SIZE,
		 UIO_OFFSET);
	/* snps,pbl = <32>: the node the DMA settings come from. */
	snprintf(args, sizeof(args), "%s/sys/class/uio/uio0/device/of_node/snps,pbl",
		 root);
	write_bytes(args, "\0\0\0\x20", 4);
	watch_node("uio0", UIO_SIZE);
	snprintf(args, sizeof(args), "uio=uio0,uio_root=%s", root);
	probe_refused("IOVA as PA, no device behind the window", args, &log);
	CHECK(has(log, "uio0/device/of_node: pbl 32/"),
	      "snps,pbl read from the UIO device's of_node");
	CHECK_EQ_U(uio_node.last_len, UIO_SIZE,
		   "map0 mapped with exactly map0/size bytes");
	CHECK(!has(log, "IOVA as VA"), "IOVA as PA accepted");
	CHECK(!has(log, "MAC_Version reads 0"),
	      "MAC_Version read at map + offset");
	CHECK(has(log, "software reset") && has(log, "clocks") &&
	      has(log, "PHY") && has(log, "GRF"),
	      "the probe stops at the software reset, naming clocks, PHY and GRF");
	free(log);
	uio_node.active = false;
}

/* Free hugepages and a hugetlbfs mount, as config/install-deps.sh sets up. */
static bool
hugepages_ready(void)
{
	char line[256];
	unsigned long free_pages = 0;
	bool mounted = false;
	FILE *f = fopen("/proc/meminfo", "r");

	while (f != NULL && fgets(line, sizeof(line), f) != NULL)
		sscanf(line, "HugePages_Free: %lu", &free_pages);
	if (f != NULL)
		fclose(f);
	f = fopen("/proc/mounts", "r");
	while (f != NULL && fgets(line, sizeof(line), f) != NULL)
		mounted |= strstr(line, " hugetlbfs ") != NULL;
	if (f != NULL)
		fclose(f);
	return mounted && free_pages >= HUGEPAGES_NEEDED;
}

static void
eal_pa(const char *prog)
{
	char *argv[] = {
		(char *)(uintptr_t)prog, (char *)(uintptr_t)"--in-memory",
		(char *)(uintptr_t)"--iova-mode=pa",
		(char *)(uintptr_t)"--no-pci", (char *)(uintptr_t)"-l",
		(char *)(uintptr_t)"0",
		(char *)(uintptr_t)"--log-level=pmd.net.stmmac*:info",
	};

	if (strcmp(pmd_family()->name, "stmmac") != 0) {
		printf("SKIP: the IOVA as PA part reads dwmac4 registers (MAC_Version, the software reset)\n");
		exit(TEST_SKIP);
	}
	if (getuid() != 0) {
		printf("SKIP: IOVA as PA needs root (physical addresses)\n");
		exit(TEST_SKIP);
	}
	if (harness_under_qemu()) {
		printf("SKIP: IOVA as PA under qemu-user: the emulated process has no physical addresses of its own\n");
		exit(TEST_SKIP);
	}
	if (!hugepages_ready()) {
		fprintf(stderr, "FAIL: root, but no hugetlbfs mount with %u free hugepages: run config/install-deps.sh, which sets them up\n",
			HUGEPAGES_NEEDED);
		exit(1);
	}
	eal_harness_start((int)RTE_DIM(argv), argv);
}

int
main(int argc, char **argv)
{
	bool pa = argc > 1 && strcmp(argv[1], "pa") == 0;
	const char *t = getenv("TMPDIR");
	char warm[32];

	if (argc > 2 || (argc == 2 && !pa)) {
		fprintf(stderr, "usage: %s [pa]\n", argv[0]);
		return 1;
	}
	if (pa)
		eal_pa(argv[0]);
	else
		pmd_harness_eal_init(argv[0], NULL);
	/*
	 * Warm-up: the first port ever creates ethdev's shared data, which
	 * lives until the end (not a leak of the probes below).
	 */
	CHECK(rte_vdev_init(pmd_vdev(warm, sizeof(warm), 99), "gen_pkts=1") == 0 &&
	      pmd_family()->rx_idle((uint16_t)pmd_harness_port(warm)) >= 0 &&
	      rte_vdev_uninit(warm) == 0, "a model port");
	snprintf(root, sizeof(root), "%s/socrx-uio-XXXXXX",
		 t != NULL && *t != '\0' ? t : "/tmp");
	if (mkdtemp(root) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	if (pa) {
		test_pa_probe();
	} else {
		test_uio_root();
		test_compatible();
		test_window();
		test_offset_map_and_iova_va();
		if (strcmp(pmd_family()->name, "mvneta") == 0)
			test_neta_compatible();
	}
	rte_eal_cleanup();
	remove_tree(root);
	return harness_result(pa ? "pmd_uio_pa" : "pmd_uio");
}
