package interleave

import (
	"context"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/internal/enginetest"
	"github.com/loadlab/loadlab/sim/engine"
)

// The lecture's setup, every fix set: the counts the lab and the command
// line quote. Without a fix 29 of the 70 schedules end empty; the
// separate re-check narrows that to 255 of 924, and the compare-and-swap
// closes it; the safe cleanup leaves 5 empty and 24 stale.
func TestLectureCounts(t *testing.T) {
	s := DefaultSpec()
	s.Fixes = "all"
	rep, err := s.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	// each fraction over every schedule, never reduced, so it reads
	// beside the counts quoted with it ("255 of 924")
	want := map[string]string{
		"none":                     "70 41/70 0/70 29/70",
		"recheck":                  "924 669/924 0/924 255/924",
		"cas":                      "70 70/70 0/70 0/70",
		"safe-cleanup":             "70 41/70 24/70 5/70",
		"recheck+safe-cleanup":     "924 669/924 234/924 21/924",
		"cas+safe-cleanup":         "70 70/70 0/70 0/70",
		"recheck+cas":              "924 924/924 0/924 0/924",
		"recheck+cas+safe-cleanup": "924 924/924 0/924 0/924",
	}
	for _, run := range rep.Runs {
		o := run.Outcomes
		got := strings.Join([]string{strconv.FormatUint(run.Schedules, 10), o.Newest.Fraction, o.Older.Fraction, o.Empty.Fraction}, " ")
		if got != want[run.Fixes] {
			t.Errorf("%s: %s, want %s", run.Fixes, got, want[run.Fixes])
		}
	}
	none, recheck := rep.Runs[0].Outcomes.Empty.Share, rep.Runs[1].Outcomes.Empty.Share
	if !(recheck > 0 && recheck < none) {
		t.Errorf("re-check %.4f against none %.4f", recheck, none)
	}
	if l := rep.Runs[0].Lecture; l.Schedule != "s1 s2 f1 f2 f3 f4 s3 s4" || l.Outcome != "empty" {
		t.Errorf("lecture %+v", l)
	}
	if l := rep.Runs[1].Lecture; l.Outcome != "newest" {
		t.Errorf("the re-check does not catch the lecture's order: %+v", l)
	}
	if b := rep.Runs[1].BadList; len(b) == 0 || b[0].Outcome != "empty" {
		t.Errorf("no schedule survives the re-check: %+v", b)
	}
}

// Brute force reports what merging configurations reports: the counts and
// the bad schedules listed, on small setups of every kind.
func TestReportByEitherMethod(t *testing.T) {
	for _, edit := range []func(*Spec){
		func(s *Spec) {},
		func(s *Spec) { s.Records, s.Atomic = 3, "none" },
		func(s *Spec) { s.Enactors, s.Records = 3, 1 },
		func(s *Spec) { s.Enactors, s.Records, s.Atomic = 3, 2, "apply" },
	} {
		s := DefaultSpec()
		s.Fixes, s.List = "all", 50
		edit(&s)
		memo, err := s.Run(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		s.Method = "brute"
		brute, err := s.Run(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		for i := range memo.Runs {
			memo.Runs[i].Configurations = 0
		}
		if !reflect.DeepEqual(memo.Runs, brute.Runs) {
			t.Errorf("%+v: memo and brute force differ", s)
		}
	}
}

// Plain enumeration is refused past its bound before it runs, in a
// message naming the fields that shorten the programs.
func TestBruteForceIsBounded(t *testing.T) {
	s := DefaultSpec()
	s.Enactors, s.Records, s.Fixes, s.Method = 3, 3, "recheck", "brute"
	err := s.Validate()
	var too *TooManySchedules
	if !errors.As(err, &too) {
		t.Fatalf("refusal %v", err)
	}
	msg := engine.Named(err, func(f string) string { return "--" + f })
	for _, want := range []string{"24!/(8! 8! 8!) = 9465511770 schedules", "--records", "--enactors", "--fixes", "--atomic", "--method memo"} {
		if !strings.Contains(msg, want) {
			t.Errorf("%q does not say %q", msg, want)
		}
	}
	s.Method = "memo"
	if err := s.Validate(); err != nil {
		t.Errorf("memo refused: %v", err)
	}
}

func TestSpecValidation(t *testing.T) {
	enginetest.Refuses(t, DefaultSpec, []enginetest.Bad[Spec]{
		{Edit: func(s *Spec) { s.Enactors = 4 }, Says: "enactors must be 2 or 3"},
		{Edit: func(s *Spec) { s.Records = 0 }, Says: "records must be in 1..4"},
		{Edit: func(s *Spec) { s.Fixes = "cas+cas" }, Says: "fixes names cas twice"},
		{Edit: func(s *Spec) { s.Fixes = "none,none" }, Says: "fixes lists none twice"},
		{Edit: func(s *Spec) { s.Fixes = "lock" }, Says: "fixes must list fix sets"},
		{Edit: func(s *Spec) { s.Atomic = "write" }, Says: "atomic must be none"},
		{Edit: func(s *Spec) { s.Schedule = "s1 s3" }, Says: "schedule \"s3\""},
		{Edit: func(s *Spec) { s.Schedule = "x1" }, Says: "schedule \"x1\": a step starts with an Enactor's letter"},
		{Edit: func(s *Spec) { s.StallMs = "5,1" }, Says: "stall-ms must list lengths in [0, 1e9] ms in rising order"},
		{Edit: func(s *Spec) { s.StallChance = 2 }, Says: "stall-chance must be in [0, 1]"},
		{Edit: func(s *Spec) { s.Mode = "fast" }, Says: "mode must be exact or timing"},
	})
}

// A typed schedule plays, completed by the steps left out.
func TestTypedSchedule(t *testing.T) {
	s := DefaultSpec()
	s.Schedule = "s1 f1 f2 f3 s2"
	rep, err := s.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	p := rep.Played
	if p.Schedule != "s1 f1 f2 f3 s2 s3 s4 f4" || p.Appended != "s3 s4 f4" || p.Outcome != "empty" {
		t.Errorf("played %+v", p)
	}
}
