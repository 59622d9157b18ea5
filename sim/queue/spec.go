package queue

import (
	"context"
	"math"

	"github.com/loadlab/loadlab/sim/engine"
)

// Spec is the supermarket run in the words of the command line and
// scenario files. Against, when set, names a second policy run on the same
// seed and so the same arrivals, for a side-by-side comparison.
type Spec struct {
	Servers int     `json:"servers"`
	Load    float64 `json:"load"`
	D       int     `json:"d"`
	Policy  string  `json:"policy"`
	Against string  `json:"against"`
	// AgainstD is the second policy's d; 0 takes D.
	AgainstD int     `json:"against-d"`
	Refresh  float64 `json:"refresh"`
	// Slow servers serve at SlowSpeed (the others at 1).
	Slow      int     `json:"slow"`
	SlowSpeed float64 `json:"slow-speed"`
	// Decay is peak-ewma's decay time.
	Decay float64 `json:"decay"`
	// Gray servers fail GrayFail of their jobs, quickly (GraySpeed);
	// Eject is outlier ejection (at most MaxEject of the servers);
	// Unhealthy servers fail their health checks though they serve well;
	// below Panic of the servers healthy the balancer uses them all.
	Gray      int     `json:"gray"`
	GraySpeed float64 `json:"gray-speed"`
	GrayFail  float64 `json:"gray-fail"`
	Eject     bool    `json:"eject"`
	MaxEject  float64 `json:"max-eject"`
	Unhealthy int     `json:"unhealthy"`
	Panic     float64 `json:"panic"`
	// AgainstEject and AgainstPanic are the Against run's ejection and
	// panic threshold (Eject and Panic are the policy's run's), so that
	// one policy runs with and without them side by side.
	AgainstEject bool    `json:"against-eject"`
	AgainstPanic float64 `json:"against-panic"`
	Time         float64 `json:"time"`
	Warmup       float64 `json:"warmup"`
	Seed         int64   `json:"seed"`
	// Switch changes every run from a time on: "policy=jsq-d@500,...", as
	// engine.ParseSwitches reads it against Knobs.
	Switch string `json:"switch"`
	// Stepper asks a view to step a job at a time, marking the servers
	// each looks at; the run and its figures are the same.
	Stepper bool `json:"stepper"`
}

// DefaultSpec is the supermarket excerpt's system: 1000 servers at 90 %, two choices, over
// 2,000 time units after 500 of warm-up.
func DefaultSpec() Spec {
	return Spec{Servers: 1000, Load: 0.9, D: 2, Policy: "jsq-d", Refresh: 1, SlowSpeed: 0.25, Decay: 100, GraySpeed: 5, GrayFail: 1, MaxEject: 0.1, Panic: 0.5, AgainstPanic: 0.5, Time: 2500, Warmup: 500, Seed: 425}
}

// Engine names the engine a Spec configures.
func (Spec) Engine() string { return "supermarket" }

