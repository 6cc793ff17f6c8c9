// A small helper to build SVG elements.

const NS = 'http://www.w3.org/2000/svg';

export function svg(tag, attrs = {}, children = []) {
  const element = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined && value !== false) element.setAttribute(name, String(value));
  }
  for (const child of children) {
    if (child) element.append(child);
  }
  return element;
}

// An arrow through the centres of squares (the best move of a review): a line along the path and
// a head at its end. `centre(name)` gives [x, y] or null; `width` is the line's width.
export function arrow(path, centre, width = 16) {
  const points = (path || []).map(centre).filter(Boolean);
  if (points.length < 2) return null;
  const [x1, y1] = points[points.length - 2];
  const [x2, y2] = points[points.length - 1];
  const length = Math.hypot(x2 - x1, y2 - y1) || 1;
  const ux = (x2 - x1) / length;
  const uy = (y2 - y1) / length;
  const head = width * 2.4;
  // The line stops where the head begins.
  const line = points.slice(0, -1).concat([[x2 - ux * head, y2 - uy * head]]);
  const left = [x2 - ux * head - uy * head * 0.6, y2 - uy * head + ux * head * 0.6];
  const right = [x2 - ux * head + uy * head * 0.6, y2 - uy * head - ux * head * 0.6];
  return svg('g', {class: 'review-arrow'}, [
    svg('polyline', {points: line.map((p) => p.join(',')).join(' '), fill: 'none',
                     'stroke-width': width, 'stroke-linecap': 'round', 'stroke-linejoin': 'round'}),
    svg('polygon', {points: [[x2, y2], left, right].map((p) => p.join(',')).join(' ')}),
  ]);
}
