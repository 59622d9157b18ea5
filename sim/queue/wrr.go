package queue

// weightedRR is round robin that gives each server turns in proportion
// to its speed: a slow server of speed 0.25 takes one turn in four
// rounds, when its credit reaches 1.
type weightedRR struct{ named }

func (weightedRR) pick(s *Sim) int {
	n := s.cfg.Servers
	for {
		s.rr = (s.rr + 1) % n
		if s.rr >= s.cfg.Slow {
			return s.rr
		}
		if s.credit[s.rr] += s.cfg.SlowSpeed; s.credit[s.rr] >= 1 {
			s.credit[s.rr]--
			return s.rr
		}
	}
}

func (weightedRR) build(s *Sim) {
	if s.credit == nil {
		s.credit = make([]float64, s.cfg.Slow)
	}
}
