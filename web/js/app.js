// The doska browser app: one page that creates, opens and plays games through the HTTP API
// (docs/api.md), with the live game kept up to date by the server's event stream.
import {api, subscribe, subscribeLobby} from './api.js';
import {i18n, t, LANGUAGES} from './i18n.js';
import {localizeServerText} from './server-texts.js';
import {store} from './store.js';
import {SquareBoard} from './square-board.js';
import {MillBoard} from './mill-board.js';
import {MovePicker} from './move-picker.js';
import {replayBoards} from './replay.js';
import {svg} from './svg.js';
import {LiveAnalysis} from './live-analysis.js';

const $ = (id) => document.getElementById(id);

const state = {
  variants: [],
  game: null,          // the game view being shown
  keys: {},            // side -> key held by this browser for the current game ('any': side unknown)
  flipped: false,      // the player's own flip, on top of the automatic orientation
  viewPly: null,       // null: the live position; else the number of plies of the position shown
  snapshots: new Map(),  // plies -> {board, last}, the positions this browser has seen
  picker: new MovePicker(),
  unsubscribe: null,
  clockAt: 0,          // performance.now() when the clock of the current view was received
  thinking: null,      // the computer's latest search info
  busy: false,
  review: null,        // {id, data}: the game's review as GET /api/games/{id}/review gives it
  premove: null,       // {from, to}: a move clicked while the opponent thinks (clock games)
  offline: false,      // the last request got no answer, or the event stream is cut
  streamPaused: false, // the tab is hidden and let go of its event stream
};

let squareBoard = null;
// The live analysis of a position of the game on view (its board replaces the game's while on).
const live = new LiveAnalysis(() => { if (state.game) render(); });
let millBoard = null;

// ---------------------------------------------------------------- variants and sides

function variantOf(id) {
  return state.variants.find((v) => v.id === id) || {id, name: id, family: '', options: [], first: 'white',
                                                     board: {kind: 'square'}};
}

const isChess = (variantId) => variantId === 'chess100';
const familyOf = (variantId) =>
  isChess(variantId) ? 'chess' : variantId === 'wolf-sheep' ? 'wolf-sheep'
                                : variantId.startsWith('mill') ? 'mill' : 'draughts';

export function sideName(variantId, side) {
  if (variantId === 'wolf-sheep') return t(side === 'white' ? 'side.sheep' : 'side.wolf');
  return t(side === 'white' ? 'side.white' : 'side.black');
}

const variantName = (id) => t(`variant.${id}`, {}, variantOf(id).name || id);

// The sides this browser may play in the current game.
function mySides() {
  const g = state.game;
  if (!g) return [];
  const sides = ['white', 'black'].filter((s) => state.keys[s]);
  if (sides.length) return sides;
  if (state.keys.any) {
    if (g.opponent && g.opponent.kind === 'computer' && g.opponent.side) {
      return [g.opponent.side === 'white' ? 'black' : 'white'];
    }
    return ['white', 'black'];   // the server knows which; it refuses the other
  }
  return [];
}

const keyFor = (side) => state.keys[side] || state.keys.any || null;

function anyKey() {
  return state.keys.white || state.keys.black || state.keys.any || null;
}

function myTurn() {
  const g = state.game;
  return g && !g.result.over && !g.thinking && mySides().includes(g.to_move);
}

function orientationFlipped() {
  const sides = mySides();
  const auto = sides.length === 1 && sides[0] === 'black';
  return auto !== state.flipped;
}

// ---------------------------------------------------------------- messages

let toastTimer = null;
// A text of the server (a reason, a status line, a refusal) in the language of the page.
const serverText = (text) => localizeServerText(text, i18n.lang, state.game ? state.game.variant : '');

function toast(message, kind = 'error') {
  const box = $('toast');
  box.textContent = kind === 'error' ? serverText(message) : message;
  box.className = `toast show ${kind}`;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.className = 'toast'; }, 6000);
}

async function attempt(action) {
  if (state.busy) return null;
  state.busy = true;
  document.body.classList.add('busy');
  const board = $('board');
  if (board) board.dataset.interactive = 'no';
  try {
    const result = await action();
    state.offline = false;
    return result;
  } catch (e) {
    // No answer at all (the network or the server is down): said in the page's language, and
    // the status no longer says it is the player's move as if nothing happened.
    if (e.status === 0) {
      state.offline = true;
      toast(t('error.network'));
    } else {
      toast(e.message || String(e));
    }
    return null;
  } finally {
    state.busy = false;
    document.body.classList.remove('busy');
    if (state.game) render();   // the board is live again
  }
}

// ---------------------------------------------------------------- the game view

function acceptView(view) {
  if (!view || (state.game && view.id === state.game.id && view.version < state.game.version)) return;
  const previous = state.game;
  const sameGame = previous && previous.id === view.id;
  // The same version again (the answer to a request and its event): nothing changed.
  if (sameGame && view.version === previous.version && view.thinking === previous.thinking) return;
  if (!sameGame) {
    state.snapshots = new Map();
    state.viewPly = null;
    if (live.active) live.stop();
  }
  if (!sameGame || previous.version !== view.version) state.picker.reset();
  if (!view.thinking) state.thinking = null;
  // A move that came after the last view (not a game opened, not a take-back): heard and seen.
  state.arrived = sameGame && view.moves.length === previous.moves.length + 1 ? view.moves.length : null;
  state.game = view;
  state.clockAt = performance.now();
  const plies = view.moves.length;
  // An undo shortens the game: positions past its end are gone.
  for (const ply of [...state.snapshots.keys()]) if (ply > plies) state.snapshots.delete(ply);
  state.snapshots.set(plies, {board: view.board, last: view.last});
  // Positions this page did not see (a game opened midway) are rebuilt from the record.
  let missing = false;
  for (let ply = 0; ply < plies; ply++) if (!state.snapshots.has(ply)) missing = true;
  if (missing) {
    const replayed = replayBoards(view);
    if (replayed) for (const [ply, snapshot] of replayed) if (!state.snapshots.has(ply)) state.snapshots.set(ply, snapshot);
  }
  if (state.viewPly !== null && state.viewPly >= plies) state.viewPly = null;
  if (!sameGame || view.result.over) state.premove = null;
  render();
  playPremove();
}

async function openGame(id, {key = null, side = null, links = null} = {}) {
  if (key) store.saveKey(id, key, side, links);
  const saved = store.keyOf(id);
  state.keys = {};
  if (saved) {
    for (const [s, k] of Object.entries(saved.keys || {})) state.keys[s] = k;
  }
  if (state.unsubscribe) state.unsubscribe();
  state.unsubscribe = null;
  state.game = null;
  state.flipped = false;
  // A key from a link that does not name its side: the server says whose it is.
  const probe = state.keys.any;
  let view;
  try {
    view = await api.game(id, probe);
  } catch (e) {
    if (!probe || e.status !== 403) throw e;
    delete state.keys.any;  // a key of no side: the game opens read-only
    view = await api.game(id);
  }
  if (probe && view.you && state.keys.any === probe) learnSide(id, probe, view.you);
  state.review = null;
  acceptView(view);
  listen(id);
  refreshReview(id);
  $('welcome').hidden = true;
  $('game').hidden = false;
  if (rulesOpen()) loadRules();
}

