// Choosing a legal move by clicking points (docs/api.md, "The move view"): a move is found by its
// `from` and `to`; when several share both, they are told apart by promotion, extra-pawn drop,
// path (draughts: an intermediate landing square) or the removed point (mill: captures).

const AXES = ['promotion', 'drop', 'path', 'captures'];

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// The attribute that still tells the candidates apart, or null when one move is left.
export function axisOf(candidates) {
  if (candidates.length < 2) return null;
  for (const axis of AXES) {
    if (candidates.some((m) => !same(m[axis] ?? null, candidates[0][axis] ?? null))) return axis;
  }
  return null;   // identical views: the first one will do
}

// The board points that choose among the candidates along an axis (path: the landing squares
// that not every candidate passes; captures: the removable points; drop: the pawn's squares).
export function choicePoints(candidates, axis) {
  const points = new Set();
  if (axis === 'path') {
    const inner = candidates.map((m) => new Set((m.path || []).slice(1, -1)));
    for (const set of inner) {
      for (const p of set) if (!inner.every((s) => s.has(p))) points.add(p);
    }
  } else if (axis === 'captures') {
    for (const m of candidates) for (const p of m.captures || []) points.add(p);
  } else if (axis === 'drop') {
    for (const m of candidates) if (m.drop) points.add(m.drop);
  }
  return points;
}

export function filterByPoint(candidates, axis, point) {
  if (axis === 'path') return candidates.filter((m) => (m.path || []).slice(1, -1).includes(point));
  if (axis === 'captures') return candidates.filter((m) => (m.captures || []).includes(point));
  if (axis === 'drop') return candidates.filter((m) => m.drop === point);
  return candidates;
}

export class MovePicker {
  constructor() { this.reset(); }

  reset() {
    this.selected = null;     // the from-point chosen
    this.pending = null;      // candidates still to tell apart
    this.axis = null;
  }

  // One click (or drop) on a point. Answers {play: move} when a move is chosen, else null; the
  // picker's state says what to highlight.
  click(point, legal, {drag = false} = {}) {
    if (this.pending) {
      const narrowed = filterByPoint(this.pending, this.axis, point);
      if (this.axis !== 'promotion' && narrowed.length > 0 && narrowed.length < this.pending.length) {
        return this.narrow(narrowed);
      }
      if (point === this.selected) { this.reset(); return null; }
      if (drag) return null;
      this.reset();   // a click elsewhere abandons the choice and is read afresh
    }
    if (this.selected !== null) {
      const moves = legal.filter((m) => m.from === this.selected && m.to === point);
      if (moves.length > 0) return this.narrow(moves);
    }
    const placements = legal.filter((m) => (m.from === null || m.from === undefined) && m.to === point);
    if (placements.length > 0 && !legal.some((m) => m.from === point)) return this.narrow(placements);
    if (legal.some((m) => m.from === point)) {
      if (!drag) this.selected = point;
      return null;
    }
    if (!drag) this.reset();
    return null;
  }

  narrow(candidates) {
    const axis = axisOf(candidates);
    if (axis === null) {
      const move = candidates[0];
      this.reset();
      return {play: move};
    }
    this.pending = candidates;
    this.axis = axis;
    if (candidates[0].from) this.selected = candidates[0].from;
    return null;
  }

  // A choice made in the chooser (a button per remaining move, or per promotion piece).
  choose(predicate) {
    if (!this.pending) return null;
    return this.narrow(this.pending.filter(predicate));
  }

  targets(legal) {
    if (this.pending) return new Set();
    if (this.selected !== null) return new Set(legal.filter((m) => m.from === this.selected).map((m) => m.to));
    return new Set(legal.filter((m) => m.from === null || m.from === undefined).map((m) => m.to));
  }

  choices() {
    return this.pending ? choicePoints(this.pending, this.axis) : new Set();
  }
}

// Keyboard entry: a move typed in the game's notation. The legal move whose text (or
// full path) it is, letter case, spaces and the signs between squares (- : x) aside, if only one
// is; else {text} for the server to read (other forms it knows, or it says why it is not a move).
export function typedMove(legal, text) {
  const norm = (m) => m.toLowerCase().replace(/[\s\-:x]+/g, '');
  const typed = norm(text);
  const found = legal.filter((m) => norm(m.text) === typed || norm(m.full || '') === typed);
  return found.length === 1 ? found[0] : {text: text.trim()};
}
