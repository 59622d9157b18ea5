package queue

// Hot is one of the servers sent the most jobs since PeriodStart: its
// number, the jobs sent it, what the board showed it holding (-1 for a
// policy without a board) and what it holds now.
type Hot struct {
	Server, Sent, Showed, Holds int
}

// hotCache is the latest Hottest, kept for the step it was worked out at.
type hotCache struct {
	at    float64
	k     int
	top   []int
	hot   []Hot
	valid bool
}

// Hottest is the k servers sent the most jobs since PeriodStart, most
// first (ties: the lower number), for a run that counts them (nil for the
// others): the herd a stale board sends. It is worked out once a step, in
// one pass over the servers; the slice is the engine's own until the
// next step.
func (s *Sim) Hottest(k int) []Hot {
	if s.sent == nil {
		return nil
	}
	c := &s.hotCache
	if c.valid && c.at == s.now && c.k == k {
		return c.hot
	}
	c.top = hottest(s.sent, k, c.top)
	c.hot = c.hot[:0]
	for _, srv := range c.top {
		h := Hot{Server: srv, Sent: int(s.sent[srv]), Showed: -1, Holds: int(s.jobs[srv])}
		if s.board != nil {
			h.Showed = int(s.board[srv])
		}
		c.hot = append(c.hot, h)
	}
	c.at, c.k, c.valid = s.now, k, true
	return c.hot
}

// hottest is the k servers sent the most jobs, most first (ties: the lower
// number), in one pass over the servers; into lends its array.
func hottest(sent []int32, k int, into []int) []int {
	top := into[:0]
	for srv, n := range sent {
		if len(top) == k {
			if n <= sent[top[k-1]] {
				continue
			}
			top = top[:k-1]
		}
		i := len(top)
		top = append(top, srv)
		for i > 0 && sent[top[i-1]] < n {
			top[i] = top[i-1]
			i--
		}
		top[i] = srv
	}
	return top
}
