package btjson

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
)

// places is where the values of a JSON value read whole lie: the offset
// of each by its path, and the first key an object gives twice. The
// loader reads such a value (a "consider") in one piece with
// encoding/json, which tells neither.
type places struct {
	at       map[string]int // by path: base.key, base.list[2]
	twice    string         // the path of the first key given twice, or ""
	twiceKey string         // that key
	twiceAt  int
}

// placesOf reads raw, one JSON value that the loader has checked, whose
// path is base, and returns where its values lie, offsets into raw.
func placesOf(raw []byte, base string) places {
	type frame struct {
		path    string
		obj     bool
		wantKey bool
		key     string
		n       int // the index of an array's next value
		keys    map[string]bool
	}
	p := places{at: map[string]int{}}
	var stack []frame
	here := func() string { // the path of the value that comes next
		if len(stack) == 0 {
			return base
		}
		f := &stack[len(stack)-1]
		if f.obj {
			return keyPath(f.path, f.key)
		}
		return f.path + "[" + strconv.Itoa(f.n) + "]"
	}
	done := func() { // a value of the frame on top has been read
		if len(stack) == 0 {
			return
		}
		if f := &stack[len(stack)-1]; f.obj {
			f.wantKey = true
		} else {
			f.n++
		}
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	for {
		off := int(dec.InputOffset())
		for off < len(raw) && strings.IndexByte(" \t\r\n,:", raw[off]) >= 0 {
			off++
		}
		tok, err := dec.Token()
		if err != nil {
			return p // the end (the loader has checked the rest)
		}
		if len(stack) > 0 && stack[len(stack)-1].wantKey {
			f := &stack[len(stack)-1]
			if tok == json.Delim('}') {
				stack = stack[:len(stack)-1]
				done()
				continue
			}
			key, ok := tok.(string)
			if !ok {
				return p // not JSON after all: the loader says so
			}
			f.key, f.wantKey = key, false
			if f.keys[f.key] && p.twice == "" {
				p.twice, p.twiceKey, p.twiceAt = keyPath(f.path, f.key), f.key, off
			}
			f.keys[f.key] = true
			continue
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			path := here()
			p.at[path] = off
			stack = append(stack, frame{path: path, obj: tok == json.Delim('{'), wantKey: tok == json.Delim('{'), keys: map[string]bool{}})
		case json.Delim(']'), json.Delim('}'):
			if len(stack) == 0 {
				return p
			}
			stack = stack[:len(stack)-1]
			done()
		default:
			p.at[here()] = off
			done()
		}
	}
}

// of returns the offset of the value at path, or that of the nearest
// value above it that has one.
func (p places) of(path string) int {
	for {
		if off, ok := p.at[path]; ok {
			return off
		}
		i := strings.LastIndexAny(path, ".[")
		if i <= 0 {
			return 0
		}
		path = path[:i]
	}
}
