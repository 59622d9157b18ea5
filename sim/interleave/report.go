package interleave

import (
	"context"
	"fmt"
	"strconv"

	"github.com/loadlab/loadlab/sim/engine"
)

// Report is a study's outcome: every fix set's exact counts and bad
// schedules, one schedule played step by step, and (in timing mode) the
// chance of each outcome against the stall length.
type Report struct {
	Setup  Setup         `json:"setup"`
	Method string        `json:"method"`
	Runs   []FixRun      `json:"runs"`
	Played Played        `json:"played"`
	Timing *TimingReport `json:"timing"`
}

// Setup is the race's size and atomicity, its plans and Enactors.
type Setup struct {
	Enactors int          `json:"enactors"`
	Records  int          `json:"records"`
	Atomic   string       `json:"atomic"`
	Plans    []string     `json:"plans"`
	Who      []EnactorDoc `json:"enactor_list"`
}

// EnactorDoc is an Enactor: its letter in schedules, its name and plan.
type EnactorDoc struct {
	Letter string `json:"letter"`
	Name   string `json:"name"`
	Plan   string `json:"plan"`
}

// FixRun is one fix set's exact counts.
type FixRun struct {
	Fixes string `json:"fixes"`
	// Programs is each Enactor's steps, in its letter's order.
	Programs  [][]string `json:"programs"`
	Schedules uint64     `json:"schedules"`
	Formula   string     `json:"formula"`
	// Configurations is the distinct configurations merged (memo); 0 when
	// every schedule ran (brute).
	Configurations int      `json:"configurations"`
	Outcomes       Outcomes `json:"outcomes"`
	// Bad counts the schedules not ending at the newest plan; BadList is
	// the first of them, the empty ones first, each in lexicographic order
	// (the slow Enactor's step first).
	Bad     uint64   `json:"bad"`
	BadList []Listed `json:"bad_schedules"`
	// Lecture is the lecture's order of the steps under this fix set.
	Lecture Listed `json:"lecture"`
}

// Outcomes is the schedules of each outcome.
type Outcomes struct {
	Newest Share `json:"newest"`
	Older  Share `json:"older"`
	Empty  Share `json:"empty"`
}

// Share is a count of schedules and its share of all of them, as a float
// and as an exact fraction over every schedule, never reduced ("255/924",
// "0/70"), so that it reads beside the counts quoted with it.
type Share struct {
	Count    uint64  `json:"count"`
	Share    float64 `json:"share"`
	Fraction string  `json:"fraction"`
}

// Of is the share of outcome o.
func (o Outcomes) Of(k int) Share { return [...]Share{o.Newest, o.Older, o.Empty}[k] }

// Listed is a schedule and how it ends.
type Listed struct {
	Schedule string `json:"schedule"`
	Outcome  string `json:"outcome"`
}

// Played is one schedule played step by step under the first fix set.
type Played struct {
	Fixes    string `json:"fixes"`
	Schedule string `json:"schedule"`
	// Appended is the steps added after a typed schedule to complete it.
	Appended string          `json:"appended"`
	Outcome  string          `json:"outcome"`
	Verdict  string          `json:"verdict"`
	Steps    []PlayedStep    `json:"steps"`
	Moments  []engine.Moment `json:"moments"`
}

// PlayedStep is one step played: the records' versions and the deleted
// plans after it. Stops marks the step that found its Enactor's plan stale
// and stopped it; Skipped a step of a stopped Enactor, which did not run.
type PlayedStep struct {
	Step    int    `json:"step"`
	Token   string `json:"token"`
	Op      string `json:"op"`
	Lecture int    `json:"lecture_step"`
	Caption string `json:"caption"`
	Stops   bool   `json:"stops"`
	Skipped bool   `json:"skipped"`
	Records []int  `json:"records"`
	Deleted []int  `json:"deleted"`
}

// TimingReport is the Monte-Carlo runs: a row per fix set and stall
// length.
type TimingReport struct {
	Seed        int64           `json:"seed"`
	Trials      int             `json:"trials"`
	StepMs      float64         `json:"step_ms"`
	PlanGapMs   float64         `json:"plan_gap_ms"`
	StallChance float64         `json:"stall_chance"`
	Rows        []TimingRow     `json:"rows"`
	Moments     []engine.Moment `json:"moments"`
}

