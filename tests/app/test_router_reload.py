#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""socrx-router reloads its route file on SIGHUP, atomically.

The generator of model port 0 sends IPv4/UDP to 198.19.0.1 without a
pause; the route file first sends 198.19.0.0/16 out of port 1. Then,
while frames flow:

  - a file with a bad line 3 is written and SIGHUP sent: the router logs
    the refusal naming FILE:3 and the reason, and keeps forwarding out
    of port 1;
  - a good file sending 198.19.0.0/16 out of port 0, with a new neighbor
    MAC for port 0, is written and SIGHUP sent: the router logs the
    reload, frames now leave port 0 with the new neighbor MAC;
  - twenty more reloads back and forth, each waited for (a frame routed
    by the old tables in a swap's moment takes the new neighbor MAC of
    its port: the neighbor table is swapped first);
  - at the end (SIGINT): no frame was dropped for want of a route or
    anything else (the tables were swapped whole, never half), both
    ports sent frames, every frame on each port carries that port's
    neighbor MAC of the moment, every mbuf went back to the pool, and
    the summary counts the reloads applied and refused.

Then once more with --idle-sleep and a slow generator: a reload while
the forwarding lcore sleeps completes (the sleeping lcore is offline for
the grace period) and the next frames take the new route.

The checks wait for log lines with a bound (a hang fails, no timing is
asserted).

