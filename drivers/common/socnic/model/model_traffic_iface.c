/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A Linux network interface as traffic: frames received on it feed the
 * model's receive path, frames the model transmits are sent out of it.
 * Raw AF_PACKET sockets, so a veth end in a network namespace works as a
 * cable to the model.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <arpa/inet.h>
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <net/if.h>
#include <sys/ioctl.h>
#include <sys/socket.h>

#include "model_traffic.h"
#include "model_traffic_internal.h"

/* Frames drained per next() call before yielding with 0. */
#define IFACE_MAX_SKIPS 64
/* Receive buffer asked for, so bursts are not dropped between polls. */
#define IFACE_RCVBUF (4 << 20)

/* Either end, a source or a sink: its socket bound to the interface. */
struct iface_end {
	union {				/* first: the public handle */
		struct model_traffic_src src;
		struct model_traffic_sink sink;
	} base;
	int fd;
	int ifindex;
	char name[IFNAMSIZ];
};

/*
 * A raw packet socket bound to @p ifname receiving @p proto (0: nothing),
 * or -1 with a message and errno set. The socket is created with protocol 0 so that it
 * receives nothing until bind() has restricted it to the interface:
 * otherwise frames from every interface arriving in between would queue.
 */
static int
iface_open(const char *what, const char *ifname, uint16_t proto,
	   bool nonblock, int *ifindex, char *err, size_t errlen)
{
	struct sockaddr_ll sll;
	unsigned int idx;
	int fd, e;

	if (ifname == NULL || ifname[0] == '\0') {
		model_traffic_err(err, errlen, "%s: no interface name", what);
		return -1;
	}
	if (strlen(ifname) >= IFNAMSIZ) {
		model_traffic_err(err, errlen, "%s %s: interface name too long",
			  what, ifname);
		return -1;
	}
	fd = socket(AF_PACKET,
		    SOCK_RAW | SOCK_CLOEXEC | (nonblock ? SOCK_NONBLOCK : 0), 0);
	if (fd < 0) {
		e = errno;
		if (e == EPERM || e == EACCES)
			model_traffic_err(err, errlen,
				  "%s %s: AF_PACKET socket: %s (needs CAP_NET_RAW)",
				  what, ifname, strerror(e));
		else if (e == EAFNOSUPPORT)
			model_traffic_err(err, errlen,
				  "%s %s: AF_PACKET sockets are not supported here: %s",
				  what, ifname, strerror(e));
		else
			model_traffic_err(err, errlen, "%s %s: AF_PACKET socket: %s",
				  what, ifname, strerror(e));
		errno = e;
		return -1;
	}
	idx = if_nametoindex(ifname);
	if (idx == 0) {
		e = errno;
		model_traffic_err(err, errlen, "%s %s: interface not found: %s",
			  what, ifname, strerror(e));
		close(fd);
		errno = e;
		return -1;
	}
	memset(&sll, 0, sizeof(sll));
	sll.sll_family = AF_PACKET;
	sll.sll_protocol = htons(proto);
	sll.sll_ifindex = (int)idx;
	if (bind(fd, (struct sockaddr *)&sll, sizeof(sll)) < 0) {
		e = errno;
		model_traffic_err(err, errlen, "%s %s: bind: %s", what, ifname,
			  strerror(e));
		close(fd);
		errno = e;
		return -1;
	}
	*ifindex = (int)idx;
	return fd;
}

/*
 * 1 when @p name is up and running (IFF_UP and IFF_RUNNING: carrier, the
 * operational state "up"), 0 otherwise (down, no carrier, gone). Asked
 * on the socket bound to it: the answer is that of its namespace.
 */
static int
iface_link(int fd, const char *name)
{
	struct ifreq ifr;

	memset(&ifr, 0, sizeof(ifr));
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", name);
	if (ioctl(fd, SIOCGIFFLAGS, &ifr) < 0)
		return 0;
	return (ifr.ifr_flags & (IFF_UP | IFF_RUNNING)) ==
	       (IFF_UP | IFF_RUNNING);
}

/*
 * An end on the socket iface_open() gives for @p what, @p ifname, @p proto
 * and @p nonblock, or NULL with a message (the socket closed).
 */
