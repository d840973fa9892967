/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dwmac4 model, fault injection of the receive engine (struct
 * dwmac4_model_faults, dwmac4_model_faults.c) in step mode: what each knob
 * does to the descriptors and buffers, exactly, one frame at a time, with
 * a minimal driver in this file (arm, harvest, re-arm, tail). Also the
 * knobs' API (per channel, validation, changes while running), the replay
 * of a schedule from its seed, and the RBU suspend/resume semantics the
 * stall and completion-anomaly knobs rely on. Frames come from the
 * model's generator (valid IPv4/IPv6 UDP/TCP, checksums right) through a
 * queue source; the CRC reference is recomputed here bit by bit.
 */
#include <errno.h>
#include <string.h>

#include "dwmac4_desc.h"
#include "dwmac4_model.h"
#include "dwmac4_regs.h"
#include "harness.h"
#include "model_fixture.h"
#include "model_traffic.h"

#define DIM(a) (sizeof(a) / sizeof((a)[0]))
#define MIN(a, b) ((a) < (b) ? (a) : (b))

/* ---- A queue of frames as the traffic source ---- */

#define QSRC_MAX 1024u
#define FRAME_MAX 4096u

struct qsrc {
	struct model_traffic_src base;
	uint8_t frame[QSRC_MAX][FRAME_MAX];
	size_t len[QSRC_MAX];
	unsigned int head, tail;
};

static int
qsrc_next(struct model_traffic_src *s, uint8_t *buf, size_t cap)
{
	struct qsrc *q = (struct qsrc *)s;
	size_t len;

	if (q->head == q->tail)
		return 0;
	len = q->len[q->head % QSRC_MAX];
	if (len > cap)
		abort();
	memcpy(buf, q->frame[q->head % QSRC_MAX], len);
	q->head++;
	s->frames++;
	return (int)len;
}

static void
qsrc_destroy(struct model_traffic_src *s)
{
	free(s);
}

static struct qsrc *
qsrc_create(void)
{
	struct qsrc *q = calloc(1, sizeof(*q));

	if (q == NULL)
		abort();
	q->base.next = qsrc_next;
	q->base.destroy = qsrc_destroy;
	return q;
}

/*
 * Frame number @p seq of a generator (@p proto, @p v6, @p bad_l4), @p len
 * bytes without FCS, pushed into @p q; a copy in @p out when not NULL.
 */
static size_t
push_gen(struct qsrc *q, uint64_t seq, unsigned int len, uint8_t proto,
	 bool v6, bool bad_l4, uint8_t *out)
{
	struct model_gen_params p;
	struct model_traffic_src *g;
	char err[128];
	uint8_t *dst = q->frame[q->tail % QSRC_MAX];
	uint64_t i;
	int n = 0;

	model_gen_params_init(&p);
	p.l4_proto = proto;
	p.ipv6 = v6;
	p.len_min = len;
	p.len_max = len;
	p.bad_l4_permille = bad_l4 ? 1000 : 0;
	p.count = seq + 1;
	g = model_gen_create(&p, err, sizeof(err));
	if (g == NULL) {
		fprintf(stderr, "generator: %s\n", err);
		abort();
	}
	for (i = 0; i <= seq; i++)
		n = g->next(g, dst, FRAME_MAX);
	g->destroy(g);
	if (n <= 0)
		abort();
	q->len[q->tail % QSRC_MAX] = (size_t)n;
	q->tail++;
	if (out != NULL)
		memcpy(out, dst, (size_t)n);
	return (size_t)n;
}

static size_t
push_udp(struct qsrc *q, uint64_t seq, unsigned int len, uint8_t *out)
{
	return push_gen(q, seq, len, 17, false, false, out);
}

/* ---- A minimal driver: memory, ring, arming, harvest ---- */

#define ARENA_SIZE (4u << 20)
#define ARENA_IOVA 0x40000000ull
#define RING_OFF 0u
#define BUF_OFF 0x10000u
#define BUF_STRIDE 0x4000u
#define SENTINEL 0xaau
/* What the PMD arms RDES2 with (STMMAC_RDES2_ARMED). */
#define RDES2_ARMED 0xffffffffu

struct fix {
	struct dwmac4_model *m;
	struct qsrc *src;
	uint8_t *arena;
	struct dwmac4_desc *ring;
	unsigned int n;
	uint32_t rbsz;
	uint16_t next;		/* next slot to harvest (free-running) */
	uint16_t armed;		/* one past the last armed slot */
};

struct fix_opts {
	unsigned int n;		/* ring size (default 16) */
	uint32_t rbsz;		/* default 2048 */
	unsigned int armed;	/* default n (the whole ring, as at start) */
	bool no_arm;		/* arm nothing before start */
	bool flow_control;
	uint32_t cfg;		/* extra GMAC_CONFIG bits (CST, ACS) */
	bool no_ipc;
	unsigned int n_channels;
	const struct dwmac4_model_faults *faults;
};

static uint64_t
iova_of(const struct fix *f, const void *p)
{
	return ARENA_IOVA + (uint64_t)((const uint8_t *)p - f->arena);
}

static uint8_t *
buf_va(const struct fix *f, unsigned int slot)
{
	return f->arena + BUF_OFF + (slot % f->n) * BUF_STRIDE;
}

static uint64_t
ring_iova(const struct fix *f)
{
	return iova_of(f, f->ring);
}

