#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""socrx-board-check against fake boards (--uio-root): one case per
failure it names, each a checklist line FAIL with its fix and exit status
1, and the happy path (every line ok, exit 0):

  - socrx-devmodel trees (the device model behind a fake UIO device, its
    MDIO answering as a PHY): happy path; no UIO device; a compatible that
    is another device's; no dma-coherent (ok, with the non-coherent note);
    dma-coherent on a SoC whose GMAC is not coherent; no hugepages in the
    fake root; pagemap with page frame numbers zeroed (as a non-root user
    reads them); no PHY on MDIO (model_phy_addr=none); link down (the PHY
    made to advertise nothing the partner has, by an MDIO write);
  - static trees (files only: a device in reset or not a dwmac has no
    model to answer): MAC_Version 0 and a 3.x core; RK3568 GMAC0 held in
    reset by the CRU (map1), and out of reset with the GRF (map2)
    selecting RMII against phy-mode rgmii-id; RK3588 GMAC1 in reset (its
    php_grf selecting RGMII); i.MX8MP GPR1 without its
    clock enable, and the overlay applied to its FEC (0x30be0000);
  - NETA static trees (config/boards/armada-3720-eth0-uio.dtso's maps:
    map0 "neta", map1 "mdio" at the SMI's page + 4): the overlay's maps
    (the window and U-Boot's PHY polling as information; the SMI a file
    whose reads never come back READ_VALID, so no PHY answers: the scan
    went through map1, where its last read command stays, not through
    eth0's window, whose word reads BUSY); --phy-addr 1 likewise; the
    SMI's BUSY set for good, through map1 and through eth0's window
    (FAIL naming orion-mdio and the clock, no command written); the
    node's fixed-link (ESPRESSObin: every line ok, the PHY skipped) and
    an in-band phy-mode (sgmii: skipped); an Armada 370 compatible
    (refused with what the 32-bit NETAs need); a phy-mode the PMD does
    not set (rmii); a port reading 0 (not answering: unclocked); the
    kernel's orion-mdio bound to the SMI (the PHY not read); eth1 without
    an "mdio" map (the PHY skipped); map 0 at no 3700 port. A PHY that
    answers cannot be served by a file: the SMI's answer is the device's
    doing (socrx-devmodel serves no NETA, docs/model.md "The NETA").

A fake device node is a file: map N is its bytes from N pages on (UIO
selects map N by mmap offset N pages). Where map 0 is longer than a page,
its later pages share bytes with map 1 there; the static trees hold no
value there that a check reads.

Usage: test_board_check.py BOARD_CHECK DEVMODEL [--exe-wrapper=ARG...]
Exit: 0 pass, 1 fail.
"""
import mmap
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from devmodel_harness import DevModel, check, result  # noqa: E402

PG = os.sysconf("SC_PAGE_SIZE")
GMAC_MDIO_ADDR, GMAC_MDIO_DATA, GMAC4_VERSION = 0x200, 0x204, 0x110
MII_GB, MII_WRITE, CR_LARGEST = 1 << 0, 1 << 2, 7 << 8
MII_ADVERTISE, MII_CTRL1000, ADVERTISE_CSMA = 4, 9, 0x0001
MAX_POLLS = 1000000
RK3568_GMAC0, RK3568_CRU, RK3568_GRF = 0xfe2a0000, 0xfdd20000, 0xfdc60000
IMX8MP_EQOS, IMX8MP_GPR = 0x30bf0000, 0x30340000
RK3588_GMAC1, RK3588_CRU, RK3588_PHP_GRF = 0xfe1c0000, 0xfd7c0000, 0xfd5b0000

wrapper = []
native_root = False     # set in main(): physical addresses readable here


def write(path, data, mode="w"):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, mode) as f:
        f.write(data)


def fake_host(root, huge_total=512, pagemap="real"):
    """ROOT/proc: meminfo, mounts and self/pagemap (the real one, or a
    sparse file reading 0 everywhere: the page frame numbers a non-root
    user sees, present bit included)."""
    write(root + "/proc/meminfo",
          "MemTotal: 4030000 kB\nHugePages_Total: %d\nHugePages_Free: %d\n"
          "Hugepagesize: 2048 kB\n" % (huge_total, huge_total))
    write(root + "/proc/mounts",
          "proc /proc proc rw 0 0\nhugetlbfs /dev/hugepages hugetlbfs rw 0 0\n")
    os.makedirs(root + "/proc/self", exist_ok=True)
    if pagemap == "real":
        os.symlink("/proc/self/pagemap", root + "/proc/self/pagemap")
    else:
        with open(root + "/proc/self/pagemap", "wb") as f:
            f.truncate(1 << 40)         # every entry of a 48-bit space


def of_node(root, uio="uio0", compatible=b"generic-uio\0",
            phy_mode=b"rgmii-id\0", coherent=None):
    node = "%s/sys/class/uio/%s/device/of_node/" % (root, uio)
    if compatible is not None:
        write(node + "compatible", compatible, "wb")
    if phy_mode is not None:
        write(node + "phy-mode", phy_mode, "wb")
    if coherent is False and os.path.exists(node + "dma-coherent"):
        os.unlink(node + "dma-coherent")
    if coherent is True:
        write(node + "dma-coherent", b"", "wb")


def soc_root(root, compatible):
    write(root + "/sys/firmware/devicetree/base/compatible", compatible, "wb")


def static_tree(root, maps, regs):
    """A UIO device of files only: maps [(addr, size[, name, offset])],
    regs {(map, off): value} stored little-endian at map's page + off."""
    d = root + "/sys/class/uio/uio0/"
    shutil.rmtree(d + "maps", ignore_errors=True)
    write(d + "name", "ethernet\n")
    for i, m in enumerate(maps):
        addr, size = m[0], m[1]
        write(d + "maps/map%d/addr" % i, "0x%016x\n" % addr)
        write(d + "maps/map%d/size" % i, "0x%016x\n" % size)
        write(d + "maps/map%d/offset" % i, "0x%x\n" % (m[3] if len(m) > 3 else 0))
        if len(m) > 2:
            write(d + "maps/map%d/name" % i, m[2] + "\n")
    end = max(i * PG + m[1] for i, m in enumerate(maps))
    img = bytearray(end)
    for (i, off), val in regs.items():
        struct.pack_into("<I", img, i * PG + off, val)
    write(root + "/dev/uio0", bytes(img), "wb")


def run(root, what, extra=()):
    argv = wrapper + [board_check, "--uio-root", root] + list(extra)
    p = subprocess.run(argv, capture_output=True, universal_newlines=True,
                       timeout=120)
    print("$ socrx-board-check --uio-root ROOT %s   # %s\n%s%s" %
          (" ".join(extra), what, p.stdout, p.stderr), end="")
    lines = {}
    for line in p.stdout.splitlines():
        parts = line.split(None, 2)
        if len(parts) == 3 and parts[0] in ("ok", "FAIL", "skip"):
            lines[parts[1]] = (parts[0], parts[2])
    return p.returncode, lines, p.stdout


def expect(root, what, check_name, status, words, rc=1, extra=()):
    """@rc None: any exit status (a check whose outcome depends on the
    host, pagemap under qemu, decides it)."""
    code, lines, out = run(root, what, extra)
    got = lines.get(check_name, ("(none)", ""))
    check((rc is None or code == rc) and got[0] == status and
          all(w in got[1] for w in words),
          "%s: exit %d, %s %s %s (want exit %s, %s with %s)" %
          (what, code, check_name, got[0], got[1][:60], rc, status, words), out)
    return lines


def mdio_write(root, reg, val, pa=0):
    """An MDIO write through the window, as a driver does it."""
    with open(root + "/dev/uio0", "r+b") as f:
        win = mmap.mmap(f.fileno(), 0x2000)
        struct.pack_into("<I", win, GMAC_MDIO_DATA, val)
        struct.pack_into("<I", win, GMAC_MDIO_ADDR,
                         pa << 21 | reg << 16 | CR_LARGEST | MII_WRITE | MII_GB)
        for _ in range(MAX_POLLS):
            if not struct.unpack_from("<I", win, GMAC_MDIO_ADDR)[0] & MII_GB:
                break
            time.sleep(0.0001)
        win.close()


class Board:
    """A fake root with a devmodel serving uio0 in it."""

    def __init__(self, devmodel, model="", pagemap="real", huge=512):
        self.root = tempfile.mkdtemp(prefix="socrx-bc-")
        fake_host(self.root, huge, pagemap)
        self.dm = DevModel(devmodel, self.root, "uio0",
                           "bc%d" % os.getpid(), model=model, wrapper=wrapper)
        self.ok = self.dm.ready()
        check(self.ok, "devmodel ready", self.dm.log())
        if self.ok:
            of_node(self.root)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.dm.stop()
        shutil.rmtree(self.root, ignore_errors=True)


def devmodel_cases(devmodel):
    with Board(devmodel) as b:
        if b.ok:
            code, lines, out = run(b.root, "happy path")
            want = set(lines) - ({"pagemap"} if not native_root else set())
            bad = [k for k in want if lines[k][0] != "ok"
                   and not (k in ("soc", "reset", "glue") and lines[k][0] == "skip")]
            check(not bad and (code == 0 or not native_root) and
                  len(lines) == 12 and
                  lines.get("phy", ("", ""))[1].startswith("ID 0x001cc916") and
                  "1000 Mbit/s full" in lines.get("link", ("", ""))[1],
                  "happy path: every check ok (exit %d; not ok: %s)" % (code, bad),
                  out)
            of_node(b.root, coherent=False)
            expect(b.root, "no dma-coherent", "dma-coherent", "ok",
                   ["note", "non-coherent path"],
                   rc=0 if native_root else code)
            of_node(b.root, compatible=b"fsl,imx8mp-fec\0")
            expect(b.root, "wrong compatible", "compatible", "FAIL",
                   ["\"fsl,imx8mp-fec\"", "fix: apply the overlay to the GMAC"])
            of_node(b.root, coherent=True)
            soc_root(b.root, b"radxa,rock-3a\0rockchip,rk3568\0")
            expect(b.root, "dma-coherent on an RK3568", "dma-coherent", "FAIL",
                   ["RK3568", "fix: remove dma-coherent", "dma=noncoherent"])
            lines = expect(b.root, "RK3568, overlay maps only the GMAC", "reset",
                           "skip", ["no map of the UIO device covers it"])
            check(lines.get("soc", ("", ""))[1].startswith("RK3568 GMAC0"),
                  "the SoC and GMAC identified from the root compatible and map0")
            mdio_write(b.root, MII_ADVERTISE, ADVERTISE_CSMA)
            mdio_write(b.root, MII_CTRL1000, 0)
            expect(b.root, "link down", "link", "FAIL",
                   ["down", "fix: the cable and the link partner"])
    with Board(devmodel, huge=0) as b:
        if b.ok:
            expect(b.root, "no hugepages", "hugepages", "FAIL",
                   ["none reserved", "fix: echo 512 > /proc/sys/vm/nr_hugepages"])
    with Board(devmodel, pagemap="zeroed") as b:
        if b.ok:
            expect(b.root, "pagemap zeroed (non-root)", "pagemap", "FAIL",
                   ["page frame numbers read 0", "fix: run DPDK (and this check) as root"])
    with Board(devmodel, model="model_phy_addr=none") as b:
        if b.ok:
            lines = expect(b.root, "PHY not found", "phy", "FAIL",
                           ["no PHY answers on MDIO addresses 0..31",
                            "fixed_link=1000"])
            check(lines.get("link", ("",))[0] == "skip", "no PHY: link skipped")


def static_cases():
    root = tempfile.mkdtemp(prefix="socrx-bc-")
    try:
        fake_host(root)
        static_tree(root, [(RK3568_GMAC0, 0x10000)], {(0, GMAC4_VERSION): 0})
        of_node(root)
        expect(root, "MAC_Version 0", "mac_version", "FAIL",
               ["reads 0", "fix: the block is unclocked", "clk_ignore_unused"])
        static_tree(root, [(RK3568_GMAC0, 0x10000)], {(0, GMAC4_VERSION): 0x37})
        expect(root, "MAC_Version of a 3.x core", "mac_version", "FAIL",
               ["core 3.7 is no dwmac4/5"])
        soc_root(root, b"rockchip,rk3568\0")
        static_tree(root, [(RK3568_GMAC0, 0x10000), (RK3568_CRU, 0x1000),
                           (RK3568_GRF, 0x1000)],
                    {(0, GMAC4_VERSION): 0, (1, 0x434): 1 << 7,
                     (2, 0x384): 1 << 4})
        lines = expect(root, "RK3568 GMAC0 held in reset", "reset", "FAIL",
                       ["GMAC0 held in reset", "bit 7 set", "fix: the boot loader"])
        check(lines.get("mac_version", ("",))[0] == "skip",
              "in reset: the GMAC's registers are not read")
        check(lines.get("glue", ("", ""))[0] == "ok", "GRF selects RGMII: glue ok")
        static_tree(root, [(RK3568_GMAC0, 0x10000), (RK3568_CRU, 0x1000),
                           (RK3568_GRF, 0x1000)],
                    {(0, GMAC4_VERSION): 0x3051, (2, 0x384): 4 << 4})
        lines = expect(root, "RK3568 GRF selecting RMII for rgmii-id", "glue",
                       "FAIL", ["interface select 4", "fix: GRF_GMAC0_CON1 must select rgmii-id"])
        check(lines.get("reset", ("",))[0] == "ok", "out of reset: reset ok")
        soc_root(root, b"rockchip,rk3588\0")
        static_tree(root, [(RK3588_GMAC1, 0x10000), (RK3588_CRU, 0x1000),
                           (RK3588_PHP_GRF, 0x1000)],
                    {(0, GMAC4_VERSION): 0, (1, 0xa80): 1 << 11,
                     (2, 0x8): 1 << 9})
        lines = expect(root, "RK3588 GMAC1 held in reset", "reset", "FAIL",
                       ["GMAC1 held in reset", "CRU 0xfd7c0a80", "bit 11 set"])
        check(lines.get("glue", ("", ""))[0] == "ok",
              "RK3588 php_grf selects RGMII for GMAC1: glue ok")
        soc_root(root, b"fsl,imx8mp-evk\0fsl,imx8mp\0")
        static_tree(root, [(IMX8MP_EQOS, 0x10000), (IMX8MP_GPR, 0x1000)],
                    {(0, GMAC4_VERSION): 0, (1, 4): (1 << 16) | (1 << 21)})
        expect(root, "i.MX8MP GPR1 without CLK_GEN_EN", "glue", "FAIL",
               ["IOMUXC GPR1 = 0x00210000", "without its enable bits",
                "fix: IOMUXC GPR1 must select"])
        static_tree(root, [(0x30be0000, 0x10000)], {(0, GMAC4_VERSION): 0})
        expect(root, "i.MX8MP overlay on the FEC", "soc", "FAIL",
               ["i.MX8MP, but map0 at 0x30be0000 is none of its GMACs",
                "fix: apply the overlay for one of its GMACs"])
        shutil.rmtree(root + "/sys")
        shutil.rmtree(root + "/dev")
        expect(root, "no UIO device", "uio", "FAIL",
               ["no UIO device in", "fix: apply the SoC's overlay",
                "uio_pdrv_genirq.of_id=generic-uio"])
    finally:
        shutil.rmtree(root, ignore_errors=True)


A3700_ETH0, A3700_ETH1, A3700_SMI_PAGE = 0xd0030000, 0xd0040000, 0xd0032000
NETA_GMAC_CTRL_0, NETA_BASE_ADDR_ENABLE, NETA_UNIT_CONTROL = 0x2c00, 0x2290, 0x20b0
NETA_WIN_SIZE0, NETA_PROTECT, NETA_PHY_ADDR = 0x2204, 0x2294, 0x2000
# A port as Linux/U-Boot leave it: GMAC_CTRL_0 with its must-be-one bit,
# window 0 over 4 GiB, U-Boot's PHY polling on for the PHY at 1.
NETA_LIVE = {(0, NETA_GMAC_CTRL_0): 0x8be4, (0, NETA_BASE_ADDR_ENABLE): 0x3e,
             (0, NETA_WIN_SIZE0): 0xffff0000, (0, NETA_PROTECT): 3,
             (0, NETA_UNIT_CONTROL): 0x2, (0, NETA_PHY_ADDR): 1}
NETA_MAPS = [(A3700_ETH0, 0x4000, "neta", 0), (A3700_SMI_PAGE, 0x1000, "mdio", 4)]


SMI_READ, SMI_BUSY = 1 << 26, 1 << 28


def smi_read_cmd(pa, reg):
    """mvneta_smi_cmd(pa, reg, MVNETA_SMI_READ_OPERATION)."""
    return pa << 16 | reg << 21 | SMI_READ


def uio_word(root, map_index, off):
    with open(root + "/dev/uio0", "rb") as f:
        f.seek(map_index * PG + off)
        return struct.unpack("<I", f.read(4))[0]


def neta_cases():
    root = tempfile.mkdtemp(prefix="socrx-bc-")
    try:
        fake_host(root)
        # eth0's window word BUSY: the scan must take map1, as the PMD does.
        static_tree(root, NETA_MAPS, {**NETA_LIVE, (0, 0x2004): SMI_BUSY})
        of_node(root)
        code, lines, out = run(root, "NETA eth0, the overlay's maps")
        get = lambda k: lines.get(k, ("(none)", ""))
        check(code == 1 and
              get("compatible")[0] == "ok" and "\"neta\"" in get("compatible")[1] and
              get("soc") == ("ok", "Armada 3700 eth0 (ethernet@30000), overlay "
                             "config/boards/armada-3720-eth0-uio.dtso") and
              get("neta_regs")[0] == "ok" and "0x00008be4" in get("neta_regs")[1] and
              get("mbus")[0] == "ok" and "window 0 base 0 size 0xffff0000" in get("mbus")[1] and
              get("phy_polling")[0] == "ok" and "on" in get("phy_polling")[1] and
              "PHY address 1" in get("phy_polling")[1] and
              get("mdio")[0] == "ok" and "map1 \"mdio\": the SMI at 0xd0032004" in get("mdio")[1] and
              "mac_version" not in lines,
              "NETA, the overlay's maps: compatible, soc, neta_regs, mbus, "
              "phy_polling, mdio ok (exit %d)" % code, out)
        check(get("phy")[0] == "FAIL" and
              get("phy")[1].startswith("no PHY answers on MDIO addresses 0..31") and
              "fix: the PHY's power and reset" in get("phy")[1] and
              "phy_addr=" in get("phy")[1] and get("link")[0] == "skip",
              "NETA: a file answers no SMI read: no PHY, link skipped",
              str(get("phy")))
        check(uio_word(root, 1, 4) == smi_read_cmd(31, 2) and
              uio_word(root, 0, 0x2004) == SMI_BUSY,
              "NETA: the scan read PHYSID1 of 0..31 through map1 \"mdio\" "
              "(its word %#x, want %#x), not eth0's window" %
              (uio_word(root, 1, 4), smi_read_cmd(31, 2)))
        static_tree(root, NETA_MAPS, NETA_LIVE)
        lines = expect(root, "NETA --phy-addr 1", "phy", "FAIL",
                       ["no PHY answers at MDIO address 1 (ID 0xffffffff)"],
                       extra=["--phy-addr", "1"])
        check(uio_word(root, 1, 4) == smi_read_cmd(1, 2),
              "NETA --phy-addr 1: only address 1 read (SMI word %#x)" %
              uio_word(root, 1, 4))
        static_tree(root, NETA_MAPS, {**NETA_LIVE, (1, 4): SMI_BUSY})
        lines = expect(root, "NETA SMI busy for good (map1)", "phy", "FAIL",
                       ["SMI read timed out (its BUSY bit stays set)",
                        "fix: no other master on the SMI: the kernel's orion-mdio",
                        "never unbind mvneta, whose remove gates gbe0_core"])
        check(lines.get("link", ("",))[0] == "skip" and
              uio_word(root, 1, 4) == SMI_BUSY,
              "SMI busy: link skipped, no command written while BUSY")
        static_tree(root, [(A3700_ETH0, 0x4000, "neta", 0)],
                    {**NETA_LIVE, (0, 0x2004): SMI_BUSY})
        lines = expect(root, "NETA SMI busy for good (eth0's window)", "phy", "FAIL",
                       ["SMI read timed out (its BUSY bit stays set)",
                        "fix: no other master on the SMI"])
        check(lines.get("mdio", ("", ""))[1].startswith("no \"mdio\" map: the SMI at map0 + 0x2004"),
              "eth0 without an mdio map: the SMI through the window")
        static_tree(root, NETA_MAPS, {**NETA_LIVE, (1, 4): SMI_BUSY})
        write(root + "/sys/class/uio/uio0/device/of_node/fixed-link/speed",
              b"\0\0\x03\xe8", "wb")
        code, lines, out = run(root, "NETA with the node's fixed-link (ESPRESSObin)")
        check((code == 0 or not native_root) and
              lines.get("phy") == ("skip", "the node's fixed-link: the PMD manages no PHY") and
              lines.get("link", ("",))[0] == "skip" and
              uio_word(root, 1, 4) == SMI_BUSY,
              "NETA fixed-link: phy and link skipped, the SMI untouched, "
              "every other line ok (exit %d)" % code, out)
        shutil.rmtree(root + "/sys/class/uio/uio0/device/of_node/fixed-link")
        of_node(root, phy_mode=b"sgmii\0")
        lines = expect(root, "NETA phy-mode sgmii", "phy", "skip",
                       ["a SerDes phy-mode (in-band status): the PMD manages no PHY"],
                       rc=0 if native_root else None)
        of_node(root, compatible=b"marvell,armada-370-neta\0")
        lines = expect(root, "Armada 370 NETA", "compatible", "FAIL",
                       ["armada-370-neta", "armhf DPDK without NEON",
                        "per-CPU interrupt", "fix: an Armada 3700 board"])
        check(lines.get("neta_regs", ("",))[0] == "skip" and
              lines.get("phy", ("",))[0] == "skip",
              "370: the port's registers and the PHY are not read")
        of_node(root, phy_mode=b"rmii\0")
        expect(root, "NETA phy-mode rmii", "phy-mode", "FAIL",
               ["\"rmii\" is no interface the PMD sets", "fix: phy_mode= one of"])
        of_node(root)
        static_tree(root, NETA_MAPS, {(0, NETA_GMAC_CTRL_0): 0})
        expect(root, "NETA port reading 0", "neta_regs", "FAIL",
               ["does not answer", "fix: boot with the overlay and never unbind mvneta"])
        static_tree(root, NETA_MAPS, NETA_LIVE)
        write(root + "/sys/bus/platform/drivers/orion-mdio/d0032004.mdio/uevent", "")
        lines = expect(root, "orion-mdio bound to the SMI", "mdio", "FAIL",
                       ["orion-mdio drives the SMI", "fix: disable the kernel's mdio node"])
        check(lines.get("phy") == ("skip", "no SMI the PMD may use (mdio)") and
              uio_word(root, 1, 4) == 0,
              "orion-mdio bound: the PHY not read, the SMI untouched")
        shutil.rmtree(root + "/sys/bus")
        static_tree(root, [(A3700_ETH1, 0x4000, "neta", 0)], NETA_LIVE)
        lines = expect(root, "NETA eth1 without an mdio map", "mdio", "FAIL",
                       ["eth1 has no \"mdio\" map", "fix: a second reg entry"])
        check(lines.get("soc", ("", ""))[1].startswith("Armada 3700 eth1"),
              "eth1 identified by map0's address")
        check(lines.get("phy") == ("skip", "no SMI the PMD may use (mdio)") and
              lines.get("link", ("",))[0] == "skip",
              "eth1 without an mdio map: phy and link skipped")
        static_tree(root, [(0xf1070000, 0x4000, "neta", 0)], NETA_LIVE)
        expect(root, "NETA overlay on no 3700 port", "soc", "FAIL",
               ["map0 at 0xf1070000 is no Armada 3700 NETA port",
                "fix: apply the overlay to eth0"])
    finally:
        shutil.rmtree(root, ignore_errors=True)


def main():
    global board_check, wrapper, native_root
    board_check, devmodel = sys.argv[1], sys.argv[2]
    wrapper = [a.split("=", 1)[1] for a in sys.argv[3:]
               if a.startswith("--exe-wrapper=")]
    native_root = os.geteuid() == 0 and not wrapper
    p = subprocess.run(wrapper + [board_check, "--help"], capture_output=True,
                       universal_newlines=True, timeout=60)
    check(p.returncode == 0 and "--uio-root DIR" in p.stdout,
          "--help prints the usage", p.stdout + p.stderr)
    p = subprocess.run(wrapper + [board_check, "--uio", "eth0"],
                       capture_output=True, universal_newlines=True, timeout=60)
    check(p.returncode == 2 and "expected uioN" in p.stderr,
          "a bad --uio is refused (exit 2)", p.stderr)
    devmodel_cases(devmodel)
    static_cases()
    neta_cases()
    return result()


if __name__ == "__main__":
    sys.exit(main())
