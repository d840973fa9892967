#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""socrx-router refuses a bad route file or a bad option at start: for each
malformed line the router must exit non-zero before forwarding anything,
with an error naming FILE:LINE and the reason; for each bad option value
(trailing junk, a sign, too many digits, out of range, below the control
loop's 10 ms resolution) an error naming the option and its limit; for
an option given twice, an error naming it, before EAL starts. Bytes
an editor hides are named too: a NUL, a control character, a no-break
space, a UTF-8 byte order mark anywhere but at the start of the file
(where it is skipped); UTF-8 is fine in comments. Route limits: 4096
IPv4 and 4096 IPv6 routes by default, --max-routes N to change them. A valid file (comments, blank lines,
IPv4 and IPv6, a default route) is the positive control: the router runs
on it for a moment (on DPDK's net_null ports) and exits 0.

Usage: test_router_config.py ROUTER
Exit: 0 pass, 1 fail.
"""
import os
import subprocess
import sys
import tempfile

EAL = ["--no-huge", "--no-pci", "-m", "512", "--no-shconf", "-l", "0,1",
       "--vdev", "net_null0", "--vdev", "net_null1"]
HEAD = ["# two good lines first: the bad line is line 3",
        "neighbor port 0 mac 02:00:00:00:00:01"]
BOM = b"\xef\xbb\xbf"
TAIL = ["neighbor port 1 mac 02:00:00:00:00:02",
        "route 192.0.2.0/24 port 0"]

# (name, bad line(s) after HEAD, expected line, expected words, extra args)
CASES = [
    ("bad IPv4 prefix", ["route 10.0.0/8 port 0"], 3, "bad IPv4 address", []),
    ("bad IPv6 prefix", ["route 2001:db8:::/32 port 0"], 3, "bad IPv6 address", []),
    ("IPv4 length 33", ["route 10.0.0.0/33 port 0"], 3, "bad prefix length '33'", []),
    ("IPv6 length 129", ["route 2001:db8::/129 port 1"], 3, "bad prefix length '129'", []),
    ("length not a number", ["route 10.0.0.0/x port 0"], 3, "bad prefix length", []),
    ("no length", ["route 10.0.0.0 port 0"], 3, "has no /<len>", []),
    ("host bits set", ["route 10.0.0.1/8 port 0"], 3, "host bits set", []),
    ("missing port", ["route 10.0.0.0/8"], 3, "expected 'port <N>'", []),
    ("missing port number", ["route 10.0.0.0/8 port"], 3, "missing port number", []),
    ("bad port number", ["route 10.0.0.0/8 port x1"], 3, "bad port number 'x1'", []),
    ("port out of range", ["route 10.0.0.0/8 port 7"], 3, "port 7 out of range", []),
    ("port not in the mask", ["route 10.0.0.0/8 port 1"], 3,
     "not enabled by the port mask", ["-p", "0x1"]),
    ("unknown keyword", ["rout 10.0.0.0/8 port 0"], 3, "unknown keyword 'rout'", []),
    ("trailing words", ["route 10.0.0.0/8 port 0 via 1"], 3, "unexpected 'via'", []),
    ("bad MAC (short)", ["neighbor port 1 mac 02:00:00:00:00"], 3, "bad MAC address", []),
    ("bad MAC (not hex)", ["neighbor port 1 mac 02:00:00:00:00:zz"], 3, "bad MAC address", []),
    ("multicast MAC", ["neighbor port 1 mac 01:00:5e:00:00:01"], 3, "multicast", []),
    ("zero MAC", ["neighbor port 1 mac 00:00:00:00:00:00"], 3, "all zeros", []),
    ("neighbor without mac keyword", ["neighbor port 1 02:00:00:00:00:02"], 3,
     "expected 'mac", []),
    ("neighbor port out of range", ["neighbor port 9 mac 02:00:00:00:00:09"], 3,
     "port 9 out of range", []),
    ("duplicate neighbor", ["neighbor port 0 mac 02:00:00:00:00:03"], 3,
     "duplicate neighbor for port 0 (first at line 2)", []),
    ("duplicate route", ["route 10.0.0.0/8 port 0", "route 10.0.0.0/8 port 1"], 4,
     "duplicate route 10.0.0.0/8 (first at line 3)", []),
    ("duplicate IPv6 route", ["route 2001:DB8::/32 port 0", "route 10.0.0.0/8 port 0",
                              "route 2001:db8:0::/32 port 1"], 5,
     "duplicate route 2001:db8::/32 (first at line 3)", []),
    ("duplicate above a bad line", ["route 10.0.0.0/8 port 0", "route 10.0.0.0/8 port 1",
                                    "rout 11.0.0.0/8 port 0"], 4,
     "duplicate route 10.0.0.0/8 (first at line 3)", []),
]


# (name, router arguments, expected words in the error)
OPTION_CASES = [
    ("port mask beyond the ports", ["-p", "0x4"], "port 2 does not exist"),
    ("bad --config", ["--config", "(0,0)"], "--config"),
    ("main lcore in --config", ["--config", "(0,0,0),(1,0,1)"], "main lcore"),
    ("--config queue too large", ["--config", "(0,1024,1)"],
     "queue number out of range at '1024,1)' (0..1023)"),
    ("-p trailing junk", ["-p", "1zz"], "-p: '1zz' is not a hex port mask: 'z' is not a hex digit"),
    ("-p negative", ["-p", "-1"], "-p: '-1' is not a hex port mask: '-' is not a hex digit"),
    ("-p wider than 64 bits", ["-p", "1" * 20], "at most 16 hex digits"),
    ("-p no digits", ["-p", "0x"], "-p: '0x' is not a hex port mask"),
    ("-p no port", ["-p", "0"], "-p: '0' selects no port"),
    ("--duration 1e30", ["--duration", "1e30"],
     "--duration: '1e30' is out of range: at most 1000000000 s"),
    ("--duration inf", ["--duration", "inf"], "--duration: 'inf' is not a number of seconds"),
    ("--duration negative", ["--duration", "-1"], "--duration: '-1' is not a number of seconds (decimal, >= 0)"),
    ("--stats-period below 10 ms", ["--stats-period", "0.001"],
     "--stats-period: '0.001' is below 0.01 s (10 ms)"),
    ("--stats-period 1e400", ["--stats-period", "1e400"], "at most 1000000000 s"),
    ("--exit-when-idle in hex", ["--exit-when-idle", "0x10"],
     "--exit-when-idle: '0x10' is not an integer in 0..1000000"),
    ("--exit-when-idle too large", ["--exit-when-idle", "1000001"], "0..1000000"),
]

# An option given twice is refused, naming it, before EAL starts (run()
# adds --routes and --duration): (name, router arguments, expected words).
REPEATED = [
    ("--routes twice", ["--routes", "other.cfg"], "--routes given twice: say it once"),
    ("--duration twice", ["--duration", "3"], "--duration given twice: say it once"),
    ("-p twice", ["-p", "0x1", "-p", "0x3"], "-p given twice: say it once"),
    ("-P twice", ["-P", "-P"], "-P given twice: say it once"),
    ("--idle-sleep twice", ["--idle-sleep", "--idle-sleep=5"],
     "--idle-sleep given twice: say it once"),
    ("abbreviated --json twice", ["--json", "/nonexistent/a.json", "--js",
                                  "/nonexistent/b.json"],
     "--json given twice: say it once"),
]

# Values at the limits, accepted: (name, router arguments).
OPTION_GOOD = [
    ("-p 0X03", ["-p", "0X03"]),
    ("-p with leading zeros", ["-p", "0x" + "0" * 20 + "3"]),
    ("--stats-period 0.01", ["--stats-period", "0.01"]),
    ("--exit-when-idle 1000000", ["--exit-when-idle", "1000000"]),
]


def run(router, routes, extra):
    cmd = [router] + EAL + ["--"] + extra + ["--routes", routes,
                                           "--duration", "0.5"]
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True, timeout=120)


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 1
    router = sys.argv[1]
    failures = 0
    with tempfile.TemporaryDirectory(prefix="socrx-router-config-") as tmp:
        for i, (name, lines, line, words, extra) in enumerate(CASES):
            path = os.path.join(tmp, "case%02d.cfg" % i)
            with open(path, "w") as f:
                f.write("\n".join(HEAD + lines + TAIL) + "\n")
            p = run(router, path, extra)
            want = "%s:%d:" % (path, line)
            err = [l for l in p.stdout.splitlines() if "error" in l]
            ok = p.returncode != 0 and any(want in l and words in l for l in err)
            print("%s %-30s exit %d: %s" % ("ok  " if ok else "FAIL", name,
                                            p.returncode,
                                            err[0] if err else "(no error line)"))
            if not ok:
                print("     expected a non-zero exit and '%s ... %s'" % (want, words))
                print(p.stdout[-1500:])
                failures += 1

        # Whole-file rules: a routed port without a neighbor, no routes.
        for name, text, want in [
            ("port without a neighbor",
             "neighbor port 0 mac 02:00:00:00:00:01\n\nroute 10.0.0.0/8 port 1\n",
             ":3: no 'neighbor port 1 mac ...' line"),
            ("no route lines", "# nothing\nneighbor port 0 mac 02:00:00:00:00:01\n",
             "no 'route' lines"),
        ]:
            path = os.path.join(tmp, "whole.cfg")
            with open(path, "w") as f:
                f.write(text)
            p = run(router, path, [])
            ok = p.returncode != 0 and want in p.stdout
            print("%s %-30s exit %d" % ("ok  " if ok else "FAIL", name, p.returncode))
            if not ok:
                print(p.stdout[-1500:])
                failures += 1
        # Bytes a text editor may hide: (name, file bytes, expected words
        # or None when the file must load).
        good = b"neighbor port 0 mac 02:00:00:00:00:01\nroute 10.0.0.0/8 port 0\n"
        for name, data, want in [
            ("UTF-8 BOM opening the file", BOM + good, None),
            ("UTF-8 in a comment", good + "# Zürich uplink\n".encode(), None),
            ("UTF-8 BOM on line 2", good.replace(b"route", BOM + b"route"),
             ":2: UTF-8 byte order mark (ef bb bf) at column 1"),
            ("NUL byte", good.replace(b"port 0\n", b"port 0\0 1\n", 1),
             ":2: NUL byte at column 24"),
            ("no-break space", good.replace(b"route ", b"route\xc2\xa0"),
             ":2: byte 0xc2 at column 6 is not printable ASCII"),
            ("control character", good.replace(b"route ", b"route\x0b"),
             ":2: byte 0x0b at column 6 is not printable ASCII"),
            ("line too long", good + b"#" + b"x" * 1100 + b"\n",
             ":3: line longer than 1023 characters"),
        ]:
            path = os.path.join(tmp, "bytes.cfg")
            with open(path, "wb") as f:
                f.write(data)
            p = run(router, path, [])
            if want is None:
                ok = p.returncode == 0 and "summary" in p.stdout
            else:
                ok = p.returncode != 0 and path + want in p.stdout
            print("%s %-30s exit %d" % ("ok  " if ok else "FAIL", name, p.returncode))
            if not ok:
                print("     expected %s" % ("a run" if want is None else path + want))
                print(p.stdout[-1500:])
                failures += 1

        # Route limits: 4096 a family by default, --max-routes N (1..1048576).
        def many(n, v6):
            fmt = "route 2001:db8:%x::/48 port 0\n" if v6 else \
                "route 10.%d.%d.0/24 port 0\n"
            args = (lambda i: (i,)) if v6 else (lambda i: (i >> 8, i & 255))
            return "neighbor port 0 mac 02:00:00:00:00:01\n" + \
                "".join(fmt % args(i) for i in range(n))
        for name, text, extra, want in [
            ("4097 IPv4 routes", many(4097, False), [],
             ":4098: more than 4096 IPv4 routes: the limit is --max-routes 4096 (at most 1048576)"),
            ("4097 IPv6 routes", many(4097, True), [],
             ":4098: more than 4096 IPv6 routes: the limit is --max-routes 4096"),
            ("4097 IPv4 routes, --max-routes 4097", many(4097, False),
             ["--max-routes", "4097"], None),
            ("4097 IPv6 routes, --max-routes 5000", many(4097, True),
             ["--max-routes", "5000"], None),
            ("3 routes, --max-routes 2", many(3, False), ["--max-routes", "2"],
             ":4: more than 2 IPv4 routes: the limit is --max-routes 2"),
            ("--max-routes 0", many(1, False), ["--max-routes", "0"],
             "--max-routes: '0' is not an integer in 1..1048576"),
            ("--max-routes too large", many(1, False), ["--max-routes", "1048577"],
             "--max-routes: '1048577' is not an integer in 1..1048576"),
            ("--max-routes junk", many(1, False), ["--max-routes", "12k"],
             "--max-routes: '12k' is not an integer in 1..1048576"),
        ]:
            path = os.path.join(tmp, "many.cfg")
            with open(path, "w") as f:
                f.write(text)
            p = run(router, path, extra)
            if want is None:
                ok = p.returncode == 0 and "summary" in p.stdout
            else:
                ok = p.returncode != 0 and want in p.stdout
            print("%s %-30s exit %d" % ("ok  " if ok else "FAIL", name, p.returncode))
            if not ok:
                print("     expected %s" % ("a run" if want is None else want))
                print(p.stdout[-1500:])
                failures += 1

        p = run(router, os.path.join(tmp, "missing.cfg"), [])
        ok = p.returncode != 0 and "missing.cfg: cannot open" in p.stdout
        print("%s %-30s exit %d" % ("ok  " if ok else "FAIL", "missing file", p.returncode))
        failures += not ok

        # Command-line mistakes fail the same way, naming the limit.
        for name, extra, want in OPTION_CASES:
            path = os.path.join(tmp, "good.cfg")
            with open(path, "w") as f:
                f.write("neighbor port 0 mac 02:00:00:00:00:01\nroute 10.0.0.0/8 port 0\n")
            p = run(router, path, extra)
            ok = p.returncode != 0 and want in p.stdout
            print("%s %-30s exit %d" % ("ok  " if ok else "FAIL", name, p.returncode))
            if not ok:
                print(p.stdout[-1500:])
                failures += 1

        for name, extra, want in REPEATED:
            p = run(router, os.path.join(tmp, "good.cfg"), extra)
            ok = p.returncode == 1 and want in p.stdout and "EAL:" not in p.stdout
            print("%s %-30s exit %d" % ("ok  " if ok else "FAIL", name, p.returncode))
            if not ok:
                print("     expected exit 1, '%s' and no EAL output" % want)
                print(p.stdout[-1500:])
                failures += 1

        for name, extra in OPTION_GOOD:
            path = os.path.join(tmp, "good.cfg")
            p = run(router, path, extra)
            ok = p.returncode == 0 and "summary" in p.stdout
            print("%s %-30s exit %d" % ("ok  " if ok else "FAIL", name, p.returncode))
            if not ok:
                print(p.stdout[-1500:])
                failures += 1

        # Positive control.
        path = os.path.join(tmp, "good.cfg")
        with open(path, "w") as f:
            f.write("# comment line\n\n"
                    "route 0.0.0.0/0 port 1   # default route\n"
                    "route 10.0.0.0/8 port 0\n"
                    "route ::/0 port 1\n"
                    "route 2001:DB8::/32 port 0\n"
                    "\tneighbor port 0 mac 02:00:00:00:00:01\n"
                    "neighbor   port 1   mac 02:AB:cd:00:00:02\n")
        p = run(router, path, [])
        ok = p.returncode == 0 and "summary" in p.stdout
        print("%s %-30s exit %d" % ("ok  " if ok else "FAIL", "valid file runs", p.returncode))
        if not ok:
            print(p.stdout[-3000:])
            failures += 1
    print("%d failure(s)" % failures if failures else "all checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
