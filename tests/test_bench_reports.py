#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""The benchmark scripts' report writers keep what other runs measured.

tests/bench/ablation.py --only driver rewrites docs/perf/driver.md, whose
TX section belongs to --only tx (the driver alone and across two cores
beside net_memif). A driver run measures the driver-alone TX rows only;
written as they were, its report dropped the cross-core TX table.
keep_tx_section() must put the file's own TX section back, leave the rest
of the new report as it is, and change nothing where the file has no TX
section or does not exist.

tests/bench/compare_rate.py judges its targets per host state too: the
rounds grouped by what the core-to-core probe found around each (one core,
two cores), a round in which the state changed left out of both; and it
reports the producer's CPU time (a thread's of a process, or a process's).

Every bench script given a PMD (ablation.py, compare_rate.py,
router_bench.py, ab_driver.py) refuses a bad one with a one-line message
and exit status 2, before anything else and without a traceback: a PMD of
a build tree that does not exist names that tree (build-bench/ after
`run.sh main` only, the README's ablation command), a mistyped path says
"no such file", a file that is not a DPDK PMD library says so.

Usage: test_bench_reports.py SOURCE_ROOT
"""
import os
import subprocess
import sys
import tempfile


def bad_pmd_refused(src, fails):
    """The scripts' answers to a PMD they cannot use (see the docstring)."""
    bench = os.path.join(src, "tests", "bench")
    scripts = [("ablation.py", "--pmd", []), ("compare_rate.py", "--pmd", []),
               ("router_bench.py", "--pmd", []), ("ab_driver.py", "--a", ["--b"])]
    with tempfile.TemporaryDirectory() as tmp:
        notpmd = os.path.join(tmp, "notes.txt")
        with open(notpmd, "w") as f:
            f.write("not a library\n")
        cases = [("build-bench/drivers/stmmac_uio/librte_net_stmmac_uio.so",
                  ["build-bench/ does not exist", "config/run.sh test"]),
                 (os.path.join(src, "build", "drivers", "stmmac_uio", "librte_net_stmmac_uo.so"),
                  ["no such file"]),
                 ("librte_net_stmac_uio.so", ["no such file"]),
                 (notpmd, ["not a DPDK PMD library"])]
        for script, opt, more in scripts:
            for pmd, words in cases:
                argv = [sys.executable, os.path.join(bench, script), opt, pmd]
                for o in more:
                    argv += [o, pmd]
                try:
                    p = subprocess.run(argv, cwd=tmp, capture_output=True, text=True,
                                       timeout=10)
                except subprocess.TimeoutExpired:
                    fails.append("%s %s %s: not refused within 10 s" % (script, opt, pmd))
                    continue
                out = p.stdout + p.stderr
                if (p.returncode != 2 or "Traceback" in out or
                        not all(w in out for w in words) or len(out.splitlines()) != 1):
                    fails.append("%s %s %s: exit %d, want 2 and one line with %s: %r"
                                 % (script, opt, pmd, p.returncode, words, out[-600:]))


def main():
    sys.path.insert(0, os.path.join(sys.argv[1], "tests", "bench"))
    import ablation  # noqa: E402

    fails_pmd = []
    bad_pmd_refused(sys.argv[1], fails_pmd)

    b, e = ablation.TX_BEGIN, ablation.TX_END
    old = "\n".join(["# report", "", "old RX rows", "", b, "## TX", "",
                     "### Across two cores, beside net_memif", "old cross-core rows",
                     e, "", "## Targets", "old targets", ""])
    new = "\n".join(["# report", "", "new RX rows", "", b, "## TX", "",
                     "new driver-alone TX rows", e, "", "## Targets", "new targets", ""])
    fails = []
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "driver.md")
        if ablation.keep_tx_section(path, new) != new:
            fails.append("no file: the new report changed")
        with open(path, "w") as f:
            f.write(old)
        out = ablation.keep_tx_section(path, new)
        if "old cross-core rows" not in out or "new driver-alone TX rows" in out:
            fails.append("the file's TX section not kept:\n" + out)
        if "new RX rows" not in out or "new targets" not in out or "old RX rows" in out:
            fails.append("the new report's other sections not kept:\n" + out)
        if out.count(b) != 1 or out.count(e) != 1:
            fails.append("TX markers not once each:\n" + out)
        with open(path, "w") as f:
            f.write("# report\n\nold RX rows\n")
        if ablation.keep_tx_section(path, new) != new:
            fails.append("a file without a TX section changed the new report")
    fails += compare_rate_states()
    fails += fails_pmd
    for f in fails:
        print("FAIL:", f)
    if not fails:
        print("ok: the TX section of an existing report survives a driver run; "
              "compare-rate targets per host state; bad PMDs refused in one line")
    return 1 if fails else 0


