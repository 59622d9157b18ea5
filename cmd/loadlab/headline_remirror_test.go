package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/sim/engine"
)

// The re-mirroring storm's headline figures, read from its JSON report.
func init() {
	reportQuotes["remirror"] = func(t *testing.T, report map[string]any, keys []string) []quote {
		var out []quote
		for _, r := range report["runs"].([]any) {
			run := r.(map[string]any)
			group := "no protection"
			if set := run["set"].(string); set != "none" {
				group = strings.ReplaceAll(set, "+", " + ")
			}
			pct := func(field, format string) string { return fmt.Sprintf(format, 100*run[field].(float64)) }
			for _, k := range keys {
				switch k {
				case "peak":
					out = append(out, quote{group, "peak", pct("peak_stuck", "%.1f%%")})
				case "stuck":
					out = append(out, quote{group, "stuck", pct("final_stuck", "%.2f%%")})
				case "lost":
					out = append(out, quote{group, "lost", pct("lost", "%.2f%%")})
				case "recovery":
					v := fmt.Sprintf(">%d h", int(run["run_after_trigger_min"].(float64))/60)
					if m := run["recovery_min"].(float64); m >= 0 {
						v = engine.Duration(60 * m)
					}
					out = append(out, quote{group, "recovery", v})
				case "api":
					out = append(out, quote{group, "API errors", pct("peak_api_errors", "%.0f%%")})
				case "api-without":
					if strings.Contains(run["set"].(string), "bulkhead") {
						out = append(out, quote{group, "without it", pct("peak_api_errors_without_bulkhead", "%.0f%%")})
					}
				case "customers":
					if strings.Contains(run["set"].(string), "spread") {
						out = append(out, quote{group, "customers down", pct("peak_customers_down", "%.1f%%")})
					}
				case "failed":
					out = append(out, quote{group, "nodes failed", fmt.Sprint(run["failed_nodes"].(float64))})
				default:
					t.Fatalf("no report figure for remirror headline key %q", k)
				}
			}
		}
		return out
	}
}
