package cascade

// window counts two kinds of events (requests and what came of them)
// over the last span seconds, in ten buckets of a tenth of the span each:
// the windows client-side throttling and the retry cap read.
type window struct {
	width float64
	at    [10]int64 // the bucket each slot counts, by index from t = 0
	n     [10][2]int
}

func newWindow(span float64) window {
	w := window{width: span / 10}
	for i := range w.at {
		w.at[i] = -1
	}
	return w
}

// add counts an event of kind k (0 or 1) at now.
func (w *window) add(now float64, k int) {
	idx := int64(now / w.width)
	slot := idx % int64(len(w.at))
	if w.at[slot] != idx {
		w.at[slot], w.n[slot] = idx, [2]int{}
	}
	w.n[slot][k]++
}

// sums are the events of each kind in the span up to now.
func (w *window) sums(now float64) (a, b int) {
	idx := int64(now / w.width)
	for i, at := range w.at {
		if at >= 0 && at > idx-int64(len(w.at)) && at <= idx {
			a, b = a+w.n[i][0], b+w.n[i][1]
		}
	}
	return a, b
}