static void
arm(struct fix *f, unsigned int slot)
{
	struct dwmac4_desc *d = &f->ring[slot % f->n];
	uint64_t a = iova_of(f, buf_va(f, slot));

	memset(buf_va(f, slot), SENTINEL, BUF_STRIDE);
	d->des0 = (uint32_t)a;
	d->des1 = (uint32_t)(a >> 32);
	d->des2 = RDES2_ARMED;
	__atomic_store_n(&d->des3, RDES3_OWN | RDES3_BUFFER1_VALID_ADDR,
			 __ATOMIC_RELEASE);
}

/* Tail covering slots before @p armed (t = 1..n, the PMD's encoding). */
static void
tail(struct fix *f, uint16_t armed)
{
	uint32_t t = ((uint32_t)(uint16_t)(armed - 1) % f->n) + 1u;

	dwmac4_model_write32(f->m, DMA_CHAN_RX_END_ADDR(0),
			     (uint32_t)(ring_iova(f) + 16u * t));
}

static uint32_t
des3_of(const struct fix *f, unsigned int slot)
{
	return __atomic_load_n(&f->ring[slot % f->n].des3, __ATOMIC_ACQUIRE);
}

static void
fix_init(struct fix *f, const struct fix_opts *o)
{
	struct dwmac4_model_params p;
	unsigned int i;
	void *mem;

	memset(f, 0, sizeof(*f));
	if (posix_memalign(&mem, 4096, ARENA_SIZE) != 0)
		abort();
	f->arena = mem;
	memset(f->arena, 0, BUF_OFF);
	f->ring = (struct dwmac4_desc *)(void *)(f->arena + RING_OFF);
	f->n = o->n ? o->n : 16;
	f->rbsz = o->rbsz ? o->rbsz : 2048;
	f->src = qsrc_create();
	dwmac4_model_params_init(&p);
	p.flow_control = o->flow_control;
	p.rx_src = &f->src->base;
	p.n_channels = o->n_channels ? o->n_channels : 1;
	if (o->faults != NULL)
		p.faults = *o->faults;
	f->m = dwmac4_model_create(&p);
	if (f->m == NULL) {
		fprintf(stderr, "dwmac4_model_create: %s\n", strerror(errno));
		abort();
	}
	CHECK_EQ_U(dwmac4_model_dma_map(f->m, f->arena, ARENA_IOVA,
					ARENA_SIZE), 0, "dma_map");
	dwmac4_model_write32(f->m, GMAC_CONFIG, GMAC_CONFIG_DM | GMAC_CONFIG_RE |
			     GMAC_CONFIG_TE | (o->no_ipc ? 0 : GMAC_CONFIG_IPC) |
			     o->cfg);
	dwmac4_model_write32(f->m, MTL_CHAN_RX_OP_MODE(0),
			     MTL_OP_MODE_DIS_TCP_EF);
	f->armed = (uint16_t)(o->no_arm ? 0 : o->armed ? o->armed : f->n);
	for (i = 0; i < f->armed; i++)
		arm(f, i);
	dwmac4_model_write32(f->m, DMA_CHAN_RX_BASE_ADDR_HI(0),
			     (uint32_t)(ring_iova(f) >> 32));
	dwmac4_model_write32(f->m, DMA_CHAN_RX_BASE_ADDR(0),
			     (uint32_t)ring_iova(f));
	dwmac4_model_write32(f->m, DMA_CHAN_RX_RING_LEN(0),
			     DWMAC4_DMA_RING_LEN(f->n));
	if (f->armed != 0)
		tail(f, f->armed);
	dwmac4_model_write32(f->m, DMA_CHAN_RX_CONTROL(0), DMA_CONTROL_SR | MODEL_FIXTURE_PBL |
			     (f->rbsz << DMA_RBSZ_SHIFT));
}

static void
fix_fini(struct fix *f, const char *test)
{
	struct dwmac4_model_stats st;

	dwmac4_model_get_stats(f->m, &st);
	CHECK_EQ_U(st.violations, 0, "%s: no driver protocol violation (%s)",
		   test, dwmac4_model_last_violation(f->m));
	dwmac4_model_destroy(f->m);
	free(f->arena);
}

static struct dwmac4_model_stats
stats(struct fix *f)
{
	struct dwmac4_model_stats st;

	dwmac4_model_get_stats(f->m, &st);
	return st;
}

/* A harvested descriptor: its slot (free-running), status and buffer. */
struct hdesc {
	uint16_t slot;
	uint32_t des3;
	uint32_t des1;
	const uint8_t *buf;
};

#define HMAX 256u

/*
 * Harvests completed descriptors in ring order (stops at the first one
 * the device owns), then re-arms them and writes the tail, keeping at
 * most n - 1 armed like the PMD. Returns how many; @p h gets them.
 */
static unsigned int
harvest(struct fix *f, struct hdesc *h, unsigned int max)
{
	static uint8_t copies[HMAX][BUF_STRIDE];
	unsigned int k = 0;

	while (k < max && k < HMAX && f->next != f->armed) {
		uint32_t d3 = des3_of(f, f->next);

		if (d3 & RDES3_OWN)
			break;
		h[k].slot = f->next;
		h[k].des3 = d3;
		h[k].des1 = f->ring[f->next % f->n].des1;
		memcpy(copies[k], buf_va(f, f->next), BUF_STRIDE);
		h[k].buf = copies[k];
		f->next++;
		k++;
	}
	while ((uint16_t)(f->armed - f->next) < f->n - 1) {
		arm(f, f->armed);
		f->armed++;
	}
	if (k != 0)
		tail(f, f->armed);
	return k;
}

/* Runs the engine until it moves nothing more, at most @p steps times. */
static unsigned int
run(struct fix *f, unsigned int steps)
{
	unsigned int moved = 0, i;

	for (i = 0; i < steps; i++)
		moved += dwmac4_model_step(f->m, 64);
	return moved;
}

