package siteoutage

import (
	"math"
	"slices"

	"github.com/loadlab/loadlab/sim/avail"
	"github.com/loadlab/loadlab/sim/engine"
)

// GroupResult is one placement's customers through the days: their
// downtime, what it makes of their year, and when the last ran again.
type GroupResult struct {
	// Placement is the placement strategy: one-site, one-city or
	// cross-provider.
	Placement string `json:"placement"`
	Customers int    `json:"customers"`
	Servers   int    `json:"servers"`
	// MeanDownH, MedianDownH and MaxDownH are the customers' downtime,
	// hours.
	MeanDownH   float64 `json:"mean_down_h"`
	MedianDownH float64 `json:"median_down_h"`
	MaxDownH    float64 `json:"max_down_h"`
	// YearAvailability is the year of the mean customer (1 - mean / 8760,
	// nothing else down that year); WorstYear the worst customer's.
	YearAvailability float64 `json:"year_availability"`
	WorstYear        float64 `json:"worst_year_availability"`
	// OverBudget counts the customers down longer than the availability
	// they bought allows in a year.
	OverBudget int `json:"over_budget"`
	// BackAt is when every customer of the group ran again ("" if not
	// within the run), BackAtMinute its minute from 5:00 PM (-1), and
	// RecoveryH the hours from the explosion (-1).
	BackAt       string  `json:"back_at"`
	BackAtMinute float64 `json:"back_at_minute"`
	RecoveryH    float64 `json:"recovery_h"`
}

// Row is the run at one half hour.
type Row struct {
	Minute int    `json:"minute"`
	Clock  string `json:"clock"`
	// OneSite, OneCity and CrossProvider are the shares of each group's
	// customers running.
	OneSite       float64 `json:"one_site"`
	OneCity       float64 `json:"one_city"`
	CrossProvider float64 `json:"cross_provider"`
	// Dark, Standby, Moved and Waiting are servers: H1's without power,
	// those running on standbys, those running in Dallas, those whose
	// failover waits for power.
	Dark    int `json:"dark_servers"`
	Standby int `json:"standby_servers"`
	Moved   int `json:"moved_servers"`
	Waiting int `json:"waiting_servers"`
}

// Result is a run's figures.
type Result struct {
	// Set names the run's protections: none, reserve, drills, both;
	// Fault the fault (site or city).
	Set    string        `json:"set"`
	Fault  string        `json:"fault"`
	Groups []GroupResult `json:"groups"`
	// FailoverServers is the load moved to standbys (failovers that
	// worked); FailoverRunning what of it ran at once, and its share.
	FailoverServers  int     `json:"failover_servers"`
	FailoverRunning  int     `json:"failover_running"`
	FailoverRunShare float64 `json:"failover_run_share"`
	// BrokenFailovers counts the customers whose failover did not work.
	BrokenFailovers int `json:"broken_failovers"`
	// MovedServers and MovedCustomers are what the trucks carried;
	// DallasFullAt when Dallas ran out of power to spare ("" if never).
	MovedServers   int    `json:"moved_servers"`
	MovedCustomers int    `json:"moved_customers"`
	DallasFullAt   string `json:"dallas_full_at"`
	// RecoveredAt is when every customer ran again ("" if not within the
	// run), RecoveryH the hours from the explosion (-1).
	RecoveredAt string          `json:"recovered_at"`
	RecoveryH   float64         `json:"recovery_h"`
	Moments     []engine.Moment `json:"moments"`
	Series      []Row           `json:"series"`
}

// RowEvery is the minutes between the report's rows.
const RowEvery = 30

// Result is the run's figures so far.
func (e *Engine) Result() Result {
	c := e.cfg
	r := Result{Set: SetName(c.Protections), Fault: c.Fault.String(), FailoverServers: e.failoverServers, FailoverRunning: e.failoverRan,
		BrokenFailovers: e.brokenCustomers, MovedServers: e.movedServers, MovedCustomers: e.movedCustomers, RecoveryH: -1,
		Moments: append([]engine.Moment{}, e.moments...)}
	if e.failoverServers > 0 {
		r.FailoverRunShare = float64(e.failoverRan) / float64(e.failoverServers)
	}
	if e.dallasFull {
		r.DallasFullAt = Clock(int(e.dallasFullAt))
	}
	if e.recoveredAt >= 0 {
		r.RecoveredAt, r.RecoveryH = Clock(int(math.Ceil(e.recoveredAt))), (e.recoveredAt-LeadMin)/60
	}
	budget := avail.TargetDowntimeHoursPerYear(c.Target)
	means := e.MeanDownHours()
	for g, downs := range e.DownHours() {
		gr := GroupResult{Placement: GroupName(g), Customers: e.size[g], Servers: e.servers[g],
			BackAtMinute: -1, RecoveryH: -1, YearAvailability: 1, WorstYear: 1}
		if len(downs) > 0 {
			for _, d := range downs {
				if d > budget {
					gr.OverBudget++
				}
			}
			slices.Sort(downs)
			gr.MeanDownH, gr.MaxDownH = means[g], downs[len(downs)-1]
			gr.MedianDownH = downs[len(downs)/2]
			if len(downs)%2 == 0 {
				gr.MedianDownH = (downs[len(downs)/2-1] + downs[len(downs)/2]) / 2
			}
			gr.YearAvailability, gr.WorstYear = avail.YearAvailability(gr.MeanDownH), avail.YearAvailability(gr.MaxDownH)
		}
		if at := e.backAt[g]; at >= 0 {
			gr.BackAtMinute, gr.BackAt, gr.RecoveryH = at, Clock(int(math.Ceil(at))), (at-LeadMin)/60
		}
		r.Groups = append(r.Groups, gr)
	}
	v := e.series.view()
	for i := range v.Dark.Len() {
		m := int(v.Dark.At(i).X)
		if m%RowEvery != 0 && i != v.Dark.Len()-1 {
			continue
		}
		r.Series = append(r.Series, Row{Minute: m, Clock: Clock(m), OneSite: v.Running[0].At(i).Y, OneCity: v.Running[1].At(i).Y,
			CrossProvider: v.Running[2].At(i).Y, Dark: int(v.Dark.At(i).Y), Standby: int(v.Standby.At(i).Y), Moved: int(v.Moved.At(i).Y),
			Waiting: int(v.Waiting.At(i).Y)})
	}
	return r
}
