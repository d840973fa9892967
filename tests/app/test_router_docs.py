#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""Every socrx-router command the docs show, run as written.

docs/router.md and README.md are read; each code block that holds a
router command must be marked by a `<!-- doc-test: NAME -->` line above
it, and NAME names a check here that runs the block as written (only
`build/app/socrx-router` becomes the path of the router under test; the
input files a block names are put in its working directory) and checks
that it does what the text around it says:

  usage         the synopsis lists exactly the options `-- --help` lists,
                and each has a row in the options table;
  one-port      1000 generated frames routed back out of the same port:
                `forwarded 1000`, out.pcap holds 1000 frames, TTL 63,
                destination MAC 02:00:00:00:00:b0, stopped by the idle rule;
  main-job      both model ports receive and each routes out of the
                other, stopped by --duration;
  capture       a capture forwarded to out0.pcap/out1.pcap, st.json is
                JSON, every frame of in.pcap received, what was forwarded
                is what the two captures hold, stopped by the idle rule;
  two-lcores    two forwarding lcores, each port's 10000 frames received
                by its lcore and sent out of the other port through that
                lcore's TX queue (st.json's lcores and queues), stopped by
                the idle rule;
  netns-*       set-up, router (in the background until its first
                statistics), traffic (3 of 3 ping replies each way, an
                iperf3 transfer), SIGINT, clean-up; skipped, with the
                reason, where namespaces cannot be made (not root) or
                the names are taken.

README.md's main job (`sh config/run.sh main`) ends in a router command
in config/run.sh: that command is run too ($builddir made the build
directory of the router under test), in the source root as run.sh does.

A marked block without a check, a check whose block is gone, or a router
command without a mark fails the test, so a new example cannot go
untested.

Usage: test_router_docs.py ROUTER SOURCE_ROOT
Exit: 0 pass, 1 fail.
"""
import fcntl
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testlib import check, read_pcap, result, write_empty_pcap  # noqa: E402

DOCS = ["README.md", "docs/router.md"]
MARK = re.compile(r"^<!--\s*doc-test:\s*([\w-]+)\s*-->\s*$")
DOC_ROUTER = "build/app/socrx-router"
# The netns example's names are fixed by the doc: one run at a time on a
# machine (other checkouts' test runs included).
NETNS_LOCK = "/run/lock/socrx-router-docs-netns.lock"
NETNS_NAMES = {"netns": ["nsa", "nsb"], "link": ["ra", "rb"]}
# A bound on waiting for the router to come up, only against a hang.
UP_POLLS = 600
UP_POLL_S = 0.1

def code_blocks(path):
    """(first line number, marker or None, text) of each code block:
    indented by four spaces after a blank line, or fenced with ```."""
    with open(path) as f:
        lines = f.read().split("\n")
    blocks, i = [], 0
    while i < len(lines):
        line = lines[i]
        fenced = line.startswith("```")
        indented = line.startswith("    ") and (i == 0 or lines[i - 1].strip() == "")
        if not (fenced or indented):
            i += 1
            continue
        start, body = i, []
        if fenced:
            i += 1
            while i < len(lines) and not lines[i].startswith("```"):
                body.append(lines[i])
                i += 1
            i += 1
        else:
            while i < len(lines) and (lines[i].startswith("    ") or
                                      (lines[i].strip() == "" and i + 1 < len(lines)
                                       and lines[i + 1].startswith("    "))):
                body.append(lines[i][4:])
                i += 1
        j = start - 1
        while j >= 0 and lines[j].strip() == "":
            j -= 1
        m = MARK.match(lines[j]) if j >= 0 else None
        blocks.append((start + 1, m.group(1) if m else None, "\n".join(body) + "\n"))
    return blocks


def split_router(block):
    """(shell before the router command, the router command, shell after)."""
    lines = block.split("\n")
    for k, line in enumerate(lines):
        if line.startswith(DOC_ROUTER):
            e = k
            while lines[e].rstrip().endswith("\\"):
                e += 1
            return ("\n".join(lines[:k]) + "\n", "\n".join(lines[k:e + 1]),
                    "\n".join(lines[e + 1:]))
    raise ValueError("no %s command in the block" % DOC_ROUTER)


def sh(script, cwd, **kw):
    print("$ " + script.strip().replace("\n", "\n$ "), flush=True)
    return subprocess.run(["sh", "-e", "-c", script], cwd=cwd, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, universal_newlines=True,
                          timeout=300, **kw)


