package main

import (
	"context"
	"fmt"
	"io"

	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/hashing"
)

// hashingCLI is "loadlab run hashing": source §HRW's rendezvous hashing
// against a consistent-hash ring, and §MECH.5's jump, Maglev and bounded
// loads.
var hashingCLI = &engineCLI[hashing.Spec, hashing.Report]{
	about: `--keys keys over --nodes nodes by --scheme: hrw (owner = the node of highest
score hash(key, node), the score mixed), weighted-hrw (score -w / ln u,
--weights cycled over the nodes), skeleton (HRW down a --fanout-way tree, O(log
n) a lookup), ring (a consistent-hash ring of --vnodes points a node), raw-hrw
(an unmixed FNV-1a score, to see its skew), jump (jump consistent hash: buckets
0..n-1, a new one takes 1/(n+1) of the keys), maglev (a lookup table of --table
entries, a prime, each node's share within 1 % of the others' at 100 x the
nodes) or bounded (the ring with no node above ceil((1 + --epsilon) x the
mean)); --against maps the same keys by a second scheme. Reported: keys per
node, the keys moved when --remove nodes leave and when --add nodes join, each
weight's share, and with --time-lookups the time of a lookup (measured: it
differs from run to run, the rest does not).`,
	run: func(ctx context.Context, s hashing.Spec, env runEnv) (hashing.Report, error) {
		studies, err := s.Run(ctx, env.progress)
		return hashing.Report{Spec: s, Studies: studies}, err
	},
	cost: func(s hashing.Spec, env runEnv) engine.Cost {
		c := s.Cost()
		return reportOf(c, env.format, map[string]float64{"text": c.OutputBytes / 2, "csv": 300})
	},
	headlines: func(hashing.Spec) int { return 3 },
	writers: map[string]func(context.Context, io.Writer, hashing.Report, engine.Cost) error{
		"text": withHeadline(func(w io.Writer, r hashing.Report) error {
			for _, st := range r.Studies {
				p := st.PerNode
				lookup := ""
				if st.LookupNs > 0 {
					lookup = fmt.Sprintf("; a lookup %.0f ns", st.LookupNs)
				}
				fmt.Fprintf(w, "%s: %.1f keys a node on average, spread %.1f %% of the mean, %d to %d, %d nodes with none%s\n",
					st.Scheme, p.Mean, p.StdPct, p.Min, p.Max, p.Zero, lookup)
				if len(st.Removed) > 0 {
					which := fmt.Sprint(st.Removed)
					if len(st.Removed) > 10 {
						which = fmt.Sprintf("%v and %d more", st.Removed[:10], len(st.Removed)-10)
					}
					fmt.Fprintf(w, "  %d node(s) leaving (%s): %.3f %% of the keys moved; only keys of the nodes that left: %v\n",
						len(st.Removed), which, 100*st.MovedFraction, yes(st.MovedOnlyFromRemoved))
				}
				if st.Added > 0 {
					fmt.Fprintf(w, "  %d node(s) joining: %.3f %% of the keys moved; all to the new nodes: %v\n", st.Added, 100*st.AddedFraction, yes(st.MovedOnlyToAdded))
				}
				if st.Table > 0 {
					fmt.Fprintf(w, "  its table: %d entries, %d to %d a node (%.2f %% apart)\n", st.Table, st.TableMin, st.TableMax, 100*float64(st.TableMax-st.TableMin)/float64(st.TableMin))
				}
				if st.Capacity > 0 {
					fmt.Fprintf(w, "  its bound: at most %d keys a node, ceil((1 + %g) x %.1f); the fullest holds %d\n", st.Capacity, st.Epsilon, p.Mean, p.Max)
				}
				if len(st.Shares) > 1 {
					for _, sh := range st.Shares {
						fmt.Fprintf(w, "  weight %g: %.2f %% of the keys (its share of the weight: %.2f %%)\n", sh.Weight, 100*sh.Share, 100*sh.Expected)
					}
				}
			}
			return nil
		}),
		"json": func(_ context.Context, w io.Writer, r hashing.Report, est engine.Cost) error {
			out := struct {
				hashing.Study
				Against  *hashing.Study  `json:"against,omitempty"`
				Figures  []engine.Figure `json:"figures"`
				Estimate engine.Cost     `json:"estimate"`
			}{Study: r.Studies[0], Figures: r.Headline(), Estimate: est}
			if len(r.Studies) > 1 {
				out.Against = &r.Studies[1]
			}
			return writeJSON(w, out)
		},
		"csv": func(_ context.Context, w io.Writer, r hashing.Report, _ engine.Cost) error {
			return hashingCSV(w, r.Studies)
		},
	},
}

func init() { register(hashingCLI) }

func yes(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
