package tui

import (
	"github.com/charmbracelet/bubbles/list"
)

// labTitles name the picker's groups, one per engine, in a class's words.
var labTitles = map[string]string{
	"bins":             "Balls into bins",
	"exact":            "Exact enumeration",
	"supermarket":      "Supermarket queues",
	"hashing":          "Hashing",
	"cascade":          "Cascading failure",
	"retry-storm":      "Retry storm",
	"placement":        "Placement across fault domains",
	"durability":       "Durability over years",
	"availability":     "Availability",
	"lease-storm":      "Casebook: outages",
	"health-flip-flop": "Casebook: outages",
	"interleave":       "Casebook: outages",
	"remirror":         "Casebook: outages",
	"site-outage":      "Casebook: outages",
	"config-storm":     "Casebook: outages",
}

// labTitle is the heading of an engine's scenarios.
func labTitle(engine string) string {
	if t, ok := labTitles[engine]; ok {
		return t
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
