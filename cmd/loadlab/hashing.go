package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/hashing"
)

// hashingCLI is "loadlab run hashing": source §HRW's rendezvous hashing
// against a consistent-hash ring.
var hashingCLI = &engineCLI[hashing.Spec, []hashing.Study]{
	name: "hashing",
	about: `--keys keys over --nodes nodes by --scheme: hrw (owner = the node of highest
score hash(key, node), the score mixed), weighted-hrw (score -w / ln u, --weights
cycled over the nodes), skeleton (HRW down a --fanout-way tree, O(log n) a
lookup), ring (a consistent-hash ring of --vnodes points a node) or raw-hrw (an
unmixed FNV-1a score, to see its skew); --against maps the same keys by a second
scheme. Reported: keys per node, the keys moved when --remove nodes leave and
when --add nodes join, each weight's share, and the time of a lookup.`,
	bind: func(fs *flag.FlagSet, s *hashing.Spec) {
		intFlag(fs, &s.Nodes, "nodes", s.Nodes, "nodes")
		intFlag(fs, &s.Keys, "keys", s.Keys, "keys")
		fs.StringVar(&s.Scheme, "scheme", s.Scheme, "hrw, weighted-hrw, skeleton, ring or raw-hrw")
		fs.StringVar(&s.Against, "against", s.Against, "a second scheme on the same keys")
		intFlag(fs, &s.VNodes, "vnodes", s.VNodes, "the ring's points a node")
		intFlag(fs, &s.Fanout, "fanout", s.Fanout, "the skeleton's fanout")
		fs.StringVar(&s.Weights, "weights", s.Weights, "comma-separated weights cycled over the nodes")
		intFlag(fs, &s.Remove, "remove", s.Remove, "nodes that leave, chosen by the seed")
		intFlag(fs, &s.Add, "add", s.Add, "nodes that join")
		int64Flag(fs, &s.Seed, "seed", s.Seed, "seed of the keys' names and of the nodes that leave")
	},
	ranges: map[string]string{"seed": "a whole number >= 0", "scheme": "hrw, weighted-hrw, skeleton, ring or raw-hrw",
		"against": "hrw, weighted-hrw, skeleton, ring or raw-hrw", "weights": "a list of numbers > 0"},
	run: func(ctx context.Context, s hashing.Spec, env runEnv) ([]hashing.Study, error) {
		return s.Run(ctx, env.progress)
	},
	cost: func(s hashing.Spec, _ runEnv) engine.Cost { return s.Cost() },
	writers: map[string]func(context.Context, io.Writer, []hashing.Study, engine.Cost) error{
		"text": func(_ context.Context, w io.Writer, studies []hashing.Study, _ engine.Cost) error {
			for _, st := range studies {
				p := st.PerNode
				fmt.Fprintf(w, "%s: %.1f keys a node on average, spread %.1f %% of the mean, %d to %d, %d nodes with none; a lookup %.0f ns\n",
					st.Scheme, p.Mean, p.StdPct, p.Min, p.Max, p.Zero, st.LookupNs)
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
				if len(st.Shares) > 1 {
					for _, sh := range st.Shares {
						fmt.Fprintf(w, "  weight %g: %.2f %% of the keys (its share of the weight: %.2f %%)\n", sh.Weight, 100*sh.Share, 100*sh.Expected)
					}
				}
			}
			return nil
		},
		"json": func(_ context.Context, w io.Writer, studies []hashing.Study, est engine.Cost) error {
			out := struct {
				hashing.Study
				Against  *hashing.Study `json:"against,omitempty"`
				Estimate engine.Cost    `json:"estimate"`
			}{Study: studies[0], Estimate: est}
			if len(studies) > 1 {
				out.Against = &studies[1]
			}
			return writeJSON(w, out)
		},
		"csv": func(_ context.Context, w io.Writer, studies []hashing.Study, _ engine.Cost) error {
			return hashingCSV(w, studies)
		},
	},
}

func yes(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