def run_block(block, router, cwd):
    """Runs the shell before the router command, then the router command
    itself (exec'd, so that its own exit status is seen)."""
    before, cmd, after = split_router(block)
    if before.strip():
        p = sh(before, cwd)
        if p.returncode != 0:
            return p
    p = sh("exec " + cmd.replace(DOC_ROUTER, router, 1), cwd)
    if after.strip() and p.returncode == 0:
        q = sh(after, cwd)
        p.stdout += q.stdout
        p.returncode = q.returncode
    return p


def summary_numbers(out, what):
    return [int(x) for x in re.findall(what, out)]


def t_usage(block, router, root, tmp):
    p = subprocess.run([router, "--no-huge", "--no-pci", "-m", "512", "--no-shconf",
                        "--", "--help"], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, universal_newlines=True, timeout=120)
    synopsis = p.stdout[p.stdout.index("usage:"):].split("\n\n")[0]
    opt = re.compile(r"(?<![\w-])(--[a-z][a-z0-9-]*|-[a-zA-Z])\b")
    doc, helped = set(opt.findall(block)), set(opt.findall(synopsis))
    check(doc == helped, "usage: the doc's synopsis lists the options --help lists "
          "(only in the doc: %s; only in --help: %s)"
          % (sorted(doc - helped), sorted(helped - doc)))
    with open(os.path.join(root, "docs", "router.md")) as f:
        rows = [l for l in f if l.startswith("| `")]
    missing = [o for o in sorted(doc) if not any(r.startswith("| `" + o) for r in rows)]
    check(not missing, "usage: every option has a row in the options table (missing %s)"
          % missing)


def t_one_port(block, router, root, tmp):
    p = run_block(block, router, tmp)
    out = p.stdout
    check(p.returncode == 0 and "stopped by idle" in out,
          "one-port: exit %d, stopped by the idle rule" % p.returncode, out)
    check(summary_numbers(out, r"\n  forwarded (\d+)") == [1000],
          "one-port: the summary shows forwarded 1000", out)
    frames = read_pcap(os.path.join(tmp, "out.pcap"))
    check(len(frames) == 1000, "one-port: out.pcap holds %d frames, 1000 expected" % len(frames))
    # The generator sends IPv4 with TTL 64 to 198.19.0.1.
    bad = [f for f in frames if f[:6] != bytes.fromhex("0200000000b0") or
           f[12:14] != b"\x08\x00" or f[22] != 63 or f[30:34] != bytes([198, 19, 0, 1])]
    check(frames and not bad, "one-port: every frame to 02:00:00:00:00:b0, "
          "IPv4 to 198.19.0.1 with TTL 63 (%d not)" % len(bad))


def main_job_checks(tag, p):
    out = p.stdout
    check(p.returncode == 0 and "stopped by duration" in out,
          "%s: exit %d, stopped by --duration" % (tag, p.returncode), out)
    rx = summary_numbers(out, r"router: received (\d+)")
    routed = summary_numbers(out, r"sent out of this port (\d+)")
    check(len(rx) == 2 and min(rx) > 0 and len(routed) == 2 and min(routed) > 0,
          "%s: both ports received (%s) and routed out (%s) frames" % (tag, rx, routed), out)


def t_main_job(block, router, root, tmp):
    main_job_checks("main-job", run_block(block, router, tmp))


def t_capture(block, router, root, tmp):
    shutil.copy(os.path.join(root, "tests", "data", "router_in.pcap"),
                os.path.join(tmp, "in.pcap"))
    shutil.copy(os.path.join(root, "config", "routes-golden.cfg"),
                os.path.join(tmp, "my.cfg"))
    write_empty_pcap(os.path.join(tmp, "empty.pcap"))
    p = run_block(block, router, tmp)
    check(p.returncode == 0, "capture: exit %d" % p.returncode, p.stdout)
    try:
        with open(os.path.join(tmp, "st.json")) as f:
            st = json.load(f)
    except (OSError, ValueError) as e:
        check(False, "capture: st.json is JSON: %s" % e)
        return
    sent = [len(read_pcap(os.path.join(tmp, "out%d.pcap" % i))) for i in (0, 1)]
    n_in = len(read_pcap(os.path.join(tmp, "in.pcap")))
    ports = {q["port"]: q for q in st["ports"]}
    check(st["stop_reason"] == "idle", "capture: stopped by the idle rule (%s)"
          % st["stop_reason"])
    check(ports[0]["rx_packets"] == n_in, "capture: port 0 received all %d frames of in.pcap (%d)"
          % (n_in, ports[0]["rx_packets"]))
    check(st["forwarded"] == sum(sent) > 0,
          "capture: forwarded %d = frames in out0.pcap + out1.pcap %s"
          % (st["forwarded"], sent))


