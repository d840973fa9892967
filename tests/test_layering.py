#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""Include rules of the tree (docs/design/families.md), checked on the sources.

 1. lib/ speaks no NIC: no file under lib/ includes anything under drivers/
    (by path, or by the name of a header that lives only there), and no
    lib/ meson.build names drivers/.
 2. drivers/ reach other folders through include directories, never with a
    relative "../" path; hardware headers live in each driver's base/.
 3. A PMD reaches its device model through its model backend only: no file
    of a driver's own folder includes a model header (those of model/
    folders and socnic_model_args.h) unless it is part of the model
    backend (its name has "_model" in it).

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
    model_headers = {"socnic_model_args.h"}
    for d, _, files in os.walk(os.path.join(root, "drivers")):
        if os.path.basename(d) == "model":
            model_headers |= {f for f in files if f.endswith(".h")}
    drivers = os.path.join(root, "drivers")
    for name in sorted(os.listdir(drivers)):
        folder = os.path.join(drivers, name)
        if name == "common" or not os.path.isdir(folder):
            continue
        for f in sorted(os.listdir(folder)):
            if not f.endswith((".c", ".h")) or "_model" in f:
                continue
            path = os.path.join(folder, f)
            for inc in includes(path):
                if os.path.basename(inc) in model_headers:
                    bad.append("%s includes %s: only the model backend "
                               "includes model headers" % (rel(root, path), inc))
    for line in bad:
        print("layering: " + line)
    print("layering: %d violation(s)" % len(bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
