package main

import (
	"fmt"
	"testing"

	"github.com/loadlab/loadlab/sim/configstorm"
)

// The configuration storm's headline figures, read from its JSON report.
func init() {
	reportQuotes["config-storm"] = func(t *testing.T, report map[string]any, keys []string) []quote {
		var out []quote
		for _, r := range report["runs"].([]any) {
			run := r.(map[string]any)
			p, err := configstorm.ParseSet(run["set"].(string))
			if err != nil {
				t.Fatal(err)
			}
			group := configstorm.SetWords(p)
			for _, k := range keys {
				switch k {
				case "served":
					v := "–"
					if f := run["success_after_fix"].(float64); f >= 0 {
						v = fmt.Sprintf("%.1f%%", 100*f)
					}
					out = append(out, quote{group, "served after fix", v})
				case "back":
					v := run["recovered_at"].(string)
					if v == "" {
						v = "never"
					}
					out = append(out, quote{group, "back", v})
				case "after-fix":
					v := ">" + configstorm.Span(int(run["run_after_fix_s"].(float64)))
					if s := int(run["recovery_after_fix_s"].(float64)); s >= 0 {
						v = configstorm.Span(s)
					}
					out = append(out, quote{group, "fix to back", v})
				case "peak":
					out = append(out, quote{group, "peak", shortLoad(run["peak_load"].(float64)) + " q/s"})
				default:
					t.Fatalf("no report figure for config-storm headline key %q", k)
				}
			}
		}
		return out
	}
}

// shortLoad writes a load as the lab's headline does: 300k.
func shortLoad(v float64) string {
	switch {
	case v >= 1e6:
		return fmt.Sprintf("%.3gM", v/1e6)
	case v >= 1e3:
		return fmt.Sprintf("%.3gk", v/1e3)
	}
	return fmt.Sprintf("%.3g", v)
}
