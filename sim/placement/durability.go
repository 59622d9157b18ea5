package placement

import (
	"context"
	"math"
	"sort"

	"github.com/loadlab/loadlab/sim/engine"
)

// DurabilitySpec is a fleet over simulated years: nodes lose their disks,
// racks and AZs go dark for hours, a rack now and then is destroyed (a
// fire, a flood), and every lost replica is re-created by the repair
// procedure of 26.3.5. Each strategy places the same objects on the same
// fleet through the same failures, so that they compare pair by pair.
type DurabilitySpec struct {
	Seed  int64   `json:"seed"`
	Years float64 `json:"years"`
	Topology
	Replicas   int    `json:"replicas"`
	Objects    int    `json:"objects"`
	Strategies string `json:"strategies"`
	// A node loses its disk every NodeMTTFYears on average and is back,
	// empty, ReplaceHours later.
	NodeMTTFYears float64 `json:"node-mttf-years"`
	ReplaceHours  float64 `json:"replace-hours"`
	// Each rack and each AZ goes dark (data kept) every so many years, for
	// so many hours.
	RackOutageYears float64 `json:"rack-outage-years"`
	RackOutageHours float64 `json:"rack-outage-hours"`
	AZOutageYears   float64 `json:"az-outage-years"`
	AZOutageHours   float64 `json:"az-outage-hours"`
	// Each rack is destroyed, data and all, every RackLossYears.
	RackLossYears float64 `json:"rack-loss-years"`
	// RebuildHours is how long re-creating a lost replica takes.
	RebuildHours float64 `json:"rebuild-hours"`
}

// DefaultDurabilitySpec is the lecture's 27 nodes holding 3,000 objects of
// 3 replicas for 10 years.
func DefaultDurabilitySpec() DurabilitySpec {
	return DurabilitySpec{Seed: 425, Years: 10, Topology: Topology{AZs: 3, RacksPerAZ: 3, NodesPerRack: 3, Versions: 1, Sites: 1, SitesPerCity: 1, Providers: 1},
		Replicas: 3, Objects: 3000, Strategies: "random,greedy,rack-aware,az-aware",
		NodeMTTFYears: 4, ReplaceHours: 24, RackOutageYears: 2, RackOutageHours: 4, AZOutageYears: 5, AZOutageHours: 8,
		RackLossYears: 10, RebuildHours: 6}
}

// Engine names the engine a DurabilitySpec configures.
func (DurabilitySpec) Engine() string { return "durability" }

// Validate reports the first invalid field and the range it allows.
func (s DurabilitySpec) Validate() error {
	for _, st := range s.Topology.strategiesOf(s.Strategies) {
		if st > AZAware {
			return engine.Invalid("strategies", "must list random greedy rack-aware az-aware (%s is for the table), got %q", st, s.Strategies)
		}
	}
	table := Spec{Seed: s.Seed, Trials: 1, Topology: s.Topology, Replicas: s.Replicas, Strategies: s.Strategies, Events: "node"}
	if err := table.Validate(); err != nil {
		return err
	}
	if s.HasSites() {
		return engine.Invalid("sites", "must be 1 for durability (the site level is the table's), got %d", s.NumSites())
	}
	for _, f := range []struct {
		name      string
		v, lo, hi float64
	}{{"years", s.Years, 0, 1000}, {"node-mttf-years", s.NodeMTTFYears, 0, 1e6}, {"replace-hours", s.ReplaceHours, 0, 1e6},
		{"rack-outage-years", s.RackOutageYears, 0, 1e6}, {"rack-outage-hours", s.RackOutageHours, 0, 1e6},
		{"az-outage-years", s.AZOutageYears, 0, 1e6}, {"az-outage-hours", s.AZOutageHours, 0, 1e6},
		{"rack-loss-years", s.RackLossYears, 0, 1e6}, {"rebuild-hours", s.RebuildHours, 0, 1e6}} {
		if !(f.v > f.lo) || f.v > f.hi {
			return engine.Invalid(f.name, "must be in (%g, %g], got %v", f.lo, f.hi, f.v)
		}
	}
	if s.Objects < 1 || s.Objects > 1_000_000 {
		return engine.Invalid("objects", "must be in 1..1000000, got %d", s.Objects)
	}
	return nil
}

