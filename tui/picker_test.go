package tui

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/loadlab/loadlab/scenarios"
)

// selected is the scenario under the picker's cursor, or "" on anything
// else.
func selected(m *Model) string {
	if it, ok := m.picker.SelectedItem().(scenarioItem); ok {
		return it.sc.Name
	}
	return ""
}

// filter types "/" and a query into the picker, as one burst.
func filter(m *Model, q string) {
	press(m, "/")
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(q)})
}

// pickerPages is every page of the picker as a person sees it, first to
// last; the cursor ends on the last page.
func pickerPages(m *Model) []string {
	press(m, "home")
	pages := []string{plain(m)}
	for range m.picker.Paginator.TotalPages - 1 {
		press(m, "l")
		pages = append(pages, plain(m))
	}
	return pages
}

var headingLine = regexp.MustCompile(`^  (?:(\d) )?(.+?) ─+$`)

// pickerOutline reads headings and scenario names off the pages, in order,
// a heading repeated at the top of a page counted once.
func pickerOutline(pages []string) []string {
	var out []string
	lastTitle, labs := "", 0
	for _, page := range pages {
		for _, line := range strings.Split(page, "\n") {
			if h := headingLine.FindStringSubmatch(line); h != nil {
				if h[2] == lastTitle {
					continue
				}
				labs++
				if h[1] == "" { // past the tenth a lab has no number key; its place does
					h[1] = fmt.Sprint(labs)
				}
				out, lastTitle = append(out, "# "+h[1]+" "+h[2]), h[2]
				continue
			}
			f := strings.Fields(line)
			for len(f) > 0 && (f[0] == "│" || f[0] == "↺") {
				f = f[1:]
			}
			if len(f) > 0 {
				if _, ok := scenarios.Lookup(f[0]); ok {
					out = append(out, f[0])
				}
			}
		}
	}
	return out
}

