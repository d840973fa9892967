#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""socrx's Debian packages, built and installed with apt into a clean root
tree of a Debian release: this machine's, or with --suite another one
(Debian 13 "trixie", testing), against that release's DPDK; with --suite
RELEASE-arm64 the arm64 packages, cross-built. Not part of `meson test`
(minutes, not seconds): the test command runs it on its own.

  1. config/debian-package.sh builds the packages into OUT_DIR/src: on
     this machine for its own release, inside the release's root tree
     (config/debian-root.sh SUITE run) for another;
  2. lintian (of the release the packages are for): every tag it gives is
     one of ALLOWED below (each with why);
  3. a clean root tree of this release holding Debian's dpdk and dpdk-dev
     (dpdk-testpmd), made once and kept in /var/cache/socrx/root-<codename>
     (config/debian-root.sh); the test works on a throwaway overlay of it,
     in a private mount namespace, so the tree stays clean;
  4. `apt-get install` of socrx-pmds, socrx-router and libsocrx-csum0 from
     their .deb files (their Depends met by the tree's DPDK, no download);
     everything `dpkg -L` lists is there;
  5. README.md's dpdk-testpmd command for the installed PMDs, as written,
     in the tree (no -d): a port of each family forwards every generated
     frame, each PMD mapped once, from the package's plugin directory;
  6. `apt-get purge`: no file `dpkg -L` listed remains, no directory of
     them unless another package owns it, and the overlay's upper layer
     (everything the test changed in the tree) holds nothing of socrx.
Every release: socrx-pmds depends on its DPDK ABI package (librte-ethdevNN
of the tree it was built in) and installs into pmds-NN.0.

RELEASE-arm64 (bookworm-arm64): built with dpkg-buildpackage -a arm64 in the
cross-build root tree (config/debian-root.sh bookworm-arm64), lintian there;
then, instead of 3 to 6, Debian's arm64 dpdk-dev package (dpdk-testpmd, kept
in that tree) and socrx-pmds unpacked over an overlay of the tree (its arm64
DPDK libraries installed by apt), and README.md's dpdk-testpmd command,
without -d, run there under qemu-aarch64.

Usage: test_deb.py [--suite SUITE] [--out DIR] [--keep]
  (SUITE default: this machine's codename; DIR default: build-deb, inside
  this tree for another SUITE: the root tree sees it at /src)
Prints how long the package build and the rest took.
Exit: 0 pass, 1 fail, 77 skipped (not root).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(HERE, ".."))
from testlib import check, failures, result  # noqa: E402
sys.path.insert(0, HERE)
import test_install  # noqa: E402

INSTALL = ("socrx-pmds", "socrx-router", "libsocrx-csum0")
# Tags lintian may give, and why each stays.
ALLOWED = {
    "no-manual-page": "the programs' --help is their manual; no man pages yet",
    "no-symbols-control-file": "libsocrx-csum0 keeps no symbols file: its "
    "shlibs file (dh_makeshlibs) gives the dependency",
    "initial-upload-closes-no-bugs": "not uploaded to Debian (no ITP bug)",
}


def sh(cmd, **kw):
    print("$ " + " ".join(cmd), flush=True)
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True, **kw)


def os_release():
    d = {}
    with open("/etc/os-release") as f:
        for line in f:
            k, _, v = line.strip().partition("=")
            d[k] = v.strip('"')
    return d


def clean_root(codename):
    """The root tree of @codename (config/debian-root.sh: Debian's dpdk and
    dpdk-dev among its packages), or None."""
    p = sh(["sh", os.path.join(SRC, "config", "debian-root.sh"), codename])
    check(p.returncode == 0, "config/debian-root.sh %s" % codename, p.stdout)
    return p.stdout.strip().split("\n")[-1] if p.returncode == 0 else None


