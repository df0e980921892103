package bench

import "testing"

func BenchmarkSide(b *testing.B) {
	for _, s := range Shapes {
		f, p, _, _ := tickers(b, s)
		b.Run("foresight/"+s.Name, func(b *testing.B) {
			for b.Loop() {
				f()
			}
		})
		b.Run("gbt/"+s.Name, func(b *testing.B) {
			for b.Loop() {
				p()
			}
		})
	}
}