// The picker groups the scenarios by lab under numbered headings, the labs
// in the course's order (load balancing, then lecture 26's: the casebook
// first, in the lecture's order), each lab's scenarios in the catalogue's
// order.
func TestPickerGroupsByLab(t *testing.T) {
	t.Parallel()
	// each lab's engines; the casebook's share one heading
	wantLabs := [][]string{{"bins"}, {"exact"}, {"supermarket"}, {"hashing"},
		{"remirror", "config-storm", "site-outage", "interleave", "lease-storm", "network-manager", "health-flip-flop"},
		{"durability"}, {"cascade"}, {"retry-storm"}, {"placement"}, {"availability"}}
	var want []string
	for i, engines := range wantLabs {
		want = append(want, fmt.Sprintf("# %d %s", (i+1)%10, labTitle(engines[0])))
		for _, sc := range scenarios.All() {
			if slices.Contains(engines, sc.Engine()) {
				want = append(want, sc.Name)
			}
		}
	}
	for _, size := range []struct{ w, h int }{{80, 24}, {160, 48}} {
		t.Run(sizeName(size.w, size.h), func(t *testing.T) {
			got := pickerOutline(pickerPages(openAt(t, "", size.w, size.h)))
			if !slices.Equal(got, want) {
				t.Errorf("picker outline:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
	for _, e := range scenarios.Engines() {
		if labTitle(e.Name) == e.Name {
			t.Errorf("engine %s declares no picker group", e.Name)
		}
	}
}

// A class opening the resilience labs finds them one key away: the first
// page says how, and 5 shows the casebook's heading and its first case,
// AWS 2011, under the cursor; 0 goes to availability. A number with no lab
// in the filtered list leaves the cursor where it is.
func TestPickerLabKeys(t *testing.T) {
	t.Parallel()
	m := openAt(t, "", 80, 24)
	if !strings.Contains(plain(m), "1-9, 0 jump to a lab") {
		t.Errorf("the first page does not say how to reach a lab:\n%s", plain(m))
	}
	for _, c := range []struct{ key, heading, first string }{
		{"5", "5 Casebook: outages", "aws-2011-remirror"},
		{"7", "7 Cascading failure", "cascade-lecture"},
		{"8", "8 Retry storm", "thundering-herd"},
		{"0", "0 Availability", "availability-lecture"},
		{"1", "1 Balls into bins", "small-steps"},
	} {
		press(m, c.key)
		if selected(m) != c.first || !strings.Contains(plain(m), c.heading+" ─") {
			t.Errorf("%s: cursor on %q, want %s under %q:\n%s", c.key, selected(m), c.first, c.heading, plain(m))
		}
	}
	filter(m, "herd")
	press(m, "enter", "9")
	if selected(m) != "stale-herd" {
		t.Errorf("9 with no availability scenario shown moved the cursor to %q", selected(m))
	}
}

// The cursor moves from scenario to scenario, never onto a heading: down
// from the top visits the catalogue in order, up comes back the same way,
// and after a filter the cursor starts on the best match, which enter
// opens.
func TestPickerCursorSkipsHeadings(t *testing.T) {
	t.Parallel()
	m := openAt(t, "", 80, 24)
	var want, down []string
	for _, sc := range scenarios.All() {
		want = append(want, sc.Name)
	}
	down = append(down, selected(m))
	for range len(want) - 1 {
		press(m, "down")
		down = append(down, selected(m))
	}
	if !slices.Equal(down, want) {
		t.Errorf("down visits %v\nwant %v", down, want)
	}
	for i := len(want) - 2; i >= 0; i-- {
		press(m, "k")
		if selected(m) != want[i] {
			t.Fatalf("up from %s went to %q", want[i+1], selected(m))
		}
	}

	filter(m, "casc")
	if selected(m) != "cascade-lecture" {
		t.Errorf("while typing /casc the cursor is on %q", selected(m))
	}
	press(m, "enter")
	press(m, "j")
	if selected(m) != "cascade-presets" {
		t.Errorf("down from cascade-lecture in /casc went to %q", selected(m))
	}
	press(m, "k", "enter")
	if m.screen != screenLab || m.scenario.Name != "cascade-lecture" {
		t.Errorf("/casc, enter, down, up, enter opened %q", m.scenario.Name)
	}
}

// The filter's ranking: the name equal to the query, then names that start
// with it, names that hold it, titles, the lab's heading, the lesson. The
// scenarios stay under their labs: a lab comes by its best match, and
// inside a lab by rank, then the catalogue's order.
func TestRankScenarios(t *testing.T) {
	t.Parallel()
	rule := []string{
		"lesson-hit\nnothing here\nLab A\nit mentions foo",
		"title-hit\nA foo title\nLab A\n",
		"xfoo\nplain\nLab B\n",
		"foo-bar\nplain\nLab B\n",
		"foo\nplain\nLab C\n",
		"lab-hit\nplain\nFoo lab\n",
		"miss\nplain\nLab C\nnothing",
	}
	var got []int
	for _, r := range rankScenarios("Foo", rule) {
		got = append(got, r.Index)
	}
	if want := []int{4, 3, 2, 1, 0, 5}; !slices.Equal(got, want) {
		t.Errorf("rule: ranked %v, want %v", got, want)
	}

	all := scenarios.All()
	var targets []string
	for _, sc := range all {
		targets = append(targets, filterFields(sc))
	}
	for _, c := range []struct {
		query string
		want  []string
	}{
		// Two names start with casc: the catalogue's order; then the lab.
		{"casc", []string{"cascade-lecture", "cascade-presets", "breaker-explained", "bulkhead-vs-breaker", "retries-every-layer", "client-throttling", "adaptive-limits", "retry-cap-10"}},
		// The exact name first, then its lab's; the queue lab's after.
		{"d-choices", []string{"d-choices", "d-choices-queue"}},
		// Names that hold it, labs in the catalogue's order.
		{"herd", []string{"stale-herd", "stale-board-herd", "thundering-herd"}},
		// The name, then titles; Durability's best is a title, after;
		// durability-repair's a lesson, last.
		{"PLACEMENT", []string{"placement-lecture", "correlated-failure", "version-diversity", "sites-and-providers", "durability-years", "durability-over-seeds", "durability-repair"}},
		// Titles, then the rest of their lab by the heading.
		{"hashing", []string{"hrw-vs-ring", "bounded-loads", "weighted-hrw", "jump-hash", "maglev-table"}},
		// A title first; then the lessons, in the catalogue's order.
		{"retry", []string{"retry-cap-10", "cascade-presets", "retries-every-layer", "thundering-herd", "aws-backoff-table", "aws-2011-backoff"}},
		{"  cascade-lecture ", []string{"cascade-lecture"}},
		{"zzz", nil},
	} {
		var names []string
		for _, r := range rankScenarios(c.query, targets) {
			names = append(names, all[r.Index].Name)
		}
		if !slices.Equal(names, c.want) {
			t.Errorf("%q: %v, want %v", c.query, names, c.want)
		}
	}
	if r := rankScenarios("casc", targets); !slices.Equal(r[0].MatchedIndexes, []int{0, 1, 2, 3}) {
		t.Errorf("casc marks %v of cascade-lecture, want its first four letters", r[0].MatchedIndexes)
	}
}

// At the sizes a class uses, no picker line is cut with an ellipsis: not a
// name, not a title (they wrap at words), not the keys, on any page,
// filtered, with a run kept, or with the full help.
func TestPickerNothingCut(t *testing.T) {
	t.Parallel()
	for _, size := range []struct{ w, h int }{{80, 24}, {100, 30}, {160, 48}} {
		t.Run(sizeName(size.w, size.h), func(t *testing.T) {
			m := openAt(t, "", size.w, size.h)
			check := func(state string) {
				t.Helper()
				checkFits(t, m, size.w, size.h)
				if v := plain(m); strings.Contains(v, "…") {
					t.Errorf("%s: a line is cut:\n%s", state, v)
				}
			}
			for i := range pickerPages(m) {
				press(m, "home")
				for range i {
					press(m, "l")
				}
				check(fmt.Sprintf("page %d", i+1))
			}
			for _, q := range []string{"casc", "herd", "lecture", "p2c-paired"} {
				filter(m, q)
				check("typing /" + q)
				press(m, "enter")
				check("/" + q)
				press(m, "esc")
			}
			filter(m, "small-steps")
			press(m, "enter", "enter", "esc")
			if !strings.Contains(plain(m), "↺ small-steps") || !strings.Contains(plain(m), "run kept") {
				t.Errorf("a kept run is not marked:\n%s", plain(m))
			}
			check("kept run")
			press(m, "?")
			check("full help")
		})
	}
}

// The picker's first page, and /casc with the lecture first.
func TestGoldenPicker(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name  string
		w, h  int
		query string
	}{{"80x24", 80, 24, ""}, {"160x48", 160, 48, ""}, {"casc-80x24", 80, 24, "casc"}} {
		t.Run(c.name, func(t *testing.T) {
			m := openAt(t, "", c.w, c.h)
			if c.query != "" {
				filter(m, c.query)
				press(m, "enter")
			}
			golden.RequireEqual(t, []byte(plain(m)))
		})
	}
}
