package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/loadlab/loadlab/sim/cascade"
	"github.com/loadlab/loadlab/sim/engine"
)

// stormCLI is "loadlab run retry-storm": section 26.3.2's clients retrying
// together, with and without jitter.
var stormCLI = &engineCLI[cascade.StormSpec, []cascade.Storm]{
	name: "retry-storm",
	about: `--clients clients fail together at t = 0 and each retries --retries times against a
dependency that keeps failing, waiting min(base x 2^(k-1), cap) before retry k: as is
(none), uniform(0, d) (full), d/2 + uniform(0, d/2) (equal), or decorrelated. The
report is the retries per millisecond, their peak, and (1 + retries)^layers.`,
	bind: func(fs *flag.FlagSet, s *cascade.StormSpec) {
		int64Flag(fs, &s.Seed, "seed", s.Seed, "seed, as CPython's random.seed")
		intFlag(fs, &s.Clients, "clients", s.Clients, "clients that fail together")
		intFlag(fs, &s.Retries, "retries", s.Retries, "retries per client")
		fs.Float64Var(&s.BaseMs, "base-ms", s.BaseMs, "backoff base b, ms")
		fs.Float64Var(&s.CapMs, "cap-ms", s.CapMs, "backoff cap, ms")
		fs.StringVar(&s.Jitter, "jitter", s.Jitter, "comma-separated: none full equal decorrelated")
		intFlag(fs, &s.Layers, "layers", s.Layers, "layers of a call chain that each retry")
	},
	ranges: map[string]string{"seed": "a whole number >= 0", "clients": "a whole number in 1..10000000",
		"retries": "a whole number in 0..30", "layers": "a whole number in 1..10", "jitter": "a list of none full equal decorrelated"},
	run:  func(_ context.Context, s cascade.StormSpec, _ runEnv) ([]cascade.Storm, error) { return s.Run() },
	cost: func(s cascade.StormSpec, _ runEnv) engine.Cost { return s.Cost() },
	writers: map[string]func(context.Context, io.Writer, []cascade.Storm, engine.Cost) error{
		"text": func(_ context.Context, w io.Writer, storms []cascade.Storm, _ engine.Cost) error {
			return writeStormText(w, storms)
		},
		"json": func(_ context.Context, w io.Writer, storms []cascade.Storm, est engine.Cost) error {
			return writeJSON(w, struct {
				Storms   []cascade.Storm `json:"storms"`
				Estimate engine.Cost     `json:"estimate"`
			}{storms, est})
		},
		"csv": func(_ context.Context, w io.Writer, storms []cascade.Storm, _ engine.Cost) error {
			return stormCSV(w, storms)
		},
	},
}

// writeStormText prints each jitter's caption and its retries over time,
// 60 columns on one time scale and one count scale for every mode, so that
// the spikes compare.
func writeStormText(w io.Writer, storms []cascade.Storm) error {
	const cols, rows = 60, 8
	span, top := 1, 1
	for _, s := range storms {
		span = max(span, len(s.Histogram))
	}
	per := (span + cols - 1) / cols // ms per column
	if len(storms) > 0 {
		fmt.Fprintf(w, "retry storm: every client fails at t = 0 and retries %d times, waiting min(base x 2^(k-1), cap) ms before retry k, with or without jitter\n", storms[0].TotalRetries/max(1, storms[0].Clients))
	}
	for _, s := range storms {
		for c := 0; c < cols; c++ {
			top = max(top, s.Busiest(c*per, (c+1)*per))
		}
	}
	for _, s := range storms {
		fmt.Fprintf(w, "\n%s\n", s.Caption)
		for r := rows; r >= 1; r-- {
			var line strings.Builder
			for c := 0; c < cols; c++ {
				if float64(s.Busiest(c*per, (c+1)*per)) >= float64(top)*(float64(r)-0.5)/rows {
					line.WriteByte('#')
				} else {
					line.WriteByte(' ')
				}
			}
			label := ""
			if r == rows {
				label = fmt.Sprint(top)
			}
			fmt.Fprintf(w, "%7s |%s\n", label, line.String())
		}
		fmt.Fprintf(w, "        +%s\n         0 ms%*d ms (%d ms a column; height: retries in its busiest millisecond)\n", strings.Repeat("-", cols), cols-5, cols*per, per)
	}
	if len(storms) > 0 {
		fmt.Fprintf(w, "\nevery layer of a chain retrying: one failure at the bottom becomes (1 + retries)^layers = %.0f calls\n", storms[0].Amplification)
	}
	return nil
}