/* ---- API: validation, per channel, replay ---- */

static void
test_api(void)
{
	struct dwmac4_model_faults k, got;
	struct dwmac4_model_params p;
	struct fix_opts o = { .n_channels = 2 };
	struct dwmac4_model *m;
	struct fix f;

	dwmac4_model_params_init(&p);
	memset(&k, 0, sizeof(k));
	CHECK(memcmp(&p.faults, &k, sizeof(k)) == 0, "params_init: no fault");
	p.faults.err_ppm = 1000001;
	errno = 0;
	m = dwmac4_model_create(&p);
	CHECK(m == NULL && errno == EINVAL, "create rejects a rate > 1e6");
	dwmac4_model_destroy(m);
	p.faults.err_ppm = 0;
	p.faults.stall_ppm = 10;
	errno = 0;
	m = dwmac4_model_create(&p);
	CHECK(m == NULL && errno == EINVAL, "create rejects stall without polls");
	dwmac4_model_destroy(m);

	fix_init(&f, &o);
	memset(&k, 0, sizeof(k));
	k.seed = 0x123456789abcdefull;
	k.ld_no_fd_ppm = 1000000;
	k.stall_ppm = 5;
	k.stall_polls = 7;
	k.corrupt_ppm = 42;
	CHECK_EQ_U(dwmac4_model_set_faults(f.m, 1, &k), 0, "set channel 1");
	CHECK_EQ_U(dwmac4_model_get_faults(f.m, 1, &got), 0, "get channel 1");
	CHECK(memcmp(&k, &got, sizeof(k)) == 0, "channel 1 round trip");
	CHECK_EQ_U(dwmac4_model_get_faults(f.m, 0, &got), 0, "get channel 0");
	CHECK_EQ_U(got.ld_no_fd_ppm, 0, "channel 0 untouched");
	CHECK_EQ_U(dwmac4_model_set_faults(f.m, 2, &k), (uint64_t)-EINVAL,
		   "channel >= n_channels");
	CHECK_EQ_U(dwmac4_model_get_faults(f.m, 2, &got), (uint64_t)-EINVAL,
		   "get channel >= n_channels");
	CHECK_EQ_U(dwmac4_model_set_faults(f.m, 0, NULL), (uint64_t)-EINVAL,
		   "NULL");
	k.dup_ppm = 1000001;
	CHECK_EQ_U(dwmac4_model_set_faults(f.m, 0, &k), (uint64_t)-EINVAL,
		   "rate > 1e6");
	k.dup_ppm = 0;
	k.stall_polls = 0;
	CHECK_EQ_U(dwmac4_model_set_faults(f.m, 0, &k), (uint64_t)-EINVAL,
		   "stall without polls");

	/* Channel 1's knobs do not touch channel 0's traffic. */
	push_udp(f.src, 0, 200, NULL);
	CHECK_EQ_U(run(&f, 2), 1, "api: frame moved");
	CHECK_EQ_U(des3_of(&f, 0) & (RDES3_FIRST_DESCRIPTOR |
				     RDES3_LAST_DESCRIPTOR),
		   RDES3_FIRST_DESCRIPTOR | RDES3_LAST_DESCRIPTOR,
		   "channel 1's ld_no_fd does not apply to channel 0");
	CHECK_EQ_U(stats(&f).rx_fault_ld_no_fd, 0, "api: nothing injected");
	fix_fini(&f, "api");
}

/* Which of @p count one-descriptor frames lost their FD, as bits. */
static void
ld_no_fd_vector(uint64_t seed, uint32_t ppm, uint8_t *hit, unsigned int count,
		uint64_t *injected)
{
	struct dwmac4_model_faults k = { .seed = seed, .ld_no_fd_ppm = ppm };
	struct fix_opts o = { .n = 64, .faults = &k, .flow_control = true };
	struct hdesc h[64];
	unsigned int got = 0, i, n, polls;
	struct fix f;

	fix_init(&f, &o);
	for (i = 0; i < count; i++)
		push_udp(f.src, i, 100, NULL);
	for (polls = 0; got < count && polls < 10 * count; polls++) {
		run(&f, 1);
		n = harvest(&f, h, DIM(h));
		for (i = 0; i < n && got < count; i++, got++)
			hit[got] = !(h[i].des3 & RDES3_FIRST_DESCRIPTOR);
	}
	CHECK_EQ_U(got, count, "replay: every frame harvested");
	*injected = stats(&f).rx_fault_ld_no_fd;
	fix_fini(&f, "replay");
}

/* A seed replays its schedule; another seed gives another one. */
static void
test_replay(void)
{
	enum { N = 300 };
	static uint8_t a[N], b[N], c[N];
	uint64_t na, nb, nc, hits = 0;
	unsigned int i;

	harness_seed = 31337;
	ld_no_fd_vector(31337, 300000, a, N, &na);
	ld_no_fd_vector(31337, 300000, b, N, &nb);
	ld_no_fd_vector(27182, 300000, c, N, &nc);
	for (i = 0; i < N; i++)
		hits += a[i];
	CHECK(memcmp(a, b, N) == 0, "replay: the same seed hits the same frames");
	CHECK(memcmp(a, c, N) != 0, "replay: another seed, another schedule");
	CHECK_EQ_U(na, hits, "replay: rx_fault_ld_no_fd counts the frames hit");
	CHECK_EQ_U(na, nb, "replay: same count");
	/* 30 % of 300: 90 expected, far from 45 or 135 for any sane hash. */
	CHECK(hits > 45 && hits < 135, "replay: %" PRIu64 " of %d frames hit at 30 %%",
	      hits, N);
}

