package main

import (
	"fmt"
	"strings"
	"testing"
)

// momentClock is the clock time of the run's moment whose caption says
// words.
func momentClock(t *testing.T, run map[string]any, words string) string {
	t.Helper()
	for _, m := range run["moments"].([]any) {
		if c := m.(map[string]any)["caption"].(string); strings.Contains(c, words) {
			at, _, _ := strings.Cut(c, ": ")
			return at
		}
	}
	t.Fatalf("no moment says %q", words)
	return ""
}

// The lease storm's headline figures, read from its JSON report.
func init() {
	reportQuotes["lease-storm"] = func(t *testing.T, report map[string]any, keys []string) []quote {
		words := map[string]string{"none": "no protection", "throttle": "throttle", "drop-stale": "drop stale", "both": "throttle + drop stale"}
		var out []quote
		for _, r := range report["runs"].([]any) {
			run := r.(map[string]any)
			group := words[run["set"].(string)]
			for _, k := range keys {
				switch k {
				case "goodput":
					out = append(out, quote{group, "goodput", fmt.Sprintf("%.1f/s", run["final_goodput"].(float64))})
				case "wasted":
					// the share since DynamoDB's return, named with its clock time
					since := "wasted since " + momentClock(t, run, "DynamoDB is back")
					out = append(out, quote{group, since, fmt.Sprintf("%.1f%%", 100*run["wasted_share_after_return"].(float64))})
				case "recovered":
					v := run["recovered_at"].(string)
					if v == "" {
						v = "never"
					}
					out = append(out, quote{group, "recovered", v})
				case "without":
					out = append(out, quote{group, "without a lease", fmt.Sprint(run["final_without_lease"].(float64))})
				default:
					t.Fatalf("no report figure for lease-storm headline key %q", k)
				}
			}
		}
		return out
	}
}
