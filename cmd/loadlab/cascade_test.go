package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// Lecture 26.4.1's published figures through "loadlab run cascade --seed
// 425 --format json": every run's counts, and S4's first breaker opening.
func TestRunCascadePublished(t *testing.T) {
	code, out, errs := runArgs(t, "run", "cascade", "--seed", "425", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var r struct {
		Order []string
		Runs  map[string]struct {
			OK, Arrived, Failed, Attempts int
			FastFail                      int `json:"fast_fail"`
			Breaker                       []struct {
				T        float64
				From, To string
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	published := map[string][4]int{ // ok, arrived, failed, fast-fails
		"S1": {9094, 54355, 44154, 0}, "S2": {9057, 54346, 43552, 0}, "S3": {11613, 54086, 42355, 0},
		"S4": {14532, 54275, 39731, 13971}, "S5": {14926, 54227, 39218, 0}, "S6": {12170, 53826, 41360, 0},
	}
	for name, want := range published {
		g := r.Runs[name]
		if got := [4]int{g.OK, g.Arrived, g.Failed, g.FastFail}; got != want {
			t.Errorf("%s: %v, the lecture publishes %v", name, got, want)
		}
	}
	if b := r.Runs["S4"].Breaker; len(b) == 0 || b[0].From != "CLOSED" || b[0].To != "OPEN" {
		t.Errorf("S4's breaker log: %+v", b)
	}
	code, out, _ = runArgs(t, "run", "cascade", "--configs", "custom", "--timeout", "tuned", "--breaker", "--duration", "20")
	if code != 0 || !strings.Contains(out, "custom") || !strings.Contains(out, "comparison") {
		t.Errorf("custom set: exit %d\n%s", code, out)
	}
	for args, says := range map[string]string{
		"run cascade --configs S7":                       `--configs must list S1-S6 or custom, got "S7"`,
		"run cascade --configs S1,s1":                    `--configs lists "s1" twice`,
		"run cascade --rate 0":                           "--rate must be in (0, 1e+06], got 0",
		"run cascade --retry sometimes --configs custom": `--retry must be off, immediate or backoff, got "sometimes"`,
		"run cascade --duration 3600 --rate 1000000":     "over the limit of 10 min",
	} {
		code, out, errs := runArgs(t, strings.Fields(args)...)
		if code != 2 || out != "" || !strings.Contains(errs, says) {
			t.Errorf("loadlab %s: exit %d %q, want %q", args, code, errs, says)
		}
	}
}
