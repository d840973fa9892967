/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Traffic for the device model: sources of received frames (a built-in
 * generator, pcap replay, a Linux interface) and sinks of transmitted
 * frames (count and drop, pcap writer, a Linux interface).
 *
 * Frames crossing this interface are Ethernet frames without FCS: the
 * model appends the FCS on receive and strips it on transmit, as a MAC
 * does on the wire. No DPDK dependency.
 */
#ifndef SOCRX_MODEL_TRAFFIC_H
#define SOCRX_MODEL_TRAFFIC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct model_traffic_src {
	/*
	 * Writes the next frame (without FCS) into @p buf of @p cap bytes.
	 * Returns its length (> 0), 0 when no frame is ready yet (rate limit,
	 * live interface), or -1 when the source is exhausted. A frame longer
	 * than @p cap is skipped and counted in @p truncated; a capture record
	 * snapped shorter than its frame (tcpdump -s) in @p snapped. Both
	 * counters are updated atomically (read by other threads).
	 */
	int (*next)(struct model_traffic_src *src, uint8_t *buf, size_t cap);
	void (*destroy)(struct model_traffic_src *src);
	/*
	 * The link behind the source (a Linux interface: up and running,
	 * IFF_UP | IFF_RUNNING): 1 up, 0 down. NULL: no link (always up).
	 */
	int (*link)(struct model_traffic_src *src);
	uint64_t frames;	/* frames returned so far */
	uint64_t truncated;	/* frames skipped for not fitting */
	uint64_t snapped;	/* capture records skipped: not the whole frame */
	/*
	 * Capture records skipped for not being a frame at all: empty, cut
	 * short, or with an impossible length (a damaged file). Atomic, like
	 * the two above; @p bad_what describes the first such record (its
	 * number, file offset and the fault), written once before the
	 * counter first moves.
	 */
	uint64_t bad;
	char bad_what[200];
	/*
	 * When next() last returned 0 for want of time (a rate limit): the
	 * CLOCK_MONOTONIC time in ns at which its next frame is due, so that
	 * a thread with nothing else to do sleeps until then instead of
	 * spinning. 0: no such time.
	 */
	uint64_t next_due_ns;
	/*
	 * Where the device writes the time it takes each frame to host
	 * memory (model_tsc(), 8 bytes in host order): a byte offset into
	 * the frame, 0 for none (the generator's stamp).
	 */
	uint32_t stamp_off;
};

struct model_traffic_sink {
	/*
	 * Consumes one transmitted frame (without FCS). 0 or -errno: a frame
	 * the sink cannot write is lost, as on a wire, and counted in
	 * @p errors (a pcap sink learns it only when its batch is written).
	 */
	int (*put)(struct model_traffic_sink *sink, const uint8_t *frame,
		   size_t len);
	/* Writes out the frames the sink holds back; NULL: it holds none. */
	int (*flush)(struct model_traffic_sink *sink);
	/*
	 * The device's engine found nothing to do (model_thread), in the
	 * thread that puts: a sink that holds frames back writes
	 * them out once the oldest has waited MODEL_SINK_IDLE_NS, or at
	 * once when @p quiet (the engine waits for its driver: nothing
	 * more is due). So a capture follows the wire while the device
	 * runs, not only at its stop. NULL: it holds none.
	 */
	void (*idle)(struct model_traffic_sink *sink, bool quiet);
	/* As model_traffic_src.link. */
	int (*link)(struct model_traffic_sink *sink);
	void (*destroy)(struct model_traffic_sink *sink);
	uint64_t frames;	/* frames written so far */
	uint64_t bytes;
	uint64_t errors;	/* frames it failed to write; atomic (xstats) */
	/*
	 * Called once, at the sink's first failure, with what failed and
	 * why ("pcap out.pcap: write: No space left on device"), from the
	 * thread that put or flushed the frame. NULL: not reported.
	 */
	void (*on_error)(void *arg, const char *what);
	void *on_error_arg;
	bool error_reported;
};

/* The longest a frame waits in a sink's batch while the engine idles. */
#define MODEL_SINK_IDLE_NS 10000000ull

/* Tells @p sink that the engine idles (its idle op). */
static inline void
model_traffic_sink_idle(struct model_traffic_sink *sink, bool quiet)
{
	if (sink != NULL && sink->idle != NULL)
		sink->idle(sink, quiet);
}