def t_two_lcores(block, router, root, tmp):
    p = run_block(block, router, tmp)
    check(p.returncode == 0 and "stopped by idle" in p.stdout,
          "two-lcores: exit %d, stopped by the idle rule" % p.returncode, p.stdout)
    try:
        with open(os.path.join(tmp, "st.json")) as f:
            st = json.load(f)
    except (OSError, ValueError) as e:
        check(False, "two-lcores: st.json is JSON: %s" % e)
        return
    lc = {x["lcore"]: x for x in st["lcores"]}
    ports = {x["port"]: x for x in st["ports"]}
    # lcore 1: port 0 in, port 1 out by TX queue 0; lcore 2: port 1 in,
    # port 0 out by TX queue 1.
    for lcore, rx, tx, q in ((1, 0, 1, 0), (2, 1, 0, 1)):
        x = lc.get(lcore, {})
        check(x.get("received") == 10000 and x.get("forwarded") == 10000 and
              {"port": tx, "queue": q, "sent": 10000, "refused": 0} in x.get("tx_queues", []),
              "two-lcores: lcore %d received 10000 (port %d), sent 10000 by port %d "
              "TX queue %d: %s" % (lcore, rx, tx, q, x), p.stdout)
        tq = {y["queue"]: y["tx_packets"] for y in ports[tx]["tx_queues"]}
        check(tq == {q: 10000, 1 - q: 0}, "two-lcores: port %d TX queues %s" % (tx, tq))
    line = "queues: RX q0 10000 (lcore 1); TX q0 0 (lcore 1), q1 10000 (lcore 2)"
    check(line in p.stdout, "two-lcores: the summary shows '%s' for port 0" % line,
          p.stdout)


def netns_taken():
    taken = [n for n in NETNS_NAMES["netns"]
             if os.path.exists(os.path.join("/run/netns", n))]
    taken += [n for n in NETNS_NAMES["link"]
              if os.path.exists(os.path.join("/sys/class/net", n))]
    return taken


def tcp_closing():
    """TCP sockets of the namespaces other than listening or TIME-WAIT."""
    left = []
    for ns in NETNS_NAMES["netns"]:
        p = subprocess.run(["ip", "netns", "exec", ns, "ss", "-Htan"],
                           stdout=subprocess.PIPE, universal_newlines=True)
        left += [l for l in p.stdout.split("\n")
                 if l.strip() and not l.startswith(("TIME-WAIT", "LISTEN"))]
    return left


