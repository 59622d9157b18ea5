package configstorm

// StormLoad is the database's load, queries a second, in the storm's
// steady state: every entry empty, every read querying, each error
// queried again at once up to Attempts tries. It is the fixed point of
// L = Reads x (1 + f + ... + f^(Attempts-1)), with f = 1 - Capacity/L the
// share of queries that error.
func (c Config) StormLoad() float64 {
	l := c.Reads
	for range 200 {
		f := 0.0
		if l > c.Capacity {
			f = 1 - c.Capacity/l
		}
		sum, term := 0.0, 1.0
		for range c.Attempts {
			sum += term
			term *= f
		}
		l = (l + c.Reads*sum) / 2
	}
	return l
}

// StormSuccess is the share of reads served in the storm: only those the
// database answers, Capacity of them a second, as no entry stays valid.
func (c Config) StormSuccess() float64 { return min(1, c.Capacity/c.Reads) }

// Sustains says whether the storm can keep itself going once the value
// is fixed: the reads the cache takes are more than the database can
// answer, so the queries to refill the empty entries overload it, and
// its errors empty them again.
func (c Config) Sustains() bool { return c.Reads > c.Capacity }
