package widget

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/loadlab/loadlab/themes"
)

func mono(t *testing.T) *Styles {
	t.Helper()
	for _, p := range themes.All {
		if p.Name == "mono" {
			return NewStyles(p)
		}
	}
	t.Fatal("no mono theme")
	return nil
}

func plain(lines ...string) string { return ansi.Strip(strings.Join(lines, "\n")) }

func TestPanelIsExactlyItsSize(t *testing.T) {
	st := mono(t)
	got := plain(Panel{}.Render(st, []string{"max 12", "a line far too long for it"}, 14, 4))
	want := "╭────────────╮\n│ max 12     │\n│ a line fa… │\n╰────────────╯"
	if got != want {
		t.Errorf("panel:\n%s\nwant:\n%s", got, want)
	}
	if got := plain(Panel{Focused: true}.Render(st, nil, 6, 3)); !strings.HasPrefix(got, "┏") {
		t.Errorf("a focused panel is framed thick:\n%s", got)
	}
}

// Side by side panels get equal widths and one scale.
func TestSideBySideSharesItsScale(t *testing.T) {
	var scales []float64
	draw := func(name string) func(w, h int, top float64) string {
		return func(w, h int, top float64) string {
			scales = append(scales, top)
			return name + strings.Repeat("#", w-len(name))
		}
	}
	got := plain(SideBySide(21, 2, 9.5, draw("a"), draw("b")))
	want := "a######### b#########\n                     "
	if got != want {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
	if len(scales) != 2 || scales[0] != scales[1] {
		t.Errorf("panels drew with scales %v", scales)
	}
}

func TestCountersNeverCutANumber(t *testing.T) {
	st := mono(t)
	cs := []Counter{{"ok", "97 %"}, {"backlog", "1,204"}, {"retries", "3,010 (1.2 a request)"}, {"shed", "12"}}
	got := plain(Counters(st, 24, 2, cs...)...)
	if want := "ok 97 % · backlog 1,204\nshed 12"; got != want {
		t.Errorf("counters:\n%q\nwant\n%q", got, want)
	}
	if strings.Contains(got, "…") || strings.Contains(got, "retries") {
		t.Errorf("a counter was cut or overflowed its rows: %q", got)
	}
	if n := len(Counters(st, 80, 3, cs...)); n != 3 {
		t.Errorf("counters took %d rows, want the 3 given", n)
	}
}

func TestLogNewestFirstAndWhole(t *testing.T) {
	st := mono(t)
	got := plain(Log(st, 12, 3, []string{"first entry", "second one here", "third"})...)
	want := "third\nsecond one\nhere"
	if got != want {
		t.Errorf("log:\n%q\nwant\n%q", got, want)
	}
}

// Groups keep a line when they fit whole; a figure that does not fit
// goes to the next line whole; the first line says whether the run is
// over.
func TestHeadlineKeepsFiguresWhole(t *testing.T) {
	st := mono(t)
	figs := []Figure{
		{Key: "ok", Group: "S1", Name: "success", Value: "16.7%"}, {Key: "peak", Group: "S1", Name: "backlog peak", Value: "11,793"},
		{Key: "ok", Group: "S6", Name: "success", Value: "22.6%"}, {Key: "peak", Group: "S6", Name: "backlog peak", Value: "951"},
	}
	got := plain(Headline(st, 100, HeadlineMark{Final: false}, figs)...)
	if want := "so far S1 success 16.7% · backlog peak 11,793   S6 success 22.6% · backlog peak 951"; got != want {
		t.Errorf("headline at 100:\n%q\nwant\n%q", got, want)
	}
	got = plain(Headline(st, 40, HeadlineMark{Final: true}, figs)...)
	want := "✓ final S1 success 16.7%\n  backlog peak 11,793\nS6 success 22.6% · backlog peak 951"
	if got != want {
		t.Errorf("headline at 40:\n%q\nwant\n%q", got, want)
	}
}

func TestLegendSaysWhatEachMarkMeans(t *testing.T) {
	st := mono(t)
	got := plain(Legend(st, 40, Key{"█", st.Bad, "all lost"}, Key{"┃", st.Marker, "exact"}))
	if got != "█ all lost ┃ exact" {
		t.Errorf("legend %q", got)
	}
}

// A bar chart's line runs across the row a bar of its value tops out in,
// through the cells the bars leave empty, and not through the bars.
func TestBarsLineCrossesTheEmptyCells(t *testing.T) {
	st := mono(t)
	b := Bars{Labels: []string{"a", "b", "c"}, Values: []float64{2, 10, 4}, YMax: 10, Line: 5.33}
	rows := strings.Split(plain(b.Render(st, 20, 12)), "\n")
	var at []int
	for i, r := range rows {
		if strings.Contains(r, "╌") {
			at = append(at, i)
		}
	}
	if len(at) != 1 {
		t.Fatalf("the line is on rows %v, want one:\n%s", at, strings.Join(rows, "\n"))
	}
	row := []rune(rows[at[0]])
	bar := strings.IndexRune(rows[1], '█') // the tall bar reaches the top row
	if bar < 0 || row[len([]rune(rows[1][:bar]))] == '╌' {
		t.Errorf("the line crosses the tall bar:\n%s", strings.Join(rows, "\n"))
	}
	if strings.Count(string(row), "╌") < 10 {
		t.Errorf("the line is short:\n%s", strings.Join(rows, "\n"))
	}
}

// An incident's timeline marks what has happened by its phase, points at
// the latest, keeps it in view when the list is cut, and marks the
// phases reached on a chart's axis.
func TestTimelineAndPhaseMarks(t *testing.T) {
	st := mono(t)
	events := []Incident{
		{At: 0, Clock: "12:47 AM", What: "traffic shifted onto the secondary network", Phase: Trigger},
		{At: 10, Clock: "2:40 AM", What: "volumes search for mirrors", Phase: Sustain},
		{At: 30, Clock: "8:20 AM", What: "the zone cut from the control plane", Phase: Recover},
	}
	got := plain(Timeline(st, 60, 3, events, 12)...)
	want := " T 12:47 AM  traffic shifted onto the secondary network\n▶S 2:40 AM   volumes search for mirrors\n   8:20 AM   the zone cut from the control plane"
	if got != want {
		t.Errorf("timeline:\n%s\nwant\n%s", got, want)
	}
	// Short of room, the events shown are whole, wrapped under their
	// column: the latest, then the next to come before the one before.
	got = plain(Timeline(st, 40, 3, events, 12)...)
	want = "▶S 2:40 AM   volumes search for mirrors\n   8:20 AM   the zone cut from the\n             control plane"
	if got != want {
		t.Errorf("timeline short of room:\n%s\nwant\n%s", got, want)
	}
	if got := TruncateWords("a  b   c", 7); got != "a  b …" {
		t.Errorf("TruncateWords keeps no spacing: %q", got)
	}
	if got := plain(Timeline(st, 60, 1, events, 12)...); !strings.Contains(got, "▶S 2:40 AM") {
		t.Errorf("one line should keep the latest event: %q", got)
	}
	if got := strings.TrimRight(plain(PhaseMarks(st, 2, 30, 0, 30, events, 12)), " "); got != "  T         S" {
		t.Errorf("marks %q", got)
	}
	// A latest event longer than the room keeps its first lines and says
	// where the rest is; nothing is cut with an ellipsis.
	got = plain(Timeline(st, 20, 2, events, 0)...)
	want = "▶T 12:47 AM  traffic\n             (the rest: i)"
	if got != want {
		t.Errorf("a long latest event:\n%s\nwant\n%s", got, want)
	}
	// Wrapped, each description runs on under its own column.
	got = plain(TimelineWrapped(st, 36, 6, events, 12)...)
	want = " T 12:47 AM  traffic shifted onto\n             the secondary network\n▶S 2:40 AM   volumes search for\n             mirrors\n   8:20 AM   the zone cut from the\n             control plane"
	if got != want {
		t.Errorf("wrapped timeline:\n%s\nwant\n%s", got, want)
	}
	if got := len(TimelineWrapped(st, 36, 5, events, 12)); got != 4 {
		t.Errorf("wrapped in too few lines: %d lines, want the latest whole and the others a line each", got)
	}
}
