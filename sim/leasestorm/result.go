package leasestorm

import (
	"math/big"

	"github.com/loadlab/loadlab/sim/engine"
)

// Row is one minute of a run's series.
type Row struct {
	// Minute counts from the run's start (11:18 PM); Clock is its end as
	// a time of day.
	Minute int    `json:"minute"`
	Clock  string `json:"clock"`
	// Goodput is the leases granted a second over the minute; Wasted the
	// requests served a second for droplets that had given up, and
	// WastedShare their share of the manager's work that minute.
	Goodput     float64 `json:"goodput"`
	Wasted      float64 `json:"wasted"`
	WastedShare float64 `json:"wasted_share"`
	// Queue is the requests queued at the minute's end; WithoutLease the
	// droplets without a lease; Waiting the droplets waiting for an
	// answer; Refused the requests turned away a second.
	Queue        int     `json:"queue"`
	WithoutLease int     `json:"without_lease"`
	Waiting      int     `json:"waiting"`
	Refused      float64 `json:"refused"`
}

// Result is a run's figures.
type Result struct {
	// Set names the run's protections: none, throttle, drop-stale, both,
	// stagger, renew-expired.
	Set string `json:"set"`
	// Rate is the manager's, requests a second; Threshold is Rate x
	// Timeout, the droplets it can serve within one timeout.
	Rate      float64 `json:"rate"`
	Threshold float64 `json:"threshold"`
	// ReturnWaiting and ReturnWithout are the droplets waiting for an
	// answer, and those without a lease, when DynamoDB returns.
	ReturnWaiting int `json:"waiting_at_return"`
	ReturnWithout int `json:"without_lease_at_return"`
	// Granted, Wasted, Refused and Dropped count the run's requests (see
	// Totals); WastedShareAfter is the share of the manager's work wasted
	// from DynamoDB's return on.
	Granted          int64   `json:"granted"`
	Wasted           int64   `json:"wasted"`
	Refused          int64   `json:"refused"`
	Dropped          int64   `json:"dropped"`
	WastedShareAfter float64 `json:"wasted_share_after_return"`
	// WastedShareAfterExact is the same share as a fraction "p/q" of the
	// requests served ("0/1" when none were).
	WastedShareAfterExact string `json:"wasted_share_after_return_exact"`
	PeakQueue             int    `json:"peak_queue"`
	// Switches are the switches applied, each at its second.
	Switches []engine.Switch `json:"switches,omitempty"`
	// CollapsedAt is the first minute after the outage whose goodput fell
	// below CollapsedShare of the rate, RecoveredAt the first after it
	// when every droplet held a lease again, each -1 if none, with their
	// clock times ("" if none). ThrottleAt is the throttle's minute (-1
	// without it).
	CollapsedAt    int    `json:"collapsed_at_minute"`
	CollapsedClock string `json:"collapsed_at"`
	RecoveredAt    int    `json:"recovered_at_minute"`
	RecoveredClock string `json:"recovered_at"`
	ThrottleAt     int    `json:"throttle_at_minute"`
	// FinalGoodput and FinalWithout are the last minute's goodput and
	// droplets without a lease.
	FinalGoodput float64         `json:"final_goodput"`
	FinalWithout int             `json:"final_without_lease"`
	Moments      []engine.Moment `json:"moments"`
	Series       []Row           `json:"series"`
}

// Result is the run's figures so far, with every minute of its series.
func (e *Engine) Result() Result {
	c := e.start
	r := Result{Set: SetName(c.Protections), Rate: c.Rate, Threshold: c.Threshold(),
		ReturnWaiting: e.returnWaiting, ReturnWithout: e.returnWithout,
		Granted: e.tot.Granted, Wasted: e.tot.Wasted, Refused: e.tot.Refused, Dropped: e.tot.Dropped,
		PeakQueue: e.peakQueue, CollapsedAt: e.collapsedAt, RecoveredAt: e.recoveredAt, ThrottleAt: -1,
		Moments: append([]engine.Moment{}, e.moments...)}
	r.WastedShareAfterExact = "0/1"
	if e.tot.ServedAfter > 0 {
		r.WastedShareAfter = float64(e.tot.WastedAfter) / float64(e.tot.ServedAfter)
		r.WastedShareAfterExact = big.NewRat(e.tot.WastedAfter, e.tot.ServedAfter).String()
	}
	if r.CollapsedAt >= 0 {
		r.CollapsedClock = Clock(r.CollapsedAt)
	}
	if r.RecoveredAt >= 0 {
		r.RecoveredClock = Clock(r.RecoveredAt)
	}
	if e.throttledAt >= 0 || len(e.switches.Applied()) == 0 && c.Throttle { // the minute it came on, or will
		r.ThrottleAt = int(e.outEnd/60) + c.ThrottleAfterMin
		if e.throttledAt >= 0 {
			r.ThrottleAt = e.throttledAt / 60
		}
	}
	r.Switches = e.switches.Applied()
	v := e.series.View()
	r.Series = make([]Row, v.Goodput.Len())
	for i := range r.Series {
		x := v.Goodput.At(i).X
		m := int(x+0.999) - 1 // the minute that ends at x
		r.Series[i] = Row{Minute: m, Clock: Clock(m), Goodput: v.Goodput.At(i).Y, Wasted: v.WastedRate.At(i).Y, WastedShare: v.Wasted.At(i).Y,
			Queue: int(v.Queue.At(i).Y), WithoutLease: int(v.Without.At(i).Y), Waiting: int(v.Waiting.At(i).Y), Refused: v.Refused.At(i).Y}
	}
	if n := len(r.Series); n > 0 {
		r.FinalGoodput, r.FinalWithout = r.Series[n-1].Goodput, r.Series[n-1].WithoutLease
	}
	return r
}