/* Flushes @p sink if it holds frames back: 0 or -errno. */
static inline int
model_traffic_sink_flush(struct model_traffic_sink *sink)
{
	return sink != NULL && sink->flush != NULL ? sink->flush(sink) : 0;
}

/* ---- Generator ---- */

enum model_gen_size {
	MODEL_GEN_SIZE_FIXED = 0,	/* len_min */
	MODEL_GEN_SIZE_RANGE,		/* uniform in [len_min, len_max] */
	MODEL_GEN_SIZE_IMIX,		/* 7:4:1 of 60, 590, 1514 bytes */
};

struct model_gen_params {
	uint8_t src_mac[6];
	uint8_t dst_mac[6];
	bool ipv6;			/* IPv4 when false */
	uint8_t l4_proto;		/* 17 (UDP) or 6 (TCP) */
	unsigned int flows;		/* distinct 5-tuples, >= 1 */
	enum model_gen_size size;
	unsigned int len_min;		/* frame length without FCS, 60..16380 */
	unsigned int len_max;
	unsigned int bad_l4_permille;	/* frames with a wrong L4 checksum */
	uint64_t count;			/* frames in all; 0: endless */
	uint64_t rate_pps;		/* 0: as fast as taken */
	/*
	 * IPv4/UDP only: the first 8 payload bytes are for the device's
	 * time stamp (model_traffic_src.stamp_off), the UDP checksum 0
	 * (not computed).
	 */
	bool stamp;
	uint64_t seed;
};

/* Defaults: 02:00:00:00:fe:01 (model_gen_peer_mac()) -> 02:00:00:00:00:01,
 * IPv4/UDP, 1 flow, 64-byte frames, no bad checksums, endless, unlimited,
 * seed 1. */
void model_gen_params_init(struct model_gen_params *p);

/*
 * The generator's source address, its link partner's, the same for every
 * family: 02:00:00:00:fe:01, locally administered, with 0xfe where a
 * port's default address has its family's byte (02:00:00:HI:FAMILY:LO,
 * socnic_default_mac(): 0x01 stmmac, 0x02 mvneta), so that no port owns
 * it by default. 02:00:00:00:fe:02 when @p dst is that address (a port
 * given it with mac= or gen_dst=): source and destination always differ.
 */
void model_gen_peer_mac(const uint8_t dst[6], uint8_t src[6]);

/*
 * A generator of valid Ethernet/IPv4|IPv6/UDP|TCP frames: correct IPv4
 * header and L4 checksums except for the bad_l4 share, addresses
 * 198.18.0.0/15 (IPv4) or 2001:db8::/32 (IPv6) varying by flow, and a
 * payload whose first 8 bytes carry the frame's sequence number. NULL with
 * a message in @p err on bad parameters.
 */
struct model_traffic_src *model_gen_create(const struct model_gen_params *p,
					   char *err, size_t errlen);

/* ---- pcap (libpcap) ---- */

/* Replays the Ethernet frames of a capture, once or in a loop. */
struct model_traffic_src *model_pcap_src_create(const char *path, bool loop,
						char *err, size_t errlen);
/*
 * Writes transmitted frames to a new capture (link type Ethernet), in
 * batches of whole records: a batch the file system refuses (ENOSPC) is
 * cut off the file, which stays a valid capture of the frames written,
 * and its frames are counted in errors.
 */
struct model_traffic_sink *model_pcap_sink_create(const char *path,
						  char *err, size_t errlen);

/* ---- Linux interface (AF_PACKET) ---- */

/* Frames received on @p ifname (not those sent from it); never exhausted. */
struct model_traffic_src *model_iface_src_create(const char *ifname,
						 char *err, size_t errlen);
/* Frames sent out of @p ifname. */
struct model_traffic_sink *model_iface_sink_create(const char *ifname,
						   char *err, size_t errlen);

/* Destroys a source and a sink, either of which may be NULL. */
static inline void
model_traffic_destroy(struct model_traffic_src *src,
		      struct model_traffic_sink *sink)
{
	if (src != NULL && src->destroy != NULL)
		src->destroy(src);
	if (sink != NULL && sink->destroy != NULL)
		sink->destroy(sink);
}

/* ---- Count and drop; nothing ---- */

struct model_traffic_sink *model_count_sink_create(void);
/* A source with no frame at all (exhausted from the start). */
struct model_traffic_src *model_null_src_create(void);

#ifdef __cplusplus
}
#endif

#endif /* SOCRX_MODEL_TRAFFIC_H */
