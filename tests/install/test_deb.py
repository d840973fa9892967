#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""socrx's Debian packages, built and installed with apt into a clean root
tree of this machine's Debian release. Not part of `meson test` (minutes,
not seconds): the test command runs it on its own.

  1. config/debian-package.sh builds the packages into OUT_DIR/src;
  2. lintian: every tag it gives is one of ALLOWED below (each with why);
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

Usage: test_deb.py [--out DIR] [--keep]   (DIR default: build-deb)
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


def lintian(changes):
    if shutil.which("lintian") is None:
        check(False, "lintian installed (apt-get install lintian)")
        return
    p = sh(["lintian", "--pedantic", "--info", changes])
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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(SRC, "build-deb"))
    ap.add_argument("--keep", action="store_true")
    a = ap.parse_args()
    if os.geteuid() != 0:
        print("SKIP: needs root (a root tree, a mount namespace, chroot)")
        return 77
    rel = os_release()
    codename = rel.get("VERSION_CODENAME", "")
    t0 = time.time()
    p = sh(["sh", os.path.join(SRC, "config", "debian-package.sh"), a.out])
    print(p.stdout)
    check(p.returncode == 0, "config/debian-package.sh %s: exit %d"
          % (a.out, p.returncode))
    if p.returncode != 0:
        return result()
    t_build = time.time() - t0
    stage = os.path.join(os.path.abspath(a.out), "src")
    debs = {n: os.path.join(stage, f) for f in os.listdir(stage) if f.endswith(".deb")
            for n in [f.split("_")[0]]}
    check(all(n in debs for n in INSTALL + ("libsocrx-dev",)),
          "packages built: %s" % sorted(debs))
    changes = [f for f in os.listdir(stage) if f.endswith(".changes")]
    if len(changes) == 1:
        lintian(os.path.join(stage, changes[0]))
    t1 = time.time()
    root = clean_root(codename)
    if root is None:
        return result()
    t_root = time.time() - t1
    tmp = tempfile.mkdtemp(prefix="deb-", dir=os.path.abspath(a.out))
    for d in ("upper", "work", "merged"):
        os.mkdir(os.path.join(tmp, d))
    run = in_root(root, tmp, stage)
    try:
        p = sh(run + ["apt-get", "install", "-y", "--no-install-recommends",
                      "-o", "Acquire::Languages=none"] +
               ["/mnt/" + os.path.basename(debs[n]) for n in INSTALL])
        check(p.returncode == 0, "apt-get install %s: exit %d"
              % (" ".join(INSTALL), p.returncode), p.stdout)
        if p.returncode != 0:
            return result()
        files = listed(run, INSTALL)
        p = subprocess.run(run + ["sh", "-c", 'for f; do [ -e "$f" ] || echo "$f"; done',
                                  "sh"] + files, stdout=subprocess.PIPE,
                           universal_newlines=True)
        check(len(files) > 10 and p.stdout == "",
              "everything dpkg -L lists is installed (%d paths; missing: %s)"
              % (len(files), p.stdout.split()))
        pmds = [f for f in files if f.endswith("/librte_net_stmmac_uio.so")]
        check(len(pmds) == 1, "socrx-pmds holds net_stmmac_uio: %s" % pmds)
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
        if not a.keep:
            shutil.rmtree(tmp, ignore_errors=True)
    print("time: package build %.0f s, root tree %.0f s, install test %.0f s"
          % (t_build, t_root, time.time() - t1 - t_root))
    return result()


if __name__ == "__main__":
    sys.exit(main())
