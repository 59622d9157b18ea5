package scenarios

import (
	"fmt"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/remirror"
)

// The figures the re-mirroring storm's lessons quote are the figures its
// runs give: each check names the words of the lesson and the run's
// figure.
func TestRemirrorLessonsTellTheRuns(t *testing.T) {
	runs := func(name string, edit func(*remirror.Spec)) []remirror.Result {
		return runsOf[remirror.Spec, remirror.Result](t, name, edit)
	}
	pct := func(share float64, digits int) string { return fmt.Sprintf("%.*f %%", digits, 100*share) }
	after := func(r remirror.Result) string {
		return fmt.Sprintf("%s, %s", r.RecoveredClock, engine.Duration(float64(60*r.RecoveryMin)))
	}
	storm := runs("aws-2011-remirror", nil)
	none, calm := storm[0], storm[1]
	ways := runs("aws-2011-backoff", nil)
	bulk, backoff := ways[0], ways[1]
	uncut := runs("aws-2011-backoff", func(s *remirror.Spec) { s.Runs, s.CutAt = "none", "never" })[0]
	alone := runs("aws-2011-remirror", func(s *remirror.Spec) { s.Runs = "none" })[0]
	spread := runs("aws-2011-backoff", func(s *remirror.Spec) { s.Runs = "spread" })[0]

	checks := map[string][]struct{ quote, got, want string }{
		"aws-2011-remirror": {
			{"20 nodes are cut off and 2,013 volumes (5.03 %) lose their mirror",
				fmt.Sprintf("%.0f %s %s", remirror.DefaultConfig().CutShare*float64(remirror.DefaultConfig().Nodes), textfmt.Int(none.Wave), pct(none.WaveShare, 2)), "20 2,013 5.03 %"},
			{"the searches of 1,500 stuck volumes", textfmt.Int(int(none.Threshold)), "1,500"},
			{"12,078 searches a minute take the whole spare network", textfmt.Int(6 * none.Wave), "12,078"},
			{"the race fails 38 nodes, and by 8:20 AM 13.9 % of the volumes are stuck",
				fmt.Sprintf("%d %s %v", none.FailedNodes, pct(none.PeakStuck, 1), none.PeakAt < remirror.LectureCutAt), "38 13.9 % true"},
			{"at noon on April 24 1.16 % still are, and 0.09 % are lost", pct(none.FinalStuck, 2) + " " + pct(none.Lost, 2), "1.16 % 0.09 %"},
			{"peak at 4.9 %", pct(calm.PeakStuck, 1), "4.9 %"},
			{"every volume has a mirror again at 1:28 AM, 41 min", after(calm), "1:28 AM, 41 min"},
		},
		"aws-2011-backoff": {
			{"without it up to 26 % fail", pct(alone.PeakAPIErrors, 0) + " " + pct(bulk.PeakAPIErrors, 0), "26 % 0 %"},
			{"13.9 % stuck, not back 3.47 days after the change",
				fmt.Sprintf("%s %d %s", pct(bulk.PeakStuck, 1), bulk.RecoveryMin, engine.Duration(float64(60*bulk.RunAfterMin))), "13.9 % -1 3.47 days"},
			{"the wave is gone at 1:29 AM, 42 min after the change, and no node fails", after(backoff) + fmt.Sprint(" ", backoff.FailedNodes), "1:29 AM, 42 min 0"},
			{"its volumes get stuck as before, and no customer is down", fmt.Sprint(spread.PeakStuck == alone.PeakStuck, " ", spread.PeakCustomersDown), "true 0"},
			{"the stuck volumes climb to 21.9 %", pct(uncut.PeakStuck, 1), "21.9 %"},
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
}