# Overlay of ROOT (upper and work directories kept between steps), /dev,
# /proc, /sys (EAL reads the CPUs there), a fresh /run and the packages
# (read-only at /mnt) inside it, then chroot (the environment kept: stdbuf's
# LD_PRELOAD reaches testpmd, libstdbuf.so is at the same path there).
IN_ROOT = ('r=$1 up=$2 wk=$3 m=$4 debs=$5; shift 5; '
           'mount -t overlay socrx-root -o "lowerdir=$r,upperdir=$up,workdir=$wk" "$m" '
           '&& mount --rbind /dev "$m/dev" && mount -t proc proc "$m/proc" '
           '&& mount --rbind /sys "$m/sys" && mount -t tmpfs tmpfs "$m/run" '
           '&& mount --bind -o ro "$debs" "$m/mnt" '
           '&& cp /etc/resolv.conf "$m/etc/resolv.conf" '
           '&& exec chroot "$m" /usr/bin/env PATH=/usr/sbin:/usr/bin:/sbin:/bin '
           'LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"')


def in_root(root, tmp, debs):
    return ["unshare", "--mount", "--propagation", "private", "sh", "-c", IN_ROOT,
            "sh", root, os.path.join(tmp, "upper"), os.path.join(tmp, "work"),
            os.path.join(tmp, "merged"), debs]


def lintian(changes, inside=()):
    """lintian on @changes, run by the command prefix @inside (none: here)."""
    if not inside and shutil.which("lintian") is None:
        check(False, "lintian installed (apt-get install lintian)")
        return
    p = sh(list(inside) + ["lintian", "--pedantic", "--info", changes])
    tags = sorted(set(re.findall(r"^[EWIP]: \S+: (\S+)", p.stdout, re.M)))
    for t in tags:
        if t in ALLOWED:
            print("lintian %s: %s" % (t, ALLOWED[t]))
    bad = [t for t in tags if t not in ALLOWED]
    check(not bad, "lintian: no tag beyond the explained ones %s" % bad, p.stdout)


def listed(run, pkgs):
    p = subprocess.run(run + ["dpkg", "-L"] + list(pkgs), stdout=subprocess.PIPE,
                       universal_newlines=True)
    return [l for l in p.stdout.split("\n") if l.startswith("/") and l != "/."]


def release_abi(inside):
    """The DPDK ABI of the release whose tree @inside enters (none: this
    machine): the NN of its librte-ethdevNN package, or None."""
    p = subprocess.run(list(inside) + ["dpkg-query", "-W", "-f=${Package}\\n",
                                       "librte-ethdev*"], stdout=subprocess.PIPE,
                       universal_newlines=True, cwd=SRC)
    abi = set(re.findall(r"^librte-ethdev(\d+)$", p.stdout, re.M))
    return abi.pop() if len(abi) == 1 else None


def check_depends(deb, abi):
    """socrx-pmds depends on exactly the release's DPDK ABI package."""
    dep = subprocess.run(["dpkg-deb", "-f", deb, "Depends"], stdout=subprocess.PIPE,
                         universal_newlines=True).stdout
    check(abi is not None and re.search(r"\blibrte-ethdev%s\b" % abi, dep),
          "socrx-pmds depends on the release's DPDK ABI package "
          "(librte-ethdev%s): %s" % (abi, dep.strip()))


def overlay_dirs(out):
    """A scratch directory in @out with an overlay's upper, work and merged
    directories."""
    tmp = tempfile.mkdtemp(prefix="deb-", dir=out)
    for d in ("upper", "work", "merged"):
        os.mkdir(os.path.join(tmp, d))
    return tmp


