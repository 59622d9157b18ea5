package queue

import (
	"fmt"

	"github.com/loadlab/loadlab/sim/engine"
)

// Label names a config's policy as the reports and the labs write it:
// "jsq-2", "stale-2 (board every 1)", "random", "peak-ewma" (of 2).
func (c Config) Label() string { return c.policyLabel() + c.healthLabel() }

// policyLabel names the policy alone.
func (c Config) policyLabel() string { return policies[c.Policy].label(c) }

// ShortLabel is Label without the board's period: "stale-2".
func (c Config) ShortLabel() string {
	if c.Policy == StaleD {
		return fmt.Sprintf("stale-%d", c.D) + c.healthLabel()
	}
	return c.Label()
}

// healthLabel tells runs of one policy apart by their health: "+eject"
// with outlier ejection, and where servers can be left out the panic
// threshold (" panic 50%", " no panic").
func (c Config) healthLabel() string {
	label := ""
	if c.Eject {
		label = "+eject"
	}
	if c.Health.active() {
		if c.Panic == 0 {
			return label + " no panic"
		}
		return label + fmt.Sprintf(" panic %g%%", 100*c.Panic)
	}
	return label
}

// SwitchedLabel is a run's ShortLabel, and where its switches changed it,
// the label it ended with after an arrow: "random→jsq-2".
func SwitchedLabel(start Config, switches []engine.Switch) string {
	end := start
	for _, sw := range switches {
		Knobs.Set(&end, sw.Name, sw.Value)
	}
	if from, to := start.ShortLabel(), end.ShortLabel(); from != to {
		return from + "→" + to
	}
	return start.ShortLabel()
}

// Figures is each policy's headline since the warm-up, time-averaged,
// its ShortLabel its group, under the keys scenarios quote them by: mean
// (jobs a server), 7+ (the share of servers holding 7 or more), response
// (a job's mean time in the system), slow (the jobs at a slow server, in
// a fleet with some), theory and field-response (the mean field's mean
// jobs a server and response time, for the d-choice rules; a fresh
// board's for stale-d); and random (random's mean field, the reference a
// chart draws when no policy is random). Before the warm-up ends each
// measure is "—".
func Figures(configs []Config, results []Result) []engine.Figure {
	var figs []engine.Figure
	random := len(configs) > 0 && configs[0].Slow == 0 && configs[0].Gray == 0 && !configs[0].Health.active() // random's mean field is of equal servers
	for i, c := range configs {
		res, group := results[i], SwitchedLabel(c, results[i].Switches)
		mean, tail, response, slow := "—", "—", "—", "—"
		if len(res.Fractions) > 0 {
			mean, tail = fmt.Sprintf("%.2f", res.MeanQueue), fmt.Sprintf("%.2f%%", 100*tailAt(res.Tail, 7))
			response, slow = fmt.Sprintf("%.2f", res.MeanResponse), fmt.Sprintf("%.2f", res.SlowQueue)
		}
		figs = append(figs,
			engine.Figure{Key: "mean", Group: group, Name: "mean", Value: mean},
			engine.Figure{Key: "7+", Group: group, Name: "7+", Value: tail},
			engine.Figure{Key: "response", Group: group, Name: "response", Value: response})
		if c.Slow > 0 {
			figs = append(figs, engine.Figure{Key: "slow", Group: group, Name: "at a slow server", Value: slow})
		}
		if c.Gray > 0 || c.Health.active() {
			errs, ejected, panicked := "—", "—", "—"
			if len(res.Fractions) > 0 {
				errs, ejected, panicked = fmt.Sprintf("%.2f%%", 100*res.ErrorShare), fmt.Sprint(res.Ejections), fmt.Sprintf("%.0f%%", 100*res.PanicShare)
			}
			if c.Gray > 0 {
				figs = append(figs, engine.Figure{Key: "errors", Group: group, Name: "errors", Value: errs})
			}
			if c.Eject {
				figs = append(figs, engine.Figure{Key: "ejected", Group: group, Name: "ejections", Value: ejected})
			}
			if c.Health.active() && c.Panic > 0 {
				figs = append(figs, engine.Figure{Key: "panic", Group: group, Name: "panicking", Value: panicked})
			}
		}
		if d, ok := c.Choices(); ok && len(c.Switches) == 0 {
			field := NewTheory(c.Load, d, 10).MeanQueue
			figs = append(figs,
				engine.Figure{Key: "theory", Group: group, Name: "mean field", Value: fmt.Sprintf("%.2f", field)},
				engine.Figure{Key: "field-response", Group: group, Name: "mean field's response", Value: fmt.Sprintf("%.2f", field/c.Load)})
		}
		random = random && c.Policy != Random
	}
	if random {
		figs = append(figs, engine.Figure{Key: "random", Group: "random", Name: "mean field", Value: fmt.Sprintf("%.2f", RandomMean(configs[0].Load))})
	}
	return figs
}

// RandomMean is random's mean field at load: load / (1 - load) jobs a
// server.
func RandomMean(load float64) float64 { return NewTheory(load, 1, 10).MeanQueue }

// Headline is the runs' figures at their end.
func (o Outcome) Headline() []engine.Figure { return Figures(o.Configs, o.Results) }

// tailAt is v[i], or 0 past its end (no server ever held that many).
func tailAt(v []float64, i int) float64 {
	if i < len(v) {
		return v[i]
	}
	return 0
}

// Theory is each policy's mean field under the headline's key "mean"
// (jobs a server): Mitzenmacher's for d choices, load / (1 - load) for
// random; none for the others (a stale board has no mean field of its
// own). What a sweep draws beside the measured mean.
func (s Spec) Theory() []engine.Figure {
	configs, err := s.Configs()
	if err != nil {
		return nil
	}
	var out []engine.Figure
	for _, c := range configs {
		d, ok := c.Choices()
		switch {
		case c.Slow > 0 || c.Gray > 0 || c.Health.active(): // the mean field is of equal servers
			continue
		case c.Policy == Random:
			d, ok = 1, true
		case c.Policy == StaleD: // no mean field of its own: random's is the bar it must clear
			out = append(out, engine.Figure{Key: "mean", Group: c.ShortLabel(), Name: "random's mean field", Value: fmt.Sprintf("%.3f", NewTheory(c.Load, 1, 10).MeanQueue)})
			continue
		case !ok:
			continue
		}
		out = append(out, engine.Figure{Key: "mean", Group: c.ShortLabel(), Name: "mean field", Value: fmt.Sprintf("%.3f", NewTheory(c.Load, d, 10).MeanQueue)})
	}
	return out
}
