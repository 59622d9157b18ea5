package cascade

import (
	"slices"

	"github.com/loadlab/loadlab/sim/engine"
)

// Sample is the state of the chain at one sampling time (every 2 s), as
// the reference program records it: cumulative counts, queue lengths and
// the share of each layer's slots taken.
type Sample struct {
	T        float64 `json:"t"`
	Arrived  int     `json:"arrived"`
	OK       int     `json:"ok"`
	Failed   int     `json:"failed"`
	APIQueue int     `json:"api_queue"`
	SvcQueue int     `json:"svc_queue"`
	DBQueue  int     `json:"db_queue"`
	APIUse   float64 `json:"api_use"`
	SvcUse   float64 `json:"svc_use"`
	DBUse    float64 `json:"db_use"`
	// Success is the share of the requests that arrived since the last
	// sample that succeeded since then (1 when none arrived).
	Success float64 `json:"success"`
	// Limit is the adaptive limit on svc's database calls (0: none).
	Limit float64 `json:"limit,omitempty"`
	// DBSent and DBAccepted count svc's database calls so far, sent and
	// answered ok.
	DBSent     int `json:"db_sent"`
	DBAccepted int `json:"db_accepted"`
}

func (e *Engine) sample() {
	for _, l := range e.layers { // compact the lazily deleted queues
		kept := l.queue.entries[:0] // the whole array, so that it keeps its room
		for i, q := range l.queue.items() {
			if i%(checkEvery<<4) == checkEvery<<4-1 && e.stopped() {
				return
			}
			if e.reqs.get(q.rid) != nil {
				kept = append(kept, q)
			}
		}
		l.queue.reset(kept)
	}
	s := &e.stats
	smp := Sample{
		T: float64(len(s.samples)) * float64(e.cfg.SampleEvery) * e.cfg.DT, Arrived: s.arrived, OK: s.ok, Failed: s.failed,
		APIQueue: e.layers[apiLayer].queue.len(), SvcQueue: e.layers[svcLayer].queue.len(), DBQueue: e.layers[dbLayer].queue.len(),
		APIUse: float64(e.layers[apiLayer].totalUsed()) / float64(e.cfg.APISlots),
		SvcUse: float64(e.layers[svcLayer].totalUsed()) / float64(e.cfg.SvcSlots),
		DBUse:  float64(e.layers[dbLayer].totalUsed()) / float64(e.cfg.DBSlots),
	}
	smp.Success = 1.0
	smp.DBSent, smp.DBAccepted = s.dbSent, s.dbAccepted
	if e.cfg.Limiter != NoLimit {
		smp.Limit = e.limiter.limit
	}
	prevA, prevO := 0, 0
	if n := len(s.samples); n > 0 {
		prevA, prevO = s.samples[n-1].Arrived, s.samples[n-1].OK
	}
	if da := smp.Arrived - prevA; da != 0 {
		smp.Success = float64(smp.OK-prevO) / float64(da)
	}
	s.samples = append(s.samples, smp)
}

// Result is a finished run's figures, with the JSON names scripts read.
type Result struct {
	Arrived  int `json:"arrived"`
	Attempts int `json:"attempts"`
	OK       int `json:"ok"`
	Failed   int `json:"failed"`
	Good     int `json:"good"`
	DepCalls int `json:"dep_calls"`
	FastFail int `json:"fast_fail"`
	Shed     int `json:"shed"`
	HiOK     int `json:"hi_ok"`
	HiTotal  int `json:"hi_total"`
	LoOK     int `json:"lo_ok"`
	LoTotal  int `json:"lo_total"`
	DBOK     int `json:"db_ok"`
	DBTotal  int `json:"db_total"`
	AuxOK    int `json:"aux_ok"`
	AuxTotal int `json:"aux_total"`
	// BacklogPeak is the largest api queue at a sample; TBacklog1k and
	// TBacklog5k the first sample time it passed 1000 and 5000 (nil:
	// never).
	BacklogPeak   int      `json:"backlog_peak"`
	TBacklog1k    *float64 `json:"t_backlog_1k"`
	TBacklog5k    *float64 `json:"t_backlog_5k"`
	MeanLatencyMs float64  `json:"mean_latency_ms"`
	// P95LatencyMs is the latency at index int(0.95 n) of the sorted
	// successes, as the reference program takes it.
	P95LatencyMs float64 `json:"p95_latency_ms"`
	// SvcUseMean is the mean share of svc's slots taken over the samples.
	SvcUseMean float64 `json:"svc_use_mean"`
	// StuckAtEnd counts the requests still in the system at the end.
	StuckAtEnd int          `json:"stuck_at_end"`
	Samples    []Sample     `json:"samples"`
	Breaker    []Transition `json:"breaker"`
	// Trials are the half-open breaker's trial calls as they went and
	// came back.
	Trials  []Trial         `json:"breaker_trials,omitempty"`
	Moments []engine.Moment `json:"moments"`
	// Switches are the switches applied, each at the time of its tick.
	Switches []engine.Switch `json:"switches,omitempty"`
	// DBSent and DBAccepted are the database calls svc sent and those
	// answered ok; Throttled and LimitRejected those refused at svc by
	// client-side throttling and by the adaptive limit; LayerRetries and
	// ClientRetries the retries at svc and api and at the client, and
	// CapRefused the retries the retry cap refused.
	DBSent        int `json:"db_sent"`
	DBAccepted    int `json:"db_accepted"`
	Throttled     int `json:"throttled"`
	LimitRejected int `json:"limit_rejected"`
	LayerRetries  int `json:"layer_retries"`
	ClientRetries int `json:"client_retries"`
	CapRefused    int `json:"retries_capped"`
	// SlowSentPerAccepted is DBSent over DBAccepted from 10 s after the
	// slowdown (once it has settled) to the end: 0 when the run ends
	// before.
	SlowSentPerAccepted float64 `json:"slow_sent_per_accepted"`
}

