package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/loadlab/loadlab/internal/flags"
)

// The run contract, tried at random: configs drawn from every flag's
// declared range, edges included, are refused in one line before they
// start, or run and write every format without a panic, a NaN or an
// infinity; with LOADLAB_TIMED=1 (an idle machine, no -race) they also
// finish within twice their estimate. LOADLAB_PROPERTY_CONFIGS sets how
// many configs an engine gets (on a fixed seed); LOADLAB_PROPERTY_SECONDS
// how many seconds of runs an engine may spend (the default, 0.15 s,
// keeps the test short, and LOADLAB_LONG=1 gives a second: past it,
// configs are only prepared). A run estimated over a tenth of that is
// left out.
func TestRunContractProperty(t *testing.T) {
	t.Parallel()
	configs, spend := 200, 0.15 // seconds of runs an engine may spend: the test run's budget holds sixteen engines' worth
	switch {
	case raceDetector || testing.Short():
		configs = 50
	case os.Getenv("LOADLAB_LONG") == "1": // CI's checks at scale
		spend = 1
	}
	if n, err := strconv.Atoi(os.Getenv("LOADLAB_PROPERTY_CONFIGS")); err == nil {
		configs = n
	}
	if x, err := strconv.ParseFloat(os.Getenv("LOADLAB_PROPERTY_SECONDS"), 64); err == nil {
		spend = x
	}
	timed := os.Getenv("LOADLAB_TIMED") == "1"
	for _, a := range adaptors {
		t.Run(a.engine(), func(t *testing.T) {
			t.Parallel()
			src := rand.New(rand.NewPCG(425, uint64(len(a.engine()))))
			fs := flags.NewSet(a.engine())
			a.(interface{ bindDefault(*flags.Set) }).bindDefault(fs)
			var tally [3]int // refused, ran, left out
			start := time.Now()
			for i := range configs {
				args := append([]string{"run", a.engine()}, drawFlags(src, fs)...)
				formats := []string{"text", "json", "csv"}
				args = append(args, "--format", formats[i%len(formats)])
				left := spend - time.Since(start).Seconds()
				tally[tryRun(t, args, max(0, min(spend/10, left)), timed)]++
			}
			t.Logf("%d configs: %d refused, %d ran, %d left out as long", configs, tally[0], tally[1], tally[2])
		})
	}
}

// tryRun prepares one command line and, if it is accepted and estimated
// under budget seconds, runs it and checks its report; it returns 0 for a
// refusal, 1 for a run, 2 for a run left out as long.
func tryRun(t *testing.T, args []string, budget float64, timed bool) int {
	line := strings.Join(args, " ")
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("loadlab %s: panic: %v", line, r)
		}
	}()
	if os.Getenv("LOADLAB_PROPERTY_TRACE") != "" {
		fmt.Fprintln(os.Stderr, line)
	}
	p, err := prepareRun(args[1:])
	if err != nil {
		if _, ok := err.(flags.UsageError); !ok || strings.Contains(oneLine(err.Error()), "\n") {
			t.Fatalf("loadlab %s: %T %q is not a one-line usage error", line, err, err)
		}
		return 0
	}
	if p.estimate.Seconds > budget {
		return 2
	}
	var out, errs bytes.Buffer
	start := time.Now()
	if err := p.run(context.Background(), &out, &errs); err != nil {
		t.Fatalf("loadlab %s: accepted, then failed: %v", line, err)
	}
	if took := time.Since(start).Seconds(); timed && took > 2*p.estimate.Seconds+0.25 {
		t.Errorf("loadlab %s: took %.3f s, estimated %.3f s", line, took, p.estimate.Seconds)
	}
	report := out.String()
	if bad := nonFinite.FindString(report); bad != "" {
		t.Errorf("loadlab %s: the report holds %q", line, bad)
	}
	if args[len(args)-1] == "json" && !json.Valid(out.Bytes()) {
		t.Errorf("loadlab %s: the JSON report does not parse", line)
	}
	return 1
}

// nonFinite finds a NaN or an infinity as Go, JSON or a person writes it.
var nonFinite = regexp.MustCompile(`\bNaN\b|[+-]?Inf\b|∞`)

