package queue

import "math"

// jsq sends a job to the shortest of all the servers: the first of the
// servers holding the fewest jobs, kept in buckets by length (Sim.bucket,
// kept up to date as jobs come and go).
type jsq struct{ named }

func (jsq) pick(s *Sim) int { return int(s.bucket[s.min][0]) }

func (jsq) build(s *Sim) {
	if s.bucket != nil {
		return
	}
	s.place, s.bucket, s.min = make([]int32, s.cfg.Servers), nil, math.MaxInt
	for k, q := range s.jobs {
		for int(q) >= len(s.bucket) {
			s.bucket = append(s.bucket, nil)
		}
		s.place[k] = int32(len(s.bucket[q]))
		s.bucket[q] = append(s.bucket[q], int32(k))
		s.min = min(s.min, int(q))
	}
}
