# SPDX-License-Identifier: BSD-3-Clause
"""What the Python tests share: a check that counts failures and the exit
status it gives, and classic pcap files read and written (either byte
order, us or ns). A test puts tests/ on sys.path and imports it."""
import concurrent.futures
import fcntl
import os
import re
import shutil
import signal
import struct
import subprocess

failures = []


def check(cond, what, output=None):
    """Prints ok/FAIL and the description; on failure, the tail of
    @output (the command's log) too."""
    print(("ok   " if cond else "FAIL ") + what, flush=True)
    if not cond:
        failures.append(what)
        if output:
            print(output[-3000:])
    return cond


def result(more=()):
    """Exit status of a test: 1 when a check (here or in @more) failed."""
    n = len(failures) + len(more)
    print("%d check(s) failed" % n if n else "all checks passed")
    return 1 if n else 0


def read_pcap(path):
    """Frames of a classic pcap file."""
    with open(path, "rb") as f:
        data = f.read()
    magic = data[:4]
    if magic in (b"\xd4\xc3\xb2\xa1", b"\x4d\x3c\xb2\xa1"):
        end = "<"
    elif magic in (b"\xa1\xb2\xc3\xd4", b"\xa1\xb2\x3c\x4d"):
        end = ">"
    else:
        raise ValueError("%s: not a pcap file" % path)
    off, frames = 24, []
    while off + 16 <= len(data):
        _, _, incl, _ = struct.unpack(end + "IIII", data[off:off + 16])
        off += 16
        frames.append(data[off:off + incl])
        off += incl
    return frames


def on_wire(frames):
    """@frames as a MAC that pads sends them: zero-padded to 60 bytes
    (dwmac4 with TDES3 CPC 0, NETA with Z_PAD; FCS not included)."""
    return [f + bytes(60 - len(f)) if len(f) < 60 else f for f in frames]


def write_pcap(path, frames):
    """A pcap file of @frames (Ethernet link type, fixed timestamps)."""
    with open(path, "wb") as f:
        f.write(struct.pack("<IHHiIII", 0xa1b2c3d4, 2, 4, 0, 0, 65535, 1))
        for i, fr in enumerate(frames):
            f.write(struct.pack("<IIII", 1700000000, i, len(fr), len(fr)))
            f.write(fr)


def write_empty_pcap(path):
    """A pcap file with no frame (Ethernet link type)."""
    write_pcap(path, [])


def interrupt(p, timeout=60):
    """Exit status of process @p after a SIGINT (if still running); killed
    when it does not exit within @timeout seconds (a hang)."""
    if p.poll() is None:
        p.send_signal(signal.SIGINT)
    try:
        return p.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        p.kill()
        return p.wait()


def build_once(top, binary, what, build):
    """@binary, made by @build() (which returns (ok, its output)) in @top
    unless an earlier run made it: under @top's lock, as the tests that
    need it may run at once. @what names it in the check that the build
    passed. The binary, or None (checked)."""
    os.makedirs(top, exist_ok=True)
    with open(os.path.join(top, ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if os.access(binary, os.X_OK):
            return binary
        ok, out = build()
    check(ok, "%s builds against the installed libdpdk" % what, out)
    return binary if ok else None


def build_dpdk_testpmd(examples, builddir, defines):
    """DPDK's testpmd built from the sources the examples cache @examples
    keeps (test-pmd, from the installed version's source package) into
    @builddir/dpdk-testpmd-NAME with each of @defines (e.g.
    RTE_LIBRTE_IEEE1588, which Debian's dpdk-testpmd is built without),
    against the installed libdpdk; once (build_once()). The driver-specific
    commands (RTE_NET_*: their drivers' private headers) and JSON flow
    items are left out. The binary; None when the cache has no sources
    (no source package was served); a failed build is checked."""
    src = os.path.join(examples, "test-pmd")
    if not os.path.isdir(src):
        return None
    name = "-".join(d.lower() for d in defines) or "plain"
    top = os.path.join(builddir, "dpdk-testpmd-" + name)
    binary = os.path.join(top, "dpdk-testpmd")

    def build():
        sources = sorted(f for f in os.listdir(src) if f.endswith(".c"))
        nets = set()
        for f in sources + sorted(f for f in os.listdir(src) if f.endswith(".h")):
            with open(os.path.join(src, f), errors="replace") as fh:
                nets.update(re.findall(r"\bRTE_NET_[A-Z0-9_]+\b", fh.read()))
        shadow = os.path.join(top, "shadow")
        os.makedirs(shadow, exist_ok=True)
        with open(os.path.join(shadow, "rte_build_config.h"), "w") as fh:
            fh.write("#include_next <rte_build_config.h>\n")
            for n in sorted(nets) + ["RTE_HAS_JANSSON"]:
                fh.write("#undef %s\n" % n)
        cflags = subprocess.run(["pkg-config", "--cflags", "libdpdk"],
                                stdout=subprocess.PIPE, universal_newlines=True,
                                check=True).stdout.split()
        libs = subprocess.run(["pkg-config", "--libs", "libdpdk"],
                              stdout=subprocess.PIPE, universal_newlines=True,
                              check=True).stdout.split()
        cc = [os.environ.get("CC", "cc")]
        if shutil.which("ccache"):
            cc = ["ccache"] + cc
        base = cc + ["-O1", "-w", "-DALLOW_EXPERIMENTAL_API",
                     "-DALLOW_INTERNAL_API", "-I" + shadow] + \
            ["-D" + d for d in defines] + cflags + ["-I" + src]

        def compile_one(f):
            return subprocess.run(base + ["-c", os.path.join(src, f), "-o",
                                          os.path.join(top, f[:-2] + ".o")],
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  universal_newlines=True)
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            runs = list(pool.map(compile_one, sources))
        out = "".join(r.stdout for r in runs)
        if not all(r.returncode == 0 for r in runs):
            return False, out
        p = subprocess.run(cc + ["-o", binary + ".tmp"] +
                           [os.path.join(top, f[:-2] + ".o") for f in sources] +
                           libs + ["-lm"],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           universal_newlines=True)
        if p.returncode == 0:
            os.rename(binary + ".tmp", binary)
        return p.returncode == 0, out + p.stdout
    return build_once(top, binary, "testpmd (%s)" % " ".join(defines), build)


def build_dpdk_example(examples, builddir, name):
    """DPDK's examples/@name and examples/common copied from the examples
    cache @examples into @builddir/dpdk-examples and made there with their
    own Makefile against the installed libdpdk; once (build_once()). The
    binary, or None (checked)."""
    top = os.path.join(builddir, "dpdk-examples")
    binary = os.path.join(top, name, "build", name)

    def build():
        for d in (name, "common"):
            dst = os.path.join(top, d)
            if d == "common" and os.path.isdir(dst):
                continue
            shutil.rmtree(dst, ignore_errors=True)
            shutil.copytree(os.path.join(examples, d), dst)
        p = subprocess.run(["make", "-C", os.path.join(top, name),
                            "PKGCONF=pkg-config"], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, universal_newlines=True)
        return p.returncode == 0, p.stdout
    return build_once(top, binary, name, build)
