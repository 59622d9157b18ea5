package interleave

import (
	"fmt"
	"strings"

	"github.com/loadlab/loadlab/sim/engine"
)

// Spec is the DNS race study in the words of the command line and
// scenario files: the race's size and atomicity, the fix sets to count,
// how to count, the schedule to play, and the timing of the timing mode.
type Spec struct {
	Enactors int    `json:"enactors"`
	Records  int    `json:"records"`
	Atomic   string `json:"atomic"`
	// Fixes lists the fix sets, comma-separated, each none or fixes
	// joined by '+' (recheck+safe-cleanup); "all" is every combination.
	Fixes string `json:"fixes"`
	// Method is memo (equal configurations merged) or brute (every
	// schedule run, up to MaxEnumerate).
	Method string `json:"method"`
	// List is the bad schedules reported per fix set.
	List int `json:"list"`
	// Schedule is the schedule played step by step under the first fix
	// set; empty for the lecture's.
	Schedule string `json:"schedule"`
	// Mode is exact (schedules counted) or timing (the Monte-Carlo runs
	// too).
	Mode        string  `json:"mode"`
	Seed        int64   `json:"seed"`
	Trials      int     `json:"trials"`
	StepMs      float64 `json:"step-ms"`
	PlanGapMs   float64 `json:"plan-gap-ms"`
	StallChance float64 `json:"stall-chance"`
	StallMs     string  `json:"stall-ms"`
}

// DefaultSpec is the lecture's setup with no fix: two Enactors, three
// plans, two records a plan (the slow Enactor's apply starts at step 2
// and lands at step 6, so a plan takes more than one write), cleanup in
// one step; counted by merging configurations. Its timing (when asked
// for) is steps of about 1 ms, a new plan every 100 ms on average, and a
// slow Enactor that stalls before a step half the time.
func DefaultSpec() Spec {
	return Spec{Enactors: 2, Records: 2, Atomic: "cleanup", Fixes: "none", Method: "memo", List: 20, Mode: "exact",
		Seed: 425, Trials: 10000, StepMs: 1, PlanGapMs: 100, StallChance: 0.5, StallMs: "0,1,2,5,10,20,50,100,200,500,1000"}
}

// Engine names the engine a Spec configures.
func (Spec) Engine() string { return "interleave" }

// MaxList is the most bad schedules a report lists per fix set.
const MaxList = 1000

// FixSets is the fix sets listed, in order.
func (s Spec) FixSets() ([]Fixes, error) {
	if strings.TrimSpace(s.Fixes) == "all" {
		var out []Fixes
		for f := Fixes(0); f <= AllFixes; f++ {
			out = append(out, f)
		}
		return out, nil
	}
	var out []Fixes
	for _, part := range strings.Split(s.Fixes, ",") {
		f, err := ParseFixes(part)
		if err != nil {
			return nil, err
		}
		for _, g := range out {
			if g == f {
				return nil, engine.Invalid("fixes", "lists %s twice", f)
			}
		}
		out = append(out, f)
	}
	return out, nil
}

// Races is the race under each fix set listed.
func (s Spec) Races() ([]Race, error) {
	a, err := ParseAtomic(s.Atomic)
	if err != nil {
		return nil, err
	}
	sets, err := s.FixSets()
	if err != nil {
		return nil, err
	}
	out := make([]Race, len(sets))
	for i, f := range sets {
		out[i] = Race{Enactors: s.Enactors, Records: s.Records, Atomic: a, Fixes: f}
		if err := out[i].Validate(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Stalls is the stall lengths listed, in ms.
func (s Spec) Stalls() ([]float64, error) {
	var out []float64
	for _, f := range strings.Split(s.StallMs, ",") {
		v, err := engine.ParseDecimal(strings.TrimSpace(f))
		if err != nil {
			return nil, engine.Invalid("stall-ms", "must list stall lengths in ms, comma-separated, got %q", strings.TrimSpace(f))
		}
		out = append(out, v)
	}
	return out, nil
}

// Timing is the spec's Monte-Carlo configuration, over the races listed.
func (s Spec) Timing() (TimingConfig, error) {
	races, err := s.Races()
	if err != nil {
		return TimingConfig{}, err
	}
	stalls, err := s.Stalls()
	if err != nil {
		return TimingConfig{}, err
	}
	c := TimingConfig{Seed: s.Seed, Trials: s.Trials, StepMs: s.StepMs, PlanGapMs: s.PlanGapMs, StallChance: s.StallChance, StallMs: stalls, Races: races}
	return c, c.Validate()
}

// Validate reports the first invalid field, and refuses plain
// enumeration past MaxEnumerate schedules before anything runs.
func (s Spec) Validate() error {
	races, err := s.Races()
	if err != nil {
		return err
	}
	switch {
	case s.Method != "memo" && s.Method != "brute":
		return engine.Invalid("method", "must be memo or brute, got %q", s.Method)
	case s.List < 0 || s.List > MaxList:
		return engine.Invalid("list", "must be in 0..%d, got %d", MaxList, s.List)
	case s.Mode != "exact" && s.Mode != "timing":
		return engine.Invalid("mode", "must be exact or timing, got %q", s.Mode)
	}
	if s.Method == "brute" {
		for _, r := range races {
			if n, _ := r.Schedules(); n > MaxEnumerate {
				return &TooManySchedules{Race: r, Schedules: MultinomialBig(r.Lengths()).String()}
			}
		}
	}
	if _, _, err := s.Played(races[0]); err != nil {
		return err
	}
	_, err = s.Timing()
	return err
}

// Played is the schedule to play under race r: the one typed, or the
// lecture's; appended names the steps added to complete a typed one.
func (s Spec) Played(r Race) (sched Schedule, appended string, err error) {
	if strings.TrimSpace(s.Schedule) == "" {
		return r.Lecture(), "", nil
	}
	sched, appended, err = r.Parse(s.Schedule)
	if err != nil {
		return nil, "", engine.Invalid("schedule", "%v", err)
	}
	return sched, appended, nil
}

// TooManySchedules is plain enumeration refused for its size: the
// schedules are a multinomial coefficient of the programs' lengths, and
// every field that lengthens a program multiplies them.
type TooManySchedules struct {
	Race      Race
	Schedules string
}

func (e *TooManySchedules) Error() string { return e.Describe(func(f string) string { return f }) }

// Describe writes the refusal with the fields named by name.
func (e *TooManySchedules) Describe(name func(field string) string) string {
	r := e.Race
	return fmt.Sprintf("plain enumeration of %s would run %s = %s schedules, over its bound of %d: lower %s or %s, leave recheck out of %s, make more steps atomic (%s), or count with %s memo (exact too)",
		r.Fixes, Formula(r.Lengths()), e.Schedules, MaxEnumerate, name("records"), name("enactors"), name("fixes"), name("atomic"), name("method"))
}