// TimingRow is the runs of one fix set at one stall length by outcome,
// with the exact share of schedules ending empty beside.
type TimingRow struct {
	Fixes         string  `json:"fixes"`
	StallMs       float64 `json:"stall_ms"`
	Trials        int     `json:"trials"`
	Newest        Chance  `json:"newest"`
	Older         Chance  `json:"older"`
	Empty         Chance  `json:"empty"`
	ScheduleEmpty float64 `json:"schedule_empty_share"`
}

// Chance is runs of an outcome and their share.
type Chance struct {
	Count  uint64  `json:"count"`
	Chance float64 `json:"chance"`
}

// Fraction writes n/d as it is, not reduced: "255/924", "0/70", "70/70".
// A reduced fraction (85/308) hides the schedule counts it is read
// beside, and makes every zero 0/1 whatever the total.
func Fraction(n, d uint64) string {
	return strconv.FormatUint(n, 10) + "/" + strconv.FormatUint(d, 10)
}

func share(n, d uint64) Share {
	s := 0.0
	if d > 0 {
		s = float64(n) / float64(d)
	}
	return Share{Count: n, Share: s, Fraction: Fraction(n, d)}
}

// OutcomesOf writes counts as shares.
func OutcomesOf(c Counts) Outcomes {
	t := c.Total()
	return Outcomes{Newest: share(c[Newest], t), Older: share(c[Older], t), Empty: share(c[Empty], t)}
}

// Exact is one race's exact counts, and its bad schedules by index.
type Exact struct {
	Race   Race
	Counts Counts
	// Configurations is the configurations merged; 0 for brute force.
	Configurations int
	x              *Explorer[State]
	listed         []Schedule // brute force keeps the schedules it lists
}

// Count counts every schedule of r by outcome, by method (memo or
// brute); brute force keeps the first keep bad schedules it meets.
func Count(ctx context.Context, r Race, method string, keep int) (Exact, error) {
	if method == "brute" {
		var empty, older []Schedule
		c, err := Enumerate[State](ctx, r, func(s Schedule, o int) bool {
			switch {
			case o == Empty && len(empty) < keep:
				empty = append(empty, append(Schedule(nil), s...))
			case o == Older && len(older) < keep:
				older = append(older, append(Schedule(nil), s...))
			}
			return true
		})
		if err != nil {
			return Exact{}, err
		}
		listed := append(empty, older...)
		return Exact{Race: r, Counts: c, listed: listed[:min(len(listed), keep)]}, nil
	}
	x, err := Explore[State](ctx, r)
	if err != nil {
		return Exact{}, err
	}
	return Exact{Race: r, Counts: x.Counts(), Configurations: x.Configurations(), x: x}, nil
}

// Bad is the number of schedules not ending at the newest plan.
func (e Exact) Bad() uint64 { return e.Counts.Of(Bad) }

// BadSchedule is the i-th bad schedule: the empty ones first, then the
// older ones, each in lexicographic order. Brute force has only those it
// kept.
func (e Exact) BadSchedule(i uint64) (Schedule, int, bool) {
	if e.x == nil {
		if i >= uint64(len(e.listed)) {
			return nil, 0, false
		}
		s := e.listed[i]
		p, _ := NewPlayer(e.Race, s)
		p.Seek(len(s))
		return s, p.Snapshot().Outcome(), true
	}
	if i < e.Counts[Empty] {
		s, ok := e.x.Nth(1<<Empty, i)
		return s, Empty, ok
	}
	s, ok := e.x.Nth(1<<Older, i-e.Counts[Empty])
	return s, Older, ok
}

