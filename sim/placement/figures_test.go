package placement

import (
	"fmt"
	"testing"

	"github.com/loadlab/loadlab/sim/engine"
)

// The table's headline at its end is each row's majority-loss share as
// its counts give it, the rows in the table's order.
func TestTableFiguresAreItsRows(t *testing.T) {
	tab, err := NewTable(DefaultSpec())
	if err != nil {
		t.Fatal(err)
	}
	for tab.Step() {
	}
	figs := tab.Headline()
	rows := tab.Rows()
	if len(figs) != len(rows) {
		t.Fatalf("%d figures for %d rows", len(figs), len(rows))
	}
	for i, r := range rows {
		want := engine.Figure{Key: r.Event.String(), Group: r.Strategy.String(), Name: eventWord(r.Event),
			Value: fmt.Sprintf("%.2f%%", 100*(float64(r.LoseMajority)/float64(r.Total)))} // the share, then a percentage, as the lecture rounds (25.17 %, not 25.18 %)
		if figs[i] != want {
			t.Errorf("row %d: %+v, want %+v", i, figs[i], want)
		}
	}
}

// The years' headline at their end is each strategy's result.
func TestDurabilityFiguresAreItsResults(t *testing.T) {
	d, err := NewDurability(DefaultDurabilitySpec())
	if err != nil {
		t.Fatal(err)
	}
	for d.Step() {
	}
	figs := d.Headline()
	for i, r := range d.Results() {
		lost, unavailable := figs[2*i], figs[2*i+1]
		if lost.Group != r.Strategy || lost.Value != engine.Digits(int64(r.Lost)) || unavailable.Value != engine.Digits(int64(r.LostMajority)) {
			t.Errorf("%s: %+v %+v, want lost %d, unavailable %d", r.Strategy, lost, unavailable, r.Lost, r.LostMajority)
		}
	}
}
