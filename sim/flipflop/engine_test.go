package flipflop

import (
	"context"
	"reflect"
	"strings"
	"testing"
)

func runAll(t *testing.T, s Spec) []Result {
	t.Helper()
	rep, err := s.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return rep.Runs
}

// The lesson of §26.2.10, on one seed: the checks' results flip alike in
// both runs (one input), and hysteresis turns far fewer of those flips
// into DNS writes, at least ten times fewer.
func TestHysteresisCutsTheWritesTenfold(t *testing.T) {
	runs := runAll(t, DefaultSpec())
	none, hyst := runs[0], runs[1]
	if none.Flips != hyst.Flips || none.Flips == 0 {
		t.Fatalf("the runs met different checks: %d and %d flips", none.Flips, hyst.Flips)
	}
	if cut := WritesCut(none, hyst); cut < 10 {
		t.Errorf("hysteresis cuts the DNS writes %.1fx (%d to %d), want at least 10x", cut, none.DNSWrites, hyst.DNSWrites)
	}
	if none.PeakWrites <= none.DNSCapacity || hyst.PeakWrites > hyst.DNSCapacity || none.PeakBacklog < 1000 || hyst.PeakBacklog > 10 {
		t.Errorf("DNS: peaks %d and %d writes a minute against %d; backlogs %.0f and %.0f",
			none.PeakWrites, hyst.PeakWrites, none.DNSCapacity, none.PeakBacklog, hyst.PeakBacklog)
	}
}

// Each extra result in a row cuts the writes again; one result in a row
// is no hysteresis at all.
func TestEachResultInARowCutsAgain(t *testing.T) {
	s := DefaultSpec()
	s.Runs = "hysteresis"
	last := int64(-1)
	for k := 1; k <= 5; k++ {
		s.K = k
		r := runAll(t, s)[0]
		if k == 1 {
			s.Runs = "none"
			if r.DNSWrites != runAll(t, s)[0].DNSWrites {
				t.Errorf("k = 1 is not the same as no hysteresis")
			}
			s.Runs = "hysteresis"
		} else if 2*r.DNSWrites > last {
			t.Errorf("k = %d: %d writes, not half of k = %d's %d", k, r.DNSWrites, k-1, last)
		}
		last = r.DNSWrites
	}
}

// The cap holds every minute's writes to it, but the switch-off's (which
// puts every instance back at once); the changes it holds back include
// taking dead instances out, so dead instances stay in DNS far longer.
func TestTheCapHoldsWritesAndDelaysTheDead(t *testing.T) {
	s := DefaultSpec()
	s.Runs = "none,cap"
	runs := runAll(t, s)
	for _, row := range runs[1].Series {
		if row.DNSWrites > s.CapPerMin && row.Minute != s.DisableAtMin {
			t.Errorf("%s: %d writes over the cap of %d", row.Clock, row.DNSWrites, s.CapPerMin)
		}
	}
	if runs[0].DeadMinutes > 2 || runs[1].DeadMinutes < 100 || runs[1].Deferred == 0 {
		t.Errorf("dead instance-minutes in DNS: %.1f without the cap, %.1f with it (%d changes held back)", runs[0].DeadMinutes, runs[1].DeadMinutes, runs[1].Deferred)
	}
}

// Switched off, the automation writes nothing more and every instance is
// in DNS, dead or not.
func TestTheSwitchOff(t *testing.T) {
	r := runAll(t, DefaultSpec())[0]
	for _, row := range r.Series[DefaultConfig().DisableAtMin+1:] {
		if row.DNSWrites != 0 || row.InService != r.Instances || row.DeadInDNS != r.Dead && row.Minute >= DefaultConfig().SlowFromMin+DefaultConfig().SlowMin {
			t.Fatalf("%s after the switch-off: %d writes, %d in service, %d dead in DNS", row.Clock, row.DNSWrites, row.InService, row.DeadInDNS)
		}
	}
}

// A run is its config and seed.
func TestDeterministic(t *testing.T) {
	s := DefaultSpec()
	if a, b := runAll(t, s), runAll(t, s); !reflect.DeepEqual(a, b) {
		t.Error("two runs of one spec differ")
	}
}

// The moments follow the lecture's timeline.
func TestMomentsFollowTheTimeline(t *testing.T) {
	var got []string
	for _, m := range runAll(t, DefaultSpec())[0].Moments {
		at, _, _ := strings.Cut(m.Caption, ": ")
		got = append(got, at)
	}
	if want := "5:30 AM, 5:30 AM, 9:36 AM, 10:36 AM"; strings.Join(got, ", ") != want {
		t.Errorf("moments at %v, want %s", got, want)
	}
}

// Validation names the field and its range.
func TestValidate(t *testing.T) {
	for _, c := range []struct {
		edit func(*Spec)
		want string
	}{
		{func(s *Spec) { s.Instances = 0 }, "instances must be in 1..100000"},
		{func(s *Spec) { s.Dead = 121 }, "dead must be in 0..instances (120)"},
		{func(s *Spec) { s.K = 0 }, "k must be in 1..100"},
		{func(s *Spec) { s.SlowMedian = 0 }, "slow-median must be in [0.001, 1000]"},
		{func(s *Spec) { s.Runs = "hysteresis,hysteresis" }, `runs lists "hysteresis" twice`},
	} {
		s := DefaultSpec()
		c.edit(&s)
		if err := s.Validate(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("got %v, want %q", err, c.want)
		}
	}
}