/* ---- Descriptor-shape faults ---- */

/* Harvests everything the engine wrote for the frames queued so far. */
static unsigned int
harvest_all(struct fix *f, struct hdesc *h, unsigned int max)
{
	unsigned int n = 0, k;

	do {
		run(f, 4);
		k = harvest(f, h + n, max - n);
		n += k;
	} while (k != 0 && n < max);
	return n;
}

static void
test_ld_no_fd(void)
{
	struct dwmac4_model_faults k = { .seed = 5, .ld_no_fd_ppm = 1000000 };
	struct fix_opts o = { .n = 32, .rbsz = 256, .faults = &k };
	struct hdesc h[32];
	struct fix f;
	unsigned int n;

	harness_seed = 5;
	fix_init(&f, &o);
	push_udp(f.src, 0, 100, NULL);		/* one descriptor */
	push_udp(f.src, 1, 1000, NULL);		/* 1004 with FCS: four */
	n = harvest_all(&f, h, DIM(h));
	CHECK_EQ_U(n, 5, "ld_no_fd: descriptors");
	CHECK_EQ_U(h[0].des3 & (RDES3_FIRST_DESCRIPTOR | RDES3_LAST_DESCRIPTOR),
		   RDES3_LAST_DESCRIPTOR, "ld_no_fd: LD without FD");
	CHECK_EQ_U(h[0].des3 & RDES3_PACKET_SIZE_MASK, 104, "ld_no_fd: PL kept");
	CHECK_EQ_U(h[1].des3 & (RDES3_FIRST_DESCRIPTOR | RDES3_LAST_DESCRIPTOR),
		   0, "ld_no_fd: first of four without FD (and not LD)");
	CHECK_EQ_U(h[1].des3 & RDES3_PACKET_SIZE_MASK, 256, "ld_no_fd: PL 256");
	CHECK_EQ_U(h[4].des3 & (RDES3_FIRST_DESCRIPTOR | RDES3_LAST_DESCRIPTOR),
		   RDES3_LAST_DESCRIPTOR, "ld_no_fd: last of four");
	CHECK_EQ_U(h[4].des3 & RDES3_PACKET_SIZE_MASK, 1004, "ld_no_fd: PL 1004");
	CHECK_EQ_U(stats(&f).rx_fault_ld_no_fd, 2, "ld_no_fd: counted per frame");
	CHECK_EQ_U(stats(&f).rx_delivered, 2, "ld_no_fd: delivered");
	fix_fini(&f, "ld_no_fd");
}

static void
test_cum_back(void)
{
	struct dwmac4_model_faults k = { .seed = 77, .cum_back_ppm = 1000000 };
	struct fix_opts o = { .n = 64, .rbsz = 256, .faults = &k };
	static const unsigned int lens[] = { 100, 400, 700, 1200, 1500 };
	struct hdesc h[64];
	unsigned int n, i, j, pos = 0, lies;
	struct fix f;

	harness_seed = 77;
	fix_init(&f, &o);
	for (i = 0; i < DIM(lens); i++)
		push_udp(f.src, i, lens[i], NULL);
	n = harvest_all(&f, h, DIM(h));
	for (i = 0; i < DIM(lens); i++) {
		unsigned int d = (lens[i] + 4 + 255) / 256;
		uint32_t prev = 0;

		lies = 0;
		CHECK(pos + d <= n, "cum_back: frame %u stored", i);
		if (pos + d > n)
			break;
		for (j = 0; j < d; j++) {
			uint32_t pl = h[pos + j].des3 & RDES3_PACKET_SIZE_MASK;
			bool last = h[pos + j].des3 & RDES3_LAST_DESCRIPTOR;

			CHECK_EQ_U(last, j == d - 1, "cum_back: frame %u LD", i);
			if (j > 0 && pl < prev) {
				lies++;
				/* A middle one when there is one. */
				CHECK(d == 2 || !last,
				      "cum_back: frame %u: the lie is on a middle descriptor", i);
			} else {
				CHECK_EQ_U(pl, last ? lens[i] + 4 : (j + 1) * 256,
					   "cum_back: frame %u desc %u PL", i, j);
			}
			prev = pl;
		}
		CHECK_EQ_U(lies, d >= 2, "cum_back: frame %u (%u descriptors): PL went back once",
			   i, d);
		pos += d;
	}
	CHECK_EQ_U(stats(&f).rx_fault_cum_back, 4,
		   "cum_back: every multi-descriptor frame, not the one-descriptor one");
	fix_fini(&f, "cum_back");
}

