package scenarios

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/sim/avail"
	"github.com/loadlab/loadlab/sim/siteoutage"
)

// The figures the-planet-2008's lesson quotes are its runs': each check
// names the lesson's words and the run's figure.
func TestThePlanetLessonTellsTheRuns(t *testing.T) {
	sc, _ := Lookup("the-planet-2008")
	spec := sc.Spec.(siteoutage.Spec)
	rep, err := spec.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	was, both := rep.Runs[0], rep.Runs[1]
	moment := func(r siteoutage.Result, words string) string {
		for _, m := range r.Moments {
			if strings.Contains(m.Caption, words) {
				at, _, _ := strings.Cut(m.Caption, ": ")
				return at
			}
		}
		return "none"
	}
	back := func(r siteoutage.Result) float64 { return max(r.Groups[1].RecoveryH, r.Groups[2].RecoveryH) }
	checks := []struct{ quote, got, want string }{
		{"9,000 servers of 7,500 customers go dark", fmt.Sprintf("%s %s", textfmt.Int(2*spec.RacksPerFloor*spec.ServersPerRack), textfmt.Int(spec.Customers)), "9,000 7,500"},
		{"Three days down is 99.18 % for the year", fmt.Sprintf("%.2f", 100*rep.Reference.Availability), "99.18"},
		{"failover at 6:25 PM moves 1,356 servers to standbys and only 608 run (45 %)",
			fmt.Sprintf("%s %s %s %.0f", moment(was, "failover:"), textfmt.Int(was.FailoverServers), textfmt.Int(was.FailoverRunning), 100*was.FailoverRunShare), "May 31 6:25 PM 1,356 608 45"},
		{"H2 has 270 servers' worth of power to spare", fmt.Sprint(int(spec.Spare * float64(2*spec.RacksPerFloor*spec.ServersPerRack))), "270"},
		{"393 customers find their failover never worked", textfmt.Int(was.BrokenFailovers), "393"},
		{"The trucks stop at 9:56 AM June 2, Dallas full after 1,078 servers", was.DallasFullAt + " " + textfmt.Int(was.MovedServers), "Jun 2 9:56 AM 1,078"},
		{"down 2.73 days on average, 99.25 % for the year against 99.9 % bought",
			fmt.Sprintf("%s, %.2f %% %s", avail.Duration(was.Groups[0].MeanDownH), 100*was.Groups[0].YearAvailability, avail.TargetPercent(spec.Target)), "2.73 days, 99.25 % 99.9 %"},
		{"the last standby customer runs again after 4.04 days", avail.Duration(back(was)), "4.04 days"},
		{"every standby runs at 6:25 PM, 30 minutes down, 99.99 % for the year",
			fmt.Sprintf("%s %s %.2f", moment(both, "every one-city customer runs again"), avail.Duration(back(both)), 100*both.Groups[1].YearAvailability), "May 31 6:25 PM 30.00 min 99.99"},
		{"the customers bought 99.9 % (8.76 h a year)", avail.Duration(avail.DowntimeHoursPerYear(spec.Target)), "8.76 h"},
	}
	for _, c := range checks {
		if !strings.Contains(sc.Lesson, c.quote) {
			t.Errorf("the lesson no longer says %q", c.quote)
		}
		if c.got != c.want {
			t.Errorf("%q: the run gives %s, the lesson %s", c.quote, c.got, c.want)
		}
	}
	// The customers of one building gain little from either protection:
	// they wait for the power.
	if both.Groups[0].YearAvailability-was.Groups[0].YearAvailability > 0.001 {
		t.Errorf("one site: %.4f as it was, %.4f protected", was.Groups[0].YearAvailability, both.Groups[0].YearAvailability)
	}
}
