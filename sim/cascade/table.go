package cascade

import (
	"fmt"

	"github.com/loadlab/loadlab/sim/engine"
)

// percent is 100 a / b, 0 when b is 0.
func percent(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

// Comparison is 26.4.1's table of the protection sets: per set, success
// and good over the run, mean and p95 latency, entry amplification, the
// backlog's peak and when it passed 1k, svc's mean use, fast-fails, and
// success by priority and by dependency.
func (r Report) Comparison() engine.Table {
	t := engine.Table{Title: "comparison", Header: []string{"set", "success", "good", "mean ms", "p95 ms", "entry amp",
		"backlog peak", "passed 1k", "svc used", "fast-fails", "high", "low", "db", "aux"}}
	for i, name := range r.Names {
		res := r.Results[i]
		passed := "never"
		if res.TBacklog1k != nil {
			passed = fmt.Sprintf("%.0f s", *res.TBacklog1k)
		}
		t.Rows = append(t.Rows, []string{name,
			fmt.Sprintf("%.1f%%", percent(res.OK, res.Arrived)), fmt.Sprintf("%.1f%%", percent(res.Good, res.Arrived)),
			fmt.Sprintf("%.0f", res.MeanLatencyMs), fmt.Sprintf("%.0f", res.P95LatencyMs),
			fmt.Sprintf("%.2fx", float64(res.Attempts)/float64(max(1, res.Arrived))),
			engine.Digits(int64(res.BacklogPeak)), passed, fmt.Sprintf("%.0f%%", res.SvcUseMean), engine.Digits(int64(res.FastFail)),
			fmt.Sprintf("%.1f%%", percent(res.HiOK, res.HiTotal)), fmt.Sprintf("%.1f%%", percent(res.LoOK, res.LoTotal)),
			fmt.Sprintf("%.1f%%", percent(res.DBOK, res.DBTotal)), fmt.Sprintf("%.1f%%", percent(res.AuxOK, res.AuxTotal))})
	}
	return t
}

// timelineFrom and timelineEvery are where the timeline of a run starts
// and how often it has a row: 26.4.1 prints S1's every 4 s from 16 s.
const timelineFrom, timelineEvery = 13.0, 4.0

// Timeline is a run's queues and the share of each layer's slots taken,
// every 4 s from the slowdown on, as 26.4.1 prints S1's: how a slow
// dependency eats its callers' threads.
func (r Report) Timeline(i int) engine.Table {
	res := r.Results[i]
	t := engine.Table{Title: r.Names[i] + " timeline: how a slow dependency eats its callers' threads",
		Header: []string{"t", "api queue", "svc queue", "db queue", "api used", "svc used", "db used", "success"},
		Note:   fmt.Sprintf("still in the system at the end: %d requests", res.StuckAtEnd)}
	every := max(1, int(timelineEvery/(float64(r.Spec.Config.SampleEvery)*r.Spec.Config.DT)+0.5))
	for k, s := range res.Samples {
		if k%every != 0 || s.T < timelineFrom {
			continue
		}
		t.Rows = append(t.Rows, []string{fmt.Sprintf("%.0f s", s.T), fmt.Sprint(s.APIQueue), fmt.Sprint(s.SvcQueue), fmt.Sprint(s.DBQueue),
			fmt.Sprintf("%.0f%%", 100*s.APIUse), fmt.Sprintf("%.0f%%", 100*s.SvcUse), fmt.Sprintf("%.0f%%", 100*s.DBUse), fmt.Sprintf("%.1f%%", 100*s.Success)})
	}
	return t
}
