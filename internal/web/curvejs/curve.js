// curveAt is the curve's answer for x, as package utility's Curve.At
// gives it: x and the answer clamped to [0, 1], and an answer that is
// not a number 0. c is a curve read from a page's form: its kind, its
// parameters p by name, and for "points" its points pts, [x, y] each.
function curveAt(c, x) {
  x = Number.isNaN(x) ? 0 : Math.min(Math.max(x, 0), 1);
  const p = c.p || {};
  let y = 0;
  switch (c.kind) {
    case "linear": y = p.slope * x + p.intercept; break;
    case "polynomial": { const d = x - p.shift; y = p.slope * Math.sign(d) * Math.pow(Math.abs(d), p.exponent) + p.intercept; break; }
    case "logistic": y = 1 / (1 + Math.exp(-p.steepness * (x - p.midpoint))); break;
    case "logit": y = p.midpoint + Math.log(x / (1 - x)) / p.steepness; break;
    case "step": y = x < p.at ? p.below : p.above; break;
    case "points": {
      const q = c.pts;
      if (x <= q[0][0]) { y = q[0][1]; break; }
      y = q[q.length - 1][1];
      for (let i = 1; i < q.length; i++) if (x <= q[i][0]) { y = q[i - 1][1] + (q[i][1] - q[i - 1][1]) * (x - q[i - 1][0]) / (q[i][0] - q[i - 1][0]); break; }
    }
  }
  return y > 1 ? 1 : y >= 0 ? y : 0;
}