// drawFlags picks some of the engine's flags and a value for each from
// what it accepts: an edge of its range, a value near one, or one drawn
// log-uniformly inside it.
func drawFlags(src *rand.Rand, fs *flags.Set) []string {
	var args []string
	for _, f := range fs.Infos() {
		if src.IntN(3) != 0 {
			continue
		}
		if v, ok := drawValue(src, f); ok {
			args = append(args, "--"+f.Name+"="+v) // a switch takes its value after =
		}
	}
	return args
}

func drawValue(src *rand.Rand, f flags.Info) (string, bool) {
	switch f.Kind {
	case flags.Whole:
		return strconv.FormatInt(drawWhole(src, f.Lo, f.Hi), 10), true
	case flags.Number:
		if !f.In.Bounded {
			return "", false
		}
		return strconv.FormatFloat(drawReal(src, f.In), 'g', -1, 64), true
	case flags.Switch:
		return strconv.FormatBool(src.IntN(2) == 0), true
	}
	return drawText(src, f.Accepts)
}

func drawWhole(src *rand.Rand, lo, hi int64) int64 {
	hi = min(hi, 1<<40) // an unbounded flag: a large value is as telling
	switch src.IntN(5) {
	case 0:
		return lo
	case 1:
		return hi
	case 2:
		return min(hi, lo+1)
	}
	span := float64(hi-lo) + 1
	return lo + min(hi-lo, int64(math.Exp(src.Float64()*math.Log(span))-1))
}

func drawReal(src *rand.Rand, in flags.Interval) float64 {
	lo, hi := in.Lo, math.Min(in.Hi, 1e12)
	switch src.IntN(5) {
	case 0:
		if !in.LoOpen {
			return lo
		}
		return lo + math.Max(1e-9, math.Abs(lo)*1e-9)
	case 1:
		if !in.HiOpen {
			return hi
		}
		return hi - math.Max(1e-9, math.Abs(hi)*1e-9)
	}
	if lo > 0 {
		return math.Exp(math.Log(lo) + src.Float64()*(math.Log(hi)-math.Log(lo)))
	}
	return lo + (hi-lo)*math.Pow(src.Float64(), 3)
}

// drawText draws from the forms the text flags' accepts take: "x, y or
// z"; "a list of x y z"; sets of words joined by +; times of the day;
// lists of numbers in a range. Any other form keeps its default.
func drawText(src *rand.Rand, accepts string) (string, bool) {
	pick := func(words []string) string { return words[src.IntN(len(words))] }
	some := func(words []string, sep string) string {
		var out []string
		for range 1 + src.IntN(3) {
			out = append(out, pick(words))
		}
		return strings.Join(out, sep)
	}
	switch {
	case strings.HasPrefix(accepts, "a time such as"):
		if src.IntN(4) == 0 {
			return "never", true
		}
		return fmt.Sprintf("%d:%02d%s", 1+src.IntN(12), src.IntN(60), pick([]string{"AM", "PM"})), true
	case strings.Contains(accepts, "joined by +"):
		words := strings.Fields(strings.NewReplacer(",", " ", ";", " ").Replace(accepts))
		var names []string
		for _, w := range words {
			if strings.Contains(w, "-") || w == "none" || w == "cut" || w == "backoff" || w == "cap" || w == "bulkhead" || w == "spread" || w == "recheck" || w == "cas" {
				names = append(names, w)
			}
		}
		if len(names) == 0 {
			return "", false
		}
		sets := make([]string, 1+src.IntN(2))
		for i := range sets {
			sets[i] = some(names, "+")
		}
		return strings.Join(sets, ","), true
	case strings.Contains(accepts, "numbers in"):
		return "", false // lists of numbers: their engines' own tests draw them
	case strings.HasPrefix(accepts, "a list of "), strings.HasPrefix(accepts, "a comma-separated list of "):
		_, list, _ := strings.Cut(accepts, "list of ")
		words := strings.Fields(list)
		if len(words) == 0 {
			return "", false
		}
		return some(words, ","), true
	case strings.Contains(accepts, " or "):
		words := strings.Fields(strings.NewReplacer(",", " ", " or ", " ").Replace(accepts))
		return pick(words), true
	}
	return "", false
}
