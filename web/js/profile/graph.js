// The rating graph of a profile: one line per game and speed chosen, the rating over time
// (GET /api/users/{name}/history: [[ms since 1970, rating], ...] after each rated game).
import {svg} from '../svg.js';
import {i18n, t} from '../i18n.js';
import {variantName} from '../variants.js';
import {speedName} from '../players.js';

const COLOURS = ['#2f6f4e', '#1f5fbf', '#c0392b', '#b8860b', '#7d3c98', '#16a085', '#d35400', '#34495e'];
const W = 600;
const H = 200;
const PAD = {left: 42, right: 10, top: 10, bottom: 22};

// The series of a history: [{id: 'international/blitz', variant, speed, points}], most games first.
export function seriesOf(history) {
  const series = [];
  for (const [variant, speeds] of Object.entries(history || {})) {
    for (const [speed, points] of Object.entries(speeds || {})) {
      if (Array.isArray(points) && points.length) series.push({id: `${variant}/${speed}`, variant, speed, points});
    }
  }
  return series.sort((a, b) => b.points.length - a.points.length || a.id.localeCompare(b.id));
}

export const seriesName = (s) => `${variantName(s.variant)} · ${speedName(s.speed)}`;

export const colourOf = (index) => COLOURS[index % COLOURS.length];

// The graph of the chosen series (`chosen`: a Set of ids); `all` gives each its colour. `id`, `label`
// and `name` (a series' name in its points' titles) let another page draw one (the puzzles' rating).
export function ratingGraph(all, chosen, {id = 'rating-graph', label = t('profile.graph'), name = seriesName} = {}) {
  const shown = all.map((s, index) => ({...s, colour: colourOf(index)})).filter((s) => chosen.has(s.id));
  const root = svg('svg', {viewBox: `0 0 ${W} ${H}`, class: 'rating-graph', id, role: 'img', 'aria-label': label});
  const points = shown.flatMap((s) => s.points);
  if (!points.length) return root;
  let [t0, t1] = [Math.min(...points.map((p) => p[0])), Math.max(...points.map((p) => p[0]))];
  let [r0, r1] = [Math.min(...points.map((p) => p[1])), Math.max(...points.map((p) => p[1]))];
  if (t1 === t0) { t0 -= 3600000; t1 += 3600000; }
  // A margin above and below, in whole fifties.
  r0 = Math.floor((r0 - 25) / 50) * 50;
  r1 = Math.ceil((r1 + 25) / 50) * 50;
  const x = (ms) => PAD.left + ((ms - t0) / (t1 - t0)) * (W - PAD.left - PAD.right);
  const y = (rating) => PAD.top + (1 - (rating - r0) / (r1 - r0)) * (H - PAD.top - PAD.bottom);
  const step = (r1 - r0) > 400 ? 200 : (r1 - r0) > 200 ? 100 : 50;
  for (let r = Math.ceil(r0 / step) * step; r <= r1; r += step) {
    root.append(svg('line', {x1: PAD.left, y1: y(r), x2: W - PAD.right, y2: y(r), class: 'grid'}));
    root.append(Object.assign(svg('text', {x: PAD.left - 4, y: y(r) + 4, 'text-anchor': 'end', class: 'axis'}),
                              {textContent: String(r)}));
  }
  const dateLabel = (ms) => new Date(ms).toLocaleDateString(i18n.lang);
  root.append(Object.assign(svg('text', {x: PAD.left, y: H - 6, class: 'axis'}), {textContent: dateLabel(t0)}));
  root.append(Object.assign(svg('text', {x: W - PAD.right, y: H - 6, 'text-anchor': 'end', class: 'axis'}),
                            {textContent: dateLabel(t1)}));
  for (const s of shown) {
    const line = s.points.map(([ms, rating]) => `${x(ms).toFixed(1)},${y(rating).toFixed(1)}`).join(' ');
    const group = svg('g', {class: 'series', 'data-series': s.id});
    group.append(svg('polyline', {points: line, fill: 'none', stroke: s.colour, 'stroke-width': 2}));
    for (const [ms, rating] of s.points) {
      const dot = svg('circle', {cx: x(ms), cy: y(rating), r: 3, fill: s.colour});
      dot.append(Object.assign(svg('title'), {textContent: `${name(s)}: ${rating}, ${new Date(ms).toLocaleString(i18n.lang)}`}));
      group.append(dot);
    }
    root.append(group);
  }
  return root;
}