// Configs are the runs the spec asks for: the policy, and Against if set.
func (s Spec) Configs() ([]Config, error) {
	// The clock first: the warm-up is measured against the time, so each
	// is blamed for its own range.
	switch {
	case !(s.Time > 0) || s.Time > 1e7:
		return nil, engine.Invalid("time", "must be in (0, 1e7], got %v", s.Time)
	case !(s.Warmup >= 0) || !(s.Warmup < s.Time):
		return nil, engine.Invalid("warmup", "must be in [0, time), below the time (%g), got %v", s.Time, s.Warmup)
	}
	// Beside a stale board, every run counts the jobs it sends over the
	// board's periods, so the herd has a fresh policy's counts to compare.
	window := 0.0
	if s.Policy == "stale-d" || s.Against == "stale-d" {
		if !(s.Refresh >= 0.01 && s.Refresh <= 1e6) {
			return nil, engine.Invalid("refresh", "must be in [0.01, 1e6], got %v", s.Refresh)
		}
		window = s.Refresh
	}
	var out []Config
	first := Config{Servers: s.Servers, Load: s.Load, D: s.D, Refresh: s.Refresh, Decay: s.Decay, SlowSpeed: s.SlowSpeed}
	switches, err := engine.ParseSwitches(s.Switch, Knobs, first, Unit, s.Time)
	if err != nil {
		return nil, err
	}
	for i, name := range []string{s.Policy, s.Against} {
		if i == 1 && name == "" {
			break
		}
		p, err := ParsePolicy(name)
		if err != nil {
			field := map[int]string{0: "policy", 1: "against"}[i]
			return nil, engine.Invalid(field, "must be %s, got %q", PolicyList, name)
		}
		d := s.D
		if i == 1 && s.AgainstD > 0 {
			d = s.AgainstD
		}
		c := Config{Servers: s.Servers, Load: s.Load, Policy: p, D: d, Refresh: s.Refresh, Slow: s.Slow, SlowSpeed: s.SlowSpeed, Decay: s.Decay,
			Gray: s.Gray, GraySpeed: s.GraySpeed, GrayFail: s.GrayFail, Health: s.health(i),
			Seed: s.Seed, Warmup: s.Warmup, Time: s.Time, Window: window, Trace: s.Stepper}
		c.Switches = engine.FoldStart(Knobs, &c, switches)
		if err := c.validate(); err != nil {
			return nil, err
		}
		if err := checkSwitches(c, c.Switches); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	switch {
	case s.D < 1 || s.D > s.Servers:
		return nil, engine.Invalid("d", "must be in 1..servers (%d), got %d", s.Servers, s.D)
	case s.AgainstD < 0 || s.AgainstD > s.Servers:
		return nil, engine.Invalid("against-d", "must be in 0..servers (%d; 0 takes d), got %d", s.Servers, s.AgainstD)
	case s.Seed < 0:
		return nil, engine.Invalid("seed", "must be >= 0, got %d", s.Seed)
	}
	return out, nil
}

// health is run i's balancer health (0 the policy's, 1 the against's):
// Envoy's defaults with the spec's switches.
func (s Spec) health(i int) Health {
	h := DefaultHealth()
	h.Eject, h.MaxEject, h.Unhealthy, h.Panic = s.Eject, s.MaxEject, s.Unhealthy, s.Panic
	if i == 1 {
		h.Eject, h.Panic = s.AgainstEject, s.AgainstPanic
	}
	return h
}

// checkSwitches applies switches one by one to c, as a run would, and
// reports the first that leaves it invalid (d above the servers, a board
// without its refresh).
func checkSwitches(c Config, switches []engine.Switch) error {
	for _, sw := range switches {
		Knobs.Set(&c, sw.Name, sw.Value)
		if err := c.validate(); err != nil {
			return engine.Invalid("switch", "%s=%s@%g leaves the run invalid: %v", sw.Name, sw.Value, sw.At, err)
		}
	}
	return nil
}

// IdleFlags are the fields the spec's policies and fleet leave unread,
// each with why.
func (s Spec) IdleFlags() map[string]string {
	idle := map[string]string{}
	if s.Slow == 0 {
		idle["slow-speed"] = "every server runs at speed 1 (--slow gives some servers this speed)"
	}
	if s.Policy != "peak-ewma" && s.Against != "peak-ewma" {
		idle["decay"] = "only peak-ewma keeps a decaying average (--policy peak-ewma)"
	}
	if s.Gray == 0 {
		idle["gray-speed"] = "no server is gray (--gray gives some servers that fail their jobs)"
		idle["gray-fail"] = idle["gray-speed"]
	}
	if !s.Eject && !s.AgainstEject {
		idle["max-eject"] = "nothing is ejected without --eject or --against-eject"
	}
	if !s.Eject && s.Unhealthy == 0 {
		idle["panic"] = "every server is healthy: nothing is ejected (--eject) or failing its checks (--unhealthy)"
	}
	if s.Against == "" {
		idle["against-eject"] = "no --against run"
		idle["against-panic"] = idle["against-eject"]
	} else if !s.AgainstEject && s.Unhealthy == 0 {
		idle["against-panic"] = "every server of the against run is healthy: nothing is ejected (--against-eject) or failing its checks (--unhealthy)"
	}
	return idle
}

// Validate reports the first invalid field.
func (s Spec) Validate() error {
	_, err := s.Configs()
	return err
}

// Costs of the simulation's basic operations on one core, in nanoseconds,
// measured on this project's 2-core machine (BenchmarkCostModel prints the
// estimate against the measured time). An event (an arrival or a
// departure) touches a few servers at random, and so does each extra
// server a job looks at: both cost more once the servers' arrays leave the
// caches.
const (
	nsEventNear, nsEventMid, nsEventFar    = 50.0, 150.0, 220.0
	nsChoiceNear, nsChoiceMid, nsChoiceFar = 4.0, 12.0, 35.0
	// An event touches several arrays of the servers, a choice only their
	// loads: the choices stay in the cache longer.
	nearServers, midServers = 1 << 17, 1 << 21
	nearChoice, midChoice   = 1 << 18, 1 << 22
	nsBoardServer           = 1.5 // one server of a stale board's refresh
	nsServerSetup           = 3.0 // allocating and clearing one server
	nsPoint                 = 25.0
	nsDecay                 = 20.0 // a Peak EWMA cost brought up to date
	// bytesPerServer are a server's jobs, place in the busy list and the
	// busy list itself (grown by doubling); JSQ's buckets and a stale
	// board add serverExtra.
	bytesPerServer, serverExtra = 24.0, 12.0
	baseBytes                   = 16 << 20
)

// eventNs and choiceNs are the costs of an event and of one more server
// looked at with n servers.
func eventNs(n int) (event, choice float64) {
	switch {
	case n <= nearServers:
		event = nsEventNear
	case n <= midServers:
		event = nsEventMid
	default:
		event = nsEventFar
	}
	switch {
	case n <= nearChoice:
		choice = nsChoiceNear
	case n <= midChoice:
		choice = nsChoiceMid
	default:
		choice = nsChoiceFar
	}
	return event, choice
}

// Cost estimates the runs before they start: about 2 x load x servers
// events a time unit, and for jsq-d and stale-d d - 1 more servers looked
// at per arrival. An invalid spec costs nothing (it is refused first).
func (s Spec) Cost() engine.Cost {
	cs, err := s.Configs()
	if err != nil {
		return engine.Cost{}
	}
	c := engine.Cost{TimeLevers: []string{"servers", "time"}, MemoryLevers: []string{"servers"}, OutputLevers: []string{"time"}}
	eventsNs, choicesNs := 0.0, 0.0
	for _, cfg := range cs {
		n := float64(cfg.Servers)
		arrivals := cfg.Load * n * cfg.Time
		ev, ch := eventNs(cfg.Servers)
		eventsNs += 2 * arrivals * ev
		if cfg.Draws() {
			choicesNs += arrivals * float64(cfg.D-1) * ch
		}
		if cfg.Policy == PeakEWMA { // an exp a server looked at, and the arrival times kept
			choicesNs += arrivals * float64(cfg.D) * nsDecay
		}
		other := n*nsServerSetup + cfg.Time*nsPoint
		period := cfg.Window
		if cfg.Policy == StaleD {
			period = cfg.Refresh
		}
		if period > 0 { // a board copied, or counts cleared, each period
			other += math.Floor(cfg.Time/period) * n * nsBoardServer
		}
		eventsNs += other
		per := bytesPerServer
		if cfg.Policy == JSQ || cfg.Policy == StaleD || cfg.Window > 0 {
			per += serverExtra
		}
		c.Bytes += n*per + cfg.Time*32 // two series, a point a time unit
	}
	c.Seconds = (eventsNs + choicesNs) / 1e9
	if choicesNs > eventsNs {
		c.TimeLevers = []string{"d", "time", "servers"}
	}
	c.Bytes += baseBytes
	c.OutputBytes = s.ReportBytes("json")
	c.OutputLevers = []string{"load", "time"}
	return c
}

// ReportBytes is the size of the report in format (text, json or csv):
// the JSON and the CSV have a row a queue length a run, the text's table
// stops at a few lengths.
func (s Spec) ReportBytes(format string) float64 {
	cs, err := s.Configs()
	if err != nil {
		return 0
	}
	levels := 0.0
	for _, cfg := range cs {
		levels = max(levels, queueLevels(cfg))
	}
	runs := float64(len(cs))
	switch format {
	case "text":
		return 900 + 300*runs
	case "csv":
		return 100 + runs*levels*63
	}
	return 1500 + runs*levels*130
}

// queueLevels is about the longest queue a run meets: a few with a choice
// of two or more (the mean field's tail falls doubly exponentially), far
// more with one choice at a load near 1 (geometric, of ratio load, over
// every server and time unit; or sqrt(time) before it settles).
func queueLevels(c Config) float64 {
	if c.Policy == JSQ {
		return 16
	}
	if d, ok := c.Choices(); ok && d >= 2 { // the share at k or more is about load^(d^k): to 1e-6
		return min(16, 2+math.Log(math.Log(1e-6)/math.Log(c.Load))/math.Log(float64(d)))
	}
	n := float64(c.Servers)
	geometric := math.Log(n*c.Time*c.Load+2) / -math.Log(c.Load)
	return 16 + min(geometric, 3*math.Sqrt(c.Time)+c.Time*(1-c.Load), n*c.Time)
}

// maxChunkNs is the work between looks at ctx and calls of progress.
const maxChunkNs = 5e6

// Outcome is the runs' results, in order, with their configs.
type Outcome struct {
	Configs []Config
	Results []Result
	Moments [][]engine.Moment
}

// Run simulates each config to Time, checking ctx every few milliseconds
// of work (and, when one arrival looks at a great many servers, within
// it); progress, if not nil, gets the share done.
func (s Spec) Run(ctx context.Context, progress func(float64)) (Outcome, error) {
	cs, err := s.Configs()
	if err != nil {
		return Outcome{}, err
	}
	var o Outcome
	for i, c := range cs {
		sim, _ := New(c)
		sim.interrupt = func() bool { return ctx.Err() != nil }
		// A chunk of simulated time is at most 10 units and about
		// maxChunkNs of work: ctx is looked at between chunks (how a run
		// is cut into calls of Advance changes nothing).
		ev, ch := eventNs(c.Servers)
		looks := 0.0
		if c.Draws() {
			looks = float64(c.D - 1)
		}
		perUnit := c.Load * float64(c.Servers) * (2*ev + looks*ch)
		chunk := min(10, max(maxChunkNs/perUnit, 1e-9*s.Time))
		for k := 1.0; sim.Now() < s.Time; k++ {
			if err := ctx.Err(); err != nil {
				return o, err
			}
			sim.Advance(min(k*chunk, s.Time))
			if sim.halted {
				return o, ctx.Err()
			}
			if progress != nil {
				progress((float64(i) + sim.Now()/s.Time) / float64(len(cs)))
			}
		}
		o.Configs = append(o.Configs, c)
		o.Results = append(o.Results, sim.Result())
		o.Moments = append(o.Moments, sim.Moments())
	}
	return o, nil
}

// Figures runs the spec on one core to its headline figures: what a
// sweep's point and a run over seeds record of each run.
func (s Spec) Figures(ctx context.Context) ([]engine.Figure, error) {
	return engine.HeadlineOf(s.Run(ctx, nil))
}
