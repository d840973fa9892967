/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * socrx-router before its ports (startup.c): the router's arguments,
 * parsed around EAL's, EAL's failure to start explained, and the exit on
 * a fatal error.
 */
#ifndef SOCRX_ROUTER_STARTUP_H
#define SOCRX_ROUTER_STARTUP_H

#include "args.h"

/*
 * The router's arguments: parsed by args_before_eal(), or after EAL by
 * main() when EAL took them all. The port and lcore set-up completes them
 * (the default port mask and --config map, ports.c).
 */
extern struct router_args args;

/* Prints the error, releases EAL and exits with EXIT_FAILURE. */
void die(const char *fmt, ...)
	__attribute__((format(printf, 1, 2), noreturn));

/* EAL's --help hook: the router's own usage after EAL's. */
void usage_hook(const char *prog);

/* After rte_eal_init() failed: why, and what to do about it, to stderr. */
void eal_init_failed(int argc, char **argv);

/*
 * Parses the router's arguments after the first "--" into args, before
 * EAL starts; exits on --help or a mistake. @return the index of that
 * "--", or -1 without one.
 */
int args_before_eal(int argc, char **argv);

#endif /* SOCRX_ROUTER_STARTUP_H */
