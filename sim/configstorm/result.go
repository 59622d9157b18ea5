package configstorm

import "github.com/loadlab/loadlab/sim/engine"

// Row is one minute of a run's series.
type Row struct {
	// Minute counts from the bad value (negative before it); Clock is
	// its start as h:mm after the bad value.
	Minute int    `json:"minute"`
	Clock  string `json:"clock"`
	// Load is the queries the database was sent a second; Answered those
	// it answered; Retries those sent again after an error.
	Load     float64 `json:"load"`
	Answered float64 `json:"answered"`
	Retries  float64 `json:"retries"`
	// Success is the share of the site's reads served, HitRatio the share
	// of reads that found their entry valid, Traffic the share of users
	// let in, Backing the share of clients waiting out a backoff.
	Success  float64 `json:"success"`
	HitRatio float64 `json:"hit_ratio"`
	Traffic  float64 `json:"traffic"`
	Backing  float64 `json:"backing_off"`
}

// Result is a run's figures.
type Result struct {
	// Set names the run's protections: none, or cut, backoff and
	// keep-on-error joined by +.
	Set string `json:"set"`
	// Capacity is the database's answers a second, Reads the site's reads
	// a second; StormLoad and StormSuccess what the storm's steady state
	// gives (theory: every entry empty, every error queried again at
	// once).
	Capacity     float64 `json:"capacity"`
	Reads        float64 `json:"reads"`
	StormLoad    float64 `json:"storm_load_theory"`
	StormSuccess float64 `json:"storm_success_theory"`
	// PeakLoad is the most queries the database was sent in a second, at
	// PeakAtS seconds after the bad value.
	PeakLoad float64 `json:"peak_load"`
	PeakAtS  int     `json:"peak_at_s"`
	// FixAtS, CutAtS and BackAtS are when the value was fixed, the site
	// turned off and users let back, in seconds after the bad value (-1:
	// never).
	FixAtS  int `json:"fix_at_s"`
	CutAtS  int `json:"cut_at_s"`
	BackAtS int `json:"let_back_at_s"`
	// RecoveredAtS is the first second after the fix with RecoveredShare
	// of the reads served, in seconds after the bad value (-1: never);
	// Recovered writes it as h:mm:ss ("" for never); AfterFixS is the
	// time from the fix to it (-1: never).
	RecoveredAtS int    `json:"recovered_at_s"`
	Recovered    string `json:"recovered_at"`
	AfterFixS    int    `json:"recovery_after_fix_s"`
	// RunAfterFixS is the run's seconds after the fix (-1 before it): a
	// run never back took longer than that.
	RunAfterFixS int `json:"run_after_fix_s"`
	// SuccessAfterFix is the mean share of reads served from the fix to
	// the cut (or the run's end without one), -1 when that span is empty
	// (a cut before the fix); StormMax the most of any minute in it.
	SuccessAfterFix float64 `json:"success_after_fix"`
	StormMax        float64 `json:"success_after_fix_max_minute"`
	// Queries and Answered count the run's queries; Reads, Hits, Served,
	// Lost and FailedFast the users' reads (every one is a hit, served,
	// lost after its tries, failed fast by a client backing off, or in
	// flight at the end).
	Queries    float64 `json:"queries"`
	Answered   float64 `json:"answered"`
	AllReads   float64 `json:"reads_total"`
	Hits       float64 `json:"hits"`
	Served     float64 `json:"served"`
	Lost       float64 `json:"lost"`
	FailedFast float64 `json:"failed_fast"`
	// FinalSuccess and FinalHitRatio are the last minute's.
	FinalSuccess  float64         `json:"final_success"`
	FinalHitRatio float64         `json:"final_hit_ratio"`
	Moments       []engine.Moment `json:"moments"`
	// Switches are the switches applied, each at its second.
	Switches []engine.Switch `json:"switches,omitempty"`
	Series   []Row           `json:"series"`
}

