package cascade

import (
	"context"
	"fmt"
	"math"

	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/rng"
)

// OCCConfig is the model of AWS's backoff simulator (aws-samples'
// aws-arch-backoff-simulator, behind the AWS Architecture Blog's
// "Exponential Backoff And Jitter"; docs/sources.md §MECH.6): Clients
// clients each update one row once under optimistic concurrency, reading
// its version and writing it back; a write with a stale version fails and
// the client backs off and tries again. Every message crosses a network of
// delay |normal(NetMeanMs, NetSDMs)|. A client's n-th retry waits its
// jitter mode's backoff with d = min(BaseMs x 2^n, CapMs), the
// simulator's own convention (the storm's first retry waits base, this
// one's twice base). The figures are the mean over Runs runs.
type OCCConfig struct {
	Seed               int64
	Clients, Runs      int
	BaseMs, CapMs      float64
	Jitter             Jitter
	NetMeanMs, NetSDMs float64
}

// OCCResult is a mode's run: the writes a run makes and the time its last
// client is done, each the mean over the runs, and the writes of all runs
// in each millisecond.
type OCCResult struct {
	Calls, TimeMs float64
	Histogram     []int
}

// occ is one message in flight: its arrival time, the client it belongs
// to, what it asks or answers, and the row's version it carries (a write's
// success as 1 or 0).
type occMsg struct {
	at      float64
	seq     int64 // ties go to the message sent first
	client  int32
	kind    uint8
	version int64
}

// The messages: a client's read at the server, the server's answer, the
// client's write at the server, the server's answer.
const (
	occRead uint8 = iota
	occReadReply
	occWrite
	occWriteReply
)

// Before orders the messages in flight: the earliest first, a tie to the
// one sent first.
func (m occMsg) Before(o occMsg) bool { return m.at < o.at || m.at == o.at && m.seq < o.seq }

// Validate reports the first field out of its range.
func (c OCCConfig) Validate() error {
	switch {
	case c.Clients < 1 || c.Clients > MaxOCCClients:
		return engine.Invalid("clients", "must be in 1..%d for the occ model, got %d", MaxOCCClients, c.Clients)
	case c.Runs < 1 || c.Runs > 10_000:
		return engine.Invalid("runs", "must be in 1..10000, got %d", c.Runs)
	case !(c.BaseMs > 0) || !(c.CapMs >= c.BaseMs):
		return engine.Invalid("cap-ms", "must be at least base-ms, got %g and %g", c.CapMs, c.BaseMs)
	}
	return nil
}

// MaxOCCClients bounds the occ model's clients: without backoff their
// retries grow as the square of their number.
const MaxOCCClients = 2000

// RunOCC runs the model's runs of one jitter mode on one stream seeded by
// Seed, run after run, and returns their means; ctx stops it between runs.
func RunOCC(ctx context.Context, c OCCConfig) (OCCResult, error) {
	if err := c.Validate(); err != nil {
		return OCCResult{}, err
	}
	src := rng.New(c.Seed)
	delay := func() float64 { return math.Abs(src.NormalVariate(c.NetMeanMs, c.NetSDMs)) }
	var res OCCResult
	q := make(engine.Heap[occMsg], 0, c.Clients)
	attempt := make([]int, c.Clients)
	prev := make([]float64, c.Clients)
	calls, total := 0, 0.0
	for range c.Runs {
		if ctx.Err() != nil {
			return OCCResult{}, ctx.Err()
		}
		q = q[:0]
		var seq int64
		send := func(m occMsg) { m.seq = seq; seq++; q.Push(m) }
		version, now := int64(0), 0.0
		for i := range c.Clients {
			attempt[i], prev[i] = 0, c.BaseMs
			send(occMsg{at: delay(), client: int32(i), kind: occRead})
		}
		for len(q) > 0 {
			m := q.Pop()
			now = m.at
			switch m.kind {
			case occRead:
				send(occMsg{at: now + delay(), client: m.client, kind: occReadReply, version: version})
			case occReadReply:
				send(occMsg{at: now + delay(), client: m.client, kind: occWrite, version: m.version})
			case occWrite:
				calls++
				if ms := int(now); ms < maxOCCMs {
					for len(res.Histogram) <= ms {
						res.Histogram = append(res.Histogram, 0)
					}
					res.Histogram[ms]++
				}
				ok := int64(0)
				if m.version == version {
					version, ok = version+1, 1
				}
				send(occMsg{at: now + delay(), client: m.client, kind: occWriteReply, version: ok})
			case occWriteReply:
				if m.version == 0 {
					i := m.client
					attempt[i]++
					at := now + delay()
					at += c.Jitter.wait(src, attempt[i]+1, c.BaseMs, c.CapMs, &prev[i])
					send(occMsg{at: at, client: i, kind: occRead})
				}
			}
		}
		total += now
	}
	res.Calls, res.TimeMs = float64(calls)/float64(c.Runs), total/float64(c.Runs)
	return res, nil
}

