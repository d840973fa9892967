/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The frames of an Ethernet capture, read with libpcap, each copied into
 * a buffer malloc'ed to exactly its length (at least 1 byte), so that
 * AddressSanitizer reports any read past the frame.
 */
#ifndef SOCRX_TEST_PCAP_FRAMES_H
#define SOCRX_TEST_PCAP_FRAMES_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <pcap/pcap.h>

/*
 * Calls @p fn(data, len, arg) for every frame of @p path in order; @p fn
 * owns @p data and returns 0 to go on, < 0 to stop with an error. A
 * capture that is not Ethernet, a truncated record or a frame over
 * @p max_len is an error. Returns the frame count or -1 (message printed).
 */
static inline int
pcap_frames_load(const char *path, uint32_t max_len,
		 int (*fn)(uint8_t *data, uint32_t len, void *arg), void *arg)
{
	char err[PCAP_ERRBUF_SIZE];
	struct pcap_pkthdr *h;
	const u_char *bytes;
	pcap_t *p = pcap_open_offline(path, err);
	int n = 0, rc;

	if (p == NULL) {
		fprintf(stderr, "%s: %s\n", path, err);
		return -1;
	}
	if (pcap_datalink(p) != DLT_EN10MB) {
		fprintf(stderr, "%s: not an Ethernet capture\n", path);
		pcap_close(p);
		return -1;
	}
	while ((rc = pcap_next_ex(p, &h, &bytes)) == 1) {
		uint8_t *data;

		if (h->caplen != h->len || h->caplen > max_len) {
			fprintf(stderr, "%s: bad record %d\n", path, n);
			break;
		}
		data = malloc(h->caplen != 0 ? h->caplen : 1);
		if (data == NULL)
			break;
		memcpy(data, bytes, h->caplen);
		if (fn(data, h->caplen, arg) < 0)
			break;
		n++;
	}
	pcap_close(p);
	return rc == PCAP_ERROR_BREAK ? n : -1;
}

/*
 * A new Ethernet capture at a temporary file made from the mkstemp()
 * template @p path (which then names it): its writer, with *@p p to
 * pcap_close() after pcap_dump_close(), or NULL when it could not be made.
 */
static inline pcap_dumper_t *
pcap_frames_create_tmp(char *path, pcap_t **p)
{
	pcap_dumper_t *d;
	int fd = mkstemp(path);

	if (fd < 0)
		return NULL;
	close(fd);
	*p = pcap_open_dead(DLT_EN10MB, 65535);
	d = *p != NULL ? pcap_dump_open(*p, path) : NULL;
	if (d == NULL && *p != NULL)
		pcap_close(*p);
	return d;
}

/*
 * A new Ethernet capture of @p n frames at a temporary file made from the
 * mkstemp() template @p path: frame i written by @p fn(buf, i) into a
 * buffer of @p max bytes, which returns its length. False when it could
 * not be made.
 */
static inline bool
pcap_frames_write_tmp(char *path, uint32_t n, uint32_t max,
		      size_t (*fn)(uint8_t *b, uint32_t i))
{
	struct pcap_pkthdr h;
	uint8_t *frame = malloc(max);
	pcap_dumper_t *d;
	pcap_t *p;
	uint32_t i;

	if (frame == NULL)
		return false;
	d = pcap_frames_create_tmp(path, &p);
	if (d == NULL) {
		free(frame);
		return false;
	}
	memset(&h, 0, sizeof(h));
	for (i = 0; i < n; i++) {
		h.len = h.caplen = (uint32_t)fn(frame, i);
		pcap_dump((u_char *)d, &h, frame);
	}
	pcap_dump_close(d);
	pcap_close(p);
	free(frame);
	return true;
}

#endif /* SOCRX_TEST_PCAP_FRAMES_H */
