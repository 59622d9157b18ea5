package main

import (
	"math/big"
	"testing"

	"github.com/loadlab/loadlab/sim/engine"
)

func init() {
	reportQuotes["exact"] = func(t *testing.T, report map[string]any, keys []string) []quote {
		var out []quote
		for _, k := range keys {
			switch k {
			case "emax": // the exact fraction where it is short, else six decimals
				for _, name := range report["order"].([]any) {
					e, ok := new(big.Rat).SetString(report["strategies"].(map[string]any)[name.(string)].(map[string]any)["expected_max"].(string))
					if !ok {
						t.Fatalf("expected_max of %s is not a fraction", name)
					}
					v := e.RatString()
					if len(v) > 16 {
						v = e.FloatString(6)
					}
					out = append(out, quote{name.(string), "E[max]", v})
				}
			case "inputs":
				out = append(out, quote{"", "inputs", engine.Digits(int64(report["inputs"].(float64)))})
			case "better", "same", "worse":
				out = append(out, quote{"two vs one", k, engine.Digits(int64(report["two_vs_one"].(map[string]any)[k].(float64)))})
			default:
				t.Fatalf("no report figure for exact headline key %q", k)
			}
		}
		return out
	}
}
