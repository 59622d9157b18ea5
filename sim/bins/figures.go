package bins

import (
	"encoding/json"
	"math"
	"slices"
)

// Figures describe one strategy's bin loads at one moment.
type Figures struct {
	Max int `json:"max"`
	Min int `json:"min"`
	// Mean is balls placed / bins.
	Mean float64 `json:"mean"`
	// Std is the population standard deviation of the bin loads.
	Std float64 `json:"std"`
	// P99 is the 99th percentile bin load, by nearest rank.
	P99 int `json:"p99"`
	// Empty counts bins holding no ball.
	Empty int `json:"empty"`
	// Hot counts bins at or above Hot x Mean. The report leaves it out
	// (null) while Mean is under HotMinMean (HotCounted).
	Hot int `json:"hot"`
	// Top5 are the five highest loads, highest first.
	Top5 []int `json:"top5"`
	// Gap is Max - Mean.
	Gap float64 `json:"gap"`
}

// HotMinMean is the final mean load from which a hot bin is a moment
// (and a view marks hot bins): below it, 1.2 x the mean is 2 balls or so,
// and "hot" would only mean "holds two".
const HotMinMean = 5

// HotCounted reports whether the mean load is high enough for a hot count
// to say more than "holds two".
func (f Figures) HotCounted() bool { return f.Mean >= HotMinMean }

// MarshalJSON writes the figures with hot null where it is not counted.
func (f Figures) MarshalJSON() ([]byte, error) {
	var hot *int
	if f.HotCounted() {
		hot = &f.Hot
	}
	return json.Marshal(struct {
		Max   int     `json:"max"`
		Min   int     `json:"min"`
		Mean  float64 `json:"mean"`
		Std   float64 `json:"std"`
		P99   int     `json:"p99"`
		Empty int     `json:"empty"`
		Hot   *int    `json:"hot"`
		Top5  []int   `json:"top5"`
		Gap   float64 `json:"gap"`
	}{f.Max, f.Min, f.Mean, f.Std, f.P99, f.Empty, hot, f.Top5, f.Gap})
}

// hotGuard keeps a threshold such as 1.2 x 100 from landing a rounding error
// above 120, so that a bin at exactly hot x mean counts as hot.
const hotGuard = 1e-12

// histFits reports whether a histogram of loads 0..max stays within a
// few words per bin; past that the figures sort a copy of the loads.
func (l *lane) histFits() bool { return int(l.max) <= 2*len(l.loads)+1024 }

// countLoads fills l.byLoad with how many bins hold each load, or, when
// the loads span more than a histogram should hold, leaves it empty and
// fills l.sorted with the loads in order.
func (l *lane) countLoads() {
	var sumSq int64
	if !l.histFits() {
		l.byLoad = l.byLoad[:0]
		l.sorted = append(l.sorted[:0], l.loads...)
		slices.Sort(l.sorted)
		for _, v := range l.loads {
			sumSq += int64(v) * int64(v)
		}
		l.sumSq = sumSq
		return
	}
	// Most bins share a handful of loads, so one counter would be
	// incremented bin after bin, each add waiting on the last: four
	// counters, one per bin mod 4, summed at the end, keep them apart.
	top := int(l.max) + 1
	l.byLoad = slices.Grow(l.byLoad[:0], 4*top)[:4*top]
	clear(l.byLoad)
	c0, c1, c2, c3 := l.byLoad[:top], l.byLoad[top:2*top], l.byLoad[2*top:3*top], l.byLoad[3*top:]
	for i := 0; i < len(l.loads); i += passChunk {
		if l.stopped() {
			break
		}
		loads := l.loads[i:min(i+passChunk, len(l.loads))]
		j := 0
		for ; j+4 <= len(loads); j += 4 {
			a, b, c, d := loads[j], loads[j+1], loads[j+2], loads[j+3]
			c0[a]++
			c1[b]++
			c2[c]++
			c3[d]++
			sumSq += int64(a)*int64(a) + int64(b)*int64(b) + int64(c)*int64(c) + int64(d)*int64(d)
		}
		for _, v := range loads[j:] {
			c0[v]++
			sumSq += int64(v) * int64(v)
		}
	}
	for k := range c0 {
		c0[k] += c1[k] + c2[k] + c3[k]
	}
	l.byLoad = c0
	l.sumSq = sumSq
}

// figures computes the Figures of a lane from its loads.
func (l *lane) figures(placed int, hot float64) Figures {
	l.countLoads()
	n := len(l.loads)
	f := Figures{Max: int(l.max), Mean: float64(placed) / float64(n)}
	nf := float64(n)
	variance := (float64(l.sumSq)*nf - float64(placed)*float64(placed)) / (nf * nf)
	f.Std = math.Sqrt(math.Max(variance, 0))
	f.Gap = float64(f.Max) - f.Mean
	rank := (99*n + 99) / 100 // ceil(0.99 n)
	threshold := hot * f.Mean * (1 - hotGuard)
	if placed == 0 {
		threshold = math.Inf(1)
	}
	f.Top5 = make([]int, 0, 5)
	if len(l.byLoad) == 0 {
		s := l.sorted
		f.Min, f.P99 = int(s[0]), int(s[rank-1])
		f.Empty, _ = slices.BinarySearch(s, 1)
		hotFrom, _ := slices.BinarySearchFunc(s, threshold, func(v int32, t float64) int {
			if float64(v) < t {
				return -1
			}
			return 1
		})
		f.Hot = n - hotFrom
		for i := n - 1; i >= 0 && len(f.Top5) < 5; i-- {
			f.Top5 = append(f.Top5, int(s[i]))
		}
		return f
	}
	for k, c := range l.byLoad {
		if c > 0 {
			f.Min = k
			break
		}
	}
	f.Empty = l.byLoad[0]
	cum := 0
	for k, c := range l.byLoad {
		cum += c
		if cum >= rank {
			f.P99 = k
			break
		}
	}
	for k := len(l.byLoad) - 1; k >= 0; k-- {
		c := l.byLoad[k]
		if float64(k) >= threshold {
			f.Hot += c
		}
		for i := 0; i < c && len(f.Top5) < 5; i++ {
			f.Top5 = append(f.Top5, k)
		}
		if len(f.Top5) == 5 && float64(k) < threshold {
			break
		}
	}
	return f
}