static void
test_fd_twice(void)
{
	struct dwmac4_model_faults k = { .seed = 3, .fd_twice_ppm = 1000000 };
	struct fix_opts o = { .n = 64, .rbsz = 256, .faults = &k };
	static const unsigned int lens[] = { 100, 700, 1000, 300 };
	uint8_t frame[DIM(lens)][2048], all[2048];
	struct hdesc h[64];
	unsigned int n, i, j, pos = 0;
	struct fix f;

	harness_seed = 3;
	fix_init(&f, &o);
	for (i = 0; i < DIM(lens); i++)
		push_udp(f.src, i, lens[i], frame[i]);
	n = harvest_all(&f, h, DIM(h));
	for (i = 0; i < DIM(lens); i++) {
		unsigned int d = (lens[i] + 4 + 255) / 256, frag = 0;
		uint32_t crc = model_fixture_crc32(frame[i], lens[i]);

		/* The fragment: FD first, never LD, up to the next FD. */
		CHECK(pos < n && (h[pos].des3 & RDES3_FIRST_DESCRIPTOR),
		      "fd_twice: frame %u fragment starts with FD", i);
		do {
			CHECK(!(h[pos + frag].des3 & RDES3_LAST_DESCRIPTOR),
			      "fd_twice: frame %u fragment has no LD", i);
			CHECK(memcmp(h[pos + frag].buf, frame[i] + frag * 256,
				     MIN(256u, lens[i] - frag * 256)) == 0,
			      "fd_twice: frame %u fragment bytes", i);
			frag++;
		} while (pos + frag < n &&
			 !(h[pos + frag].des3 & RDES3_FIRST_DESCRIPTOR));
		CHECK(frag >= 1 && frag <= d, "fd_twice: frame %u fragment of %u descriptors (1..%u)",
		      i, frag, d);
		pos += frag;
		/* Then the whole frame from a new FD. */
		CHECK(pos + d <= n, "fd_twice: frame %u stored again", i);
		if (pos + d > n)
			break;
		for (j = 0; j < d; j++) {
			uint32_t want = j == d - 1 ? lens[i] + 4 : (j + 1) * 256;

			CHECK_EQ_U(h[pos + j].des3 & RDES3_PACKET_SIZE_MASK, want,
				   "fd_twice: frame %u again, desc %u PL", i, j);
			CHECK_EQ_U((h[pos + j].des3 & RDES3_FIRST_DESCRIPTOR) != 0,
				   j == 0, "fd_twice: frame %u again, FD", i);
			CHECK_EQ_U((h[pos + j].des3 & RDES3_LAST_DESCRIPTOR) != 0,
				   j == d - 1, "fd_twice: frame %u again, LD", i);
			memcpy(all + j * 256, h[pos + j].buf, 256);
		}
		CHECK(memcmp(all, frame[i], lens[i]) == 0,
		      "fd_twice: frame %u again, bytes", i);
		CHECK_EQ_U((uint32_t)all[lens[i]] | (uint32_t)all[lens[i] + 1] << 8 |
			   (uint32_t)all[lens[i] + 2] << 16 |
			   (uint32_t)all[lens[i] + 3] << 24, crc,
			   "fd_twice: frame %u again, FCS", i);
		pos += d;
	}
	CHECK_EQ_U(pos, n, "fd_twice: nothing else written");
	CHECK_EQ_U(stats(&f).rx_fault_fd_twice, DIM(lens),
		   "fd_twice: counted per frame");
	CHECK_EQ_U(stats(&f).rx_delivered, DIM(lens),
		   "fd_twice: one delivery per frame offered");
	fix_fini(&f, "fd_twice");
}

/* k * RBSZ + 4: the last descriptor holds the FCS alone (row 10). */
static void
test_fcs_only(void)
{
	struct dwmac4_model_faults k = { .seed = 9, .fcs_only_ppm = 1000000 };
	struct fix_opts o = { .n = 32, .rbsz = 256, .faults = &k };
	uint8_t frame[2][2048];
	struct hdesc h[32];
	struct fix f;
	unsigned int n;
	uint32_t crc;

	harness_seed = 9;
	fix_init(&f, &o);
	push_udp(f.src, 0, 700, frame[0]);	/* cut to 512 */
	push_udp(f.src, 1, 100, frame[1]);	/* padded to 256 */
	n = harvest_all(&f, h, DIM(h));
	CHECK_EQ_U(n, 5, "fcs_only: 3 + 2 descriptors");
	CHECK_EQ_U(h[0].des3 & RDES3_PACKET_SIZE_MASK, 256, "fcs_only: d0 PL");
	CHECK_EQ_U(h[1].des3 & RDES3_PACKET_SIZE_MASK, 512, "fcs_only: d1 PL");
	CHECK_EQ_U(h[2].des3 & (RDES3_LAST_DESCRIPTOR | RDES3_PACKET_SIZE_MASK),
		   RDES3_LAST_DESCRIPTOR | 516, "fcs_only: LD holds 4 bytes");
	crc = model_fixture_crc32(frame[0], 512);
	CHECK(memcmp(h[0].buf, frame[0], 256) == 0 &&
	      memcmp(h[1].buf, frame[0] + 256, 256) == 0, "fcs_only: the cut frame");
	CHECK_EQ_U((uint32_t)h[2].buf[0] | (uint32_t)h[2].buf[1] << 8 |
		   (uint32_t)h[2].buf[2] << 16 | (uint32_t)h[2].buf[3] << 24, crc,
		   "fcs_only: the last buffer holds the FCS of the cut frame");
	CHECK_EQ_U(h[2].buf[4], SENTINEL, "fcs_only: and nothing else");
	CHECK_EQ_U(h[3].des3 & RDES3_PACKET_SIZE_MASK, 256, "fcs_only: padded d0");
	CHECK_EQ_U(h[4].des3 & RDES3_PACKET_SIZE_MASK, 260, "fcs_only: padded LD");
	memset(frame[1] + 100, 0, 156);
	CHECK(memcmp(h[3].buf, frame[1], 256) == 0, "fcs_only: zero padding");
	CHECK_EQ_U(stats(&f).rx_fault_fcs_only, 2, "fcs_only: counted");
	fix_fini(&f, "fcs_only");

	/* The MAC strips the FCS: the frame fills k buffers exactly. */
	o.cfg = GMAC_CONFIG_CST | GMAC_CONFIG_ACS;
	fix_init(&f, &o);
	push_udp(f.src, 0, 700, NULL);
	n = harvest_all(&f, h, DIM(h));
	CHECK_EQ_U(n, 2, "fcs_only stripped: two descriptors");
	CHECK_EQ_U(h[1].des3 & (RDES3_LAST_DESCRIPTOR | RDES3_PACKET_SIZE_MASK),
		   RDES3_LAST_DESCRIPTOR | 512, "fcs_only stripped: LD PL 512");
	fix_fini(&f, "fcs_only stripped");
}

