package tui

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/scenarios"
)

// otherPart opens the next part of the scenario's story (next) or the
// part before, keeping this run where it is, as esc and the picker
// would; a scenario that stands alone, or a story's end, says so.
func (m *Model) otherPart(next bool) tea.Cmd {
	p, ok := scenarios.PlaceOf(m.scenario.Name)
	if !ok {
		m.setNote("{ and } move through a story told in parts, such as AWS 2025's night from dns-race on; this scenario stands alone", false)
		return nil
	}
	name, end := p.Next, "the last part"
	if !next {
		name, end = p.Prev, "the first part"
	}
	if name == "" {
		m.setNote(fmt.Sprintf("this is %s of %s (%d of %d)", end, p.Chain, p.Part, p.Of), false)
		return nil
	}
	sc, ok := scenarios.Lookup(name)
	if !ok {
		m.setNote("no scenario "+name, true)
		return nil
	}
	m.back()
	return m.enter(sc)
}

// partWords says where the scenario stands in its story, for the opening
// note and the help: "part 2 of 4 of AWS 2025's night: the DNS race left
// ... · { the part before, } the next"; "" for a scenario that stands
// alone.
func partWords(name string) string {
	p, ok := scenarios.PlaceOf(name)
	if !ok {
		return ""
	}
	s := fmt.Sprintf("part %d of %d of %s", p.Part, p.Of, p.Chain)
	if p.Opens != "" {
		s += ": " + p.Opens
	}
	switch {
	case p.Prev != "" && p.Next != "":
		s += " · { the part before, } the next"
	case p.Next != "":
		s += " · } the next part"
	case p.Prev != "":
		s += " · { the part before"
	}
	return s
}