def test_apt(codename, stage, debs, abi, keep, out):
    """Steps 3 to 6 in an overlay of the release's clean root tree."""
    root = clean_root(codename)
    if root is None:
        return
    tmp = overlay_dirs(out)
    run = in_root(root, tmp, stage)
    try:
        p = sh(run + ["apt-get", "install", "-y", "--no-install-recommends",
                      "-o", "Acquire::Languages=none"] +
               ["/mnt/" + os.path.basename(debs[n]) for n in INSTALL])
        check(p.returncode == 0, "apt-get install %s: exit %d"
              % (" ".join(INSTALL), p.returncode), p.stdout)
        if p.returncode != 0:
            return
        files = listed(run, INSTALL)
        p = subprocess.run(run + ["sh", "-c", 'for f; do [ -e "$f" ] || echo "$f"; done',
                                  "sh"] + files, stdout=subprocess.PIPE,
                           universal_newlines=True)
        check(len(files) > 10 and p.stdout == "",
              "everything dpkg -L lists is installed (%d paths; missing: %s)"
              % (len(files), p.stdout.split()))
        pmds = [f for f in files if f.endswith("/librte_net_stmmac_uio.so")]
        check(len(pmds) == 1, "socrx-pmds holds net_stmmac_uio: %s" % pmds)
        check(len(pmds) == 1 and abi is not None and
              os.path.dirname(pmds[0]).endswith("/pmds-%s.0" % abi),
              "in the release's plugin directory pmds-%s.0" % abi)
        if len(pmds) == 1:
            test_install.test_testpmd(run, os.path.dirname(pmds[0]), SRC,
                                      testpmd="/usr/bin/dpdk-testpmd")
        p = sh(run + ["apt-get", "purge", "-y"] + list(INSTALL))
        check(p.returncode == 0, "apt-get purge: exit %d" % p.returncode, p.stdout)
        p = subprocess.run(run + ["sh", "-c", 'for f; do [ -e "$f" ] || continue; '
                                  '[ -d "$f" ] && [ ! -L "$f" ] && '
                                  'dpkg -S "$f" >/dev/null 2>&1 && continue; '
                                  'echo "$f"; done', "sh"] + files,
                           stdout=subprocess.PIPE, universal_newlines=True)
        check(p.stdout == "", "after purge nothing dpkg -L listed remains: %s"
              % p.stdout.split())
        left = [os.path.join(r, f)[len(tmp) + 6:] for r, ds, fs in
                os.walk(os.path.join(tmp, "upper")) for f in ds + fs
                if re.search(r"socrx|_uio\.so", f)]
        check(not left, "after purge the tree holds nothing of socrx: %s" % left)
    finally:
        if not keep:
            shutil.rmtree(tmp, ignore_errors=True)


# qemu-user running an arm64 program of an overlay: the release's cross-build
# root tree below (its arm64 DPDK libraries and loader, installed by apt),
# Debian's arm64 dpdk-dev (testpmd) and socrx-pmds unpacked above; qemu's -L makes
# the overlay the program's /.
IN_QEMU = ('lower=$1 up=$2 wk=$3 m=$4; shift 4; '
           'mount -t overlay socrx-arm64 -o "lowerdir=$lower,upperdir=$up,workdir=$wk" "$m" '
           '&& exec qemu-aarch64 -L "$m" -cpu cortex-a72 -E SOCRX_UNDER_QEMU=1 "$@"')


