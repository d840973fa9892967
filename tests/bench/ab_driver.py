#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""A/B of two builds of a PMD, the driver alone (step mode, one core).

For every configuration (memory state x frame size x RX step of
ablation.py), the two PMDs run tests/bench/bench_step one after the
other, the order swapped every round; each round gives the ratio B / A of
the two medians measured seconds apart, and the report is the median of
those ratios (below 1: B spends fewer cycles per packet).

With --bursts, each configuration again per burst size (frames asked
per rte_eth_rx_burst(): a poll at a low offered rate finds few).

With --tx, the TX rows instead (bench_step --tx): rte_eth_tx_burst() of
frames of each size (IMIX: its mean, 590 B) in the final configuration,
for the memory states of ablation.py's DRIVER_TX_MEMORY (coherent,
non-coherent with the model's DMA coherent).

Usage (root: hugepages):
  ab_driver.py --a OLD.so --b NEW.so [--family stmmac|mvneta] [--rounds 5]
               [--steps copybreak,hw-csum] [--sizes 64B,1500B]
               [--memory 'coherent, in cache;coherent, in DRAM;...']
               [--step-rounds 150] [--bench build/tests/bench/bench_step]
               [--bursts 1,2,3,4,32]
  ab_driver.py --tx --a OLD.so --b NEW.so [--family ...] [--sizes 64B,IMIX,1500B]
               [--memory 'coherent;noncoherent']
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ablation import (DRIVER_MEMORY, DRIVER_TX_MEMORY, SIZES, STEPS, TX_FRAME_LEN,  # noqa: E402
                      default_bench, host_line, median, refuse_inputs, release_hugepages,
                      run_driver, setup_hugepages)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "pmd"))
from testpmd_driver import safe_plugin  # noqa: E402


def pick(table, want, what, ap):
    if not want:
        return table
    names = want.split(";" if what == "memory" else ",")
    bad = [x for x in names if x not in dict(table)]
    if bad:
        ap.error("unknown %s: %s" % (what, ", ".join(bad)))
    return [t for t in table if t[0] in names]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--a", required=True, help="the baseline PMD (.so)")
    ap.add_argument("--b", required=True, help="the PMD compared with it")
    ap.add_argument("--family", choices=("stmmac", "mvneta"), default="stmmac")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--steps", default="copybreak,hw-csum")
    ap.add_argument("--sizes", default=None, help="default 64B,1500B (--tx: 64B,IMIX,1500B)")
    ap.add_argument("--memory", default=None, help="memory states, ';'-separated (default: all three)")
    ap.add_argument("--step-rounds", type=int, default=150)
    ap.add_argument("--bench", default=None)
    ap.add_argument("--bursts", default="32",
                    help="comma-separated frames asked per RX burst (default 32)")
    ap.add_argument("--tx", action="store_true",
                    help="TX rows (bench_step --tx), final configuration")
    a = ap.parse_args()
    refuse_inputs("ab_driver.py", [(a.a, "--a", "PMD"), (a.b, "--b", "PMD")])
    if os.geteuid() != 0:
        print("ab_driver.py needs root (hugepages)")
        return 77
    bench = a.bench or default_bench(os.path.abspath(a.b), "bench_step")
    refuse_inputs("ab_driver.py", [(bench, "--bench", "driver-alone bench (bench_step)")])
    try:
        bursts = [int(x) for x in a.bursts.split(",")]
    except ValueError:
        ap.error("--bursts: comma-separated numbers")
    if any(b < 1 or b > 32 for b in bursts) or (a.tx and bursts != [32]):
        ap.error("--bursts: 1..32, RX only")
    if a.tx:
        steps = [("tx", STEPS[-1][1])]
        sizes = pick(SIZES, a.sizes or "64B,IMIX,1500B", "size", ap)
        mems = pick([m for m in DRIVER_TX_MEMORY if m[1]], a.memory, "memory", ap)
    else:
        steps = pick(STEPS, a.steps, "step", ap)
        sizes = pick(SIZES, a.sizes or "64B,1500B", "size", ap)
        mems = pick(DRIVER_MEMORY, a.memory, "memory", ap)
    tmpdirs = []
    plugins = []
    for so in (a.a, a.b):
        path, d = safe_plugin(so)
        plugins.append(path)
        if d:
            tmpdirs.append(d)
    before = setup_hugepages(1024)
    ratios = {}
    figs = {}
    try:
        for rnd in range(a.rounds):
            for mem, memargs in mems:
                for size, sizeargs in sizes:
                    for step, stepargs, burst in [(s, g, b) for s, g in steps for b in bursts]:
                        if a.tx:
                            vdev = "net_%s_uio0,model_step=1,flow_ctrl=1,%s,%s" % (
                                a.family, memargs, stepargs)
                        else:
                            vdev = "net_%s_uio0,model_step=1,flow_ctrl=1,%s,%s,%s" % (
                                a.family, memargs, sizeargs, stepargs)
                        txlen = TX_FRAME_LEN[size] if a.tx else None
                        key = (mem, size, step, burst)
                        order = (0, 1) if (rnd + len(figs)) % 2 == 0 else (1, 0)
                        got = {}
                        for w in order:
                            got[w] = run_driver(bench, plugins[w], a.family, vdev, a.step_rounds,
                                                tx_size=txlen, burst=burst)[0]
                        figs.setdefault(key, ([], []))
                        for w in (0, 1):
                            if got[w]:
                                figs[key][w].append(got[w])
                        if got[0] and got[1]:
                            ratios.setdefault(key, []).append(got[1] / got[0])
                        print("round %d %-20s %-5s %-10s burst %2d A %s B %s load %.2f" % (
                            rnd, mem, size, step, burst, got[0], got[1], os.getloadavg()[0]),
                            flush=True)
    finally:
        release_hugepages(before)
        for d in tmpdirs:
            import shutil
            shutil.rmtree(d, ignore_errors=True)
    print()
    print("Host: %s" % host_line())
    print("A = %s, B = %s, %s, %d rounds, %d ring fills a run" % (a.a, a.b, a.family, a.rounds,
                                                                   a.step_rounds))
    print()
    print("| memory | size | step | burst | A cycles/pkt (median) | B cycles/pkt (median) | B / A, median of rounds | per round |")
    print("|---|---|---|---|---|---|---|---|")
    for key, rs in ratios.items():
        fa, fb = figs[key]
        print("| %s | %s | %s | %d | %.1f | %.1f | %.3f | %s |" % (
            key[0], key[1], key[2], key[3], median(fa), median(fb), median(rs),
            " ".join("%.2f" % r for r in rs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
