#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""socrx-router and DPDK's l3fwd on one and on two forwarding lcores, side
by side in one run; then the priority isolation test's figures.

The ports and traffic of tests/bench/router_bench.py (two net_stmmac_uio
model ports, port 0 generating IPv4 to 198.19.0.1, port 1 IPv6 to
2001:db8:0:2::1, each routed out of the other port; the same route files;
wb_batch=32), every port with two queues (model_channels=2,
model_mtl_queues=2: one TX queue per forwarding lcore) in all four
configurations, so that only the lcores differ:

  1 lcore    socrx-router -l 0,1 --config (0,0,1),(1,0,1)
             l3fwd        -l 1   --config (0,0,1),(1,0,1)
  2 lcores   socrx-router --lcores 0@0,1@1,2@0 --config (0,0,1),(1,0,2)
             l3fwd        --lcores 0@0,1@1   --config (0,0,1),(1,0,0)

port 0's lcore on CPU 1, port 1's (two lcores) on CPU 0, the model
threads on CPU 0 (model_cpu=0). The figure is frames per CPU-second of
the forwarding threads: frames both ports sent (the PMD's queue counters,
logged at close) over the CPU time of the forwarding threads alone
(/proc/PID/task/TID/schedstat, router_bench.py's task_cpu_ns), from both
ports' start to the first counter dump; the model threads (socrx-model)
and the router's main lcore are left out. A polling lcore's empty polls
count too: where the generators (one model thread per port, sharing
CPU 0) cannot feed it, the figure is the rate the lcore sustained per
CPU-second it took, not its capacity; missed frames say when the lcore
was the bottleneck. Rounds alternate the four runs; the ratios are
taken per round (2 lcores / 1 lcore for each application, router /
l3fwd for each lcore count).

Then tests/pmd/test_pmd_isolation (step mode, deterministic): priority
frames received of those sent, best-effort frames received and missed.

Usage: multi_lcore_bench.py [--router build/app/socrx-router]
    [--pmd build/drivers/stmmac_uio/librte_net_stmmac_uio.so]
    [--l3fwd build/tests/app/dpdk-examples/l3fwd/build/l3fwd]
    [--isolation build/tests/pmd/test_pmd_isolation]
    [--seconds 3] [--reps 3]
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ablation import host_line  # noqa: E402
from router_bench import (EAL, L3FWD_V4, L3FWD_V6, SOCRX_ROUTES, STARTED,  # noqa: E402
                          follow, interrupt, task_cpu_ns)

DUMP = re.compile(r"\w*xstats_log\(\): net_stmmac_uio(\d+): "
                  r"(rx|tx)_q(\d+)_(\w+)\s+(\d+)")
PORT_ARGS = "gen_len=60,wb_batch=32,model_cpu=0,model_channels=2,model_mtl_queues=2"
RUNS = ["router 1 lcore", "l3fwd 1 lcore", "router 2 lcores", "l3fwd 2 lcores"]


def thread_names(pid):
    out = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/comm") as f:
                out[tid] = f.read().strip()
        except OSError:
            pass
    return out


def commands(a, tmp):
    vdevs = []
    for port, extra in ((0, ""), (1, ",gen_ipv6=1")):
        vdevs += ["--vdev", f"net_stmmac_uio{port},{PORT_ARGS}{extra}"]
    routes = ["--routes", os.path.join(tmp, "routes.cfg"), "--stats-period", "0"]
    rules = ["--lookup", "lpm", "--rule_ipv4", os.path.join(tmp, "v4.cfg"),
             "--rule_ipv6", os.path.join(tmp, "v6.cfg")]
    return {
        "router 1 lcore": ([a.router] + EAL + ["-l", "0,1"] + vdevs + [
            "--", "-p", "0x3", "--config", "(0,0,1),(1,0,1)"] + routes, 1),
        "router 2 lcores": ([a.router] + EAL + ["--lcores", "0@0,1@1,2@0"] + vdevs + [
            "--", "-p", "0x3", "--config", "(0,0,1),(1,0,2)"] + routes, 2),
        "l3fwd 1 lcore": ([a.l3fwd] + EAL + ["-l", "1", "-d", a.pmd] + vdevs + [
            "--", "-p", "0x3", "--config", "(0,0,1),(1,0,1)"] + rules, 1),
        "l3fwd 2 lcores": ([a.l3fwd] + EAL + ["--lcores", "0@0,1@1", "-d", a.pmd] +
                           vdevs + ["--", "-p", "0x3", "--config",
                                    "(0,0,1),(1,0,0)"] + rules, 2),
    }


def run(cmd, n_fwd, seconds, cwd):
    """Frames sent per CPU-second of the @n_fwd forwarding threads."""
    p = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True, bufsize=1)
    lines, started, snaps = [], {}, {}
    both, dumped = threading.Event(), threading.Event()

    def reader():
        for line in p.stdout:
            lines.append(line)
            m = STARTED.search(line)
            if m and not both.is_set():
                started[int(m.group(1))] = True
                if len(started) == 2:
                    snaps["t0"] = (time.monotonic(), task_cpu_ns(p.pid))
                    both.set()
            if not dumped.is_set() and DUMP.search(line):
                snaps["t1"] = (time.monotonic(), task_cpu_ns(p.pid))
                dumped.set()

    th = follow(p, reader, both, lines)
    time.sleep(seconds)
    snaps["ts"] = (time.monotonic(), task_cpu_ns(p.pid))
    names = thread_names(p.pid)
    interrupt(p, th, lines)
    if "t1" not in snaps:
        raise RuntimeError("no counter dump at close:\n" + "".join(lines[-30:]))
    (w0, c0), (ws, cs), (_, c1) = snaps["t0"], snaps["ts"], snaps["t1"]
    # the forwarding threads: the n_fwd that ran most, model threads aside
    ran = {t: cs[t] - c0.get(t, 0) for t in cs
           if not names.get(t, "").startswith("socrx-model")}
    fwd = sorted(ran, key=ran.get, reverse=True)[:n_fwd]
    cpu_s = sum(c1.get(t, cs[t]) - c0.get(t, 0) for t in fwd) / 1e9
    model_s = sum(cs[t] - c0.get(t, 0) for t in cs
                  if names.get(t, "").startswith("socrx-model")) / 1e9
    c = {}
    for line in lines:
        m = DUMP.search(line)
        if m:
            key = (m.group(2), m.group(4))
            c[key] = c.get(key, 0) + int(m.group(5))
    tx, missed = c.get(("tx", "packets"), 0), c.get(("rx", "missed"), 0)
    if tx == 0 or cpu_s <= 0:
        raise RuntimeError("nothing forwarded:\n" + "".join(lines[-30:]))
    return {"mfps": tx / cpu_s / 1e6, "cpu_s": cpu_s, "wall": ws - w0,
            "fwd_share": sum(ran[t] for t in fwd) / 1e9 / (ws - w0),
            "model_share": model_s / (ws - w0), "tx": tx, "missed": missed,
            "rx": c.get(("rx", "packets"), 0)}


