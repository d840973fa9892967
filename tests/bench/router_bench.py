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

--inline: per-core capacity at equal accounting. The ports run with
model_step=inline (no model thread: each rte_eth_rx_burst() on a port
steps that port's model, generator and TX engine, by the burst size), so
the one forwarding core also runs the device and never waits for it.
Three applications on the same ports and frames, one forwarding thread
each on CPU 1: socrx-router, l3fwd and, as the floor, dpdk-testpmd
--forward-mode=io (RX burst, TX burst to the other port, nothing else).
Each run's figure is frames per CPU-second of the forwarding thread:
frames from the PMD's close dump over the thread's own run time
(/proc/PID/task/TID/schedstat) from the ports' start to the dump, so
other processes taking the CPU do not enter it. Per round (the three
alternating order) the ratios router/l3fwd of the totals, and of each
application's own cost per frame: its ns per frame minus the floor's.

Usage: router_bench.py [--router build/app/socrx-router]
           [--pmd build/drivers/stmmac_uio/librte_net_stmmac_uio.so]
           [--seconds 3] [--reps 3] [--update-doc docs/perf/router.md]
           [--inline [--testpmd dpdk-testpmd] [--profile [--build build]]]

--profile (with --inline): perf record -e cpu-clock on each run's
forwarding thread; its ns/frame split into the model, driver + DPDK,
libc copies, kernel and the application's own code (its binary and
librte_lpm), by sample share.
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

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ablation import host_line, refuse_inputs  # noqa: E402

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
DUMP = re.compile(r"\w*xstats_log\(\): net_stmmac_uio(\d+): "
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


def follow(p, reader, started, lines):
    """Runs @reader over @p's output in a thread; waits until it sets
    @started (both ports up), or kills @p and raises with the output's
    tail. Returns the thread."""
    th = threading.Thread(target=reader, daemon=True)
    th.start()
    if not started.wait(30):
        p.kill()
        p.wait()
        th.join(5)
        raise RuntimeError("ports did not start:\n" + "".join(lines[-30:]))
    return th


def interrupt(p, th, lines):
    """SIGINT @p (the application prints its counters and exits), wait
    for it (killed after 60 s) and for its output thread @th; raises
    with the output's tail unless it exited 0."""
    p.send_signal(signal.SIGINT)
    try:
        rc = p.wait(60)
    except subprocess.TimeoutExpired:
        p.kill()
        rc = p.wait()
    th.join(10)
    if rc != 0:
        raise RuntimeError(f"exit {rc}:\n" + "".join(lines[-30:]))


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
            if first_dump[0] is None and DUMP.search(line):
                first_dump[0] = t

    th = follow(p, reader, both, lines)
    t0 = max(started.values())
    time.sleep(max(0.0, t0 + seconds - time.monotonic()))
    interrupt(p, th, lines)
    # CPU time other processes took while ours ran, as a share of one CPU
    foreign = ((busy_jiffies() - j0) / hz - (children_cpu() - c0)) / \
        (time.monotonic() - w0)
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


def task_cpu_ns(pid):
    """CPU time of each thread of `pid` so far, ns (schedstat's first field)."""
    out = {}
    base = f"/proc/{pid}/task"
    try:
        tids = os.listdir(base)
    except OSError:
        return out
    for tid in tids:
        try:
            with open(f"{base}/{tid}/schedstat") as f:
                out[tid] = int(f.read().split()[0])
        except (OSError, ValueError, IndexError):
            pass
    return out


def model_symbols(build):
    """Functions of the device model (its static libraries in `build`)."""
    libs = [os.path.join(build, "drivers/stmmac_uio/model/libsocrx_dwmac4_model.a"),
            os.path.join(build, "drivers/common/socnic/model/libsocrx_socnic_model.a")]
    out = subprocess.run(["nm", "--defined-only"] + libs, capture_output=True,
                         text=True, check=True).stdout
    syms = {f[2] for f in (line.split() for line in out.splitlines())
            if len(f) == 3 and f[1] in "tT"}
    # the backend's callback and its step: model cost too
    return syms | {"socnic_model_inline_step", "dev_step"}


PROFILE_PARTS = ("model", "driver+DPDK", "libc copies", "kernel", "app")


def profile_split(data, tid, app_dso, model_syms):
    """Shares of the forwarding thread's cpu-clock samples, by part."""
    out = subprocess.run(["perf", "report", "-q", "-i", data, "--tid", str(tid),
                          "--no-children", "--sort", "dso,sym",
                          "-F", "overhead,dso,sym"],
                         capture_output=True, text=True).stdout
    part = dict.fromkeys(PROFILE_PARTS, 0.0)
    for line in out.splitlines():
        m = re.match(r"\s*([\d.]+)%\s+(\S+)\s+\[(.)\]\s+(\S+)", line)
        if not m:
            continue
        pct, dso, kind, sym = float(m.group(1)), m.group(2), m.group(3), m.group(4)
        if kind == "k":
            part["kernel"] += pct
        elif sym.split(".")[0] in model_syms:
            part["model"] += pct
        elif dso.startswith("libc"):
            part["libc copies" if re.search("mem(move|cpy|set)", sym)
                 else "driver+DPDK"] += pct
        elif dso == app_dso or dso.startswith("librte_lpm"):
            part["app"] += pct
        else:
            part["driver+DPDK"] += pct
    tot = sum(part.values()) or 1.0
    return {k: v / tot for k, v in part.items()}


def run_inline(cmd, seconds, cwd, profile=None):
    """Inline mode: frames of both ports over the forwarding thread's CPU time.

    The ports move only when polled, so frames flow from the first poll
    (after both ports started) to the loop's end; the forwarding thread is
    the one that ran most between the start and the first close dump.
    """
    p = subprocess.Popen(cmd, cwd=cwd, stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         text=True, bufsize=1)
    lines, started = [], {}
    snaps = {}
    both, dumped = threading.Event(), threading.Event()

    def reader():
        for line in p.stdout:
            lines.append(line)
            m = STARTED.search(line)
            if m and not both.is_set():
                started[int(m.group(1))] = True
                if len(started) == 2:
                    snaps["t0"] = (time.monotonic(), task_cpu_ns(p.pid))
                    if profile is not None:
                        snaps["perf"] = subprocess.Popen(
                            ["perf", "record", "-q", "-e", "cpu-clock",
                             "-o", profile["data"], "-p", str(p.pid)],
                            stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
                    both.set()
            if not dumped.is_set() and DUMP.search(line):
                snaps["t1"] = (time.monotonic(), task_cpu_ns(p.pid))
                dumped.set()

    th = follow(p, reader, both, lines)
    time.sleep(seconds)
    snaps["ts"] = (time.monotonic(), task_cpu_ns(p.pid))
    if "perf" in snaps:
        snaps["perf"].send_signal(signal.SIGINT)
        snaps["perf"].wait(60)
    interrupt(p, th, lines)
    if "t1" not in snaps:
        raise RuntimeError("no counter dump at close:\n" + "".join(lines[-30:]))
    (w0, c0), (ws, cs), (w1, c1) = snaps["t0"], snaps["ts"], snaps["t1"]
    # the forwarding thread: the one that ran most until the SIGINT; its
    # run time up to the first dump (the loop ends a few ms after SIGINT)
    fwd = max(cs, key=lambda t: cs[t] - c0.get(t, cs[t]))
    cpu_ns = c1.get(fwd, cs[fwd]) - c0.get(fwd, 0)
    c = {}
    for line in lines:
        m = DUMP.search(line)
        if m:
            c[(int(m.group(1)), m.group(2), m.group(3))] = int(m.group(4))

    def tot(d, n):
        return sum(c.get((port, d, n), 0) for port in (0, 1))

    rx, tx = tot("rx", "packets"), tot("tx", "packets")
    if tx == 0 or cpu_ns <= 0:
        raise RuntimeError("nothing forwarded:\n" + "".join(lines[-30:]))
    split = None
    if profile is not None:
        split = profile_split(profile["data"], fwd, profile["dso"],
                              profile["syms"])
    return {"split": split,"window": ws - w0, "cpu_s": cpu_ns / 1e9,
            "share": (cs[fwd] - c0.get(fwd, 0)) / 1e9 / (ws - w0),
            "handled": rx / (cpu_ns / 1e9) / 1e6,
            "forwarded": tx / (cpu_ns / 1e9) / 1e6,
            # while it ran: the rate per CPU-second times its share of
            # the wall up to the SIGINT (frames still flow after it)
            "wall_fwd": tx / (cpu_ns / 1e9) / 1e6 *
            (cs[fwd] - c0.get(fwd, 0)) / 1e9 / (ws - w0),
            "ns_per_frame": cpu_ns / tx,
            "missed": tot("rx", "missed"), "tx_ring_full": tot("tx", "ring_full")}


def commands(args, tmp, size_arg, eal=EAL, port_args=PORT_ARGS):
    ports = [f"net_stmmac_uio0,{size_arg},{port_args}",
             f"net_stmmac_uio1,gen_ipv6=1,{size_arg},{port_args}"]
    vdevs = [a for v in ports for a in ("--vdev", v)]
    socrx = [args.router] + eal + ["-l", "0,1"] + vdevs + [
        "--", "-p", "0x3", "--config", "(0,0,1),(1,0,1)",
        "--routes", os.path.join(tmp, "routes.cfg"), "--stats-period", "0",
        "--json", os.path.join(tmp, "socrx.json")]
    l3fwd = [args.l3fwd] + eal + ["-l", "1", "-d", args.pmd] + vdevs + [
        "--", "-p", "0x3", "--lookup", "lpm",
        "--config", "(0,0,1),(1,0,1)",
        "--rule_ipv4", os.path.join(tmp, "v4.cfg"),
        "--rule_ipv6", os.path.join(tmp, "v6.cfg")]
    return {"socrx-router": socrx, "l3fwd": l3fwd, "vdevs": vdevs}


INLINE_PORT_ARGS = "wb_batch=32,model_step=inline"
INLINE_EAL = ["--no-huge", "--no-pci", "-m", "512", "--no-shconf",
              "--file-prefix", "socrx-rbench",
              "--log-level=pmd.net.stmmac_uio:debug"]
# The three applications' pools: l3fwd's NB_MBUF for two ports and one
# lcore is 8192, socrx-router's pool_size() too; testpmd is told so.
INLINE_APPS = ["socrx-router", "l3fwd", "testpmd-io"]


def inline_commands(args, tmp, size_arg):
    """One forwarding thread on CPU 1 each; the ports step inline."""
    cmds = commands(args, tmp, size_arg, INLINE_EAL, INLINE_PORT_ARGS)
    vdevs = cmds.pop("vdevs")
    testpmd = [args.testpmd] + INLINE_EAL + ["-l", "0,1", "-d", args.pmd] + \
        vdevs + ["--", "--forward-mode=io", "--auto-start", "--no-flush-rx",
                 "--total-num-mbufs=8192", "--rxd=1024", "--txd=1024",
                 "--burst=32", "--stats-period=1"]
    cmds["testpmd-io"] = testpmd
    if args.router_b:
        cmds["socrx-router-b"] = [args.router_b] + cmds["socrx-router"][1:]
    return cmds


def load_line():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def inline_main(args, tmp):
    """--inline: the three applications flat out on one core each."""
    if args.pmd.startswith("/tmp") or os.stat(os.path.dirname(args.pmd)).st_mode & 0o002:
        log(f"note: {args.pmd} must not be under a world-writable directory "
            "for -d (copy it to e.g. /opt/socrx-bench/)")
    rows, lines, prows = [], [], []
    tsc_hz = None
    syms = model_symbols(args.build) if args.profile else None
    apps = INLINE_APPS + (["socrx-router-b"] if args.router_b else [])
    for size, size_arg in SIZES:
        cmds = inline_commands(args, tmp, size_arg)
        res = {n: [] for n in cmds}
        own_busy = []
        loads = []
        for rep in range(args.reps):
            order = apps[rep % len(apps):] + apps[:rep % len(apps)]
            if rep % 2:
                order.reverse()
            for name in order:
                prof = None
                if args.profile:
                    # perf names the file, not the link: l3fwd's build
                    # has build/l3fwd -> l3fwd-shared
                    exe = shutil.which(cmds[name][0]) or cmds[name][0]
                    prof = {"data": os.path.join(tmp, "perf.data"),
                            "dso": os.path.basename(os.path.realpath(exe)),
                            "syms": syms}
                r = run_inline(cmds[name], args.seconds, tmp, prof)
                res[name].append(r)
                if name == "socrx-router":
                    with open(os.path.join(tmp, "socrx.json")) as f:
                        j = json.load(f)
                    tsc_hz = j["tsc_hz"]
                    lc = j["lcores"][0]
                    # TSC cycles of its busy iterations, the time other
                    # processes held the CPU included: times the thread's
                    # share of the wall, its CPU cycles per frame
                    own_busy.append((lc["busy_cycles"] / max(1, lc["run_cycles"]),
                                     lc["busy_cycles"] / max(1, lc["received"]),
                                     lc["busy_cycles"] / max(1, lc["received"]) *
                                     r["share"]))
                log(f"{size} rep {rep} {name}: window {r['window']:.2f} s, "
                    f"thread share {r['share']:.0%}, {r['handled']:.3f} M "
                    f"handled / CPU-s, {r['forwarded']:.3f} M fwd / CPU-s, "
                    f"{r['ns_per_frame']:.1f} ns/frame, missed {r['missed']}, "
                    f"tx_ring_full {r['tx_ring_full']}")
            loads.append(load_line())
        ghz = (tsc_hz or 0) / 1e9
        med = {n: {k: statistics.median(x[k] for x in res[n])
                   for k in ("handled", "forwarded", "wall_fwd",
                             "ns_per_frame", "share")} for n in cmds}
        # per-round ratios
        tot_ratio = [a["forwarded"] / b["forwarded"] for a, b in
                     zip(res["socrx-router"], res["l3fwd"])]
        own_r = [a["ns_per_frame"] - f["ns_per_frame"] for a, f in
                 zip(res["socrx-router"], res["testpmd-io"])]
        own_l = [b["ns_per_frame"] - f["ns_per_frame"] for b, f in
                 zip(res["l3fwd"], res["testpmd-io"])]
        own_ratio = [l / r for r, l in zip(own_r, own_l) if r > 0]
        best = {n: min(x["ns_per_frame"] for x in res[n]) for n in cmds}
        if args.profile:
            for n in apps:
                # each run's ns/frame split by its own profile; medians
                per = {k: statistics.median(x["split"][k] * x["ns_per_frame"]
                                            for x in res[n])
                       for k in PROFILE_PARTS}
                prows.append(f"| {size} | {n} | " + " | ".join(
                    f"{per[k]:.1f}" for k in PROFILE_PARTS) + " |")
        own_b = [a["ns_per_frame"] - f["ns_per_frame"] for a, f in
                 zip(res.get("socrx-router-b", []), res["testpmd-io"])]
        rows.append((size, med, statistics.median(own_r),
                     statistics.median(own_l), ghz, best,
                     statistics.median(own_b) if own_b else None))
        lines.append(
            f"{size}: socrx-router / l3fwd frames per CPU-s, per round: "
            + ", ".join(f"{x:.3f}" for x in tot_ratio)
            + f" (median {statistics.median(tot_ratio):.3f}); own cost "
            f"(minus testpmd io) l3fwd / socrx-router per round: "
            + ", ".join(f"{x:.2f}" for x in own_ratio)
            + (f" (median {statistics.median(own_ratio):.2f})" if own_ratio else "")
            + f"; best rounds (least disturbed) l3fwd / socrx-router ns: "
            f"{min(x['ns_per_frame'] for x in res['l3fwd']) / min(x['ns_per_frame'] for x in res['socrx-router']):.3f}"
            + f"; socrx-router's own busy accounting: "
            f"{statistics.median(b[0] for b in own_busy):.1%} busy, "
            f"{statistics.median(b[1] for b in own_busy):.0f} TSC cycles/frame, "
            f"times the thread's share {statistics.median(b[2] for b in own_busy):.0f}; "
            f"load during the rounds {loads[0]} .. {loads[-1]}")
        if args.router_b:
            # the same build question, A/B: --router over --router-b
            ab = [a["forwarded"] / b["forwarded"] for a, b in
                  zip(res["socrx-router"], res["socrx-router-b"])]
            lines.append(
                f"{size}: socrx-router / socrx-router-b frames per CPU-s, "
                "per round: " + ", ".join(f"{x:.3f}" for x in ab)
                + f" (median {statistics.median(ab):.3f})")
            if args.profile:
                own = {n: [x["split"]["app"] * x["ns_per_frame"] for x in res[n]]
                       for n in ("socrx-router", "socrx-router-b")}
                lines.append(
                    f"{size}: own code (app part of the profile) ns/frame per "
                    "round, socrx-router: " + ", ".join(
                        f"{x:.1f}" for x in own["socrx-router"])
                    + "; socrx-router-b: " + ", ".join(
                        f"{x:.1f}" for x in own["socrx-router-b"]))
    out = ["| size | app | M fwd per CPU-s (1 core) | ns/frame (cycles) | best round ns/frame | own ns/frame: minus floor, per-round median | own, best rounds | thread share of wall | wall fwd Mpps |",
           "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    for size, med, own_r, own_l, ghz, best, own_b in rows:
        for n in apps:
            m = med[n]
            own = {"socrx-router": own_r, "l3fwd": own_l,
                   "socrx-router-b": own_b}.get(n)
            owns = "floor" if own is None else f"{own:.1f} ({own * ghz:.0f})"
            ownb = ("floor" if own is None else
                    f"{best[n] - best['testpmd-io']:.1f}")
            out.append(f"| {size} | {n} | {m['forwarded']:.3f} | "
                       f"{m['ns_per_frame']:.1f} ({m['ns_per_frame'] * ghz:.0f}) | "
                       f"{best[n]:.1f} | {owns} | {ownb} | "
                       f"{m['share']:.0%} | {m['wall_fwd']:.3f} |")
        out.append(f"| {size} | socrx-router / l3fwd, frames per CPU-s | "
                   f"{med['socrx-router']['forwarded'] / med['l3fwd']['forwarded']:.3f} | | "
                   f"{best['l3fwd'] / best['socrx-router']:.3f} | | | | |")
    if prows:
        out += ["", "Each run's ns per forwarded frame split by its own "
                "cpu-clock profile of the forwarding thread (medians):", "",
                "| size | app | " + " | ".join(PROFILE_PARTS) + " |",
                "|---|---|" + "---:|" * len(PROFILE_PARTS)] + prows
    table = "\n".join(out + [""] + lines)
    head = (f"Host: {host_line()}, TSC {ghz:.2f} GHz. "
            f"--seconds {args.seconds:g}, --reps {args.reps} (medians).")
    print(head)
    print(table)
    print("\ncommands (64B):")
    for name, cmd in inline_commands(args, tmp, SIZES[0][1]).items():
        print(f"  {name}: {' '.join(cmd)}")
    return head + "\n\n" + table


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
    ap.add_argument("--inline", action="store_true",
                    help="per-core capacity: ports with model_step=inline, "
                    "socrx-router, l3fwd and testpmd io (floor) flat out on "
                    "one core each (markers inline-results)")
    ap.add_argument("--testpmd", default="dpdk-testpmd")
    ap.add_argument("--router-b", metavar="ROUTER",
                    help="--inline: a second socrx-router build (e.g. the "
                    "main branch's), run as socrx-router-b in every round; "
                    "per-round ratios --router / --router-b")
    ap.add_argument("--profile", action="store_true",
                    help="--inline: profile each run's forwarding thread "
                    "(perf record -e cpu-clock) and split its ns/frame into "
                    "model, driver+DPDK, libc copies, kernel, app")
    ap.add_argument("--build", default=os.path.join(top, "build"),
                    help="build directory holding the model's static "
                    "libraries (--profile)")
    args = ap.parse_args()
    args.router = os.path.abspath(args.router)
    if args.router_b:
        args.router_b = os.path.abspath(args.router_b)
    refuse_inputs("router_bench.py", [(args.pmd, "--pmd", "PMD"),
                                      (args.router, "--router", "socrx-router")])
    args.pmd = os.path.abspath(args.pmd)
    args.l3fwd = build_l3fwd(args.dpdk_src_parent, args.cache)

    tmp = tempfile.mkdtemp(prefix="socrx-rbench-")
    with open(os.path.join(tmp, "routes.cfg"), "w") as f:
        f.write(SOCRX_ROUTES)
    with open(os.path.join(tmp, "v4.cfg"), "w") as f:
        f.write(L3FWD_V4)
    with open(os.path.join(tmp, "v6.cfg"), "w") as f:
        f.write(L3FWD_V6)

    if args.inline:
        text = inline_main(args, tmp)
        if args.update_doc:
            update_doc(args.update_doc, "inline-results", text)
        shutil.rmtree(tmp, ignore_errors=True)
        return

    rows = []
    for size, size_arg in SIZES:
        cmds = commands(args, tmp, size_arg)
        del cmds["vdevs"]
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
        if name != "vdevs":
            print(f"  {name}: {' '.join(cmd)}")
    if args.update_doc:
        update_doc(args.update_doc, "results",
                   f"--seconds {args.seconds:g}, --reps {args.reps} "
                   f"(medians).\n\n{table}")
    shutil.rmtree(tmp, ignore_errors=True)


def update_doc(path, marker, text):
    """Replaces what stands between <!-- MARKER:begin/end --> in `path`."""
    with open(path) as f:
        doc = f.read()
    b, e = f"<!-- {marker}:begin -->", f"<!-- {marker}:end -->"
    if b not in doc or e not in doc:
        sys.exit(f"{path}: no {marker} markers")
    head, rest = doc.split(b, 1)
    tail = rest.split(e, 1)[1]
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    with open(path, "w") as f:
        f.write(f"{head}{b}\nMeasured {stamp}, {text}\n{e}{tail}")


if __name__ == "__main__":
    main()
