package main

import (
	"fmt"
	"math"
	"testing"
)

func init() {
	reportQuotes["hashing"] = func(t *testing.T, report map[string]any, keys []string) []quote {
		names := map[string]string{"hrw": "HRW", "ring": "ring", "weighted-hrw": "weighted HRW", "skeleton": "skeleton HRW", "raw-hrw": "raw HRW"}
		studies := []map[string]any{report}
		if against, ok := report["against"].(map[string]any); ok {
			studies = append(studies, against)
		}
		var out []quote
		for _, st := range studies {
			group := names[st["scheme"].(string)]
			for _, k := range keys {
				switch k {
				case "spread":
					out = append(out, quote{group, "spread", fmt.Sprintf("%.1f%%", st["per_node"].(map[string]any)["std_pct"].(float64))})
				case "leave":
					out = append(out, quote{group, "leave moves", fmt.Sprintf("%.2f%%", 100*st["moved_fraction"].(float64))})
				case "join":
					out = append(out, quote{group, "join moves", fmt.Sprintf("%.2f%%", 100*st["added_moved_fraction"].(float64))})
				case "shares":
					for _, s := range st["shares"].([]any) {
						sh := s.(map[string]any)
						name := fmt.Sprintf("w%g (%s)", sh["weight"].(float64), smallFraction(t, sh["expected"].(float64)))
						out = append(out, quote{group, name, fmt.Sprintf("%.2f%%", 100*sh["share"].(float64))})
					}
				default:
					t.Fatalf("no report figure for hashing headline key %q", k)
				}
			}
		}
		return out
	}
}

// smallFraction writes a share of the weight as the fraction of smallest
// denominator it is, to a part in a billion: 0.142857... is "1/7".
func smallFraction(t *testing.T, x float64) string {
	for q := 1; q <= 10000; q++ {
		if p := math.Round(x * float64(q)); math.Abs(x-p/float64(q)) < 1e-9 {
			return fmt.Sprintf("%d/%d", int(p), q)
		}
	}
	t.Fatalf("%g is no fraction of a small denominator", x)
	return ""
}
