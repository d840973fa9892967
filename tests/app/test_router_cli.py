#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""socrx-router as a new (or hostile) user first meets it.

--json: the file is JSON whatever the port names hold. Two net_null
ports are named with a quote, a backslash, control characters and bytes
that are not UTF-8 (a vdev name is the driver name plus any suffix):
Python's json module must read the file, and the names it reads back
must be the ones given (invalid UTF-8 as U+FFFD). A --json path that
cannot be written stops the router before any port starts: exit 1, a
message naming the path, and no forwarding lcore, statistics or summary.

Usage: test_router_cli.py ROUTER
Exit: 0 pass, 1 fail.
"""
import json
import os
import subprocess
import sys
import tempfile

EAL = ["--no-huge", "--no-pci", "-m", "512", "--no-shconf", "-l", "0,1"]
ROUTES = "neighbor port 0 mac 02:00:00:00:00:01\nroute 10.0.0.0/8 port 0\n"

failures = []


def check(cond, what, output=None):
    print(("ok   " if cond else "FAIL ") + what, flush=True)
    if not cond:
        failures.append(what)
        if output:
            print(output[-2500:])


def run(cmd, **kw):
    print("$ " + " ".join(repr(a) if any(c in a for c in " \"\\\t") or
                          not a.isprintable() else a for a in cmd), flush=True)
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          timeout=120, **kw)


def text(p):
    return p.stdout.decode("utf-8", "replace")


def started(out):
    """Whether the run got as far as starting ports and lcores."""
    return ("ROUTER: lcore" in out or "summary" in out or
            "IPv4 and" in out)


def test_json_names(router, tmp, routes):
    names = [b'net_null0"quote\\backslash', b"net_null1\ttab\x01ctl\x7f\xff\xc3\xa9"]
    js = os.path.join(tmp, "names.json")
    cmd = [router] + EAL
    for n in names:
        cmd += ["--vdev", os.fsdecode(n)]
    cmd += ["--", "--routes", routes, "--duration", "0.3", "--json", js]
    p = run(cmd)
    check(p.returncode == 0, "run with odd port names: exit %d" % p.returncode, text(p))
    try:
        with open(js, "rb") as f:
            raw = f.read()
        st = json.loads(raw.decode("utf-8"))
    except (OSError, ValueError) as e:
        check(False, "--json file is JSON (UTF-8): %s" % e)
        return
    check(True, "--json file is JSON (UTF-8) with a quote, a backslash, controls and non-UTF-8 bytes in the names")
    got = [p["name"] for p in st["ports"]]
    want = [n.decode("utf-8", "replace") for n in names]
    check(got == want, "names read back as given: %r (want %r)" % (got, want))
    check(all(c >= 0x20 or c in b"\n" for c in raw),
          "no raw control character in the file")


def test_json_unwritable(router, tmp, routes):
    for what, path in [("a missing directory", os.path.join(tmp, "no", "such", "st.json")),
                       ("a directory", tmp)]:
        # --duration 30: were the path checked only at the end, the run
        # would start, forward and print its summary before failing.
        p = run([router] + EAL + ["--vdev", "net_null0", "--", "--routes", routes,
                                  "--duration", "30", "--json", path])
        out = text(p)
        check(p.returncode == 1 and "--json %s: cannot open for writing" % path in out,
              "--json into %s: exit %d with a message naming the path"
              % (what, p.returncode), out)
        check(not started(out), "--json into %s: stopped before any port started" % what, out)


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 1
    router = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory(prefix="socrx-router-cli-") as tmp:
        routes = os.path.join(tmp, "r.cfg")
        with open(routes, "w") as f:
            f.write(ROUTES)
        test_json_names(router, tmp, routes)
        test_json_unwritable(router, tmp, routes)
    print("%d check(s) failed" % len(failures) if failures else "all checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
