package main

import (
	"fmt"
	"testing"

	"github.com/loadlab/loadlab/sim/avail"
)

// The site outage's headline figures, read from its JSON report: each
// placement's year (its mean customer's availability with the outage in
// it) and how long after the explosion every customer with a standby ran
// again.
func init() {
	reportQuotes["site-outage"] = func(t *testing.T, report map[string]any, keys []string) []quote {
		words := map[string]string{"none": "as it was", "reserve": "power reserved", "drills": "drilled", "both": "reserved + drilled"}
		names := map[string]string{"one-site": "one site", "one-city": "one city", "cross-provider": "2 providers"}
		var out []quote
		for _, r := range report["runs"].([]any) {
			run := r.(map[string]any)
			group := words[run["set"].(string)]
			groups := run["groups"].([]any)
			for _, k := range keys {
				switch k {
				case "year":
					for _, g := range groups {
						gr := g.(map[string]any)
						out = append(out, quote{group, names[gr["placement"].(string)] + " mean", fmt.Sprintf("%.2f%% a year", 100*gr["year_availability"].(float64))})
					}
				case "back":
					back, never := 0.0, false
					for _, g := range groups[1:] {
						gr := g.(map[string]any)
						if h := gr["recovery_h"].(float64); h < 0 {
							never = true
						} else {
							back = max(back, h)
						}
					}
					v := avail.Round(back)
					if never {
						v = "never"
					}
					out = append(out, quote{group, "standbys back", v})
				default:
					t.Fatalf("no report figure for site-outage headline key %q", k)
				}
			}
		}
		return out
	}
}
