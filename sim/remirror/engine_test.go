package remirror

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/internal/enginetest"
)

// run plays a config to its end and returns its result.
func run(t *testing.T, c Config) Result { return enginetest.Play(t, New, c) }

// with is the default config with a protection set.
func with(t *testing.T, set string) Config {
	t.Helper()
	p, err := ParseSet(set)
	if err != nil {
		t.Fatal(err)
	}
	c := DefaultConfig()
	c.Protections = p
	return c
}

// pointsOf13 is how far the storm's peak may sit from the lecture's 13 %
// on the default seed: the race's failures come by chance, and one seed
// is one night (seeds 400-439 average 12.96 %).
const pointsOf13 = 0.03

// The lesson of §26.2.7, on one seed: without backoff the stuck volumes
// peak within a few points of the lecture's 13 % and stay stuck for
// days; with backoff and the cap they peak at the 12:47 AM wave, far
// lower, and all have a mirror again within the hour.
func TestTheStormAndBackoff(t *testing.T) {
	rep, err := DefaultSpec().Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	none, calm := rep.Runs[0], rep.Runs[1]
	if none.Set != "none" || calm.Set != "backoff+cap" {
		t.Fatalf("runs %s, %s", none.Set, calm.Set)
	}
	if d := none.PeakStuck - LectureStuck; d < -pointsOf13 || d > pointsOf13 {
		t.Errorf("no backoff: peak %.2f%%, want within %.0f points of 13%%", 100*none.PeakStuck, 100*pointsOf13)
	}
	if none.RecoveredAt >= 0 || none.FinalStuck < LectureLeft/2 || none.Lost == 0 {
		t.Errorf("no backoff: recovered at %s, %.2f%% stuck and %.3f%% lost at the end", none.RecoveredClock, 100*none.FinalStuck, 100*none.Lost)
	}
	if calm.PeakStuck > none.PeakStuck/2 || calm.PeakStuck > calm.WaveShare || calm.RecoveryMin < 0 || calm.RecoveryMin > 60 ||
		calm.FailedNodes != 0 || calm.Lost != 0 {
		t.Errorf("backoff + cap: peak %.2f%% (wave %.2f%%), recovered after %d min, %d nodes failed, %.3f%% lost",
			100*calm.PeakStuck, 100*calm.WaveShare, calm.RecoveryMin, calm.FailedNodes, 100*calm.Lost)
	}
	if none.Wave != calm.Wave {
		t.Errorf("the runs meet different waves: %d and %d", none.Wave, calm.Wave)
	}
}

// The defaults are calibrated over seeds, not one: the mean of seeds
// 400-439 gives the lecture's three shares within these tolerances (one
// night's race varies by several points).
func TestTheLecturesSharesOnAverage(t *testing.T) {
	if testing.Short() {
		t.Skip("forty runs")
	}
	var peak, left, lost float64
	const n = 40
	for seed := int64(400); seed < 400+n; seed++ {
		c := DefaultConfig()
		c.Seed = seed
		r := run(t, c)
		peak += r.PeakStuck / n
		left += r.FinalStuck / n
		lost += r.Lost / n
	}
	for _, c := range []struct {
		name             string
		got, want, delta float64
	}{{"peak stuck", peak, LectureStuck, 0.005}, {"stuck on April 24", left, LectureLeft, 0.001}, {"lost", lost, LectureLost, 0.0002}} {
		if c.got < c.want-c.delta || c.got > c.want+c.delta {
			t.Errorf("%s: %.3f%% on average, the lecture's %.3f%%", c.name, 100*c.got, 100*c.want)
		}
	}
}

// Each protection alone: backoff and the cap each end the storm; the
// bulkhead keeps the region's API calls whole but the zone stuck as
// without it; spread customers are never down though the zone is.
func TestEachProtection(t *testing.T) {
	none := run(t, with(t, "none"))
	for _, set := range []string{"backoff", "cap"} {
		r := run(t, with(t, set))
		if r.PeakStuck > r.WaveShare || r.RecoveryMin < 0 || r.RecoveryMin > 60 || r.PeakAPIErrors > 0 {
			t.Errorf("%s: peak %.2f%%, recovered after %d min, API errors %.0f%%", set, 100*r.PeakStuck, r.RecoveryMin, 100*r.PeakAPIErrors)
		}
	}
	bulk := run(t, with(t, "bulkhead"))
	if bulk.PeakAPIErrors != 0 || none.PeakAPIErrors < 0.1 || bulk.PeakStuck != none.PeakStuck {
		t.Errorf("bulkhead: API errors %.0f%% (without it %.0f%%), peak %.2f%% (without it %.2f%%)",
			100*bulk.PeakAPIErrors, 100*none.PeakAPIErrors, 100*bulk.PeakStuck, 100*none.PeakStuck)
	}
	// what the bulkhead run says would fail without it is, minute by
	// minute, what failed in the run without it: the zone's minutes do
	// not depend on the bulkhead
	if bulk.PeakUnshielded != none.PeakAPIErrors || none.PeakUnshielded != none.PeakAPIErrors {
		t.Errorf("without the bulkhead: the bulkhead run says %.4f, the run without it had %.4f (and says %.4f)",
			bulk.PeakUnshielded, none.PeakAPIErrors, none.PeakUnshielded)
	}
	for i, row := range bulk.Series {
		if row.Unshielded != none.Series[i].APIErrors {
			t.Fatalf("%s: %.4f would fail without the bulkhead, %.4f failed without it", row.Clock, row.Unshielded, none.Series[i].APIErrors)
		}
	}
	spread := run(t, with(t, "spread"))
	if spread.PeakCustomersDown != 0 || none.PeakCustomersDown < none.PeakStuck || spread.PeakStuck != none.PeakStuck {
		t.Errorf("spread: customers down %.2f%% (without it %.2f%%), peak %.2f%%", 100*spread.PeakCustomersDown, 100*none.PeakCustomersDown, 100*spread.PeakStuck)
	}
}

