package main

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The supermarket's headline is each policy's figures since the warm-up,
// time-averaged, as the report's mean_queue, tail[7] and theory give them,
// and random's mean field for reference.
func init() {
	reportQuotes["supermarket"] = func(t *testing.T, report map[string]any, keys []string) []quote {
		runs := []map[string]any{report}
		if a, ok := report["against"].(map[string]any); ok {
			runs = append(runs, a)
		}
		var out []quote
		for _, r := range runs {
			group, _, _ := strings.Cut(r["policy"].(string), " (") // stale-2, without its board's period
			for _, k := range keys {
				switch k {
				case "mean":
					out = append(out, quote{group, "mean", fmt.Sprintf("%.2f", r["mean_queue"].(float64))})
				case "7+":
					tail, share := r["tail"].([]any), 0.0
					if len(tail) > 7 {
						share = tail[7].(float64)
					}
					out = append(out, quote{group, "7+", fmt.Sprintf("%.2f%%", 100*share)})
				case "theory":
					th, ok := r["theory"].(map[string]any)
					if !ok {
						t.Fatalf("%s has no mean field for the theory key", group)
					}
					out = append(out, quote{group, "mean field", fmt.Sprintf("%.2f", th["mean_queue"].(float64))})
				case "random": // once, after the runs
				default:
					t.Fatalf("no report figure for supermarket headline key %q", k)
				}
			}
		}
		if slices.Contains(keys, "random") {
			// random's mean field, load / (1 - load): a d-choice mean
			// field's share at 1 job or more is the load
			th := report["theory"].(map[string]any)
			load := th["tail"].([]any)[1].(float64)
			out = append(out, quote{"random", "mean field", fmt.Sprintf("%.2f", load/(1-load))})
		}
		return out
	}
}