// The game's event stream. A hidden tab lets go of its stream (a browser opens only six
// connections to one server, and each stream holds one) and opens it again when shown; the
// stream's first event is the game as it is then.
function listen(id) {
  if (state.unsubscribe) state.unsubscribe();
  state.unsubscribe = subscribe(id, {
    onGame: (v) => {
      state.offline = false;
      acceptView(v);
    },
    onInfo: (info) => { state.thinking = info; renderThinking(); },
    onReview: () => refreshReview(id),
    onError: () => {
      if (!state.game || state.offline) return;
      state.offline = true;
      renderStatus();
    },
  });
}

function setupVisibility() {
  document.addEventListener('visibilitychange', () => {
    if (!state.game) return;
    if (document.hidden) {
      if (state.unsubscribe) state.unsubscribe();
      state.unsubscribe = null;
      state.streamPaused = true;
    } else if (state.streamPaused) {
      state.streamPaused = false;
      listen(state.game.id);
    }
  });
}

function playPath(id) {
  return `/play/${encodeURIComponent(id)}`;
}

// ---------------------------------------------------------------- rendering

function render() {
  const g = state.game;
  if (!g) return;
  // "Your move" in the tab's title, so that another tab shows whose turn it is.
  document.title = `${myTurn() && state.viewPly === null ? `${t('title.your_move')} · ` : ''}` +
                   `${variantName(g.variant)} · doska`;
  $('game-title').textContent = variantName(g.variant);
  $('game-opponent').textContent = opponentText(g);
  renderBoard();
  if (state.arrived) {
    const ply = state.arrived;
    state.arrived = null;
    animateMove(ply);
    playSound(g.moves[ply - 1]);
  }
  renderHands();
  renderClocks();
  renderStatus();
  renderMoves();
  renderControls();
  renderChooser();
  renderThinking();
  renderAnalysis();
  renderReview();
  renderLinks();
}

function opponentText(g) {
  if (!g.opponent || g.opponent.kind === 'person') return t('opponent.person_game');
  return t('opponent.computer_game', {level: g.opponent.level,
                                      side: sideName(g.variant, g.opponent.side)});
}

function shownPosition() {
  const g = state.game;
  if (analysisBoard()) return {board: live.position.board, last: live.position.last, live: false, analysis: true};
  if (state.viewPly === null) return {board: g.board, last: g.last, live: true};
  const snapshot = state.snapshots.get(state.viewPly);
  if (snapshot) return {...snapshot, live: false};
  return null;
}

