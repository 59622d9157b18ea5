package tui

import (
	"github.com/charmbracelet/bubbles/list"
	"github.com/loadlab/loadlab/scenarios"
)

// labTitle is the heading of an engine's scenarios (its engine's group).
func labTitle(engine string) string {
	if e, ok := scenarios.LookupEngine(engine); ok && e.Group != "" {
		return e.Group
	}
	return engine
}

// labOrder lists the labs' headings in the order their scenarios first
// appear: the catalogue's teaching order. Engines that share a heading
// (the casebook's) are one lab. A lab's number is its place here, from 1.
func labOrder(items []list.Item) []string {
	var order []string
	seen := map[string]bool{}
	for _, it := range items {
		if g := groupOf(it); g != "" && !seen[g] {
			seen[g] = true
			order = append(order, g)
		}
	}
	return order
}

func engineOf(it list.Item) string {
	if si, ok := it.(scenarioItem); ok {
		return si.sc.Engine()
	}
	return ""
}

// groupOf is the heading an item's scenario sits under.
func groupOf(it list.Item) string {
	if e := engineOf(it); e != "" {
		return labTitle(e)
	}
	return ""
}

// withSweeps places each sweep scenario after the last item of its
// base's lab.
func withSweeps(items []list.Item) []list.Item {
	for _, sw := range scenarios.Sweeps() {
		var spec scenarios.Spec
		if e, ok := scenarios.LookupEngine(sw.Base); ok {
			spec = e.Default
		} else if sc, ok := scenarios.Lookup(sw.Base); ok {
			spec = sc.Spec
		} else {
			continue
		}
		it := scenarioItem{sc: scenarios.Scenario{Name: sw.Name, Title: "sweep: " + sw.Title, Lesson: sw.Lesson, Spec: spec}, sweep: true}
		at := len(items)
		for i, other := range items {
			if groupOf(other) == groupOf(it) {
				at = i + 1
			}
		}
		items = append(items[:at], append([]list.Item{it}, items[at:]...)...)
	}
	return items
}
