#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""socrx installed like a DPDK driver: `meson install --destdir D`, then
DPDK's own programs find both PMDs without -d.

EAL loads every plugin of one directory fixed when DPDK was built
(RTE_EAL_PMD_PATH; Debian: /usr/lib/<triplet>/dpdk/pmds-<ABI>). So the
programs run in a private mount namespace where that directory, and the
prefix, are overlays of D's copies over the real ones: socrx is there as
if installed (Debian's PMDs stay, ours join them), and nothing changes
outside the namespace.

Checks:
  1. the layout: the two PMDs, one regular file each and nothing else, in
     D + PMD_DIR, and PMD_DIR is the plugin directory compiled into the
     librte_eal the programs load; socrx-router, socrx-devmodel and
     socrx-board-check in bindir answering --help; README.md and docs/ in
     share/doc/socrx; rte_pmd_*.h in includedir; socrx.pc naming PMD_DIR;
  2. in the namespace, Debian's dpdk-testpmd without -d, README.md's
     command as written ("Installing"): a net_stmmac_uio and a
     net_mvneta_uio port io-forward every generated frame, each PMD mapped
     once, from PMD_DIR;
  3. the installed socrx-router, run as PREFIX/bin/socrx-router, routes on
     a port of each family with its installed route file;
  4. DPDK's l3fwd-power (Debian 12 ships no dpdk-l3fwd: built from the
     examples of Debian's source package, as tests/app/test_l3fwd_power.py
     does) without -d on net_stmmac_uio ports, when the examples are there;
  5. a program built with `pkg-config --cflags --libs socrx` (the .pc
     found on pkg-config's own path) links both PMDs' public functions and
     runs;
  6. `ninja uninstall` leaves nothing of D.

Usage: test_install.py BUILD_DIR SOURCE_ROOT PREFIX PMD_DIR SCRATCH_DIR
                       [--examples=DIR]
Exit: 0 pass, 1 fail, 77 skipped (not root, no mount namespace or
overlayfs, no dpdk-testpmd).
"""
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
from testlib import build_dpdk_example, check, result  # noqa: E402
sys.path.insert(0, os.path.join(HERE, "..", "pmd"))
from testpmd_driver import TESTPMD, TestpmdSession  # noqa: E402
import test_doc_commands  # noqa: E402
sys.path.insert(0, os.path.join(HERE, "..", "app"))
import test_l3fwd_power  # noqa: E402

PMDS = ("librte_net_stmmac_uio.so", "librte_net_mvneta_uio.so")
PROGRAMS = ("socrx-router", "socrx-devmodel", "socrx-board-check")
EAL = ["--no-huge", "--no-pci", "-m", "512", "--no-shconf", "-l", "0,1"]
MAX_POLLS = 300          # statistics polls before giving up (0.2 s apart)

# The namespace: each directory overlaid with D's copy of it, then the
# command (arguments: D_COPY DIR ... -- COMMAND...).
OVERLAY = ('while [ "$1" != -- ]; do '
           'mount -t overlay socrx -o "lowerdir=$1:$2" "$2" || exit 1; '
           'shift 2; done; shift; exec "$@"')


def run(cmd, **kw):
    print("$ " + " ".join(cmd), flush=True)
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True, **kw)


def in_namespace(dest, dirs):
    """The command prefix that runs a program with D's copies of @dirs (the
    prefix, PMD_DIR) over them."""
    cmd = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
           OVERLAY, "sh"]
    for d in dirs:
        if os.path.isdir(dest + d):
            cmd += [dest + d, d]
    return cmd + ["--"]


def skip_reason():
    if os.geteuid() != 0:
        return "needs root (a mount namespace and an overlay mount)"
    if shutil.which("unshare") is None:
        return "no unshare (util-linux)"
    if not os.access(TESTPMD, os.X_OK):
        return "no dpdk-testpmd (Debian package dpdk)"
    with open("/proc/filesystems") as f:
        if "overlay" not in f.read():
            return "the kernel has no overlayfs"
    p = subprocess.run(in_namespace("", [])[:4] + ["true"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if p.returncode != 0:
        return "cannot make a mount namespace here (unshare -m failed)"
    return None


def find(dest, pattern):
    return sorted(glob.glob(os.path.join(dest, "**", pattern), recursive=True))


def eal_library():
    """The librte_eal dpdk-testpmd loads (ldd)."""
    out = subprocess.run(["ldd", TESTPMD], stdout=subprocess.PIPE,
                         universal_newlines=True).stdout
    m = re.search(r"librte_eal\.so\S* => (\S+)", out)
    return m.group(1) if m else None


def test_layout(dest, pmd_dir):
    pmds = os.listdir(dest + pmd_dir) if os.path.isdir(dest + pmd_dir) else []
    check(sorted(pmds) == sorted(PMDS),
          "%s holds exactly the two PMDs: %s" % (dest + pmd_dir, pmds))
    for so in PMDS:
        path = os.path.join(dest + pmd_dir, so)
        check(os.path.isfile(path) and not os.path.islink(path),
              "%s is one regular file (EAL loads it once)" % so)
    eal = eal_library()
    with open(eal, "rb") as f:
        check((pmd_dir.encode() + b"\0") in f.read(),
              "%s is the plugin directory compiled into %s" % (pmd_dir, eal))
    for prog in PROGRAMS:
        exe = find(dest, os.path.join("bin", prog))
        check(len(exe) == 1, "%s installed: %s" % (prog, exe))
        if len(exe) == 1:
            p = run([exe[0], "--help"])
            check(p.returncode == 0 and "usage" in p.stdout.lower(),
                  "%s --help: exit %d, a usage" % (prog, p.returncode), p.stdout)
    doc = find(dest, os.path.join("share", "doc", "socrx"))
    check(len(doc) == 1 and all(os.path.isfile(os.path.join(doc[0], f)) for f in
                                ("README.md", "docs/nics/stmmac_uio.rst",
                                 "docs/nics/mvneta_uio.rst", "docs/router.md")),
          "README.md and docs/ in %s" % doc)
    for h in ("rte_pmd_stmmac_uio.h", "rte_pmd_mvneta_uio.h"):
        check(len(find(dest, os.path.join("include", h))) == 1, h + " installed")
    pc = find(dest, os.path.join("pkgconfig", "socrx.pc"))
    check(len(pc) == 1, "socrx.pc installed: %s" % pc)
    if len(pc) == 1:
        p = run(["pkg-config", "--variable=pmddir", pc[0]])
        check(p.stdout.strip() == pmd_dir,
              "pkg-config --variable=pmddir socrx: %s" % p.stdout.strip())
    return pc[0] if len(pc) == 1 else None


def mapped_from(pid, so):
    """The distinct paths process @pid maps library @so from."""
    with open("/proc/%d/maps" % pid) as f:
        return sorted({line.split()[-1] for line in f
                       if line.rstrip().endswith("/" + so)})


def readme_command(srcroot):
    """README.md's dpdk-testpmd block for the installed PMDs (no -d)."""
    found = [(c, typed) for c, typed in
             test_doc_commands.blocks(os.path.join(srcroot, "README.md"))
             if "-d" not in shlex.split(c)]
    check(len(found) == 1, "README.md shows one testpmd command without -d: %s"
          % [c for c, _ in found])
    return found[0] if len(found) == 1 else (None, [])


