package scenarios

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/flipflop"
	"github.com/loadlab/loadlab/sim/leasestorm"
	"github.com/loadlab/loadlab/sim/netmanager"
)

// The figures the casebook's lessons quote are the figures their runs
// give: each check names the words of the lesson and the run's figure.
func TestCasebookLessonsTellTheRuns(t *testing.T) {
	leases := func(name string) []leasestorm.Result { return runsOf[leasestorm.Spec, leasestorm.Result](t, name, nil) }
	outage := func(min int) leasestorm.Result {
		c := leasestorm.DefaultConfig()
		c.OutageMin = min
		e, _ := leasestorm.New(c)
		for e.Step() {
		}
		return e.Result()
	}
	fix := func(p leasestorm.Protections) leasestorm.Result {
		c := leasestorm.DefaultConfig()
		c.Protections = p
		e, _ := leasestorm.New(c)
		for e.Step() {
		}
		return e.Result()
	}
	stagger, renewable := fix(leasestorm.Protections{Stagger: true}), fix(leasestorm.Protections{RenewExpired: true})
	moment := func(r leasestorm.Result, words string) string {
		for _, m := range r.Moments {
			if strings.Contains(m.Caption, words) {
				at, _, _ := strings.Cut(m.Caption, ": ")
				return at
			}
		}
		return "none"
	}
	storm, ways := leases("lease-storm"), leases("lease-storm-throttled")
	sc, _ := Lookup("health-flip-flop")
	rep, err := sc.Spec.(flipflop.Spec).Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	flips := rep.Runs
	capped := sc.Spec.(flipflop.Spec)
	capped.Runs = "cap"
	capRep, _ := capped.Run(context.Background(), nil)

	nmSpec := netmanager.DefaultSpec()
	nmSpec.Runs = "steps,at-once,priority"
	nmRep, err := nmSpec.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	steps, once, first := nmRep.Runs[0], nmRep.Runs[1], nmRep.Runs[2]

	checks := map[string][]struct{ quote, got, want string }{
		"network-manager": {
			{"half an hour behind at 6:20 AM and up to 1 h 51 min behind, catches up at 10:37 AM",
				fmt.Sprintf("%s %s %s", steps.Slow, netmanager.Minutes(steps.PeakLagMin), steps.CaughtUp), "6:20 AM 1 h 51 min 10:37 AM"},
			{"the 12,870 launches held since 4:14 AM go through with a new instance never waiting more than 7.2 min, and EC2 is back at 1:52 PM",
				fmt.Sprintf("%s %s %s", engine.Digits(int64(math.Round(steps.PeakHeld))), netmanager.Minutes(steps.PeakWaitRelaxedMin), steps.Back), "12,870 7.2 min 1:52 PM"},
			{"a new instance waits 1 h 33 min for its network. EC2 is back sooner, at 1:28 PM",
				fmt.Sprintf("%s %s %s", netmanager.Minutes(once.PeakWaitRelaxedMin), once.Back, once.SlowAgain), "1 h 33 min 1:28 PM 11:23 AM"},
			{"traded 24 minutes for no second flood", fmt.Sprint(steps.BackAtMin - once.BackAtMin), "24"},
			{"the flood is as far behind, but while it lasts a launch gets its network in the minute",
				fmt.Sprintf("%s %.0f", netmanager.Minutes(first.PeakLagMin), first.Series[60].WaitMin), "1 h 51 min 0"},
		},
		"lease-storm": {
			{"serves 540 droplets within one timeout", fmt.Sprint(storm[0].Threshold), "540"},
			{"at 2:25 AM 40,000 want a lease", textfmt.Int(storm[0].ReturnWaiting), "40,000"},
			{"from 2:26 AM every request it serves", storm[0].CollapsedClock, "2:26 AM"},
			{"by 5:25 AM every droplet has lost its lease", moment(storm[0], "every droplet has lost its lease"), "5:25 AM"},
			{"every droplet holds a lease again at 5:28 AM", storm[1].RecoveredClock, "5:28 AM"},
			{"one of 2 min leaves 735 droplets waiting and is absorbed", fmt.Sprint(outage(2).ReturnWaiting, outage(2).CollapsedAt), "735 -1"},
			{"one of 3 min leaves 1,116, and the model's manager never recovers by itself", fmt.Sprintf("%s %d", textfmt.Int(outage(3).ReturnWaiting), outage(3).RecoveredAt), "1,116 -1"},
			{"ask at random times over 90 minutes, 7.4 a second, under the manager's 9) recovers by 3:54 AM with no throttle",
				fmt.Sprintf("%.1f %s", 40000/(90*60.0), stagger.RecoveredClock), "7.4 3:54 AM"},
			{"keep the droplets running through the outage, but the manager still collapses", fmt.Sprintf("%d %d %s", renewable.ReturnWithout, renewable.RecoveredAt, renewable.CollapsedClock), "0 -1 2:26 AM"},
		},
		"lease-storm-throttled": {
			{"every droplet holds a lease again at 5:28 AM", ways[0].RecoveredClock, "5:28 AM"},
			{"every droplet holds a lease by 3:39 AM", ways[1].RecoveredClock, "3:39 AM"},
			{"it never lets the manager collapse", fmt.Sprint(ways[1].CollapsedAt), "-1"},
		},
		"health-flip-flop": {
			{"69,194 in all, up to 318 a minute against the 100 DNS applies",
				fmt.Sprintf("%s %d %d", engine.Digits(flips[0].DNSWrites), flips[0].PeakWrites, flips[0].DNSCapacity), "69,194 318 100"},
			{"25x fewer writes, never past DNS's capacity",
				fmt.Sprint(math.Floor(flipflop.WritesCut(flips[0], flips[1])), flips[1].PeakWrites <= flips[1].DNSCapacity), "25 true"},
			{"331 minutes in DNS", fmt.Sprintf("%.0f", capRep.Runs[0].DeadMinutes), "331"},
			{"by the switch-off 44,432 wait, and DNS serves the fleet as the automation saw it 160 minutes before",
				fmt.Sprintf("%s %.0f", engine.Digits(flips[0].PeakBacklog), math.Floor(flips[0].Series[capped.DisableAtMin].DNSLagMin)), "44,432 160"},
			{"dead instances included (161 minutes of them in DNS)", fmt.Sprintf("%.0f", flips[0].DeadMinutes), "161"},
			{"at 2:09 PM, when the lecture's checks are switched back on and the run ends, 17,181 writes still wait, 3 hours of DNS's work",
				fmt.Sprintf("%s %.0f", engine.Digits(flips[0].FinalBacklog), math.Round(flips[0].DrainMin/60)), "17,181 3"},
			{"a dead instance leaves DNS after 4 checks instead of 1 (0.4 minutes in all)", fmt.Sprintf("%.1f", flips[1].DeadMinutes), "0.4"},
		},
	}
	for name, list := range checks {
		sc, _ := Lookup(name)
		for _, c := range list {
			if !strings.Contains(sc.Lesson, c.quote) {
				t.Errorf("%s: the lesson no longer says %q", name, c.quote)
			}
			if c.got != c.want {
				t.Errorf("%s: %q: the run gives %s, the lesson %s", name, c.quote, c.got, c.want)
			}
		}
	}
	if sc, _ := Lookup("health-flip-flop"); !strings.Contains(sc.Title, "cuts writes 25x") {
		t.Errorf("the title's figure changed: %s", sc.Title)
	}
}
