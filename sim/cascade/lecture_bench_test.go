package cascade

import (
	"context"
	"testing"
	"unsafe"
)

// BenchmarkLecture is loadlab run cascade --seed 425: the lecture's spec,
// S1-S6 on seed 425, on one goroutine. Its B/op is mostly the requests'
// slots (one a request of a run, never reused), so it moves with the
// size of request: 35.1 MB/op at 48 bytes, 40.8 at 64.
func BenchmarkLecture(b *testing.B) {
	s := DefaultSpec()
	s.Seed = 425
	b.ReportAllocs()
	for range b.N {
		if _, err := s.RunAll(context.Background(), 1, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// A request is 48 bytes: every request of a run keeps its slot, and the
// 64 bytes that new fields once made it cost the lecture's run 16 % more
// time in fresh memory (BenchmarkLecture). A new field finds room in the
// padding or goes beside the slots, as the limiter's permit times do.
func TestRequestStays48Bytes(t *testing.T) {
	if n := unsafe.Sizeof(request{}); n > 48 {
		t.Errorf("request is %d bytes, over 48", n)
	}
}