Usage: test_router_reload.py ROUTER
Exit: 0 pass, 1 fail.
"""
import json
import os
import queue
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testlib import check, read_pcap, result  # noqa: E402

EAL = ["--no-huge", "--no-pci", "-m", "512", "--no-shconf", "-l", "0,1",
       "--log-level=pmd.net.stmmac*:notice"]
ROUTES_START = """# 198.19/16 out of port 1
route 198.19.0.0/16 port 1
neighbor port 0 mac 02:aa:00:00:00:00
neighbor port 1 mac 02:aa:00:00:00:01
"""
ROUTES_P1 = """# 198.19/16 out of port 1, port 0's new neighbor kept
route 198.19.0.0/16 port 1
neighbor port 0 mac 02:aa:00:00:00:10
neighbor port 1 mac 02:aa:00:00:00:01
"""
ROUTES_BAD = """# a bad line 3
neighbor port 0 mac 02:aa:00:00:00:10
route 198.19.0.0/16 port 9
neighbor port 1 mac 02:aa:00:00:00:01
"""
ROUTES_P0 = """# 198.19/16 out of port 0, a new neighbor there
route 198.19.0.0/16 port 0
neighbor port 0 mac 02:aa:00:00:00:10
neighbor port 1 mac 02:aa:00:00:00:01
"""
PERIOD = re.compile(r"^\s*port (\d+) \S+\s+RX\s+[\d.]+ pps\s+[\d.]+ Mbit/s\s+TX\s+([\d.]+) pps")
WAIT = 60	# seconds a hang may last before the check fails


class Router:
    """The router running, its output read line by line."""

    def __init__(self, cmd):
        print("$ " + " ".join(cmd), flush=True)
        self.p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  universal_newlines=True)
        self.lines = queue.Queue()
        self.log = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.p.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def wait_for(self, pred, what):
        """Reads lines until @pred(line) holds; False on exit or after WAIT s."""
        end = time.monotonic() + WAIT
        while time.monotonic() < end:
            try:
                line = self.lines.get(timeout=1)
            except queue.Empty:
                continue
            if line is None:
                break
            self.log.append(line)
            if pred(line):
                return True
        return check(False, "waited for %s" % what, "".join(self.log))

    def periods(self, want, what):
        """Waits for a statistics period in which port @want[0] sent
        frames and port @want[1] none."""
        tx = {}

        def pred(line):
            m = PERIOD.match(line)
            if not m:
                return False
            tx[int(m.group(1))] = float(m.group(2))
            if len(tx) < 2:
                return False
            done = tx[want[0]] > 0 and tx[want[1]] == 0
            tx.clear()
            return done
        return self.wait_for(pred, what)

    def finish(self):
        self.p.send_signal(signal.SIGINT)
        try:
            self.p.wait(timeout=WAIT)
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()
        while True:
            line = self.lines.get()
            if line is None:
                break
            self.log.append(line)
        return self.p.returncode, "".join(self.log)


def reload(r, routes, text, expect, what):
    with open(routes + ".new", "w") as f:
        f.write(text)
    os.rename(routes + ".new", routes)
    r.p.send_signal(signal.SIGHUP)
    return r.wait_for(lambda line: expect(line), what)


def main():
    router = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        routes = os.path.join(tmp, "routes.cfg")
        with open(routes, "w") as f:
            f.write(ROUTES_START)
        out = [os.path.join(tmp, "p%d.pcap" % i) for i in (0, 1)]
        js = os.path.join(tmp, "run.json")
        r = Router([router] + EAL +
                   ["--vdev", "net_stmmac_uio0,gen_rate=2000,tx_pcap=%s" % out[0],
                    "--vdev", "net_stmmac_uio1,tx_pcap=%s" % out[1],
                    "--", "--routes", routes, "--stats-period", "0.1",
                    "--duration", "300", "--json", js])
        ok = r.periods((1, 0), "frames out of port 1")
        ok = ok and reload(r, routes, ROUTES_BAD,
                           lambda line: "route file refused" in line,
                           "the bad file's refusal")
        if ok:
            line = [x for x in r.log if "route file refused" in x][-1]
            check("%s:3: port 9 out of range" % routes in line and
                  "the routes in use stay" in line,
                  "the refusal names FILE:3 and the reason: " + line.strip())
            ok = r.periods((1, 0), "frames still out of port 1 after the refusal")
        ok = ok and reload(r, routes, ROUTES_P0,
                           lambda line: "routes reloaded from" in line, "the reload")
        ok = ok and r.periods((0, 1), "frames out of port 0 after the reload")
        for i in range(20):
            text = ROUTES_P1 if i % 2 == 0 else ROUTES_P0
            ok = ok and reload(r, routes, text,
                               lambda line: "routes reloaded from" in line,
                               "reload %d of 20" % (i + 1))
        ok = ok and r.periods((0, 1), "frames out of port 0 at the end")
        rc, log = r.finish()
        check(rc == 0, "router exit status %d" % rc, log)
        check("route file reloads: 21 applied, 1 refused" in log,
              "the summary counts 21 reloads applied, 1 refused", log)
        if ok and rc == 0:
            with open(js) as f:
                st = json.load(f)
            check(all(v == 0 for v in st["drops"].values()),
                  "no frame dropped across the reloads: %s" % st["drops"])
            rx = sum(p["router_rx"] for p in st["ports"])
            check(st["forwarded"] == rx and rx > 0,
                  "every frame received was forwarded (%d of %d)" % (st["forwarded"], rx))
            check(st["mbufs"]["in_use_after_close"] == 0,
                  "every mbuf back in the pool (%d in use)" % st["mbufs"]["in_use_after_close"])
            got = [read_pcap(o) for o in out]
            check(len(got[0]) > 0 and len(got[1]) > 0,
                  "both ports sent frames (%d, %d)" % (len(got[0]), len(got[1])))
            check(all(fr[:6] == bytes.fromhex("02aa00000010") for fr in got[0]),
                  "port 0's frames carry its new neighbor MAC")
            check(all(fr[:6] == bytes.fromhex("02aa00000001") for fr in got[1]),
                  "port 1's frames carry its neighbor MAC")

        # A reload while the only forwarding lcore sleeps.
        with open(routes, "w") as f:
            f.write(ROUTES_P1)
        r = Router([router] + EAL +
                    ["--vdev", "net_stmmac_uio0,gen_rate=20",
                     "--vdev", "net_stmmac_uio1",
                     "--", "--routes", routes, "--stats-period", "0.1",
                     "--duration", "300", "--idle-sleep=10"])
        ok = r.periods((1, 0), "[idle-sleep] frames out of port 1")
        ok = ok and reload(r, routes, ROUTES_P0,
                           lambda line: "routes reloaded from" in line,
                           "[idle-sleep] the reload while the lcore sleeps")
        ok = ok and r.periods((0, 1), "[idle-sleep] frames out of port 0 after the reload")
        rc, log = r.finish()
        check(rc == 0 and "lcore 1: " in log and "sleeps" in log,
              "[idle-sleep] router exit status %d, the lcore slept" % rc, log)
    return result()


if __name__ == "__main__":
    sys.exit(main())
