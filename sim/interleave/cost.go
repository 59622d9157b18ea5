package interleave

import (
	"github.com/loadlab/loadlab/sim/engine"
)

// Costs of a study on one core, in nanoseconds, measured on this
// project's 2-core machine (BenchmarkCLICostModel in cmd/loadlab prints
// the estimate against the measured work), and the bytes of its report.
const (
	nsConfig    = 250  // a configuration made, its children counted, kept in the map
	nsSchedule  = 45   // a schedule run by plain enumeration: its last steps and its outcome
	nsStep      = 20   // a step of a timed run: found earliest, applied
	nsDraw      = 12   // a number drawn for a trial
	nsListed    = 2500 // a bad schedule found by index and written
	nsStudy     = 1e6  // starting, the played schedule, the report's frame
	bytesConfig = 120  // a configuration in the map
	// The report: a fix set's fields, a listed schedule, a played step,
	// a timing row; in JSON, text and CSV.
	fixJSON, fixText, fixCSV          = 1400, 260, 140
	listedJSON, listedText            = 110, 60
	stepJSON, stepText                = 520, 180
	timingJSON, timingText, timingCSV = 420, 80, 150
	headBytes                         = 1500
)

// configBound is how many configurations the memo method makes at most,
// per product of (steps + 1) of the programs: 29 at the largest race
// (TestConfigBound).
const configBound = 32

// Cost estimates the study and its report in format (text, json or csv).
// An invalid spec costs nothing (it is refused first).
func (s Spec) Cost(format string) engine.Cost {
	var c engine.Cost
	races, err := s.Races()
	if err != nil || s.Validate() != nil {
		c.TimeLevers, c.MemoryLevers, c.OutputLevers = []string{"records"}, []string{"records"}, []string{"list"}
		return c
	}
	ns, peak := nsStudy, 8e6
	list := float64(s.List)
	steps := 0.0
	for _, n := range races[0].Lengths() {
		steps += float64(n)
	}
	for _, r := range races {
		if s.Method == "brute" {
			n, _ := r.Schedules()
			ns += float64(n) * nsSchedule
		} else {
			configs := configEstimate(r)
			ns += configs * nsConfig
			peak = max(peak, configs*bytesConfig)
		}
		ns += list * nsListed
	}
	fixes := float64(len(races))
	switch format {
	case "json":
		c.OutputBytes = headBytes + fixes*(fixJSON+list*listedJSON) + steps*stepJSON
	case "csv":
		c.OutputBytes = 100 + fixes*fixCSV
	default:
		c.OutputBytes = headBytes + fixes*(fixText+list*listedText) + steps*stepText
	}
	c.TimeLevers = []string{"records", "enactors", "fixes"}
	if s.Mode == "timing" {
		cfg, _ := s.Timing()
		drawn := 0.0
		longest := races[0]
		longest.Fixes = AllFixes
		for e := range longest.Enactors {
			drawn += float64(longest.Length(e)) + 1
		}
		timed := float64(cfg.Trials) * (drawn*nsDraw + float64(len(cfg.StallMs))*fixes*steps*nsStep)
		if timed > ns {
			c.TimeLevers = []string{"trials", "stall-ms", "fixes"}
		}
		ns += timed
		rows := float64(len(cfg.StallMs)) * fixes
		switch format {
		case "json":
			c.OutputBytes += rows * timingJSON
		case "csv":
			c.OutputBytes += rows * timingCSV
		default:
			c.OutputBytes += rows * timingText
		}
	}
	c.Seconds = ns / 1e9
	c.Bytes = peak + 2*c.OutputBytes
	c.MemoryLevers = []string{"records", "enactors"}
	c.OutputLevers = []string{"list", "fixes"}
	return c
}

// configEstimate bounds the configurations the memo method makes.
func configEstimate(r Race) float64 {
	p := 1.0
	for _, n := range r.Lengths() {
		p *= float64(n + 1)
	}
	n, _ := r.Schedules()
	return min(p*configBound, float64(n)*float64(len(r.Lengths()))*8)
}
