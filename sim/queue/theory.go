package queue

import "math"

// TheoryTail is the mean-field fraction of servers holding at least i jobs
// at the given load with d choices: load^((d^i - 1)/(d - 1)), and load^i
// for one choice (an M/M/1 queue).
func TheoryTail(load float64, d, i int) float64 {
	if i == 0 {
		return 1
	}
	if d == 1 {
		return math.Pow(load, float64(i))
	}
	e := (math.Pow(float64(d), float64(i)) - 1) / float64(d-1)
	return math.Pow(load, e)
}

// Theory is the mean-field prediction up to queue length max: the fraction
// with exactly i jobs and at least i jobs, and the mean jobs per server
// (the sum of the tail, taken until it is negligible).
type Theory struct {
	Fractions []float64 `json:"fractions"`
	Tail      []float64 `json:"tail"`
	MeanQueue float64   `json:"mean_queue"`
}

// NewTheory works the prediction out for lengths 0..max.
func NewTheory(load float64, d, max int) Theory {
	var t Theory
	for i := 0; i <= max; i++ {
		t.Tail = append(t.Tail, TheoryTail(load, d, i))
	}
	for i := 0; i <= max; i++ {
		next := TheoryTail(load, d, i+1)
		t.Fractions = append(t.Fractions, t.Tail[i]-next)
	}
	for i := 1; i < 100000; i++ {
		v := TheoryTail(load, d, i)
		t.MeanQueue += v
		if v < 1e-15 {
			break
		}
	}
	return t
}
