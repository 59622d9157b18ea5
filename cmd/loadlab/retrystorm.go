package main

import (
	"context"
	"fmt"
	"io"
	"math"
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
	bind: func(fs *flagSet, s *cascade.StormSpec) {
		fs.Int64(&s.Seed, "seed", 0, math.MaxInt64, "seed, as CPython's random.seed")
		fs.Int(&s.Clients, "clients", 1, 10000000, "clients that fail together")
		fs.Int(&s.Retries, "retries", 0, 30, "retries per client")
		fs.Float(&s.BaseMs, "base-ms", "a number in (0, 1e6]", "backoff base b, ms")
		fs.Float(&s.CapMs, "cap-ms", "a number in (0, 1e7]", "backoff cap, ms")
		fs.Text(&s.Jitter, "jitter", "a list of none full equal decorrelated", "the jitter modes, comma-separated")
		fs.Int(&s.Layers, "layers", 1, 10, "layers of a call chain that each retry")
	},
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
