package avail

import (
	"context"

	"strconv"
	"strings"

	"github.com/loadlab/loadlab/sim/engine"
)

// Spec is the availability study in the words of the command line and
// scenario files. Times are hours.
type Spec struct {
	MTTF   float64 `json:"mttf"`
	MTTR   float64 `json:"mttr"`
	Target float64 `json:"target"`
	// Machines lists the fleet sizes of the scale table; UnitMTTFYears is
	// one machine's MTTF in years there.
	Machines      string  `json:"machines"`
	UnitMTTFYears float64 `json:"unit-mttf-years"`
	// Replicas and Need give the k-of-n figure (Need of Replicas up);
	// Correlated is the share of a replica's downtime shared by all.
	Replicas   int     `json:"replicas"`
	Need       int     `json:"need"`
	Correlated float64 `json:"correlated"`
	// Seed is the measured machine's (see Watch).
	Seed int64 `json:"seed"`
	// OutageHours, when above 0, is one outage of the year set against
	// the target (§26.2.9: three days down is 99.18 % for the year).
	OutageHours float64 `json:"outage-hours"`
}

// DefaultSpec is the lecture's program of 26.4.3: MTTF 10,000 h, MTTR
// 10 h, 99.99 %, fleets of 1, 120, 12,000 and 100,000 machines of MTTF 10
// years; and 2 of 3 replicas with a tenth of their downtime shared.
func DefaultSpec() Spec {
	return Spec{MTTF: 10000, MTTR: 10, Target: 0.9999, Machines: "1,120,12000,100000", UnitMTTFYears: 10,
		Replicas: 3, Need: 2, Correlated: 0.1, Seed: 425}
}

// Engine names the engine a Spec configures.
func (Spec) Engine() string { return "availability" }

// Validate reports the first invalid field and the range it allows.
func (s Spec) Validate() error {
	// Times from 1e-9 h (3.6 us): shorter ones are no rate (1/MTTF
	// overflows, and a watched machine's clock would stand still).
	pos := func(name string, v float64) error {
		if !(v >= MinHours) || v > MaxHours {
			return engine.Invalid(name, "must be in [1e-9, 1e12] hours, got %v", v)
		}
		return nil
	}
	for _, err := range []error{pos("mttf", s.MTTF), pos("mttr", s.MTTR)} {
		if err != nil {
			return err
		}
	}
	switch {
	case !(s.Target >= MinTarget && s.Target <= MaxTarget):
		// Below a hundredth the repair that reaches the target overflows;
		// past ten nines it is finer than a float and its percentage can
		// show.
		return engine.Invalid("target", "must be in [0.01, 0.9999999999] (up to ten nines), such as 0.9999, got %v", s.Target)
	case !(s.UnitMTTFYears > 0) || s.UnitMTTFYears > 1e6:
		return engine.Invalid("unit-mttf-years", "must be in (0, 1e6], got %v", s.UnitMTTFYears)
	case s.Replicas < 1 || s.Replicas > 100:
		return engine.Invalid("replicas", "must be in 1..100, got %d", s.Replicas)
	case s.Need < 1 || s.Need > s.Replicas:
		return engine.Invalid("need", "must be in 1..replicas (%d), got %d", s.Replicas, s.Need)
	case !(s.Correlated >= 0 && s.Correlated <= 1):
		return engine.Invalid("correlated", "must be in [0, 1], got %v", s.Correlated)
	case s.Seed < 0:
		return engine.Invalid("seed", "must be a whole number >= 0, got %d", s.Seed)
	case !(s.OutageHours >= 0 && s.OutageHours <= HoursPerYear):
		return engine.Invalid("outage-hours", "must be in [0, 8760] (0 for none), got %v", s.OutageHours)
	}
	_, err := s.machines()
	return err
}

// The MTTF and MTTR a study accepts, in hours.
const (
	MinHours = 1e-9
	MaxHours = 1e12
)

// The targets a study accepts: a hundredth to ten nines.
const (
	MinTarget = 0.01
	MaxTarget = 0.9999999999
)

