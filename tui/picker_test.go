package tui

import (
	"slices"
	"testing"

	"github.com/loadlab/loadlab/scenarios"
)

// The filter's ranking: the name equal to the query, then names that start
// with it, names that hold it, titles, the lab's heading, the lesson. The
// scenarios stay under their labs: a lab comes by its best match, and
// inside a lab by rank, then the catalogue's order.
func TestRankScenarios(t *testing.T) {
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
		{"casc", []string{"cascade-lecture", "cascade-presets", "breaker-explained", "bulkhead-vs-breaker"}},
		// The exact name first, then its lab's; the queue lab's after.
		{"d-choices", []string{"d-choices", "d-choices-queue"}},
		// Names that hold it, labs in the catalogue's order.
		{"herd", []string{"stale-herd", "stale-board-herd", "thundering-herd"}},
		// The name, then titles; Durability's best is a title, after.
		{"PLACEMENT", []string{"placement-lecture", "correlated-failure", "version-diversity", "durability-years"}},
		// A title, then the rest of its lab by the heading.
		{"hashing", []string{"hrw-vs-ring", "weighted-hrw"}},
		// A title before a lesson.
		{"retry", []string{"thundering-herd", "cascade-presets"}},
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
