package hashing

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/loadlab/loadlab/sim/engine"
)

// The headline of a weighted study names each weight's exact share of
// the weight (weights 1, 2 and 4 cycled over 7 nodes: 1+1+1, 2+2 and 4+4
// of 15), gives the shares of the keys the study measured, and
// the spread and the moves of the nodes leaving and joining, each beside
// its ideal: the node that leaves has weight 1 of 15 (6.67 %), the one
// that joins takes the last node's weight, 1 of 16 (6.25 %).
func TestFiguresOfAWeightedStudy(t *testing.T) {
	s := Spec{Nodes: 7, Keys: 7000, Scheme: "weighted-hrw", Fanout: 8, VNodes: 1, Weights: "1,2,4", Remove: 1, Add: 1, Seed: 425}
	studies, err := s.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	st := studies[0]
	pct := func(v float64) string { return fmt.Sprintf("%.2f%%", 100*v) }
	g := "weighted HRW"
	want := []engine.Figure{
		{Key: "shares", Group: g, Name: "w1 (1/5)", Value: pct(st.Shares[0].Share)},
		{Key: "shares", Group: g, Name: "w2 (4/15)", Value: pct(st.Shares[1].Share)},
		{Key: "shares", Group: g, Name: "w4 (8/15)", Value: pct(st.Shares[2].Share)},
		{Key: "spread", Group: g, Name: "spread", Value: fmt.Sprintf("%.1f%%", st.PerNode.StdPct)},
		{Key: "leave", Group: g, Name: "leave moves", Value: pct(st.MovedFraction) + " (1/n 6.67%)"},
		{Key: "join", Group: g, Name: "join moves", Value: pct(st.AddedFraction) + " (1/n 6.25%)"},
	}
	if got := (Report{Spec: s, Studies: studies}).Headline(); !slices.Equal(got, want) {
		t.Errorf("figures\n%v\nwant\n%v", got, want)
	}
}
