package tui

import (
	"github.com/charmbracelet/bubbles/list"
)

// labTitles name the picker's groups, one per engine, in a class's words.
var labTitles = map[string]string{
	"bins":         "Balls into bins",
	"exact":        "Exact enumeration",
	"supermarket":  "Supermarket queues",
	"hashing":      "Hashing",
	"cascade":      "Cascading failure",
	"retry-storm":  "Retry storm",
	"placement":    "Placement across fault domains",
	"durability":   "Durability over years",
	"availability": "Availability",
}

// labTitle is the heading of an engine's scenarios.
func labTitle(engine string) string {
	if t, ok := labTitles[engine]; ok {
		return t
	}
	return engine
}

// labOrder lists the engines in the order their scenarios first appear:
// the catalogue's teaching order. A lab's number is its place here, from 1.
func labOrder(items []list.Item) []string {
	var order []string
	seen := map[string]bool{}
	for _, it := range items {
		if e := engineOf(it); e != "" && !seen[e] {
			seen[e] = true
			order = append(order, e)
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
