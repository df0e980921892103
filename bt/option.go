package bt

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/internal/engine/kinds"
)

// An Option is one setting of a node: how a decider plans again, whether
// a sequence loops, how long an action takes, a random child's weight.
// The functions of this package make them; a Builder's composites take
// them among their children, its leaves after their value, Def.With adds
// them to any node, and a Def holds them in Options. Build refuses an
// option given twice, or on a node of a kind that does not take it, with
// the node's path. The nodes that take each:
//
//	Sequence, ReactiveSequence   Loop, AllowFailure, MinOutcome
//	Selector, RandomSelector     Replan, ReplanOn, ReplanOnChange, AllowNegative,
//	                             Debounce, PreferFirst (a Selector only)
//	Plan                         Replan, ReplanOn, ReplanOnChange (an fsm
//	                             machine refuses them)
//	Parallel                     SucceedOnOne, FailOnOne
//	Do, Condition                Cosmetic, CosmeticWhileRunning, SimulateWith,
//	                             Takes (Do only)
//	a child of a RandomSelector  Weight
//
// Key and Value say what an option sets, for a program that writes trees
// down (package btjson writes each under its key).
type Option struct {
	key   string
	value any
}

// Key names the setting as tree files do: "replan", "loop", "takes",
// "weight", ... (btjson's schema lists the keys each kind takes).
func (o Option) Key() string { return o.key }

// Value returns what the option sets: a time.Duration for "replan" and
// "takes", a heuristic.Outcome for "minOutcome", a float64 for "weight",
// the function given for "replanOn", "replanOnChange" and "simulate", and true for the
// others.
func (o Option) Value() any { return o.value }

func (Option) part() {}

// The keys of the options.
const (
	keyLoop                 = "loop"
	keyAllowFailure         = "allowFailure"
	keyMinOutcome           = "minOutcome"
	keyReplan               = "replan"
	keyReplanOn             = "replanOn"
	keyReplanOnChange       = "replanOnChange"
	keyAllowNegative        = "allowNegative"
	keyPreferFirst          = "preferFirst"
	keyDebounce             = "debounce"
	keySucceedOnOne         = "succeedOnOne"
	keyFailOnOne            = "failOnOne"
	keyCosmetic             = "cosmetic"
	keyCosmeticWhileRunning = "cosmeticWhileRunning"
	keyTakes                = "takes"
	keySimulate             = "simulate"
	keyWeight               = "weight"
)

// optionNames are the functions that make each option, for errors.
var optionNames = map[string]string{
	keyLoop: "Loop", keyAllowFailure: "AllowFailure", keyMinOutcome: "MinOutcome",
	keyReplan: "Replan", keyReplanOn: "ReplanOn", keyReplanOnChange: "ReplanOnChange", keyAllowNegative: "AllowNegative",
	keyPreferFirst: "PreferFirst", keyDebounce: "Debounce", keySucceedOnOne: "SucceedOnOne",
	keyFailOnOne: "FailOnOne", keyCosmetic: "Cosmetic", keyCosmeticWhileRunning: "CosmeticWhileRunning",
	keyTakes: "Takes", keySimulate: "SimulateWith", keyWeight: "Weight",
}

// Weight sets the odds of a child of a random selector: weights are
// relative (default 1), and a child of weight zero is never chosen.
func Weight(w float64) Option { return Option{keyWeight, w} }

// settings are a node's options, read.
type settings struct {
	loop, allowFailure   bool
	minOutcome           heuristic.Outcome
	replan               bool // it plans again every interval
	interval             time.Duration
	replanOn             any // func(*M) bool
	replanOnChange       any // func(*M) uint64
	allowNegative        bool
	preferFirst          bool
	debounce             bool
	succeedOnOne         bool
	failOnOne            bool
	cosmetic             bool
	cosmeticWhileRunning bool
	takes                time.Duration
	takesGiven           bool // Takes was given, zero included
	simulate             any  // func(*Sim[M], *M) heuristic.Verdict
	weighted             bool
	weight               float64
}

// readOptions reads d's options, and says what is wrong with them: an
// option its kind does not take, one given twice, a bad value.
func readOptions[M any](d *Def[M]) (settings, []error) {
	var s settings
	var errs []error
	seen := make([]string, 0, len(d.Options))
	for _, o := range d.Options {
		name := optionNames[o.key]
		switch {
		case o.key == "":
			errs = append(errs, errors.New("a zero Option: make options with the functions of package bt"))
			continue
		case slices.Contains(seen, o.key):
			errs = append(errs, fmt.Errorf("%s given twice", name))
			continue
		case !kinds.Takes(string(d.Kind), o.key):
			errs = append(errs, fmt.Errorf("%s is not for %s", name, withArticle(d.Kind)))
			continue
		}
		seen = append(seen, o.key)
		if err := s.set(o); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", name, err))
		}
	}
	return s, errs
}

// set applies option o, and says what is wrong with its value.
func (s *settings) set(o Option) error {
	switch v := o.value.(type) {
	case bool:
		switch o.key {
		case keyLoop:
			s.loop = v
		case keyAllowFailure:
			s.allowFailure = v
		case keyAllowNegative:
			s.allowNegative = v
		case keyPreferFirst:
			s.preferFirst = v
		case keyDebounce:
			s.debounce = v
		case keyCosmetic:
			s.cosmetic = v
		case keyCosmeticWhileRunning:
			s.cosmeticWhileRunning = v
		case keySucceedOnOne:
			s.succeedOnOne = v
		case keyFailOnOne:
			s.failOnOne = v
		}
	case heuristic.Outcome:
		if !v.Valid() {
			return errors.New("invalid outcome " + v.String())
		}
		s.minOutcome = v
	case time.Duration:
		switch {
		case o.key == keyReplan:
			s.replan, s.interval = v >= 0, max(v, 0)
		case v < 0:
			return fmt.Errorf("negative duration %v", v)
		default:
			s.takes, s.takesGiven = v, true
		}
	case float64:
		if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
			return fmt.Errorf("%v is not a finite weight >= 0", v)
		}
		s.weighted, s.weight = true, v
	default:
		switch o.key {
		case keyReplanOn:
			s.replanOn = v
		case keyReplanOnChange:
			s.replanOnChange = v
		default:
			s.simulate = v
		}
	}
	return nil
}
