package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"text/tabwriter"

	"github.com/loadlab/loadlab/sim/cascade"
	"github.com/loadlab/loadlab/sim/engine"
)

// stormCLI is "loadlab run retry-storm": section 26.3.2's clients retrying
// together, with and without jitter.
var stormCLI = &engineCLI[cascade.StormSpec, cascade.Storms]{
	about: `--clients clients fail together at t = 0 and each retries --retries times against a
dependency that keeps failing, waiting min(base x 2^(k-1), cap) before retry k: as is
(none), uniform(0, d) (full), d/2 + uniform(0, d/2) (equal), or decorrelated. The
report is the retries per millisecond, their peak, and (1 + retries)^layers.
26.3.2's guards: --deadline-ms sends no retry at or after the request's
deadline; --budget sends at most that many retries per first call, the
earliest first, and a client that finds the budget spent stops.
--model occ is AWS's backoff simulator instead: --clients clients each update
one row once under optimistic concurrency over a network of |normal(10, 2)| ms;
a failed write waits min(base x 2^n, cap) as --jitter shapes it (no-backoff:
not at all) and reads again; the report is each mode's writes a run and when
its last client is done, the mean of --runs runs (aws-backoff-table).`,
	run: func(ctx context.Context, s cascade.StormSpec, env runEnv) (cascade.Storms, error) {
		return s.Run(ctx, env.progress)
	},
	cost:      costSpec[cascade.StormSpec],
	headlines: func(cascade.StormSpec) int { return 12 }, // its words take many values over the seeds
	writers: map[string]func(context.Context, io.Writer, cascade.Storms, engine.Cost) error{
		"text": writeStormText,
		"json": writeStormJSON,
		"csv":  stormCSV,
	},
}

func init() { register(stormCLI) }

// stormReport is the JSON report: the storms, their headline figures
// and the estimate.
type stormReport struct {
	Storms   []cascade.Storm `json:"storms"`
	Figures  []engine.Figure `json:"figures"`
	Estimate engine.Cost     `json:"estimate"`
}

// writeStormJSON writes the document writeJSON would, the histograms a
// millisecond a line, streamed so that a histogram of millions of
// milliseconds is neither encoded twice in memory nor deaf to ctrl+c.
func writeStormJSON(ctx context.Context, w io.Writer, storms cascade.Storms, est engine.Cost) error {
	bare := make([]cascade.Storm, len(storms))
	for i, s := range storms {
		bare[i] = s
		bare[i].Histogram = nil
	}
	doc, err := json.MarshalIndent(stormReport{bare, cascade.StormFigures(storms), est}, "", "  ")
	if err != nil {
		return err
	}
	const hole = `"histogram": null`
	var buf []byte
	for _, s := range storms {
		before, after, found := bytes.Cut(doc, []byte(hole))
		if !found {
			return errors.New("loadlab: the JSON report has no histogram field")
		}
		indent := string(before[bytes.LastIndexByte(before, '\n')+1:]) // the key's
		w.Write(before)
		io.WriteString(w, `"histogram": [`)
		for ms, n := range s.Histogram {
			if ms%checkRows == 0 {
				if ctx.Err() != nil {
					return ctx.Err()
				}
				w.Write(buf)
				buf = buf[:0]
			}
			if ms > 0 {
				buf = append(buf, ',')
			}
			buf = append(append(append(buf, '\n'), indent...), "  "...)
			buf = strconv.AppendInt(buf, int64(n), 10)
		}
		buf = append(append(buf, '\n'), indent...)
		w.Write(buf)
		buf = buf[:0]
		io.WriteString(w, "]")
		doc = after
	}
	w.Write(doc)
	_, err = io.WriteString(w, "\n")
	return err
}

// checkRows is how many milliseconds a storm writer writes between looks
// at ctrl+c.
const checkRows = 1 << 16

// writeStormText prints each jitter's caption and its retries over time,
// 60 columns on one time scale. Each chart's height is on its own scale,
// its top row its peak: on one scale a storm of tens a millisecond would be
// flat beside a spike of a thousand. The captions give the peaks to
// compare.
func writeStormText(ctx context.Context, w io.Writer, storms cascade.Storms, _ engine.Cost) error {
	if len(storms) > 0 && storms[0].Model == "occ" {
		return writeOCCText(w, storms)
	}
	span := 1
	for _, s := range storms {
		span = max(span, len(s.Histogram))
	}
	per := (span + stormCols - 1) / stormCols // ms per column
	if len(storms) > 0 {
		fmt.Fprintf(w, "retry storm: every client fails at t = 0 and retries %d times, waiting min(base x 2^(k-1), cap) ms before retry k, with or without jitter\n", storms[0].Retries)
	}
	for _, s := range storms {
		// Each column's busiest millisecond, found once: a column may
		// span millions of them.
		var busiest [stormCols]int
		for c := range busiest {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			busiest[c] = s.Busiest(c*per, (c+1)*per)
		}
		fmt.Fprintf(w, "\n%s\n", s.Caption)
		for _, line := range stormChart(busiest, per) {
			fmt.Fprintln(w, line)
		}
	}
	if len(storms) > 0 {
		fmt.Fprintf(w, "\nevery layer of a chain retrying: one failure at the bottom becomes (1 + retries)^layers = %.0f calls\n", storms[0].Amplification)
	}
	return writeHeadline(w, cascade.StormFigures(storms))
}

// writeOCCText is the occ model's table, as AWS's post gives it: each
// mode's writes a run and when its last client is done, the means over
// the runs, and which mode does least and which is done soonest.
func writeOCCText(w io.Writer, storms []cascade.Storm) error {
	fmt.Fprintf(w, "AWS's backoff simulator: %d clients each update one row once under optimistic concurrency, a message taking |normal(10 ms, 2 ms)|; a failed write backs off min(%.10g x 2^n, %.10g) ms as its mode shapes it and reads again; the mean of %d runs (AWS's post: base 5 ms, cap 2000 ms)\n\n",
		storms[0].Clients, storms[0].BaseMs, storms[0].CapMs, storms[0].Runs)
	fmt.Fprintln(w, "writes a run: every write tried, failed ones too (one a client succeeds); last client done: when a run's last write succeeds")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "  mode\twrites a run\tlast client done\t")
	least, soonest := storms[0], storms[0]
	for _, s := range storms {
		fmt.Fprintf(tw, "  %s\t%s\t%s ms\t\n", cascade.JitterName(s.Jitter), engine.Digits(int64(math.Round(s.Calls))), engine.Digits(int64(math.Round(s.TimeMs))))
		if s.Calls < least.Calls {
			least = s
		}
		if s.TimeMs < soonest.TimeMs {
			soonest = s
		}
	}
	tw.Flush()
	fmt.Fprintf(w, "\nthe least work: %s", cascade.JitterName(least.Jitter))
	if soonest.Jitter != least.Jitter {
		fmt.Fprintf(w, "; done soonest: %s, making %.1f times %s's writes", cascade.JitterName(soonest.Jitter), soonest.Calls/least.Calls, cascade.JitterName(least.Jitter))
	}
	fmt.Fprintln(w)
	return writeHeadline(w, cascade.StormFigures(storms))
}
