package main

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/ebitenutil"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"github.com/foresight-bt/foresight/examples/arena/game"
)

// errQuit ends the game loop when the player quits.
var errQuit = errors.New("quit")

// A window is the game as Ebitengine runs it: it reads the keys, runs a
// frame of the game, and draws the panels.
type window struct {
	game   *game.Game
	panels []game.Panel
	status string // a line of news for the player: the inspector's address, an error
	insp   inspector
	marks  []game.Mark // a panel's shapes, as drawn: reused
}

func newWindow(g *game.Game) *window { return &window{game: g, status: help} }

const help = "Space pause · N step · S slow · hold R rewind · F5 save · F9 load · D switch the troll, H hold back the Jedi, I inspect the agent under the mouse"

// Update reads the keys and runs a frame of the game.
func (w *window) Update() error {
	g := w.game
	if ebiten.IsKeyPressed(ebiten.KeyR) { // held: a frame back each frame
		w.rewind()
		return nil
	}
	switch {
	case inpututil.IsKeyJustPressed(ebiten.KeyEscape):
		return errQuit
	case inpututil.IsKeyJustPressed(ebiten.KeySpace), inpututil.IsKeyJustPressed(ebiten.KeyP):
		g.Pause(!g.Paused())
	case inpututil.IsKeyJustPressed(ebiten.KeyN), inpututil.IsKeyJustPressed(ebiten.KeyArrowRight):
		g.Step()
	case inpututil.IsKeyJustPressed(ebiten.KeyS):
		w.status = fmt.Sprintf("speed: 1/%d", g.Slow())
	case inpututil.IsKeyJustPressed(ebiten.KeyF5):
		w.quickSave()
	case inpututil.IsKeyJustPressed(ebiten.KeyF9):
		w.quickLoad()
	case inpututil.IsKeyJustPressed(ebiten.KeyD):
		w.switchTroll()
	case inpututil.IsKeyJustPressed(ebiten.KeyH):
		w.holdBack()
	case inpututil.IsKeyJustPressed(ebiten.KeyI):
		w.inspect()
	}
	if !w.insp.proceed() { // the inspector's page paused the game
		return nil
	}
	if err := g.Update(); err != nil {
		return err
	}
	w.insp.frame()
	frameDrawn()
	return nil
}

// under returns the agent under the mouse, if any.
func (w *window) under() (game.Watchable, bool) {
	x, y := ebiten.CursorPosition()
	w.panels = w.game.Panels(w.panels)
	return game.AgentAt(w.panels, float64(x), float64(y))
}

func (w *window) switchTroll() {
	a, ok := w.under()
	t, isTroll := a.(*game.Troll)
	if !ok || !isTroll {
		w.status = "D: put the mouse on a troll"
		return
	}
	if err := w.game.Switch(t.Index); err != nil {
		w.status = err.Error()
		return
	}
	w.status = t.Name() + " now decides"
}

func (w *window) holdBack() {
	a, ok := w.under()
	j, isJedi := a.(*game.Jedi)
	if !ok || !isJedi {
		w.status = "H: put the mouse on a Jedi"
		return
	}
	holds, err := w.game.HoldBack(slices.Index(w.game.Jedi(), j))
	switch {
	case err != nil:
		w.status = err.Error()
	case holds:
		w.status = j.Name() + " holds back: it defends, and never hurts its victim (H again: it fights)"
	default:
		w.status = j.Name() + " fights again"
	}
}

// rewind puts the game back a frame, while R is held.
func (w *window) rewind() {
	back, err := w.game.Back()
	switch {
	case err != nil:
		w.status = "R: " + err.Error()
	case back:
		w.status = fmt.Sprintf("rewinding: frame %d (let go of R to play on from here)", w.game.Frame())
	default:
		w.status = "R: no older frame kept (the game keeps ten seconds)"
	}
}

func (w *window) quickSave() {
	if err := w.game.QuickSave(); err != nil {
		w.status = "F5: " + err.Error()
		return
	}
	w.status = fmt.Sprintf("saved at frame %d (F9 loads it)", w.game.Frame())
}

func (w *window) quickLoad() {
	if err := w.game.QuickLoad(); err != nil {
		w.status = "F9: " + err.Error()
		return
	}
	w.status = fmt.Sprintf("loaded: back at frame %d", w.game.Frame())
}

func (w *window) inspect() {
	a, ok := w.under()
	if !ok {
		w.status = "I: put the mouse on a Jedi or a troll"
		return
	}
	w.status = w.insp.open(w.game, a)
}

