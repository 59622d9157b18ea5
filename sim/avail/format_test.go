package avail

import "testing"

func TestFormatsPercent(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{Duration(87.6), "3.65 days"}, {Duration(8.76), "8.76 h"}, {Duration(5.256 / 60), "5.26 min"},
		{Duration(2.628 / 3600), "2.63 s"}, {Duration(0.3154 / 3600), "0.32 s"}, {Duration(3.154e-3 / 3600), "3.15 ms"},
		{Percent(0.999001), "99.9001 %"}, {Percent(0.999997006), "99.9997006 %"},
		{TargetPercent(0.99999), "99.999 %"}, {TargetPercent(0.9999), "99.99 %"}, {TargetPercent(1 - 1e-5), "99.999 %"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

func TestRound(t *testing.T) {
	for h, want := range map[float64]string{0.5: "30 min", 2: "2 h", 97: "4.04 days", 1.5: "1.50 h"} {
		if got := Round(h); got != want {
			t.Errorf("Round(%v) = %q, want %q", h, got, want)
		}
	}
}
