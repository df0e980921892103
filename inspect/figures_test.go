package inspect_test

import (
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/internal/testkit/browser"
	"github.com/foresight-bt/foresight/internal/testkit/testsize"
	"github.com/foresight-bt/foresight/jedi"
)

// longFight writes a replay page of a fight that lasts d: a master
// against two brawlers of 10,000 hit points, a fight no one wins in ten
// minutes, with a decision every tick throughout. A Jedi fight, a sample,
// on purpose: the figures the README quotes are a whole game's.
func longFight(t *testing.T, d time.Duration) string {
	t.Helper()
	spawns := []jedi.Spawn{{Type: jedi.Brawler, Pos: jedi.Vec{X: 10}, HP: jedi.MaxHP}, {Type: jedi.Brawler, Pos: jedi.Vec{Y: 10}, HP: jedi.MaxHP}}
	f := recordFight(t, jedi.FightConfig{Seed: 3, Skill: 1, Spawns: spawns, Duration: d})
	if s := f.sum; s.Duration < d || s.JediHP == 0 {
		t.Fatalf("the fight ended at %v with the Jedi at %d hp: it is not a fight of %v", s.Duration, s.JediHP, d)
	}
	return f.path
}

// A ten-minute fight makes a page of well under 10 MB (a minute: 1 MB)
// that a browser loads and steps through. The test logs the page's size,
// its load time and the time of a step, the figures the README quotes; it
// asserts no time, which depends on the machine. The ten-minute fight
// runs with $FORESIGHT_FULL (internal/testkit/testsize).
func TestLongFights(t *testing.T) {
	t.Parallel()
	p := page(t)
	for _, d := range testsize.Pick([]time.Duration{time.Minute}, []time.Duration{time.Minute}, []time.Duration{time.Minute, 10 * time.Minute}) {
		path := longFight(t, d)
		info, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if most := int64(d/time.Minute) << 20; info.Size() >= most {
			t.Errorf("a fight of %v makes a page of %d bytes, %d or more", d, info.Size(), most)
		}
		start := time.Now()
		if err := p.Navigate(browser.FileURL(path)); err != nil {
			t.Fatal(err)
		}
		browser.Await(t, p, `document.body.dataset.state === "ready"`)
		ready := time.Since(start)
		ticks := browser.Value[int](t, p, `Number(document.getElementById("scrub").max) + 1`)
		if want := int(d / (time.Second / 60)); ticks < want*9/10 {
			t.Errorf("a fight of %v shows %d moments, want about %d", d, ticks, want)
		}
		// Step through the middle of the fight with the keyboard, as a
		// person would, and time the slowest step.
		if err := p.Eval(fmt.Sprintf(`selectTime(%g)`, d.Seconds()/2), nil); err != nil {
			t.Fatal(err)
		}
		slowest := 0.0
		for range 20 {
			var ms float64
			if err := p.Eval(`(() => { const t0 = performance.now(); document.dispatchEvent(new KeyboardEvent("keydown", {key: "ArrowRight"})); render(); return performance.now() - t0; })()`, &ms); err != nil {
				t.Fatal(err)
			}
			slowest = max(slowest, ms)
		}
		t.Logf("a fight of %v: a page of %.2f MB, %d moments; loaded and ready in %v (the page's own count: %s ms); the slowest of 20 steps took %.1f ms",
			d, float64(info.Size())/(1<<20), ticks, ready.Round(time.Millisecond), browser.Value[string](t, p, `document.body.dataset.loadMs`), slowest)
	}
	noErrors(t, p)
}