func (s Spec) machines() ([]int, error) {
	var out []int
	seen := map[int]bool{}
	for _, f := range strings.Split(s.Machines, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 || n > 1_000_000_000 {
			return nil, engine.Invalid("machines", "must list whole numbers in 1..1000000000, got %q", strings.TrimSpace(f))
		}
		if seen[n] {
			return nil, engine.Invalid("machines", "lists %d twice: give each fleet size once", n)
		}
		seen[n] = true
		out = append(out, n)
	}
	return out, nil
}

// Costs of a study, measured on this project's 2-core machine
// (BenchmarkCLICostModel in cmd/loadlab prints the estimate against the
// measured work): a few dozen formulas and one machine watched for
// WatchCycles cycles are fixed; the scale table has a row per fleet size.
const (
	nsStudy    = 3e6 // the formulas, the watch of 1600 steps, the report
	nsFleet    = 600 // a fleet size read, worked out and written
	bytesFleet = 300 // a fleet size's text, its row, and the map that checks it is new
	// studyJSON, studyText and studyCSV are a study's report without its
	// scale table (the CSV has none).
	studyJSON, studyText, studyCSV = 2500, 2700, 600
	fleetJSON                      = 260 // a row of the scale table in the JSON, and its headline figure
	fleetText                      = 95  // and in the text, with its headline figure
	momentJSON                     = 320 // a crossing of the target in the JSON (the text counts them)
)

// Cost estimates the study and its report in format (text, json or csv),
// with its scale table of a row per fleet size.
func (s Spec) Cost(format string) engine.Cost {
	fleets := float64(strings.Count(s.Machines, ",") + 1)
	c := engine.Cost{Seconds: (nsStudy + fleets*nsFleet) / 1e9,
		TimeLevers: []string{"machines"}, MemoryLevers: []string{"machines"}, OutputLevers: []string{"machines"}}
	switch format {
	case "json":
		// The crossings of the target: at most one a step, and measured
		// 1 to 56 in a study (of WatchCycles x StepsPerCycle steps).
		c.OutputBytes = studyJSON + fleets*fleetJSON + 10*momentJSON
	case "text":
		c.OutputBytes = studyText + fleets*fleetText
	default:
		c.OutputBytes = studyCSV
	}
	// The report is encoded whole (in a buffer that grows by doubling,
	// its old copies garbage until the next collection) and then copied
	// into the one written.
	c.Bytes = 4<<20 + fleets*bytesFleet + 6*c.OutputBytes + float64(len(s.Machines))
	return c
}

// Nine is one row of the nines table.
type Nine struct {
	Availability   float64 `json:"availability"`
	DowntimeYearH  float64 `json:"downtime_year_h"`
	DowntimeMonthH float64 `json:"downtime_month_h"`
}

// Cell is one cell of the MTTF x MTTR grid.
type Cell struct {
	MTTFH         float64 `json:"mttf_h"`
	MTTRH         float64 `json:"mttr_h"`
	Availability  float64 `json:"availability"`
	DowntimeYearH float64 `json:"downtime_year_h"`
}

// Fleet is one row of the scale table.
type Fleet struct {
	Machines       int     `json:"machines"`
	SystemMTTFH    float64 `json:"system_mttf_h"`
	MTTRForTargetS float64 `json:"mttr_for_target_s"`
}

// Single is the given MTTF and MTTR.
type Single struct {
	MTTFH          float64 `json:"mttf_h"`
	MTTRH          float64 `json:"mttr_h"`
	Availability   float64 `json:"availability"`
	Nines          float64 `json:"nines"`
	DowntimeYearH  float64 `json:"downtime_year_h"`
	DowntimeMonthH float64 `json:"downtime_month_h"`
	// MTTRForTargetH and MTTFForTargetH are the two paths to the target:
	// the repair that reaches it with this MTTF, and the MTTF that reaches
	// it with this repair.
	MTTRForTargetH float64 `json:"mttr_for_target_h"`
	MTTFForTargetH float64 `json:"mttf_for_target_h"`
}

// Path is one step of the two-paths chart: an MTTR and the nines it buys
// with the given MTTF.
type Path struct {
	MTTRH        float64 `json:"mttr_h"`
	Availability float64 `json:"availability"`
	Nines        float64 `json:"nines"`
}

