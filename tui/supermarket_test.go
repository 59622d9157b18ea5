package tui

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// supermarket-90 at its end: the headline's figures are the time averages
// (marked final; cmd/loadlab's headline test holds them to the report),
// every figure in the panels is said to be now, and each chart's title
// says what it draws.
func TestSupermarketSaysNowAndAveraged(t *testing.T) {
	t.Parallel()
	playsWholeRuns(t)
	for _, size := range [][2]int{{80, 24}, {120, 40}, {160, 48}} {
		m := openAt(t, "supermarket-90", size[0], size[1])
		drive(m, "end")
		v := plain(m)
		for _, want := range []string{"✓ final jsq-2 mean", "jsq-2 now", "random now", "length now", "now", "since t 50"} {
			if !strings.Contains(v, want) {
				t.Errorf("%dx%d: no %q on screen:\n%s", size[0], size[1], want, v)
			}
		}
		if strings.Contains(v, "over the time so far") {
			t.Errorf("%dx%d: a chart title that does not say what it draws:\n%s", size[0], size[1], v)
		}
	}
}

// stale-board-herd at its end draws the herd at every class size: the
// hottest servers of the board's last period, each of them shown idle on
// the board, holding jobs now and sent past its fair share (the bar runs
// on past ┃); fresh choices' hottest beside them on the same scale.
func TestStaleBoardHerdIsDrawn(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{80, 24}, {120, 40}, {160, 48}} {
		m := openAt(t, "stale-board-herd", size[0], size[1])
		drive(m, "end")
		v := plain(m)
		if len(regexp.MustCompile(`sent since (the board's refresh at )?t 295`).FindAllString(v, -1)) != 2 {
			t.Errorf("%dx%d: no herd under each panel:\n%s", size[0], size[1], v)
		}
		herd := 0
		for _, l := range strings.Split(v, "\n") {
			left := string([]rune(l)[:min(len([]rune(l)), size[0]/2)])
			if strings.Contains(left, "showed 0, holds") {
				herd++
				if !strings.Contains(left, "┃█") {
					t.Errorf("%dx%d: a hot server sent no more than its fair share: %q", size[0], size[1], left)
				}
			}
		}
		if herd < 3 {
			t.Errorf("%dx%d: %d hot servers the board showed idle, want 3 or more:\n%s", size[0], size[1], herd, v)
		}
	}
}

// d-choices-queue shows its title's point: random's mean field of 19 in
// the headline and drawn on both charts far above two and three choices.
func TestDChoicesQueueDrawsRandomAbove(t *testing.T) {
	t.Parallel()
	m := openAt(t, "d-choices-queue", 120, 40)
	drive(m, "end")
	v := plain(m)
	if !strings.Contains(v, "random mean field 19.00") {
		t.Errorf("the headline does not quote random's mean field:\n%s", v)
	}
	rows := strings.Split(v, "\n")
	chartRow := func(l string) bool { return strings.ContainsAny(l, "│┤") }
	random := slices.IndexFunc(rows, func(l string) bool { return chartRow(l) && strings.Count(l, " random") == 2 })
	field := slices.IndexFunc(rows, func(l string) bool { return chartRow(l) && strings.Contains(l, "mean field") })
	if random < 0 || field < 0 || field-random < 10 {
		t.Errorf("random's line (row %d) should be drawn on both charts far above the mean fields of d = 2 and 3 (row %d):\n%s", random, field, v)
	}
}

// supermarket-steps is a job a step: the left panel marks the two servers
// the job looked at (1 and 2) and the one it joined (▲), the shorter; the
// title says their queues. A step back replays to the screen of the job
// before.
func TestSupermarketStepper(t *testing.T) {
	t.Parallel()
	m := openAt(t, "supermarket-steps", 80, 24)
	press(m, "n", "n")
	body := func() string { return strings.Join(strings.Split(plain(m), "\n")[:20], "\n") }
	two := body()
	press(m, "n")
	three := plain(m)
	title := regexp.MustCompile(`jsq-2: #(\d) (?:holds (\d)|again), #(\d) (?:holds (\d)|again) → #(\d)`).FindStringSubmatch(three)
	if title == nil || !strings.Contains(three, "job 3 at") || !strings.ContainsAny(three, "▲") {
		t.Fatalf("job 3: no job line, looks or ▲:\n%s", three)
	}
	if title[2] != "" && title[4] != "" && title[2] != title[4] { // two servers, unequal queues
		shorter := title[1]
		if title[4] < title[2] { // single digits
			shorter = title[3]
		}
		if title[5] != shorter {
			t.Errorf("joined #%s, not the shorter of the two: %q", title[5], title[0])
		}
	}
	drive(m, "b")
	if got := body(); got != two {
		t.Errorf("a step back shows\n%s\nnot the second job's\n%s", got, two)
	}
}

// The supermarket's words are in its help, and its load lever is [ and ]:
// L is the shell's lecture strip.
func TestSupermarketWordsAndKeys(t *testing.T) {
	t.Parallel()
	m := openAt(t, "supermarket-90", 80, 24)
	var terms []string
	for _, g := range m.lab.Info().Glossary {
		terms = append(terms, g[0])
	}
	for _, want := range []string{"jsq-d", "jsq", "round-robin", "stale-d", "mean field", "load", "time-averaged"} {
		if !slices.Contains(terms, want) {
			t.Errorf("the glossary has no %q: %v", want, terms)
		}
	}
	press(m, "[")
	if !strings.Contains(m.note, "load 0.85") {
		t.Errorf("[ should lower the load to 0.85: note %q", m.note)
	}
	press(m, "L")
	if !m.lecture || strings.Contains(m.note, "load 0.9") {
		t.Errorf("L should open the lecture strip and leave the load: lecture %v, note %q", m.lecture, m.note)
	}
}

// p switches the left policy from the time on the clock: the title says
// when, the chart marks it, and stepping back over it and on again
// replays it to the same screen.
func TestSupermarketSwitchesFromNow(t *testing.T) {
	t.Parallel()
	m := openAt(t, "supermarket-90", 120, 40)
	for range 100 {
		press(m, "n")
	}
	press(m, "p") // jsq-d to jsq
	if v := plain(m); !strings.Contains(v, "jsq-d, then policy jsq from t 50.0") || !strings.Contains(v, "t 50.0 /") {
		t.Fatalf("p should switch to jsq from t 50 without a restart:\n%s", v)
	}
	for range 40 {
		press(m, "n")
	}
	before := plain(m)
	if !strings.Contains(before, "┊ a switch") {
		t.Errorf("the chart should mark the switch:\n%s", before)
	}
	target := m.seek.steps // back over the switch (a tenth: one replay), and on again
	drive(m, "<")
	for m.seek.steps < target {
		press(m, "n")
	}
	if after := plain(m); after != before {
		t.Errorf("back over the switch and on again should replay it:\nbefore\n%s\nafter\n%s", before, after)
	}
	drive(m, "Z")
	drive(m, "]")
	if v := plain(m); strings.Contains(v, "then policy") || !strings.Contains(v, "load 0.95") || !strings.Contains(v, "t 70.0 /") {
		t.Errorf("Z then ] should rerun at the new load from the start, replayed to t 70, the switch dropped:\n%s", v)
	}
}
