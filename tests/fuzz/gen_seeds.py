#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Builds the libFuzzer seed corpus of tests/fuzz into tests/fuzz/corpus/.

corpus/parse: input of fuzz_rxp_parse = 4 bytes of RDES1 (little endian)
followed by an Ethernet frame. Every frame of tests/data/verdict_corpus.pcap
with RDES1 0, the first ones again with an IPv4/IPv6 + TCP/UDP engine word
and with error bits, plus a few hand-made edge frames.

corpus/model: scripts of fuzz_model_rx (opcodes documented in that file):
the normal bring-up and receive, a multi-descriptor frame, an oversize
frame, buffers straddling or outside the DMA window, a tail beyond the
ring, a bad ring, register noise.

corpus/neta: scripts of fuzz_neta_model_rx (opcodes documented in that
file): the normal bring-up and receive of IPv4/IPv6 TCP/UDP frames each
with a raw status word (honest, lying, empty), flow control, the
non-coherent interconnect, a frame over several descriptors, oversize and
empty frames, buffers straddling or outside the DMA window, bad counter
updates, ring registers written while the queue runs, register noise.

Deterministic (no randomness); standard library only. Run from the
repository root:  python3 tests/fuzz/gen_seeds.py
"""
import os
import shutil
import struct

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "tests", "fuzz", "corpus")
PCAP = os.path.join(ROOT, "tests", "data", "verdict_corpus.pcap")

RDES1_IPV4, RDES1_IPV6 = 1 << 4, 1 << 5
RDES1_IPHE, RDES1_BYPASS, RDES1_IPCE = 1 << 3, 1 << 6, 1 << 7
PT_UDP, PT_TCP = 1, 2


def read_pcap(path):
    with open(path, "rb") as f:
        data = f.read()
    magic = struct.unpack("<I", data[:4])[0]
    end = "<" if magic in (0xa1b2c3d4, 0xa1b23c4d) else ">"
    off, frames = 24, []
    while off + 16 <= len(data):
        _, _, incl, _ = struct.unpack(end + "IIII", data[off:off + 16])
        frames.append(data[off + 16:off + 16 + incl])
        off += 16 + incl
    return frames


def csum(b):
    if len(b) % 2:
        b += b"\0"
    s = sum(struct.unpack("!%dH" % (len(b) // 2), b))
    while s >> 16:
        s = (s & 0xffff) + (s >> 16)
    return ~s & 0xffff


def eth(et):
    return bytes.fromhex("020000000001020000000002") + struct.pack("!H", et)


def ipv4_udp(payload, ck=None, frag=0):
    udp_len = 8 + len(payload)
    ip = bytearray(struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + udp_len, 1, frag,
                               64, 17, 0, bytes([192, 0, 2, 1]),
                               bytes([198, 51, 100, 7])))
    struct.pack_into("!H", ip, 10, csum(bytes(ip)))
    udp = bytearray(struct.pack("!HHHH", 1000, 2000, udp_len, 0) + payload)
    if ck is None:
        ph = ip[12:20] + struct.pack("!BBH", 0, 17, udp_len)
        ck = csum(bytes(ph + udp)) or 0xffff
    struct.pack_into("!H", udp, 6, ck)
    return eth(0x0800) + bytes(ip) + bytes(udp)


def ipv6_udp(payload, ck=None):
    udp_len = 8 + len(payload)
    src = bytes.fromhex("20010db8000000000000000000000001")
    dst = bytes.fromhex("20010db8000000000000000000000002")
    ip = struct.pack("!IHBB", 0x60000000, udp_len, 17, 64) + src + dst
    udp = bytearray(struct.pack("!HHHH", 1000, 2000, udp_len, 0) + payload)
    if ck is None:
        ph = src + dst + struct.pack("!IxxxB", udp_len, 17)
        ck = csum(bytes(ph + udp)) or 0xffff
    struct.pack_into("!H", udp, 6, ck)
    return eth(0x86dd) + ip + bytes(udp)


def ipv4_tcp_short():
    """TCP over IPv4 whose datagram (8 bytes) is shorter than a TCP header,
    in a 42-byte frame: the inline parser must not read the data offset."""
    ip = bytearray(struct.pack("!BBHHHBBH4s4s", 0x45, 0, 28, 1, 0x4000, 64, 6, 0,
                               bytes([192, 0, 2, 1]), bytes([198, 51, 100, 7])))
    struct.pack_into("!H", ip, 10, csum(bytes(ip)))
    return eth(0x0800) + bytes(ip) + struct.pack("!HHI", 1000, 2000, 1)


def parse_seeds():
    seeds = []
    frames = read_pcap(PCAP)
    for i, f in enumerate(frames):
        seeds.append(struct.pack("<I", 0) + f)
    engine = [RDES1_IPV4 | PT_UDP, RDES1_IPV4 | PT_TCP, RDES1_IPV6 | PT_UDP,
              RDES1_IPV6 | PT_TCP, RDES1_IPV4 | PT_UDP | RDES1_IPCE,
              RDES1_IPV4 | RDES1_IPHE, RDES1_IPV6 | RDES1_BYPASS]
    for i, f in enumerate(frames[:3 * len(engine)]):
        seeds.append(struct.pack("<I", engine[i % len(engine)]) + f)
    hand = [
        b"", eth(0x0800)[:13], eth(0x0800),
        ipv4_udp(b"\xff" * 32), ipv4_udp(b"abc", ck=0), ipv6_udp(b"abc", ck=0),
        ipv4_udp(b"\0" * 18), ipv6_udp(b"\xff" * 7),
        ipv4_udp(b"x" * 40, frag=0x2000), ipv4_udp(b"y" * 40)[:40],
        ipv4_udp(b"pad") + b"\xa5" * 17,
        eth(0x8100) + b"\x00\x64" + ipv4_udp(b"vlan")[12:],
        eth(0x86dd) + b"\x60" + b"\0" * 20,
        ipv4_tcp_short(),
    ]
    for h in hand:
        seeds.append(struct.pack("<I", RDES1_IPV4 | PT_UDP) + h)
        seeds.append(struct.pack("<I", 0) + h)
    return seeds


# ---- model scripts (see fuzz_model_rx.c) ----

def desc(i, sel=0, off=0, flags=0x13, des2=0):
    """Opcode 0: RDES3 flags bit0 OWN, 1 BUF1V, 2 BUF2V, 16 IOC."""
    return bytes([0, i, sel]) + struct.pack("<HBH", off, flags, des2)


def arm(i):
    return desc(i, 0, i * 0x800, 0x13)


def tail(n):
    return bytes([1, 1]) + struct.pack("<H", n)


def frame(b):
    return bytes([4]) + struct.pack("<H", len(b)) + b


def step(n=8):
    return bytes([5, n])


def reg(off, val):
    return bytes([6]) + struct.pack("<HI", off, val) + b"\0\0"


def model_seeds():
    f60 = ipv4_udp(b"z" * 18)
    f1k = ipv4_udp(bytes(range(256)) * 4)
    s = []
    # hdr byte: wb_batch (bits 0-1), flow control (bit 2)
    s.append(b"\x00" + b"".join(arm(i) for i in range(4)) + tail(4) +
             frame(f60) + frame(f1k) + step() + step())
    s.append(b"\x05" + b"".join(arm(i) for i in range(16)) + tail(16) +
             b"".join(frame(f60) for _ in range(20)) + step(16) + step(16))
    # small buffers: a frame over several descriptors
    s.append(b"\x00" + bytes([3]) + struct.pack("<H", 1 | (256 << 1)) +
             b"".join(arm(i) for i in range(8)) + tail(8) + frame(f1k) + step())
    # oversize and empty frames
    s.append(b"\x00" + arm(0) + arm(1) + tail(2) +
             bytes([4]) + struct.pack("<H", 16400) + b"\x11" * 64 +
             frame(b"") + step())
    # buffers straddling the window end, past it, before it, raw, zero
    s.append(b"\x00" + desc(0, 4, 10) + desc(1, 5, 0) + desc(2, 6, 0) +
             desc(3, 7, 0) + bytes([0]) + b"\x00" * 6 + desc(4, 7, 0) +
             tail(5) + b"".join(frame(f1k) for _ in range(5)) + step())
    # tail beyond the ring, ring length changes, ring base outside
    s.append(b"\x00" + arm(0) + tail(100) + frame(f60) + step() +
             bytes([2]) + struct.pack("<H", 1023) + tail(1000) + step() +
             bytes([7, 5, 5]) + struct.pack("<H", 0) + frame(f60) + step())
    # stop/start RX DMA, link down/up, MAC config, MTL op mode
    s.append(b"\x00" + arm(0) + arm(1) + tail(2) + bytes([3, 0, 0]) +
             frame(f60) + step() + bytes([7, 0]) + frame(f60) + step() +
             bytes([7, 4]) + bytes([3, 1, 16]) + step() +
             bytes([7, 2]) + struct.pack("<I", 0) + frame(f60) + step() +
             bytes([7, 3]) + struct.pack("<I", 0) + step())
    # register noise: unaligned, out of window, soft reset, TX start
    s.append(b"\x00" + reg(0x1001, 1) + reg(0x2010, 0) + reg(0x1000, 1) +
             reg(0x1104, 1) + reg(0x1114, 0) + step() + arm(0) + tail(1) +
             frame(f60) + step())
    return s


# ---- neta model scripts (see fuzz_neta_model_rx.c) ----

NETA_L4_TCP, NETA_L4_UDP, NETA_L4_OTHER = 0 << 21, 1 << 21, 2 << 21
NETA_L3_IP4_ERR, NETA_L3_IP6, NETA_L3_IP4_OK = 1 << 24, 2 << 24, 3 << 24
NETA_L4_CSUM_OK, NETA_IP4_FRAG = 1 << 30, 1 << 31


def ndesc(i, sel=0, off=0, flags=1):
    """Opcode 0: flags bit0 watermark in the size word, bit7 no clean."""
    return bytes([0, i, sel]) + struct.pack("<H", off) + bytes([flags])


def nframe(b, raw=0):
    return bytes([4]) + struct.pack("<HI", len(b), raw) + b


def nstep(n=8, ret=True):
    return bytes([5, (n - 1) | (0x80 if ret else 0)])


def nupdate(processed, added):
    return bytes([1]) + struct.pack("<I", processed | added << 16)


def nsize(descs, buf):
    return bytes([2]) + struct.pack("<I", descs | (buf // 8) << 19)


def ncmd(v):
    return bytes([3]) + struct.pack("<H", v)


def nreg(off, val):
    return bytes([6]) + struct.pack("<HI", off, val) + b"\0\0"


def neta_seeds():
    f60 = ipv4_udp(b"z" * 18)
    f1k = ipv4_udp(bytes(range(256)) * 4)
    v6 = ipv6_udp(b"six" * 20)
    udp_ok = NETA_L3_IP4_OK | NETA_L4_UDP | NETA_L4_CSUM_OK
    frames = read_pcap(PCAP)[:12]
    raws = [0, udp_ok, NETA_L3_IP4_OK | NETA_L4_TCP | NETA_L4_CSUM_OK,
            NETA_L3_IP6 | NETA_L4_UDP | NETA_L4_CSUM_OK, NETA_L3_IP4_ERR,
            udp_ok | NETA_IP4_FRAG, NETA_L4_OTHER]
    s = []
    # hdr byte: flow control (bit 0), non-coherent (bit 1), store order (2-3)
    s.append(b"\x00" + nframe(f60, udp_ok) + nframe(f1k) + nframe(v6, 0) +
             nstep() + nstep())
    s.append(b"\x00" + b"".join(nframe(f, raws[i % len(raws)])
                                 for i, f in enumerate(frames)) +
             nstep(16) + nstep(16))
    s.append(b"\x01" + b"".join(nframe(f60, udp_ok) for _ in range(20)) +
             nstep(16, False) + nstep(16) + nstep(16))
    s.append(b"\x06" + nframe(f60) + nframe(v6, NETA_L3_IP6) + nstep() + nstep())
    # edge frames with lying and empty status words
    hand = [b"", eth(0x0800)[:13], ipv4_udp(b"abc", ck=0), ipv6_udp(b"abc", ck=0),
            ipv4_udp(b"x" * 40, frag=0x2000), ipv4_udp(b"y" * 40)[:40],
            ipv4_udp(b"pad") + b"\xa5" * 17, ipv4_tcp_short(),
            eth(0x8100) + b"\x00\x64" + ipv4_udp(b"vlan")[12:]]
    s.append(b"\x00" + b"".join(nframe(h, raws[i % len(raws)])
                                 for i, h in enumerate(hand)) + nstep(16))
    # small buffers: a frame over several descriptors
    s.append(b"\x00" + ncmd(1 << 8) + nsize(16, 256) + ncmd(1) +
             nframe(f1k) + nstep())
    # oversize and empty frames
    s.append(b"\x00" + bytes([4]) + struct.pack("<HI", 9790, 0) + b"\x11" * 64 +
             nframe(b"") + nstep())
    # buffers straddling the window end, past it, before it, raw, zero
    s.append(b"\x00" + ncmd(1 << 8) + ndesc(0, 4, 10) + ndesc(1, 5, 0) +
             ndesc(2, 6, 0) + ndesc(3, 7, 0) + b"\x00" + ndesc(4, 7, 0) + b"\x00" +
             ncmd(1) + b"".join(nframe(f1k) for _ in range(5)) + nstep())
    # bad counter updates: too many processed, ring overfilled
    s.append(b"\x00" + nframe(f60) + nstep(1, False) + nupdate(5, 0) +
             nupdate(0, 255) + nupdate(0, 255) + nframe(f60) + nstep())
    # ring registers while the queue runs, ring base outside, size 0
    s.append(b"\x00" + nsize(8, 2048) + bytes([7, 11, 5, 0, 0]) +
             nframe(f60) + nstep() + ncmd(1 << 8) + nsize(0, 2048) + ncmd(1) +
             nframe(f60) + nstep())
    # link down/up, port off, packet offset, steering
    s.append(b"\x00" + bytes([7, 0]) + nframe(f60) + nstep() + bytes([7, 10]) +
             bytes([7, 2]) + struct.pack("<I", 0xf00) + nframe(f60) + nstep() +
             bytes([7, 3]) + struct.pack("<I", 0) + nframe(f60) + nstep() +
             bytes([7, 4]) + struct.pack("<I", 0xffffffff) + nframe(f60) + nstep())
    # register noise: unaligned, out of window, MIB reads
    s.append(b"\x00" + nreg(0x1401, 1) + nreg(0x4010, 0) + nreg(0x3000, 0) +
             nreg(0x2680, 0xffff) + nstep() + nframe(f60) + nstep())
    return s


def write(sub, seeds):
    d = os.path.join(OUT, sub)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    seen = set()
    for i, b in enumerate(seeds):
        if b in seen:
            continue
        seen.add(b)
        with open(os.path.join(d, "seed-%03d" % i), "wb") as f:
            f.write(b)
    return sum(len(b) for b in seen), len(seen)


if __name__ == "__main__":
    for sub, seeds in (("parse", parse_seeds()), ("model", model_seeds()),
                       ("neta", neta_seeds())):
        n, c = write(sub, seeds)
        print("corpus/%s: %d files, %d bytes" % (sub, c, n))
