package main

import (
	"fmt"
	"testing"

	"github.com/loadlab/loadlab/internal/textfmt"
)

// The flip-flop's headline figures, read from its JSON report.
func init() {
	reportQuotes["health-flip-flop"] = func(t *testing.T, report map[string]any, keys []string) []quote {
		var out []quote
		for _, r := range report["runs"].([]any) {
			run := r.(map[string]any)
			n := func(f string) int64 { return int64(run[f].(float64)) }
			group := "no protection"
			switch run["set"].(string) {
			case "hysteresis":
				group = fmt.Sprintf("hysteresis %d", n("k"))
			case "cap":
				group = fmt.Sprintf("cap %d/min", n("cap_per_min"))
			case "both":
				group = fmt.Sprintf("hysteresis %d + cap %d/min", n("k"), n("cap_per_min"))
			}
			for _, k := range keys {
				switch k {
				case "writes":
					out = append(out, quote{group, "DNS writes", textfmt.Digits(n("dns_writes"))})
				case "flips":
					out = append(out, quote{group, "flips", textfmt.Digits(n("flips"))})
				case "peak":
					out = append(out, quote{group, "peak", fmt.Sprintf("%d/min", n("peak_writes_per_min"))})
				case "in-service":
					out = append(out, quote{group, "in service", fmt.Sprintf("%.1f", run["mean_in_service"].(float64))})
				case "dead":
					out = append(out, quote{group, "dead in DNS", fmt.Sprintf("%.1f min", run["dead_minutes_in_dns"].(float64))})
				default:
					t.Fatalf("no report figure for health-flip-flop headline key %q", k)
				}
			}
		}
		return out
	}
}