func (t Topology) strategiesOf(list string) []Strategy {
	v, _ := parseList(list, "strategies", ParseStrategy)
	return v
}

// DurabilityResult is one strategy's count over the years.
type DurabilityResult struct {
	Strategy string `json:"strategy"`
	Objects  int    `json:"objects"`
	// LostMajority counts the objects that were short of a majority of
	// reachable replicas at some moment; Lost those whose every replica
	// was destroyed.
	LostMajority int `json:"lost_majority"`
	Lost         int `json:"lost"`
	// FirstLossYears is when the first object was lost for good (nil, JSON
	// null, when none was), and FirstLoss says how.
	FirstLossYears *float64 `json:"first_loss_years"`
	FirstLoss      string   `json:"first_loss,omitempty"`
}

// Durability runs every strategy's fleet through one timeline of failures.
type Durability struct {
	spec     DurabilitySpec
	timeline *timeline
	fleets   []*fleet
	hours    float64
	// history[i] is fleet i's counts over time: lost majority and lost,
	// a point a week.
	majority, lost []engine.Series
	// years are the counts at the end of each whole year so far.
	years []DurabilityYear
	// stop polls the context of the Run under way; a run it stopped stays
	// stopped, part way through a week.
	stop *stopper
}

// DurabilityYear is every strategy's counts at the end of one whole year
// of the run: the same, whatever the run's length, for the same seed.
type DurabilityYear struct {
	Year       int          `json:"year"`
	Strategies []YearCounts `json:"strategies"`
}

// YearCounts is one strategy's counts so far: the objects short of a
// majority of reachable replicas at some moment, and those lost for good.
type YearCounts struct {
	Strategy     string `json:"strategy"`
	LostMajority int    `json:"lost_majority"`
	Lost         int    `json:"lost"`
}

// NewDurability validates the spec, places every object and readies the
// failures.
func NewDurability(s DurabilitySpec) (*Durability, error) {
	return NewDurabilityContext(context.Background(), s)
}

// NewDurabilityContext is NewDurability, given up with ctx's error once
// ctx is done.
func NewDurabilityContext(ctx context.Context, s DurabilitySpec) (*Durability, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	d := &Durability{spec: s, timeline: newTimeline(s), stop: &stopper{ctx: ctx}, years: []DurabilityYear{}}
	for _, st := range s.Topology.strategiesOf(s.Strategies) {
		d.fleets = append(d.fleets, newFleet(s, st, d.stop))
		if d.stop.err != nil {
			return nil, d.stop.err
		}
	}
	d.stop.ctx = nil
	d.majority, d.lost = make([]engine.Series, len(d.fleets)), make([]engine.Series, len(d.fleets))
	d.record()
	return d, nil
}

// failures yields the run's whole timeline of failures from its start, in
// the order the fleets meet them.
func (d *Durability) failures(yield func(int, happening) bool) {
	tl := newTimeline(d.spec)
	for i := 0; ; i++ {
		if _, ok := tl.peek(); !ok || !yield(i, tl.pop()) {
			return
		}
	}
}

// Week is the hours one step of a view runs.
const Week = 7 * 24

// Step runs a week, the step of a view, and reports whether it did.
func (d *Durability) Step() bool {
	if d.Done() {
		return false
	}
	d.Advance(Week)
	return true
}

// Pos counts weeks, and gives the time in years.
func (d *Durability) Pos() engine.Pos {
	return engine.Pos{Step: int64(math.Ceil(d.hours / Week)), Steps: int64(math.Ceil(d.spec.Years * 8760 / Week)), At: d.hours / 8760, Unit: "years"}
}

