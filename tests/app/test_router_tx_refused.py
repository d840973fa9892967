#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""socrx-router counts what it sent apart from what the TX queue refused.

Port 0 (net_stmmac_uio, rx_pcap=, flow control: lossless) replays 3000
IPv4 frames routed out of port 1, then 10 frames without a route. Port 1
is a model that never moves (model_step=1: no model thread, nobody steps
it), so its TX ring fills once and refuses every frame after that. The
10 unroutable frames are the end marker: once the live statistics have
counted their no_route drops, every frame before them was received and
handed to TX, and the router is stopped (SIGINT; --duration only bounds
a hang).

Checked, in the JSON and the summary: port 1's router_fwd_out (sent) is
what its PMD accepted (tx_packets), router_tx_refused the rest, the two
add up to the 3000 frames routed there and the refusals are the tx_full
drops; "forwarded" is the sum of what was sent; every mbuf came back
(the frames left in port 1's ring are freed when it closes).

Usage: test_router_tx_refused.py ROUTER
Exit: 0 pass, 1 fail.
"""
import json
import os
import re
import signal
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testlib import check, result, write_empty_pcap, write_pcap  # noqa: E402
import test_router_exit as ex  # noqa: E402

N_ROUTED = 3000
N_MARK = 10


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 1
    router = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory(prefix="socrx-router-txr-") as tmp:
        rx0 = os.path.join(tmp, "in.pcap")
        empty = os.path.join(tmp, "empty.pcap")
        routes = os.path.join(tmp, "r.cfg")
        js = os.path.join(tmp, "st.json")
        write_pcap(rx0, [ex.udp_frame(64, ident=i) for i in range(N_ROUTED)] +
                   [ex.udp_frame(64, dst="203.0.113.1", ident=i) for i in range(N_MARK)])
        write_empty_pcap(empty)
        with open(routes, "w") as f:
            f.write(ex.ROUTES)
        cmd = [router] + ex.EAL + [
            "--vdev", "net_stmmac_uio0,rx_pcap=%s,mac=%s" % (rx0, ex.PORT_MAC),
            "--vdev", "net_stmmac_uio1,rx_pcap=%s,model_step=1" % empty,
            "--", "--routes", routes, "--stats-period", "0.1",
            "--duration", "120", "--json", js]
        print("$ " + " ".join(cmd), flush=True)
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             universal_newlines=True)
        out, no_route, stopped = [], 0, False
        for line in p.stdout:
            out.append(line)
            m = re.match(r"\s*drops:.* no_route (\d+)", line)
            if m and "===" not in "".join(out[-3:]):
                no_route += int(m.group(1))
                if no_route >= N_MARK and not stopped:
                    p.send_signal(signal.SIGINT)
                    stopped = True
        rc = p.wait()
        text = "".join(out)
        if not check(rc == 0, "router exit status %d" % rc, text):
            return result()
        with open(js) as f:
            st = json.load(f)
        ports = {q["port"]: q for q in st["ports"]}
        p0, p1 = ports[0], ports[1]
        check(st["stop_reason"] == "SIGINT" and p0["router_rx"] == N_ROUTED + N_MARK and
              st["drops"]["no_route"] == N_MARK,
              "stopped after every frame was received (%s; router_rx %d, no_route %d)"
              % (st["stop_reason"], p0["router_rx"], st["drops"]["no_route"]), text)
        sent, refused = p1["router_fwd_out"], p1.get("router_tx_refused")
        check(refused is not None and refused > 0 and sent + refused == N_ROUTED,
              "port 1: sent %d + refused by its TX queue %s = %d routed there"
              % (sent, refused, N_ROUTED), text)
        check(sent == p1["tx_packets"] and sent < N_ROUTED,
              "port 1: router_fwd_out %d is what the PMD accepted (tx_packets %d)"
              % (sent, p1["tx_packets"]))
        check(st["drops"]["tx_full"] == refused,
              "tx_full drops %d = refused %s" % (st["drops"]["tx_full"], refused))
        check(st["forwarded"] == sent + p0["router_fwd_out"] and
              p0["router_fwd_out"] == 0,
              "forwarded %d = what was sent (%d + %d)"
              % (st["forwarded"], sent, p0["router_fwd_out"]))
        summary = text[text.find("=== socrx-router summary"):]
        check("sent out of this port %d, refused by its TX queue %s" % (sent, refused)
              in summary, "the summary names both counts for port 1", summary)
        check(st["mbufs"]["in_use_after_close"] == 0, "every mbuf returned")
    return result()


if __name__ == "__main__":
    sys.exit(main())