// Layout keeps the game's size, scaled to the window.
func (w *window) Layout(int, int) (int, int) { return game.Width, game.Height }

var (
	background = color.RGBA{0x1b, 0x1e, 0x24, 0xff}
	panelLine  = color.RGBA{0x44, 0x4a, 0x55, 0xff}
	captionBox = color.RGBA{0, 0, 0, 0xa0}
)

// Draw draws every panel, then the status line.
func (w *window) Draw(screen *ebiten.Image) {
	screen.Fill(background)
	w.panels = w.game.Panels(w.panels)
	for i := range w.panels {
		w.marks = drawPanel(screen, &w.panels[i], w.marks[:0])
	}
	status := w.status
	if w.game.Paused() {
		status = "paused (N steps, Space goes on) · " + status
	}
	ebitenutil.DebugPrintAt(screen, status, 6, game.Height-18)
}

// drawPanel draws a panel: its frame and title, its scene's shapes (as
// marks, which it returns for the next panel to reuse), each agent's
// caption, and the scene's entities.
func drawPanel(dst *ebiten.Image, p *game.Panel, marks []game.Mark) []game.Mark {
	b := p.Bounds
	vector.StrokeRect(dst, float32(b.X)+1, float32(b.Y)+1, float32(b.W)-2, float32(b.H)-2, 1, panelLine, false)
	ebitenutil.DebugPrintAt(dst, p.Title, int(b.X)+6, int(b.Y)+4)
	scale := p.Scale()
	marks = p.Marks(marks)
	for i := range marks {
		drawMark(dst, &marks[i])
	}
	for i, a := range p.Agents { // under the entities, so that no caption hides an agent
		drawCaption(dst, p, a, i%2 == 1)
	}
	for _, e := range p.Scene.Entities {
		x, y := p.ToScreen(e.X, e.Y)
		r := float32(max(e.Radius*scale, 5))
		c := game.Colour(e.Colour)
		vector.DrawFilledCircle(dst, float32(x), float32(y), r, c, true)
		heading := e.Heading
		if p.FlipY {
			heading = -heading
		}
		hx, hy := x+math.Cos(heading)*float64(r)*1.6, y+math.Sin(heading)*float64(r)*1.6
		vector.StrokeLine(dst, float32(x), float32(y), float32(hx), float32(hy), 2, c, true)
		if e.MaxHealth > 0 { // a health bar above it
			frac := float32(max(0, min(1, e.Health/e.MaxHealth)))
			vector.DrawFilledRect(dst, float32(x)-r, float32(y)-r-5, 2*r, 3, panelLine, false)
			vector.DrawFilledRect(dst, float32(x)-r, float32(y)-r-5, 2*r*frac, 3, color.RGBA{0x4c, 0xaf, 0x50, 0xff}, false)
		}
	}
	return marks
}

// drawMark draws a mark of a scene's shape.
func drawMark(dst *ebiten.Image, m *game.Mark) {
	x, y, x2, y2, r := float32(m.X), float32(m.Y), float32(m.X2), float32(m.Y2), float32(m.R)
	switch m.Kind {
	case game.Box:
		vector.DrawFilledRect(dst, x, y, x2-x, y2-y, m.Colour, false)
	case game.Edge:
		vector.StrokeRect(dst, x, y, x2-x, y2-y, 1, m.Colour, false)
	case game.Disc:
		vector.DrawFilledCircle(dst, x, y, r, m.Colour, true)
	case game.Ring:
		vector.StrokeCircle(dst, x, y, r, 1.5, m.Colour, true)
	case game.Segment:
		vector.StrokeLine(dst, x, y, x2, y2, 2, m.Colour, true)
	}
}

// drawCaption writes what an agent does and why beside it, to its right
// or (left) its left, kept inside its panel.
func drawCaption(dst *ebiten.Image, p *game.Panel, a game.Caption, left bool) {
	x, y := p.ToScreen(a.X, a.Y)
	lines := []string{a.Doing, a.Reason}
	width := 0
	for _, l := range lines {
		width = max(width, len(l)*6)
	}
	b := p.Bounds
	cx := x + 14
	if left {
		cx = x - 14 - float64(width)
	}
	cx = min(max(cx, b.X+4), b.X+b.W-float64(width)-8)
	cy := min(max(y+10, b.Y+20), b.Y+b.H-40)
	vector.DrawFilledRect(dst, float32(cx)-2, float32(cy), float32(width)+4, 34, captionBox, false)
	for i, l := range lines {
		ebitenutil.DebugPrintAt(dst, l, int(cx), int(cy)+i*16)
	}
}
