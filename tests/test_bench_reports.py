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

Usage: test_bench_reports.py SOURCE_ROOT
"""
import os
import sys
import tempfile


def main():
    sys.path.insert(0, os.path.join(sys.argv[1], "tests", "bench"))
    import ablation  # noqa: E402

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
    for f in fails:
        print("FAIL:", f)
    if not fails:
        print("ok: the TX section of an existing report survives a driver run")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
