// The review of a game by the engine (GET /api/games/{id}/review): its progress, the graph of
// White's expected result, and the verdict on each move.
import {api} from '../api.js';
import {svg} from '../svg.js';
import {t} from '../i18n.js';
import {$, state, events} from '../state.js';
import {sideName, movePeopleText} from '../variants.js';
import {attempt} from '../messages.js';
import {tablesVerdicts} from '../tablebase/tablebase.js';

const reviewData = () => {
  const g = state.game;
  return g && state.review && state.review.id === g.id ? state.review.data : null;
};

export function reviewEntry(ply) {
  const data = reviewData();
  return data ? data.positions.find((p) => p.ply === ply) || null : null;
}

export function reviewVerdict(ply) {
  const data = reviewData();
  return data ? data.moves.find((m) => m.ply === ply) || null : null;
}

// The moves the endgame tables say threw the win or the draw away, by ply ('threwWin',
// 'threwDraw'), where the game reached the tables.
export function reviewTablesVerdicts() {
  const data = reviewData();
  return data ? tablesVerdicts(state.game.variant, data.positions) : new Map();
}

export async function startReview() {
  const g = state.game;
  if (!g) return;
  const data = await attempt(() => api.startReview(g.id));
  if (data && state.game && state.game.id === g.id) {
    state.review = {id: g.id, data};
    events.emit('render');
  }
}

// Reads the review again (after each of its events); one request at a time, and one more if an
// event came meanwhile.
let reviewFetch = null;

let reviewAgain = false;

export async function refreshReview(id) {
  if (reviewFetch) { reviewAgain = true; return; }
  reviewFetch = api.review(id).catch(() => null);
  const data = await reviewFetch;
  reviewFetch = null;
  if (data && state.game && state.game.id === id && (data.state !== 'none' || state.review)) {
    state.review = {id, data};
    events.emit('render');
  }
  if (reviewAgain) {
    reviewAgain = false;
    refreshReview(id);
  }
}

export function renderReview() {
  const data = reviewData();
  const box = $('review');
  if (!data || data.state === 'none') { box.hidden = true; return; }
  box.hidden = false;
  box.dataset.state = data.state;
  $('review-progress').textContent = data.state === 'done' ? ''
      : t('review.progress', {done: data.done, total: data.total});
  $('review-graph-box').replaceChildren(reviewGraph(data));
  const counts = {};
  for (const m of data.moves) {
    if (!m.class) continue;
    counts[m.side] = counts[m.side] || {inaccuracy: 0, mistake: 0, blunder: 0};
    counts[m.side][m.class] += 1;
  }
  const g = state.game;
  $('review-summary').textContent = ['white', 'black'].map((side) => {
    const c = counts[side] || {inaccuracy: 0, mistake: 0, blunder: 0};
    return t('review.summary', {side: sideName(g.variant, side), inaccuracies: c.inaccuracy,
                                mistakes: c.mistake, blunders: c.blunder});
  }).join(' · ');
  renderTablesVerdicts();
}

// "The tables say this move threw the win away": each such move, a click to its position.
function renderTablesVerdicts() {
  const list = $('review-tables');
  const g = state.game;
  const items = [];
  for (const [ply, verdict] of [...reviewTablesVerdicts()].sort((a, b) => a[0] - b[0])) {
    const move = g.moves[ply - 1];
    if (!move) continue;
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'link';
    button.dataset.ply = String(ply);
    button.dataset.verdict = verdict;
    button.textContent = `${ply}. ${movePeopleText(g.variant, move)}: ${t(`review.tables.${verdict}`)}`;
    button.addEventListener('click', () => events.emit('view-ply', ply));
    item.append(button);
    items.push(item);
  }
  list.replaceChildren(...items);
  list.hidden = items.length === 0;
}

// White's expected result over the plies (White's share from below); judged moves as dots; a
// click goes to that position.
function reviewGraph(data) {
  const W = 300;
  const H = 90;
  const last = Math.max(1, data.total - 1);
  const x = (ply) => (ply / last) * W;
  const y = (white) => H * (1 - white);
  const root = svg('svg', {viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: 'none', class: 'review-graph',
                           id: 'review-graph', role: 'img', 'aria-label': t('review.title')});
  const points = data.positions.map((p) => [x(p.ply), y(p.white)]);
  if (points.length) {
    const area = [[points[0][0], H], ...points, [points[points.length - 1][0], H]];
    root.append(svg('polygon', {points: area.map((p) => p.join(',')).join(' '), class: 'area'}));
    root.append(svg('polyline', {points: points.map((p) => p.join(',')).join(' '), fill: 'none',
                                 stroke: '#1f8f4e', 'stroke-width': 1.2, class: 'line'}));
  }
  root.append(svg('line', {x1: 0, y1: H / 2, x2: W, y2: H / 2, class: 'mid'}));
  const g = state.game;
  const now = state.viewPly === null ? g.moves.length : state.viewPly;
  root.append(svg('line', {x1: x(now), y1: 0, x2: x(now), y2: H, class: 'now'}));
  for (const m of data.moves) {
    const after = data.positions.find((p) => p.ply === m.ply);
    if (m.class && after) {
      root.append(svg('circle', {cx: x(m.ply), cy: y(after.white), r: 3.2, class: `dot-${m.class}`,
                                 'data-ply': m.ply}));
    }
  }
  root.addEventListener('click', (e) => {
    const box = root.getBoundingClientRect();
    const ply = Math.round(((e.clientX - box.left) / box.width) * last);
    events.emit('view-ply', Math.max(0, Math.min(ply, g.moves.length)));
  });
  return root;
}

export function setupReview() {
  $('btn-review').addEventListener('click', startReview);
}