/* ---- Stall and RBU ---- */

static void
test_stall(void)
{
	struct dwmac4_model_faults k = { .seed = 1, .stall_ppm = 1000000,
					 .stall_polls = 3 };
	struct fix_opts o = { .n = 16, .faults = &k };
	unsigned int i, pattern[9];
	struct fix f;

	harness_seed = 1;
	/* No flow control: a frame taken while stalled would be missed. */
	fix_init(&f, &o);
	for (i = 0; i < 3; i++)
		push_udp(f.src, i, 100, NULL);
	/*
	 * Each frame stalls the engine for 3 polls: the rest of the step
	 * that delivered it, then two whole steps.
	 */
	for (i = 0; i < 9; i++)
		pattern[i] = dwmac4_model_step(f.m, 64);
	for (i = 0; i < 9; i++)
		CHECK_EQ_U(pattern[i], i % 3 == 0, "stall: step %u moves %u", i,
			   pattern[i]);
	CHECK_EQ_U(stats(&f).rx_fault_stall, 3, "stall: counted");
	CHECK_EQ_U(stats(&f).rx_delivered, 3, "stall: delivered");
	CHECK_EQ_U(stats(&f).rx_missed, 0, "stall: nothing missed while stalled");
	fix_fini(&f, "stall");

	/* Multi-descriptor frame: stalls after its first descriptor. */
	o.rbsz = 256;
	fix_init(&f, &o);
	push_udp(f.src, 0, 700, NULL);
	CHECK_EQ_U(dwmac4_model_step(f.m, 64), 0, "stall: the frame is not done");
	CHECK_EQ_U(des3_of(&f, 0), RDES3_FIRST_DESCRIPTOR | 256,
		   "stall: the first descriptor is written back");
	CHECK(des3_of(&f, 1) & RDES3_OWN, "stall: the second is held");
	CHECK(des3_of(&f, 2) & RDES3_OWN, "stall: the third untouched");
	CHECK_EQ_U(dwmac4_model_step(f.m, 64), 0, "stall: poll 2");
	CHECK_EQ_U(dwmac4_model_step(f.m, 64), 0, "stall: poll 3");
	CHECK(des3_of(&f, 1) & RDES3_OWN, "stall: still held");
	CHECK_EQ_U(dwmac4_model_step(f.m, 64), 1, "stall: resumed");
	CHECK_EQ_U(des3_of(&f, 2) & (RDES3_LAST_DESCRIPTOR | RDES3_OWN |
				     RDES3_PACKET_SIZE_MASK),
		   RDES3_LAST_DESCRIPTOR | 704, "stall: completed");
	fix_fini(&f, "stall multi");
}

/*
 * Every knob at a high rate, flow control, a small ring, frames of one to
 * three descriptors, the minimal driver re-arming as it goes: every frame
 * reaches the ring, in order, none twice, nothing missed, no violation.
 */
static void
test_soak(void)
{
	struct dwmac4_model_faults k = {
		.seed = 11, .stall_ppm = 200000, .stall_polls = 5,
		.skip_ppm = 0, .fcs_only_ppm = 100000, .corrupt_ppm = 100000,
		.cum_back_ppm = 100000, .ld_no_fd_ppm = 100000,
		.fd_twice_ppm = 100000, .err_ppm = 50000,
	};
	struct fix_opts o = { .n = 16, .rbsz = 512, .flow_control = true,
			      .faults = &k };
	enum { N = 400 };
	struct hdesc h[16];
	unsigned int i, n, polls, lds = 0;
	struct fix f;

	harness_seed = 11;
	fix_init(&f, &o);
	for (i = 0; i < N; i++)
		push_udp(f.src, i, 60 + (i * 137) % 1455, NULL);
	for (polls = 0; lds < N && polls < 100 * N; polls++) {
		run(&f, 1);
		n = harvest(&f, h, DIM(h));
		for (i = 0; i < n; i++)
			lds += (h[i].des3 & RDES3_LAST_DESCRIPTOR) != 0;
	}
	CHECK_EQ_U(lds, N, "soak: every frame closed (%u polls)", polls);
	CHECK_EQ_U(stats(&f).rx_offered, N, "soak: offered");
	CHECK_EQ_U(stats(&f).rx_missed, 0, "soak: nothing missed");
	CHECK(stats(&f).rx_fault_stall > 0 && stats(&f).rx_fault_fd_twice > 0,
	      "soak: faults injected");
	fix_fini(&f, "soak");
}

/*
 * RBU (model.md "Receive" step 1, details): a suspended engine reads no
 * descriptor until a tail write, arming alone does not resume it; with
 * flow control the frame waits, nothing is missed, and a tail write
 * resumes the engine exactly where it stopped.
 */
