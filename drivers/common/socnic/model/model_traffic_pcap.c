/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pcap replay (a source of received frames) and pcap capture (a sink of
 * transmitted frames), through libpcap.
 */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sys/stat.h>

#include <pcap/pcap.h>

#include "model_traffic.h"
#include "model_traffic_internal.h"

/* Largest frame the sink records: what pcap_open_dead() is told. */
#define PCAP_SINK_SNAPLEN 65535

/* The classic pcap format (pcap-savefile(5)): what resynchronising needs. */
#define PCAP_MAGIC_USEC 0xa1b2c3d4u
#define PCAP_MAGIC_NSEC 0xa1b23c4du
#define PCAP_FILE_HDR_LEN 24
#define PCAP_REC_HDR_LEN 16
/* libpcap's own bound on a record (MAXIMUM_SNAPLEN). */
#define PCAP_MAX_FRAME 262144u
/* How far past a damaged record a header is looked for, and its time. */
#define PCAP_RESYNC_SPAN (1u << 20)
#define PCAP_RESYNC_TS_SPAN 86400u
/*
 * The sink writes its records in batches of this many bytes or more; the
 * batch's memory holds one more record of the largest size (and the NUL
 * a memory stream adds).
 */
#define PCAP_SINK_BATCH (64 * 1024)
#define PCAP_SINK_BATCH_CAP (PCAP_SINK_BATCH + 16 + PCAP_SINK_SNAPLEN + 1)

struct mpcap_src {
	struct model_traffic_src base;	/* first: the public handle */
	pcap_t *pcap;
	char *path;			/* kept to reopen when looping */
	bool loop;
	bool done;			/* exhausted: -1 from now on */
	uint64_t pass_frames;		/* frames returned since (re)opening */
	/* Where the pass is, to name a damaged record and to resynchronise. */
	bool classic;			/* pcap, not pcapng: headers can be found */
	bool swapped;			/* other byte order than the host's */
	bool nsec;			/* nanosecond time stamps */
	uint64_t record;		/* records read in this pass */
	int64_t off;			/* file offset of the next record */
	uint32_t last_ts;		/* seconds of the last good record */
};

struct mpcap_sink {
	struct model_traffic_sink base;	/* first: the public handle */
	pcap_t *pcap;
	pcap_dumper_t *dumper;		/* writes into mem */
	FILE *mem;			/* the batch as a stream */
	uint8_t *batch;
	uint64_t batch_frames;		/* records in the batch; atomic */
	uint64_t batch_bytes;
	uint64_t batch_since_ns;	/* CLOCK_MONOTONIC of its first record */
	int fd;				/* the capture file */
	off_t off;			/* its length: whole records only */
	char *path;
	/*
	 * put() runs in the model's thread, flush() also in the one that
	 * stops the port: the batch is one's at a time.
	 */
	pthread_mutex_t lock;
};

/* Opens @p path for replay; NULL with a message unless it is Ethernet. */
static pcap_t *
mpcap_src_open(const char *path, char *err, size_t errlen)
{
	char perr[PCAP_ERRBUF_SIZE];
	pcap_t *pc;
	int dlt;

	perr[0] = '\0';
	pc = pcap_open_offline(path, perr);
	if (pc == NULL) {
		model_traffic_err(err, errlen, "pcap %s: %s", path, perr);
		return NULL;
	}
	dlt = pcap_datalink(pc);
	if (dlt != DLT_EN10MB) {
		const char *name = pcap_datalink_val_to_name(dlt);

		model_traffic_err(err, errlen,
			  "pcap %s: link type %d (%s) is not Ethernet (DLT_EN10MB)",
			  path, dlt, name != NULL ? name : "unknown");
		pcap_close(pc);
		return NULL;
	}
	return pc;
}

