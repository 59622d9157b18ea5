package cascade

import "github.com/loadlab/loadlab/sim/engine"

// Retry is how a failed attempt is tried again.
type Retry int

// The retry policies.
const (
	// NoRetry gives up after the first failed attempt.
	NoRetry Retry = iota
	// Immediate retries at once from the entry, up to MaxRetries times.
	Immediate
	// Backoff waits RetryBase x 2^k x uniform(0.5, 1.5) before try k.
	Backoff
)

func (r Retry) String() string { return [...]string{"off", "immediate", "backoff"}[r] }

// Config is one run: the chain, the failure timeline and the protections.
// Times are in seconds unless a name says ms.
type Config struct {
	Seed int64 `json:"seed"`
	// DT is the tick; Duration the simulated time.
	DT       float64 `json:"dt"`
	Duration float64 `json:"duration"`
	// DegradeAt is when the database's service time grows DBSlowdown times.
	DegradeAt  float64 `json:"degrade-at"`
	DBSlowdown float64 `json:"db-slowdown"`
	// The surge multiplies the arrival rate by SurgeX from SurgeAt until
	// SurgeEnd.
	SurgeAt  float64 `json:"surge-at"`
	SurgeEnd float64 `json:"surge-end"`
	SurgeX   float64 `json:"surge-x"`
	// Rate is the base arrival rate, requests per second.
	Rate float64 `json:"rate"`
	// Slots per layer; BulkheadDB + BulkheadAux split svc's when the
	// bulkhead is on.
	APISlots    int `json:"api-slots"`
	SvcSlots    int `json:"svc-slots"`
	DBSlots     int `json:"db-slots"`
	AuxSlots    int `json:"aux-slots"`
	BulkheadDB  int `json:"bulkhead-db"`
	BulkheadAux int `json:"bulkhead-aux"`
	// Mean service times, ms.
	APIMs float64 `json:"api-ms"`
	SvcMs float64 `json:"svc-ms"`
	DBMs  float64 `json:"db-ms"`
	AuxMs float64 `json:"aux-ms"`
	// DepProb is the share of requests that call the database (the rest
	// call aux); PrioHigh the share of high priority.
	DepProb  float64 `json:"dep-prob"`
	PrioHigh float64 `json:"prio-high"`
	// DefaultWait and TunedWait are the queue wait limits; ClientTimeout is
	// when the user gives up on a request.
	DefaultWait   float64 `json:"default-wait"`
	TunedWait     float64 `json:"tuned-wait"`
	ClientTimeout float64 `json:"client-timeout"`
	// The breaker: a window, a minimum of calls, an error ratio above which
	// it opens, a cool-down and the trials let through half-open.
	BreakerWindow    float64 `json:"breaker-window"`
	BreakerMinCalls  int     `json:"breaker-min"`
	BreakerErrRatio  float64 `json:"breaker-err"`
	BreakerCoolDown  float64 `json:"breaker-cool"`
	BreakerTrials    int     `json:"breaker-trials"`
	MaxRetries       int     `json:"max-retries"`
	RetryBase        float64 `json:"retry-base"`
	RetryBudgetRatio float64 `json:"retry-budget"` // no retry while the breaker's error ratio is at or above it
	// Shedding drops low priority while the api queue is above ShedHigh,
	// until it falls to ShedLow.
	ShedHigh int `json:"shed-high"`
	ShedLow  int `json:"shed-low"`
	// DBFail is the share of database calls that come back with an error
	// (a failing database, where the lecture's slows down).
	DBFail float64 `json:"db-fail"`
	// LimitTimeout is when AIMD counts a call that came back as dropped.
	LimitTimeout float64 `json:"limit-timeout"`
	// ThrottleK is client-side throttling's K, ThrottleWindow the seconds
	// its counts span.
	ThrottleK      float64 `json:"throttle-k"`
	ThrottleWindow float64 `json:"throttle-window"`
	// RetryCapRatio is the share of requests the retry cap lets be
	// retried, over RetryCapWindow seconds.
	RetryCapRatio  float64 `json:"retry-cap-ratio"`
	RetryCapWindow float64 `json:"retry-cap-window"`
	// SLOMs is the latency of a good request.
	SLOMs float64 `json:"slo-ms"`
	// Scan is how many requests at a queue's head a tick looks at.
	Scan int `json:"scan"`
	// HeadCheck is how many requests at a queue's head are checked for
	// their wait limit.
	HeadCheck int `json:"head-check"`
	// SampleEvery is the ticks between samples (2 s).
	SampleEvery int `json:"sample-every"`
	// Arrivals is "lecture": one random stream for everything, as the
	// lecture's program draws, so two protection sets see the same arrivals
	// only until their draws differ; or "paired": the arrivals (how many
	// each tick, their priority and dependency) come from random.Random(seed)
	// and the service times and backoff from random.Random(seed + 1), so
	// every protection set meets the same requests at the same times.
	Arrivals string `json:"arrivals"`
	// BreakerCounts is which calls the breaker counts: "lecture", every
	// call svc makes, aux ones too, as 26.4.1's program reports them, so
	// that a healthy aux call can close a half-open breaker before its
	// trials come back; or "guarded", the textbook breaker of 26.3.1, which
	// counts only the database calls it guards and, half-open, only its
	// trial calls, closing when every trial has come back ok.
	BreakerCounts string `json:"breaker-counts"`

	Protections `json:"-"`
	// Switches change the run from their times on (Knobs), in time order.
	Switches []engine.Switch `json:"-"`
}

