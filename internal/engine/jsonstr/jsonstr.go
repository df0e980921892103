// Package jsonstr writes a Go string as a JSON string, into a caller's
// buffer and without allocating, for the packages that write JSON by
// hand on a hot path: bt's saves, inspect's scenes.
//
// encoding/json escapes as well, but only through a Marshal that
// allocates; strconv.Quote's escapes are Go's, and not all of them are
// JSON's (\x00, \a).
//
// It is an engine helper (internal/engine): it imports nothing of the
// project, and any package may import it.
package jsonstr

import "unicode/utf8"

// Append appends s as a JSON string: quoted, with '"' and '\\' escaped
// and the control characters below U+0020 written \u00XX. A byte of s
// that is not UTF-8 is written as U+FFFD, as encoding/json writes it, so
// that what Append writes is always JSON.
func Append(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c < 0x20:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b = utf8.AppendRune(b, utf8.RuneError)
		} else {
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return append(b, '"')
}
