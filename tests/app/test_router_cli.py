#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""socrx-router as a new (or hostile) user first meets it.

--json: the file is JSON whatever the port names hold. Two net_null
ports are named with a quote, a backslash, control characters and bytes
that are not UTF-8 (a vdev name is the driver name plus any suffix):
Python's json module must read the file, and the names it reads back
must be the ones given (invalid UTF-8 as U+FFFD). A --json path that
cannot be written stops the router before any port starts: exit 1, a
message naming the path, and no forwarding lcore, statistics or summary.

--help (or -h) before the "--" prints EAL's options and the router's;
after the "--", the router's, before EAL starts (no EAL output, no
hugepage hint), also for an unprivileged user (run as nobody when the
test runs as root). A second router on the --file-prefix of a running
one names the cause: the first one's pid, which holds the prefix. With no arguments on a machine without
hugepages, EAL fails: the router must say what to add (--no-huge
--no-pci -m 512 --no-shconf). Where this machine has hugepages, the same
failure is made by pointing EAL at an empty --huge-dir (said so in the
output), so that a run never takes the machine's hugepages or PCI devices.

The installed router finds its default route file outside the source
tree: `meson install --destdir` into a temporary directory, then the
installed binary is run from there without --routes; it must load
<destdir><prefix>/share/socrx/routes.cfg (found relative to the binary).

Usage: test_router_cli.py ROUTER BUILD_ROOT
Exit: 0 pass, 1 fail.
"""
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testlib import check, result  # noqa: E402

EAL = ["--no-huge", "--no-pci", "-m", "512", "--no-shconf", "-l", "0,1"]
ROUTES = "neighbor port 0 mac 02:00:00:00:00:01\nroute 10.0.0.0/8 port 0\n"

def run(cmd, **kw):
    kw.setdefault("cwd", tempfile.gettempdir())
    print("$ " + " ".join(repr(a) if any(c in a for c in " \"\\\t") or
                          not a.isprintable() else a for a in cmd), flush=True)
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          timeout=120, **kw)


def text(p):
    return p.stdout.decode("utf-8", "replace")


def started(out):
    """Whether the run got as far as starting ports and lcores."""
    return ("ROUTER: lcore" in out or "summary" in out or
            "IPv4 and" in out)


def test_json_names(router, tmp, routes):
    names = [b'net_null0"quote\\backslash', b"net_null1\ttab\x01ctl\x7f\xff\xc3\xa9"]
    js = os.path.join(tmp, "names.json")
    cmd = [router] + EAL
    for n in names:
        cmd += ["--vdev", os.fsdecode(n)]
    cmd += ["--", "--routes", routes, "--duration", "0.3", "--json", js]
    p = run(cmd)
    check(p.returncode == 0, "run with odd port names: exit %d" % p.returncode, text(p))
    try:
        with open(js, "rb") as f:
            raw = f.read()
        st = json.loads(raw.decode("utf-8"))
    except (OSError, ValueError) as e:
        check(False, "--json file is JSON (UTF-8): %s" % e)
        return
    check(True, "--json file is JSON (UTF-8) with a quote, a backslash, controls and non-UTF-8 bytes in the names")
    got = [p["name"] for p in st["ports"]]
    want = [n.decode("utf-8", "replace") for n in names]
    check(got == want, "names read back as given: %r (want %r)" % (got, want))
    check(all(c >= 0x20 or c in b"\n" for c in raw),
          "no raw control character in the file")


def test_json_unwritable(router, tmp, routes):
    for what, path in [("a missing directory", os.path.join(tmp, "no", "such", "st.json")),
                       ("a directory", tmp)]:
        # --duration 30: were the path checked only at the end, the run
        # would start, forward and print its summary before failing.
        p = run([router] + EAL + ["--vdev", "net_null0", "--", "--routes", routes,
                                  "--duration", "30", "--json", path])
        out = text(p)
        check(p.returncode == 1 and "--json %s: cannot open for writing" % path in out,
              "--json into %s: exit %d with a message naming the path"
              % (what, p.returncode), out)
        check(not started(out), "--json into %s: stopped before any port started" % what, out)


# A line of EAL's own help: the option, as every DPDK version lists it
# (22.11 under "EAL common options:", 25.11 under "options:").
EAL_OPTIONS = "--proc-type"
ROUTER_OPTIONS = ["-p PORTMASK", "--routes FILE", "--max-routes N", "--json FILE"]
HINT = "--no-huge --no-pci -m 512 --no-shconf"


def unprivileged(router):
    """The command prefix that runs @router as an unprivileged user (nobody,
    via setpriv) when this test runs as root and nobody can execute it;
    [] otherwise (already unprivileged, or not possible here)."""
    if os.geteuid() != 0:
        return [], "as uid %d" % os.geteuid()
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        return [], "as root (no setpriv)"
    pre = [setpriv, "--reuid=nobody", "--regid=nogroup", "--clear-groups"]
    try:
        ok = subprocess.run(pre + ["test", "-x", router], timeout=60).returncode == 0
    except (OSError, subprocess.SubprocessError):
        ok = False
    if not ok:
        return [], "as root (nobody cannot execute %s)" % router
    return pre, "as nobody"


def test_help(router):
    """--help or -h: before the "--" EAL's options and the router's (EAL
    answers while parsing its options, before any memory or device is
    touched); after it, the router's, before EAL starts at all: no EAL
    line, no hugepage hint. Run as an unprivileged user where possible,
    whom EAL's initialisation would refuse (no hugepages for it)."""
    pre, who = unprivileged(router)
    for args, eal in [(["--help"], True), (["-h"], True),
                      (["-l", "0,1", "--no-huge", "--help"], True),
                      (["--", "--help"], False), (["--", "-h"], False),
                      (["--", "-P", "-h"], False),
                      (EAL + ["--", "--help"], False), (EAL + ["--", "-h"], False),
                      (["-l", "0,1", "--", "--routes", "x.cfg", "--help"], False)]:
        p = run(pre + [router] + args)
        out = text(p)
        has = [o for o in ROUTER_OPTIONS if o in out]
        check(p.returncode == 0 and has == ROUTER_OPTIONS and
              (EAL_OPTIONS in out) == eal and "hint:" not in out and
              "EAL init failed" not in out and (eal or "EAL:" not in out),
              "%s %s: exit %d, %s EAL's options, router options %s%s"
              % (" ".join(args), who, p.returncode,
                 "with" if EAL_OPTIONS in out else "without", has,
                 "" if eal else ", no EAL output"), out)


