package serve

import (
	"sync"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/tui"
)

// class is the shared session: what the lecturer's session shows, handed
// to every session that follows it, and the count of those that follow
// and those that have branched off, shown to the lecturers.
type class struct {
	mu        sync.Mutex
	state     tui.ClassState
	followers map[*tea.Program]*follower
	lecturers map[*tea.Program]bool
	// driver is the lecturer's session the class follows: the first to
	// come, then, when it leaves, another lecturer's if there is one
	driver *tea.Program
}

// follower is a student's session, and its mailbox: the latest state for
// it, handed on by a goroutine of its own, so that a slow session never
// holds up the lecturer's. following says it follows now, followed that
// it has (one that has left off has branched).
type follower struct {
	latest              chan tui.ClassState
	following, followed bool
}

func newClass() *class {
	return &class{followers: map[*tea.Program]*follower{}, lecturers: map[*tea.Program]bool{}}
}

// publish takes what a lecturer's session shows and, from the session
// that drives the class, hands it on.
func (c *class) publish(p *tea.Program, st tui.ClassState) {
	c.mu.Lock()
	if p != c.driver {
		c.mu.Unlock()
		return
	}
	c.state = st
	mailboxes := make([]*follower, 0, len(c.followers))
	for _, f := range c.followers {
		mailboxes = append(mailboxes, f)
	}
	c.mu.Unlock()
	for _, f := range mailboxes {
		f.post(st)
	}
}

// post leaves st in the mailbox, in place of any state not yet handed on.
func (f *follower) post(st tui.ClassState) {
	for {
		select {
		case f.latest <- st:
			return
		default:
			select {
			case <-f.latest:
			default:
			}
		}
	}
}

// join adds a student's session, following from the start or not; its
// first state is the class's now.
func (c *class) join(p *tea.Program, done <-chan struct{}, following bool) {
	f := &follower{latest: make(chan tui.ClassState, 1), following: following, followed: following}
	c.mu.Lock()
	c.followers[p] = f
	f.post(c.state)
	c.mu.Unlock()
	go func() {
		for {
			select {
			case st := <-f.latest:
				p.Send(tui.FollowMsg{State: st})
			case <-done:
				return
			}
		}
	}()
	c.count()
}

// lecture adds a lecturer's session, which is shown the class's count;
// the first drives the class. A lecturer who comes back (or a second
// session) resumes the run the class is on, where it is, before it is
// told it drives: the class keeps its screen.
func (c *class) lecture(p *tea.Program) {
	c.mu.Lock()
	c.lecturers[p] = true
	if c.driver == nil {
		c.driver = p
	}
	st := c.state
	c.mu.Unlock()
	go func() {
		if st.Open {
			p.Send(tui.ResumeMsg{State: st})
		}
		c.count()
	}()
}

// leave drops a session that ended. When the session driving the class
// leaves, another lecturer's drives it; with none, the followers are told
// the lecturer has gone (and keep the run on screen).
func (c *class) leave(p *tea.Program) {
	c.mu.Lock()
	delete(c.followers, p)
	delete(c.lecturers, p)
	gone := false
	if p == c.driver {
		c.driver = nil
		for q := range c.lecturers {
			c.driver = q
			break
		}
		if gone = c.driver == nil; gone {
			c.state.Away = true
		}
	}
	st := c.state
	mailboxes := make([]*follower, 0, len(c.followers))
	for _, f := range c.followers {
		mailboxes = append(mailboxes, f)
	}
	c.mu.Unlock()
	if gone {
		for _, f := range mailboxes {
			f.post(st)
		}
	}
	c.count()
}

// branched notes a student's session leaving off following (following
// false) or following.
func (c *class) branched(p *tea.Program, following bool) {
	c.mu.Lock()
	if f, ok := c.followers[p]; ok {
		f.following = following
		f.followed = f.followed || following
	}
	c.mu.Unlock()
	c.count()
}

// watched reports whether p is the lecturer's session the class follows,
// with a student following it now.
func (c *class) watched(p *tea.Program) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if p != c.driver {
		return false
	}
	for _, f := range c.followers {
		if f.following {
			return true
		}
	}
	return false
}

// watching reports whether p follows a lecturer who is here.
func (c *class) watching(p *tea.Program) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	f, ok := c.followers[p]
	return ok && f.following && len(c.lecturers) > 0
}

// count tells the lecturers how many follow and how many have branched.
func (c *class) count() {
	c.mu.Lock()
	msg := tui.ClassCountMsg{}
	for _, f := range c.followers {
		switch {
		case f.following:
			msg.Following++
		case f.followed:
			msg.Branched++
		default:
			msg.Own++
		}
	}
	lecturers := make([]*tea.Program, 0, len(c.lecturers))
	for p := range c.lecturers {
		lecturers = append(lecturers, p)
	}
	driver := c.driver
	c.mu.Unlock()
	for _, p := range lecturers {
		msg := msg
		msg.Driving = p == driver
		go p.Send(msg)
	}
}
