//go:build !cgo

package rng

import "math"

// Without cgo, Go's math package stands in for libm. Its results can differ
// from glibc's in the last bit, so ExpoVariate and Gauss may then differ from
// CPython's by one unit in the last place; every other method stays exact.
const exactLibm = false

func libmLog(x float64) float64 { return math.Log(x) }
func libmSin(x float64) float64 { return math.Sin(x) }
func libmCos(x float64) float64 { return math.Cos(x) }
func libmExp(x float64) float64 { return math.Exp(x) }

func libmLog1mBlock(u, out *[doublesBlock]float64) {
	for i, v := range u {
		out[i] = math.Log(1.0 - v)
	}
}