// Protections are the switches; any combination is a valid run.
type Protections struct {
	Tuned    bool // the tuned wait limit instead of the default
	Retry    Retry
	Breaker  bool
	Bulkhead bool
	Shed     bool
	// Budget stops retries while the dependency's error ratio, over the
	// breaker's window and minimum of calls, is at or above
	// RetryBudgetRatio. With a breaker it reads the breaker's window, as
	// the lecture's program does; without one it keeps a window of its own.
	Budget bool
	// Limiter adapts a limit on svc's calls in flight to the database.
	Limiter Limiter
	// Throttle is the SRE book's client-side throttling of svc's database
	// calls: each is refused at svc with probability max(0, (requests -
	// K x accepts) / (requests + 1)) over the throttle's window.
	Throttle bool
	// LayerRetries retries a failed call at every layer (svc its database
	// calls, api its svc calls) as well as at the client, MaxRetries
	// times each, at once.
	LayerRetries bool
	// RetryCap lets a retry through only while the retries stay under
	// RetryCapRatio of the requests over RetryCapWindow: a server-wide
	// retry budget.
	RetryCap bool
}

// DefaultConfig is the lecture's setup of 26.4.1, seed 425, no protection.
func DefaultConfig() Config {
	return Config{
		Seed: 425, DT: 0.01, Duration: 60,
		DegradeAt: 15, DBSlowdown: 20,
		SurgeAt: 25, SurgeEnd: 40, SurgeX: 6,
		Rate:     400,
		APISlots: 120, SvcSlots: 60, DBSlots: 10, AuxSlots: 5,
		BulkheadDB: 42, BulkheadAux: 18,
		APIMs: 5, SvcMs: 10, DBMs: 10, AuxMs: 10,
		DepProb: 0.7, PrioHigh: 0.2,
		DefaultWait: 3, TunedWait: 0.25, ClientTimeout: 5,
		BreakerWindow: 2, BreakerMinCalls: 20, BreakerErrRatio: 0.5, BreakerCoolDown: 5, BreakerTrials: 3,
		MaxRetries: 3, RetryBase: 0.05, RetryBudgetRatio: 0.9,
		ShedHigh: 100, ShedLow: 50,
		LimitTimeout: 1, ThrottleK: 2, ThrottleWindow: 10, RetryCapRatio: 0.1, RetryCapWindow: 10,
		SLOMs: 100, Scan: 64, HeadCheck: 8, SampleEvery: 200,
		Arrivals: "lecture", BreakerCounts: "lecture",
	}
}

// Preset is one of the lecture's protection sets.
type Preset struct {
	Name, Title string
	Protections
}

// Presets are S1-S6 of 26.4.1. S6 retries with backoff and the budget, as
// the lecture's program does whenever the breaker is on.
var Presets = []Preset{
	{"S1", "no protection", Protections{}},
	{"S2", "retries", Protections{Retry: Immediate}},
	{"S3", "tuned timeouts", Protections{Tuned: true}},
	{"S4", "circuit breaker", Protections{Tuned: true, Breaker: true}},
	{"S5", "bulkhead", Protections{Tuned: true, Bulkhead: true}},
	{"S6", "every protection", Protections{Tuned: true, Retry: Backoff, Breaker: true, Bulkhead: true, Shed: true, Budget: true}},
}