/* The file's magic: the format, byte order and time stamp unit. */
static void
mpcap_src_format(struct mpcap_src *s)
{
	FILE *f = pcap_file(s->pcap);
	uint8_t m[4];
	uint32_t magic;

	s->classic = false;
	s->off = PCAP_FILE_HDR_LEN;
	if (f == NULL || pread(fileno(f), m, sizeof(m), 0) != sizeof(m))
		return;
	memcpy(&magic, m, sizeof(magic));
	s->swapped = magic == __builtin_bswap32(PCAP_MAGIC_USEC) ||
		     magic == __builtin_bswap32(PCAP_MAGIC_NSEC);
	if (s->swapped)
		magic = __builtin_bswap32(magic);
	s->classic = magic == PCAP_MAGIC_USEC || magic == PCAP_MAGIC_NSEC;
	s->nsec = magic == PCAP_MAGIC_NSEC;
}

static uint32_t
mpcap_u32(const struct mpcap_src *s, const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, sizeof(v));
	return s->swapped ? __builtin_bswap32(v) : v;
}

/*
 * Whether @p h looks like a record header of this capture: a time stamp
 * within a day of the last good record's, lengths the capture can hold.
 */
static bool
mpcap_hdr_plausible(const struct mpcap_src *s, const uint8_t *h)
{
	uint32_t ts = mpcap_u32(s, h), frac = mpcap_u32(s, h + 4);
	uint32_t caplen = mpcap_u32(s, h + 8), len = mpcap_u32(s, h + 12);
	uint32_t dts = ts > s->last_ts ? ts - s->last_ts : s->last_ts - ts;

	return caplen != 0 && caplen <= (uint32_t)pcap_snapshot(s->pcap) &&
	       caplen <= len && len <= PCAP_MAX_FRAME &&
	       frac < (s->nsec ? 1000000000u : 1000000u) &&
	       (s->last_ts == 0 || dts <= PCAP_RESYNC_TS_SPAN);
}

/*
 * After a damaged record at s->off: the offset of the next record header
 * within PCAP_RESYNC_SPAN bytes, one that a second plausible header or the
 * end of the file follows; -1 if there is none. Where the record that
 * follows starts is unknown once a record is damaged: this is the only
 * way back into the file.
 */
static int64_t
mpcap_resync(struct mpcap_src *s, int64_t *rest)
{
	int fd = fileno(pcap_file(s->pcap));
	size_t cap = PCAP_RESYNC_SPAN + 2 * PCAP_REC_HDR_LEN + PCAP_MAX_FRAME;
	int64_t from = s->off + 1, found = -1;
	uint8_t *w = malloc(cap);
	struct stat st;
	ssize_t n;
	size_t o, e;

	memset(&st, 0, sizeof(st));
	*rest = fstat(fd, &st) == 0 && st.st_size > s->off ?
		st.st_size - s->off : 0;
	if (w == NULL)
		return -1;
	n = pread(fd, w, cap, from);
	for (o = 0; n > 0 && o + PCAP_REC_HDR_LEN <= (size_t)n &&
		    o <= PCAP_RESYNC_SPAN; o++) {
		if (!mpcap_hdr_plausible(s, w + o))
			continue;
		e = o + PCAP_REC_HDR_LEN + mpcap_u32(s, w + o + 8);
		if ((int64_t)(from + e) == st.st_size ||
		    (e + PCAP_REC_HDR_LEN <= (size_t)n &&
		     mpcap_hdr_plausible(s, w + e))) {
			found = from + (int64_t)o;
			break;
		}
	}
	free(w);
	return found;
}

