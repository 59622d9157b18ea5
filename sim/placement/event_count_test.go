package placement

import "testing"

// A failure's count, worked out, is the walk's over its nodes (the walk
// made a table of 64,000 versions take 8.5 s to write, deaf to ctrl+c).
func TestFailureCountIsTheWalks(t *testing.T) {
	for lo := 0; lo < 20; lo++ {
		for hi := lo; hi < 40; hi += 3 {
			for mod := 0; mod < 7; mod++ {
				for rem := 0; rem < max(1, mod); rem++ {
					f, walked := failure{lo, hi, mod, rem}, 0
					for n := lo; n < hi; n++ {
						if f.down(n) {
							walked++
						}
					}
					if got := f.count(); got != walked {
						t.Fatalf("%+v: count %d, walk %d", f, got, walked)
					}
				}
			}
		}
	}
}