def test_testpmd(wrapper, pmd_dir, srcroot, testpmd=TESTPMD):
    """README.md's command for the installed PMDs, run by @wrapper (a
    command ending by exec'ing its arguments, in which PMD_DIR holds them)."""
    cmd, typed = readme_command(srcroot)
    if cmd is None:
        return
    argv = shlex.split(cmd)
    eal, app = argv[1:argv.index("--")], argv[argv.index("--") + 1:]
    frames = [int(n) for n in re.findall(r"gen_pkts=(\d+)", cmd)]
    log = []
    t = TestpmdSession(eal, [a for a in app if a != "-i"], log,
                       testpmd=testpmd, wrapper=wrapper)
    print("$ " + " ".join(t.argv), flush=True)
    st = {}
    try:
        for port, drv in ((0, "net_stmmac_uio"), (1, "net_mvneta_uio")):
            out = t.cmd("show port info %d" % port)
            check(re.search(r"Driver name: +%s\b" % drv, out) is not None,
                  "testpmd without -d: port %d is %s" % (port, drv), "".join(log))
        # Every command of the wrapper execs: the process is testpmd's
        # (a path under a chroot reads from outside with a prefix).
        for so in PMDS:
            paths = mapped_from(t.p.pid, so)
            check(len(paths) == 1 and paths[0].endswith(os.path.join(pmd_dir, so)),
                  "testpmd maps %s once, from %s: %s" % (so, pmd_dir, paths))
        for c in typed:
            if c == "quit":
                break
            t.cmd(c)
            if c == "start":
                # Until every generated frame is accounted for (a bound
                # against a hang, no assertion on time).
                for _ in range(MAX_POLLS):
                    st = t.port_stats()
                    if all(sum(st.get(p, {}).get(k, 0) for k in
                               ("RX-packets", "RX-missed", "RX-errors")) >= n
                           for p, n in enumerate(frames)):
                        break
                    time.sleep(0.2)
    finally:
        t.quit()
    for p, n in enumerate(frames):
        s = st.get(p, {})
        check(s.get("RX-packets", 0) == n and s.get("TX-packets", -1) > 0,
              "testpmd io: port %d received all %d frames (%s), sent %s"
              % (p, n, s.get("RX-packets"), s.get("TX-packets")), "".join(log))
    check(len(frames) == 2 and t.p.returncode == 0,
          "testpmd exits 0 (%s)" % t.p.returncode, "".join(log))


