# SPDX-License-Identifier: BSD-3-Clause
"""Running socrx-devmodel from a test: the fake UIO devices of a DPDK
application's net_stmmac_uio ports (uio=, uio_root=), each a devmodel
process whose standard output lines ("socrx-devmodel uioN: ready|stats|
exit ...") are read here. Shared by test_devmodel_cli.py,
test_devmodel_testpmd.py and test_devmodel_router.py.

Every wait is bounded by a count of polls or by a generous guard against a
hang; no check depends on how long something took."""
import glob
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testlib import check, result  # noqa: E402,F401 (re-exported)

HANG_GUARD = 120.0      # seconds without the awaited line: the devmodel hangs
POLL_S = 0.2            # between statistics requests
MAX_POLLS = 600         # statistics requests before giving up
HUGEPAGES = 256         # free hugepages a test needs (install-deps.sh: 512)


def end_all(prefix, procs=(), devmodels=()):
    """Whatever still runs is killed; the DPDK files of PREFIX go."""
    for p in procs:
        if p is not None and p.poll() is None:
            p.kill()
            p.wait()
    for dm in devmodels:
        dm.kill()
    dpdk_cleanup(prefix)


def skip_if_beyond_reach(text):
    """NETA's bus addresses are 32 bits and a UIO port runs IOVA as PA:
    on a host whose hugepages lie above 4 GiB physically the PMD refuses
    the mempool (as it would on such a board) and nothing can be tested:
    skipped (77), with the PMD's reason from the application's @p text."""
    line = next((x for x in text.splitlines()
                 if "the port's DMA reaches" in x), None)
    if line is not None:
        print("SKIP: this host's hugepages lie beyond NETA's 32-bit DMA "
              "reach: " + line.strip(), flush=True)
        raise SystemExit(77)


def skip_unless_root_with_hugepages():
    """Exits 77 (skipped, with the reason) when not root; fails (exit 1)
    when root without the hugepages config/install-deps.sh sets up: a CI
    machine is root, and must run these tests."""
    if os.geteuid() != 0:
        print("SKIP: the application needs IOVA as PA (physical addresses: root) "
              "and hugepages shared with socrx-devmodel")
        raise SystemExit(77)
    free, mounted = 0, False
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("HugePages_Free:"):
                free = int(line.split()[1])
    with open("/proc/mounts") as f:
        mounted = any(line.split()[2] == "hugetlbfs" for line in f)
    if not mounted or free < HUGEPAGES:
        print("FAIL: root, but %s: run config/install-deps.sh, which sets them up"
              % ("no hugetlbfs mount" if not mounted else
                 "%d free hugepages, %d needed" % (free, HUGEPAGES)))
        raise SystemExit(1)


def fields(line):
    """{key: int} of the key=value words of a devmodel line."""
    return {k: int(v) for k, v in re.findall(r"(\w+)=(\d+)", line)}


def dpdk_cleanup(prefix):
    """What a DPDK primary of --file-prefix PREFIX leaves once it and its
    secondaries are gone: its runtime directory and hugepage files."""
    shutil.rmtree("/var/run/dpdk/" + prefix, ignore_errors=True)
    for mnt in hugetlbfs_mounts():
        for f in glob.glob(os.path.join(mnt, prefix + "map_*")):
            os.unlink(f)


def hugetlbfs_mounts():
    with open("/proc/mounts") as f:
        return [line.split()[1] for line in f if line.split()[2] == "hugetlbfs"]


class DevModel:
    """One socrx-devmodel process serving ROOT/sys/class/uio/UIO."""

    def __init__(self, exe, root, uio, prefix, model="", extra=(), wrapper=()):
        self.uio = uio
        self.argv = (list(wrapper) + [exe, "--uio-root", root, "--uio", uio,
                                      "--file-prefix", prefix]
                     + (["--model", model] if model else []) + list(extra))
        print("$ " + " ".join(self.argv), flush=True)
        self.p = subprocess.Popen(self.argv, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE,
                                  universal_newlines=True)
        self.lines = queue.Queue()
        self.out, self.err = [], []
        self.report = 0
        threading.Thread(target=self._read, args=(self.p.stdout, True),
                         daemon=True).start()
        threading.Thread(target=self._read, args=(self.p.stderr, False),
                         daemon=True).start()

    def _read(self, stream, is_out):
        for line in stream:
            (self.out if is_out else self.err).append(line)
            if is_out:
                self.lines.put(line)
        if is_out:
            self.lines.put(None)

    def wait_line(self, word):
        """The next standard output line '...: WORD ...', or None when the
        process ended first (or hangs)."""
        while True:
            try:
                line = self.lines.get(timeout=HANG_GUARD)
            except queue.Empty:
                return None
            if line is None:
                return None
            if re.match(r"socrx-devmodel %s: %s\b" % (self.uio, word), line):
                return line

    def ready(self):
        return self.wait_line("ready") is not None

    def stats(self):
        """The model's counters now (SIGUSR1, then its stats line)."""
        self.p.send_signal(signal.SIGUSR1)
        line = self.wait_line("stats")
        return fields(line) if line else {}

    def wait_stats(self, cond):
        """Polls the counters until cond(stats) holds; the last ones."""
        st = {}
        for _ in range(MAX_POLLS):
            st = self.stats()
            if not st or cond(st):
                return st
            time.sleep(POLL_S)
        return st

    def finish(self):
        """Waits for the devmodel to end by itself (the application it
        attached to exited): (exit status, final counters, exit reason)."""
        try:
            rc = self.p.wait(timeout=HANG_GUARD)
        except subprocess.TimeoutExpired:
            self.p.kill()
            rc = self.p.wait()
        while self.lines.get() is not None:     # the reader is done
            pass
        self.lines.put(None)
        last, reason = {}, ""
        for line in self.out:
            m = re.match(r"socrx-devmodel %s: exit(-error)? (report=.*)" % self.uio, line)
            if m:
                last = fields(m.group(2))
            m = re.match(r"socrx-devmodel %s: exit: (.*)" % self.uio, line)
            if m:
                reason = m.group(1)
        return rc, last, reason

    def stop(self, sig=signal.SIGTERM):
        if self.p.poll() is None:
            self.p.send_signal(sig)
        return self.finish()

    def kill(self):
        if self.p.poll() is None:
            self.p.kill()
            self.p.wait()

    def log(self):
        return "".join(self.out) + "".join(self.err)
