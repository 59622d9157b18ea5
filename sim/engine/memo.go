package engine

import "sync"

// Memo keeps the latest results of a pure but slow computation by its
// argument (an exact distribution, a fluid limit), so that a view opened
// again does not work them out again. It holds at most Size results,
// forgetting them all when full; it is safe for concurrent use. A result
// is shared by every caller: treat it as read-only.
type Memo[K comparable, V any] struct {
	Size int
	mu   sync.Mutex
	m    map[K]V
}

// Get is the result for k, from f the first time (and again once
// forgotten). A result with an error is not kept.
func (c *Memo[K, V]) Get(k K, f func() (V, error)) (V, error) {
	c.mu.Lock()
	v, ok := c.m[k]
	c.mu.Unlock()
	if ok {
		return v, nil
	}
	v, err := f()
	if err != nil {
		return v, err
	}
	c.mu.Lock()
	if c.m == nil || len(c.m) >= max(1, c.Size) {
		c.m = map[K]V{}
	}
	c.m[k] = v
	c.mu.Unlock()
	return v, nil
}
