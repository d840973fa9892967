#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""Include rules of the tree (docs/design/families.md), checked on the sources.

 1. lib/ speaks no NIC: no file under lib/ includes anything under drivers/
    (by path, or by the name of a header that lives only there), and no
    lib/ meson.build names drivers/.
 2. drivers/ reach other folders through include directories, never with a
    relative "../" path; hardware headers live in each driver's base/.

Usage: test_layering.py SOURCE_ROOT. Prints one line per violation, exits 1
when there is any.
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^">]+)[">]', re.M)


def sources(root, top):
    for d, _, files in os.walk(os.path.join(root, top)):
        for f in sorted(files):
            if f.endswith((".c", ".h")):
                yield os.path.join(d, f)


def includes(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return INCLUDE.findall(f.read())


def rel(root, path):
    return os.path.relpath(path, root)


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".")
    bad = []
    lib_headers = {os.path.basename(p) for p in sources(root, "lib")}
    driver_headers = {os.path.basename(p) for p in sources(root, "drivers")
                      if p.endswith(".h")} - lib_headers
    for path in sources(root, "lib"):
        for inc in includes(path):
            if "drivers/" in inc or os.path.basename(inc) in driver_headers:
                bad.append("%s includes %s: lib/ must not include drivers/" %
                           (rel(root, path), inc))
    for d, _, files in os.walk(os.path.join(root, "lib")):
        if "meson.build" in files:
            p = os.path.join(d, "meson.build")
            with open(p, encoding="utf-8") as f:
                if "drivers" in f.read():
                    bad.append("%s names drivers/" % rel(root, p))
    for path in sources(root, "drivers"):
        for inc in includes(path):
            if inc.startswith("../") or "/../" in inc:
                bad.append("%s includes %s: use an include directory, not ../" %
                           (rel(root, path), inc))
    for line in bad:
        print("layering: " + line)
    print("layering: %d violation(s)" % len(bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