static struct iface_end *
iface_end_open(const char *what, const char *ifname, uint16_t proto,
	       bool nonblock, char *err, size_t errlen)
{
	struct iface_end *e;
	int fd, ifindex = 0;

	fd = iface_open(what, ifname, proto, nonblock, &ifindex, err, errlen);
	if (fd < 0)
		return NULL;
	e = calloc(1, sizeof(*e));
	if (e == NULL) {
		model_traffic_err(err, errlen, "%s %s: out of memory", what,
				  ifname);
		close(fd);
		return NULL;
	}
	e->fd = fd;
	e->ifindex = ifindex;
	snprintf(e->name, sizeof(e->name), "%s", ifname);
	return e;
}

static void
iface_end_close(struct iface_end *e)
{
	close(e->fd);
	free(e);
}

static int
iface_src_link(struct model_traffic_src *src)
{
	const struct iface_end *s = (const struct iface_end *)src;

	return iface_link(s->fd, s->name);
}

static int
iface_sink_link(struct model_traffic_sink *sink)
{
	const struct iface_end *s = (const struct iface_end *)sink;

	return iface_link(s->fd, s->name);
}

/*
 * Puts back the VLAN tag the kernel took out of the frame data into
 * metadata (receive VLAN acceleration, e.g. on veth), so the model sees
 * the frame as it was on the wire. Returns the new length, or 0 if it
 * would not fit in @p cap.
 */
static size_t
iface_put_vlan(uint8_t *buf, size_t len, size_t cap,
	       const struct tpacket_auxdata *aux)
{
	uint16_t tpid = ETH_P_8021Q;

	if (len < 12 || len + 4 > cap)
		return 0;
#ifdef TP_STATUS_VLAN_TPID_VALID
	if (aux->tp_status & TP_STATUS_VLAN_TPID_VALID)
		tpid = aux->tp_vlan_tpid;
#endif
	memmove(buf + 16, buf + 12, len - 12);
	buf[12] = (uint8_t)(tpid >> 8);
	buf[13] = (uint8_t)tpid;
	buf[14] = (uint8_t)(aux->tp_vlan_tci >> 8);
	buf[15] = (uint8_t)aux->tp_vlan_tci;
	return len + 4;
}

static int
iface_src_next(struct model_traffic_src *src, uint8_t *buf, size_t cap)
{
	struct iface_end *s = (struct iface_end *)src;
	union {
		struct cmsghdr align;
		uint8_t b[CMSG_SPACE(sizeof(struct tpacket_auxdata))];
	} ctl;
	const struct tpacket_auxdata *aux;
	struct sockaddr_ll sll;
	struct cmsghdr *cm;
	struct msghdr msg;
	struct iovec iov;
	ssize_t n;
	size_t len;
	int i;

	for (i = 0; i < IFACE_MAX_SKIPS; i++) {
		memset(&msg, 0, sizeof(msg));
		iov.iov_base = buf;
		iov.iov_len = cap;
		msg.msg_name = &sll;
		msg.msg_namelen = sizeof(sll);
		msg.msg_iov = &iov;
		msg.msg_iovlen = 1;
		msg.msg_control = ctl.b;
		msg.msg_controllen = sizeof(ctl.b);
		/* MSG_TRUNC: the frame's real length, even if cut short. */
		n = recvmsg(s->fd, &msg, MSG_TRUNC | MSG_DONTWAIT);
		if (n < 0)
			return 0;	/* nothing waiting (or link down): never -1 */
		/*
		 * Our own transmissions come back as PACKET_OUTGOING where
		 * PACKET_IGNORE_OUTGOING is missing; on loopback the same
		 * frame then arrives again as incoming, which is the copy
		 * to keep.
		 */
		if (sll.sll_pkttype == PACKET_OUTGOING ||
		    sll.sll_ifindex != s->ifindex || n == 0)
			continue;
		if ((size_t)n > cap || (msg.msg_flags & MSG_TRUNC)) {
			__atomic_fetch_add(&src->truncated, 1, __ATOMIC_RELAXED);
			continue;
		}
		len = (size_t)n;
		aux = NULL;
		for (cm = CMSG_FIRSTHDR(&msg); cm != NULL;
		     cm = CMSG_NXTHDR(&msg, cm)) {
			if (cm->cmsg_level == SOL_PACKET &&
			    cm->cmsg_type == PACKET_AUXDATA &&
			    cm->cmsg_len >= CMSG_LEN(sizeof(*aux)))
				aux = (const struct tpacket_auxdata *)
					CMSG_DATA(cm);
		}
		if (aux != NULL && (aux->tp_status & TP_STATUS_VLAN_VALID)) {
			len = iface_put_vlan(buf, len, cap, aux);
			if (len == 0) {
				__atomic_fetch_add(&src->truncated, 1,
						   __ATOMIC_RELAXED);
				continue;
			}
		}
		src->frames++;
		return (int)len;
	}
	return 0;
}

