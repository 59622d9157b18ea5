package exactlab

import (
	"slices"
	"strings"
	"testing"
)

func TestParseCandidates(t *testing.T) {
	good := map[string][][2]int{
		"00 01 10 11":             {{0, 0}, {0, 1}, {1, 0}, {1, 1}},
		"(0,0) (0,1) (1,0) (1,1)": {{0, 0}, {0, 1}, {1, 0}, {1, 1}},
		"(3,2)(2,3)":              {{3, 2}, {2, 3}},
		"  1,2   3,0 ":            {{1, 2}, {3, 0}},
		"(0, 0) (0, 1)":           {{0, 0}, {0, 1}},
		"( 2 , 3 )":               {{2, 3}},
	}
	for in, want := range good {
		got, err := parseCandidates(in, 4)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("%q: %v %v", in, got, err)
		}
	}
	for _, bad := range []string{"", "0", "04", "0,4", "a,b", "012", strings.Repeat("00 ", 65)} {
		if _, err := parseCandidates(bad, 4); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// Past 10 bins a pair takes a comma, and the hint and the error say so.
func TestTwoDigitBins(t *testing.T) {
	got, err := parseCandidates("0,11 (3, 10)", 12)
	if err != nil || !slices.Equal(got, [][2]int{{0, 11}, {3, 10}}) {
		t.Errorf("0,11 (3, 10) at 12 bins: %v %v", got, err)
	}
	if _, err := parseCandidates("0011", 12); err == nil || !strings.Contains(err.Error(), "0,11") {
		t.Errorf("0011 at 12 bins should be refused with the comma format: %v", err)
	}
	if h := inputHint(12); !strings.Contains(h, "0,11") {
		t.Errorf("the hint at 12 bins should show a two-digit pair: %q", h)
	}
}

func TestParseSize(t *testing.T) {
	good := map[string][2]int{"32 32": {32, 32}, "5,3": {5, 3}, "5x3": {5, 3}, "n=5 m=3": {5, 3}, "m = 3 n = 5": {5, 3}, " N=4  M=2 ": {4, 2}}
	for in, want := range good {
		n, m, err := parseSize(in)
		if err != nil || [2]int{n, m} != want {
			t.Errorf("%q: %d %d %v", in, n, m, err)
		}
	}
	for _, bad := range []string{"", "5", "5 3 2", "a b", "n=5 n=3", "-1 3", "5 99999999999999999999"} {
		if _, _, err := parseSize(bad); err == nil || !strings.HasPrefix(err.Error(), "size: ") {
			t.Errorf("%q: want a size error, got %v", bad, err)
		}
	}
}