// Run counts every fix set's schedules, plays the schedule asked for and,
// in timing mode, runs the trials; it stops with ctx's error once ctx is
// done. progress, if not nil, gets the share done.
func (s Spec) Run(ctx context.Context, progress func(float64)) (Report, error) {
	if err := s.Validate(); err != nil {
		return Report{}, err
	}
	races, _ := s.Races()
	r0 := races[0]
	rep := Report{Method: s.Method, Setup: Setup{Enactors: s.Enactors, Records: s.Records, Atomic: r0.Atomic.String()}}
	for v := 1; v <= r0.Newest(); v++ {
		rep.Setup.Plans = append(rep.Setup.Plans, fmt.Sprintf("v%d %s", v, r0.PlanName(v)))
	}
	for e := range r0.Enactors {
		rep.Setup.Who = append(rep.Setup.Who, EnactorDoc{Letter: r0.Letter(e), Name: r0.EnactorName(e), Plan: r0.PlanName(Plan(e))})
	}
	exactShare := 0.5
	if s.Mode != "timing" {
		exactShare = 1
	}
	for i, r := range races {
		ex, err := Count(ctx, r, s.Method, s.List)
		if err != nil {
			return Report{}, err
		}
		rep.Runs = append(rep.Runs, fixRun(ex, s.List))
		if progress != nil {
			progress(exactShare * float64(i+1) / float64(len(races)))
		}
	}
	sched, appended, _ := s.Played(r0)
	rep.Played = played(r0, sched, appended)
	if s.Mode == "timing" {
		cfg, _ := s.Timing()
		t, _ := NewTiming(cfg)
		var sub func(float64)
		if progress != nil {
			sub = func(f float64) { progress(0.5 + f/2) }
		}
		if err := t.Run(ctx, sub); err != nil {
			return Report{}, err
		}
		rep.Timing = timingReport(t, rep.Runs)
	}
	return rep, nil
}

func fixRun(ex Exact, list int) FixRun {
	r := ex.Race
	total := ex.Counts.Total()
	run := FixRun{Fixes: r.Fixes.String(), Schedules: total, Formula: Formula(r.Lengths()), Configurations: ex.Configurations,
		Outcomes: OutcomesOf(ex.Counts), Bad: ex.Bad(), BadList: []Listed{}}
	for e := range r.Enactors {
		var ops []string
		for k := range r.Length(e) {
			ops = append(ops, r.OpName(r.Op(e, k)))
		}
		run.Programs = append(run.Programs, ops)
	}
	for i := uint64(0); i < uint64(list); i++ {
		s, o, ok := ex.BadSchedule(i)
		if !ok {
			break
		}
		run.BadList = append(run.BadList, Listed{Schedule: r.Format(s), Outcome: OutcomeNames[o]})
	}
	lec := r.Lecture()
	p, _ := NewPlayer(r, lec)
	p.Seek(len(lec))
	run.Lecture = Listed{Schedule: r.Format(lec), Outcome: OutcomeNames[p.Snapshot().Outcome()]}
	return run
}

func played(r Race, sched Schedule, appended string) Played {
	p, _ := NewPlayer(r, sched)
	out := Played{Fixes: r.Fixes.String(), Schedule: r.Format(sched), Appended: appended, Moments: p.Moments()}
	for i, st := range p.Steps() {
		ps := PlayedStep{Step: i + 1, Token: st.Token, Op: r.OpName(st.Op), Lecture: st.Lecture, Caption: st.Caption, Stops: st.Stops, Skipped: st.Skipped, Records: []int{}, Deleted: []int{}}
		for j := range r.Records {
			ps.Records = append(ps.Records, int(st.After.Rec[j]))
		}
		for v := 1; v <= r.Newest(); v++ {
			if st.After.Deleted&(1<<v) != 0 {
				ps.Deleted = append(ps.Deleted, v)
			}
		}
		out.Steps = append(out.Steps, ps)
	}
	p.Seek(len(sched))
	f := p.Snapshot()
	out.Outcome, out.Verdict = OutcomeNames[f.Outcome()], r.Verdict(f.State)
	if out.Moments == nil {
		out.Moments = []engine.Moment{}
	}
	return out
}

func timingReport(t *Timing, runs []FixRun) *TimingReport {
	c := t.Config()
	tr := &TimingReport{Seed: c.Seed, Trials: t.Trials(), StepMs: c.StepMs, PlanGapMs: c.PlanGapMs, StallChance: c.StallChance, Moments: t.Moments()}
	for i, r := range c.Races {
		for j, l := range c.StallMs {
			n := t.Counts(i, j)
			ch := func(o int) Chance { return Chance{Count: n[o], Chance: t.Chance(i, j, o)} }
			tr.Rows = append(tr.Rows, TimingRow{Fixes: r.Fixes.String(), StallMs: l, Trials: t.Trials(),
				Newest: ch(Newest), Older: ch(Older), Empty: ch(Empty), ScheduleEmpty: runs[i].Outcomes.Empty.Share})
		}
	}
	return tr
}

// Figures runs the spec on one core to its headline figures: what a
// sweep's point and a run over seeds record of each run.
func (s Spec) Figures(ctx context.Context) ([]engine.Figure, error) {
	return engine.HeadlineOf(s.Run(ctx, nil))
}
