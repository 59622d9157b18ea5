package queue

import "fmt"

// staleD is jsq-d on a load board refreshed every Refresh time units: a
// job goes to the least loaded, as the board says, of d servers drawn.
type staleD struct{ drawing }

func (staleD) pick(s *Sim) int              { return s.shortestOf(s.board) }
func (staleD) choices(c Config) (int, bool) { return c.D, true }

func (staleD) label(c Config) string {
	return fmt.Sprintf("stale-%d (board every %.10g)", c.D, c.Refresh)
}

// build posts the board as the servers are now; a run that counts the
// jobs sent over a window keeps its periods, another counts from now.
func (staleD) build(s *Sim) {
	if s.board != nil {
		return
	}
	s.board = make([]int32, s.cfg.Servers)
	copy(s.board, s.jobs)
	if s.sent == nil {
		s.period = s.cfg.Refresh
		s.sent, s.periodEnd = make([]int32, s.cfg.Servers), s.now+s.period
	}
}