function renderBoard() {
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

function renderHands() {
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

function formatClock(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = h ? String(m).padStart(2, '0') : String(m);
  return `${h ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}

// Low time: under 20 seconds, or a tenth of a longer game's time.
const lowTimeMs = (clock) => Math.max(20000, clock.initial_ms / 10);

function formatDays(ms) {
  const hours = Math.max(0, Math.floor(ms / 3600000));
  if (hours >= 24) return t('corr.days', {days: Math.floor(hours / 24), hours: hours % 24});
  return t('corr.hours', {hours, minutes: Math.max(0, Math.floor((ms % 3600000) / 60000))});
}

function clockValue(side) {
  const c = state.game.clock;
  const base = c[`${side}_ms`];
  return c.running === side && !state.game.result.over ? base - (performance.now() - state.clockAt) : base;
}

function renderClocks() {
  const g = state.game;
  const flipped = orientationFlipped();
  const sides = {top: flipped ? 'white' : 'black', bottom: flipped ? 'black' : 'white'};
  for (const [place, side] of Object.entries(sides)) {
    const box = $(`clock-${place}`);
    box.dataset.side = side;
    box.classList.toggle('to-move', g.to_move === side && !g.result.over);
    box.querySelector('.clock-side').textContent = sideName(g.variant, side) +
        (mySides().length === 1 && mySides()[0] === side ? ` (${t('you')})` : '');
    const time = box.querySelector('.clock-time');
    box.classList.remove('low-time');
    if (g.correspondence) {
      // Correspondence: the time left for the move to make, on the side of the one to make it.
      const due = g.to_move === side && g.correspondence.left_ms !== null;
      time.textContent = due ? formatDays(g.correspondence.left_ms - (performance.now() - state.clockAt)) : '';
      box.dataset.deadline = due ? String(g.correspondence.deadline_ms) : '';
      box.classList.toggle('running', due);
    } else if (g.clock) {
      const ms = clockValue(side);
      time.textContent = formatClock(ms);
      const running = g.clock.running === side && !g.result.over;
      const low = ms < lowTimeMs(g.clock);
      time.classList.toggle('low', low);
      box.classList.toggle('running', running);
      // The low-time warning (issue 15): the player's own running clock pulses, and one short
      // sound says so the first time it runs low in the game.
      const warn = low && running && ms > 0 && mySides().includes(side);
      box.classList.toggle('low-time', warn);
      if (warn) warnLowTime(`${g.id}:${side}`);
    } else {
      time.textContent = '';
      box.classList.remove('running');
    }
  }
}

function renderStatus() {
  const g = state.game;
  const status = $('status');
  let text;
  if (state.offline && !g.result.over) text = t('status.offline');
  else if (g.result.over) text = t('status.over');
  else if (g.thinking) text = t('status.thinking');
  else if (myTurn()) text = t('status.your_move');
  else if (anyKey()) text = t('status.waiting', {side: sideName(g.variant, g.to_move)});
  else text = t('status.to_move_readonly', {side: sideName(g.variant, g.to_move)});
  status.textContent = text;
  status.dataset.state = state.offline && !g.result.over ? 'offline'
      : g.result.over ? 'over' : g.thinking ? 'thinking' : myTurn() ? 'my-move' : 'waiting';

  const result = $('result');
  if (g.result.over) {
    result.hidden = false;
    const outcome = g.result.outcome === 'draw' ? t('result.draw')
                    : t('result.wins', {side: sideName(g.variant, g.result.outcome === 'white_wins' ? 'white' : 'black')});
    $('result-outcome').textContent = `${g.result.text}  ${outcome}`;
    const rule = ruleText(g.result.rule);
    $('result-rule').textContent = [serverText(g.result.reason), rule ? `(${rule})` : ''].filter(Boolean).join(' ');
    result.dataset.outcome = g.result.outcome;
  } else {
    result.hidden = true;
  }

  const offer = $('draw-offer');
  if (g.draw_offer && !g.result.over) {
    offer.hidden = false;
    offer.textContent = t('draw.offered_by', {side: sideName(g.variant, g.draw_offer)});
  } else {
    offer.hidden = true;
  }
  const takeback = $('takeback-offer');
  takeback.hidden = !(g.takeback_offer && !g.result.over);
  if (!takeback.hidden) takeback.textContent = t('takeback.asked_by', {side: sideName(g.variant, g.takeback_offer)});
  const counters = $('counters');
  counters.replaceChildren(...(g.status || []).map((line) => Object.assign(document.createElement('li'), {textContent: serverText(line)})));
  $('readonly-note').hidden = Boolean(anyKey());
}

function ruleText(rule) {
  if (!rule) return '';
  const known = {resignation: 'rule.resignation', agreement: 'rule.agreement', time: 'rule.time'};
  return known[rule] ? t(known[rule]) : rule;
}

function renderMoves() {
  const g = state.game;
  const list = $('move-list');
  list.replaceChildren();
  const first = variantOf(g.variant).first || 'white';
  let number = 0;
  // Each turn (its number and its moves) is one unbreakable group: a number never stands alone
  // at the end of a line.
  let turn = null;
  g.moves.forEach((move, index) => {
    const ply = index + 1;
    // A new number at each turn of the first player; a Ceylon extra turn keeps its number.
    const newTurn = move.side === first && (index === 0 || g.moves[index - 1].side !== first);
    if (newTurn || index === 0) {
      number += 1;
      turn = document.createElement('span');
      turn.className = 'move-turn';
      const num = document.createElement('span');
      num.className = 'move-number';
      num.textContent = move.side === first ? `${number}.` : `${number}…`;
      turn.append(num);
      list.append(turn);
    }
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'move';
    button.dataset.ply = String(ply);
    button.textContent = movePeopleText(g.variant, move);
    button.title = move.full;
    const verdict = reviewVerdict(ply);
    if (verdict && verdict.class) {
      button.dataset.class = verdict.class;
      const judge = document.createElement('span');
      judge.className = 'judge';
      judge.textContent = {inaccuracy: '?!', mistake: '?', blunder: '??'}[verdict.class];
      button.append(judge);
      button.title = `${move.full} — ${t(`review.${verdict.class}`)}` +
                     (verdict.best ? ` (${t('review.best', {move: verdict.best})})` : '');
    }
    if (state.viewPly === null && ply === g.moves.length) button.classList.add('current');
    if (state.viewPly === ply) button.classList.add('viewing');
    if (state.viewPly !== null && !state.snapshots.has(ply)) button.classList.add('unseen');
    button.addEventListener('click', () => viewPly(ply));
    turn.append(button);
  });
  if (!g.moves.length) {
    const empty = document.createElement('span');
    empty.className = 'empty';
    empty.textContent = t('moves.none');
    list.append(empty);
  }
  const current = list.querySelector('.viewing, .current');
  if (current && state.viewPly === null) list.scrollTop = list.scrollHeight;
  $('history-bar').hidden = state.viewPly === null;
  if (state.viewPly !== null) {
    $('history-text').textContent = state.snapshots.has(state.viewPly)
        ? t('history.viewing', {ply: state.viewPly})
        : t('history.unseen', {ply: state.viewPly});
  }
}

function viewPly(ply) {
  const g = state.game;
  state.viewPly = ply >= g.moves.length ? null : Math.max(0, ply);
  state.picker.reset();
  if (live.active) analyse();   // the analysis follows the position on view
  else render();
}

function renderControls() {
  const g = state.game;
  const over = g.result.over;
  const key = anyKey();
  const sides = mySides();
  const computer = g.opponent && g.opponent.kind === 'computer';
  const show = (id, visible) => { $(id).hidden = !visible; };
  show('btn-undo', Boolean(key) && computer && !over && g.moves.length > 0);
  // Wolf and sheep has no draw (RULINGS §2).
  show('btn-draw-offer', Boolean(key) && !over && !g.draw_offer && g.variant !== 'wolf-sheep');
  const offeredToMe = g.draw_offer && sides.some((s) => s !== g.draw_offer);
  show('btn-draw-accept', Boolean(key) && !over && Boolean(offeredToMe));
  show('btn-draw-decline', Boolean(key) && !over && Boolean(offeredToMe));
  show('btn-draw-claim', Boolean(key) && !over && g.can_claim_draw && sides.includes(g.to_move));
  show('btn-resign', Boolean(key) && !over);
  // Between people: a take-back asked of the other, and after the game a rematch.
  const moved = g.moves.some((m) => sides.includes(m.side));
  const askedOfMe = g.takeback_offer && sides.some((s) => s !== g.takeback_offer);
  show('btn-takeback', Boolean(key) && !computer && !over && moved && !g.takeback_offer);
  show('btn-takeback-accept', Boolean(key) && !computer && !over && Boolean(askedOfMe));
  show('btn-takeback-decline', Boolean(key) && !computer && !over && Boolean(askedOfMe));
  show('btn-rematch', Boolean(key) && over);
  $('btn-rematch').textContent = t(g.rematch ? 'rematch.join' : 'rematch');
  // Fair play: no engine in a live game between two people (the server refuses it too).
  show('btn-analyse', computer || over);
  $('move-entry').hidden = !(myTurn() && state.viewPly === null && !analysisBoard());
  const reviewing = state.review && state.review.id === g.id && state.review.data;
  show('btn-review', (computer || over) && !(reviewing && ['running', 'done'].includes(reviewing.state)));
  $('btn-export-main').textContent = isChess(g.variant) ? 'PGN' : 'PDN';
}

function renderThinking() {
  const box = $('thinking');
  const g = state.game;
  if (!g || !g.thinking) { box.hidden = true; return; }
  box.hidden = false;
  const info = state.thinking;
  box.textContent = info ? t('thinking.info', {depth: info.depth ?? '?', score: info.score ?? '',
                                               pv: (info.pv || []).slice(0, 6).join(' ')})
                         : t('status.thinking');
}

// ---------------------------------------------------------------- the chooser of ambiguous moves

const PROMOTION_KINDS = ['queen', 'rook', 'bishop', 'knight', 'general', 'jester', 'pawn'];

function renderChooser() {
  const box = $('chooser');
  const picker = state.picker;
  if (!picker.pending || !state.game) { box.hidden = true; box.replaceChildren(); return; }
  box.hidden = false;
  box.dataset.axis = picker.axis;
  box.dataset.place = chooserPlace(picker.pending[0].to, picker.choices());
  const title = document.createElement('div');
  title.className = 'chooser-title';
  title.textContent = t(`choose.${picker.axis}`);
  const buttons = document.createElement('div');
  buttons.className = 'chooser-buttons';
  if (picker.axis === 'promotion') {
    const kinds = [...new Set(picker.pending.map((m) => m.promotion))]
        .sort((a, b) => PROMOTION_KINDS.indexOf(a) - PROMOTION_KINDS.indexOf(b));
    for (const kind of kinds) {
      buttons.append(chooserButton(t(`piece.${kind}`, {}, kind), () => picker.choose((m) => m.promotion === kind),
                                   {promotion: kind}));
    }
  } else {
    for (const move of picker.pending) {
      const text = picker.axis === 'path' ? (move.full || move.text) : move.text;
      buttons.append(chooserButton(text, () => picker.choose((m) => m === move), {move: move.text}));
    }
  }
  buttons.append(chooserButton(t('cancel'), () => { picker.reset(); return null; }, {cancel: 'yes'}));
  box.replaceChildren(title, buttons);
}

// The chooser covers the half of the board with fewer of the squares still to click (a path's
// landing squares, the extra pawn's squares), and on a tie the half away from the move's square.
function chooserPlace(square, choices) {
  const board = $('board');
  const b = board.getBoundingClientRect();
  const lower = (name) => {
    const cell = board.querySelector(`[data-square="${CSS.escape(String(name))}"]`);
    if (!cell) return null;
    const c = cell.getBoundingClientRect();
    return c.top + c.height / 2 > b.top + b.height / 2;
  };
  let top = 0;
  let bottom = 0;
  for (const name of choices) {
    const isLower = lower(name);
    if (isLower === true) bottom += 1;
    else if (isLower === false) top += 1;
  }
  if (top !== bottom) return top < bottom ? 'top' : 'bottom';
  return lower(square) ? 'top' : 'bottom';
}

function chooserButton(text, choose, data) {
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = text;
  Object.assign(button.dataset, data);
  button.addEventListener('click', () => {
    const chosen = choose();
    if (chosen && chosen.play) playMove(chosen.play);
    else render();
  });
  return button;
}

// ---------------------------------------------------------------- moving

// Premoves (issue 15): in a clock game, while the opponent thinks, the player may click a piece
// of theirs and a square; when the turn comes the move is played at once if it is the one legal
// move from there to there, else it is dropped.
function premoveAllowed() {
  const g = state.game;
  const sides = mySides();
  return Boolean(g && g.clock && !g.result.over && sides.length === 1 && g.to_move !== sides[0] &&
                 state.viewPly === null);
}

function onPremovePoint(point) {
  const g = state.game;
  const mine = mySides()[0];
  const cell = (g.board.cells || []).find((c) => c.name === point);
  const pm = state.premove;
  if (pm && !pm.to && point !== pm.from) {
    state.premove = {from: pm.from, to: point};
  } else if (cell && cell.piece && cell.piece.side === mine && !(pm && pm.from === point)) {
    state.premove = {from: point, to: null};
  } else {
    state.premove = null;
  }
  render();
}

// After a new view: a premove whose turn has come is played (or dropped).
function playPremove() {
  const pm = state.premove;
  if (!pm || !pm.to || !myTurn() || state.busy) return;
  state.premove = null;
  const g = state.game;
  const fits = g.legal.filter((m) => m.from === pm.from && m.to === pm.to);
  if (fits.length === 1) playMove(fits[0]);
  else render();
}

function onPoint(point, {drag}) {
  const g = state.game;
  if (!g || state.busy) return;
  if (analysisBoard()) {
    const chosen = state.picker.click(point, live.position.over ? [] : live.position.legal, {drag});
    if (chosen && chosen.play) {
      state.picker.reset();
      live.tryMove(chosen.play.text);
    } else {
      render();
    }
    return;
  }
  if (!drag && premoveAllowed()) return onPremovePoint(point);
  if (state.viewPly !== null || !myTurn()) return;
  const chosen = state.picker.click(point, g.legal, {drag});
  if (chosen && chosen.play) playMove(chosen.play);
  else render();
}

async function playMove(move) {
  const g = state.game;
  const side = g.to_move;
  const key = keyFor(side);
  const unsure = !state.keys[side] && state.keys.any === key;
  state.picker.reset();
  let refused = false;
  const view = await attempt(async () => {
    try {
      return await api.move(g.id, key, move.text);
    } catch (e) {
      refused = e.status === 403;
      throw e;
    }
  });
  // A key from a link that did not name its side: the server's answer tells whose it is.
  if (unsure && (view || refused)) learnSide(g.id, key, view ? side : (side === 'white' ? 'black' : 'white'));
  if (view) acceptView(view);
  else render();
}

// A move as the move list shows it: chess100 in SAN with the piece letters of the page's
// language (K Q R B N G J; Кр Ф Л С К Г Ш in Russian; Кр Ф Т С К Г Б in Ukrainian), the
// other games in their notation.
const SAN_LETTERS = {
  ru: {K: 'Кр', Q: 'Ф', R: 'Л', B: 'С', N: 'К', G: 'Г', J: 'Ш'},
  uk: {K: 'Кр', Q: 'Ф', R: 'Т', B: 'С', N: 'К', G: 'Г', J: 'Б'},
};
function movePeopleText(variant, move) {
  if (!isChess(variant) || !move.san) return move.text;
  const letters = SAN_LETTERS[i18n.lang];
  if (!letters) return move.san;
  return move.san.replace(/(^|=)([KQRBNGJ])/g, (_, before, piece) => before + letters[piece]);
}

// Keyboard entry (issue 15): a move typed in the game's notation. The legal move whose text (or
// full path) it is, letter case, spaces and the signs between squares (- : x) aside, if only one
// is; else the server reads it (other forms it knows, or says why it is not a move).
function typedMove(text) {
  const g = state.game;
  const norm = (m) => m.toLowerCase().replace(/[\s\-:x]+/g, '');
  const typed = norm(text);
  const found = g.legal.filter((m) => norm(m.text) === typed || norm(m.full || '') === typed);
  return found.length === 1 ? found[0] : {text: text.trim()};
}

function setupMoveEntry() {
  $('move-entry').addEventListener('submit', async (e) => {
    e.preventDefault();
    const input = $('move-input');
    const text = input.value.trim();
    if (!text || !state.game || !myTurn()) return;
    const before = state.game.moves.length;
    await playMove(typedMove(text));
    if (state.game && state.game.moves.length > before) input.value = '';
  });
}

function learnSide(id, key, side) {
  delete state.keys.any;
  state.keys[side] = key;
  const saved = store.keyOf(id);
  store.saveKeys(id, {...Object.fromEntries(Object.entries((saved && saved.keys) || {}).filter(([s]) => s !== 'any')),
                      [side]: key}, saved && saved.links);
}

// ---------------------------------------------------------------- actions

async function gameAction(call) {
  const g = state.game;
  if (!g) return;
  const view = await attempt(() => call(g));
  if (view && view.id) acceptView(view);
}

function actionKey(g) {
  const sides = mySides();
  if (sides.includes(g.to_move)) return keyFor(g.to_move);
  return keyFor(sides[0] || 'any');
}

// A take-back is asked with the key of the side that moved last (of those this page holds), and
// answered with the other's.
function takebackKey(g, action) {
  const sides = mySides();
  if (action === 'offer') {
    const last = [...g.moves].reverse().find((m) => sides.includes(m.side));
    return keyFor(last ? last.side : sides[0] || 'any');
  }
  return keyFor(sides.find((s) => s !== g.takeback_offer) || 'any');
}

// The rematch: each key this page holds plays the other side in it.
async function rematch() {
  const g = state.game;
  if (!g) return;
  const sides = mySides();
  const answer = await attempt(() => api.rematch(g.id, keyFor(sides[0] || 'any')));
  if (!answer) return;
  const keys = {};
  for (const side of sides) keys[side === 'white' ? 'black' : 'white'] = keyFor(side);
  store.saveKeys(answer.game.id, keys, null);
  history.pushState({}, '', playPath(answer.game.id));
  await attempt(() => openGame(answer.game.id));
}

function drawKey(g, action) {
  const sides = mySides();
  if (action === 'accept' || action === 'decline') {
    const side = sides.find((s) => s !== g.draw_offer);
    return keyFor(side || 'any');
  }
  return actionKey(g);
}

function resignKey(g) {
  const sides = mySides();
  if (sides.length === 2) return keyFor(g.to_move);
  return keyFor(sides[0] || 'any');
}

// ---------------------------------------------------------------- analysis

// Live analysis of the position on view: the game's (a live game by its id, so that the server
// can refuse a game between two people), or one of its history.
function analyse() {
  const g = state.game;
  if (!g) return;
  const plies = state.viewPly === null ? g.moves.length : state.viewPly;
  const spec = state.viewPly === null
      ? {game: g.id}
      : {variant: g.variant, fen: g.start_fen, moves: g.moves.slice(0, plies).map((m) => m.text)};
  state.picker.reset();
  live.start({gameId: g.id, plies, spec}, Number($('analysis-count').value) || 3);
}

// The analysis board is on show: a live analysis of this game whose position has come.
const analysisBoard = () => live.active && live.position && state.game && live.base.gameId === state.game.id;

// The share of the bar that is White's: a logistic curve of the score (100 = one man or pawn).
function whiteShare(score, side) {
  let value;
  if (score.kind === 'win') value = 1;
  else if (score.kind === 'loss') value = 0;
  else if (score.kind === 'draw') value = 0.5;
  else value = 1 / (1 + Math.exp(-(score.value || 0) / 250));
  return side === 'white' ? value : 1 - value;
}

function scoreText(score, side) {
  const who = sideName(state.game.variant, side);
  if (score.egdb && score.kind === 'win') return t('score.egdbWin', {side: who, plies: score.value});
  if (score.egdb && score.kind === 'loss') return t('score.egdbLoss', {side: who, plies: score.value});
  if (score.kind === 'win') return t('score.win', {side: who, plies: score.value});
  if (score.kind === 'loss') return t('score.loss', {side: who, plies: score.value});
  if (score.kind === 'draw') return t('score.draw');
  const white = side === 'white' ? score.value : -score.value;
  return `${white > 0 ? '+' : ''}${(white / 100).toFixed(2)}`;
}

// ---------------------------------------------------------------- the lobby (issue 15)

const lobby = {
  unsubscribe: null,
  seeks: [],
  mine: new Map(),   // seek id -> its key: this page's open challenges
};

// The lobby's stream is open while the dialog is, or while this page has a challenge waiting
// (its creator learns that it was accepted when it leaves the list).
function lobbyListen() {
  const wanted = $('dlg-lobby').open || lobby.mine.size > 0;
  if (wanted && !lobby.unsubscribe) lobby.unsubscribe = subscribeLobby(onSeeks);
  if (!wanted && lobby.unsubscribe) { lobby.unsubscribe(); lobby.unsubscribe = null; }
}

async function onSeeks(seeks) {
  lobby.seeks = seeks;
  renderLobby();
  const open = new Set(seeks.map((s) => s.id));
  for (const [id, key] of [...lobby.mine]) {
    if (open.has(id)) continue;
    lobby.mine.delete(id);
    const answer = await api.seek(id, key).catch(() => null);
    if (answer && answer.state === 'accepted') {
      toast(t('lobby.accepted'), 'info');
      await enterGame(answer.game, answer.side, answer.key, null);
    }
  }
  lobbyListen();
}

function renderLobby() {
  const rows = $('seek-rows');
  rows.replaceChildren();
  $('seek-empty').hidden = lobby.seeks.length > 0;
  for (const seek of lobby.seeks) {
    const row = document.createElement('tr');
    row.dataset.seek = seek.id;
    const cell = (text) => Object.assign(document.createElement('td'), {textContent: text});
    const clock = !seek.clock ? t('time.none')
        : seek.clock.days_per_move ? t(`time.corr${seek.clock.days_per_move}`, {}, `${seek.clock.days_per_move} d`)
        : `${seek.clock.initial_s / 60}+${seek.clock.increment_s}`;
    const yours = seek.side === 'random' ? t('side.random')
        : sideName(seek.variant, seek.side === 'white' ? 'black' : 'white');
    const action = document.createElement('td');
    const button = document.createElement('button');
    button.type = 'button';
    if (lobby.mine.has(seek.id)) {
      button.textContent = t('lobby.cancel');
      button.dataset.action = 'cancel';
      button.addEventListener('click', async () => {
        const key = lobby.mine.get(seek.id);
        if (await attempt(() => api.cancelSeek(seek.id, key))) lobby.mine.delete(seek.id);
      });
      action.append(Object.assign(document.createElement('span'), {className: 'muted', textContent: `${t('lobby.waiting')} `}));
    } else {
      button.textContent = t('lobby.accept');
      button.dataset.action = 'accept';
      button.className = 'primary';
      button.addEventListener('click', async () => {
        const answer = await attempt(() => api.acceptSeek(seek.id));
        if (!answer) return;
        await enterGame(answer.game.id, answer.side, answer.keys[answer.side], answer.links);
      });
    }
    action.append(button);
    row.append(cell(variantName(seek.variant)), cell(clock), cell(yours), action);
    rows.append(row);
  }
}

// Opens a game this page holds one side of, by its key.
async function enterGame(id, side, key, links) {
  store.saveKeys(id, {[side]: key}, links);
  const url = new URL(playPath(id), location.origin);
  url.searchParams.set('key', key);
  url.searchParams.set('side', side);
  history.pushState({}, '', url.pathname + url.search);
  if ($('dlg-lobby').open) $('dlg-lobby').close();
  await attempt(() => openGame(id));
}

function setupLobby() {
  const dialog = $('dlg-lobby');
  $('btn-lobby').addEventListener('click', () => {
    fillVariantSelect($('seek-variant'), $('seek-variant').value || (state.game && state.game.variant) || 'international');
    dialog.showModal();
    lobbyListen();
  });
  dialog.addEventListener('close', lobbyListen);
  $('seek-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const spec = {variant: $('seek-variant').value, side: $('seek-side').value,
                  opponent: {kind: 'person'}};
    const time = $('seek-time').value;
    if (time.startsWith('d')) {
      spec.clock = {days_per_move: Number(time.slice(1))};
    } else if (time) {
      const [initial, increment] = time.split('+').map(Number);
      spec.clock = {initial_s: initial, increment_s: increment};
    }
    const answer = await attempt(() => api.createSeek(spec));
    if (!answer) return;
    lobby.mine.set(answer.seek.id, answer.key);
    if (!lobby.seeks.some((s) => s.id === answer.seek.id)) lobby.seeks.push(answer.seek);
    renderLobby();
    lobbyListen();
  });
}

// ---------------------------------------------------------------- sound and motion

let audio = null;
// A short tone for a move, two lower ones for a capture (made by the page: no sound files).
function playSound(move) {
  if (!move) return;
  const kind = move.captures && move.captures.length ? 'capture' : 'move';
  document.body.dataset.lastSound = store.setting('sound', true) ? kind : 'muted';
  if (!store.setting('sound', true)) return;
  tones(kind === 'capture' ? [[330, 0], [247, 0.07]] : [[523, 0]]);
}

// Short tones ([frequency, delay in seconds]) made by the page.
function tones(list) {
  try {
    audio = audio || new AudioContext();
    for (const [frequency, delay] of list) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = frequency;
      const start = audio.currentTime + delay;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.15, start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.09);
      osc.connect(gain).connect(audio.destination);
      osc.start(start);
      osc.stop(start + 0.1);
    }
  } catch {
    // No audio on this device: the move is still seen.
  }
}

// Two quick high tones, once for each side's clock in a game, unless the sound is off.
const lowTimeWarned = new Set();
function warnLowTime(which) {
  if (lowTimeWarned.has(which)) return;
  lowTimeWarned.add(which);
  const on = store.setting('sound', true);
  document.body.dataset.lowTimeWarning = on ? 'sound' : 'muted';
  if (on) tones([[988, 0], [988, 0.15]]);
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
function animateMove(ply) {
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

function setupSettings() {
  const sound = $('btn-sound');
  // A speaker, with waves when on and a cross when off (drawn: emoji fonts are not everywhere).
  const showSound = () => {
    const on = store.setting('sound', true);
    const icon = svg('svg', {viewBox: '0 0 24 24', width: 18, height: 18, 'aria-hidden': 'true'}, [
      svg('path', {d: 'M3 9h4l5-4v14l-5-4H3z', fill: 'currentColor'}),
      on ? svg('path', {d: 'M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12', fill: 'none',
                        stroke: 'currentColor', 'stroke-width': 2, 'stroke-linecap': 'round'})
         : svg('path', {d: 'M16 9l6 6M22 9l-6 6', fill: 'none', stroke: 'currentColor',
                        'stroke-width': 2, 'stroke-linecap': 'round'}),
    ]);
    sound.replaceChildren(icon);
    sound.setAttribute('aria-pressed', String(on));
  };
  sound.addEventListener('click', () => { store.saveSetting('sound', !store.setting('sound', true)); showSound(); });
  showSound();
  const coords = $('btn-coords');
  const showCoords = () => {
    const on = store.setting('coords', true);
    coords.setAttribute('aria-pressed', String(on));
    $('board').classList.toggle('no-coords', !on);
  };
  coords.addEventListener('click', () => { store.saveSetting('coords', !store.setting('coords', true)); showCoords(); });
  showCoords();
  // Board colours (wood, green, blue) and piece colours (classic, red and black, blue and gold).
  cycleButton($('btn-theme'), 'theme', ['wood', 'green', 'blue']);
  cycleButton($('btn-pieces'), 'pieces', ['classic', 'red', 'blue']);
}

// A setting on a button that steps through its values in turn, remembered, and set on the page
// as data-<name> (the style sheet follows it); the button names the value.
function cycleButton(button, name, values) {
  const current = () => (values.includes(store.choice(name)) ? store.choice(name) : values[0]);
  const show = () => {
    document.documentElement.dataset[name] = current();
    button.textContent = t(`${name}.${current()}`);
  };
  button.addEventListener('click', () => {
    store.saveChoice(name, values[(values.indexOf(current()) + 1) % values.length]);
    show();
  });
  show();
}

// ---------------------------------------------------------------- game review

const reviewData = () => {
  const g = state.game;
  return g && state.review && state.review.id === g.id ? state.review.data : null;
};
function reviewEntry(ply) {
  const data = reviewData();
  return data ? data.positions.find((p) => p.ply === ply) || null : null;
}
function reviewVerdict(ply) {
  const data = reviewData();
  return data ? data.moves.find((m) => m.ply === ply) || null : null;
}

async function startReview() {
  const g = state.game;
  if (!g) return;
  const data = await attempt(() => api.startReview(g.id));
  if (data && state.game && state.game.id === g.id) {
    state.review = {id: g.id, data};
    render();
  }
}

// Reads the review again (after each of its events); one request at a time, and one more if an
// event came meanwhile.
let reviewFetch = null;
let reviewAgain = false;
async function refreshReview(id) {
  if (reviewFetch) { reviewAgain = true; return; }
  reviewFetch = api.review(id).catch(() => null);
  const data = await reviewFetch;
  reviewFetch = null;
  if (data && state.game && state.game.id === id && (data.state !== 'none' || state.review)) {
    state.review = {id, data};
    render();
  }
  if (reviewAgain) {
    reviewAgain = false;
    refreshReview(id);
  }
}

function renderReview() {
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
    viewPly(Math.max(0, Math.min(ply, g.moves.length)));
  });
  return root;
}

function renderAnalysis() {
  const g = state.game;
  const bar = $('eval-bar');
  const on = live.active && live.base.gameId === g.id;
  $('analysis').hidden = !on;
  const result = on ? live.result : null;
  const side = live.position ? live.position.to_move : g.to_move;
  const best = result && result.lines.length ? result.lines[0] : null;
  bar.hidden = !best;
  if (!on) return;
  $('analysis').dataset.depth = result ? String(result.depth) : '0';
  $('analysis').dataset.best = best ? best.best : '';
  $('analysis').dataset.plies = String(live.plies);
  $('analysis-count').value = String(live.lines);
  $('btn-analysis-back').hidden = live.tried.length === 0;
  const tried = live.position && live.tried.length ? live.position.moves.slice(-live.tried.length) : [];
  $('analysis-tried').textContent = tried.length
      ? t('analysis.tried', {moves: tried.map((m) => movePeopleText(g.variant, {text: m, san: m})).join(' ')}) : '';
  let status;
  if (live.error) status = live.error.status === 0 ? t('error.network') : serverText(live.error.message);
  else if (live.done) status = t(`analysis.done.${live.done}`, {}, t('analysis.done.stopped'));
  else status = result ? t('analysis.searching', {depth: result.depth + 1}) : t('analysis.running');
  $('analysis-status').textContent = status;
  if (best) {
    const share = whiteShare(best.score, side);
    const flipped = orientationFlipped();
    $('eval-fill').style.height = `${((flipped ? 1 - share : share) * 100).toFixed(1)}%`;
    $('eval-fill').className = flipped ? 'eval-fill black' : 'eval-fill white';
    bar.classList.toggle('flipped', flipped);
    bar.title = scoreText(best.score, side);
  }
  $('analysis-text').textContent = best ? t('analysis.result', {
    plies: live.plies, score: scoreText(best.score, side), best: best.best,
    depth: result.depth, pv: (best.pv || []).join(' '),
  }) : '';
  // The best lines, each with its score (the board shows them as arrows).
  const list = document.createElement('ol');
  list.className = 'analysis-lines';
  for (const line of result ? result.lines : []) {
    const item = document.createElement('li');
    item.textContent = `${scoreText(line.score, side)} (${line.depth}): ${(line.pv || []).join(' ')}`;
    list.append(item);
  }
  $('analysis-lines').replaceChildren(list);
}

// ---------------------------------------------------------------- links of a two-person game

function absolute(link, side) {
  const url = new URL(link, location.origin);
  if (side) url.searchParams.set('side', side);
  return url.href;
}

function renderLinks() {
  const g = state.game;
  const saved = store.keyOf(g.id);
  const box = $('links');
  if (!saved || !saved.links || g.result.over) { box.hidden = true; return; }
  box.hidden = false;
  const rows = $('links-rows');
  rows.replaceChildren();
  for (const side of ['white', 'black']) {
    if (!saved.links[side]) continue;
    rows.append(linkRow(g.variant, side, absolute(saved.links[side], side)));
  }
}

function linkRow(variant, side, href) {
  const row = document.createElement('div');
  row.className = 'link-row';
  row.dataset.side = side;
  const label = document.createElement('span');
  label.textContent = sideName(variant, side);
  const input = document.createElement('input');
  input.readOnly = true;
  input.value = href;
  input.className = 'link-input';
  input.addEventListener('focus', () => input.select());
  const copy = document.createElement('button');
  copy.type = 'button';
  copy.textContent = t('copy');
  copy.addEventListener('click', () => copyText(href));
  row.append(label, input, copy);
  return row;
}

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    toast(t('copied'), 'info');
    return;
  } catch {
    // Pages served over plain http from another machine have no clipboard API.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.style.position = 'fixed';
  area.style.opacity = '0';
  // Outside an open modal dialog the page is inert: the scratch area goes inside it.
  (document.querySelector('dialog[open]') || document.body).append(area);
  area.select();
  let copied = false;
  try { copied = document.execCommand('copy'); } catch { copied = false; }
  area.remove();
  toast(t(copied ? 'copied' : 'copy_failed'), 'info');
}

// ---------------------------------------------------------------- dialogs

function fillVariantSelect(select, selected) {
  select.replaceChildren(...state.variants.map((v) => {
    const option = document.createElement('option');
    option.value = v.id;
    option.textContent = variantName(v.id);
    return option;
  }));
  if (selected) select.value = selected;
}

function fillOpponentFields(prefix) {
  const variant = $(`${prefix}-variant`).value;
  const person = $(`${prefix}-opponent-person`).checked;
  $(`${prefix}-level-row`).hidden = person;
  $(`${prefix}-both-row`).hidden = !person;
  const sideSelect = $(`${prefix}-side`);
  const current = sideSelect.value;
  const sides = person ? ['white', 'black'] : ['white', 'black', 'random'];
  sideSelect.replaceChildren(...sides.map((s) => {
    const option = document.createElement('option');
    option.value = s;
    option.textContent = s === 'random' ? t('side.random') : sideName(variant, s);
    return option;
  }));
  sideSelect.value = sides.includes(current) ? current : 'white';
  $(`${prefix}-clock-fields`).hidden = !$(`${prefix}-clock-on`).checked;
  const options = $(`${prefix}-options`);
  options.replaceChildren();
  for (const option of variantOf(variant).options || []) {
    if (option.type !== 'bool') continue;
    const label = document.createElement('label');
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.name = option.name;
    box.dataset.option = option.name;
    box.checked = Boolean(option.default);
    label.append(box, ` ${t(`option.${option.name}`, {}, option.name)}`);
    options.append(label);
  }
}

function gameSpec(prefix) {
  const person = $(`${prefix}-opponent-person`).checked;
  const spec = {
    variant: $(`${prefix}-variant`).value,
    opponent: person ? {kind: 'person'} : {kind: 'computer', level: Number($(`${prefix}-level`).value)},
    side: $(`${prefix}-side`).value,
  };
  const days = $(`${prefix}-days`);
  if (days && days.value) {
    spec.clock = {days_per_move: Number(days.value)};
  } else if ($(`${prefix}-clock-on`).checked) {
    spec.clock = {initial_s: Math.round(Number($(`${prefix}-clock-min`).value) * 60),
                  increment_s: Number($(`${prefix}-clock-inc`).value)};
  }
  const options = {};
  for (const box of $(`${prefix}-options`).querySelectorAll('[data-option]')) options[box.dataset.option] = box.checked;
  if (Object.keys(options).length) spec.options = options;
  return {spec, bothHere: person && $(`${prefix}-both`).checked};
}

async function createGame(spec, bothHere) {
  const answer = await attempt(() => api.create(spec));
  if (!answer) return false;
  const view = answer.game;
  const keys = answer.keys || {};
  const person = spec.opponent.kind === 'person';
  let mine;
  if (!person) {
    const computer = view.opponent && view.opponent.side;
    mine = computer ? [computer === 'white' ? 'black' : 'white'] : Object.keys(keys).filter((s) => keys[s]);
  } else if (bothHere) {
    mine = ['white', 'black'];
  } else {
    mine = [spec.side === 'black' ? 'black' : 'white'];
  }
  const held = {};
  for (const s of mine) if (keys[s]) held[s] = keys[s];
  store.saveKeys(view.id, held, person && !bothHere ? answer.links : null);
  const side = mine.length === 1 ? mine[0] : null;
  const url = new URL(playPath(view.id), location.origin);
  if (side && keys[side]) {
    url.searchParams.set('key', keys[side]);
    url.searchParams.set('side', side);
  }
  history.pushState({}, '', url.pathname + url.search);
  await attempt(() => openGame(view.id));
  return true;
}

function setupNewGameDialog() {
  const dialog = $('dlg-new');
  for (const id of ['new-variant', 'new-opponent-computer', 'new-opponent-person', 'new-clock-on']) {
    $(id).addEventListener('change', () => fillOpponentFields('new'));
  }
  $('btn-new').addEventListener('click', () => {
    fillVariantSelect($('new-variant'), $('new-variant').value || (state.game && state.game.variant) || 'international');
    fillOpponentFields('new');
    dialog.showModal();
  });
  $('new-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const {spec, bothHere} = gameSpec('new');
    if (await createGame(spec, bothHere)) dialog.close();
  });
}

function setupImportDialog() {
  const dialog = $('dlg-import');
  for (const id of ['imp-variant', 'imp-opponent-computer', 'imp-opponent-person', 'imp-clock-on']) {
    $(id).addEventListener('change', () => fillOpponentFields('imp'));
  }
  $('btn-import').addEventListener('click', () => {
    fillVariantSelect($('imp-variant'), $('imp-variant').value || (state.game && state.game.variant) || 'international');
    fillOpponentFields('imp');
    dialog.showModal();
  });
  $('imp-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const {spec, bothHere} = gameSpec('imp');
    const text = $('imp-text').value.trim();
    if (!text) { toast(t('import.empty')); return; }
    // A record has tags or numbered moves; anything else is read as a FEN.
    const isRecord = /\[\s*\w+\s+"/.test(text) || /(^|\s)1\.\s*\S/.test(text);
    if (isRecord) spec.pdn = text; else spec.fen = text;
    if (await createGame(spec, bothHere)) dialog.close();
  });
}

async function showExport(format) {
  const g = state.game;
  if (!g) return;
  const text = await attempt(() => api.exportText(g.id, format));
  if (text === null) return;
  $('export-text').value = text;
  $('export-text').dataset.format = format;
  $('dlg-export').showModal();
}

function setupExportDialog() {
  $('btn-export-main').addEventListener('click', () => showExport(isChess(state.game.variant) ? 'pgn' : 'pdn'));
  $('btn-export-fen').addEventListener('click', () => showExport('fen'));
  $('export-copy').addEventListener('click', () => copyText($('export-text').value));
  $('export-download').addEventListener('click', () => {
    const format = $('export-text').dataset.format || 'txt';
    const blob = new Blob([$('export-text').value], {type: 'text/plain'});
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `doska-${state.game.id}.${format}`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  });
}

async function showGames() {
  const list = await attempt(() => api.mine(store.held()));
  if (!list) return;
  const body = $('games-rows');
  body.replaceChildren();
  if (!list.games.length) {
    const row = document.createElement('tr');
    const cell = document.createElement('td');
    cell.colSpan = 5;
    cell.textContent = t('games.none');
    row.append(cell);
    body.append(row);
  }
  for (const game of list.games) {
    const row = document.createElement('tr');
    row.dataset.id = game.id;
    const saved = store.keyOf(game.id);
    const cells = [
      variantName(game.variant),
      new Date(game.updated || game.created).toLocaleString(i18n.lang),
      !game.opponent || game.opponent.kind === 'person' ? t('opponent.person')
                                                        : t('opponent.computer_level', {level: game.opponent.level}),
      `${game.plies} · ${game.result ? game.result.text : '*'}`,
    ];
    for (const text of cells) row.append(Object.assign(document.createElement('td'), {textContent: text}));
    const action = document.createElement('td');
    const open = document.createElement('button');
    open.type = 'button';
    open.className = 'open-game';
    open.textContent = saved ? t('games.open') : t('games.view');
    open.addEventListener('click', async () => {
      $('dlg-games').close();
      history.pushState({}, '', playPath(game.id));
      await attempt(() => openGame(game.id));
    });
    action.append(open);
    row.append(action);
    body.append(row);
  }
  if (!$('dlg-games').open) $('dlg-games').showModal();
}

// ---------------------------------------------------------------- rules

const rulesOpen = () => !$('rules-panel').hidden;

async function loadRules() {
  const variant = $('rules-variant').value || (state.game && state.game.variant) || 'international';
  const content = $('rules-content');
  const lang = i18n.lang;
  content.dataset.variant = variant;
  content.dataset.lang = lang;
  content.dataset.state = 'loading';
  try {
    const response = await fetch(`/rules/${encodeURIComponent(variant)}.${lang}.html`);
    const type = response.headers.get('Content-Type') || '';
    if (!response.ok || !type.includes('html')) throw new Error(String(response.status));
    const html = await response.text();
    if (content.dataset.variant !== variant || content.dataset.lang !== lang) return;
    content.innerHTML = html;   // our own rule texts, from the same server
    // The citations of the texts (articles of the rule documents, for those who maintain them)
    // are not for the players.
    for (const cite of content.querySelectorAll('small.src')) (cite.closest('p') || cite).remove();
    content.dataset.state = 'loaded';
  } catch {
    if (content.dataset.variant !== variant || content.dataset.lang !== lang) return;
    content.replaceChildren(Object.assign(document.createElement('p'), {
      className: 'missing', textContent: t('rules.missing', {game: variantName(variant)})}));
    content.dataset.state = 'missing';
  }
}

// The rules drawer starts below the top bar while the bar is in sight (its buttons and the
// language stay at hand), else at the top of the screen.
function placeRules() {
  const panel = $('rules-panel');
  if (panel.hidden) return;
  const bar = document.querySelector('.topbar').getBoundingClientRect();
  panel.style.top = `${Math.max(0, Math.round(bar.bottom))}px`;
}

function setupRules() {
  window.addEventListener('scroll', placeRules, {passive: true});
  window.addEventListener('resize', placeRules);
  $('btn-rules').addEventListener('click', () => {
    const panel = $('rules-panel');
    panel.hidden = !panel.hidden;
    placeRules();
    if (!panel.hidden) {
      fillVariantSelect($('rules-variant'), (state.game && state.game.variant) || $('rules-variant').value || 'international');
      loadRules();
    }
  });
  $('rules-close').addEventListener('click', () => { $('rules-panel').hidden = true; });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && rulesOpen() && !document.querySelector('dialog[open]')) $('rules-panel').hidden = true;
  });
  $('rules-variant').addEventListener('change', loadRules);
}

// ---------------------------------------------------------------- wiring

function setupControls() {
  $('btn-flip').addEventListener('click', () => { state.flipped = !state.flipped; render(); });
  $('btn-live').addEventListener('click', () => viewPly(Infinity));
  $('btn-prev').addEventListener('click', () => {
    const g = state.game;
    if (g) viewPly((state.viewPly === null ? g.moves.length : state.viewPly) - 1);
  });
  $('btn-next').addEventListener('click', () => {
    const g = state.game;
    if (g && state.viewPly !== null) viewPly(state.viewPly + 1);
  });
  $('btn-undo').addEventListener('click', () => gameAction((g) => api.undo(g.id, actionKey(g))));
  for (const action of ['offer', 'accept', 'decline']) {
    $(action === 'offer' ? 'btn-takeback' : `btn-takeback-${action}`).addEventListener('click', () =>
      gameAction((g) => api.takeback(g.id, takebackKey(g, action), action)));
  }
  $('btn-rematch').addEventListener('click', rematch);
  for (const action of ['offer', 'accept', 'decline', 'claim']) {
    $(`btn-draw-${action}`).addEventListener('click', async () => {
      await gameAction((g) => api.draw(g.id, drawKey(g, action), action));
      const g = state.game;
      // The computer answers an offer at once: accepted, the game is over; else it is withdrawn.
      if (action === 'offer' && g && g.opponent && g.opponent.kind === 'computer' && !g.result.over && !g.draw_offer) {
        toast(t('draw.declined'), 'info');
      }
    });
  }
  $('btn-resign').addEventListener('click', () => $('dlg-resign').showModal());
  $('resign-yes').addEventListener('click', () => {
    $('dlg-resign').close();
    gameAction((g) => api.resign(g.id, resignKey(g)));
  });
  $('btn-analyse').addEventListener('click', analyse);
  $('btn-analysis-stop').addEventListener('click', () => live.stop());
  $('btn-analysis-back').addEventListener('click', () => live.backToGame());
  $('analysis-count').addEventListener('change', () => live.setLines(Number($('analysis-count').value)));
  $('btn-review').addEventListener('click', startReview);
  $('btn-games').addEventListener('click', showGames);
  $('welcome-new').addEventListener('click', () => $('btn-new').click());
  $('welcome-games').addEventListener('click', showGames);
  for (const button of document.querySelectorAll('dialog [data-close]')) {
    button.addEventListener('click', () => button.closest('dialog').close());
  }
  document.addEventListener('keydown', (event) => {
    if (!state.game || event.target.closest('input, textarea, select, dialog')) return;
    if (event.key === 'ArrowLeft') $('btn-prev').click();
    if (event.key === 'ArrowRight') $('btn-next').click();
    if (event.key === 'Escape') { state.picker.reset(); state.premove = null; render(); }
  });
  setInterval(() => { if (state.game && state.game.clock) renderClocks(); }, 250);
}

function setupLanguage() {
  const select = $('lang-select');
  select.replaceChildren(...LANGUAGES.map(({code, name}) => {
    const option = document.createElement('option');
    option.value = code;
    option.textContent = name;
    return option;
  }));
  select.value = i18n.lang;
  select.addEventListener('change', () => {
    i18n.set(select.value);
    store.saveLanguage(select.value);
    refreshTexts();
  });
}

function refreshTexts() {
  i18n.apply(document);
  $('lang-select').value = i18n.lang;
  $('btn-theme').textContent = t(`theme.${document.documentElement.dataset.theme || 'wood'}`);
  $('btn-pieces').textContent = t(`pieces.${document.documentElement.dataset.pieces || 'classic'}`);
  renderLobby();
  if (state.game) render();
  for (const prefix of ['new', 'imp']) {
    if ($(`dlg-${prefix === 'new' ? 'new' : 'import'}`).open) {
      fillVariantSelect($(`${prefix}-variant`), $(`${prefix}-variant`).value);
      fillOpponentFields(prefix);
    }
  }
  if (rulesOpen()) {
    fillVariantSelect($('rules-variant'), $('rules-variant').value);
    loadRules();
  }
}

async function route() {
  const match = location.pathname.match(/^\/play\/([^/]+)\/?$/);
  if (!match) {
    if (state.unsubscribe) state.unsubscribe();
    state.unsubscribe = null;
    state.game = null;
    $('game').hidden = true;
    $('welcome').hidden = false;
    return;
  }
  const id = decodeURIComponent(match[1]);
  const params = new URLSearchParams(location.search);
  const key = params.get('key');
  const side = params.get('side');
  const opened = await attempt(() => openGame(id, {key, side: side === 'white' || side === 'black' ? side : null}));
  if (opened === null && !state.game) {
    $('game').hidden = true;
    $('welcome').hidden = false;
  }
}

async function main() {
  i18n.init(store.language(), navigator.languages || [navigator.language]);
  setupLanguage();
  i18n.apply(document);
  setupControls();
  setupNewGameDialog();
  setupImportDialog();
  setupExportDialog();
  setupRules();
  setupVisibility();
  setupMoveEntry();
  setupSettings();
  setupLobby();
  try {
    state.variants = await api.variants();
  } catch (e) {
    toast(e.message || String(e));
  }
  window.addEventListener('popstate', route);
  await route();
  document.body.dataset.ready = 'yes';
}

main();
