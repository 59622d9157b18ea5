package avail

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

// The lecture's figures (26.3.6 and the output of 26.4.3): 8.76 h a year
// at 99.9 %, 5.26 min at 99.999 %; at 12,000 machines of 10-year MTTF the
// fleet fails every 7.30 h and 99.99 % needs repairs within 2.63 s, at
// 100,000 within 0.32 s.
func TestPublishedFigures(t *testing.T) {
	r, err := DefaultSpec().Run()
	if err != nil {
		t.Fatal(err)
	}
	checks := []struct {
		what, got, want string
	}{
		{"downtime a year at 99.9 %", fmt.Sprintf("%.2f h", r.Nines[1].DowntimeYearH), "8.76 h"},
		{"downtime a year at 99.999 %", fmt.Sprintf("%.2f min", r.Nines[3].DowntimeYearH*60), "5.26 min"},
		{"downtime a month at 99.9 %", fmt.Sprintf("%.2f min", r.Nines[1].DowntimeMonthH*60), "43.80 min"},
		{"downtime a year at 99 %", fmt.Sprintf("%.2f days", r.Nines[0].DowntimeYearH/24), "3.65 days"},
		{"fleet MTTF at 12,000", fmt.Sprintf("%.2f h", r.Scale[2].SystemMTTFH), "7.30 h"},
		{"MTTR for 99.99 % at 12,000", fmt.Sprintf("%.2f s", r.Scale[2].MTTRForTargetS), "2.63 s"},
		{"MTTR for 99.99 % at 100,000", fmt.Sprintf("%.2f s", r.Scale[3].MTTRForTargetS), "0.32 s"},
		{"MTTR for 99.99 % at 120", fmt.Sprintf("%.2f min", r.Scale[1].MTTRForTargetS/60), "4.38 min"},
		{"MTTF 10,000 h, MTTR 10 h", fmt.Sprintf("%.4f%%", 100*Availability(10000, 10)), "99.9001%"},
		{"MTTF for 99.99 % with MTTR 10 h", fmt.Sprintf("%.0f h", MTTFForTarget(10, Availability(10000, 1))), "100000 h"},
		{"MTTR for 99.999 % with MTTF 10,000 h", fmt.Sprintf("%.2f min", MTTRForTarget(10000, 0.99999)*60), "6.00 min"},
		{"grid 1000 h x 100 h", fmt.Sprintf("%.6f%% (%.1fh/y)", 100*r.Grid[3].Availability, r.Grid[3].DowntimeYearH), "90.909091% (796.4h/y)"},
		{"nines at MTTR 0.3 h", fmt.Sprintf("%.2f", r.Paths[5].Nines), "4.52"},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s: %s, the lecture prints %s", c.what, c.got, c.want)
		}
	}
}

// The two paths are one: A depends on MTTR / MTTF alone, so k times the
// MTTF and a k-th of the MTTR give the same availability.
func TestTwoPathsAreOne(t *testing.T) {
	for _, k := range []float64{2, 10, 100} {
		a, b := Availability(10000*k, 10), Availability(10000, 10/k)
		if math.Abs(a-b) > 1e-15 {
			t.Errorf("k = %g: longer MTTF %v, shorter MTTR %v", k, a, b)
		}
	}
}

// k of n: one of one is the machine itself; independent replicas add
// nines; fully correlated ones add none.
func TestKOfN(t *testing.T) {
	a := 0.99
	if got := KOfN(1, 1, a, 0); math.Abs(got-a) > 1e-15 {
		t.Errorf("1 of 1: %v, want %v", got, a)
	}
	if got, want := KOfN(1, 3, a, 0), 1-math.Pow(0.01, 3); math.Abs(got-want) > 1e-15 {
		t.Errorf("1 of 3 independent: %v, want %v", got, want)
	}
	if got, want := KOfN(2, 3, a, 0), 3*a*a*(1-a)+a*a*a; math.Abs(got-want) > 1e-15 {
		t.Errorf("2 of 3 independent: %v, want %v", got, want)
	}
	for _, k := range []int{1, 2, 3} {
		if got := KOfN(k, 3, a, 1); math.Abs(got-a) > 1e-12 {
			t.Errorf("%d of 3 fully correlated: %v, want one machine's %v", k, got, a)
		}
	}
	if half, none := KOfN(2, 3, a, 0.5), KOfN(2, 3, a, 0); !(half < none && half > a) {
		t.Errorf("half correlated 2 of 3 is %v: want it between one machine (%v) and independent (%v)", half, a, none)
	}
}