// The threshold: the spare network carries the searches of 1,500 stuck
// volumes (9,000 / 6). A wave under it drains by itself, without backoff;
// one over it never does.
func TestAThresholdWave(t *testing.T) {
	if th := DefaultConfig().Threshold(); th != 1500 {
		t.Fatalf("threshold %v, want 9000 / 6", th)
	}
	for _, c := range []struct {
		cut    float64
		drains bool
	}{{0.015, true}, {0.02, false}} {
		cfg := DefaultConfig()
		cfg.CutShare = c.cut
		r := run(t, cfg)
		drained := r.RecoveredAt >= 0 && r.RecoveredAt < LectureCutAt
		if drained != c.drains || (float64(r.Wave) < cfg.Threshold()) != c.drains {
			t.Errorf("cut %.1f%% of the nodes: a wave of %d, recovered at %s; want drained %v", 100*c.cut, r.Wave, r.RecoveredClock, c.drains)
		}
	}
}

// The cut at 8:20 AM stops the growth: not cutting lets the race go on to
// the fix at 11:30 AM, and the peak climbs higher.
func TestTheCutStopsTheGrowth(t *testing.T) {
	cut := run(t, with(t, "none"))
	c := with(t, "none")
	c.CutAt = -1
	uncut := run(t, c)
	if uncut.PeakStuck <= cut.PeakStuck || cut.PeakAt > LectureCutAt {
		t.Errorf("cut at 8:20 AM: peak %.2f%% at %s; never cut: %.2f%%", 100*cut.PeakStuck, cut.PeakClock, 100*uncut.PeakStuck)
	}
}

// A run is its config and seed: the same twice, whatever else runs.
func TestDeterministic(t *testing.T) {
	c := DefaultConfig()
	c.Backoff = true
	enginetest.Deterministic(t, New, c, func(c *Config) { c.Seed++ }, func(r Result) any { return r.Series })
}

// The counts hold together at every minute before the fix: each volume
// stuck has one copy on a node up, each healthy one two on two nodes up,
// each stranded one its copy on a failed node; the counts match.
func TestInvariants(t *testing.T) {
	for _, set := range []string{"none", "backoff+cap"} {
		c := with(t, set)
		c.Volumes, c.Nodes, c.RaceChance = 4000, 80, 4e-4
		e, _ := New(c)
		for e.Step() && e.now < c.FixAt {
			var n [4]int
			for v, s := range e.state {
				n[s]++
				a, b := e.copyA[v], e.copyB[v]
				ok := false
				switch s {
				case healthy:
					ok = a >= 0 && b >= 0 && a != b && e.up[a] && e.up[b]
				case stuck:
					ok = a >= 0 && b < 0 && e.up[a]
				case stranded:
					ok = a >= 0 && b < 0 && !e.up[a]
				}
				if !ok {
					t.Fatalf("%s, %s: volume %d in state %d has copies %d, %d", set, Clock(e.now), v, s, a, b)
				}
			}
			if n[stuck] != e.stuckN || n[stranded] != e.strandedN || n[lost] != 0 {
				t.Fatalf("%s, %s: counted %v, the engine says %d stuck, %d stranded", set, Clock(e.now), n, e.stuckN, e.strandedN)
			}
		}
	}
}

// The moments follow the lecture's timeline, each at its time.
func TestMomentsFollowTheTimeline(t *testing.T) {
	r := run(t, DefaultConfig())
	var got []string
	for _, m := range r.Moments {
		at, _, _ := strings.Cut(m.Caption, ": ")
		got = append(got, at)
	}
	want := "12:47 AM, 12:47 AM, 1:39 AM, 2:40 AM, 5:23 AM, 8:20 AM, 11:30 AM, 12:00 PM, Apr 24 12:00 PM"
	if strings.Join(got, ", ") != want {
		t.Errorf("moments at %s, want %s", strings.Join(got, ", "), want)
	}
}

