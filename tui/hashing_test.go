package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/hashing"
)

// report is a scenario's headless figures, scheme by scheme.
func report(t *testing.T, name string) []hashing.Study {
	t.Helper()
	sc, ok := scenarios.Lookup(name)
	if !ok {
		t.Fatalf("no scenario %s", name)
	}
	studies, err := sc.Spec.(hashing.Spec).Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return studies
}

// A node leaving shows, for each scheme, the share of the keys that moved
// beside the ideal 1/n, and names the ring's node that inherited the
// leaver's keys; a node joining the same beside 1/(n+1). The lab's first
// leave is the headless report's (the seed's node), and a join from the
// start joins as many nodes as the report's: the shares are the report's.
func TestHashingChurnAgainstItsIdeal(t *testing.T) {
	t.Parallel()
	studies := report(t, "hrw-vs-ring")
	for _, size := range classSizes {
		m := openAt(t, "hrw-vs-ring", size[0], size[1])
		press(m, "x")
		v := plain(m)
		for _, want := range []string{
			fmt.Sprintf("%.2f %%, ideal 1/30 = 3.33 %%", 100*studies[0].MovedFraction),
			fmt.Sprintf("%.2f %%, ideal 1/30 = 3.33 %%", 100*studies[1].MovedFraction),
			"all node-13's, to all 29 others", "all node-13's, all to node-19", "mean 1034",
		} {
			if !strings.Contains(v, want) {
				t.Errorf("%dx%d after x: no %q:\n%s", size[0], size[1], want, v)
			}
		}
		m = openAt(t, "hrw-vs-ring", size[0], size[1])
		press(m, "a")
		v = plain(m)
		for _, want := range []string{
			fmt.Sprintf("%.2f %%, ideal 1/31 = 3.23 %%", 100*studies[0].AddedFraction),
			fmt.Sprintf("%.2f %%, ideal 1/31 = 3.23 %%", 100*studies[1].AddedFraction),
			"all to node-30, from all 30 others", "all to node-30, from node-",
		} {
			if !strings.Contains(v, want) {
				t.Errorf("%dx%d after a: no %q:\n%s", size[0], size[1], want, v)
			}
		}
	}
}

// The keys-a-node chart draws the mean across it, dashed, and says so.
func TestHashingMeanOnTheBars(t *testing.T) {
	t.Parallel()
	m := openAt(t, "hrw-vs-ring", 80, 24)
	v := plain(m)
	if !strings.Contains(v, "╌ mean 1000") || strings.Count(v, "╌") < 20 {
		t.Errorf("no mean line on the bars:\n%s", v)
	}
}

// The ring is drawn as its arcs, neighbours in two glyphs, numbered: a
// strip cut open at 0 at 80x24, a circle beside the bars where there is
// room; a leave marks ▲ the stretch that changed hands and names both
// nodes, and a join the same. It reads in the mono theme.
func TestHashingRingDrawn(t *testing.T) {
	t.Parallel()
	for _, size := range classSizes {
		m := openThemed(t, "hrw-vs-ring", "mono", size[0], size[1])
		v := plain(m)
		picture := "the ring drawn: 0 at the top, clockwise"
		if size[0] == 80 {
			picture = "the ring cut open at 0"
		}
		if !strings.Contains(v, picture) || !strings.Contains(v, "█░") && !strings.Contains(v, "░█") {
			t.Errorf("%dx%d: no ring drawn (%q):\n%s", size[0], size[1], picture, v)
		}
		press(m, "x")
		v = plain(m)
		if !strings.Contains(v, "node-13's arc (▲) is now node-19's") || strings.Count(v, "▲") < 3 {
			t.Errorf("%dx%d after x: the arc handed over is not marked:\n%s", size[0], size[1], v)
		}
		press(m, "a")
		if v = plain(m); !strings.Contains(v, "node-30's arc (▲) was node-") {
			t.Errorf("%dx%d after a: the new node's arc is not marked:\n%s", size[0], size[1], v)
		}
	}
	m := openAt(t, "weighted-hrw", 120, 40)
	if v := plain(m); strings.Contains(v, "the ring") {
		t.Errorf("weighted-hrw has no ring, yet draws one:\n%s", v)
	}
}

// At 80x24 weighted-hrw shows each weight's share of the keys beside its
// share of the weight, 1/7, 2/7 and 4/7, for both schemes, whole.
func TestHashingWeightedSharesFit(t *testing.T) {
	t.Parallel()
	studies := report(t, "weighted-hrw")
	m := openAt(t, "weighted-hrw", 80, 24)
	v := plain(m)
	for _, st := range studies {
		for i, f := range []string{"1/7 = 14.29 %", "2/7 = 28.57 %", "4/7 = 57.14 %"} {
			want := fmt.Sprintf("%.2f %%, weight %s", 100*st.Shares[i].Share, f)
			if !strings.Contains(v, want) {
				t.Errorf("%s: no %q at 80x24:\n%s", st.Scheme, want, v)
			}
		}
	}
}

// Nothing is cut mid-word after nodes leave and join, nor with many
// points on the ring, at any size a class uses.
func TestHashingNothingCutAfterChanges(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"hrw-vs-ring", "weighted-hrw"} {
		for _, size := range classSizes {
			m := openAt(t, name, size[0], size[1])
			for _, keys := range [][]string{{"x"}, {"a"}, {"x", "x", "a"}, {"V", "V", "V", "x"}, {"w", "x"}} {
				press(m, keys...)
				checkFits(t, m, size[0], size[1])
				for _, l := range strings.Split(plain(m), "\n") {
					if cutWord.MatchString(l) {
						t.Errorf("%s at %dx%d after %v: a word cut short: %q", name, size[0], size[1], keys, l)
					}
				}
			}
		}
	}
}

// The help gives the lab's words.
func TestHashingGlossary(t *testing.T) {
	t.Parallel()
	m := openAt(t, "hrw-vs-ring", 120, 80)
	press(m, "?")
	v := plain(m)
	for _, term := range []string{"HRW: ", "score: ", "ring: ", "virtual points: ", "skeleton: ", "spread: ", "moved: "} {
		if !strings.Contains(v, term) {
			t.Errorf("help lacks %q:\n%s", term, v)
		}
	}
}
