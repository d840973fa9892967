#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""No CPU fence, and no call through a pointer known at build time, in the
PMDs' x86-64 burst functions.

Fences. The descriptor barriers of the RX and TX bursts (socnic_io.h) are
those of memory a device writes coherently, rte_io_rmb()/rte_io_wmb()
(Linux's dma_rmb()/dma_wmb()): "dmb oshld"/"dmb oshst" on arm64, compiler
barriers on x86-64. rte_rmb() there is an lfence, which stalls every later
instruction until the status word's miss is served; rte_wmb() an sfence.
Cache maintenance of non-coherent rings and buffers has its fences in
lib/rxpath's sync functions, which the bursts call, not inline.

Calls. A family's steps (harvest, classify, general path, ...) are given to
the shared burst as constant, always-inline arguments
(docs/design/families.md, "No function pointer per packet"): once inlined,
the compiler must have made each one direct, inlined code. One it did not
fold shows in the burst as the step's address taken (lea ...(%rip) of a
function, a GOT slot of one, or a table of them in the PMD's data) and
called through a register or memory, or as a direct call to an out-of-line
copy of the step. The indirect calls the bursts make by design go through
pointers only known at run time, loaded from memory a register points to:
mempool ops (rte_mempool_ops_table, another library's), lib/rxpath's DMA
sync variant and its observer hook (struct rxp_sync in the queue), the
backend's register accessors and read-barrier hook (struct socnic_backend,
struct socnic_rmb_hook); lib/csum's run-time dispatch (a pointer variable,
POINTER_VARIABLES) is allowed too. So, in every fast-path function:

  1. no instruction refers (rip-relative) to code, nor to data holding a
     code address of the PMD (a GOT slot of a function, a const table of
     function pointers, a function pointer variable), other than
     POINTER_VARIABLES and a fast-path function's own address (ASan's
     frame descriptors hold it); a call through such a GOT slot
     (-fno-plt) counts as a direct call to its function (rule 2). The
     rule is on where an address comes from, not on the call: an unfolded
     pointer is often spilled, and its call reads it back from the stack
     (call *%rax after mov 0x120(%rsp),%rax). A code address the burst
     reaches otherwise (the heap, another library's data) is one the
     compiler could not know: call *%reg and call *mem are allowed then;
  2. no direct call or jump to a function of the family or of socnic named
     <family>_rx_* or socnic_rx_* (the RX burst's steps and helpers, inline
     by design) other than a fast-path function (a burst's own split parts,
     the refill) and the slow paths of OUT_OF_LINE.

Both rules are for an optimised build: at -O0 nothing is folded and
nothing inlined but always-inline functions, so they are checked where
meson's optimization is 1, 2, 3 or s (--optimization=, which
tests/pmd/meson.build gives; without it, checked). Under the sanitizers
(--sanitized; config/run.sh's clang build, -O3 as every build here) rule 1
holds, rule 2 is not checked: the instrumented helpers grow and clang
leaves static inline one-liners (<family>_rx_room, in the refill) out of
line, which says nothing of the uninstrumented build.

Disassembles each PMD given (objdump -d) and checks every function of the
fast path, RX and TX bursts of every variant and the RX refill (names
starting with <family>_recv_pkts, <family>_xmit_pkts, <family>_rx_refill),
gcc's split parts (.part.N, .cold) included. Also checks those functions
exist and that the relocations show the PMD's burst variant tables
(<family>_rx_variants) holding code addresses, so that a rename or a
linker's new relocation format cannot make the test vacuous.

Usage: test_burst_fences.py [--optimization=LEVEL] [--sanitized] PMD.so ...
Exit 77 without objdump.
"""
import bisect
import re
import shutil
import subprocess
import sys

FAST = re.compile(r"^(stmmac|mvneta)_(recv_pkts|xmit_pkts|rx_refill)")
FUNC = re.compile(r"^[0-9a-f]+ <([^>]+)>:$")
INSN = re.compile(r"^\s*([0-9a-f]+):\s+(.*)$")
FENCE = re.compile(r"\s(lfence|sfence|mfence)\b")
# A rip-relative operand and objdump's note of its target.
RIP = re.compile(r"\(%rip\).*#\s*([0-9a-f]+)(?:\s+<([^>]+)>)?")
# A direct call or jump (conditional ones too: clang's tail calls).
DIRECT = re.compile(r"(?:^|\s)(call|j[a-z]+)\s+[0-9a-f]+\s+<([^>+]+)>")
INDIRECT = re.compile(r"(?:^|\s)(call|jmp)\s+\*(\S+)")
# objdump -t/-T -w: address, 7 flag characters, section, size, name last.
SYM = re.compile(r"^([0-9a-f]+) (.{7}) (\S+)\s+([0-9a-f]+)\s+.*?(\S+)$")

# Out-of-line slow paths a burst calls (drivers/<family>/<family>_rxq.c),
# each at most once per frame off the clean path or once per empty poll:
OUT_OF_LINE = {
    "rx_desc",           # the general path: errors, chains, a frame resumed
    "rx_stale",          # a stale status word: RDES2 still armed
    "rx_stuck_check",    # a stopped ring (row 12), every 128th empty poll
    "rx_missed_update",  # the clear-on-read missed counter: a register read
    "rx_stamp_apply",    # IEEE 1588 flags and stamp on a general-path frame
}
# Function pointers chosen at run time that a fast-path function may load:
# lib/csum's dispatch to the CPU's kernel (csum_dispatch.c). Today the
# bursts reach it through csum_partial_long(), out of line.
POINTER_VARIABLES = {"partial_fn", "partial_copy_fn"}
OPTIMISED = {"1", "2", "3", "s"}


def run(*cmd):
    return subprocess.run(cmd, capture_output=True, text=True,
                          check=True).stdout


def base_name(sym):
    """A symbol without @plt, @version, +offset and gcc's clone suffixes."""
    return re.split(r"[@+]", sym)[0].split(".")[0]


class Image:
    """What the PMD's headers, symbols and dynamic relocations say."""

    def __init__(self, path, objdump):
        self.code = []
        self.sections = []
        for line in run(objdump, "-h", "-w", path).splitlines():
            f = line.split()
            if len(f) >= 7 and f[0].isdigit():
                span = (int(f[3], 16), int(f[3], 16) + int(f[2], 16), f[1])
                self.sections.append(span)
                if "CODE" in line:
                    self.code.append(span)
        funcs = set()
        named = {}
        objects = []
        for opt in ("-t", "-T"):
            for line in run(objdump, opt, "-w", path).splitlines():
                m = SYM.match(line)
                if not m:
                    continue
                name = base_name(m.group(5))
                if "F" in m.group(2):
                    funcs.add(name)
                    named.setdefault(int(m.group(1), 16), m.group(5))
                elif "O" in m.group(2) and int(m.group(4), 16) > 0:
                    start = int(m.group(1), 16)
                    objects.append((start, start + int(m.group(4), 16),
                                    m.group(5)))
        objects.sort()
        self.objects = objects
        self.starts = [o[0] for o in objects]
        # Addresses where the loader writes a code address, and whose.
        self.code_at = {}
        for line in run(objdump, "-R", "-w", path).splitlines():
            f = line.split()
            if len(f) < 3 or not re.match(r"^[0-9a-f]{8,}$", f[0]):
                continue
            at, kind, val = int(f[0], 16), f[1], f[2]
            if kind in ("R_X86_64_RELATIVE", "R_X86_64_IRELATIVE"):
                m = re.search(r"\+0x([0-9a-f]+)$", val)
                if m and self.in_code(int(m.group(1), 16)):
                    self.code_at[at] = named.get(int(m.group(1), 16),
                                                 "0x" + m.group(1).lstrip("0"))
            elif kind in ("R_X86_64_64", "R_X86_64_GLOB_DAT",
                          "R_X86_64_JUMP_SLOT"):
                if base_name(val) in funcs:
                    self.code_at[at] = base_name(val)
        self.code_addrs = sorted(self.code_at)

    def in_code(self, addr):
        return any(s <= addr < e for s, e, _ in self.code)

    def section(self, addr):
        for s, e, name in self.sections:
            if s <= addr < e:
                return name
        return "?"

    def datum(self, addr):
        """The data object holding @addr (start, end, name), or 8 bytes."""
        i = bisect.bisect_right(self.starts, addr) - 1
        if i >= 0 and addr < self.objects[i][1]:
            return self.objects[i]
        return (addr, addr + 8, None)

    def code_in(self, start, end):
        i = bisect.bisect_left(self.code_addrs, start)
        j = bisect.bisect_left(self.code_addrs, end)
        return sorted({self.code_at[a] for a in self.code_addrs[i:j]})


def check_ref(img, fam, addr, insn, note, rule2):
    """Rule 1 for one rip-relative operand; a problem, or None."""
    if img.in_code(addr):
        if note and "+" not in note and FAST.match(base_name(note)):
            return None
        return "the address of code (%s) is taken: a function passed as a " \
               "pointer and not inlined" % (note or hex(addr))
    start, end, name = img.datum(addr)
    targets = [t for t in img.code_in(start, end) if not FAST.match(t)]
    if not targets or base_name(name or "") in POINTER_VARIABLES:
        return None
    m = INDIRECT.search(insn)
    if m and img.section(addr) == ".got" and end - start == 8:
        return check_callee(fam, targets[0], "through the GOT") if rule2 \
            else None
    return "reads %s (%s), which holds the address of %s: a function " \
           "pointer known at build time" % (name or hex(addr),
                                            img.section(addr),
                                            ", ".join(targets))


def check_callee(fam, sym, how=""):
    """Rule 2 for one direct callee; a problem, or None."""
    name = base_name(sym)
    if FAST.match(name):
        return None
    m = re.match(r"^(%s|socnic)_(rx_.*)$" % fam, name)
    if not m or (m.group(1) == fam and m.group(2) in OUT_OF_LINE):
        return None
    return "calls %s out of line%s: a step or helper of the RX burst " \
           "meant to be inlined" % (sym, " " + how if how else "")


def check(path, objdump, rules):
    fam = "mvneta" if "mvneta" in path else "stmmac"
    calls = 1 in rules
    img = Image(path, objdump) if calls else None
    out = run(objdump, "-d", "--no-show-raw-insn", path)
    fn = None
    seen = set()
    bad = []
    stats = {"fences": 0, "reg": 0, "mem": 0}
    slow = set()
    for line in out.splitlines():
        m = FUNC.match(line) if line.endswith(">:") else None
        if m:
            name = m.group(1)
            fn = name if FAST.match(name) and "@plt" not in name else None
            if fn:
                seen.add(fn.split(".")[0])
            continue
        m = INSN.match(line) if fn else None
        if not m:
            continue
        addr, insn = m.group(1), m.group(2).strip()
        where = "%s: %s: %s: %s" % (path, fn, addr, insn)
        if "fence" in insn and FENCE.search(" " + insn):
            stats["fences"] += 1
            bad.append(where)
        if not calls:
            continue
        jump = "call" in insn or insn.startswith("j")
        m = INDIRECT.search(insn) if jump else None
        if m and "(%rip)" not in m.group(2):
            stats["reg" if m.group(2).startswith("%") else "mem"] += 1
        m = RIP.search(insn) if "(%rip)" in insn else None
        if m:
            problem = check_ref(img, fam, int(m.group(1), 16), insn,
                                m.group(2), 2 in rules)
            if problem:
                bad.append("%s: %s" % (where, problem))
        m = DIRECT.search(insn) if jump else None
        if m:
            problem = check_callee(fam, m.group(2)) if 2 in rules else None
            if problem:
                bad.append("%s: %s" % (where, problem))
            elif not FAST.match(base_name(m.group(2))) and \
                    re.match(r"^(%s|socnic)_" % fam, m.group(2)):
                slow.add(base_name(m.group(2)))
    if calls:
        table = [o for o in img.objects if o[2] == fam + "_rx_variants"]
        if not table or not img.code_in(table[0][0], table[0][1]):
            bad.append("%s: no code address seen in %s_rx_variants: rule 1 "
                       "cannot see function pointers in data" % (path, fam))
    return seen, bad, stats, slow


def main(argv):
    objdump = shutil.which("objdump")
    if objdump is None:
        print("no objdump: skipped")
        return 77
    level, sanitized = None, False
    paths = []
    for a in argv[1:]:
        if a.startswith("--optimization="):
            level = a.split("=", 1)[1]
        elif a == "--sanitized":
            sanitized = True
        else:
            paths.append(a)
    rules = set()
    if level is None or level in OPTIMISED:
        rules.add(1)
        if not sanitized:
            rules.add(2)
        else:
            print("sanitizers: rule 2 not checked (instrumented, static "
                  "inline helpers are left out of line)")
    else:
        print("optimization %s: calls not checked (nothing is folded or "
              "inlined but always-inline functions)" % level)
    rc = 0
    for path in paths:
        seen, bad, stats, slow = check(path, objdump, rules)
        fam = "mvneta" if "mvneta" in path else "stmmac"
        want = {fam + "_recv_pkts", fam + "_recv_pkts_nc", fam + "_xmit_pkts",
                fam + "_xmit_pkts_nc", fam + "_rx_refill"}
        missing = want - seen
        if missing:
            print("%s: fast-path functions not found: %s" % (path, ", ".join(sorted(missing))))
            rc = 1
        for b in bad:
            print(b)
            rc = 1
        line = "%s: %d fast-path functions, %d fences" % (path, len(seen),
                                                         stats["fences"])
        if rules:
            line += "; %d indirect calls (%d through a register), %d " \
                    "problems with calls; called out of line: %s" % (
                        stats["reg"] + stats["mem"], stats["reg"],
                        len(bad) - stats["fences"],
                        ", ".join(sorted(slow)) or "none")
        print(line)
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv))
