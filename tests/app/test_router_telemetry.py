#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""DPDK telemetry reads a running socrx-router's ports, as the PMDs' docs
and docs/router.md say: the router on a net_stmmac_uio and a
net_mvneta_uio model port under a file prefix of its own (no hugepages,
--no-shconf: telemetry needs neither), then the documented command
`echo /ethdev/xstats,N | dpdk-telemetry.py -f PREFIX` for each port: the
port's statistics and the model's counters (model_*) answered, frames
received, no model violation or non-coherent clobber. /ethdev/list names
both ports. Skipped (77) without dpdk-telemetry.py (Debian's dpdk package).

Usage: test_router_telemetry.py ROUTER ROUTES
Exit: 0 pass, 1 fail, 77 skipped.
"""
import json
import os
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testlib import check, interrupt, result  # noqa: E402

TOOL = "dpdk-telemetry.py"
MAX_TRIES = 600


def runtime_dir(prefix):
    base = "/var/run/dpdk" if os.geteuid() == 0 else \
        os.path.join(os.environ.get("XDG_RUNTIME_DIR", "/tmp"), "dpdk")
    return os.path.join(base, prefix)


def query(prefix, cmd):
    """The documented command; its JSON answer, or None."""
    p = subprocess.run([TOOL, "-f", prefix], input=cmd + "\n",
                       capture_output=True, text=True, timeout=30)
    for line in p.stdout.splitlines():
        line = line.strip()
        if line.startswith("{"):
            try:
                return json.loads(line)
            except ValueError:
                return None
    return None


def main():
    router, routes = sys.argv[1], sys.argv[2]
    if shutil.which(TOOL) is None:
        print("SKIP: %s not installed (Debian package dpdk)" % TOOL)
        return 77
    prefix = "socrx-telemetry-%d" % os.getpid()
    argv = [router, "--no-huge", "--no-pci", "-m", "256", "--no-shconf",
            "--file-prefix", prefix, "-l", "0,1",
            "--vdev", "net_stmmac_uio0,gen_rate=20000,gen_flows=4",
            "--vdev", "net_mvneta_uio1,gen_ipv6=1,gen_rate=20000,gen_flows=4",
            "--", "--routes", routes, "--duration", "300", "--stats-period", "0"]
    p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         text=True)
    answers = {}
    try:
        # Until both ports answered with frames received (the router
        # starting, then traffic flowing): no time is judged.
        for _ in range(MAX_TRIES):
            if p.poll() is not None:
                break
            lst = query(prefix, "/ethdev/list")
            if lst is not None and lst.get("/ethdev/list") == [0, 1]:
                for port in (0, 1):
                    a = query(prefix, "/ethdev/xstats,%d" % port)
                    if a and a.get("/ethdev/xstats") and \
                            a["/ethdev/xstats"].get("rx_good_packets", 0) > 0:
                        answers[port] = a["/ethdev/xstats"]
                if len(answers) == 2:
                    break
            time.sleep(0.1)
    finally:
        rc = interrupt(p)
        out = p.stdout.read()
        shutil.rmtree(runtime_dir(prefix), ignore_errors=True)
    check(rc == 0, "the router ran and stopped on SIGINT (exit %d)" % rc, out[-2000:])
    check(len(answers) == 2, "telemetry answered /ethdev/list and both ports' "
          "xstats with frames received (%d of 2)" % len(answers), out[-2000:])
    for port, xs in sorted(answers.items()):
        print("port %d: rx_good_packets %d, %d xstats" % (port, xs["rx_good_packets"], len(xs)))
        for name in ("model_violations", "model_nc_clobbers", "model_rx_busy",
                     "model_tx_sink_errors"):
            check(name in xs, "port %d: the model's %s answered" % (port, name))
        check(xs.get("model_violations", 1) == 0 and xs.get("model_nc_clobbers", 1) == 0,
              "port %d: no model violation, no clobber" % port)
    return result()


if __name__ == "__main__":
    sys.exit(main())
