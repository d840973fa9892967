#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""socrx-router vs DPDK's examples/l3fwd (LPM mode), side by side in one run.

Both applications forward the same traffic on the same pair of ports: two
net_stmmac_uio model ports whose generators run in the model thread on CPU 0
(model_cpu=0), port 0 sending IPv4 198.18.x.y -> 198.19.0.1 and port 1
(gen_ipv6=1) IPv6 2001:db8:0:1::x -> 2001:db8:0:2::1, 64 B frames
(gen_len=60) or IMIX (gen_len=imix), wb_batch=32. Each application routes
every frame out of the other port: socrx-router with a route file, l3fwd
with --rule_ipv4/--rule_ipv6 files (l3fwd 22.11 has them; its built-in
198.18.x.0/24 table would send port 0's traffic nowhere useful). One
forwarding lcore on CPU 1 in both: l3fwd runs with -l 1 (its main lcore
forwards; it wants one TX queue per lcore and the PMD has one),
socrx-router with -l 0,1 (its main lcore only keeps time, on CPU 0 with
the model). EAL: --no-huge --no-pci -m 512 --no-shconf for both.

Counting, the same for both: the PMD logs every queue counter when a port
is closed (DEBUG level, --log-level=pmd.net.stmmac_uio:debug). The script
timestamps the "port N started" lines, sends SIGINT --seconds after the
last port started, and takes the window up to the first close dump line.
  handled Mpps   = frames the forwarding core took from both RX rings / window
  forwarded Mpps = frames both TX queues accepted / window
  missed Mpps    = frames the model could not deliver (RX ring full) / window
socrx-router's own --json (forwarded / seconds) is shown as a cross-check.

l3fwd is built from Debian's source package of the installed DPDK
(dpdk 22.11.11-0+deb12u1) against the installed libdpdk, with its own
Makefile, in a cache directory outside any source tree; the build is
skipped when the binary is already there.

Usage: router_bench.py [--router build/app/socrx-router]
           [--pmd build/drivers/stmmac_uio/librte_net_stmmac_uio.so]
           [--seconds 3] [--reps 3] [--update-doc docs/perf/router.md]
"""
import argparse
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

DPDK_VERSION = "22.11.11"
DEB_VERSION = "22.11.11-0+deb12u1"
SRC_PARENT = "/tmp/router-dpdksrc"
CACHE = "/var/cache/socrx/l3fwd-" + DPDK_VERSION
EAL = ["--no-huge", "--no-pci", "-m", "512", "--no-shconf",
       "--log-level=pmd.net.stmmac_uio:debug"]
PORT_ARGS = "wb_batch=32,model_cpu=0"
SIZES = [("64B", "gen_len=60"), ("IMIX", "gen_len=imix")]

SOCRX_ROUTES = """\
route 198.19.0.0/16 port 1
route 198.18.0.0/16 port 0
route 2001:db8:0:2::/64 port 0
route 2001:db8::/32 port 1
neighbor port 0 mac 02:00:00:00:00:a0
neighbor port 1 mac 02:00:00:00:00:a1
"""
L3FWD_V4 = "R198.19.0.0/16 1\nR198.18.0.0/16 0\n"
L3FWD_V6 = ("R2001:0db8:0000:0002:0000:0000:0000:0000/64 0\n"
            "R2001:0db8:0000:0000:0000:0000:0000:0000/32 1\n")

STARTED = re.compile(r"port (\d+) started")
DUMP = re.compile(r"stmmac_xstats_log\(\): net_stmmac_uio(\d+): "
                  r"(rx|tx)_q0_(\w+)\s+(\d+)")


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def find_source(src_parent):
    src = os.path.join(src_parent, "dpdk-" + DPDK_VERSION)
    if os.path.isdir(os.path.join(src, "examples", "l3fwd")):
        return src
    os.makedirs(src_parent, exist_ok=True)
    log(f"fetching Debian's source package dpdk={DEB_VERSION} into {src_parent}")
    subprocess.run(["apt-get", "source", f"dpdk={DEB_VERSION}"],
                   cwd=src_parent, check=True)
    return src


def build_l3fwd(src_parent, cache):
    """Idempotent: copy examples/{l3fwd,common} to the cache, make there."""
    ver = subprocess.run(["pkg-config", "--modversion", "libdpdk"],
                         capture_output=True, text=True).stdout.strip()
    if ver != DPDK_VERSION:
        sys.exit(f"installed libdpdk is {ver!r}, expected {DPDK_VERSION}")
    binary = os.path.join(cache, "examples", "l3fwd", "build", "l3fwd")
    if os.access(binary, os.X_OK):
        return binary
    src = find_source(src_parent)
    os.makedirs(os.path.join(cache, "examples"), exist_ok=True)
    for d in ("l3fwd", "common"):
        dst = os.path.join(cache, "examples", d)
        shutil.rmtree(dst, ignore_errors=True)
        shutil.copytree(os.path.join(src, "examples", d), dst)
    log(f"building l3fwd in {cache}/examples/l3fwd")
    subprocess.run(["make", "-C", os.path.join(cache, "examples", "l3fwd"),
                    "PKGCONF=pkg-config"], check=True,
                   stdout=subprocess.DEVNULL)
    return binary


def busy_jiffies():
    with open("/proc/stat") as f:
        v = [int(x) for x in f.readline().split()[1:]]
    return sum(v) - v[3] - v[4]


def children_cpu():
    import resource
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def cpu_busy(interval=1.0):
    """Share of both CPUs busy over `interval` s (nothing of ours running)."""
    def snap():
        with open("/proc/stat") as f:
            v = [int(x) for x in f.readline().split()[1:]]
        return sum(v), v[3] + v[4]
    t0, i0 = snap()
    time.sleep(interval)
    t1, i1 = snap()
    return 1.0 - (i1 - i0) / max(1, t1 - t0)


def wait_idle(limit, timeout):
    """Both applications need the machine to themselves: wait for it."""
    deadline = time.monotonic() + timeout
    while True:
        busy = cpu_busy()
        if busy <= limit:
            return busy
        if time.monotonic() > deadline:
            sys.exit(f"machine busy ({busy:.0%} of the CPUs) for {timeout} s: "
                     "figures would be meaningless (--idle-limit 1 to force)")
        log(f"machine busy ({busy:.0%}), waiting")


def run_once(cmd, seconds, cwd):
    """Run cmd, SIGINT `seconds` after both ports started; parse the dumps."""
    hz = os.sysconf("SC_CLK_TCK")
    j0, c0, w0 = busy_jiffies(), children_cpu(), time.monotonic()
    p = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True, bufsize=1)
    lines = []
    started = {}
    first_dump = [None]
    both = threading.Event()

    def reader():
        for line in p.stdout:
            t = time.monotonic()
            lines.append(line)
            m = STARTED.search(line)
            if m:
                started[int(m.group(1))] = t
                if len(started) == 2:
                    both.set()
            if first_dump[0] is None and "stmmac_xstats_log" in line:
                first_dump[0] = t

    th = threading.Thread(target=reader, daemon=True)
    th.start()
    if not both.wait(30):
        p.kill()
        p.wait()
        th.join(5)
        raise RuntimeError("ports did not start:\n" + "".join(lines[-30:]))
    t0 = max(started.values())
    time.sleep(max(0.0, t0 + seconds - time.monotonic()))
    p.send_signal(signal.SIGINT)
    try:
        rc = p.wait(60)
    except subprocess.TimeoutExpired:
        p.kill()
        rc = p.wait()
    th.join(10)
    # CPU time other processes took while ours ran, as a share of one CPU
    foreign = ((busy_jiffies() - j0) / hz - (children_cpu() - c0)) / \
        (time.monotonic() - w0)
    if rc != 0:
        raise RuntimeError(f"exit {rc}:\n" + "".join(lines[-30:]))
    c = {}
    for line in lines:
        m = DUMP.search(line)
        if m:
            c[(int(m.group(1)), m.group(2), m.group(3))] = int(m.group(4))
    if first_dump[0] is None or not c:
        raise RuntimeError("no counter dump at close:\n" + "".join(lines[-30:]))
    window = first_dump[0] - t0

    def tot(d, n):
        return sum(c.get((port, d, n), 0) for port in (0, 1))

    return {"window": window, "foreign": foreign,
            "handled": tot("rx", "packets") / window / 1e6,
            "forwarded": tot("tx", "packets") / window / 1e6,
            "missed": tot("rx", "missed") / window / 1e6,
            "tx_ring_full": tot("tx", "ring_full"),
            "ip_good": tot("rx", "ip_good"),
            "ip_unknown": tot("rx", "ip_unknown")}


def commands(args, tmp, size_arg):
    ports = [f"net_stmmac_uio0,{size_arg},{PORT_ARGS}",
             f"net_stmmac_uio1,gen_ipv6=1,{size_arg},{PORT_ARGS}"]
    vdevs = [a for v in ports for a in ("--vdev", v)]
    socrx = [args.router] + EAL + ["-l", "0,1"] + vdevs + [
        "--", "-p", "0x3", "--config", "(0,0,1),(1,0,1)",
        "--routes", os.path.join(tmp, "routes.cfg"), "--stats-period", "0",
        "--json", os.path.join(tmp, "socrx.json")]
    l3fwd = [args.l3fwd] + EAL + ["-l", "1", "-d", args.pmd] + vdevs + [
        "--", "-p", "0x3", "--lookup", "lpm",
        "--config", "(0,0,1),(1,0,1)",
        "--rule_ipv4", os.path.join(tmp, "v4.cfg"),
        "--rule_ipv6", os.path.join(tmp, "v6.cfg")]
    return {"socrx-router": socrx, "l3fwd": l3fwd}


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    top = os.path.dirname(os.path.dirname(here))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--router", default=os.path.join(top, "build/app/socrx-router"))
    ap.add_argument("--pmd", default=os.path.join(
        top, "build/drivers/stmmac_uio/librte_net_stmmac_uio.so"))
    ap.add_argument("--dpdk-src-parent", default=SRC_PARENT)
    ap.add_argument("--cache", default=CACHE)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--idle-limit", type=float, default=0.10,
                    help="max CPU busy share before each run (default 0.10)")
    ap.add_argument("--foreign-limit", type=float, default=0.05,
                    help="max CPU share (of one CPU) other processes may take "
                    "during a run before it is repeated (default 0.05)")
    ap.add_argument("--update-doc", metavar="MD",
                    help="replace the table between the results markers of MD")
    args = ap.parse_args()
    args.router = os.path.abspath(args.router)
    args.pmd = os.path.abspath(args.pmd)
    for f in (args.router, args.pmd):
        if not os.path.exists(f):
            sys.exit(f"missing {f}: build socrx first")
    args.l3fwd = build_l3fwd(args.dpdk_src_parent, args.cache)

    tmp = tempfile.mkdtemp(prefix="socrx-rbench-")
    with open(os.path.join(tmp, "routes.cfg"), "w") as f:
        f.write(SOCRX_ROUTES)
    with open(os.path.join(tmp, "v4.cfg"), "w") as f:
        f.write(L3FWD_V4)
    with open(os.path.join(tmp, "v6.cfg"), "w") as f:
        f.write(L3FWD_V6)

    rows = []
    for size, size_arg in SIZES:
        cmds = commands(args, tmp, size_arg)
        res = {name: [] for name in cmds}
        xcheck, busy = [], []
        for rep in range(args.reps):
            # alternate the order so drift hits both applications alike
            order = list(cmds) if rep % 2 == 0 else list(reversed(cmds))
            for name in order:
                for attempt in range(6):
                    wait_idle(args.idle_limit, 600)
                    r = run_once(cmds[name], args.seconds, tmp)
                    if r["foreign"] <= args.foreign_limit:
                        break
                    log(f"{size} rep {rep} {name}: other processes took "
                        f"{r['foreign']:.0%} of a CPU during the run, again")
                else:
                    sys.exit("could not get a run without other load")
                res[name].append(r)
                if name == "socrx-router":
                    with open(os.path.join(tmp, "socrx.json")) as f:
                        j = json.load(f)
                    xcheck.append(j["forwarded"] / j["seconds"] / 1e6)
                    lc = j["lcores"][0]
                    # the router's own accounting: cycles of the loop
                    # iterations that received something
                    busy.append((lc["busy_cycles"] / max(1, lc["run_cycles"]),
                                 lc["received"] / (lc["busy_cycles"] / j["tsc_hz"]) / 1e6,
                                 lc["busy_cycles"] / max(1, lc["received"])))
                log(f"{size} rep {rep} {name}: window {r['window']:.2f} s, "
                    f"foreign {r['foreign']:.1%}, "
                    f"handled {r['handled']:.3f} Mpps, forwarded "
                    f"{r['forwarded']:.3f} Mpps, missed {r['missed']:.3f} Mpps")
        for name in cmds:
            med = {k: statistics.median(x[k] for x in res[name])
                   for k in ("handled", "forwarded", "missed")}
            if name == "socrx-router":
                med["busy"] = statistics.median(b[0] for b in busy)
                med["per_busy_s"] = statistics.median(b[1] for b in busy)
                med["cpp"] = statistics.median(b[2] for b in busy)
            rows.append((size, name, med,
                         statistics.median(xcheck) if name == "socrx-router" else None))

    out = ["| size | app | handled Mpps (1 core) | forwarded Mpps | missed Mpps | socrx --json fwd Mpps | socrx busy, Mpkts per busy s, cycles/pkt |",
           "|---|---|---:|---:|---:|---:|---:|"]
    for size, name, med, xc in rows:
        own = (f"{med['busy']:.1%}, {med['per_busy_s']:.3f}, {med['cpp']:.0f}"
               if "busy" in med else "")
        out.append(f"| {size} | {name} | {med['handled']:.3f} | "
                   f"{med['forwarded']:.3f} | {med['missed']:.3f} | "
                   f"{'' if xc is None else f'{xc:.3f}'} | {own} |")
    for size in [s for s, _ in SIZES]:
        r = {n: m for s, n, m, _ in rows if s == size}
        out.append("")
        out.append(f"{size}: socrx-router / l3fwd handled = "
                   f"{r['socrx-router']['handled'] / r['l3fwd']['handled']:.3f}, "
                   f"forwarded = {r['socrx-router']['forwarded'] / r['l3fwd']['forwarded']:.3f}; "
                   f"socrx-router busy {r['socrx-router']['busy']:.1%} of its "
                   f"loop (below 100 %: the model, not the router, sets the rate, "
                   f"and handled Mpps is no capacity figure for either)")
    table = "\n".join(out)
    print(table)
    print("\ncommands (64B):")
    for name, cmd in commands(args, tmp, SIZES[0][1]).items():
        print(f"  {name}: {' '.join(cmd)}")
    if args.update_doc:
        with open(args.update_doc) as f:
            doc = f.read()
        b, e = "<!-- results:begin -->", "<!-- results:end -->"
        if b not in doc or e not in doc:
            sys.exit(f"{args.update_doc}: no results markers")
        head, rest = doc.split(b, 1)
        tail = rest.split(e, 1)[1]
        stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        with open(args.update_doc, "w") as f:
            f.write(f"{head}{b}\nMeasured {stamp}, --seconds {args.seconds:g}, "
                    f"--reps {args.reps} (medians).\n\n{table}\n{e}{tail}")
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
