/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The neta model's devarg keys, as the model backend's part of the PMD
 * passes them on to the rest of it: the parameter string and the
 * recognise-only table (mvneta_devargs.h) need the list, and only the
 * model backend includes model headers (tests/test_layering.py).
 */
#ifndef MVNETA_MODEL_KEYS_H
#define MVNETA_MODEL_KEYS_H

#include "neta_model_devargs.h"

#define MVNETA_MODEL_DEVARGS(X)	NETA_MODEL_DEVARGS(X)

#endif /* MVNETA_MODEL_KEYS_H */