def runtime_dir(prefix):
    """EAL's runtime directory for @prefix (eal_create_runtime_dir())."""
    base = "/var/run" if os.geteuid() == 0 else os.environ.get("XDG_RUNTIME_DIR", "/tmp")
    return os.path.join(base, "dpdk", prefix)


def test_prefix_held(router, tmp, routes):
    """A second primary on the same --file-prefix: the router names the
    cause (the first one holds the prefix's config lock, with its pid),
    not "Success" and no hugepage hint. Without hugepages: --no-huge with
    a shared config (no --no-shconf), which EAL locks all the same."""
    prefix = "socrx-cli-%d" % os.getpid()
    eal = ["--no-huge", "--no-pci", "-m", "256", "-l", "0,1", "--file-prefix", prefix,
           "--vdev", "net_null0"]
    cmd = [router] + eal + ["--", "--routes", routes, "--duration", "600",
                            "--stats-period", "0"]
    print("$ " + " ".join(cmd) + " &", flush=True)
    first = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             universal_newlines=True, cwd=tmp)
    first_out = []
    for line in first.stdout:       # up to the forwarding lcores' start
        first_out.append(line)
        if "ROUTER: lcore" in line:
            break
    try:
        if not check(first.poll() is None, "first router (--file-prefix %s) runs" % prefix,
                     "".join(first_out)):
            return
        p = run([router] + eal + ["--", "--routes", routes, "--duration", "0.5"])
        out = text(p)
        want = "another DPDK primary process (pid %d) runs with --file-prefix %s" % (
            first.pid, prefix)
        check(p.returncode == 1 and want in out and
              "lock on %s/config" % runtime_dir(prefix) in out,
              "second router on the same --file-prefix: exit %d, '%s'" % (p.returncode, want),
              out)
        check("Success" not in out and "hint:" not in out,
              "no 'EAL init failed: Success', no hugepage hint", out)
        check(not started(out), "the second router started nothing", out)
    finally:
        first.terminate()
        rest = first.communicate(timeout=120)[0]
        check(first.returncode == 0, "first router stopped by SIGTERM: exit %d"
              % first.returncode, "".join(first_out) + rest)
        shutil.rmtree(runtime_dir(prefix), ignore_errors=True)


