package placement

import (
	"context"
	"os"
	"sort"
	"testing"
	"time"

	"github.com/loadlab/loadlab/sim/rng"
)

// The timeline yields exactly the failures of drawing every process to
// its end and sorting the lot by time (ties in drawing order), whether a
// process keeps its times or draws them again from a copy of the stream.
func TestTimelineMatchesSortedDraws(t *testing.T) {
	specs := []DurabilitySpec{DefaultDurabilitySpec()}
	for i, f := range []func(s *DurabilitySpec){
		func(s *DurabilitySpec) { s.Years, s.RackLossYears = 50, 3 },
		func(s *DurabilitySpec) { s.NodeMTTFYears, s.Years = 0.001, 2 }, // past snapshotEvents: drawn again
		func(s *DurabilitySpec) { s.NodeMTTFYears, s.RackOutageYears, s.Years = 0.002, 0.001, 1.5 },
		func(s *DurabilitySpec) {
			s.Topology = Topology{AZs: 2, RacksPerAZ: 4, NodesPerRack: 5, Versions: 1}
			s.Years, s.ReplaceHours, s.AZOutageYears, s.AZOutageHours = 30, 1000, 0.3, 500
		},
		func(s *DurabilitySpec) { s.Years, s.NodeMTTFYears, s.ReplaceHours = 1000, 1.5, 0.0001 },
	} {
		s := DefaultDurabilitySpec()
		s.Seed += int64(i)
		f(&s)
		specs = append(specs, s)
	}
	for _, s := range specs {
		want := sortedFailures(s)
		tl, err := newTimeline(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; ; i++ {
			_, ok := tl.peek()
			if !ok {
				if i != len(want) {
					t.Errorf("%+v: %d failures, want %d", s, i, len(want))
				}
				break
			}
			if got := tl.pop(); i >= len(want) || got != want[i] {
				t.Errorf("%+v: failure %d is %+v, want %+v", s, i, got, want[min(i, len(want)-1)])
				break
			}
		}
	}
}

// A durability run looks at its context at least every 100 ms, and stops
// when it is done, while the failures are walked, while objects are
// placed and while the years run. (go test runs packages side by side on
// two cores, so the 100 ms is checked with LOADLAB_TIMED=1; otherwise a
// second.)
func TestDurabilityStopsWhenCancelled(t *testing.T) {
	walk := DefaultDurabilitySpec()
	walk.NodeMTTFYears, walk.Years = 0.0001, 1000 // 270 million draws
	place := DefaultDurabilitySpec()
	place.Objects, place.Years = 1_000_000, 1
	run := DefaultDurabilitySpec()
	run.Objects, run.Years, run.NodeMTTFYears = 20_000, 1000, 0.05
	greedy := DefaultDurabilitySpec()
	greedy.Objects, greedy.Years, greedy.Strategies, greedy.RackLossYears = 1_000_000, 1000, "greedy", 1e6
	for _, c := range []struct {
		phase string
		s     DurabilitySpec
	}{{"walk", walk}, {"place", place}, {"run", run}, {"greedy rebuilds", greedy}} {
		var d *Durability
		var err error
		if c.phase != "walk" && c.phase != "place" {
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
	limit := time.Second
	if os.Getenv("LOADLAB_TIMED") == "1" {
		limit = 100 * time.Millisecond
	}
	switch {
	case err == nil:
		t.Errorf("%s: finished before it was stopped", what)
	case g.longest > limit || late > limit:
		t.Errorf("%s: %v between looks at ctx at most, stopped %v after it ended (limit %v)", what, g.longest, late, limit)
	default:
		t.Logf("%s: %v between looks at ctx at most, stopped %v after it ended", what, g.longest, late)
	}
}

// sortedFailures is the timeline drawn whole and sorted, as it was before
// it was streamed.
func sortedFailures(s DurabilitySpec) []happening {
	src := rng.New(s.Seed)
	hours := s.Years * 8760
	var out []happening
	poisson := func(mttfYears float64, each func(at float64)) {
		for t := src.ExpoVariate(1 / (mttfYears * 8760)); t < hours; t += src.ExpoVariate(1 / (mttfYears * 8760)) {
			each(t)
		}
	}
	t := s.Topology
	for n := range t.Nodes() {
		poisson(s.NodeMTTFYears, func(at float64) {
			out = append(out, happening{at: at, kind: diskLoss, lo: n, hi: n + 1}, happening{at: at + s.ReplaceHours, kind: nodeBack, lo: n, hi: n + 1})
		})
	}
	for r := range t.Racks() {
		lo, hi := RackFailure.Span(t, r)
		poisson(s.RackOutageYears, func(at float64) {
			out = append(out, happening{at: at, kind: outage, lo: lo, hi: hi}, happening{at: at + s.RackOutageHours, kind: outageEnd, lo: lo, hi: hi})
		})
		poisson(s.RackLossYears, func(at float64) {
			out = append(out, happening{at: at, kind: rackLoss, lo: lo, hi: hi}, happening{at: at + s.ReplaceHours, kind: nodeBack, lo: lo, hi: hi})
		})
	}
	for a := range t.AZs {
		lo, hi := AZFailure.Span(t, a)
		poisson(s.AZOutageYears, func(at float64) {
			out = append(out, happening{at: at, kind: outage, lo: lo, hi: hi}, happening{at: at + s.AZOutageHours, kind: outageEnd, lo: lo, hi: hi})
		})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].at < out[j].at })
	return out
}
