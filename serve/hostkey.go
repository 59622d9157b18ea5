package serve

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"os"

	gossh "golang.org/x/crypto/ssh"
)

// hostKey reads the host key's file, or makes an ed25519 key and writes
// it there, readable by its owner only (0600); a file others may read is
// refused, as sshd refuses one. It returns the key in PEM
// and its SHA256 fingerprint, as ssh prints it on first connecting.
func hostKey(path string) (pemBytes []byte, fingerprint string, err error) {
	pemBytes, err = os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		_, priv, gerr := ed25519.GenerateKey(rand.Reader)
		if gerr != nil {
			return nil, "", gerr
		}
		block, merr := gossh.MarshalPrivateKey(priv, "loadlab host key")
		if merr != nil {
			return nil, "", merr
		}
		pemBytes = pem.EncodeToMemory(block)
		if err = os.WriteFile(path, pemBytes, 0o600); err != nil {
			return nil, "", fmt.Errorf("--host-key: cannot write %s: %w", path, err)
		}
	} else if err != nil {
		return nil, "", fmt.Errorf("--host-key: cannot read %s: %w", path, err)
	} else if info, serr := os.Stat(path); serr == nil && info.Mode().Perm()&0o077 != 0 {
		return nil, "", fmt.Errorf("--host-key: %s may be read by others (mode %o): chmod 600 %s, as sshd asks of its host keys", path, info.Mode().Perm(), path)
	}
	signer, err := gossh.ParsePrivateKey(pemBytes)
	if err != nil {
		return nil, "", fmt.Errorf("--host-key: %s holds no private key this server reads: %w", path, err)
	}
	return pemBytes, gossh.FingerprintSHA256(signer.PublicKey()), nil
}
