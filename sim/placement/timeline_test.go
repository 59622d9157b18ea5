package placement

import (
	"context"
	"fmt"
	"math"
	"os"
	"slices"
	"testing"
	"time"
)

// The failures of a run are the first failures of any longer run with
// the same seed: the timeline never draws past the present.
func TestTimelineDoesNotDependOnTheYears(t *testing.T) {
	for i, f := range []func(s *DurabilitySpec){
		func(s *DurabilitySpec) {},
		func(s *DurabilitySpec) { s.RackLossYears = 3 },
		func(s *DurabilitySpec) { s.NodeMTTFYears, s.RackOutageYears = 0.002, 0.001 },
		func(s *DurabilitySpec) {
			s.Topology = Topology{AZs: 2, RacksPerAZ: 4, NodesPerRack: 5, Versions: 1}
			s.ReplaceHours, s.AZOutageYears, s.AZOutageHours = 1000, 0.3, 500
		},
	} {
		short, long := DefaultDurabilitySpec(), DefaultDurabilitySpec()
		short.Seed += int64(i)
		f(&short)
		long = short
		short.Years, long.Years = 2, 4
		a, b := failuresBefore(short, 2*8760), failuresBefore(long, 2*8760)
		if len(a) == 0 || !slices.Equal(a, b) {
			t.Errorf("case %d: %d failures in 2 years of a 2-year run, %d of a 4-year run, or they differ", i, len(a), len(b))
		}
	}
}

// Over a long run each process fails as often as its mean time between
// failures says, and each failure ends its hours later, in time order.
func TestTimelineRates(t *testing.T) {
	s := DefaultDurabilitySpec()
	s.Years = 1000
	type process struct {
		kind failureKind
		size int // the nodes it strikes: a node, a rack or an AZ
	}
	hours := map[process]float64{{diskLoss, 1}: s.ReplaceHours, {rackLoss, s.NodesPerRack}: s.ReplaceHours,
		{outage, s.NodesPerRack}: s.RackOutageHours, {outage, s.NodesPerAZ()}: s.AZOutageHours}
	starts, disks := map[process]int{}, make([]int, s.Nodes())
	open := map[happening]int{}
	tl, last := newTimeline(s), 0.0
	for {
		if _, ok := tl.peek(); !ok {
			break
		}
		h := tl.pop()
		if h.at < last {
			t.Fatalf("%+v comes after a failure at %g h", h, last)
		}
		last = h.at
		p := process{h.kind, h.hi - h.lo}
		if d, ok := hours[p]; ok {
			starts[p]++
			if h.kind == diskLoss {
				disks[h.lo]++
			}
			open[happening{at: h.at + d, lo: h.lo, hi: h.hi}]++
			continue
		}
		key := happening{at: h.at, lo: h.lo, hi: h.hi}
		if open[key] == 0 {
			t.Fatalf("%+v ends no failure", h)
		}
		open[key]--
	}
	// The counts are Poisson: each within 4.5 standard deviations.
	const sds = 4.5
	check := func(what string, got int, mean float64) {
		if math.Abs(float64(got)-mean) > sds*math.Sqrt(mean) {
			t.Errorf("%s: %d failures in %g years, expected %.0f", what, got, s.Years, mean)
		}
	}
	for n, got := range disks {
		check(fmt.Sprintf("node %d", n), got, s.Years/s.NodeMTTFYears)
	}
	check("disks", starts[process{diskLoss, 1}], float64(s.Nodes())*s.Years/s.NodeMTTFYears)
	check("racks destroyed", starts[process{rackLoss, s.NodesPerRack}], float64(s.Racks())*s.Years/s.RackLossYears)
	check("racks dark", starts[process{outage, s.NodesPerRack}], float64(s.Racks())*s.Years/s.RackOutageYears)
	check("AZs dark", starts[process{outage, s.NodesPerAZ()}], float64(s.AZs)*s.Years/s.AZOutageYears)
}

// failuresBefore is the failures of the spec's timeline that come before
// hours.
func failuresBefore(s DurabilitySpec, hours float64) []happening {
	var out []happening
	tl := newTimeline(s)
	for {
		at, ok := tl.peek()
		if !ok || at >= hours {
			return out
		}
		out = append(out, tl.pop())
	}
}

// A durability run looks at its context at least every 100 ms, and stops
// when it is done, while objects are placed and while the years run. (go
// test runs packages side by side on two cores, so the 100 ms is checked
// with LOADLAB_TIMED=1; otherwise a second.)
func TestDurabilityStopsWhenCancelled(t *testing.T) {
	place := DefaultDurabilitySpec()
	place.Objects, place.Years = 1_000_000, 1
	run := DefaultDurabilitySpec()
	run.Objects, run.Years, run.NodeMTTFYears = 20_000, 1000, 0.05
	greedy := DefaultDurabilitySpec()
	greedy.Objects, greedy.Years, greedy.Strategies, greedy.RackLossYears = 1_000_000, 1000, "greedy", 1e6
	for _, c := range []struct {
		phase string
		s     DurabilitySpec
	}{{"place", place}, {"run", run}, {"greedy rebuilds", greedy}} {
		var d *Durability
		var err error
		if c.phase != "place" {
			if d, err = NewDurability(c.s); err != nil {
				t.Fatal(err)
			}
		}
		ctx := newGapContext(300 * time.Millisecond)
		if d == nil {
			d, err = NewDurabilityContext(ctx, c.s)
		} else {
			err = d.Run(ctx, nil)
		}
		ctx.check(t, c.phase, err)
		if c.phase == "run" && (!d.Done() || d.Run(context.Background(), nil) == nil) {
			t.Errorf("a stopped run is not over")
		}
	}
}

// gapContext ends after a while and records the longest time between
// looks at it, and from its end to the last look.
type gapContext struct {
	context.Context
	cancel    context.CancelFunc
	last, end time.Time
	longest   time.Duration
}

func newGapContext(after time.Duration) *gapContext {
	ctx, cancel := context.WithTimeout(context.Background(), after)
	g := &gapContext{Context: ctx, cancel: cancel, last: time.Now()}
	g.end, _ = ctx.Deadline()
	return g
}

func (g *gapContext) Err() error {
	now := time.Now()
	g.longest = max(g.longest, now.Sub(g.last))
	g.last = now
	return g.Context.Err()
}

// check reports a run that was not stopped, or looked at the context too
// seldom.
func (g *gapContext) check(t *testing.T, what string, err error) {
	t.Helper()
	late := time.Since(g.end)
	g.cancel()
	const limit = 100 * time.Millisecond // the clock is checked only with LOADLAB_TIMED=1: an idle machine
	switch {
	case err == nil:
		t.Errorf("%s: finished before it was stopped", what)
	case os.Getenv("LOADLAB_TIMED") == "1" && (g.longest > limit || late > limit):
		t.Errorf("%s: %v between looks at ctx at most, stopped %v after it ended (limit %v)", what, g.longest, late, limit)
	default:
		t.Logf("%s: %v between looks at ctx at most, stopped %v after it ended", what, g.longest, late)
	}
}