static void
iface_src_destroy(struct model_traffic_src *src)
{
	iface_end_close((struct iface_end *)src);
}

struct model_traffic_src *
model_iface_src_create(const char *ifname, char *err, size_t errlen)
{
	struct iface_end *s;
	int one = 1, rcvbuf = IFACE_RCVBUF;
	int e;

	s = iface_end_open("iface source", ifname, ETH_P_ALL, true, err,
			   errlen);
	if (s == NULL)
		return NULL;
#ifdef PACKET_IGNORE_OUTGOING
	/* Linux >= 4.20; older kernels rely on the pkttype check alone. */
	(void)setsockopt(s->fd, SOL_PACKET, PACKET_IGNORE_OUTGOING, &one,
			 sizeof(one));
#endif
	if (setsockopt(s->fd, SOL_PACKET, PACKET_AUXDATA, &one,
		       sizeof(one)) < 0) {
		e = errno;
		model_traffic_err(err, errlen, "iface source %s: PACKET_AUXDATA: %s",
			  ifname, strerror(e));
		iface_end_close(s);
		return NULL;
	}
	/* Best effort: the default is kept if the limit is lower. */
	(void)setsockopt(s->fd, SOL_SOCKET, SO_RCVBUF, &rcvbuf,
			 sizeof(rcvbuf));
	s->base.src.next = iface_src_next;
	s->base.src.link = iface_src_link;
	s->base.src.destroy = iface_src_destroy;
	return &s->base.src;
}

static int
iface_sink_put(struct model_traffic_sink *sink, const uint8_t *frame,
	       size_t len)
{
	struct iface_end *s = (struct iface_end *)sink;
	struct sockaddr_ll sll;
	ssize_t n;
	int e;

	if (len < ETH_HLEN) {
		model_sink_failed(sink, 1, "iface %s: a frame of %zu bytes",
				  s->name, len);
		return -EINVAL;
	}
	/*
	 * The address names the interface and, for kernels that do not
	 * parse it from the frame, the EtherType of the frame.
	 */
	memset(&sll, 0, sizeof(sll));
	sll.sll_family = AF_PACKET;
	sll.sll_ifindex = s->ifindex;
	memcpy(&sll.sll_protocol, frame + 12, 2);
	sll.sll_halen = ETH_ALEN;
	memcpy(sll.sll_addr, frame, ETH_ALEN);
	/*
	 * Blocking send: a full device queue delays the model instead of
	 * dropping frames it reported as transmitted.
	 */
	do {
		n = sendto(s->fd, frame, len, 0, (struct sockaddr *)&sll,
			   sizeof(sll));
	} while (n < 0 && errno == EINTR);
	if (n < 0 || (size_t)n != len) {
		e = n < 0 ? errno : EIO;
		model_sink_failed(sink, 1, "iface %s: sendto: %s", s->name,
				  strerror(e));
		return -e;
	}
	sink->frames++;
	sink->bytes += len;
	return 0;
}

static void
iface_sink_destroy(struct model_traffic_sink *sink)
{
	iface_end_close((struct iface_end *)sink);
}

struct model_traffic_sink *
model_iface_sink_create(const char *ifname, char *err, size_t errlen)
{
	/* Protocol 0: a sink socket never queues received frames. */
	struct iface_end *s = iface_end_open("iface sink", ifname, 0, false,
					     err, errlen);

	if (s == NULL)
		return NULL;
	s->base.sink.put = iface_sink_put;
	s->base.sink.link = iface_sink_link;
	s->base.sink.destroy = iface_sink_destroy;
	return &s->base.sink;
}
