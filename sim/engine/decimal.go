package engine

import (
	"errors"
	"math"
	"strconv"
	"strings"
)

// ParseDecimal reads a finite number written in plain decimal (digits, a
// point, an exponent), the one number reader of flags, scenario files'
// values and switches: strconv alone would also take hex (0x1p4),
// underscores (1_0), NaN and infinities.
func ParseDecimal(s string) (float64, error) {
	if s == "" || strings.IndexFunc(s, func(r rune) bool { return !strings.ContainsRune("0123456789.eE+-", r) }) >= 0 {
		return 0, errors.New("not a decimal number")
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(x, 0) || math.IsNaN(x) {
		return 0, errors.New("not a finite number")
	}
	if mantissa, _, _ := strings.Cut(strings.ToLower(s), "e"); x == 0 && strings.ContainsAny(mantissa, "123456789") {
		return 0, errors.New("too small to hold: it would be read as 0") // 1e-400
	}
	return x, nil
}