def compare_rate_states():
    import types
    import compare_rate as cr  # noqa: E402

    ours, theirs = cr.PAIRS[0]
    # Rounds 0-1 on one core (ratios 0.5, 0.9), 2 on two (1.5), 3 moved (0.1).
    cpp = {0: (50, 100), 1: (90, 100), 2: (150, 100), 3: (10, 100)}
    probes = {(0, "64B", 1.0): (130, 140), (1, "64B", 1.0): (120, 150),
              (2, "64B", 1.0): (1000, 1100), (3, "64B", 1.0): (130, 1000)}
    rows = []
    for rep, (x, y) in cpp.items():
        for pmd, c in ((ours, x), (theirs, y)):
            rows.append(dict(size="64B", rate=1.0, pmd=pmd, rep=rep, cpp=c, mpps=1.0,
                             per_poll=0.1, burst=1.0, prod_share=0.25 * (rep + 1),
                             prod_cpf=100.0 * (rep + 1)))
    fails = []
    by = cr.state_targets(rows, probes, "64B", 1.0, ours, theirs, 4)
    if by != {"one core": [0.5, 0.9], "two cores": [1.5], "moved": [0.1]}:
        fails.append("rounds grouped by host state: %r" % by)
    with tempfile.TemporaryDirectory() as tmp:
        a = types.SimpleNamespace(pmd="x.so", rates="1", sizes="64B", reps=4, seconds=1.0, out=tmp)
        md = cr.report(a, rows, probes, [1.0], ["64B"])
    prod = [m for m in md if m.startswith("| 64B | 1 | %s | " % ours)]
    if len(prod) != 1 or not prod[0].endswith("| 62 % | 250 |"):
        fails.append("producer columns (medians of 25-100 %%, 100-400 cycles): %r" % prod)
    line = [m for m in md[md.index("## Targets per host state"):] if m.startswith("| 64B | 1 | " + ours)]
    if len(line) != 1:
        fails.append("no per-state target row for %s:\n%s" % (ours, "\n".join(md)))
    else:
        cells = [c.strip() for c in line[0].strip("|").split("|")][3:]
        if cells != ["0.50 0.90: **0.70** met", "1.50: **1.50** NOT MET"]:
            fails.append("per-state cells: %r" % cells)
    # A PMD below 90 % of the offered rate: not at equal rate in every state.
    for r in rows:
        if r["pmd"] == theirs:
            r["mpps"] = 0.5
    if "not at equal rate" not in cr.state_cell([0.5], cr.rate_short(rows, "64B", 1.0, ours, theirs)):
        fails.append("a pair below the offered rate judged")
    # CPU time: this process's, and its main thread's by name.
    me = os.getpid()
    with open("/proc/self/comm") as f:
        comm = f.read().strip()
    if not isinstance(cr.cpu_ticks("/proc/%d/stat" % me), int):
        fails.append("no CPU ticks for this process")
    if cr.thread_ticks(me, comm) is None or cr.thread_ticks(me, comm + "-none") is not None:
        fails.append("thread CPU ticks by name (%s)" % comm)
    return fails


if __name__ == "__main__":
    sys.exit(main())
