package textfmt

import (
	"math/big"
	"testing"
)

func TestCandidates(t *testing.T) {
	if got := Candidates([][2]int{{0, 0}, {0, 1}, {1, 0}, {1, 1}}); got != "(0,0) (0,1) (1,0) (1,1)" {
		t.Errorf("got %q", got)
	}
}

func TestIntsWidestFraction(t *testing.T) {
	if got := Ints([]int{126, 120, 118}, " "); got != "126 120 118" {
		t.Errorf("Ints: %q", got)
	}
	if got := Widest([]string{"one", "correlated"}, 8); got != 10 {
		t.Errorf("Widest: %d", got)
	}
	if got := Fraction(big.NewRat(439, 256), 24); got != "439/256" {
		t.Errorf("short fraction: %q", got)
	}
	if got := Fraction(big.NewRat(123456789, 1000000007), 8); got != "(p/q, 10 digits)" {
		t.Errorf("long fraction: %q", got)
	}
}