/* Counts a damaged record; the first one is described. */
static void
mpcap_src_bad(struct mpcap_src *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void
mpcap_src_bad(struct mpcap_src *s, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (s->base.bad == 0) {
		n = snprintf(s->base.bad_what, sizeof(s->base.bad_what),
			     "pcap %s: record %" PRIu64 " at offset %" PRId64 ": ",
			     s->path, s->record + 1, s->off);
		va_start(ap, fmt);
		if (n > 0 && (size_t)n < sizeof(s->base.bad_what))
			vsnprintf(s->base.bad_what + n,
				  sizeof(s->base.bad_what) - (size_t)n, fmt, ap);
		va_end(ap);
	}
	/* The text before the count: a reader that sees the count sees it. */
	__atomic_fetch_add(&s->base.bad, 1, __ATOMIC_RELEASE);
}

/*
 * libpcap refused the record at s->off (cut short, an impossible
 * length): counted, and the pass goes on at the next header that can be
 * found. False when there is none: the pass ends.
 */
static bool
mpcap_src_damaged(struct mpcap_src *s)
{
	char why[PCAP_ERRBUF_SIZE];
	int64_t next = -1, rest = 0;

	snprintf(why, sizeof(why), "%s", pcap_geterr(s->pcap));
	if (s->classic)
		next = mpcap_resync(s, &rest);
	if (next < 0) {
		mpcap_src_bad(s, "%s; no record found after it: the rest of the file (%" PRId64
			      " bytes) skipped", why, rest);
		return false;
	}
	mpcap_src_bad(s, "%s; replay resumed at offset %" PRId64, why, next);
	s->record++;
	s->off = next;
	return fseeko(pcap_file(s->pcap), next, SEEK_SET) == 0;
}

/* A record libpcap returned: where the next one starts. */
static void
mpcap_src_advance(struct mpcap_src *s, const struct pcap_pkthdr *hdr)
{
	s->record++;
	s->last_ts = (uint32_t)hdr->ts.tv_sec;
	/* libpcap cuts a record longer than the snap length to it. */
	if (hdr->caplen >= (bpf_u_int32)pcap_snapshot(s->pcap))
		s->off = ftello(pcap_file(s->pcap));
	else
		s->off += PCAP_REC_HDR_LEN + hdr->caplen;
}

/* The end of a pass: false when the source is done. */
static bool
mpcap_src_rewind(struct mpcap_src *s)
{
	/* A pass that produced no frame would produce none the next time. */
	if (!s->loop || s->pass_frames == 0)
		return false;
	pcap_close(s->pcap);
	s->pcap = mpcap_src_open(s->path, NULL, 0);
	if (s->pcap == NULL)
		return false;
	mpcap_src_format(s);
	s->pass_frames = 0;
	s->record = 0;
	return true;
}

static int
mpcap_src_next(struct model_traffic_src *src, uint8_t *buf, size_t cap)
{
	struct mpcap_src *s = (struct mpcap_src *)src;
	struct pcap_pkthdr *hdr;
	const u_char *data;
	int rc;

	/* Bounded: each turn consumes a record or ends a pass of the file. */
	while (!s->done) {
		rc = pcap_next_ex(s->pcap, &hdr, &data);
		if (rc == 1) {
			if (hdr->caplen == 0 && hdr->len == 0)
				mpcap_src_bad(s, "an empty record (0 bytes)");
			mpcap_src_advance(s, hdr);
			if (hdr->caplen == 0 && hdr->len == 0)
				continue;
			/*
			 * A snapped record (caplen < len) is not the frame
			 * that was on the wire; replaying it would feed the
			 * receiver a frame with a wrong length and checksum.
			 */
			if (hdr->caplen < hdr->len) {
				__atomic_fetch_add(&src->snapped, 1,
						   __ATOMIC_RELAXED);
				continue;
			}
			if (hdr->caplen > cap) {
				__atomic_fetch_add(&src->truncated, 1,
						   __ATOMIC_RELAXED);
				continue;
			}
			memcpy(buf, data, hdr->caplen);
			src->frames++;
			s->pass_frames++;
			return (int)hdr->caplen;
		}
		if (rc == PCAP_ERROR && mpcap_src_damaged(s))
			continue;
		/* The end of the file, or of what can be read of it. */
		if (!mpcap_src_rewind(s))
			s->done = true;
	}
	return -1;
}

static void
mpcap_src_destroy(struct model_traffic_src *src)
{
	struct mpcap_src *s = (struct mpcap_src *)src;

	if (s->pcap != NULL)
		pcap_close(s->pcap);
	free(s->path);
	free(s);
}

struct model_traffic_src *
model_pcap_src_create(const char *path, bool loop, char *err, size_t errlen)
{
	struct mpcap_src *s;

	if (path == NULL) {
		model_traffic_err(err, errlen, "pcap: no file name");
		return NULL;
	}
	s = calloc(1, sizeof(*s));
	if (s != NULL)
		s->path = strdup(path);
	if (s == NULL || s->path == NULL) {
		model_traffic_err(err, errlen, "pcap %s: out of memory", path);
		free(s);
		return NULL;
	}
	s->pcap = mpcap_src_open(path, err, errlen);
	if (s->pcap == NULL) {
		free(s->path);
		free(s);
		return NULL;
	}
	mpcap_src_format(s);
	s->loop = loop;
	s->base.next = mpcap_src_next;
	s->base.destroy = mpcap_src_destroy;
	return &s->base;
}

/*
 * write(2) of all @p len bytes: 0, or -errno with what did not fit left
 * in the file (the caller cuts it off).
 */
static int
mpcap_write_all(int fd, const uint8_t *p, size_t len)
{
	ssize_t n;

	while (len > 0) {
		n = write(fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0 ? -errno : -ENOSPC;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

static int
mpcap_sink_flush_locked(struct mpcap_sink *s)
{
	struct model_traffic_sink *sink = &s->base;
	long n = ftell(s->mem);
	int rc;

	if (n <= 0)
		return 0;
	rc = mpcap_write_all(s->fd, s->batch, (size_t)n);
	if (rc == 0) {
		s->off += n;
		sink->frames += s->batch_frames;
		sink->bytes += s->batch_bytes;
	} else {
		/*
		 * Whole records or none: the part of the batch that made it
		 * is cut off again (a no-op where the file cannot be cut, a
		 * pipe or /dev/full), so that the capture stays readable.
		 */
		if (ftruncate(s->fd, s->off) == 0)
			(void)lseek(s->fd, s->off, SEEK_SET);
		model_sink_failed(sink, s->batch_frames, "pcap %s: write: %s",
				  s->path, strerror(-rc));
	}
	__atomic_store_n(&s->batch_frames, 0, __ATOMIC_RELAXED);
	s->batch_bytes = 0;
	rewind(s->mem);
	return rc;
}

static uint64_t
mpcap_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void
mpcap_sink_idle(struct model_traffic_sink *sink, bool quiet)
{
	struct mpcap_sink *s = (struct mpcap_sink *)sink;

	/* The thread that puts: the batch grows in no other. */
	if (__atomic_load_n(&s->batch_frames, __ATOMIC_RELAXED) == 0)
		return;
	if (!quiet && mpcap_now_ns() - s->batch_since_ns < MODEL_SINK_IDLE_NS)
		return;
	pthread_mutex_lock(&s->lock);
	mpcap_sink_flush_locked(s);
	pthread_mutex_unlock(&s->lock);
}

static int
mpcap_sink_flush(struct model_traffic_sink *sink)
{
	struct mpcap_sink *s = (struct mpcap_sink *)sink;
	int rc;

	pthread_mutex_lock(&s->lock);
	rc = mpcap_sink_flush_locked(s);
	pthread_mutex_unlock(&s->lock);
	return rc;
}

static int
mpcap_sink_put(struct model_traffic_sink *sink, const uint8_t *frame,
	       size_t len)
{
	struct mpcap_sink *s = (struct mpcap_sink *)sink;
	struct pcap_pkthdr hdr;
	struct timespec now;
	int rc;

	if (len == 0 || len > PCAP_SINK_SNAPLEN) {
		model_sink_failed(sink, 1, "pcap %s: a frame of %zu bytes",
				  s->path, len);
		return -EMSGSIZE;
	}
	clock_gettime(CLOCK_REALTIME, &now);
	memset(&hdr, 0, sizeof(hdr));
	hdr.ts.tv_sec = now.tv_sec;
	hdr.ts.tv_usec = now.tv_nsec / 1000;
	hdr.caplen = (bpf_u_int32)len;
	hdr.len = (bpf_u_int32)len;
	pthread_mutex_lock(&s->lock);
	/* Into the batch: room for a whole record is kept (the batch's size). */
	pcap_dump((u_char *)s->dumper, &hdr, frame);
	if (s->batch_frames == 0)
		s->batch_since_ns = mpcap_now_ns();
	__atomic_store_n(&s->batch_frames, s->batch_frames + 1,
			 __ATOMIC_RELAXED);
	s->batch_bytes += len;
	rc = ftell(s->mem) >= PCAP_SINK_BATCH ? mpcap_sink_flush_locked(s) : 0;
	pthread_mutex_unlock(&s->lock);
	return rc;
}

static void
mpcap_sink_destroy(struct model_traffic_sink *sink)
{
	struct mpcap_sink *s = (struct mpcap_sink *)sink;

	if (s->dumper != NULL) {
		mpcap_sink_flush_locked(s);
		pcap_dump_close(s->dumper);	/* closes s->mem */
	} else if (s->mem != NULL) {
		fclose(s->mem);
	}
	if (s->pcap != NULL)
		pcap_close(s->pcap);
	if (s->fd >= 0)
		close(s->fd);
	free(s->batch);
	free(s->path);
	pthread_mutex_destroy(&s->lock);
	free(s);
}

/*
 * libpcap writes each record (pcap_dump()) into the batch, a memory
 * stream; the sink writes the batch to the file with write(2), so that
 * it knows which frames a failed write lost. The file's header is
 * written at once: a file system already full fails here.
 */
static int
mpcap_sink_open(struct mpcap_sink *s, char *err, size_t errlen)
{
	long n;
	int rc;

	s->fd = open(s->path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (s->fd < 0) {
		model_traffic_err(err, errlen, "pcap %s: %s", s->path,
				  strerror(errno));
		return -1;
	}
	s->batch = malloc(PCAP_SINK_BATCH_CAP);
	s->mem = s->batch != NULL ?
		fmemopen(s->batch, PCAP_SINK_BATCH_CAP, "w") : NULL;
	if (s->mem == NULL) {
		model_traffic_err(err, errlen, "pcap %s: out of memory", s->path);
		return -1;
	}
	/* The batch is the buffer: no second copy through stdio. */
	setvbuf(s->mem, NULL, _IONBF, 0);
	s->pcap = pcap_open_dead(DLT_EN10MB, PCAP_SINK_SNAPLEN);
	if (s->pcap == NULL) {
		model_traffic_err(err, errlen, "pcap %s: pcap_open_dead failed",
				  s->path);
		return -1;
	}
	s->dumper = pcap_dump_fopen(s->pcap, s->mem);
	if (s->dumper == NULL) {
		model_traffic_err(err, errlen, "pcap %s: %s", s->path,
				  pcap_geterr(s->pcap));
		return -1;
	}
	n = ftell(s->mem);
	rc = n > 0 ? mpcap_write_all(s->fd, s->batch, (size_t)n) : -EIO;
	if (rc < 0) {
		model_traffic_err(err, errlen, "pcap %s: write: %s", s->path,
				  strerror(-rc));
		return -1;
	}
	s->off = n;
	rewind(s->mem);
	return 0;
}

struct model_traffic_sink *
model_pcap_sink_create(const char *path, char *err, size_t errlen)
{
	struct mpcap_sink *s;

	if (path == NULL) {
		model_traffic_err(err, errlen, "pcap: no file name");
		return NULL;
	}
	s = calloc(1, sizeof(*s));
	if (s != NULL) {
		s->fd = -1;
		s->path = strdup(path);
		pthread_mutex_init(&s->lock, NULL);
	}
	if (s == NULL || s->path == NULL) {
		model_traffic_err(err, errlen, "pcap %s: out of memory", path);
		if (s != NULL)
			pthread_mutex_destroy(&s->lock);
		free(s);
		return NULL;
	}
	if (mpcap_sink_open(s, err, errlen) < 0) {
		mpcap_sink_destroy(&s->base);
		return NULL;
	}
	s->base.put = mpcap_sink_put;
	s->base.flush = mpcap_sink_flush;
	s->base.idle = mpcap_sink_idle;
	s->base.destroy = mpcap_sink_destroy;
	return &s->base;
}