// Advance runs the fleets for dt hours, or to the end.
func (d *Durability) Advance(dt float64) {
	end := min(d.hours+dt, d.spec.Years*8760)
	for {
		at, ok := d.timeline.peek()
		if !ok || at > end {
			break
		}
		d.closeYears(at, false)
		h := d.timeline.pop()
		for _, f := range d.fleets {
			f.apply(h)
		}
		if d.stop.stop(1) {
			return
		}
	}
	for _, f := range d.fleets {
		f.rebuildUntil(end)
	}
	if d.stop.err != nil {
		return
	}
	d.hours = end
	d.closeYears(end, true)
	d.record()
}

// closeYears records the counts of each whole year that ends before t
// (or at t, when through): the failures up to its end have been met, and
// none after it. Only failures move the counts; rebuilds do not.
func (d *Durability) closeYears(t float64, through bool) {
	for {
		y := len(d.years) + 1
		end := float64(y) * 8760
		if float64(y) > d.spec.Years || end > t || end == t && !through {
			return
		}
		year := DurabilityYear{Year: y, Strategies: make([]YearCounts, len(d.fleets))}
		for i, f := range d.fleets {
			year.Strategies[i] = YearCounts{Strategy: f.strategy.String(), LostMajority: f.lostMajority, Lost: f.lost}
		}
		d.years = append(d.years, year)
	}
}

func (d *Durability) record() {
	for i, f := range d.fleets {
		d.majority[i].Append(engine.Point{X: d.hours / 8760, Y: float64(f.lostMajority)})
		d.lost[i].Append(engine.Point{X: d.hours / 8760, Y: float64(f.lost)})
	}
}

// Done reports whether the years have run, or a Run was stopped part way.
func (d *Durability) Done() bool { return d.hours >= d.spec.Years*8760 || d.stop.err != nil }

// Years is the simulated time so far.
func (d *Durability) Years() float64 { return d.hours / 8760 }

// Results are each strategy's counts so far.
func (d *Durability) Results() []DurabilityResult {
	var out []DurabilityResult
	for _, f := range d.fleets {
		r := DurabilityResult{Strategy: f.strategy.String(), Objects: len(f.objects), LostMajority: f.lostMajority, Lost: f.lost, FirstLoss: f.firstLoss}
		if f.firstLoss != "" {
			years := f.firstLossAt / 8760
			r.FirstLossYears = &years
		}
		out = append(out, r)
	}
	return out
}

// History is strategy i's counts over the years, a point per step: the
// objects short of a majority at some moment, and the objects lost.
func (d *Durability) History(i int) (majority, lost engine.SeriesView) {
	return d.majority[i].View(), d.lost[i].View()
}

// ByYear is the counts at the end of each whole year so far.
func (d *Durability) ByYear() []DurabilityYear { return d.years }

// Moments are each strategy's first object lost for good, in time order.
func (d *Durability) Moments() []engine.Moment {
	var out []engine.Moment
	for _, f := range d.fleets {
		out = append(out, f.moments...)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Step < out[j].Step })
	return out
}

// Spec is the run's spec.
func (d *Durability) Spec() DurabilitySpec { return d.spec }

// Run advances to the end a week at a time, checking ctx within the weeks;
// progress, if not nil, gets the share of years done. Stopped by ctx, the
// run is left part way through a week and stays stopped: Done reports
// true and Run returns the error again.
func (d *Durability) Run(ctx context.Context, progress func(float64)) error {
	if d.stop.err != nil {
		return d.stop.err
	}
	d.stop.ctx = ctx
	defer func() { d.stop.ctx = nil }()
	for !d.Done() {
		if err := ctx.Err(); err != nil {
			d.stop.err = err
			return err
		}
		d.Advance(Week)
		if d.stop.err != nil {
			return d.stop.err
		}
		if progress != nil {
			progress(d.hours / (d.spec.Years * 8760))
		}
	}
	return nil
}

// Figures runs the spec on one core to its headline figures: what a
// sweep's point and a run over seeds record of each run.
func (s DurabilitySpec) Figures(ctx context.Context) ([]engine.Figure, error) {
	d, err := NewDurabilityContext(ctx, s)
	if err != nil {
		return nil, err
	}
	return engine.HeadlineOf(d, d.Run(ctx, nil))
}
