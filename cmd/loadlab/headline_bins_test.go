package main

import (
	"fmt"
	"math"
	"strconv"
	"testing"

	"github.com/loadlab/loadlab/internal/textfmt"
)

func init() {
	reportQuotes["bins"] = func(t *testing.T, report map[string]any, keys []string) []quote {
		summary := report["summary"].(map[string]any)
		first := report["trials"].([]any)[0].(map[string]any)["results"].(map[string]any)
		paired := map[string]map[string]any{}
		for _, p := range report["paired"].([]any) {
			paired[p.(map[string]any)["a"].(string)] = p.(map[string]any)
		}
		var out []quote
		for _, s := range report["strategies"].([]any) {
			name := s.(string)
			f := first[name].(map[string]any)
			for _, k := range keys {
				switch k {
				case "mean": // the max load's mean over the trials, to three decimals as §P2C prints it, no trailing zeros
					v := summary[name].(map[string]any)["max_mean"].(float64)
					out = append(out, quote{name, "mean max", strconv.FormatFloat(math.Round(v*1000)/1000, 'f', -1, 64)})
				case "paired": // the most common outcome against the baseline
					p, ok := paired[name]
					if !ok {
						continue
					}
					n := func(f string) int { return int(p[f].(float64)) }
					words, count := "lower than", n("lower")
					if n("equal") > count {
						words, count = "equal to", n("equal")
					}
					if n("higher") > count {
						words, count = "higher than", n("higher")
					}
					out = append(out, quote{name, fmt.Sprintf("%s %s in", words, p["b"]), fmt.Sprintf("%s of %s", textfmt.Int(count), textfmt.Int(n("lower")+n("equal")+n("higher")))})
				case "max":
					out = append(out, quote{name, "max", textfmt.Int(int(f["max"].(float64)))})
				case "gap":
					out = append(out, quote{name, "gap", strconv.FormatFloat(math.Round(f["gap"].(float64)*100)/100, 'f', -1, 64)})
				case "hot": // null where the mean load is too low for hot to mean anything
					hot := "—"
					if n, ok := f["hot"].(float64); ok {
						hot = textfmt.Int(int(n))
					}
					out = append(out, quote{name, "hot bins", hot})
				default:
					t.Fatalf("no report figure for bins headline key %q", k)
				}
			}
		}
		return out
	}
}
