#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""The board overlays of config/boards/ (docs/nics/boards.md), checked with
the Device Tree Compiler's own tools as a boot loader would apply them.

For every config/boards/*.dtso:
  1. `dtc -@ -I dts -O dtb` compiles it (any error fails; warnings are
     printed and allowed);
  2. it is one fragment with a target-path (no phandle fixups, so that a
     base tree built without __symbols__ takes it);
  3. `fdtoverlay` applies it to each test base of the SoCs it is for
     (tests/data/boards/<soc>.dts, compiled without -@, the controller
     nodes at the paths of Linux's SoC .dtsi): `fdtget` reads "generic-uio"
     as the target's compatible, the target keeps its reg entry followed
     by one page of each SoC block the PMD's glue needs (SOC_BLOCKS), named
     by reg-names, and every other node keeps its compatible;
  4. applying it to a base of a SoC without that controller fails
     (rk3568 GMAC0 on the RK3566, rk3588 GMAC0 on the RK3588S).
The Armada 3720 overlay targets the bus (NETA_NODES): on the ESPRESSObin
and Turris MOX bases eth0 reads generic-uio, keeps its reg entry followed
by the SMI's (reg-names neta, mdio; the SMI's page inside eth0's range),
its interrupts and phy-mode; mdio@32004 reads status "disabled" with its
compatible kept; and with internal-regs@ renamed bus@ in both trees (the
kernel's later bus name, the overlay's comment says to edit the path) it
applies the same, while the unedited overlay does not apply there.
All overlays of one SoC also apply together. dtc, fdtoverlay and fdtget
come from Debian's device-tree-compiler (config/install-deps.sh): a missing
tool is a failure, not a skip.

Usage: test_overlays.py SOURCE_ROOT
Exit: 0 pass, 1 fail.
"""
import glob
import os
import shutil
import subprocess
import sys
import tempfile
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testlib import check, result  # noqa: E402

# overlay name: (bases it applies to, bases it must not apply to)
OVERLAYS = {
    "rk3568-gmac0-uio": (["rk3568"], ["rk3566"]),
    "rk3568-gmac1-uio": (["rk3568", "rk3566"], []),
    "rk3588-gmac0-uio": (["rk3588"], ["rk3588s"]),
    "rk3588-gmac1-uio": (["rk3588", "rk3588s"], []),
    "imx8mp-eqos-uio": (["imx8mp"], []),
    "stm32mp15-ethernet0-uio": (["stm32mp15"], []),
    "armada-3720-eth0-uio": (["a3720-espressobin", "a3720-turris-mox"],
                             ["rk3568"]),
}
TOOLS = ("dtc", "fdtoverlay", "fdtget")
# The SoC blocks each overlay adds after the controller's own reg entry
# (reg-names, physical address, size; docs/design/soc_glue.md), the
# addresses of base/rk3568_soc.h, rk3588_soc.h, imx8mp_soc.h.
RK3568_SOC = [("cru", 0xfdd20000, 0x1000), ("grf", 0xfdc60000, 0x1000)]
RK3588_SOC = [("cru", 0xfd7c0000, 0x1000), ("grf", 0xfd58c000, 0x1000),
              ("php_grf", 0xfd5b0000, 0x1000)]
SOC_BLOCKS = {
    "rk3568-gmac0-uio": RK3568_SOC,
    "rk3568-gmac1-uio": RK3568_SOC,
    "rk3588-gmac0-uio": RK3588_SOC,
    "rk3588-gmac1-uio": RK3588_SOC,
    "imx8mp-eqos-uio": [("gpr", 0x30340000, 0x1000)],
    "stm32mp15-ethernet0-uio": [],
}
# Overlays whose fragment targets the bus above the port (Armada 3720):
# the UIO node, the reg it gets, its reg-names, the nodes it disables
# (linux armada-37xx.dtsi: eth0 0x30000 + 16 KiB, the SMI mdio@32004).
A3720_BUS = "/soc/internal-regs@d0000000"
NETA_NODES = {
    "armada-3720-eth0-uio": {
        "node": A3720_BUS + "/ethernet@30000",
        "reg": [0x30000, 0x4000, 0x32004, 0x4],
        "names": ["neta", "mdio"],
        "disabled": [A3720_BUS + "/mdio@32004"],
    },
}
PAGE = 0x1000


def run(argv):
    """(exit status, stdout, stderr) of @argv."""
    p = subprocess.run(argv, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def fdtget(dtb, path, prop, kind=None):
    argv = ["fdtget"] + (["-t", kind] if kind else []) + [dtb, path, prop]
    rc, out, _ = run(argv)
    return out.strip() if rc == 0 else None


def compatibles(dtb, path="/"):
    """{node path: compatible} of every node of @dtb that has one."""
    found = {}
    c = fdtget(dtb, path, "compatible")
    if c is not None:
        found[path] = c
    rc, out, _ = run(["fdtget", "-l", dtb, path])
    for child in out.split() if rc == 0 else []:
        found.update(compatibles(dtb, path.rstrip("/") + "/" + child))
    return found


def compile_overlay(src, out):
    rc, _, err = run(["dtc", "-@", "-I", "dts", "-O", "dtb", "-o", out, src])
    if err.strip():
        print(err.rstrip())
    return check(rc == 0, "%s compiles (dtc -@)" % os.path.basename(src))


def target_path(dtbo, name):
    rc, out, _ = run(["fdtget", "-l", dtbo, "/"])
    frags = [n for n in out.split() if n.startswith("fragment@")] if rc == 0 else []
    rc, fixups, _ = run(["fdtget", "-l", dtbo, "/__fixups__"])
    check(len(frags) == 1 and rc != 0,
          "%s: one fragment, no phandle fixups" % name)
    path = fdtget(dtbo, "/" + frags[0], "target-path") if frags else None
    check(bool(path), "%s: fragment has a target-path (%s)" % (name, path))
    return path


def apply(base_dtb, overlays, out):
    rc, _, err = run(["fdtoverlay", "-i", base_dtb, "-o", out] + overlays)
    return rc, err.strip()


def cells(dtb, path, prop):
    """The cells of @prop as integers, or None."""
    v = fdtget(dtb, path, prop, "x")
    return [int(c, 16) for c in v.split()] if v is not None else None


def soc_reg(blocks, ncells):
    """The reg cells of @blocks with @ncells address and size cells."""
    out = []
    for _, addr, size in blocks:
        out += ([0, addr, 0, size] if ncells == 2 else [addr, size])
    return out


def check_applied(base_dtb, out, targets, what, blocks):
    before, after = compatibles(base_dtb), compatibles(out)
    for path in targets:
        check(after.get(path) == "generic-uio",
              "%s: %s compatible reads generic-uio (was %r)"
              % (what, path, before.get(path)))
        old, new = cells(base_dtb, path, "reg"), cells(out, path, "reg")
        soc = blocks.get(path, [])
        ncells = 2 if old is not None and len(old) == 4 else 1
        check(old is not None and new == old + soc_reg(soc, ncells),
              "%s: %s keeps its reg, then the SoC blocks %s"
              % (what, path, " ".join(n for n, _, _ in soc) or "(none)"))
        if soc:
            names = fdtget(out, path, "reg-names")
            check(names is not None and names.split() ==
                  ["gmac"] + [n for n, _, _ in soc],
                  "%s: %s reg-names gmac %s (%s)"
                  % (what, path, " ".join(n for n, _, _ in soc), names))
    others = {p: c for p, c in before.items() if p not in targets}
    check(all(after.get(p) == c for p, c in others.items()),
          "%s: the %d other node(s) keep their compatible" % (what, len(others)))


def check_neta(base_dtb, out, name, what, bus=A3720_BUS):
    """The Armada 3720 overlay @name applied to @base_dtb gave @out."""
    spec = NETA_NODES[name]
    node = spec["node"].replace(A3720_BUS, bus)
    disabled = [p.replace(A3720_BUS, bus) for p in spec["disabled"]]
    before, after = compatibles(base_dtb), compatibles(out)
    check(after.get(node) == "generic-uio",
          "%s: %s compatible reads generic-uio (was %r)"
          % (what, node, before.get(node)))
    old, new = cells(base_dtb, node, "reg"), cells(out, node, "reg")
    check(old is not None and new == spec["reg"] and new[:2] == old,
          "%s: %s keeps its reg, then the SMI's (%s)"
          % (what, node, " ".join("%#x" % c for c in new or [])))
    names = fdtget(out, node, "reg-names")
    check(names is not None and names.split() == spec["names"],
          "%s: reg-names %s (%s)" % (what, " ".join(spec["names"]), names))
    neta, smi = new[0:2], new[2:4]
    smi_page = smi[0] & ~(PAGE - 1)
    check(neta[0] <= smi_page and smi_page + PAGE <= neta[0] + neta[1],
          "%s: the SMI's page %#x lies inside the port's %#x-%#x (the "
          "overlay says why that is allowed)"
          % (what, smi_page, neta[0], neta[0] + neta[1] - 1))
    for prop in ("interrupts", "phy-mode"):
        check(fdtget(out, node, prop, "x") == fdtget(base_dtb, node, prop, "x"),
              "%s: %s %s unchanged" % (what, node, prop))
    for path in disabled:
        check(fdtget(out, path, "status") == "disabled" and
              after.get(path) == before.get(path) is not None,
              "%s: %s disabled, its compatible %r kept"
              % (what, path, before.get(path)))
    others = {p: c for p, c in before.items() if p != node}
    check(all(after.get(p) == c for p, c in others.items()),
          "%s: the %d other node(s) keep their compatible" % (what, len(others)))


def check_neta_renamed(root, tmp, name, soc):
    """@name with internal-regs@ edited to bus@, on @soc's base edited the
    same; the unedited overlay must not apply there."""
    def renamed(src, dst):
        with open(src) as f:
            text = f.read().replace("internal-regs@", "bus@")
        with open(dst, "w") as f:
            f.write(text)
    base_src = os.path.join(tmp, "%s-bus.dts" % soc)
    dtso = os.path.join(tmp, "%s-bus.dtso" % name)
    renamed(os.path.join(root, "tests", "data", "boards", soc + ".dts"), base_src)
    renamed(os.path.join(root, "config", "boards", name + ".dtso"), dtso)
    base = os.path.join(tmp, "%s-bus.dtb" % soc)
    rc, _, err = run(["dtc", "-I", "dts", "-O", "dtb", "-o", base, base_src])
    if not check(rc == 0, "base %s with bus@d0000000 compiles%s"
                 % (soc, "" if rc == 0 else ": " + err.strip())):
        return
    dtbo = os.path.join(tmp, "%s-bus.dtbo" % name)
    if not compile_overlay(dtso, dtbo):
        return
    out = os.path.join(tmp, "%s-bus+%s.dtb" % (soc, name))
    rc, err = apply(base, [dtbo], out)
    if check(rc == 0, "%s edited to bus@ applies to %s with bus@d0000000%s"
             % (name, soc, "" if rc == 0 else ": " + err)):
        check_neta(base, out, name, "%s (bus@) on %s" % (name, soc),
                   bus=A3720_BUS.replace("internal-regs@", "bus@"))
    rc, err = apply(base, [os.path.join(tmp, name + ".dtbo")],
                    os.path.join(tmp, "%s-bus-x-%s.dtb" % (soc, name)))
    check(rc != 0, "%s unedited does not apply to %s with bus@d0000000 (%s)"
          % (name, soc, err or "it did"))


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 1
    root = sys.argv[1]
    missing = [t for t in TOOLS if shutil.which(t) is None]
    if not check(not missing, "tools present: %s" % " ".join(TOOLS)):
        print("missing %s: install Debian's device-tree-compiler "
              "(sh config/install-deps.sh does)" % " ".join(missing))
        return 1
    boards = os.path.join(root, "config", "boards")
    bases_dir = os.path.join(root, "tests", "data", "boards")
    sources = sorted(glob.glob(os.path.join(boards, "*.dtso")))
    names = [os.path.basename(s)[:-len(".dtso")] for s in sources]
    check(sorted(names) == sorted(OVERLAYS),
          "config/boards/*.dtso are the overlays this test knows: %s"
          % " ".join(names))
    tmp = tempfile.mkdtemp(prefix="socrx-overlays-")
    try:
        bases = {}
        for src in sorted(glob.glob(os.path.join(bases_dir, "*.dts"))):
            soc = os.path.basename(src)[:-len(".dts")]
            bases[soc] = os.path.join(tmp, soc + ".dtb")
            rc, _, err = run(["dtc", "-I", "dts", "-O", "dtb", "-o",
                              bases[soc], src])
            check(rc == 0, "base %s compiles (no -@: no __symbols__)%s"
                  % (soc, "" if rc == 0 else ": " + err.strip()))
        per_soc = {}
        for name in names:
            dtbo = os.path.join(tmp, name + ".dtbo")
            if not compile_overlay(os.path.join(boards, name + ".dtso"), dtbo):
                continue
            path = target_path(dtbo, name)
            good, bad = OVERLAYS.get(name, ([], []))
            for soc in good:
                if not check(soc in bases, "%s: base %s.dts exists" % (name, soc)):
                    continue
                out = os.path.join(tmp, "%s+%s.dtb" % (soc, name))
                rc, err = apply(bases[soc], [dtbo], out)
                if check(rc == 0, "%s applies to %s%s"
                         % (name, soc, "" if rc == 0 else ": " + err)) and \
                        name in NETA_NODES:
                    check_neta(bases[soc], out, name, "%s on %s" % (name, soc))
                    check_neta_renamed(root, tmp, name, soc)
                elif rc == 0:
                    check_applied(bases[soc], out, [path], "%s on %s" % (name, soc),
                                  {path: SOC_BLOCKS.get(name, [])})
                per_soc.setdefault(soc, []).append((dtbo, path, name))
            for soc in bad:
                if not check(soc in bases, "%s: base %s.dts exists" % (name, soc)):
                    continue
                rc, err = apply(bases[soc], [dtbo],
                                os.path.join(tmp, "%s-x-%s.dtb" % (soc, name)))
                check(rc != 0, "%s does not apply to %s (%s)"
                      % (name, soc, err or "it did"))
        for soc, items in sorted(per_soc.items()):
            if len(items) < 2:
                continue
            out = os.path.join(tmp, "%s+all.dtb" % soc)
            rc, err = apply(bases[soc], [d for d, _, _ in items], out)
            if check(rc == 0, "all %d overlays of %s apply together%s"
                     % (len(items), soc, "" if rc == 0 else ": " + err)):
                check_applied(bases[soc], out, [p for _, p, _ in items],
                              "all on %s" % soc,
                              {p: SOC_BLOCKS.get(n, []) for _, p, n in items})
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return result()


if __name__ == "__main__":
    sys.exit(main())
