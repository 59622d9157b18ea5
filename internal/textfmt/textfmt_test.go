package textfmt

import "testing"

func TestDigits(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 96: "96", 65536: "65,536", 9765625: "9,765,625", -1234: "-1,234"} {
		if got := Digits(n); got != want {
			t.Errorf("Digits(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestCandidates(t *testing.T) {
	if got := Candidates([][2]int{{0, 0}, {0, 1}, {1, 0}, {1, 1}}); got != "(0,0) (0,1) (1,0) (1,1)" {
		t.Errorf("got %q", got)
	}
}
