package flipflop

import "github.com/loadlab/loadlab/sim/engine"

// Row is one minute of a run's series.
type Row struct {
	// Minute counts from the run's start (5:00 AM); Clock is its start as
	// a time of day.
	Minute int    `json:"minute"`
	Clock  string `json:"clock"`
	// Flips is the minute's check results that differ from the one
	// before; DNSWrites the DNS writes made in it; InService the
	// instances DNS serves at its end; DNSBacklog the writes DNS holds
	// waiting, DNSLagMin how long the oldest of them has waited (how far
	// behind the automation what DNS serves is).
	Flips      int     `json:"flips"`
	DNSWrites  int     `json:"dns_writes"`
	InService  int     `json:"in_service"`
	DNSBacklog int64   `json:"dns_backlog"`
	DNSLagMin  float64 `json:"dns_lag_min"`
	// DeadInDNS is the dead instances DNS serves at its end.
	DeadInDNS int `json:"dead_in_dns"`
}

// Result is a run's figures.
type Result struct {
	// Set names the run's protections: none, hysteresis, cap, both; K and
	// CapPerMin are theirs.
	Set       string `json:"set"`
	K         int    `json:"k"`
	CapPerMin int    `json:"cap_per_min"`
	// Flips, DNSWrites and Deferred count the run's check results that
	// flipped, its DNS writes and the changes the cap held back.
	Flips     int64 `json:"flips"`
	DNSWrites int64 `json:"dns_writes"`
	Deferred  int64 `json:"deferred"`
	// PeakWrites is the most writes in one minute, against DNSCapacity;
	// PeakBacklog the most writes DNS held waiting, PeakLagMin the
	// longest the oldest of them had waited (minutes); FinalBacklog the
	// writes still waiting at the run's end, DrainMin the minutes DNS
	// needs to apply them (DNS's work left, not a delay).
	PeakWrites   int     `json:"peak_writes_per_min"`
	DNSCapacity  int     `json:"dns_capacity_per_min"`
	PeakBacklog  int64   `json:"peak_dns_backlog"`
	PeakLagMin   float64 `json:"peak_dns_lag_min"`
	FinalBacklog int64   `json:"final_dns_backlog"`
	DrainMin     float64 `json:"final_drain_min"`
	// MeanInService and MinInService are the instances DNS serves, on
	// average over the run's seconds and at the fewest.
	MeanInService float64 `json:"mean_in_service"`
	MinInService  int     `json:"min_in_service"`
	// DeadMinutes sums the minutes dead instances spent in DNS (as DNS
	// served it, its writes applied) until the switch-off, where traffic
	// sent to them is lost.
	DeadMinutes float64         `json:"dead_minutes_in_dns"`
	Dead        int             `json:"dead"`
	Instances   int             `json:"instances"`
	Moments     []engine.Moment `json:"moments"`
	// Switches are the switches applied, each at its second.
	Switches []engine.Switch `json:"switches,omitempty"`
	Series   []Row           `json:"series"`
}

// Result is the run's figures so far, with every minute of its series.
func (e *Engine) Result() Result {
	c := e.start
	r := Result{Set: SetName(c.Protections), K: int(e.k()), CapPerMin: c.CapPerMin, Flips: e.tot.Flips, DNSWrites: e.tot.Writes,
		Deferred: e.tot.Deferred, PeakWrites: e.tot.PeakWrites, DNSCapacity: c.DNSCapacity, PeakBacklog: e.tot.PeakBacklog,
		PeakLagMin: float64(e.tot.PeakLag) / 60, FinalBacklog: e.queue.len, DrainMin: float64(e.queue.len) / float64(c.DNSCapacity),
		MinInService: int(e.minService), Instances: c.Instances, Dead: c.Dead, DeadMinutes: float64(e.deadSeconds) / 60, Moments: append([]engine.Moment{}, e.moments...),
		Switches: e.switches.Applied()}
	if !c.Cap {
		r.CapPerMin = 0
	}
	if e.inServiceN > 0 {
		r.MeanInService = e.inServiceSum / e.inServiceN
	}
	v := e.series.View()
	r.Series = make([]Row, v.Flips.Len())
	for i := range r.Series {
		m := int(v.Flips.At(i).X+0.999) - 1 // the minute that ends at X
		r.Series[i] = Row{Minute: m, Clock: Clock(m), Flips: int(v.Flips.At(i).Y), DNSWrites: int(v.Writes.At(i).Y),
			InService: int(v.InService.At(i).Y), DNSBacklog: int64(v.Backlog.At(i).Y), DNSLagMin: v.Lag.At(i).Y, DeadInDNS: int(v.DeadIn.At(i).Y)}
	}
	return r
}