// The up/down process measures what the formula says. With MTTF 10 h and
// MTTR 1 h over 100,000 cycles the measured share's standard deviation is
// about sqrt((A^2 + (1-A)^2 * 100) / 121 / 100000) = 3.7e-4 (exponential
// up and down times); the test allows five of them.
func TestProcessConverges(t *testing.T) {
	const cycles, tolerance = 100000, 5 * 3.7e-4
	p := NewProcess(10, 1, 425)
	p.Advance(cycles * 11)
	want := Availability(10, 1)
	if got := p.Measured(); math.Abs(got-want) > tolerance {
		t.Errorf("measured %v after %d failures, formula %v (tolerance %v)", got, p.Failures(), want, tolerance)
	}
	if f := p.Failures(); f < cycles*9/10 || f > cycles*11/10 {
		t.Errorf("%d failures in %d cycles' time", f, cycles)
	}
}

func ExampleAvailability() {
	a := Availability(10000, 10)
	fmt.Printf("%.4f%%, %.2f h down a year\n", 100*a, DowntimeHoursPerYear(a))
	// Output: 99.9001%, 8.75 h down a year
}

func ExampleMTTRForTarget() {
	fleet := SystemMTTF(10*HoursPerYear, 12000)
	fmt.Printf("12,000 machines fail every %.2f h; 99.99 %% needs repairs within %.2f s\n", fleet, MTTRForTarget(fleet, 0.9999)*3600)
	// Output: 12,000 machines fail every 7.30 h; 99.99 % needs repairs within 2.63 s
}

func ExampleKOfN() {
	fmt.Printf("2 of 3 at 99 %%: %.4f%% independent, %.4f%% with half the downtime shared\n",
		100*KOfN(2, 3, 0.99, 0), 100*KOfN(2, 3, 0.99, 0.5))
	// Output: 2 of 3 at 99 %: 99.9702% independent, 99.4925% with half the downtime shared
}

// §26.2.9: three days down in a year is 99.18 % for the year, eight
// times the 8.76 h a 99.9 % customer bought.
func TestOneOutage(t *testing.T) {
	o := OneOutage(72, 0.999)
	if got := fmt.Sprintf("%.2f", 100*o.Availability); got != "99.18" {
		t.Errorf("three days down: %s %%, the lecture says 99.18 %%", got)
	}
	if o.BudgetH != 8.76 || math.Abs(o.Budgets-72/8.76) > 1e-9 { // 8.76 exactly: the JSON prints it
		t.Errorf("budget %v h, %v budgets", o.BudgetH, o.Budgets)
	}
	for target, want := range map[float64]float64{0.99: 87.6, 0.9999: 0.876, 0.99999: 0.0876} {
		if got := TargetDowntimeHoursPerYear(target); got != want {
			t.Errorf("target %v allows %v h a year, want %v", target, got, want)
		}
	}
	if YearAvailability(9000) != 0 || YearAvailability(0) != 1 {
		t.Errorf("a year's availability leaves [0, 1]")
	}
}

// The headline the lab shows at the watch's end is the report's: the
// machine watched to its end measures what the report says it does.
func TestFiguresAtTheEndAreTheReports(t *testing.T) {
	s := DefaultSpec()
	r, err := s.Run()
	if err != nil {
		t.Fatal(err)
	}
	w, err := NewWatch(s)
	if err != nil {
		t.Fatal(err)
	}
	for w.Step() {
	}
	if got, want := r.Figures(w.Machine().Measured()), r.Headline(); !slices.Equal(got, want) {
		t.Errorf("figures at the watch's end\n%v\nwant the report's\n%v", got, want)
	}
	if len(r.Headline()) != 5+len(r.Scale) {
		t.Errorf("%d figures, want the five of the formula and the watch and one a fleet", len(r.Headline()))
	}
}

// 26.4.3's part 5, as its program prints it: at MTTF 10,000 h three nines
// need a 10.01 h repair and five 6.00 min, at 1,000,000 h 41.71 days and
// 10.00 h, each 100x; with MTTR fixed at 10 h, MTTF must grow 100x.
func TestThreeToFiveNines(t *testing.T) {
	got := ThreeToFive()
	want := [][]string{{"10000 h", "10.01 h", "6.00 min", "100x"}, {"1000000 h", "41.71 days", "10.00 h", "100x"}}
	for i, row := range want {
		for j, cell := range row {
			if got.Rows[i][j] != cell {
				t.Errorf("row %d column %q: %q, want %q", i, got.Header[j], got.Rows[i][j], cell)
			}
		}
	}
	if !strings.Contains(got.Note, "100x longer") {
		t.Errorf("the MTTF path: %q", got.Note)
	}
}
