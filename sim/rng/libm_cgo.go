//go:build cgo

package rng

// CPython computes log, sin and cos with the platform C library, and Go's
// math package differs from glibc in the last bit for some arguments. Calling
// the same libm is the only way to reproduce expovariate and gauss bit for
// bit, so builds with cgo (the default on Linux) use it.

// #cgo LDFLAGS: -lm
/*
#include <math.h>
static void log1m_block(const double *u, double *out, int n) {
	for (int i = 0; i < n; i++) out[i] = log(1.0 - u[i]);
}
*/
import "C"

// exactLibm reports whether log, sin and cos are the C library's, so that
// ExpoVariate and Gauss equal CPython's to the last bit.
const exactLibm = true

func libmLog(x float64) float64 { return float64(C.log(C.double(x))) }
func libmSin(x float64) float64 { return float64(C.sin(C.double(x))) }
func libmCos(x float64) float64 { return float64(C.cos(C.double(x))) }
func libmExp(x float64) float64 { return float64(C.exp(C.double(x))) }

// libmLog1mBlock sets out[i] to log(1 - u[i]) in one call.
func libmLog1mBlock(u, out *[doublesBlock]float64) {
	C.log1m_block((*C.double)(&u[0]), (*C.double)(&out[0]), doublesBlock)
}