static void
test_rbu_resume(void)
{
	struct fix_opts o = { .n = 8, .armed = 2, .flow_control = true };
	struct hdesc h[8];
	struct fix f;
	unsigned int i;

	harness_seed = 0;
	fix_init(&f, &o);
	for (i = 0; i < 4; i++)
		push_udp(f.src, i, 100, NULL);
	CHECK_EQ_U(run(&f, 4), 2, "rbu: two frames fit");
	CHECK(dwmac4_model_read32(f.m, DMA_CHAN_STATUS(0)) & DMA_CHAN_STATUS_RBU,
	      "rbu: suspended");
	arm(&f, 2);
	arm(&f, 3);
	CHECK_EQ_U(run(&f, 4), 0, "rbu: armed without a tail write: still suspended");
	CHECK(des3_of(&f, 2) & RDES3_OWN, "rbu: slot 2 untouched");
	f.armed = 4;
	tail(&f, 4);
	CHECK_EQ_U(run(&f, 4), 2, "rbu: the tail write resumes");
	CHECK_EQ_U(stats(&f).rx_missed, 0, "rbu: nothing missed (flow control)");
	CHECK_EQ_U(harvest(&f, h, 8), 4, "rbu: four frames in order");
	for (i = 0; i < 4; i++)
		CHECK_EQ_U(h[i].slot, i, "rbu: slot order");
	fix_fini(&f, "rbu");
}

/* ---- Completion anomalies ---- */

static void
test_skip(void)
{
	struct dwmac4_model_faults k = { .seed = 2, .skip_ppm = 1000000 };
	struct fix_opts o = { .n = 8, .faults = &k };
	uint64_t a0 = 0;
	struct fix f;

	harness_seed = 2;
	fix_init(&f, &o);
	a0 = f.ring[0].des0;
	push_udp(f.src, 0, 100, NULL);
	push_udp(f.src, 1, 100, NULL);
	CHECK_EQ_U(run(&f, 2), 2, "skip: frames moved");
	CHECK_EQ_U(des3_of(&f, 0), RDES3_OWN | RDES3_BUFFER1_VALID_ADDR,
		   "skip: slot 0 left owned");
	CHECK(f.ring[0].des0 == a0 && f.ring[0].des2 == RDES2_ARMED,
	      "skip: slot 0 untouched");
	CHECK_EQ_U(des3_of(&f, 1) & (RDES3_OWN | RDES3_FIRST_DESCRIPTOR |
				     RDES3_LAST_DESCRIPTOR),
		   RDES3_FIRST_DESCRIPTOR | RDES3_LAST_DESCRIPTOR,
		   "skip: frame 0 in slot 1");
	CHECK(des3_of(&f, 2) & RDES3_OWN, "skip: slot 2 skipped too");
	CHECK(!(des3_of(&f, 3) & RDES3_OWN), "skip: frame 1 in slot 3");
	CHECK_EQ_U(dwmac4_model_read32(f.m, DMA_CHAN_CUR_RX_DESC(0)),
		   (uint32_t)ring_iova(&f) + 4 * 16,
		   "skip: the current descriptor is past both");
	CHECK_EQ_U(stats(&f).rx_fault_skip, 2, "skip: counted");
	fix_fini(&f, "skip");

	/* One armed descriptor: nothing to skip to, the frame goes there. */
	o.armed = 1;
	fix_init(&f, &o);
	push_udp(f.src, 0, 100, NULL);
	CHECK_EQ_U(run(&f, 2), 1, "skip: one armed: moved");
	CHECK(!(des3_of(&f, 0) & RDES3_OWN), "skip: one armed: slot 0 used");
	CHECK_EQ_U(stats(&f).rx_fault_skip, 0, "skip: one armed: not counted");
	fix_fini(&f, "skip one armed");
}

static void
test_dup(void)
{
	struct dwmac4_model_faults k = { .seed = 4, .dup_ppm = 1000000 };
	struct fix_opts o = { .n = 4, .flow_control = true, .faults = &k };
	struct hdesc h[4];
	uint32_t first, a0;
	struct fix f;

	harness_seed = 4;
	fix_init(&f, &o);
	push_udp(f.src, 0, 100, NULL);
	CHECK_EQ_U(run(&f, 2), 1, "dup: frame 0 moved");
	first = des3_of(&f, 0);
	CHECK_EQ_U(first & (RDES3_OWN | RDES3_FIRST_DESCRIPTOR |
			    RDES3_LAST_DESCRIPTOR),
		   RDES3_FIRST_DESCRIPTOR | RDES3_LAST_DESCRIPTOR, "dup: slot 0 done");
	/* No new duplicate after frame 0: the knob set while running. */
	k.dup_ppm = 0;
	CHECK_EQ_U(dwmac4_model_set_faults(f.m, 0, &k), 0, "dup: knob off");
	push_udp(f.src, 1, 100, NULL);
	CHECK_EQ_U(run(&f, 4), 1, "dup: frame 1 moved");
	CHECK_EQ_U(des3_of(&f, 0), first, "dup: slot 0 not armed again: untouched");
	CHECK_EQ_U(stats(&f).rx_fault_dup, 0, "dup: waits for the slot to be armed again");
	/* Harvest slots 0 and 1: the test driver arms slot 0 (position 4). */
	CHECK_EQ_U(harvest(&f, h, 4), 2, "dup: harvest slots 0 and 1");
	a0 = f.ring[0].des0;
	CHECK(des3_of(&f, 0) & RDES3_OWN, "dup: slot 0 armed again");
	run(&f, 1);
	CHECK_EQ_U(des3_of(&f, 0), first, "dup: the stale status word is back");
	CHECK(f.ring[0].des0 == a0 && f.ring[0].des2 == RDES2_ARMED,
	      "dup: RDES0..2 as the driver armed them");
	CHECK_EQ_U(stats(&f).rx_fault_dup, 1, "dup: counted once");
	/* The engine fills slots 2 and 3, then finds slot 0 not owned: RBU. */
	push_udp(f.src, 2, 100, NULL);
	push_udp(f.src, 3, 100, NULL);
	push_udp(f.src, 4, 100, NULL);
	CHECK_EQ_U(run(&f, 4), 2, "dup: slots 2 and 3");
	CHECK(dwmac4_model_read32(f.m, DMA_CHAN_STATUS(0)) & DMA_CHAN_STATUS_RBU,
	      "dup: suspended on the stale slot");
	CHECK_EQ_U(dwmac4_model_read32(f.m, DMA_CHAN_CUR_RX_DESC(0)),
		   (uint32_t)ring_iova(&f), "dup: the device is at slot 0");
	CHECK_EQ_U(des3_of(&f, 0), first, "dup: slot 0 not written");
	/* What the PMD does: arm it again in place, write the tail again. */
	__atomic_store_n(&f.ring[0].des3, RDES3_OWN | RDES3_BUFFER1_VALID_ADDR,
			 __ATOMIC_RELEASE);
	tail(&f, f.armed);
	CHECK_EQ_U(run(&f, 4), 1, "dup: resumed into slot 0");
	CHECK(!(des3_of(&f, 0) & RDES3_OWN) && f.ring[0].des2 == 0,
	      "dup: slot 0 really written back");
	CHECK_EQ_U(stats(&f).rx_missed, 0, "dup: nothing missed");
	CHECK_EQ_U(stats(&f).rx_fault_dup, 1, "dup: still one");
	fix_fini(&f, "dup");
}