def no_hugepages():
    """True when no hugepage size has any page reserved."""
    for f in glob.glob("/sys/kernel/mm/hugepages/*/nr_hugepages"):
        with open(f) as h:
            if int(h.read()) != 0:
                return False
    return True


def test_no_args(router, tmp):
    if no_hugepages():
        cmd = [router]
        print("this machine has no hugepages: the router with no arguments")
    else:
        empty = os.path.join(tmp, "no-hugetlbfs")
        os.mkdir(empty)
        cmd = [router, "--huge-dir", empty, "--no-shconf", "--no-pci"]
        print("this machine has hugepages: EAL pointed at an empty --huge-dir "
              "instead, which fails the same way")
    p = run(cmd)
    out = text(p)
    check(p.returncode == 1 and "EAL init failed" in out,
          "EAL without hugepages: exit %d, 'EAL init failed'" % p.returncode, out)
    check("hint:" in out and HINT in out,
          "the failure says what to add (%s)" % HINT, out)


def test_installed(router, build, tmp):
    meson = shutil.which("meson")
    if meson is None:
        check(False, "meson not found: cannot check the installed layout")
        return
    dest = os.path.join(tmp, "dest")
    p = run([meson, "install", "-C", build, "--no-rebuild", "--destdir", dest])
    check(p.returncode == 0, "meson install --destdir: exit %d" % p.returncode, text(p))
    exe = glob.glob(os.path.join(dest, "**", "bin", "socrx-router"), recursive=True)
    cfg = glob.glob(os.path.join(dest, "**", "share", "socrx", "routes.cfg"),
                    recursive=True)
    check(len(exe) == 1 and len(cfg) == 1, "installed: %s and %s" % (exe, cfg))
    if len(exe) != 1 or len(cfg) != 1:
        return
    # The PMD is installed into DPDK's plugin directory, which the
    # installed binary's RUNPATH names outside the destdir.
    pmd = glob.glob(os.path.join(dest, "**", "librte_net_stmmac_uio.so"), recursive=True)
    env = dict(os.environ, LD_LIBRARY_PATH=":".join(os.path.dirname(x) for x in pmd))
    run_dir = os.path.join(tmp, "elsewhere")
    os.mkdir(run_dir)
    p = run([exe[0]] + EAL + ["--vdev", "net_stmmac_uio0", "--vdev",
                              "net_stmmac_uio1,gen_ipv6=1", "--",
                              "--duration", "0.5"], cwd=run_dir, env=env)
    out = text(p)
    want = "ROUTER: %s: 2 IPv4 and 2 IPv6 routes" % os.path.realpath(cfg[0])
    check(p.returncode == 0 and want in out,
          "installed router, run outside the source tree without --routes, loads %s"
          % cfg[0], out)


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 1
    router = os.path.abspath(sys.argv[1])
    build = os.path.abspath(sys.argv[2])
    with tempfile.TemporaryDirectory(prefix="socrx-router-cli-") as tmp:
        routes = os.path.join(tmp, "r.cfg")
        with open(routes, "w") as f:
            f.write(ROUTES)
        test_json_names(router, tmp, routes)
        test_json_unwritable(router, tmp, routes)
        test_help(router)
        test_no_args(router, tmp)
        test_prefix_held(router, tmp, routes)
        test_installed(router, build, tmp)
    return result()


if __name__ == "__main__":
    sys.exit(main())
