package hashinglab

// glossary is the lab's words in plain terms.
func (l *Lab) glossary() [][2]string {
	return [][2]string{
		{"HRW", "rendezvous hashing, highest random weight: every node scores the key, and the node of highest score owns it; no table to keep"},
		{"score", "hash(key, node) mixed into a number that looks random; weighted HRW scores -w / ln u, u the score as a fraction in (0, 1)"},
		{"weight", "a node's size: under weighted HRW a node of weight w owns about w / (the sum of the weights) of the keys"},
		{"ring", "consistent hashing: nodes and keys hashed onto one circle, 0 to 2^64; a key belongs to the first node point at or past it, so a node owns the arc up to its point"},
		{"virtual points", "points a node puts on the ring (v/V): with one, arcs are of random length; with many, each node's arcs add up nearer the mean"},
		{"skeleton", "HRW over a tree of node clusters, scored level by level: a lookup costs O(log n) scores, not n, but a join moves more than its share"},
		{"spread", "how unevenly the keys lie: the standard deviation of the keys a node, as a share of their mean (at best about sqrt((n - 1) / keys))"},
		{"moved", "the keys whose node changed when a node left or joined; the ideal is that node's share, 1/n: its own keys and no others"},
	}
}
