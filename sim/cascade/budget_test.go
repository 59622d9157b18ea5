package cascade

import "testing"

// The retry budget works without the breaker (26.3.2): immediate retries
// into the slow database stop while half its calls fail, so the run makes
// fewer attempts than the same retries without a budget, on the same
// arrivals. Tuned timeouts make the database's calls fail (a 0.25 s wait)
// rather than queue; the lecture's 0.9 budget ratio is never reached in
// this run (its calls fail at most about 58 % of the time), so the test
// sets 0.5.
func TestBudgetWorksWithoutTheBreaker(t *testing.T) {
	run := func(p Protections) Result {
		cfg := DefaultConfig()
		cfg.RetryBudgetRatio = 0.5
		cfg.Arrivals = "paired" // the lecture's one stream would change the arrivals too
		cfg.Protections = p
		e, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for e.Step() {
		}
		return e.Result()
	}
	plain := run(Protections{Tuned: true, Retry: Immediate})
	budget := run(Protections{Tuned: true, Retry: Immediate, Budget: true})
	if budget.Attempts >= plain.Attempts {
		t.Errorf("immediate retries with a budget made %d attempts, without %d: the budget did nothing", budget.Attempts, plain.Attempts)
	}
	if budget.Arrived != plain.Arrived {
		t.Errorf("arrivals differ: %d with the budget, %d without", budget.Arrived, plain.Arrived)
	}
}
