package scenarios

import (
	"github.com/loadlab/loadlab/internal/costcheck"

	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/sim/placement"
)

// durabilityRun runs a durability scenario's spec with the rebuild time
// set to hours (0 keeps the scenario's) and returns the counts by
// strategy.
func durabilityRun(t *testing.T, name string, hours float64) map[string]placement.DurabilityResult {
	t.Helper()
	sc, ok := Lookup(name)
	if !ok {
		t.Fatalf("no scenario %s", name)
	}
	s := sc.Spec.(placement.DurabilitySpec)
	if hours > 0 {
		s.RebuildHours = hours
	}
	d, err := placement.NewDurability(s)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Run(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	out := map[string]placement.DurabilityResult{}
	for _, r := range d.Results() {
		out[r.Strategy] = r
	}
	return out
}

// The figures the durability lessons quote are the figures their runs
// give, at the rebuild times the lessons name (f/F in the lab).
func TestDurabilityLessonsTellTheRun(t *testing.T) {
	costcheck.Long(t) // ten years of durability five times, and a hundred seeds
	repair, _ := Lookup("durability-repair")
	rs := repair.Spec.(placement.DurabilitySpec)
	at := map[float64]map[string]placement.DurabilityResult{}
	for _, h := range []float64{48, 24, 12, 6} {
		at[h] = durabilityRun(t, "durability-repair", h)
	}
	lost := func(h float64, strategies ...string) string {
		var out []string
		for _, s := range strategies {
			out = append(out, fmt.Sprint(at[h][s].Lost))
		}
		return strings.Join(out, " ")
	}
	years := durabilityRun(t, "durability-years", 0)
	ys, _ := Lookup("durability-years")
	seeds, err := ys.Spec.(placement.DurabilitySpec).OverSeeds(context.Background(), 100, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	seedRow := func(strategy string) []string {
		for _, row := range seeds.Table().Rows {
			if row[0] == strategy {
				return row
			}
		}
		return nil
	}
	checks := []struct {
		scenario, quote string
		got             func() string
		want            string
	}{
		{"durability-repair", "no rack burns, nothing goes dark", func() string {
			// once in a thousand runs at most: 1e6 years against ten
			never := 1000 * rs.Years * float64(2*rs.Racks()+rs.AZs)
			return fmt.Sprint(rs.RackLossYears >= never && rs.RackOutageYears >= never && rs.AZOutageYears >= never)
		}, "true"},
		{"durability-repair", "each of the 27 nodes loses its disk every 3 months", func() string {
			return fmt.Sprintf("%d %g", rs.Nodes(), rs.NodeMTTFYears*12)
		}, "27 3"},
		{"durability-repair", "one somewhere every 3.4 days", func() string {
			return fmt.Sprintf("%.1f", rs.NodeMTTFYears*365/float64(rs.Nodes()))
		}, "3.4"},
		{"durability-repair", "With 48 h rebuilds random placement loses 114 of 3,000 objects in ten years (rack-aware 121, az-aware 96)",
			func() string {
				return fmt.Sprintf("%g %d %g %s", rs.RebuildHours, rs.Objects, rs.Years, lost(48, "random", "rack-aware", "az-aware"))
			}, "48 3000 10 114 121 96"},
		{"durability-repair", "at 24 h random loses 34, at 12 h 2, at 6 h none", func() string {
			return strings.Join([]string{lost(24, "random"), lost(12, "random"), lost(6, "random", "rack-aware", "az-aware")}, " ")
		}, "34 2 0 0 0"},
		{"durability-repair", "the spreading strategies lose alike", func() string {
			counts := []int{at[48]["random"].Lost, at[48]["rack-aware"].Lost, at[48]["az-aware"].Lost}
			return fmt.Sprint(float64(slices.Max(counts)) <= 1.5*float64(slices.Min(counts)))
		}, "true"},
		{"durability-repair", "(all short of a majority at 48 h, none at 12 h)", func() string {
			return fmt.Sprint(at[48]["greedy"].LostMajority, at[12]["greedy"].LostMajority, at[48]["greedy"].Lost)
		}, "3000 0 0"},
		{"durability-years", "one dark rack makes every object unavailable", func() string {
			return fmt.Sprint(years["greedy"].LostMajority == years["greedy"].Objects)
		}, "true"},
		{"durability-years", "none on this seed, all on 426; N runs seeds 425-524, and all are lost on 30 of them, while random loses a few on every seed (15 on average)", func() string {
			gr, rd := seedRow("greedy"), seedRow("random")
			return fmt.Sprintf("%d %d %s %s %s", seeds.Lost[1][0], seeds.Lost[1][1], gr[5], rd[4], rd[1])
		}, "0 3000 30 (30 %) 100 (100 %) 15.1"},
		{"durability-years", "az-aware is short of a majority least often", func() string {
			least := years["az-aware"].LostMajority
			for _, r := range years {
				least = min(least, r.LostMajority)
			}
			return fmt.Sprint(least == years["az-aware"].LostMajority)
		}, "true"},
	}
	for _, c := range checks {
		sc, _ := Lookup(c.scenario)
		if !strings.Contains(sc.Lesson, c.quote) {
			t.Errorf("%s: the lesson no longer says %q", c.scenario, c.quote)
		}
		if got := c.got(); got != c.want {
			t.Errorf("%s: %q: the run gives %s, the lesson %s", c.scenario, c.quote, got, c.want)
		}
	}
}
