package draw

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Names, constraint descriptions and reasons come from users and may hold
// anything but a '/': quotes, backslashes, newlines, control characters,
// invalid UTF-8, HTML, Mermaid and Graphviz syntax. Each format gets them
// through one function here, so no text reaches a picture unescaped.

// visible returns s as text fit to show: a newline stays (a line break in
// the picture), other control characters become their Unicode control
// pictures (U+0001 is shown as ␁, DEL as ␡), and invalid UTF-8, C1
// controls and the noncharacters U+FFFE and U+FFFF become U+FFFD. Neither
// Graphviz nor Mermaid can show those faithfully, and some (a raw U+0001,
// say) would make their SVG output malformed XML.
func visible(s string) string {
	clean := true
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if shown(r, size) != r || size == 1 && r == utf8.RuneError {
			clean = false
			break
		}
		i += size
	}
	if clean {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		b.WriteRune(shown(r, size))
		i += size
	}
	return b.String()
}

// shown is the rune visible shows for r, which took size bytes; an
// invalid byte comes as utf8.RuneError of size 1.
func shown(r rune, size int) rune {
	switch {
	case r == utf8.RuneError && size == 1:
		return utf8.RuneError
	case r == '\n':
		return r
	case r < 0x20:
		return 0x2400 + r // ␀ to ␟
	case r == 0x7f:
		return 0x2421 // ␡
	case 0x80 <= r && r < 0xa0, r == 0xfffe, r == 0xffff:
		return utf8.RuneError
	}
	return r
}

// dotString returns the lines as one DOT double-quoted string, lines
// separated by Graphviz's centred line break. Graphviz reads a quoted
// label as an escString: a backslash starts an escape (\N is the node's
// name, \l a line break) and HTML entities are decoded (&lt; is <). So
// every backslash is doubled, quotes are escaped, and & is written &amp;;
// what Graphviz shows is then exactly the visible text. Graphviz reads
// no quoted string longer than 16384 bytes, so a longer one is cut short
// and ends with "…" (no picture shows such a text in full anyway).
func dotString(lines ...string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i, line := range lines {
		if i > 0 {
			b.WriteString(`\n`)
		}
		for _, r := range visible(line) {
			piece := string(r)
			switch r {
			case '"':
				piece = `\"`
			case '\\':
				piece = `\\`
			case '\n':
				piece = `\n`
			case '&':
				piece = "&amp;"
			}
			if b.Len()+len(piece) > maxDOTString-len(`…"`) {
				b.WriteString("…\"")
				return b.String()
			}
			b.WriteString(piece)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// maxDOTString is the longest quoted string dotString writes, quotes
// included, under the 16384 bytes Graphviz's scanner reads at most.
const maxDOTString = 16000

// mermaidText returns s for use inside a double-quoted Mermaid label.
// Only letters, digits, spaces and the punctuation in mermaidPunct are
// written as they are; a newline becomes <br/>, and every other character
// becomes Mermaid's entity code #NNN; (its decimal code point), which
// Mermaid turns into the HTML entity &#NNN; when it draws. That rules out
// what Mermaid would read as syntax: quotes that end the label, the
// backticks of a Markdown string, # that starts an entity, & and < that
// start HTML, %% of a directive, $$ of a formula, fa:fa- of an icon, and
// its own entity markers ﬂ and ¶.
func mermaidText(s string) string {
	var b strings.Builder
	for _, r := range visible(s) {
		switch {
		case r == '\n':
			b.WriteString("<br/>")
		case mermaidSafe(r):
			b.WriteRune(r)
		default:
			b.WriteByte('#')
			b.WriteString(strconv.Itoa(int(r)))
			b.WriteByte(';')
		}
	}
	return b.String()
}

// mermaidPunct is the ASCII punctuation mermaidText writes as it is.
const mermaidPunct = " !'()+,-./;=?@^_"

// mermaidSafe reports whether mermaidText writes r as it is.
func mermaidSafe(r rune) bool {
	switch {
	case 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z', '0' <= r && r <= '9':
		return true
	case r < utf8.RuneSelf:
		return strings.ContainsRune(mermaidPunct, r)
	case r == 'ﬂ', r == '¶':
		return false // Mermaid marks its entities with them
	}
	return unicode.IsGraphic(r)
}

// mermaidTitle returns s as a YAML double-quoted string for the title in
// a Mermaid diagram's front matter, which Mermaid reads before the diagram
// itself, so only YAML's escapes are needed (Go's quoting is a subset of
// them). Mermaid decodes no entities in a title: it passes it through its
// HTML sanitiser and shows the result as plain text, so a title with & <
// or > may show them as entities, or lose what looks like a tag.
func mermaidTitle(s string) string { return strconv.Quote(visible(s)) }
