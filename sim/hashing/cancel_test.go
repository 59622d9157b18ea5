package hashing

import (
	"context"
	"errors"
	"os"
	"testing"
	"time"

	"github.com/loadlab/loadlab/internal/costcheck"
)

// stopsSoon starts phase, cancels its context after 50 ms and checks that
// it stops with the context's error: with LOADLAB_TIMED=1 (an idle
// machine, no -race) within 100 ms of the cancel; otherwise the clock
// only guards against a hang (go test shares the cores between packages).
func stopsSoon(t *testing.T, name string, phase func(ctx context.Context) error) {
	t.Helper()
	const within = 100 * time.Millisecond
	timed := os.Getenv("LOADLAB_TIMED") == "1"
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- phase(ctx) }()
	time.Sleep(50 * time.Millisecond)
	cancel()
	sent := time.Now()
	select {
	case err := <-done:
		took := time.Since(sent)
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%s: ended with %v, not stopped (too small to be stopped?)", name, err)
		}
		if timed && took > within {
			t.Errorf("%s: stopped %v after the cancel, want under %v", name, took, within)
		}
		t.Logf("%s: stopped %v after the cancel", name, took)
	case <-time.After(30 * time.Second):
		t.Fatalf("%s ignored the cancel for 30 s", name)
	}
}

// Every long phase of a run looks at its context often enough to stop
// within 100 ms: naming the keys, laying a ring, mapping the keys (a
// lookup over a million nodes, or a ring search), walking a ring past the
// nodes that left, laying the ring without them, looking keys up on the
// ring and the joining nodes' one, and timing lookups.
func TestCtrlCStopsEveryPhase(t *testing.T) {
	costcheck.Long(t)
	if testing.Short() {
		t.Skip("lays rings of millions of points")
	}
	bg := context.Background()
	s := DefaultSpec()
	s.Nodes = 2000
	nodes := s.NodeList()
	names, hs, _ := keyHashes(bg, 425, 5_000_000)
	ring, _ := newMapping(bg, Ring, nodes, shape{vnodes: 1000, fanout: 8}) // 2M points
	s.Nodes = 1_000_000
	many := s.NodeList()
	raw, hrw := NewMapping(RawHRW, many, 1, 8), NewMapping(HRW, many, 1, 8)
	left := make([]bool, len(nodes))
	var removed, most []int
	for i := range nodes {
		if i%2 == 0 {
			removed, left[i] = append(removed, i), true
		}
		if i > 0 {
			most = append(most, i)
		}
	}
	added := make([]Node, 2000)
	for i := range added {
		added[i] = NewNode(len(nodes)+i, 1)
	}
	for _, c := range []struct {
		name  string
		phase func(ctx context.Context) error
	}{
		{"naming 20M keys", func(ctx context.Context) error { _, _, err := keyHashes(ctx, 425, 20_000_000); return err }},
		{"laying a ring of 100M points", func(ctx context.Context) error {
			_, err := newMapping(ctx, Ring, many[:10000], shape{vnodes: 10000, fanout: 8})
			return err
		}},
		{"mapping keys over 1M nodes", func(ctx context.Context) error {
			_, err := owners(ctx, hrw, names, hs)
			return err
		}},
		{"mapping keys on a ring", func(ctx context.Context) error { _, err := owners(ctx, ring, names, hs); return err }},
		{"walking past half the nodes", func(ctx context.Context) error {
			_, err := ownersWithout(ctx, ring, removed, left, names, hs)
			return err
		}},
		{"laying the ring without most nodes", func(ctx context.Context) error {
			for {
				if _, err := ring.withoutAll(ctx, most); err != nil {
					return err
				}
			}
		}},
		{"looking up on two rings", func(ctx context.Context) error { _, err := ownersWith(ctx, ring, added, names, hs); return err }},
		{"timing lookups over 1M raw-scored nodes", func(ctx context.Context) error {
			_, err := timeLookups(ctx, raw, names, hs)
			return err
		}},
		{"a whole run", func(ctx context.Context) error {
			s := DefaultSpec()
			s.Scheme, s.Nodes, s.VNodes, s.Keys = "ring", 5000, 10000, 10_000_000
			_, err := s.Run(ctx, nil)
			return err
		}},
	} {
		stopsSoon(t, c.name, c.phase)
	}
}

// gapContext records the longest time between two looks at its Err, and
// from the last one to the end.
type gapContext struct {
	context.Context
	last   time.Time
	gap    time.Duration
	looked int
}

func (c *gapContext) Err() error {
	now := time.Now()
	c.gap, c.last = max(c.gap, now.Sub(c.last)), now
	c.looked++
	return nil
}

// Whole runs through every phase look at their context at least every
// 100 ms (checked with LOADLAB_TIMED=1, on an idle machine): laying rings and the
// ring without most nodes, walking past the nodes that left, two rings,
// HRW over a million nodes, the skeleton laid again, timed lookups.
func TestRunsLookAtTheContextOften(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a few seconds of mapping")
	}
	if os.Getenv("LOADLAB_TIMED") != "1" {
		t.Skip("the gaps between looks are measured with LOADLAB_TIMED=1 (an idle machine); TestCtrlCStopsEveryPhase checks that each phase stops")
	}
	const within = 100 * time.Millisecond
	for _, s := range []Spec{
		edit(func(s *Spec) {
			s.Scheme, s.Nodes, s.VNodes, s.Keys, s.Remove, s.Add = "ring", 1000, 10000, 100000, 500, 300
		}),
		edit(func(s *Spec) { s.Scheme, s.Nodes, s.VNodes, s.Keys, s.Remove = "ring", 1000, 10000, 1000, 999 }),
		edit(func(s *Spec) { s.Nodes, s.Keys, s.Remove, s.Add, s.Against = 1000000, 300, 500000, 1000000, "skeleton" }),
		edit(func(s *Spec) { s.Scheme, s.Nodes, s.Keys, s.TimeLookups = "raw-hrw", 1000000, 50, true }),
		edit(func(s *Spec) { s.Scheme, s.Weights, s.Keys, s.Remove, s.Add = "weighted-hrw", "1,3", 100000, 10, 10 }),
	} {
		ctx := &gapContext{Context: context.Background(), last: time.Now()}
		if _, err := s.Run(ctx, nil); err != nil {
			t.Fatal(err)
		}
		ctx.Err()
		if ctx.gap > within {
			t.Errorf("%+v: %v without a look at the context, want under %v", s, ctx.gap, within)
		}
		t.Logf("%s against %q, %d nodes x %d, %d keys, -%d +%d: %d looks, the longest gap %v", s.Scheme, s.Against, s.Nodes, s.VNodes, s.Keys, s.Remove, s.Add, ctx.looked, ctx.gap)
	}
}
