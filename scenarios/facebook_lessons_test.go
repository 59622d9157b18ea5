package scenarios

import (
	"fmt"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/sim/configstorm"
)

// The figures the Facebook 2010 lessons quote are the figures their runs
// give: each check names the words of the lesson and the run's figure.
func TestFacebookLessonsTellTheRuns(t *testing.T) {
	runs := func(name string, edit func(*configstorm.Spec)) []configstorm.Result {
		return runsOf[configstorm.Spec, configstorm.Result](t, name, edit)
	}
	lecture, without := runs("facebook-2010", nil), runs("facebook-2010-backoff", nil)
	cut, backoff := lecture[0], lecture[1]
	// Runs that recover at the fix are cut to half an hour: a run is the
	// long one up to its end.
	keep := runs("facebook-2010-backoff", func(s *configstorm.Spec) { s.Runs, s.RunMin, s.CutAtMin = "keep-on-error", 30, 30 })[0]
	atOnce := runs("facebook-2010", func(s *configstorm.Spec) { s.RampMin, s.RunMin, s.Runs = 0, 135, "cut" })[0]
	strong := runs("facebook-2010", func(s *configstorm.Spec) { s.Capacity, s.Runs, s.RunMin, s.CutAtMin = 200000, "none", 30, 30 })[0]
	// the hit ratio and the overloaded seconds from the fix to the cut
	hits := 0.0
	for _, row := range cut.Series {
		if 60*row.Minute >= cut.FixAtS && 60*row.Minute < cut.CutAtS {
			hits = max(hits, row.HitRatio)
		}
	}
	noneHits := 0.0
	for _, row := range without[0].Series[configstorm.LeadMin+15:] {
		noneHits = max(noneHits, row.HitRatio)
	}
	over := 0 // minutes after the first whose load passed the capacity
	for _, row := range backoff.Series[configstorm.LeadMin+1:] {
		if row.Load > backoff.Capacity {
			over++
		}
	}
	pct := func(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }
	moment := func(r configstorm.Result, words string) bool {
		for _, m := range r.Moments {
			if strings.Contains(m.Caption, words) {
				return true
			}
		}
		return false
	}
	checks := map[string][]struct{ quote, got, want string }{
		"facebook-2010": {
			{"300,000 queries a second against 5,000", textfmt.Int(int(cut.PeakLoad)) + " " + textfmt.Int(int(cut.Capacity)), "300,000 5,000"},
			{"From the fix to the cut 5.0% of reads are served and the hit ratio stays at 0", fmt.Sprintf("%s %.3f", pct(cut.SuccessAfterFix), hits), "5.0% 0.000"},
			{"The site is back at 2:29:42, 2 h 15 min after the fix", cut.Recovered + " " + configstorm.Span(cut.AfterFixS), "2:29:42 2 h 15 min"},
			{"the site is back 3 s after the fix", configstorm.Span(backoff.AfterFixS), "3 s"},
			{"no cut is needed", fmt.Sprint(backoff.CutAtS), "-1"},
			{"all at once starts the storm again", fmt.Sprint(atOnce.RecoveredAtS, moment(atOnce, "the storm starts again")), "-1 true"},
			{"once it answers every read, the storm cannot keep itself going", fmt.Sprint(strong.RecoveredAtS >= 0), "true"},
		},
		"facebook-2010-backoff": {
			{"5.0% of reads served and a hit ratio of 0 to the end of the run", fmt.Sprintf("%s %.3f %d", pct(without[0].SuccessAfterFix), noneHits, without[0].RecoveredAtS), "5.0% 0.000 -1"},
			{"the database is overwhelmed only for the first seconds", fmt.Sprint(over), "0"},
			{"the site is back 3 s after the fix", configstorm.Span(without[1].AfterFixS), "3 s"},
			{"the database takes 300,000 queries a second until the fix", textfmt.Int(int(keep.PeakLoad)), "300,000"},
			{"the site is back 2 s after it", configstorm.Span(keep.AfterFixS), "2 s"},
		},
	}
	for name, list := range checks {
		sc, _ := Lookup(name)
		for _, c := range list {
			if !strings.Contains(sc.Lesson, c.quote) {
				t.Errorf("%s: the lesson no longer says %q", name, c.quote)
			}
			if c.got != c.want {
				t.Errorf("%s: %q: the run gives %s, the lesson %s", name, c.quote, c.got, c.want)
			}
		}
	}
	if sc, _ := Lookup("facebook-2010-backoff"); !strings.Contains(sc.Title, "backoff is back 3 s after the fix") {
		t.Errorf("the title's figure changed: %s", sc.Title)
	}
}
