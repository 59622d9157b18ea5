package tui

import (
	"sort"
	"strings"

	"github.com/charmbracelet/bubbles/list"
	"github.com/loadlab/loadlab/scenarios"
)

// How a query meets a scenario, best first. A scenario ranks by the first
// of these its fields meet; the query is one phrase, matched anywhere,
// ignoring case.
const (
	rankName       = iota // the name is the query
	rankNamePrefix        // the name starts with it
	rankNameSub           // the name holds it
	rankTitle             // the title holds it
	rankLab               // the lab's heading holds it
	rankLesson            // the lesson holds it
)

// filterFields are a scenario's fields as rankScenarios reads them, one a
// line: name, title, lab, lesson.
func filterFields(sc scenarios.Scenario) string {
	return strings.Join([]string{sc.Name, sc.Title, labTitle(sc.Engine()), sc.Lesson}, "\n")
}

// rankScenarios is the picker's filter. The scenarios stay grouped by lab:
// labs come in the order of their best match (the catalogue's order
// between equals), and inside a lab the scenarios come by rank, then in the
// catalogue's order. The first scenario shown is so the best match there
// is, the one enter opens.
func rankScenarios(query string, targets []string) []list.Rank {
	q := strings.ToLower(strings.TrimSpace(query))
	type hit struct {
		index, rank int
		lab         string
		name        []int
	}
	var hits []hit
	best := map[string]int{}
	order := map[string]int{}
	for i, t := range targets {
		f := strings.SplitN(strings.ToLower(t), "\n", 4)
		for len(f) < 4 {
			f = append(f, "")
		}
		lab := f[2]
		if _, ok := order[lab]; !ok {
			order[lab] = len(order)
		}
		r := matchRank(q, f)
		if r < 0 {
			continue
		}
		h := hit{index: i, rank: r, lab: lab}
		if at := strings.Index(f[0], q); r <= rankNameSub && q != "" {
			for j := range len([]rune(q)) {
				h.name = append(h.name, len([]rune(f[0][:at]))+j)
			}
		}
		hits = append(hits, h)
		if b, ok := best[lab]; !ok || r < b {
			best[lab] = r
		}
	}
	sort.SliceStable(hits, func(a, b int) bool {
		x, y := hits[a], hits[b]
		switch {
		case x.lab != y.lab && best[x.lab] != best[y.lab]:
			return best[x.lab] < best[y.lab]
		case x.lab != y.lab:
			return order[x.lab] < order[y.lab]
		case x.rank != y.rank:
			return x.rank < y.rank
		}
		return x.index < y.index
	})
	ranks := make([]list.Rank, len(hits))
	for i, h := range hits {
		ranks[i] = list.Rank{Index: h.index, MatchedIndexes: h.name}
	}
	return ranks
}

// matchRank is how q meets the lower-cased fields, or -1.
func matchRank(q string, f []string) int {
	name, title, lab, lesson := f[0], f[1], f[2], f[3]
	switch {
	case name == q:
		return rankName
	case strings.HasPrefix(name, q):
		return rankNamePrefix
	case strings.Contains(name, q):
		return rankNameSub
	case strings.Contains(title, q):
		return rankTitle
	case strings.Contains(lab, q):
		return rankLab
	case strings.Contains(lesson, q):
		return rankLesson
	}
	return -1
}