/* ---- Payload corruption after the verdict ---- */

struct corrupt_case {
	const char *name;
	uint8_t proto;
	bool v6, bad_l4, no_ipc;
	unsigned int len;
	bool hit;		/* expected to be corrupted */
};

static void
test_corrupt(void)
{
	static const struct corrupt_case cases[] = {
		{ "udp4", 17, false, false, false, 300, true },
		{ "tcp4", 6, false, false, false, 600, true },
		{ "udp6", 17, true, false, false, 200, true },
		{ "tcp6", 6, true, false, false, 1400, true },
		{ "udp4 bad l4", 17, false, true, false, 300, false },
		{ "udp4 no IPC", 17, false, false, true, 300, false },
	};
	struct dwmac4_model_faults k = { .seed = 6, .corrupt_ppm = 1000000 };
	struct fix_opts o = { .n = 8, .faults = &k };
	uint8_t frame[2048];
	unsigned int i, b, diff, where = 0;
	struct hdesc h[8];
	struct fix f;
	size_t len;
	uint32_t crc;

	harness_seed = 6;
	for (i = 0; i < DIM(cases); i++) {
		const struct corrupt_case *c = &cases[i];

		o.no_ipc = c->no_ipc;
		fix_init(&f, &o);
		len = push_gen(f.src, 0, c->len, c->proto, c->v6, c->bad_l4, frame);
		run(&f, 2);
		CHECK_EQ_U(harvest(&f, h, 8), 1, "corrupt %s: one descriptor", c->name);
		for (b = 0, diff = 0; b < len; b++)
			if (h[0].buf[b] != frame[b]) {
				diff++;
				where = b;
			}
		CHECK_EQ_U(diff, c->hit, "corrupt %s: bytes changed", c->name);
		if (c->hit) {
			/* After Ethernet + IP + L4 headers. */
			unsigned int l4 = 14 + (c->v6 ? 40 : 20);
			unsigned int hdr = c->proto == 6 ? 20 : 8;

			CHECK(where >= l4 + hdr, "corrupt %s: in the payload (offset %u)",
			      c->name, where);
			CHECK_EQ_U(h[0].des1 & (RDES1_IP_HDR_ERROR |
						RDES1_IP_PAYLOAD_ERROR), 0,
				   "corrupt %s: RDES1 still says good", c->name);
		}
		crc = model_fixture_crc32(frame, len);
		CHECK_EQ_U((uint32_t)h[0].buf[len] | (uint32_t)h[0].buf[len + 1] << 8 |
			   (uint32_t)h[0].buf[len + 2] << 16 |
			   (uint32_t)h[0].buf[len + 3] << 24, crc,
			   "corrupt %s: the FCS is the wire's", c->name);
		CHECK_EQ_U(stats(&f).rx_fault_corrupt, c->hit, "corrupt %s: counted",
			   c->name);
		fix_fini(&f, c->name);
	}
}

/* The close-time knobs still work from their new home. */
static void
test_close_knobs(void)
{
	struct dwmac4_model_faults k = { .seed = 8, .err_ppm = 1000000,
					 .len_ppm = 1000000 };
	struct fix_opts o = { .n = 8, .faults = &k };
	struct hdesc h[8];
	struct fix f;
	uint32_t pl;

	harness_seed = 8;
	fix_init(&f, &o);
	push_udp(f.src, 0, 100, NULL);
	run(&f, 2);
	CHECK_EQ_U(harvest(&f, h, 8), 1, "close knobs: one descriptor");
	pl = h[0].des3 & RDES3_PACKET_SIZE_MASK;
	CHECK(h[0].des3 & RDES3_ERROR_SUMMARY, "close knobs: ES");
	CHECK(pl <= 4 || pl > f.rbsz, "close knobs: PL %u lies", pl);
	CHECK_EQ_U(stats(&f).rx_fault_err, 1, "close knobs: err counted");
	CHECK_EQ_U(stats(&f).rx_fault_len, 1, "close knobs: len counted");
	fix_fini(&f, "close knobs");
}

int
main(void)
{
	test_api();
	test_replay();
	test_ld_no_fd();
	test_cum_back();
	test_fd_twice();
	test_fcs_only();
	test_stall();
	test_rbu_resume();
	test_soak();
	test_skip();
	test_dup();
	test_corrupt();
	test_close_knobs();
	return harness_result("model_faults");
}
