package main

import (
	"fmt"
	"testing"

	"github.com/loadlab/loadlab/sim/engine"
)

// The DNS race's headline figures, read from its JSON report: each fix
// set's schedules and the share of them ending empty (with its exact
// fraction) or stale; in timing mode the first fix set's chance of an
// empty record at the shortest and the longest stall, and the share of
// schedules beside.
func init() {
	reportQuotes["interleave"] = func(t *testing.T, report map[string]any, keys []string) []quote {
		group := func(fixes string) string {
			if fixes == "none" {
				return "no fix"
			}
			return fixes
		}
		runs := report["runs"].([]any)
		var out []quote
		if timing, ok := report["timing"].(map[string]any); ok {
			first := runs[0].(map[string]any)
			g := first["fixes"].(string)
			var rows []map[string]any
			for _, r := range timing["rows"].([]any) {
				if row := r.(map[string]any); row["fixes"] == g {
					rows = append(rows, row)
				}
			}
			chance := func(row map[string]any) string {
				return fmt.Sprintf("%.2f%%", 100*row["empty"].(map[string]any)["chance"].(float64))
			}
			for _, k := range keys {
				switch k {
				case "fast":
					out = append(out, quote{group(g), fmt.Sprintf("empty at %g ms", rows[0]["stall_ms"].(float64)), chance(rows[0])})
				case "stalled":
					last := rows[len(rows)-1]
					out = append(out, quote{group(g), fmt.Sprintf("at %g ms", last["stall_ms"].(float64)), chance(last)})
				case "exact":
					share := first["outcomes"].(map[string]any)["empty"].(map[string]any)["share"].(float64)
					out = append(out, quote{group(g), "of schedules", fmt.Sprintf("%.2f%%", 100*share)})
				default:
					t.Fatalf("no report figure for timing headline key %q", k)
				}
			}
			return out
		}
		for _, r := range runs {
			run := r.(map[string]any)
			g := group(run["fixes"].(string))
			outcome := func(name string) map[string]any { return run["outcomes"].(map[string]any)[name].(map[string]any) }
			pct := func(o map[string]any) string { return fmt.Sprintf("%.1f%%", 100*o["share"].(float64)) }
			for _, k := range keys {
				switch k {
				case "schedules":
					out = append(out, quote{g, "schedules", engine.Digits(int64(run["schedules"].(float64)))})
				case "empty":
					out = append(out, quote{g, "empty", pct(outcome("empty")) + " (" + outcome("empty")["fraction"].(string) + ")"})
				case "share":
					out = append(out, quote{g, "empty", pct(outcome("empty"))})
				case "older":
					out = append(out, quote{g, "older", pct(outcome("older")) + " (" + outcome("older")["fraction"].(string) + ")"})
				default:
					t.Fatalf("no report figure for interleave headline key %q", k)
				}
			}
		}
		return out
	}
}