// Result is the run's figures so far, with every minute of its series.
func (e *Engine) Result() Result {
	c := e.start
	r := Result{Switches: e.switches.Applied(), Set: SetName(c.Protections), Capacity: c.Capacity, Reads: c.Reads, StormLoad: c.StormLoad(), StormSuccess: c.StormSuccess(),
		PeakLoad: e.peakLoad, PeakAtS: -1, FixAtS: -1, CutAtS: -1, BackAtS: -1, RecoveredAtS: -1, AfterFixS: -1, RunAfterFixS: -1, SuccessAfterFix: -1,
		Queries: e.tot.Queries, Answered: e.tot.Answered, AllReads: e.tot.Reads, Hits: e.tot.Hits, Served: e.tot.Served, Lost: e.tot.Lost,
		FailedFast: e.tot.FailedFast, Moments: append([]engine.Moment{}, e.moments...)}
	if e.peakAt >= 0 {
		r.PeakAtS = e.since(e.peakAt)
	}
	if e.fixed {
		r.FixAtS = e.since(e.fix)
		r.RunAfterFixS = int(e.now - e.fix)
	}
	if e.cutFrom >= 0 {
		r.CutAtS = e.since(e.cutFrom)
		if back := e.cutFrom + int32(60*c.OffMin); back < e.now {
			r.BackAtS = e.since(back)
		}
	}
	if e.recoveredAt >= 0 {
		r.RecoveredAtS = e.since(e.recoveredAt) + 1 // at the second's end
		r.Recovered = ElapsedS(r.RecoveredAtS)
		r.AfterFixS = int(e.recoveredAt-e.fix) + 1
	}
	if e.stormSec > 0 {
		r.SuccessAfterFix = e.stormSum / e.stormSec
	}
	v := e.series.View()
	r.Series = make([]Row, v.Load.Len())
	for i := range r.Series {
		x := v.Load.At(i).X
		m := int(x+LeadMin+0.999) - 1 - LeadMin // the minute that ends at x
		r.Series[i] = Row{Minute: m, Clock: Elapsed(m), Load: v.Load.At(i).Y, Answered: v.Answered.At(i).Y, Retries: v.Retries.At(i).Y,
			Success: v.Success.At(i).Y, HitRatio: v.HitRatio.At(i).Y, Traffic: v.Traffic.At(i).Y, Backing: v.Backing.At(i).Y}
		if m >= c.FixAtMin && e.fixed && (e.cutFrom < 0 || m < e.since(e.cutFrom)/60) {
			r.StormMax = max(r.StormMax, r.Series[i].Success)
		}
	}
	if n := len(r.Series); n > 0 {
		r.FinalSuccess, r.FinalHitRatio = r.Series[n-1].Success, r.Series[n-1].HitRatio
	}
	return r
}

// Snapshot is the run as it stands: the latest second's figures, the
// counts now, and the series shared up to now.
type Snapshot struct {
	Second      int64
	Fixed       bool
	Cut         bool // the site has been turned off
	Traffic     float64
	Valid       int
	Backing     int
	InFlight    float64
	Last        Second
	Totals      Totals
	PeakLoad    float64
	RecoveredAt int // seconds after the bad value, -1 until then
	// AfterFixS is the time from the fix to the site back (-1 until
	// then); SuccessAfterFix the share of reads served since the fix
	// (until the cut), -1 before the fix.
	AfterFixS       int
	SuccessAfterFix float64
	// RunAfterFixS is the run's seconds after the fix so far (-1 before).
	RunAfterFixS int
	Series       SeriesView
	Moments      []engine.Moment
}

// Snapshot takes the run's state without copying its history.
func (e *Engine) Snapshot() Snapshot {
	s := Snapshot{Second: int64(e.now), Fixed: e.fixed, Cut: e.cutFrom >= 0, Traffic: e.last.Traffic, Valid: e.valid, Backing: e.backing,
		InFlight: e.inFlight, Last: e.last, Totals: e.tot, PeakLoad: e.peakLoad, RecoveredAt: -1, AfterFixS: -1, SuccessAfterFix: -1, RunAfterFixS: -1,
		Series: e.series.View(), Moments: e.Moments()}
	if e.fixed {
		s.RunAfterFixS = int(e.now - e.fix)
	}
	if e.recoveredAt >= 0 {
		s.RecoveredAt = e.since(e.recoveredAt) + 1
		s.AfterFixS = int(e.recoveredAt-e.fix) + 1
	}
	if e.stormSec > 0 {
		s.SuccessAfterFix = e.stormSum / e.stormSec
	}
	return s
}

// Success is a second's share of the site's reads served.
func (e *Engine) Success(s Second) float64 { return e.success(s) }
