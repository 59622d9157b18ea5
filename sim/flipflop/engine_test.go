package flipflop

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/internal/enginetest"
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
		t.Errorf("DNS: peaks %d and %d writes a minute against %d; backlogs %d and %d",
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
// taking dead instances out, so dead instances stay in DNS far longer
// than with hysteresis, whose DNS keeps up too.
func TestTheCapHoldsWritesAndDelaysTheDead(t *testing.T) {
	s := DefaultSpec()
	s.Runs = "hysteresis,cap"
	runs := runAll(t, s)
	for _, row := range runs[1].Series {
		if row.DNSWrites > s.CapPerMin && row.Minute != s.DisableAtMin {
			t.Errorf("%s: %d writes over the cap of %d", row.Clock, row.DNSWrites, s.CapPerMin)
		}
	}
	if runs[0].DeadMinutes > 2 || runs[1].DeadMinutes < 100 || runs[1].Deferred == 0 || runs[1].PeakBacklog > 10 {
		t.Errorf("dead instance-minutes in DNS: %.1f with hysteresis, %.1f with the cap (%d changes held back, %d writes waiting at most)",
			runs[0].DeadMinutes, runs[1].DeadMinutes, runs[1].Deferred, runs[1].PeakBacklog)
	}
}

// What DNS serves is what its applied writes say: without protection
// DNS falls hours behind, and a dead instance the automation took out at
// once stays in DNS until DNS reaches its removal. The same morning with
// a DNS that keeps up has its dead out within a minute or so.
func TestABacklogDelaysWhatDNSServes(t *testing.T) {
	s := DefaultSpec()
	s.Runs = "none"
	behind := runAll(t, s)[0]
	s.DNSCapacity = 1000 // past the 318 writes of the busiest minute
	keepsUp := runAll(t, s)[0]
	if keepsUp.PeakBacklog > 100 || keepsUp.DeadMinutes > 2 || behind.PeakLagMin < 120 || behind.DeadMinutes < 50*keepsUp.DeadMinutes {
		t.Errorf("dead instance-minutes in DNS: %.1f with DNS behind by up to %.0f min, %.1f with DNS keeping up (up to %d writes waiting)",
			behind.DeadMinutes, behind.PeakLagMin, keepsUp.DeadMinutes, keepsUp.PeakBacklog)
	}
	// The lag is the age of the oldest write waiting: it grows by at
	// most a minute a minute, and it is zero exactly when none waits.
	for i, row := range behind.Series {
		if (row.DNSBacklog == 0) != (row.DNSLagMin == 0) || i > 0 && row.DNSLagMin > behind.Series[i-1].DNSLagMin+1 {
			t.Fatalf("%s: %d writes waiting, the oldest for %.2f min", row.Clock, row.DNSBacklog, row.DNSLagMin)
		}
	}
}

// DNS's state, second by second, is its writes applied: it counts its
// instances and dead ones, and whenever no write waits it is the
// automation's state.
func TestDNSIsItsAppliedWrites(t *testing.T) {
	for _, set := range Sets {
		c := DefaultConfig()
		c.Protections = set.Protections
		e, err := New(c)
		if err != nil {
			t.Fatal(err)
		}
		for e.Step() {
			in, dead := 0, 0
			for i, ok := range e.inDNS {
				if ok {
					in++
					if e.dead(int32(i), e.now-1) {
						dead++
					}
				}
				if e.queue.len == 0 && ok != e.healthy[i] {
					t.Fatalf("%s, second %d: no write waits, yet DNS and the automation differ on instance %d", set.Name, e.now, i)
				}
			}
			if in != e.inService || dead != e.deadIn {
				t.Fatalf("%s, second %d: DNS holds %d (%d dead), the counts say %d (%d)", set.Name, e.now, in, dead, e.inService, e.deadIn)
			}
		}
	}
}

// Switched off, the automation makes no more writes; its put-backs wait
// behind the writes DNS has not applied, so every instance is in DNS,
// dead or not, only once the queue is empty. Without protection it is
// not by the run's end: DNS works through the old changes meanwhile.
func TestTheSwitchOff(t *testing.T) {
	runs := runAll(t, DefaultSpec())
	off := DefaultConfig().DisableAtMin
	for _, r := range runs {
		for i, row := range r.Series[off+1:] {
			prev := r.Series[off+i]
			if row.DNSWrites != 0 || row.DNSBacklog > prev.DNSBacklog || row.DNSBacklog == 0 && row.InService != r.Instances {
				t.Fatalf("%s, %s after the switch-off: %d writes, %d waiting (%d the minute before), %d in DNS",
					r.Set, row.Clock, row.DNSWrites, row.DNSBacklog, prev.DNSBacklog, row.InService)
			}
		}
	}
	none, hyst := runs[0], runs[1]
	if end := none.Series[len(none.Series)-1]; end.DNSBacklog == 0 || end.InService == none.Instances || none.FinalBacklog != end.DNSBacklog {
		t.Errorf("no protection at the end: %d writes waiting, %d in DNS", end.DNSBacklog, end.InService)
	}
	if row := hyst.Series[off+1]; row.InService != hyst.Instances || row.DNSBacklog != 0 {
		t.Errorf("hysteresis a minute after the switch-off: %d in DNS, %d writes waiting", row.InService, row.DNSBacklog)
	}
}

// A run is its config and seed.
func TestDeterministic(t *testing.T) {
	s := DefaultSpec()
	if a, b := runAll(t, s), runAll(t, s); !reflect.DeepEqual(a, b) {
		t.Error("two runs of one spec differ")
	}
}

// The moments follow the lecture's timeline, to its 2:09 PM, where the run ends.
func TestMomentsFollowTheTimeline(t *testing.T) {
	var got []string
	for _, m := range runAll(t, DefaultSpec())[0].Moments {
		at, _, _ := strings.Cut(m.Caption, ": ")
		got = append(got, at)
	}
	if want := "5:30 AM, 5:30 AM, 9:36 AM, 10:36 AM, 2:09 PM"; strings.Join(got, ", ") != want {
		t.Errorf("moments at %v, want %s", got, want)
	}
}

// Validation names the field and its range.
func TestValidate(t *testing.T) {
	enginetest.Refuses(t, DefaultSpec, []enginetest.Bad[Spec]{
		{Edit: func(s *Spec) { s.Instances = 0 }, Says: "instances must be in 1..100000"},
		{Edit: func(s *Spec) { s.Dead = 121 }, Says: "dead must be in 0..instances (120)"},
		{Edit: func(s *Spec) { s.K = 0 }, Says: "k must be in 1..100"},
		{Edit: func(s *Spec) { s.SlowMedian = 0 }, Says: "slow-median must be in [0.001, 1000]"},
		{Edit: func(s *Spec) { s.Runs = "hysteresis,hysteresis" }, Says: `runs lists "hysteresis" twice`},
	})
}
