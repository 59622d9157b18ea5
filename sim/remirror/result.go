package remirror

import "github.com/loadlab/loadlab/sim/engine"

// RowEveryMin is the minutes between two rows of a result's series.
const RowEveryMin = 10

// Row is a minute of a run's series, one every RowEveryMin.
type Row struct {
	// Minute counts from midnight on April 21; Clock is the minute's end
	// as a time of day (with the day after April 21).
	Minute int    `json:"minute"`
	Clock  string `json:"clock"`
	// Stuck and Lost are shares of the volumes; CustomersDown the share
	// of the customers down.
	Stuck         float64 `json:"stuck"`
	Lost          float64 `json:"lost"`
	CustomersDown float64 `json:"customers_down"`
	// Searches is the searches (negotiations) that minute; Network the
	// share of the spare network they took and Remirror the share left
	// to re-mirroring; Control the control plane's load (demand over
	// capacity); APIErrors the share of the region's API calls failing,
	// and Unshielded the share that would fail without the bulkhead.
	Searches   int     `json:"searches"`
	Network    float64 `json:"network"`
	Remirror   float64 `json:"remirror"`
	Control    float64 `json:"control_load"`
	APIErrors  float64 `json:"api_errors"`
	Unshielded float64 `json:"api_errors_without_bulkhead"`
	// FailedNodes is the nodes the race has failed so far.
	FailedNodes int `json:"failed_nodes"`
}

// Result is a run's figures.
type Result struct {
	// Set names the run's protections ("none", "backoff+cap", ...).
	Set string `json:"set"`
	// Threshold is Capacity / Tries: the stuck volumes whose searches the
	// spare network carries.
	Threshold float64 `json:"threshold"`
	// Wave is the volumes that lost their mirror at 12:47 AM, and
	// WaveShare their share.
	Wave      int     `json:"wave"`
	WaveShare float64 `json:"wave_share"`
	// PeakStuck is the highest share of the volumes stuck (stranded ones
	// included), at PeakClock; StuckAtNoon the share at noon on April 21;
	// FinalStuck the share at the run's end; Lost the share lost for good.
	PeakStuck   float64 `json:"peak_stuck"`
	PeakAt      int     `json:"peak_at_minute"`
	PeakClock   string  `json:"peak_at"`
	StuckAtNoon float64 `json:"stuck_at_noon"`
	FinalStuck  float64 `json:"final_stuck"`
	Lost        float64 `json:"lost"`
	// RecoveredAt is the first minute after 12:47 AM at whose end no
	// volume was stuck (-1: not by the run's end), RecoveredClock its
	// time ("" if none) and RecoveryMin the minutes from 12:47 AM to it
	// (-1 if none). RunAfterMin is the minutes the run goes on after
	// 12:47 AM: a run not recovered took longer than that.
	RecoveredAt    int    `json:"recovered_at_minute"`
	RecoveredClock string `json:"recovered_at"`
	RecoveryMin    int    `json:"recovery_min"`
	RunAfterMin    int    `json:"run_after_trigger_min"`
	// FailedNodes counts the nodes the race failed; Stranded the volumes
	// ever left with their only copy on a failed node; Remirrored the new
	// mirrors made.
	FailedNodes int `json:"failed_nodes"`
	Stranded    int `json:"stranded"`
	Remirrored  int `json:"remirrored"`
	// Searches counts the run's searches; PeakSearches the highest
	// minute's.
	Searches     int64 `json:"searches"`
	PeakSearches int   `json:"peak_searches"`
	// PeakControlLoad is the highest minute's control plane load;
	// PeakAPIErrors the highest share of the region's API calls failing,
	// PeakUnshielded the highest that would have failed without the
	// bulkhead (the same in a run without one), and APIErrorMinutes the
	// minutes in which over 1 % failed.
	PeakControlLoad float64 `json:"peak_control_load"`
	PeakAPIErrors   float64 `json:"peak_api_errors"`
	PeakUnshielded  float64 `json:"peak_api_errors_without_bulkhead"`
	APIErrorMinutes int     `json:"api_error_minutes"`
	// PeakCustomersDown is the highest share of the customers down.
	PeakCustomersDown float64         `json:"peak_customers_down"`
	Moments           []engine.Moment `json:"moments"`
	// Switches are the switches applied, each at its minute.
	Switches []engine.Switch `json:"switches,omitempty"`
	Series   []Row           `json:"series"`
}

// Result is the run's figures so far, with a row every RowEveryMin of its
// series.
func (e *Engine) Result() Result {
	c := e.start
	v := e.series.View()
	r := Result{Switches: e.switches.Applied(), Set: SetName(c.Protections), Threshold: c.Threshold(), Wave: e.wave, WaveShare: float64(e.wave) / float64(c.Volumes),
		PeakStuck: e.peakStuck, PeakAt: e.peakAt, PeakClock: "", StuckAtNoon: e.noonStuck,
		RecoveredAt: e.recoveredAt, RecoveryMin: -1, RunAfterMin: max(0, e.end-TriggerAt),
		FailedNodes: e.tot.Failed, Stranded: e.tot.StrandedEver, Remirrored: e.tot.Remirrored,
		Searches: e.tot.Searches, PeakSearches: e.tot.PeakSearches, PeakControlLoad: e.tot.PeakLoad,
		PeakAPIErrors: e.tot.PeakAPIErrors, PeakUnshielded: e.tot.PeakUnshielded, APIErrorMinutes: e.tot.APIErrorMinutes, PeakCustomersDown: e.tot.PeakCustomersDown,
		Moments: append([]engine.Moment{}, e.moments...)}
	if e.peakAt >= 0 {
		r.PeakClock = Clock(e.peakAt)
	}
	if e.recoveredAt >= 0 {
		r.RecoveredClock = Clock(e.recoveredAt + 1)
		r.RecoveryMin = e.recoveredAt - TriggerAt + 1
	}
	if p, ok := v.Stuck.Last(); ok {
		r.FinalStuck = p.Y
	}
	if p, ok := v.Lost.Last(); ok {
		r.Lost = p.Y
	}
	for i := RowEveryMin - 1; i < v.Stuck.Len(); i += RowEveryMin {
		r.Series = append(r.Series, rowAt(v, i))
	}
	if n := v.Stuck.Len(); n > 0 && n%RowEveryMin != 0 {
		r.Series = append(r.Series, rowAt(v, n-1))
	}
	return r
}

// rowAt is the i-th minute of the series as a row.
func rowAt(v SeriesView, i int) Row {
	m := int(v.Stuck.At(i).X) - 1 // the minute that ends at X
	return Row{Minute: m, Clock: Clock(m + 1), Stuck: v.Stuck.At(i).Y, Lost: v.Lost.At(i).Y, CustomersDown: v.CustomersDown.At(i).Y,
		Searches: int(v.Searches.At(i).Y), Network: v.Network.At(i).Y, Remirror: v.Remirror.At(i).Y, Control: v.Control.At(i).Y,
		APIErrors: v.APIErrors.At(i).Y, Unshielded: v.Unshielded.At(i).Y, FailedNodes: int(v.Failed.At(i).Y)}
}
