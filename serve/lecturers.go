package serve

import (
	"fmt"
	"net"
	"os"
	"path"
	"strings"

	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// lecturerKey is a lecturer's key from the authorized_keys file and the
// addresses it may come from (from="..."; none: any).
type lecturerKey struct {
	key  ssh.PublicKey
	from []string
}

// readKeys reads an authorized_keys file of lecturers' keys. Of the
// file's options only from= is honoured; a key with any other is refused
// at start, as a key whose restriction this server would not keep.
func readKeys(file string) ([]lecturerKey, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("--lecturer-keys: cannot read %s: %w", file, err)
	}
	var keys []lecturerKey
	for n, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, _, options, _, err := gossh.ParseAuthorizedKey([]byte(line))
		if err != nil {
			return nil, fmt.Errorf("--lecturer-keys: %s line %d holds no key in authorized_keys form", file, n+1)
		}
		lk := lecturerKey{key: k}
		for _, o := range options {
			name, value, _ := strings.Cut(o, "=")
			if !strings.EqualFold(name, "from") {
				return nil, fmt.Errorf("--lecturer-keys: %s line %d has the option %s; only from=\"...\" is kept here (remove the others)", file, n+1, name)
			}
			if lk.from, err = fromPatterns(strings.Trim(value, `"`)); err != nil {
				return nil, fmt.Errorf("--lecturer-keys: %s line %d: %w", file, n+1, err)
			}
		}
		keys = append(keys, lk)
	}
	if len(keys) == 0 {
		return nil, fmt.Errorf("--lecturer-keys: %s holds no key in authorized_keys form", file)
	}
	return keys, nil
}

// fromPatterns checks a from= list: addresses with * and ?, CIDR blocks,
// each perhaps negated with !.
func fromPatterns(list string) ([]string, error) {
	var out []string
	for _, p := range strings.Split(list, ",") {
		p = strings.TrimSpace(p)
		bare := strings.TrimPrefix(p, "!")
		if bare == "" {
			return nil, fmt.Errorf("from= has an empty pattern")
		}
		if strings.Contains(bare, "/") {
			if _, _, err := net.ParseCIDR(bare); err != nil {
				return nil, fmt.Errorf("from= pattern %q is not an address block such as 10.0.0.0/8", bare)
			}
		} else if _, err := path.Match(bare, ""); err != nil {
			return nil, fmt.Errorf("from= pattern %q is not a pattern of * and ?", bare)
		}
		out = append(out, p)
	}
	return out, nil
}

// allows reports whether the key may come from addr: with no from= list,
// from anywhere; with one, from an address it matches and no ! pattern
// does. Addresses are matched as numbers (host names are not looked up,
// as sshd with UseDNS no).
func (k lecturerKey) allows(addr net.Addr) bool {
	if len(k.from) == 0 {
		return true
	}
	host, _, err := net.SplitHostPort(addr.String())
	if err != nil {
		return false
	}
	ip := net.ParseIP(host)
	allowed := false
	for _, p := range k.from {
		bare := strings.TrimPrefix(p, "!")
		var hit bool
		if _, block, err := net.ParseCIDR(bare); err == nil {
			hit = ip != nil && block.Contains(ip)
		} else {
			hit, _ = path.Match(bare, host)
		}
		switch {
		case hit && bare != p:
			return false
		case hit:
			allowed = true
		}
	}
	return allowed
}