// Times of the run read as Clock writes them.
func TestClocks(t *testing.T) {
	for s, want := range map[string]int{"8:20 AM": 500, "8:20am": 500, "12:00 PM": 720, "12:47 AM": 47, "never": -1, "Apr 24 12:00 PM": 3*1440 + 720, "Apr 22 3:05 pm": 1440 + 905} {
		got, err := ParseClock(s)
		if err != nil || got != want {
			t.Errorf("ParseClock(%q) = %d, %v; want %d", s, got, err, want)
		}
		if err == nil && want >= 0 {
			if back, _ := ParseClock(Clock(got)); back != got {
				t.Errorf("%q does not read back", Clock(got))
			}
		}
	}
	for _, s := range []string{"", "8:20", "25:00 AM", "8:60 AM", "Apr 20 1:00 AM", "noon", "8:5 AM"} {
		if _, err := ParseClock(s); err == nil {
			t.Errorf("ParseClock(%q) took it", s)
		}
	}
}

// Validation names the field and its range.
func TestValidate(t *testing.T) {
	enginetest.Refuses(t, DefaultSpec, []enginetest.Bad[Spec]{
		{Edit: func(s *Spec) { s.Volumes = 0 }, Says: "volumes must be in 1..2000000"},
		{Edit: func(s *Spec) { s.Nodes = 1 }, Says: "nodes must be in 2..100000"},
		{Edit: func(s *Spec) { s.CutShare = 1.5 }, Says: "cut-share must be in [0, 1]"},
		{Edit: func(s *Spec) { s.Capacity = 0 }, Says: "capacity must be in (0, 1e9]"},
		{Edit: func(s *Spec) { s.CutAt = "9" }, Says: "cut-at must be a time such as 8:20 AM"},
		{Edit: func(s *Spec) { s.FixAt = "Apr 20 1:00 AM" }, Says: "fix-at must be a time such as 11:30 AM"},
		{Edit: func(s *Spec) { s.Runs = "none,none" }, Says: `runs lists "none" twice`},
		{Edit: func(s *Spec) { s.Runs = "backoff+cap,cap+backoff" }, Says: `runs lists "backoff+cap" twice`},
		{Edit: func(s *Spec) { s.Runs = "throttle" }, Says: `"throttle" is not a protection`},
		{Edit: func(s *Spec) { s.Runs = "none,backoff,cap,bulkhead,spread" }, Says: "runs lists at most 4 sets, got 5"},
		{Edit: func(s *Spec) { s.Tries = 0 }, Says: "tries must be in 1..600"},
	})
}

// Valid configs at the edges of their ranges run to their end with every
// figure a number: a cap of one re-mirror, a network so large or a
// re-mirror so cheap that every stuck volume could re-mirror at once (the
// cap's window once let more than it holds through), and a race that
// fails every node (the network's use was 0/0 once none was up).
func TestEdgesRunWhole(t *testing.T) {
	for _, edit := range []func(*Config){
		func(c *Config) { c.MaxRemirrors, c.Cap = 1, true },
		func(c *Config) { c.Capacity, c.Cap = 40000, true },
		func(c *Config) { c.RemirrorCost, c.Backoff, c.Cap = 0.000001, true, true },
		func(c *Config) { c.RaceRate = 5 },
		func(c *Config) { c.RaceChance = 1 },
		func(c *Config) {
			c.Nodes, c.CutShare, c.Capacity, c.RemirrorCost, c.RaceRate = 2, 0.9826, 9e8, 3.1e8, 6000
		}, // at most one node up: no mirror can go anywhere
		func(c *Config) { c.Nodes, c.CutShare, c.RaceRate, c.RaceChance = 2, 0.98, 6000, 1 },
	} {
		c := DefaultConfig()
		edit(&c)
		r := run(t, c)
		b, err := json.Marshal(r)
		if err != nil {
			t.Errorf("%+v: %v", c, err)
		}
		if strings.Contains(string(b), "NaN") {
			t.Errorf("%+v: NaN in the result", c)
		}
	}
}

// Each moment's caption opens with the clock its At gives, so that the
// status bar, stopped there, reads the caption's time (5:23 AM, not the
// 5:24 AM the minute ended at).
func TestMomentsTellTheirClock(t *testing.T) {
	for _, set := range []string{"none", "backoff+cap", "bulkhead+backoff"} {
		e, _ := New(with(t, set))
		for e.Step() {
		}
		for _, m := range e.Moments() {
			if want := Clock(int(m.At)) + ":"; !strings.HasPrefix(m.Caption, want) {
				t.Errorf("%s: a moment at %s reads %q", set, want, m.Caption)
			}
		}
	}
}