def test_router(dest, dirs, prefix, tmp):
    exe = os.path.join(prefix, "bin", "socrx-router")
    cfg = os.path.join(prefix, "share", "socrx", "routes.cfg")
    if not os.path.isfile(dest + exe) or not os.path.isfile(dest + cfg):
        check(False, "installed router and route file: %s %s" % (exe, cfg))
        return
    env = dict(os.environ)
    env.pop("LD_LIBRARY_PATH", None)
    p = run(in_namespace(dest, dirs) + [exe] + EAL + [
        "--vdev", "net_stmmac_uio0", "--vdev", "net_mvneta_uio1,gen_ipv6=1",
        "--", "--duration", "0.5"], cwd=tmp, env=env)
    want = "ROUTER: %s: 2 IPv4 and 2 IPv6 routes" % cfg
    check(p.returncode == 0 and want in p.stdout,
          "%s on a port of each family, its route file %s" % (exe, cfg), p.stdout)


def test_l3fwd(dest, dirs, examples, scratch):
    if examples is None or not os.path.isdir(os.path.join(examples, "l3fwd-power")):
        print("skip l3fwd-power: no DPDK examples in %s" % examples)
        return
    binary = build_dpdk_example(examples, scratch, "l3fwd-power")
    if binary is None:
        return
    # One family: testpmd above showed EAL loading both; a run waits out
    # its bound (the model writes the last frames of tx_pcap at exit).
    test_l3fwd_power.run(binary, "net_stmmac_uio", [], in_namespace(dest, dirs),
                         "l3fwd-power without -d")


PROGRAM = r"""
#include <errno.h>
#include <stdio.h>
#include <rte_pmd_stmmac_uio.h>
#include <rte_pmd_mvneta_uio.h>

int main(void)
{
	/* No EAL, so no port 0: each PMD answers -ENODEV. */
	int a = rte_pmd_stmmac_uio_model_set_link(0, 1);
	int b = rte_pmd_mvneta_uio_model_set_link(0, 1);

	printf("%d %d\n", a, b);
	return a == -ENODEV && b == -ENODEV ? 0 : 1;
}
"""


def test_pkgconfig(dest, dirs, tmp):
    src = os.path.join(tmp, "uses_socrx.c")
    exe = os.path.join(tmp, "uses_socrx")
    with open(src, "w") as f:
        f.write(PROGRAM)
    p = run(in_namespace(dest, dirs) + [
        "sh", "-c", 'cc -o "$0" "$1" $(pkg-config --cflags --libs socrx) && '
        'exec "$0"', exe, src])
    check(p.returncode == 0,
          "a program built with pkg-config socrx calls both PMDs (exit %d)"
          % p.returncode, p.stdout)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--examples=")]
    ex = [a[len("--examples="):] for a in sys.argv[1:] if a.startswith("--examples=")]
    if len(args) != 5:
        print(__doc__)
        return 2
    build, srcroot, prefix, pmd_dir, scratch = (os.path.abspath(a) for a in args)
    dirs = [prefix, pmd_dir]
    reason = skip_reason()
    if reason:
        print("SKIP: " + reason)
        return 77
    real = [so for so in PMDS if os.path.exists(os.path.join(pmd_dir, so))]
    if real:
        print("note: %s already holds %s (an earlier install); the overlay "
              "puts D's copies above them" % (pmd_dir, real))
    os.makedirs(scratch, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="install-", dir=scratch) as tmp:
        dest = os.path.join(tmp, "dest")
        if "," in dest or ":" in dest:
            check(False, "the scratch path %s fits an overlay option" % dest)
            return result()
        p = run(["meson", "install", "-C", build, "--no-rebuild", "--destdir", dest])
        check(p.returncode == 0, "meson install --destdir: exit %d" % p.returncode,
              p.stdout)
        if p.returncode != 0:
            return result()
        pc = test_layout(dest, pmd_dir)
        test_testpmd(in_namespace(dest, dirs), pmd_dir, srcroot)
        test_router(dest, dirs, prefix, tmp)
        test_l3fwd(dest, dirs, ex[0] if ex else None, scratch)
        if pc is not None:
            test_pkgconfig(dest, dirs, tmp)
        p = run(["ninja", "-C", build, "uninstall"])
        left = [os.path.join(r, f) for r, _, fs in os.walk(dest) for f in fs]
        check(p.returncode == 0 and not left,
              "ninja uninstall: exit %d, files left in D: %s" % (p.returncode, left),
              p.stdout)
    after = [so for so in PMDS if os.path.exists(os.path.join(pmd_dir, so))]
    check(after == real, "%s outside the namespace unchanged (%s)" % (pmd_dir, after))
    return result()


if __name__ == "__main__":
    sys.exit(main())
