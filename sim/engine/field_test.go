package engine

import "testing"

func TestPlainExponents(t *testing.T) {
	for in, want := range map[string]string{
		"must be in (0, 1e+06], got 1e+09": "must be in (0, 1e6], got 1e9",
		"2.5e-07 and 1e+00 and 3e+10":      "2.5e-7 and 1e0 and 3e10",
		"seed 1e2 stays, cafe+0 stays":     "seed 1e2 stays, cafe+0 stays",
	} {
		if got := PlainExponents(in); got != want {
			t.Errorf("PlainExponents(%q) = %q, want %q", in, got, want)
		}
	}
}
