package placement

import (
	"context"
	"testing"
)

// Over 12 seeds of ten years, greedy placement loses every object or
// none on each seed (its objects share three nodes), and the result does
// not depend on the workers.
func TestLossesOverSeeds(t *testing.T) {
	s := DefaultDurabilitySpec()
	one, err := s.OverSeeds(context.Background(), 12, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	two, err := s.OverSeeds(context.Background(), 12, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, name := range one.Strategies {
		for k, n := range one.Lost[i] {
			if two.Lost[i][k] != n {
				t.Fatalf("%s seed %d: %d lost with 1 worker, %d with 3", name, k, n, two.Lost[i][k])
			}
			if name == "greedy" && n != 0 && n != s.Objects {
				t.Errorf("greedy on seed %d lost %d of %d: neither none nor all", s.Seed+int64(k), n, s.Objects)
			}
		}
	}
	// seed 425 is the scenario's: random loses 54, greedy none
	if one.Lost[0][0] != 54 || one.Lost[1][0] != 0 {
		t.Errorf("seed 425: random %d, greedy %d lost, want 54 and 0", one.Lost[0][0], one.Lost[1][0])
	}
	tab := one.Table()
	if len(tab.Rows) != len(one.Strategies) || tab.Rows[1][0] != "greedy" {
		t.Errorf("table rows: %v", tab.Rows)
	}
	t.Log(tab.Header, tab.Rows)
	if _, err := s.OverSeeds(context.Background(), 0, 1, nil); err == nil {
		t.Error("0 seeds should be refused")
	}
}
