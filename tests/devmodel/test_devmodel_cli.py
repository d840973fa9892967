#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""socrx-devmodel on its own (no DPDK application, no root needed):

  - bad command lines are refused with a message naming the option or
    the --model key (driver keys and the keys that need a function-call
    path into the model included; for model=neta the keys a trapped
    window cannot serve), exit status 2;
  - the fake UIO device is what uio_pdrv_genirq and the UIO core present
    (name, maps/map0/{addr,size,offset}, device/driver, of_node's
    dma-coherent) and its register window holds the model's reset state;
  - the register window works as a device's: an MDIO read of the PHY's
    ID written into the window completes (GB clears, the data register
    holds the ID), a software reset self-clears and puts back the reset
    values, a write to a read-only register does not stick;
  - a second devmodel for the same device is refused;
  - DMA started with no application of its --file-prefix running: the
    warning names --no-shconf and --in-memory, the usual cause;
  - SIGUSR1 prints the statistics; SIGTERM and SIGINT end it with its
    files removed, or kept with --keep, and a later devmodel replaces
    kept ones;
  - model=neta is served where the MMIO trap works (x86-64, root): an
    Armada 3700 eth1 node (compatible, phy-mode, a 0x4000-byte window
    showing the model's reset state); elsewhere it is refused (exit 1)
    saying why.

Usage: test_devmodel_cli.py DEVMODEL [--exe-wrapper=ARG...]
Exit: 0 pass, 1 fail.
"""
import mmap
import os
import platform
import signal
import struct
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from devmodel_harness import DevModel, check, result  # noqa: E402

# dwmac4_regs.h (Linux dwmac4.h / dwmac4_dma.h names).
GMAC_CONFIG = 0x0000
GMAC_CONFIG_IPC = 1 << 27
GMAC_MDIO_ADDR = 0x0200
GMAC_MDIO_DATA = 0x0204
GMAC4_VERSION = 0x0110
GMAC_ADDR_HIGH0 = 0x0300
GMAC_ADDR_LOW0 = 0x0304
DMA_BUS_MODE = 0x1000
MII_GB, MII_READ = 1 << 0, 3 << 2
MII_PHYSID1 = 2
RTL8211F_ID1 = 0x001c       # docs/model.md: the PHY is an RTL8211F
MAX_POLLS = 1000000

wrapper = []


def refused(devmodel, args, words, what):
    p = subprocess.run(wrapper + [devmodel] + args, capture_output=True,
                       universal_newlines=True, timeout=60)
    print("$ socrx-devmodel " + " ".join(args) + "\n" + p.stderr, end="")
    check(p.returncode == 2 and all(w in p.stderr for w in words),
          "%s: refused (exit %d) naming %s" % (what, p.returncode, words))


def test_refusals(devmodel, root):
    base = ["--uio-root", root, "--uio", "uio0", "--file-prefix", "x"]
    refused(devmodel, ["--uio", "uio0"], ["--uio-root", "--file-prefix"],
            "missing options")
    refused(devmodel, ["--uio-root", "tmp", "--uio", "uio0", "--file-prefix", "x"],
            ["--uio-root tmp", "absolute"], "relative --uio-root")
    refused(devmodel, ["--uio-root", root, "--uio", "eth0", "--file-prefix", "x"],
            ["--uio eth0", "uioN"], "--uio not uioN")
    refused(devmodel, base + ["--map-offset", "0x801"], ["--map-offset 0x801"],
            "--map-offset not a multiple of 4")
    refused(devmodel, base + ["--model", "gen_pkts=10,copybreak=0"],
            ["copybreak", "driver option"], "a driver key in --model")
    refused(devmodel, base + ["--model", "model_nc=0"],
            ["model_nc", "call into the model"], "model_nc in --model")
    refused(devmodel, base + ["--model", "uio_root=/"],
            ["uio_root"], "a UIO key in --model")
    refused(devmodel, base + ["--model", "gen_len=59"],
            ["devarg gen_len=59"], "a bad model value")
    if neta_served():
        refused(devmodel, base + ["--model", "model=neta,model_mdio=window"],
                ["model_mdio", "no SMI"], "model=neta: the SMI's place")
        refused(devmodel, base + ["--model", "model=neta,fault_wb_late_ppm=10"],
                ["fault_wb_late_ppm", "sees no reads"],
                "model=neta: a fault landing at a read")
        refused(devmodel, base + ["--model", "model=neta,coe=0"],
                ["coe", "driver option"], "model=neta: a driver key")
        refused(devmodel, base + ["--debug-drop-update", "0"],
                ["--debug-drop-update 0"], "--debug-drop-update 0")
    refused(devmodel, base + ["--model", "model=dwmac5"],
            ["model=dwmac5", "the only model is dwmac4"], "an unknown model")
    check(not os.listdir(root), "nothing created by the refused runs: %s"
          % os.listdir(root))


def read_attr(root, rel, uio="uio0"):
    with open(os.path.join(root, "sys/class/uio", uio, rel)) as f:
        return f.read().strip()


def neta_served():
    """Where socrx-devmodel serves model=neta: x86-64 (no wrapper), root."""
    return not wrapper and platform.machine() == "x86_64" and os.geteuid() == 0


def test_neta(devmodel, root):
    """model=neta: accepted and the node an Armada 3700 eth1's where the
    trap works, refused with why elsewhere."""
    argv = ["--uio-root", root, "--uio", "uio5", "--file-prefix",
            "socrx-neta-%d" % os.getpid(), "--model", "model=neta"]
    if not neta_served():
        p = subprocess.run(wrapper + [devmodel] + argv, capture_output=True,
                           universal_newlines=True, timeout=60)
        print("$ socrx-devmodel " + " ".join(argv) + "\n" + p.stderr, end="")
        check(p.returncode == 1 and "model=neta: not served here" in p.stderr,
              "model=neta off x86-64 or without root: refused saying why (exit %d)"
              % p.returncode)
        return
    dm = DevModel(devmodel, root, "uio5", "socrx-neta-%d" % os.getpid(),
                  model="model=neta", wrapper=wrapper)
    try:
        check(dm.ready(), "model=neta: ready")
        with open(os.path.join(root, "sys/class/uio/uio5/device/of_node/compatible"), "rb") as f:
            compat = f.read()
        with open(os.path.join(root, "sys/class/uio/uio5/device/of_node/phy-mode"), "rb") as f:
            mode = f.read()
        check(compat == b"marvell,armada-3700-neta\0" and mode == b"rgmii-id\0" and
              int(read_attr(root, "maps/map0/size", "uio5"), 0) == 0x4000 and
              int(read_attr(root, "maps/map0/addr", "uio5"), 0) == 0xd0040000 + 5 * 0x10000,
              "model=neta: an Armada 3700 NETA node (%r, %r), a 0x4000-byte map0"
              % (compat, mode))
        w = Window(os.path.join(root, "dev", "uio5"), 0x4000, 0)
        # MVNETA_MAC_ADDR_HIGH / LOW (0x2418 / 0x2414): 02:00:00:00:01:05.
        check(w.read(0x2418) == 0x02000000 and w.read(0x2414) == 0x0105,
              "model=neta: the window shows the model's MAC address (%#x %#x)"
              % (w.read(0x2418), w.read(0x2414)))
        w.close()
        st = dm.stats()
        check(st.get("violations") == 0 and st.get("trapped_stores") == 0,
              "model=neta: the statistics line (%s)" % st)
        rc, _, reason = dm.stop(signal.SIGTERM)
        check(rc == 0 and reason == "SIGTERM", "model=neta: SIGTERM ends it")
    finally:
        dm.kill()


class Window:
    """The register window as the driver maps it (map 0 of the node)."""

    def __init__(self, node, size, offset):
        self.fd = os.open(node, os.O_RDWR)
        self.m = mmap.mmap(self.fd, size, mmap.MAP_SHARED,
                           mmap.PROT_READ | mmap.PROT_WRITE)
        self.off = offset

    def read(self, reg):
        return struct.unpack_from("<I", self.m, self.off + reg)[0]

    def write(self, reg, val):
        struct.pack_into("<I", self.m, self.off + reg, val)

    def poll(self, reg, cond):
        for _ in range(MAX_POLLS):
            v = self.read(reg)
            if cond(v):
                return v
        return self.read(reg)

    def close(self):
        self.m.close()
        os.close(self.fd)


def test_device(devmodel, root):
    dm = DevModel(devmodel, root, "uio0", "socrx-cli-%d" % os.getpid(),
                  extra=["--map-offset", "0x40"], wrapper=wrapper)
    try:
        check(dm.ready(), "ready")
        size = int(read_attr(root, "maps/map0/size"), 0)
        check(read_attr(root, "name") == "ethernet" and size == 0x3000 and
              int(read_attr(root, "maps/map0/offset"), 0) == 0x40 and
              int(read_attr(root, "maps/map0/addr"), 0) % 4096 == 0,
              "sysfs: name ethernet, map0 page-aligned, 0x3000 bytes counting offset 0x40")
        check(os.path.basename(os.readlink(os.path.join(
            root, "sys/class/uio/uio0/device/driver"))) == "socrx-devmodel" and
            os.path.exists(os.path.join(
                root, "sys/class/uio/uio0/device/of_node/dma-coherent")),
            "sysfs: bound driver socrx-devmodel, dma-coherent")
        node = os.path.join(root, "dev", "uio0")
        check(os.path.getsize(node) == size, "the device node holds map0")
        w = Window(node, size, 0x40)
        check(w.read(GMAC4_VERSION) == 0x1051, "MAC_Version reads 0x1051")
        check(w.read(GMAC_ADDR_HIGH0) & 0xffff == 0x0001 and
              w.read(GMAC_ADDR_LOW0) == 0x00000002,
              "MAC address 0 is 02:00:00:00:01:00 (%#x %#x)"
              % (w.read(GMAC_ADDR_HIGH0), w.read(GMAC_ADDR_LOW0)))
        # An MDIO read: the data register is valid once GB clears.
        w.write(GMAC_MDIO_ADDR, MII_PHYSID1 << 16 | MII_READ | MII_GB)
        w.poll(GMAC_MDIO_ADDR, lambda v: not v & MII_GB)
        check(not w.read(GMAC_MDIO_ADDR) & MII_GB and
              w.read(GMAC_MDIO_DATA) & 0xffff == RTL8211F_ID1,
              "an MDIO read through the window: GB cleared, PHYSID1 %#x"
              % w.read(GMAC_MDIO_DATA))
        w.write(GMAC4_VERSION, 0)
        w.write(GMAC_CONFIG, GMAC_CONFIG_IPC)
        w.poll(GMAC4_VERSION, lambda v: v == 0x1051)
        check(w.read(GMAC4_VERSION) == 0x1051 and
              w.read(GMAC_CONFIG) == GMAC_CONFIG_IPC,
              "a write to read-only MAC_Version does not stick, one to MAC_Configuration does")
        w.write(DMA_BUS_MODE, 1)        # SWR
        w.poll(DMA_BUS_MODE, lambda v: not v & 1)
        check(w.read(DMA_BUS_MODE) & 1 == 0 and w.read(GMAC_CONFIG) == 0 and
              w.read(GMAC_ADDR_LOW0) == 0xffffffff,
              "a software reset self-clears and puts back the reset values")
        w.close()
        second = subprocess.run(wrapper + [devmodel, "--uio-root", root, "--uio",
                                           "uio0", "--file-prefix", "y"],
                                capture_output=True, universal_newlines=True,
                                timeout=60)
        check(second.returncode == 1 and "served by another" in second.stderr,
              "a second devmodel for uio0 is refused: %s" % second.stderr.strip())
        st = dm.stats()
        check(st.get("report") == 1 and st.get("violations") == 0 and
              st.get("register_writes", 0) >= 4,
              "SIGUSR1: the statistics line (%s)" % st)
        rc, last, reason = dm.stop(signal.SIGTERM)
        check(rc == 0 and reason == "SIGTERM" and last.get("violations") == 0,
              "SIGTERM ends it (%s, %r)" % (rc, reason))
        check(not os.listdir(root), "its files are removed: %s" % os.listdir(root))
    finally:
        dm.kill()


def test_waiting(devmodel, root):
    """DMA on before any application attached: the device waits, and says
    what keeps an application from being found."""
    # A boot loader left the DMA running: the device needs DMA now.
    dm = DevModel(devmodel, root, "uio4", "socrx-wait-%d" % os.getpid(),
                  model="model_boot=running", wrapper=wrapper)
    try:
        check(dm.ready(), "waiting: ready")
        for _ in range(MAX_POLLS // 1000):
            if any("the device waits" in line for line in dm.err):
                break
            time.sleep(0.1)
        line = "".join(x for x in dm.err if "the device waits" in x)
        print(line, end="")
        check("--no-shconf" in line and "--in-memory" in line,
              "DMA on, no application: the warning names --no-shconf and --in-memory: %r"
              % line)
        dm.stop(signal.SIGTERM)
    finally:
        dm.kill()


def test_keep(devmodel, root):
    dm = DevModel(devmodel, root, "uio3", "k", extra=["--keep"], wrapper=wrapper)
    check(dm.ready(), "--keep: ready")
    rc, _, reason = dm.stop(signal.SIGINT)
    check(rc == 0 and reason == "SIGINT", "SIGINT ends it (%s, %r)" % (rc, reason))
    check(os.path.exists(os.path.join(root, "dev", "uio3")) and
          os.path.exists(os.path.join(root, "sys/class/uio/uio3/name")),
          "--keep leaves the files")
    dm = DevModel(devmodel, root, "uio3", "k", wrapper=wrapper)
    check(dm.ready(), "a later devmodel takes over the files left")
    rc, _, _ = dm.stop(signal.SIGTERM)
    check(rc == 0 and not os.listdir(root), "and removes them: %s" % os.listdir(root))


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--exe-wrapper=")]
    wrapper.extend(a.split("=", 1)[1] for a in sys.argv[1:]
                   if a.startswith("--exe-wrapper="))
    if len(args) != 1:
        print(__doc__)
        return 1
    devmodel = os.path.abspath(args[0])
    with tempfile.TemporaryDirectory(prefix="socrx-devmodel-cli-") as root:
        test_refusals(devmodel, root)
        test_device(devmodel, root)
        test_waiting(devmodel, root)
        test_keep(devmodel, root)
        test_neta(devmodel, root)
    return result()


if __name__ == "__main__":
    sys.exit(main())
