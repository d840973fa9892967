# SPDX-License-Identifier: BSD-3-Clause
"""What the Python tests share: a check that counts failures and the exit
status it gives, and classic pcap files read and written (either byte
order, us or ns). A test puts tests/ on sys.path and imports it."""
import fcntl
import os
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


def build_dpdk_example(examples, builddir, name):
    """DPDK's examples/@name and examples/common copied from the examples
    cache @examples into @builddir/dpdk-examples and made there with their
    own Makefile against the installed libdpdk, once; under a lock, as
    the tests that build two examples may run at once. The binary, or
    None (checked)."""
    top = os.path.join(builddir, "dpdk-examples")
    binary = os.path.join(top, name, "build", name)
    os.makedirs(top, exist_ok=True)
    with open(os.path.join(top, ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if os.access(binary, os.X_OK):
            return binary
        for d in (name, "common"):
            dst = os.path.join(top, d)
            if d == "common" and os.path.isdir(dst):
                continue
            shutil.rmtree(dst, ignore_errors=True)
            shutil.copytree(os.path.join(examples, d), dst)
        p = subprocess.run(["make", "-C", os.path.join(top, name),
                            "PKGCONF=pkg-config"], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, universal_newlines=True)
    check(p.returncode == 0, "%s builds against the installed libdpdk" % name,
          p.stdout)
    return binary if p.returncode == 0 else None