def isolation(binary):
    p = subprocess.run([binary], capture_output=True, text=True, timeout=300)
    m = re.search(r"isolation: priority (\d+)/(\d+) received, best effort (\d+) "
                  r"received \+ (\d+) missed of (\d+)", p.stdout)
    return p.returncode, m.groups() if m else None, p.stdout[-2000:]


def main():
    top = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--router", default=os.path.join(top, "build/app/socrx-router"))
    ap.add_argument("--pmd", default=os.path.join(
        top, "build/drivers/stmmac_uio/librte_net_stmmac_uio.so"))
    ap.add_argument("--l3fwd", default=os.path.join(
        top, "build/tests/app/dpdk-examples/l3fwd/build/l3fwd"))
    ap.add_argument("--isolation", default=os.path.join(
        top, "build/tests/pmd/test_pmd_isolation"))
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--reps", type=int, default=3)
    a = ap.parse_args()
    for f in (a.router, a.pmd, a.l3fwd, a.isolation):
        if not os.access(f, os.R_OK):
            sys.exit(f"{f}: missing (build, and run the l3fwd test once to build l3fwd)")
    a.pmd = os.path.abspath(a.pmd)
    tmp = tempfile.mkdtemp(prefix="socrx-mlbench-")
    for name, text in (("routes.cfg", SOCRX_ROUTES), ("v4.cfg", L3FWD_V4),
                       ("v6.cfg", L3FWD_V6)):
        with open(os.path.join(tmp, name), "w") as f:
            f.write(text)
    cmds = commands(a, tmp)
    rows = {r: [] for r in RUNS}
    for rep in range(a.reps):
        order = RUNS[rep % len(RUNS):] + RUNS[:rep % len(RUNS)]
        for r in order:
            res = run(cmds[r][0], cmds[r][1], a.seconds, tmp)
            rows[r].append(res)
            print(f"round {rep + 1} {r}: {res['mfps']:.3f} M frames/CPU-s "
                  f"(sent {res['tx']}, missed {res['missed']}, forwarding "
                  f"threads {res['fwd_share'] * 100:.0f}% of a CPU, model "
                  f"threads {res['model_share'] * 100:.0f}%)", flush=True)
    print(f"\nhost: {host_line()}; {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    print(f"{a.reps} rounds of {a.seconds:g} s, medians:\n")
    print("| run | M frames / CPU-s (forwarding threads) | forwarding threads, % of a CPU | model threads, % | missed / sent |")
    print("|---|---|---|---|---|")
    for r in RUNS:
        v = rows[r]
        print(f"| {r} | {statistics.median(x['mfps'] for x in v):.3f} | "
              f"{statistics.median(x['fwd_share'] for x in v) * 100:.0f} | "
              f"{statistics.median(x['model_share'] for x in v) * 100:.0f} | "
              f"{statistics.median(x['missed'] / max(1, x['tx']) for x in v):.3f} |")
    print("\nPer-round ratios:")
    for num, den in (("router 2 lcores", "router 1 lcore"),
                     ("l3fwd 2 lcores", "l3fwd 1 lcore"),
                     ("router 1 lcore", "l3fwd 1 lcore"),
                     ("router 2 lcores", "l3fwd 2 lcores")):
        rs = [x["mfps"] / y["mfps"] for x, y in zip(rows[num], rows[den])]
        print(f"  {num} / {den}: " + ", ".join(f"{x:.2f}" for x in rs) +
              f" (median {statistics.median(rs):.2f})")
    rc, g, out = isolation(a.isolation)
    if g is None:
        print(f"\nisolation: exit {rc}, no figures:\n{out}")
    else:
        print(f"\nisolation (exit {rc}): priority frames {g[0]} of {g[1]} received "
              f"(lost {int(g[1]) - int(g[0])}); best effort {g[2]} received + "
              f"{g[3]} missed (counted) = {int(g[2]) + int(g[3])} of {g[4]} sent")
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
