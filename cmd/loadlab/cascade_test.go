package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// Lecture 26.4.1's published figures through "loadlab run cascade --seed
// 425 --format json": every run's counts, and S4's first breaker opening.
func TestRunCascadePublished(t *testing.T) {
	t.Parallel()
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
		"run cascade --rate 0":                           "--rate must be in (0, 1e6], got 0",
		"run cascade --retry sometimes --configs custom": `--retry must be off, immediate or backoff, got "sometimes"`,
		"run cascade --duration 3600 --rate 1000000":     "over the limit of 10 min",
	} {
		code, out, errs := runArgs(t, strings.Fields(args)...)
		if code != 2 || out != "" || !strings.Contains(errs, says) {
			t.Errorf("loadlab %s: exit %d %q, want %q", args, code, errs, says)
		}
	}
}

// The retry storm of 26.3.2 headless: without jitter a thousand clients'
// first retries land in one millisecond, and the waves are the three
// rounds at 100, 300 and 700 ms; with full jitter far fewer land together.
func TestRunRetryStorm(t *testing.T) {
	t.Parallel()
	code, out, errs := runArgs(t, "run", "retry-storm", "--format", "json")
	type wave struct {
		StartMs int `json:"start_ms"`
		EndMs   int `json:"end_ms"`
		Retries int
		Peak    int
	}
	var r struct {
		Storms []struct {
			Jitter        string
			Peak          int
			TotalRetries  int `json:"total_retries"`
			Amplification float64
			Waves         []wave
		}
	}
	if code != 0 || json.Unmarshal([]byte(out), &r) != nil || len(r.Storms) != 4 {
		t.Fatalf("exit %d %s\n%s", code, errs, out)
	}
	if s := r.Storms[0]; s.Jitter != "none" || s.Peak != 1000 || s.TotalRetries != 3000 || s.Amplification != 64 {
		t.Errorf("no jitter: %+v", s)
	}
	if w := r.Storms[0].Waves; fmt.Sprint(w) != "[{100 100 1000 1000} {300 300 1000 1000} {700 700 1000 1000}]" {
		t.Errorf("no jitter's waves: %v", w)
	}
	for _, s := range r.Storms {
		retries := 0
		for _, w := range s.Waves {
			retries += w.Retries
		}
		if len(s.Waves) == 0 || retries != s.TotalRetries {
			t.Errorf("%s: %d waves holding %d retries of %d", s.Jitter, len(s.Waves), retries, s.TotalRetries)
		}
	}
	if s := r.Storms[1]; s.Jitter != "full" || s.Peak > 60 {
		t.Errorf("full jitter: %+v", s)
	}
	for args, says := range map[string]string{
		"run retry-storm --jitter some": `--jitter must be none, full, equal, decorrelated or no-backoff, got "some"`,
		"run retry-storm --cap-ms 10":   "--cap-ms must be in base-ms..1e7, got 10",
		"run retry-storm --clients 0":   `--clients must be a whole number in 1..10000000, got "0"`,
	} {
		code, out, errs := runArgs(t, strings.Fields(args)...)
		if code != 2 || out != "" || !strings.Contains(errs, says) {
			t.Errorf("loadlab %s: exit %d %q, want %q", args, code, errs, says)
		}
	}
}

// --follow's journey is in the text and the JSON; the CSV, a comparison row
// per set, has no room for it, and the help says so.
func TestFollowFormats(t *testing.T) {
	t.Parallel()
	_, help, _ := runArgs(t, "help", "cascade")
	if !strings.Contains(help, "the CSV, one comparison row per set, does not carry it") || !strings.Contains(help, "(text and JSON, not CSV)") {
		t.Errorf("loadlab help cascade does not say the CSV leaves the journey out:\n%s", help)
	}
	args := []string{"run", "cascade", "--configs", "S3", "--duration", "8", "--follow", "5:1", "--format"}
	for format, says := range map[string]string{"text": "succeeds, 20 ms after it arrived", "json": `"what": "succeeds, 20 ms after it arrived"`, "csv": "S3,"} {
		code, out, errs := runArgs(t, append(args, format)...)
		if code != 0 || !strings.Contains(out, says) || format == "csv" && strings.Contains(out, "succeeds") {
			t.Errorf("--format %s: exit %d %s\n%s", format, code, errs, out)
		}
	}
}

// Every jitter's chart is drawn on its own scale, said on its axis: each
// reaches its top row at its peak, so full jitter's 26 retries a
// millisecond stand as tall as no jitter's 1000.
func TestStormChartsHaveTheirOwnScale(t *testing.T) {
	t.Parallel()
	code, out, errs := runArgs(t, "run", "retry-storm")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	charts := strings.Split(out, "\n\n")[1:5]
	for i, peak := range []string{"1000", "26", "35", "15"} {
		lines := strings.Split(charts[i], "\n")
		top, axis := lines[1], lines[len(lines)-1]
		if !strings.HasPrefix(top, fmt.Sprintf("%7s |", peak)) || !strings.Contains(top, "#") ||
			!strings.Contains(axis, "on this storm's own scale: top row "+peak) {
			t.Errorf("chart %d: top row %q, axis %q; want the peak %s on top", i, top, axis, peak)
		}
	}
}

// A run shorter than the lecture's events says it never meets them.
func TestRunCascadeSaysWhatARunMisses(t *testing.T) {
	t.Parallel()
	for args, want := range map[string]string{
		"--duration 10": "note: the database's slowdown and the surge come after the run's 10 s, so this run never meets them",
		"--duration 20": "note: the surge comes after the run's 20 s, so this run never meets it",
	} {
		code, out, errs := runArgs(t, append([]string{"run", "cascade", "--configs", "S1"}, strings.Fields(args)...)...)
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("%s: exit %d %s, output lacks %q:\n%s", args, code, errs, want, out)
		}
	}
	if _, out, _ := runArgs(t, "run", "cascade", "--configs", "S1"); strings.Contains(out, "note:") {
		t.Errorf("the lecture's run notes something missed")
	}
}
