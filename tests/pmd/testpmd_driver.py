# SPDX-License-Identifier: BSD-3-Clause
"""Driving Debian's interactive dpdk-testpmd from Python: shared by the
testpmd integration test (tests/pmd/test_testpmd.py) and the RX ablation
benchmark (tests/bench/ablation.py)."""
import os
import queue
import re
import shutil
import stat
import subprocess
import tempfile
import threading

TESTPMD = shutil.which("dpdk-testpmd") or "/usr/bin/dpdk-testpmd"


class TestpmdSession:
    """An interactive dpdk-testpmd fed through pipes. A command is complete
    when testpmd prints its prompt again; output goes to @log (a list or a
    file)."""

    PROMPT = "testpmd> "
    HANG_GUARD = 120.0   # seconds without a prompt: testpmd is stuck

    def __init__(self, eal, args, log, testpmd=TESTPMD, wrapper=()):
        # stdbuf: testpmd's printf output would sit in a pipe's block buffer.
        # @wrapper runs a testpmd of another architecture (the cross files'
        # qemu-user command): stdbuf's LD_PRELOAD reaches the emulated
        # program through the environment and qemu's -L finds the
        # sysroot's libstdbuf.so of that architecture under the same path.
        self.argv = (["stdbuf", "-oL", "-eL"] + list(wrapper) + [testpmd] + eal
                     + ["--", "-i"] + args)
        self.log = log
        self._log("$ " + " ".join(self.argv) + "\n")
        self.p = subprocess.Popen(self.argv, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT)
        self.chunks = queue.Queue()
        threading.Thread(target=self._reader, daemon=True).start()
        self.startup = self.until_prompt()

    def _log(self, text):
        if hasattr(self.log, "write"):
            self.log.write(text)
        else:
            self.log.append(text)

    def _reader(self):
        fd = self.p.stdout.fileno()
        while True:
            b = os.read(fd, 65536)
            if not b:
                break
            self.chunks.put(b.decode(errors="replace"))
        self.chunks.put(None)

    def until_prompt(self):
        out = ""
        while not out.endswith(self.PROMPT):
            try:
                c = self.chunks.get(timeout=self.HANG_GUARD)
            except queue.Empty:
                break
            if c is None:
                break
            out += c
        self._log(out)
        return out

    def cmd(self, text):
        self.p.stdin.write((text + "\n").encode())
        self.p.stdin.flush()
        return self.until_prompt()

    def port_stats(self):
        """{port: {"RX-packets": n, "RX-missed": n, ...}} from 'show port stats all'."""
        out = self.cmd("show port stats all")
        stats = {}
        for m in re.finditer(r"NIC statistics for port (\d+)(.*?)(?=NIC statistics for port|\Z)",
                             out, re.S):
            d = {}
            for k, v in re.findall(r"([A-Za-z-]+):\s+(\d+)", m.group(2)):
                d.setdefault(k, int(v))
            stats[int(m.group(1))] = d
        return stats

    def quit(self):
        try:
            self.p.stdin.write(b"quit\n")
            self.p.stdin.flush()
            self.p.wait(timeout=60)
        except (BrokenPipeError, subprocess.TimeoutExpired):
            self.p.kill()
            self.p.wait()


def world_writable_ancestor(path):
    path = os.path.abspath(path)
    while True:
        if os.stat(path).st_mode & stat.S_IWOTH:
            return True
        parent = os.path.dirname(path)
        if parent == path:
            return False
        path = parent


def safe_plugin(so):
    """EAL refuses -d plugins under a world-writable directory (e.g. /tmp):
    returns (path to load, directory to remove afterwards or None), copying
    the PMD to a root-only directory when needed."""
    so = os.path.abspath(so)
    if not world_writable_ancestor(os.path.dirname(so)):
        return so, None
    base = "/var/cache/socrx"
    os.makedirs(base, mode=0o755, exist_ok=True)
    d = tempfile.mkdtemp(prefix="plugin-", dir=base)
    os.chmod(d, 0o755)
    dst = os.path.join(d, os.path.basename(so))
    shutil.copy2(so, dst)
    return dst, d
