// Pieces drawn in SVG, each in a 100 x 100 cell centred on (cx, cy): draughts men and kings,
// sheep and wolf, and the ten chess100 pieces (Unicode chess glyphs, with drawn marks for the
// general and the jester, which have no glyph).
import {svg} from './svg.js';

const FILL = {white: '#f6f1e4', black: '#2a2623'};
const EDGE = {white: '#3a332c', black: '#0d0b0a'};
const MARK = {white: '#3a332c', black: '#e8dcc0'};

// The body of a piece and its inner mark carry classes, so that a piece theme (web/css) can
// recolour them; the attributes are the classic look.
function token(cx, cy, side, r = 38) {
  return svg('circle', {cx, cy, r, fill: FILL[side], stroke: EDGE[side], 'stroke-width': 4,
                        class: `piece-body ${side}`});
}

function draughtsMan(cx, cy, side) {
  return [
    svg('circle', {cx, cy: cy + 4, r: 38, fill: '#0005'}),
    token(cx, cy, side),
    svg('circle', {cx, cy, r: 26, fill: 'none', stroke: MARK[side], 'stroke-width': 3, opacity: 0.7,
                   class: `piece-mark ${side}`}),
  ];
}

function crown(cx, cy, color) {
  const d = `M${cx - 20},${cy + 10} L${cx - 22},${cy - 12} L${cx - 10},${cy - 2} L${cx},${cy - 18} ` +
            `L${cx + 10},${cy - 2} L${cx + 22},${cy - 12} L${cx + 20},${cy + 10} Z`;
  return svg('path', {d, fill: color, stroke: 'none'});
}

function draughtsKing(cx, cy, side) {
  return [...draughtsMan(cx, cy, side), crown(cx, cy, side === 'white' ? '#b8860b' : '#e0b84a')];
}

function sheep(cx, cy) {
  const puffs = [[-20, -10], [0, -20], [20, -10], [22, 10], [0, 20], [-22, 10], [0, 0]]
                    .map(([dx, dy]) => svg('circle', {cx: cx + dx, cy: cy + dy, r: 18, fill: '#fbfaf5',
                                                      stroke: '#555', 'stroke-width': 2.5}));
  return [
    ...puffs,
    svg('ellipse', {cx, cy: cy + 2, rx: 11, ry: 14, fill: '#3b3b3b'}),
    svg('circle', {cx: cx - 4, cy: cy - 2, r: 2, fill: '#fff'}),
    svg('circle', {cx: cx + 4, cy: cy - 2, r: 2, fill: '#fff'}),
  ];
}

function wolf(cx, cy) {
  const head = `M${cx - 30},${cy - 34} L${cx - 14},${cy - 16} L${cx + 14},${cy - 16} L${cx + 30},${cy - 34} ` +
               `L${cx + 32},${cy} L${cx},${cy + 36} L${cx - 32},${cy} Z`;
  return [
    svg('path', {d: head, fill: '#4a4f57', stroke: '#111', 'stroke-width': 3, 'stroke-linejoin': 'round'}),
    svg('path', {d: `M${cx - 12},${cy + 12} L${cx},${cy + 30} L${cx + 12},${cy + 12} Z`, fill: '#cfd3d8'}),
    svg('circle', {cx: cx - 12, cy: cy - 2, r: 5, fill: '#ffd23f'}),
    svg('circle', {cx: cx + 12, cy: cy - 2, r: 5, fill: '#ffd23f'}),
    svg('circle', {cx, cy: cy + 14, r: 4, fill: '#111'}),
  ];
}

// The filled glyphs for both colours, with a contrasting outline; U+FE0E asks for text
// presentation so that no platform draws an emoji pawn.
const GLYPH = {king: '\u265A', queen: '\u265B', rook: '\u265C', bishop: '\u265D', knight: '\u265E',
               pawn: '\u265F'};

function chessGlyph(cx, cy, side, kind) {
  return [svg('text', {
    x: cx, y: cy + 4, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': 80,
    'font-family': '"DejaVu Sans", "Noto Sans Symbols2", "Segoe UI Symbol", sans-serif',
    fill: FILL[side], stroke: EDGE[side], 'stroke-width': side === 'white' ? 3 : 1.5,
    'paint-order': 'stroke', class: `glyph piece-body ${side}`,
  }, [document.createTextNode(GLYPH[kind] + '\uFE0E')])];
}

