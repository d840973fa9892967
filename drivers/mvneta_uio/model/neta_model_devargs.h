/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The neta device model's own devargs, X(key, syntax, default, scope) as
 * in socnic_devargs.h: parsed by the model backend only
 * (neta_model_backend.c) into the model's parameters. A PMD uses this list
 * for its parameter string (SOCNIC_DEVARG_PARAM) and to recognise the keys
 * (SOCNIC_DEVARG_KNOWN); it includes nothing else of the model. The keys
 * every family's model takes, the faults, interrupt race and link partner
 * every model has among them, are SOCNIC_MODEL_DEVARGS.
 */
#ifndef SOCRX_NETA_MODEL_DEVARGS_H
#define SOCRX_NETA_MODEL_DEVARGS_H

#define NETA_MODEL_DEVARGS(X)						\
	X(model, "neta", NULL, MODEL)					\
	SOCNIC_DV_FAULT_PPM(X, fault_wb_late_ppm)			\
	X(model_mdio, "map|window|none", "map", MODEL)			\
	X(model_phy_addr, "<0..31>|none", "1", MODEL)			\
	X(model_watch_da, "<mac>", NULL, MODEL)

#endif /* SOCRX_NETA_MODEL_DEVARGS_H */
