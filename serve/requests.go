package serve

import (
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// MaxCols and MaxRows are the largest terminal a session is drawn for:
// a client that reports a larger one (at its pty request or any window
// change) is drawn at this size, so that no client's word sets what a
// frame costs.
const (
	MaxCols = 500
	MaxRows = 200
)

// maxTermName is the longest terminal type taken; no real one is longer.
const maxTermName = 64

// filtered is a session channel whose requests pass the door first:
// sizes clamped, the shell asked for within the grace, and environment
// variables, agent and X11 forwarding and subsystems answered no before
// the session sees them.
type filtered struct {
	gossh.NewChannel
	d    *door
	host string
}

// refusedRequests are a session's requests the door turns down, and
// whether each is worth a line in the log (every OpenSSH client asks to
// pass LANG).
var refusedRequests = map[string]bool{"env": false, "auth-agent-req@openssh.com": true, "x11-req": true, "subsystem": true}

func (f filtered) Accept() (gossh.Channel, <-chan *gossh.Request, error) {
	ch, reqs, err := f.NewChannel.Accept()
	if err != nil {
		return ch, reqs, err
	}
	// A session that asks for no shell within the grace holds a place
	// for nothing.
	started := make(chan struct{})
	go func() {
		select {
		case <-started:
		case <-time.After(f.d.gate.grace):
			ch.Close()
		}
	}()
	out := make(chan *gossh.Request)
	go func() {
		defer close(out)
		once := false
		for r := range reqs {
			if logged, refused := refusedRequests[r.Type]; refused {
				if logged {
					f.d.tally.refused("request "+r.Type, "addr", f.host)
				}
				if r.WantReply {
					r.Reply(false, nil)
				}
				continue
			}
			switch r.Type {
			case "pty-req":
				clamped, err := clampPty(r.Payload)
				if err != nil {
					r.Reply(false, nil)
					continue
				}
				r.Payload = clamped
			case "window-change":
				r.Payload = clampWindow(r.Payload)
			case "shell", "exec":
				if !once {
					once = true
					close(started)
				}
			}
			out <- r
		}
	}()
	return ch, out, nil
}

// ptyRequest is a pty-req's payload (RFC 4254, 6.2).
type ptyRequest struct {
	Term                      string
	Cols, Rows, Width, Height uint32
	Modes                     string
}

// windowChange is a window-change's payload (RFC 4254, 6.7).
type windowChange struct {
	Cols, Rows, Width, Height uint32
}

// clampPty bounds a pty request's size and terminal type.
func clampPty(payload []byte) ([]byte, error) {
	var p ptyRequest
	if err := gossh.Unmarshal(payload, &p); err != nil {
		return nil, err
	}
	if len(p.Term) > maxTermName {
		p.Term = "dumb"
	}
	p.Cols, p.Rows = clamp(p.Cols, 80, MaxCols), clamp(p.Rows, 24, MaxRows)
	p.Width, p.Height = 0, 0
	return gossh.Marshal(p), nil
}

// clampWindow bounds a window change's size; a payload it cannot read is
// passed on for the session to refuse.
func clampWindow(payload []byte) []byte {
	var w windowChange
	if err := gossh.Unmarshal(payload, &w); err != nil {
		return payload
	}
	w.Cols, w.Rows = clamp(w.Cols, 80, MaxCols), clamp(w.Rows, 24, MaxRows)
	w.Width, w.Height = 0, 0
	return gossh.Marshal(w)
}

// clamp is n at most most; 0, a size the client does not know (ssh -tt
// without a terminal of its own), is the classic terminal's.
func clamp(n, unknown, most uint32) uint32 {
	if n == 0 {
		return unknown
	}
	return min(n, most)
}
