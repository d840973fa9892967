/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pcap replay (a source of received frames) and pcap capture (a sink of
 * transmitted frames), through libpcap.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <pcap/pcap.h>

#include "model_traffic.h"
#include "model_traffic_internal.h"

/* Largest frame the sink records: what pcap_open_dead() is told. */
#define PCAP_SINK_SNAPLEN 65535

struct mpcap_src {
	struct model_traffic_src base;	/* first: the public handle */
	pcap_t *pcap;
	char *path;			/* kept to reopen when looping */
	bool loop;
	bool done;			/* exhausted: -1 from now on */
	uint64_t pass_frames;		/* frames returned since (re)opening */
};

struct mpcap_sink {
	struct model_traffic_sink base;	/* first: the public handle */
	pcap_t *pcap;
	pcap_dumper_t *dumper;
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
			/*
			 * A snapped record (caplen < len) is not the frame
			 * that was on the wire; replaying it would feed the
			 * receiver a frame with a wrong length and checksum.
			 */
			if (hdr->caplen == 0 || hdr->caplen < hdr->len) {
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
		/*
		 * End of file (or a read error, which leaves nothing more to
		 * replay either). A pass that produced no frame would produce
		 * none the next time: stop instead of reopening forever.
		 */
		if (rc != PCAP_ERROR_BREAK || !s->loop || s->pass_frames == 0) {
			s->done = true;
			break;
		}
		pcap_close(s->pcap);
		s->pcap = mpcap_src_open(s->path, NULL, 0);
		s->pass_frames = 0;
		if (s->pcap == NULL)
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
	s->loop = loop;
	s->base.next = mpcap_src_next;
	s->base.destroy = mpcap_src_destroy;
	return &s->base;
}

static int
mpcap_sink_put(struct model_traffic_sink *sink, const uint8_t *frame,
	       size_t len)
{
	struct mpcap_sink *s = (struct mpcap_sink *)sink;
	struct pcap_pkthdr hdr;
	struct timespec now;

	if (len == 0 || len > PCAP_SINK_SNAPLEN) {
		sink->errors++;
		return -EMSGSIZE;
	}
	clock_gettime(CLOCK_REALTIME, &now);
	memset(&hdr, 0, sizeof(hdr));
	hdr.ts.tv_sec = now.tv_sec;
	hdr.ts.tv_usec = now.tv_nsec / 1000;
	hdr.caplen = (bpf_u_int32)len;
	hdr.len = (bpf_u_int32)len;
	/* pcap_dump() reports nothing; the stream's error flag does. */
	pcap_dump((u_char *)s->dumper, &hdr, frame);
	if (ferror(pcap_dump_file(s->dumper))) {
		sink->errors++;
		return -EIO;
	}
	sink->frames++;
	sink->bytes += len;
	return 0;
}

static void
mpcap_sink_destroy(struct model_traffic_sink *sink)
{
	struct mpcap_sink *s = (struct mpcap_sink *)sink;

	pcap_dump_flush(s->dumper);
	pcap_dump_close(s->dumper);
	pcap_close(s->pcap);
	free(s);
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
	if (s == NULL) {
		model_traffic_err(err, errlen, "pcap %s: out of memory", path);
		return NULL;
	}
	s->pcap = pcap_open_dead(DLT_EN10MB, PCAP_SINK_SNAPLEN);
	if (s->pcap == NULL) {
		model_traffic_err(err, errlen, "pcap %s: pcap_open_dead failed", path);
		free(s);
		return NULL;
	}
	s->dumper = pcap_dump_open(s->pcap, path);
	if (s->dumper == NULL) {
		model_traffic_err(err, errlen, "pcap %s: %s", path,
			  pcap_geterr(s->pcap));
		pcap_close(s->pcap);
		free(s);
		return NULL;
	}
	s->base.put = mpcap_sink_put;
	s->base.destroy = mpcap_sink_destroy;
	return &s->base;
}