def t_netns(blocks, router, root, tmp):
    if os.geteuid() != 0:
        print("SKIP netns-*: network namespaces need root")
        return
    for tool in ("ip", "ethtool", "ping", "iperf3", "ss"):
        if shutil.which(tool) is None:
            check(False, "netns: %s not found (config/install-deps.sh installs it)" % tool)
            return
    with open(NETNS_LOCK, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        taken = netns_taken()
        if taken:
            print("SKIP netns-*: %s already exist(s): left by someone following the "
                  "doc or by a killed run; `ip netns del nsa; ip netns del nsb` "
                  "frees them" % taken)
            return
        router_p = None
        try:
            p = sh(blocks["netns-setup"], tmp)
            if p.returncode != 0 and "Operation not permitted" in p.stdout:
                print("SKIP netns-*: cannot create namespaces or veths here:\n" + p.stdout)
                return
            check(p.returncode == 0, "netns-setup: exit %d" % p.returncode, p.stdout)
            if p.returncode != 0:
                return
            before, cmd, _ = split_router(blocks["netns-router"])
            p = sh(before, tmp)
            check(p.returncode == 0, "netns-router: route file written", p.stdout)
            log = open(os.path.join(tmp, "router.log"), "w+")
            print("$ " + cmd, flush=True)
            router_p = subprocess.Popen(["sh", "-c", "exec " + cmd.replace(DOC_ROUTER, router, 1)],
                                        cwd=tmp, stdout=log, stderr=subprocess.STDOUT)
            up = False
            for _ in range(UP_POLLS):
                log.seek(0)
                if re.search(r"^\[ *[0-9.]+ s\]$", log.read(), re.M):
                    up = True
                    break
                if router_p.poll() is not None:
                    break
                time.sleep(UP_POLL_S)
            log.seek(0)
            check(up, "netns-router: the router prints its first statistics", log.read())
            if not up:
                return
            p = sh(blocks["netns-traffic"], tmp)
            out = p.stdout
            check(p.returncode == 0, "netns-traffic: exit %d" % p.returncode, out)
            check(out.count("3 packets transmitted, 3 received") == 2,
                  "netns-traffic: 3 of 3 ping replies, IPv4 A -> B and IPv6 B -> A", out)
            check(re.search(r"\[ *\d+\].*bits/sec.*receiver", out) is not None,
                  "netns-traffic: iperf3 transfer completed", out)
            # The last FINs and ACKs of iperf3's connections still cross
            # the router: stopping it first would leave them retrying
            # (orphans), and they keep a deleted namespace, and the veth
            # names, alive for minutes.
            for _ in range(UP_POLLS):
                if not tcp_closing():
                    break
                time.sleep(UP_POLL_S)
            router_p.send_signal(signal.SIGINT)
            rc = router_p.wait(timeout=60)
            router_p = None
            log.seek(0)
            out = log.read()
            fwd = summary_numbers(out, r"\n  forwarded (\d+)")
            check(rc == 0 and "stopped by SIGINT" in out and fwd and fwd[0] > 0,
                  "netns-router: Ctrl-C (SIGINT) stops it, exit %d, forwarded %s" % (rc, fwd),
                  out)
        finally:
            if router_p is not None and router_p.poll() is None:
                router_p.kill()
                router_p.wait()
            p = sh(blocks["netns-cleanup"], tmp)
            # The kernel dismantles a namespace, and the veths in it,
            # after `ip netns del` returns.
            for _ in range(UP_POLLS):
                if not netns_taken():
                    break
                time.sleep(UP_POLL_S)
            check(p.returncode == 0 and not netns_taken(),
                  "netns-cleanup: namespaces and veths gone (%s left)" % netns_taken(),
                  p.stdout)


def t_readme_main_job(router, root, tmp):
    """README's `sh config/run.sh main` ends in this router command."""
    with open(os.path.join(root, "config", "run.sh")) as f:
        lines = f.read().split("\n")
    k = next(i for i, l in enumerate(lines) if 'exec "$builddir/app/socrx-router"' in l)
    e = k
    while lines[e].rstrip().endswith("\\"):
        e += 1
    cmd = "\n".join(l.strip() for l in lines[k:e + 1])
    cmd = cmd.replace('"$builddir/app/socrx-router"', router)
    p = sh(cmd, root)
    main_job_checks("README main job (config/run.sh main)", p)


CHECKS = {"usage": t_usage, "one-port": t_one_port, "main-job": t_main_job,
          "capture": t_capture, "two-lcores": t_two_lcores}
NETNS = ["netns-setup", "netns-router", "netns-traffic", "netns-cleanup"]


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 1
    router, root = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    marked = {}
    for doc in DOCS:
        for line, mark, text in code_blocks(os.path.join(root, doc)):
            if mark is None:
                if "socrx-router" in text:
                    check(False, "%s:%d: a router command without a doc-test mark"
                          % (doc, line), text)
                continue
            check(mark not in marked and (mark in CHECKS or mark in NETNS),
                  "%s:%d: doc-test %s is known and used once" % (doc, line, mark))
            marked[mark] = text
    for mark in list(CHECKS) + NETNS:
        check(mark in marked, "doc-test %s: its block is in the docs" % mark)
    for mark, fn in CHECKS.items():
        if mark in marked:
            with tempfile.TemporaryDirectory(prefix="socrx-router-docs-") as tmp:
                fn(marked[mark], router, root, tmp)
    if all(m in marked for m in NETNS):
        with tempfile.TemporaryDirectory(prefix="socrx-router-docs-") as tmp:
            t_netns(marked, router, root, tmp)
    with tempfile.TemporaryDirectory(prefix="socrx-router-docs-") as tmp:
        t_readme_main_job(router, root, tmp)
    return result()


if __name__ == "__main__":
    sys.exit(main())