function letter(cx, cy, side, text) {
  const element = svg('text', {x: cx, y: cy + 12, 'text-anchor': 'middle', 'dominant-baseline': 'central',
                               'font-size': 30, 'font-weight': 700, 'font-family': 'sans-serif',
                               fill: MARK[side]});
  element.textContent = text;
  return element;
}

// General: a shield with a star, and its letter (G; Г in Russian and Ukrainian).
function general(cx, cy, side, mark = 'G') {
  const shield = `M${cx - 30},${cy - 30} L${cx + 30},${cy - 30} L${cx + 30},${cy + 6} ` +
                 `Q${cx + 30},${cy + 30} ${cx},${cy + 40} Q${cx - 30},${cy + 30} ${cx - 30},${cy + 6} Z`;
  const star = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? 11 : 4.5;
    const a = -Math.PI / 2 + i * Math.PI / 5;
    star.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy - 16 + r * Math.sin(a)).toFixed(1)}`);
  }
  return [
    svg('path', {d: shield, fill: FILL[side], stroke: EDGE[side], 'stroke-width': 4, 'stroke-linejoin': 'round'}),
    svg('polygon', {points: star.join(' '), fill: side === 'white' ? '#b8860b' : '#e0b84a'}),
    letter(cx, cy, side, mark),
  ];
}

// Jester: a three-pointed cap with bells over a band, and its letter (J; Ш in Russian, Б in
// Ukrainian).
function jester(cx, cy, side, mark = 'J') {
  const cap = `M${cx - 28},${cy + 4} L${cx - 36},${cy - 30} L${cx - 12},${cy - 10} L${cx},${cy - 38} ` +
              `L${cx + 12},${cy - 10} L${cx + 36},${cy - 30} L${cx + 28},${cy + 4} Z`;
  const bell = (x, y) => svg('circle', {cx: x, cy: y, r: 6, fill: side === 'white' ? '#b8860b' : '#e0b84a',
                                        stroke: EDGE[side], 'stroke-width': 2});
  return [
    svg('path', {d: cap, fill: FILL[side], stroke: EDGE[side], 'stroke-width': 4, 'stroke-linejoin': 'round'}),
    svg('rect', {x: cx - 30, y: cy + 2, width: 60, height: 34, rx: 8, fill: FILL[side], stroke: EDGE[side],
                 'stroke-width': 4}),
    bell(cx - 36, cy - 32), bell(cx, cy - 40), bell(cx + 36, cy - 32),
    letter(cx, cy + 7, side, mark),
  ];
}

// Mill pieces are plain stones.
export function stone(cx, cy, side, r = 30) {
  return svg('g', {class: `piece piece-${side}`}, [
    svg('circle', {cx, cy: cy + 3, r, fill: '#0004'}),
    token(cx, cy, side, r),
    svg('circle', {cx, cy, r: r * 0.55, fill: 'none', stroke: MARK[side], 'stroke-width': 2.5, opacity: 0.6,
                   class: `piece-mark ${side}`}),
  ]);
}

// `letters`: the letters of the general and the jester in the page's language.
export function piece(cx, cy, {side, kind}, letters = {}) {
  let parts;
  switch (kind) {
    case 'man': parts = draughtsMan(cx, cy, side); break;
    case 'sheep': parts = sheep(cx, cy); break;
    case 'wolf': parts = wolf(cx, cy); break;
    case 'general': parts = general(cx, cy, side, letters.general); break;
    case 'jester': parts = jester(cx, cy, side, letters.jester); break;
    case 'king': parts = null; break;   // draughts king or chess king: decided by the caller's family
    default: parts = GLYPH[kind] ? chessGlyph(cx, cy, side, kind) : [token(cx, cy, side)];
  }
  return svg('g', {class: `piece piece-${side} piece-${kind}`}, parts || []);
}

export function pieceFor(family, cx, cy, p, letters = {}) {
  if (p.kind === 'king') {
    const parts = family === 'chess' ? chessGlyph(cx, cy, p.side, 'king') : draughtsKing(cx, cy, p.side);
    return svg('g', {class: `piece piece-${p.side} piece-king`}, parts);
  }
  return piece(cx, cy, p, letters);
}
