#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""socrx-router prints the link changes of its ports in the live statistics.

Port 0 is a net_stmmac_uio model whose core has no in-band link status
(model_pcs=0: no link interrupt, the PMD learns of a change only by
polling its PHY). Its generator sends 9000 frames at 1000 frames/s and
the model changes the link at frames 1500 (the partner renegotiates to
100 full), 3000 (10 half), 4500 (1000 full), 6000 (cable out) and 7500
(cable in): 1.5 s apart, more than the PMD's poll period (1 s).

Checked: the router configured intr_conf.lsc (the port advertises link
events) and printed, in this order, one line per change, each learnt from
the PMD's LSC event: up 100 Mbps full, up 10 Mbps half, up 1 Gbps full,
down, up 1 Gbps full. Without the PMD's poll the port offers no link
events and the router reads the link itself ("read by the router").

Usage: test_router_link.py ROUTER
Exit: 0 pass, 1 fail.
"""
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testlib import check, result, write_empty_pcap  # noqa: E402
import test_router_exit as ex  # noqa: E402

EVENTS = "1500:100/3000:10half/4500:1000/6000:down/7500:up"
WANT = ["up 100 Mbps full duplex", "up 10 Mbps half duplex",
        "up 1 Gbps full duplex", "down", "up 1 Gbps full duplex"]


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 1
    router = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory(prefix="socrx-router-link-") as tmp:
        empty = os.path.join(tmp, "empty.pcap")
        routes = os.path.join(tmp, "r.cfg")
        write_empty_pcap(empty)
        with open(routes, "w") as f:
            f.write(ex.ROUTES)
        cmd = [router] + ex.EAL + [
            "--vdev", "net_stmmac_uio0,model_pcs=0,gen_pkts=9000,gen_rate=1000,"
            "model_link_events=" + EVENTS,
            "--vdev", "net_stmmac_uio1,rx_pcap=%s" % empty,
            "--", "--routes", routes, "--stats-period", "0.2",
            "--exit-when-idle", "3", "--duration", "120"]
        print("$ " + " ".join(cmd), flush=True)
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           universal_newlines=True, timeout=300)
        if not check(p.returncode == 0, "router exit status %d" % p.returncode,
                     p.stdout):
            return result()
        lines = re.findall(r"^  port 0 link: (.*) \((.*)\)$", p.stdout, re.M)
        for state, how in lines:
            print("port 0 link: %s (%s)" % (state, how))
        check([s for s, _ in lines] == WANT,
              "the link changes printed in order: %s" % [s for s, _ in lines],
              p.stdout)
        check(all(how == "LSC event" for _, how in lines),
              "each learnt from the PMD's LSC event: %s" % [h for _, h in lines])
        check(not re.search(r"^  port 1 link:", p.stdout, re.M),
              "port 1's link never changed")
    return result()


if __name__ == "__main__":
    sys.exit(main())
