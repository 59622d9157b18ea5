package lab

import (
	"context"
	"testing"
	"time"
)

func TestTurnsAreTakenOneAtATime(t *testing.T) {
	s := NewShare(ClassShare{Turns: 1, Workers: 1})
	done, err := s.Turn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	second := make(chan struct{})
	go func() {
		d, err := s.Turn(context.Background())
		if err != nil {
			t.Error(err)
			return
		}
		d()
		close(second)
	}()
	for s.waiting.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	select {
	case <-second:
		t.Fatal("a second turn began while the first was under way")
	case <-time.After(20 * time.Millisecond):
	}
	done()
	<-second // the first given back, the second goes
}

func TestAWaitForATurnEndsWithItsContext(t *testing.T) {
	s := NewShare(ClassShare{Turns: 1, Workers: 1})
	done, _ := s.Turn(context.Background())
	defer done()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.Turn(ctx); err == nil {
		t.Fatal("a cancelled wait was given a turn")
	}
	if s.waiting.Load() != 0 {
		t.Fatalf("%d still counted as waiting", s.waiting.Load())
	}
}

func TestNoShareIsATurnAtOnce(t *testing.T) {
	var s *Share
	done, err := s.Turn(context.Background())
	if err != nil || done == nil {
		t.Fatalf("a desktop's work waited: %v", err)
	}
	done()
}
