package bins

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/loadlab/loadlab/sim/engine"
)

// The bins engine marks two kinds of moment, in the first trial only (the
// later trials repeat the lesson with other seeds):
//
//   - a pass: the first ball at which one strategy's max load rises above
//     another's, once for each ordered pair of strategies, under light
//     load only (a final mean below HotMinMean: at 100 balls a bin one
//     choice's max passing two's at ball 9 is noise, and the hot bin is
//     the lesson); the passes of
//     one ball are one moment for each max reached and strategies passed
//     ("anti's max load reaches 2, above one's, two's and stale's 1";
//     "one's and stale's max loads reach 2, above two's 1");
//   - a hot bin: the first ball at which a strategy's fullest bin reaches
//     the hot threshold of the finished trial, hot x m/n, when m/n is at
//     least HotMinMean. Loads never fall, so that bin is still hot when
//     the trial ends.
//
// Both are read off the lanes' rises (the ball at which each max grew), in
// ball order, so that stepping ball by ball and placing whole batches find
// the same moments at the same balls.
type momentFinder struct {
	names  []string
	cur    []int32 // each lane's max after the balls processed so far
	next   []int   // each lane's next unread rise
	passed []bool  // passed[a*len+b]: a's max has risen above b's
	hot    []bool
	// hotMult x mean is the hot threshold; mean is the final mean load.
	hotMult, mean float64
	found         []engine.Moment
}

func newMomentFinder(cfg Config) *momentFinder {
	k := len(cfg.Strategies)
	f := &momentFinder{cur: make([]int32, k), next: make([]int, k), passed: make([]bool, k*k), hot: make([]bool, k),
		hotMult: cfg.Hot, mean: float64(cfg.Balls) / float64(cfg.Bins)}
	for _, s := range cfg.Strategies {
		f.names = append(f.names, s.Name)
	}
	return f
}

// scan reads the rises of every lane up to ball upTo, ball by ball, and
// records the moments they make.
func (f *momentFinder) scan(lanes []*lane, upTo int) {
	for {
		ball := math.MaxInt
		for i, l := range lanes {
			if f.next[i] < l.rises.Len() {
				ball = min(ball, int(l.rises.View().At(f.next[i]).X))
			}
		}
		if ball > upTo {
			return
		}
		for i, l := range lanes {
			v := l.rises.View()
			for f.next[i] < v.Len() && int(v.At(f.next[i]).X) == ball {
				f.cur[i] = int32(v.At(f.next[i]).Y)
				f.next[i]++
			}
		}
		f.check(ball)
	}
}

// check records the moments of one ball, given every lane's max after it.
func (f *momentFinder) check(ball int) {
	k := len(f.cur)
	hotAt := f.hotMult * f.mean * (1 - hotGuard)
	// The passes of this ball: the strategies that pass the same ones at
	// the same max are one moment.
	type pass struct {
		by    []string
		max   int32
		above string
	}
	var passes []pass
	for a := range k {
		if f.mean >= HotMinMean {
			break // heavy load: the hot bins tell it
		}
		var below []int // the strategies a's max passes at this ball
		for b := range k {
			if a == b || f.passed[a*k+b] || f.cur[a] <= f.cur[b] {
				continue
			}
			f.passed[a*k+b] = true
			below = append(below, b)
		}
		if len(below) == 0 {
			continue
		}
		above := f.passedBy(below)
		if i := slices.IndexFunc(passes, func(p pass) bool { return p.max == f.cur[a] && p.above == above }); i >= 0 {
			passes[i].by = append(passes[i].by, f.names[a]+"'s")
			continue
		}
		passes = append(passes, pass{by: []string{f.names[a] + "'s"}, max: f.cur[a], above: above})
	}
	for _, p := range passes {
		verb := "max load reaches"
		if len(p.by) > 1 {
			verb = "max loads reach"
		}
		f.add(ball, fmt.Sprintf("ball %d: %s %s %d, above %s", ball, andList(p.by), verb, p.max, p.above))
	}
	for a := range k {
		if !f.hot[a] && f.mean >= HotMinMean && float64(f.cur[a]) >= hotAt {
			f.hot[a] = true
			f.add(ball, fmt.Sprintf("ball %d: %s's fullest bin reaches %d balls, hot by the end's measure (%.10g x the final mean load of %.4g)", ball, f.names[a], f.cur[a], f.hotMult, f.mean))
		}
	}
}

func (f *momentFinder) add(ball int, caption string) {
	f.found = append(f.found, engine.Moment{Step: int64(ball), Caption: caption})
}

// passedBy names the strategies below, each group of equal maxima once
// with its max after the last name: "one's, two's and stale's 1" or
// "one's 2 and two's 1".
func (f *momentFinder) passedBy(below []int) string {
	var groups []string
	for i := 0; i < len(below); {
		j := i
		var names []string
		for ; j < len(below) && f.cur[below[j]] == f.cur[below[i]]; j++ {
			names = append(names, f.names[below[j]]+"'s")
		}
		groups = append(groups, fmt.Sprintf("%s %d", andList(names), f.cur[below[i]]))
		i = j
	}
	return andList(groups)
}

// andList joins words as a sentence lists them: "a", "a and b", "a, b
// and c".
func andList(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}