// Result summarises the run so far (all of it once Done).
func (e *Engine) Result() Result {
	s := &e.stats
	r := Result{
		Arrived: s.arrived, Attempts: s.attempts, OK: s.ok, Failed: s.failed, Good: s.good,
		DepCalls: s.depCalls, FastFail: s.fastFail, Shed: s.shed,
		HiOK: s.prio[0][0], HiTotal: s.prio[0][1], LoOK: s.prio[1][0], LoTotal: s.prio[1][1],
		DBOK: s.class[0][0], DBTotal: s.class[0][1], AuxOK: s.class[1][0], AuxTotal: s.class[1][1],
		StuckAtEnd: e.reqs.n,
		Samples:    slices.Clone(s.samples),
		Breaker:    append([]Transition{}, e.breaker.log...),
		Trials:     slices.Clone(e.breaker.trialLog),
		Moments:    append([]engine.Moment{}, e.moments.found...),
		Switches:   e.switches.Applied(),
		DBSent:     s.dbSent, DBAccepted: s.dbAccepted, Throttled: s.throttled, LimitRejected: s.limitRejected,
		LayerRetries: s.layerRetries, ClientRetries: s.clientRetries, CapRefused: s.capRefused,
	}
	if len(s.lat) > 0 {
		sum := 0.0
		for _, v := range s.lat {
			sum += v
		}
		r.MeanLatencyMs = sum / float64(len(s.lat)) * 1000
		// The latency at index int(0.95 n) of the sorted latencies, found
		// without sorting them all.
		p95, _ := nth(slices.Clone(s.lat), int(float64(len(s.lat))*0.95), e.stopped)
		r.P95LatencyMs = p95 * 1000
	}
	settled := e.cfg.DegradeAt + 10
	for _, smp := range s.samples {
		if smp.T >= settled {
			if sent, acc := s.dbSent-smp.DBSent, s.dbAccepted-smp.DBAccepted; acc > 0 {
				r.SlowSentPerAccepted = float64(sent) / float64(acc)
			}
			break
		}
	}
	use := 0.0
	for i, smp := range s.samples {
		r.BacklogPeak = max(r.BacklogPeak, smp.APIQueue)
		use += smp.SvcUse
		t := float64(i) * 2.0
		if r.TBacklog1k == nil && smp.APIQueue > 1000 {
			r.TBacklog1k = &t
		}
		if r.TBacklog5k == nil && smp.APIQueue > 5000 {
			t5 := t
			r.TBacklog5k = &t5
		}
	}
	if len(s.samples) > 0 {
		r.SvcUseMean = use / float64(len(s.samples)) * 100
	}
	return r
}

// nth is the value at index k of xs sorted, found by quickselect (xs is
// reordered); stop is asked every so often, and a yes ends the search
// early (false).
func nth(xs []float64, k int, stop func() bool) (float64, bool) {
	lo, hi := 0, len(xs)-1
	work := 0
	for lo < hi {
		work += hi - lo
		if work > checkEvery<<6 {
			if stop() {
				return 0, false
			}
			work = 0
		}
		// The median of three as the pivot, then Hoare's partition.
		mid := lo + (hi-lo)/2
		if xs[mid] < xs[lo] {
			xs[mid], xs[lo] = xs[lo], xs[mid]
		}
		if xs[hi] < xs[lo] {
			xs[hi], xs[lo] = xs[lo], xs[hi]
		}
		if xs[hi] < xs[mid] {
			xs[hi], xs[mid] = xs[mid], xs[hi]
		}
		pivot := xs[mid]
		i, j := lo, hi
		for i <= j {
			for xs[i] < pivot {
				i++
			}
			for xs[j] > pivot {
				j--
			}
			if i <= j {
				xs[i], xs[j] = xs[j], xs[i]
				i++
				j--
			}
		}
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return xs[k], true
		}
	}
	return xs[k], true
}
