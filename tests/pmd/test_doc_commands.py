#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Every dpdk-testpmd command the docs show, run as written.

The literal blocks of README.md and docs/nics/stmmac_uio.rst that start with
`dpdk-testpmd` and load the PMD with -d (a block without -d is for the
installed PMDs: tests/install/test_install.py runs it) are taken as they
are (continuation lines joined), followed
by the `testpmd> ` lines of the same block, typed one by one. Adapted only
by paths: the PMD's -d path and the capture paths under tests/ resolve
from the source root, /tmp/NAME goes to a scratch directory. Outcome:
  - testpmd exits 0 and prints no EAL or PMD error;
  - frames were forwarded (a port's RX-packets > 0);
  - a block replaying rx_pcap=IN and writing tx_pcap=OUT: OUT holds IN's
    frames, byte-identical and in order (what the docs promise).
After `start` the test waits, polling `show port stats all`, until the
counters stop moving (a capture) or move (endless generated traffic), as
someone reading the statistics would; nothing asserts on time.

Usage: test_doc_commands.py PMD_SO SOURCE_ROOT. Exit 0 pass, 1 fail, 77
skipped (no dpdk-testpmd).
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testpmd_driver import TESTPMD, TestpmdSession, safe_plugin  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testlib import check, on_wire, read_pcap, result  # noqa: E402

DOCS = ["README.md", "docs/nics/stmmac_uio.rst"]
PMD_PATH = "build/drivers/stmmac_uio/librte_net_stmmac_uio.so"
MAX_POLLS = 300


def blocks(path):
    """[(command, [typed lines])] of the testpmd blocks of @path."""
    out, lines, i = [], open(path).read().split("\n"), 0
    while i < len(lines):
        s = lines[i].strip()
        # In a code block (indented), not in the prose around it.
        if not s.startswith("dpdk-testpmd ") or lines[i][:1] not in (" ", "\t"):
            i += 1
            continue
        cmd = s
        while cmd.endswith("\\"):
            i += 1
            cmd = cmd[:-1].rstrip() + " " + lines[i].strip()
        typed = []
        i += 1
        while i < len(lines) and lines[i].strip().startswith("testpmd> "):
            typed.append(lines[i].strip()[len("testpmd> "):])
            i += 1
        out.append((cmd, typed))
    return out


def adapt(argv, srcroot, so, tmp):
    """Paths only: the PMD, files under the source tree, /tmp/NAME."""
    def one(a):
        # /tmp/NAME first: the source root itself may lie under /tmp.
        a = re.sub(r"(?<=[=,])/tmp/([^,/]+)",
                   lambda m: os.path.join(tmp, m.group(1)), a)
        a = a.replace(PMD_PATH, so)
        return re.sub(r"(?<=[=,])(tests/data/[^,]+)",
                      lambda m: os.path.join(srcroot, m.group(1)), a)
    return [one(a) for a in argv]


def port_stats(t):
    out = t.cmd("show port stats all")
    return {int(p): int(n) for p, n in
            re.findall(r"NIC statistics for port (\d+).*?RX-packets:\s+(\d+)",
                       out, re.S)}


def settle(t):
    """After start: until the RX counters stop moving with frames seen
    (a capture), or have moved between polls twice (endless traffic)."""
    last, moved, still = None, 0, 0
    for _ in range(MAX_POLLS):
        st = port_stats(t)
        tot = sum(st.values())
        if last is not None:
            if tot != last:
                moved, still = moved + 1, 0
            elif tot > 0:
                still += 1
        if still >= 3 or moved >= 2:
            return
        last = tot
        time.sleep(0.2)


def run_interactive(argv, typed, name):
    eal, app = argv[1:argv.index("--")], argv[argv.index("--") + 1:]
    app = [a for a in app if a != "-i"]
    t = TestpmdSession(eal, app, [], TESTPMD)
    log = t.startup
    rx = {}
    for c in typed:
        if c == "quit":
            break
        log += t.cmd(c)
        if c == "start":
            settle(t)
        if c == "stop":
            rx = {p: n for p, n in
                  re.findall(r"Forward statistics for port (\d+).*?RX-packets:\s+(\d+)",
                             log, re.S)}
    rx = rx or {p: n for p, n in port_stats(t).items()}
    t.quit()
    log += "".join(t.log)
    return t.p.returncode, log, {int(p): int(n) for p, n in rx.items()}


def run_batch(argv):
    """Non-interactive testpmd forwards until Enter: press it once traffic
    has flowed for a moment, read the statistics it prints on exit."""
    p = subprocess.Popen(["stdbuf", "-oL", "-eL"] + argv, stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = ""
    while "Press enter to exit" not in out:
        line = p.stdout.readline().decode(errors="replace")
        if not line:
            break
        out += line
    time.sleep(1.0)
    try:
        rest, _ = p.communicate(b"\n", timeout=120)
    except subprocess.TimeoutExpired:
        p.kill()
        rest, _ = p.communicate()
    out += rest.decode(errors="replace")
    rx = {int(a): int(b) for a, b in
          re.findall(r"Forward statistics for port (\d+).*?RX-packets:\s+(\d+)",
                     out, re.S)}
    return p.returncode, out, rx


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 1
    so, srcroot = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    if not os.access(TESTPMD, os.X_OK):
        print("skipped: dpdk-testpmd not installed (Debian package dpdk-dev)")
        return 77
    so, cleanup = safe_plugin(so)
    tmp = tempfile.mkdtemp(prefix="socrx-doccmd-")
    n = 0
    try:
        for doc in DOCS:
            for cmd, typed in blocks(os.path.join(srcroot, doc)):
                if "-d" not in shlex.split(cmd):
                    # The installed PMDs' command: tests/install runs it.
                    print("not here (no -d, the installed PMDs): " + cmd[:90])
                    continue
                n += 1
                name = "%s: %s" % (doc, cmd[:90])
                argv = adapt(shlex.split(cmd), srcroot, so, tmp)
                argv[0] = TESTPMD
                print("$ " + " ".join(argv), flush=True)
                if "-i" in argv:
                    rc, log, rx = run_interactive(argv, typed, name)
                else:
                    rc, log, rx = run_batch(argv)
                check(rc == 0, "%s: exit status %s" % (name, rc))
                bad = [l for l in log.split("\n")
                       if re.search(r"EAL: Error|rejected|cannot|failed", l)]
                check(not bad, "%s: no error in the output %s" % (name, bad[:3]))
                check(any(v > 0 for v in rx.values()),
                      "%s: frames received %s" % (name, rx))
                src = re.search(r"rx_pcap=([^,\s]+)", " ".join(argv))
                dst = re.search(r"tx_pcap=([^,\s]+)", " ".join(argv))
                if src and dst:
                    # The sending MAC zero-pads runts to 60 bytes.
                    a = on_wire(read_pcap(src.group(1)))
                    b = (read_pcap(dst.group(1)) if os.path.exists(dst.group(1))
                         else [])
                    check(len(a) > 0 and a == b,
                          "%s: %d of %d frames written, byte-identical: %s"
                          % (name, len(b), len(a), a == b))
        check(n >= 3, "%d documented testpmd commands found" % n)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        if cleanup:
            shutil.rmtree(cleanup, ignore_errors=True)
    return result()


if __name__ == "__main__":
    sys.exit(main())
