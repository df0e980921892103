// Package docs_test holds the tests of the Markdown: the README, the
// guides in docs/, CONTRIBUTING.md and CHANGELOG.md.
//
// No Go in them is written by hand. A ```go block is a region of a Go
// file that the tests compile (an Example's body, with its output, as a
// rule), named by a marker on the line before it:
//
//	<!-- snippet: docs/tour_test.go#agent -->
//
// and the region is the lines of that file between
//
//	// snippet agent
//	// end snippet agent
//
// (the markers themselves left out, and the indentation the lines share).
// A block after <!-- output: docs/tour_test.go#Example_tour --> holds
// that Example's // Output: comment, and the lines between
// <!-- generated: name --> and <!-- end generated --> are made by the
// generator of that name (snippetGenerators). TestSnippets fails where
// the Markdown differs from its source; go test ./docs -update rewrites
// the Markdown from its sources.
package docs_test

import (
	"flag"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// snippetUpdate rewrites the Markdown from its sources instead of
// comparing them:
//
//	go test ./docs -update
var snippetUpdate = flag.Bool("update", false, "rewrite the Markdown's snippets, outputs and generated parts from their sources")

// snippetRoot is the module's root, from this package's folder.
const snippetRoot = ".."

// snippetFiles are the Markdown files checked, from the module's root:
// names that must exist, and patterns.
var snippetFiles = struct{ named, patterns []string }{
	named:    []string{"README.md", "CONTRIBUTING.md", "CHANGELOG.md"},
	patterns: []string{"docs/*.md"},
}

// snippetKnownUnmarked are go blocks written before their code was
// tested, by file and heading: none since the README's rewrite for issue
// 30. The test fails when a section holds more or fewer such blocks than
// its line says.
var snippetKnownUnmarked []snippetUnmarked

// TestSnippets checks every Markdown file against the code it shows, or
// rewrites it under -update.
func TestSnippets(t *testing.T) {
	root := os.DirFS(snippetRoot)
	paths, err := snippetPaths(root)
	if err != nil {
		t.Fatal(err)
	}
	c := &snippetChecker{root: root, generators: snippetGenerators, unmarked: snippetKnownUnmarked}
	for _, path := range paths {
		t.Run(path, func(t *testing.T) {
			data, err := fs.ReadFile(root, path)
			if err != nil {
				t.Fatal(err)
			}
			fixed, problems := c.checkText(path, string(data))
			if *snippetUpdate && fixed != string(data) {
				if err := os.WriteFile(filepath.Join(snippetRoot, filepath.FromSlash(path)), []byte(fixed), 0o644); err != nil {
					t.Fatal(err)
				}
				t.Logf("rewrote %s", path)
			}
			for _, p := range problems {
				if !(*snippetUpdate && p.stale) {
					t.Errorf("%s:%s", path, p)
				}
			}
		})
	}
	for _, u := range snippetKnownUnmarked {
		if !slices.Contains(paths, u.file) {
			t.Errorf("a known exception names %s, which is not among the files checked", u.file)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(snippetGenerators)) {
		if !c.used[name] {
			t.Errorf("no Markdown file shows generated part %s (<!-- generated: %s -->)", name, name)
		}
	}
}

// snippetPaths returns the Markdown files to check.
func snippetPaths(root fs.FS) ([]string, error) {
	paths := append([]string(nil), snippetFiles.named...)
	for _, p := range paths {
		if _, err := fs.Stat(root, p); err != nil {
			return nil, err
		}
	}
	for _, pattern := range snippetFiles.patterns {
		matches, err := fs.Glob(root, pattern)
		if err != nil {
			return nil, err
		}
		paths = append(paths, matches...)
	}
	return paths, nil
}