// Replicated is the k-of-n figure, independent and with the given share
// of correlated downtime.
type Replicated struct {
	Need        int     `json:"need"`
	Replicas    int     `json:"replicas"`
	Independent float64 `json:"independent"`
	Correlated  float64 `json:"correlated"`
	Share       float64 `json:"correlated_share"`
}

// Report is the whole study.
type Report struct {
	Spec       Spec       `json:"-"`
	Target     float64    `json:"target"`
	Nines      []Nine     `json:"nines"`
	Grid       []Cell     `json:"grid"`
	Scale      []Fleet    `json:"scale"`
	Single     Single     `json:"single"`
	Paths      []Path     `json:"paths"`
	Replicated Replicated `json:"replicated"`
	Measured   Measured   `json:"measured"`
	// Outage is the year with the spec's one outage, if it gives one.
	Outage *Outage `json:"outage,omitempty"`
}

// Measured is one machine watched over WatchCycles failure-repair cycles
// on the spec's seed: what it measured, and where it crossed the target.
type Measured struct {
	Seed         int64           `json:"seed"`
	Cycles       int             `json:"cycles"`
	Failures     int             `json:"failures"`
	Availability float64         `json:"availability"`
	Moments      []engine.Moment `json:"moments"`
}

// The lecture's tables: the targets of the nines table, the grid's MTTFs
// and MTTRs, and the MTTRs of the two-paths chart.
var (
	NineTargets = []float64{0.99, 0.999, 0.9999, 0.99999, 0.999999}
	GridMTTFs   = []float64{1000, 10000, 100000}
	GridMTTRs   = []float64{0.1, 1, 10, 100}
	PathMTTRs   = []float64{100, 30, 10, 3, 1, 0.3, 0.1, 0.03}
)

// Run works the study out.
func (s Spec) Run() (Report, error) {
	if err := s.Validate(); err != nil {
		return Report{}, err
	}
	r := Report{Spec: s, Target: s.Target}
	for _, a := range NineTargets {
		d := DowntimeHoursPerYear(a)
		r.Nines = append(r.Nines, Nine{a, d, d / 12})
	}
	for _, f := range GridMTTFs {
		for _, m := range GridMTTRs {
			a := Availability(f, m)
			r.Grid = append(r.Grid, Cell{f, m, a, DowntimeHoursPerYear(a)})
		}
	}
	machines, _ := s.machines()
	unit := s.UnitMTTFYears * HoursPerYear
	for _, n := range machines {
		sys := SystemMTTF(unit, n)
		r.Scale = append(r.Scale, Fleet{n, sys, MTTRForTarget(sys, s.Target) * 3600})
	}
	a := Availability(s.MTTF, s.MTTR)
	r.Single = Single{s.MTTF, s.MTTR, a, Nines(a), DowntimeHoursPerYear(a), DowntimeHoursPerMonth(a),
		MTTRForTarget(s.MTTF, s.Target), MTTFForTarget(s.MTTR, s.Target)}
	for _, m := range PathMTTRs {
		pa := Availability(s.MTTF, m)
		r.Paths = append(r.Paths, Path{m, pa, Nines(pa)})
	}
	r.Replicated = Replicated{Need: s.Need, Replicas: s.Replicas, Share: s.Correlated,
		Independent: KOfN(s.Need, s.Replicas, a, 0), Correlated: KOfN(s.Need, s.Replicas, a, s.Correlated)}
	w, _ := NewWatch(s)
	for w.Step() {
	}
	r.Measured = Measured{s.Seed, WatchCycles, w.Machine().Failures(), w.Machine().Measured(), append([]engine.Moment{}, w.Moments()...)}
	if s.OutageHours > 0 {
		o := OneOutage(s.OutageHours, s.Target)
		r.Outage = &o
	}
	return r, nil
}

// Figures runs the spec on one core to its headline figures: what a
// sweep's point and a run over seeds record of each run.
func (s Spec) Figures(ctx context.Context) ([]engine.Figure, error) {
	return engine.HeadlineOf(s.Run())
}