def test_qemu(codename, debs, abi, keep, out):
    """An arm64 socrx-pmds: README.md's dpdk-testpmd command, the release's
    arm64 testpmd (dpdk-dev) under qemu-aarch64 over its cross-build tree
    with both packages unpacked into it, without -d."""
    root = clean_root(codename)
    if root is None:
        return
    cache = os.path.join(root, "var", "cache", "socrx")
    dpdk = sorted(f for f in os.listdir(cache) if re.match(r"dpdk-dev_.*_arm64\.deb$", f))
    check(len(dpdk) == 1, "the release's arm64 dpdk-dev (testpmd) in the tree: %s" % dpdk)
    coreutils = sorted(f for f in os.listdir(cache)
                       if re.match(r"coreutils_.*_arm64\.deb$", f))
    check(len(coreutils) == 1, "and its arm64 coreutils (libstdbuf.so): %s" % coreutils)
    if len(dpdk) != 1 or len(coreutils) != 1 or shutil.which("qemu-aarch64") is None:
        check(False, "qemu-aarch64 installed (config/install-deps.sh)")
        return
    tmp = overlay_dirs(out)
    try:
        # Their /usr only: a directory of the upper layer hides the tree's
        # symbolic link of the same name (/lib -> usr/lib).
        for deb in (os.path.join(cache, dpdk[0]), debs["socrx-pmds"]):
            p = sh(["dpkg-deb", "-x", deb, os.path.join(tmp, "deb")])
            check(p.returncode == 0, "dpkg-deb -x %s" % os.path.basename(deb), p.stdout)
        p = sh(["cp", "-a", os.path.join(tmp, "deb", "usr"), os.path.join(tmp, "upper")])
        check(p.returncode == 0, "their /usr into the overlay", p.stdout)
        # The arm64 libstdbuf.so, which the test's stdbuf has testpmd load.
        p = sh(["dpkg-deb", "-x", os.path.join(cache, coreutils[0]),
                os.path.join(tmp, "coreutils")])
        lib = "usr/libexec/coreutils/libstdbuf.so"
        os.makedirs(os.path.dirname(os.path.join(tmp, "upper", lib)), exist_ok=True)
        shutil.copy(os.path.join(tmp, "coreutils", lib), os.path.join(tmp, "upper", lib))
        pmd_dir = "/usr/lib/aarch64-linux-gnu/dpdk/pmds-%s.0" % abi
        check(os.path.isfile(os.path.join(tmp, "upper") + pmd_dir +
                             "/librte_net_stmmac_uio.so"),
              "socrx-pmds holds net_stmmac_uio in %s" % pmd_dir)
        run = ["unshare", "--mount", "--propagation", "private", "sh", "-c", IN_QEMU,
               "sh", root] + [os.path.join(tmp, d) for d in ("upper", "work", "merged")]
        test_install.test_testpmd(run, pmd_dir, SRC,
                                  testpmd=os.path.join(tmp, "merged") +
                                  "/usr/bin/dpdk-testpmd")
    finally:
        if not keep:
            shutil.rmtree(tmp, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--suite", default=os_release().get("VERSION_CODENAME", ""))
    ap.add_argument("--out", default=os.path.join(SRC, "build-deb"))
    ap.add_argument("--keep", action="store_true")
    a = ap.parse_args()
    if os.geteuid() != 0:
        print("SKIP: needs root (a root tree, a mount namespace, chroot)")
        return 77
    codename = a.suite
    arm64 = codename.endswith("-arm64")
    # Another release, or the arm64 packages: the build and lintian inside
    # the release's root tree (config/debian-root.sh), which sees this
    # tree at /src.
    inside = ()
    out = os.path.abspath(a.out)
    if codename != os_release().get("VERSION_CODENAME", ""):
        if os.path.relpath(out, SRC).startswith(".."):
            print("--out %s is not inside %s, which the %s root tree sees" %
                  (a.out, SRC, codename))
            return 2
        inside = ("sh", os.path.join(SRC, "config", "debian-root.sh"), codename,
                  "run")
    t0 = time.time()
    p = sh(list(inside) + ["sh", "config/debian-package.sh"] +
           (["--arch", "arm64"] if arm64 else []) +
           [os.path.relpath(out, SRC) if inside else out], cwd=SRC)
    print(p.stdout)
    check(p.returncode == 0, "config/debian-package.sh for %s: exit %d"
          % (codename, p.returncode))
    if p.returncode != 0:
        return result()
    t_build = time.time() - t0
    stage = os.path.join(out, "src")
    debs = {n: os.path.join(stage, f) for f in os.listdir(stage) if f.endswith(".deb")
            for n in [f.split("_")[0]]}
    check(all(n in debs for n in INSTALL + ("libsocrx-dev",)),
          "packages built: %s" % sorted(debs))
    if "socrx-pmds" not in debs:
        return result()
    changes = [f for f in os.listdir(stage) if f.endswith(".changes")]
    if len(changes) == 1:
        lintian(os.path.relpath(os.path.join(stage, changes[0]), SRC)
                if inside else os.path.join(stage, changes[0]), inside)
    abi = release_abi(inside)
    check_depends(debs["socrx-pmds"], abi)
    t1 = time.time()
    if arm64:
        test_qemu(codename, debs, abi, a.keep, out)
    else:
        test_apt(codename, stage, debs, abi, a.keep, out)
    print("time: package build %.0f s, the rest %.0f s" % (t_build, time.time() - t1))
    return result()


if __name__ == "__main__":
    sys.exit(main())
