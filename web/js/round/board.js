// The board of the game view: the position on view (live, of the history, or the analysis
// board) with its marks, the stones in hand, and the glide of the last move.
import {SquareBoard} from '../square-board.js';
import {MillBoard} from '../mill-board.js';
import {t} from '../i18n.js';
import {$, state} from '../state.js';
import {myTurn, orientationFlipped} from '../sides.js';
import {familyOf, sideName} from '../variants.js';
import {live, analysisBoard} from '../analysis/analysis.js';
import {reviewEntry} from '../review/review.js';
import {onPoint} from './moving.js';

// The board on show: one of the two kinds at a time.
let squareBoard = null;
let millBoard = null;

function shownPosition() {
  const g = state.game;
  if (analysisBoard()) return {board: live.position.board, last: live.position.last, live: false, analysis: true};
  if (state.viewPly === null) return {board: g.board, last: g.last, live: true};
  const snapshot = state.snapshots.get(state.viewPly);
  if (snapshot) return {...snapshot, live: false};
  return null;
}

export function renderBoard() {
  const g = state.game;
  const shown = shownPosition() || {board: g.board, last: g.last, live: true};
  // While a request is under way the board takes no clicks (and says so to tests).
  const interactive = shown.analysis ? !live.position.over : shown.live && myTurn() && !state.busy;
  const legal = !interactive ? [] : shown.analysis ? live.position.legal : g.legal;
  const family = familyOf(g.variant);
  const capturers = new Set();
  if (interactive && family === 'draughts' && legal.length && legal.every((m) => m.captures && m.captures.length)) {
    for (const m of legal) capturers.add(m.from);
  }
  const marks = {
    selected: interactive ? state.picker.selected : null,
    targets: interactive ? state.picker.targets(legal) : new Set(),
    choices: interactive ? state.picker.choices() : new Set(),
    capturers,
    lastSquares: shown.last ? shown.last.squares : [],
    lastCaptures: shown.last ? shown.last.captures : [],
    check: shown.board.check || null,
    premove: shown.live && !shown.analysis && state.premove ? [state.premove.from, state.premove.to].filter(Boolean) : [],
    arrow: shown.analysis ? null : reviewEntry(state.viewPly === null ? g.moves.length : state.viewPly)?.path || null,
    lines: shown.analysis ? live.arrows() : [],
    letters: {general: t('piece.general.letter'), jester: t('piece.jester.letter')},
  };
  const boardBox = $('board');
  boardBox.dataset.variant = g.variant;
  boardBox.dataset.interactive = interactive ? 'yes' : 'no';
  boardBox.dataset.version = String(g.version);
  boardBox.dataset.plies = String(g.moves.length);
  boardBox.dataset.premove = state.premove ? `${state.premove.from}-${state.premove.to || ''}` : '';
  boardBox.classList.toggle('history', !shown.live && !shown.analysis);
  boardBox.dataset.analysis = shown.analysis ? live.position.fen : '';
  if (shown.board.kind === 'mill') {
    if (!millBoard || millBoard.container !== boardBox || boardBox.dataset.kind !== 'mill') {
      dropBoards();
      millBoard = new MillBoard(boardBox, onPoint);
    }
    boardBox.dataset.kind = 'mill';
    millBoard.render(shown.board, {flipped: orientationFlipped(), marks});
  } else {
    if (!squareBoard || squareBoard.container !== boardBox || boardBox.dataset.kind !== 'square') {
      dropBoards();
      squareBoard = new SquareBoard(boardBox, onPoint);
    }
    boardBox.dataset.kind = 'square';
    squareBoard.render(shown.board, {flipped: orientationFlipped(), family, marks});
  }
}

// The boards' pointer listeners go with them: only the board on show answers a click.
function dropBoards() {
  if (millBoard) millBoard.destroy();
  if (squareBoard) squareBoard.destroy();
  millBoard = null;
  squareBoard = null;
}

export function renderHands() {
  const g = state.game;
  const shown = shownPosition() || {board: g.board};
  const hand = shown.board.hand;
  const flipped = orientationFlipped();
  const top = flipped ? 'white' : 'black';
  const bottom = flipped ? 'black' : 'white';
  for (const [id, side] of [['hand-top', top], ['hand-bottom', bottom]]) {
    const box = $(id);
    if (!hand) { box.hidden = true; continue; }
    box.hidden = false;
    const count = hand[side] ?? 0;
    box.replaceChildren();
    const title = document.createElement('span');
    title.className = 'hand-title';
    title.textContent = t('hand', {side: sideName(g.variant, side), count});
    box.append(title);
    const stones = document.createElement('span');
    stones.className = `hand-stones ${side}`;
    for (let i = 0; i < count; i++) stones.append(Object.assign(document.createElement('i'), {}));
    box.append(stones);
    box.dataset.side = side;
    box.dataset.count = String(count);
  }
}

// The centre of a square on the board shown, in the board's SVG units.
function centreOf(name) {
  const hit = $('board').querySelector(`[data-square="${CSS.escape(String(name))}"]`);
  if (!hit) return null;
  if (hit.tagName === 'circle') return [Number(hit.getAttribute('cx')), Number(hit.getAttribute('cy'))];
  return [Number(hit.getAttribute('x')) + Number(hit.getAttribute('width')) / 2,
          Number(hit.getAttribute('y')) + Number(hit.getAttribute('height')) / 2];
}

// The piece that moved glides along its path (a capture from square to square), unless the
// player asked the system for less motion.
export function animateMove(ply) {
  const g = state.game;
  if (state.viewPly !== null || !g.last || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const path = g.last.squares || [];
  if (path.length < 2) return;
  const end = path[path.length - 1];
  const piece = $('board').querySelector(`[data-piece="${CSS.escape(String(end))}"]`);
  const target = centreOf(end);
  if (!piece || !target || !piece.animate) return;
  const frames = path.map((name) => {
    const c = centreOf(name) || target;
    return {transform: `translate(${c[0] - target[0]}px, ${c[1] - target[1]}px)`};
  });
  piece.animate(frames, {duration: Math.min(600, 140 * (path.length - 1)), easing: 'ease-out'});
  $('board').dataset.animated = String(ply);
}