// maxOCCMs bounds the writes' histogram: ten minutes of milliseconds.
const maxOCCMs = 600_000

// runOCC runs the occ model's modes, each as a Storm whose histogram is
// the writes of all its runs a millisecond, with the mean writes and time
// a run.
func (s StormSpec) runOCC(ctx context.Context, progress func(float64)) (Storms, error) {
	cfgs, err := s.OCCConfigs()
	if err != nil {
		return nil, err
	}
	out := make([]Storm, len(cfgs))
	for i, c := range cfgs {
		r, err := RunOCC(ctx, c)
		if err != nil {
			return nil, err
		}
		st := Storm{Model: "occ", Jitter: c.Jitter.String(), Clients: c.Clients, Runs: c.Runs, Calls: r.Calls, TimeMs: r.TimeMs, Histogram: r.Histogram,
			BaseMs: c.BaseMs, CapMs: c.CapMs}
		for ms, n := range st.Histogram {
			st.TotalRetries += n
			if n > st.Peak {
				st.Peak, st.PeakMs = n, ms
			}
		}
		st.LastMs = float64(len(st.Histogram) - 1) // no waves: the writes of many runs make no moments
		st.Caption = fmt.Sprintf("%s: %s writes a run (failed ones too), the last client done at %s ms, each the mean of %d runs; the chart is every run's writes a millisecond",
			JitterName(st.Jitter), engine.Digits(int64(math.Round(st.Calls))), engine.Digits(int64(math.Round(st.TimeMs))), c.Runs)
		out[i] = st
		if progress != nil {
			progress(float64(i+1) / float64(len(cfgs)))
		}
	}
	return out, nil
}

// nsOCCWrite is a write of the occ model with its read and the four
// messages around them (each a heap push and pop, a normal variate);
// BenchmarkOCC measures it.
const nsOCCWrite = 850.0

// occCost is the occ model's estimate for its jitter modes, with its
// report in format. The writes a run makes were measured over 100 to 1000
// clients: about 1.14 c^1.6 with no jitter, every client's write racing
// the others', and 0.62 c^1.43 with any; the JSON lists each mode's
// histogram, whose milliseconds grow about as c^0.6.
func (s StormSpec) occCost(cfgs []StormConfig, format string) engine.Cost {
	c := float64(s.Clients)
	writes := 0.0
	for _, cfg := range cfgs {
		if cfg.Jitter == NoJitter {
			writes += 1.14 * math.Pow(c, 1.6)
		} else {
			writes += 0.62 * math.Pow(c, 1.43)
		}
	}
	writes *= float64(s.Runs)
	modes := float64(len(cfgs))
	out := 700*modes + 11*(4100*math.Pow(c, 0.63)+3*700*math.Pow(c, 0.57))
	switch format {
	case "csv":
		out = 50 + 40*modes
	case "text":
		out = 270 * modes
	}
	return engine.Cost{Seconds: 0.3 + writes*nsOCCWrite/1e9, Bytes: 16e6 + modes*8*maxOCCMs + c*64, OutputBytes: out,
		TimeLevers: []string{"clients", "runs"}, MemoryLevers: []string{"jitter"}, OutputLevers: []string{"jitter"}}
}
