// The explorer page at /explorer and /explorer/{game}?fen=FEN (as lichess's and lidraughts's): a
// board of any game, from its start or a FEN, on which moves are played by clicking; beside it
// the opening explorer (the moves of the stored games from the position, explorer.js) and, where
// the server's endgame tables hold the position, the endgame explorer (tablebase.js); a click on
// a move of either plays it. The moves played can be gone back and forth through; the position
// opens on the analysis board or in the board editor. The board and legal moves of each position
// are the server's (GET /api/position/{game id}).
import {api} from '../api.js';
import {t} from '../i18n.js';
import {$, state, events} from '../state.js';
import {PlayBoard} from '../play-board.js';
import {typedMove} from '../move-picker.js';
import {fillVariantSelect, movePeopleText, variantOf} from '../variants.js';
import {errorText} from '../messages.js';
import {currentPage, showPage, navigate} from '../pages.js';
import {renderExplorerPanel} from './explorer.js';
import {renderTablebasePanel} from '../tablebase/tablebase.js';
import {editorPath, analyseFrom} from '../editor/editor.js';

export const explorerPath = (variant, fen) =>
  `/explorer/${encodeURIComponent(variant)}${fen ? `?fen=${encodeURIComponent(fen)}` : ''}`;

const page = {
  variant: null,
  start: null,       // the FEN the moves start from (null: the game's start position)
  line: [],          // the positions (GET /api/position answers): line[i] after i moves
  moves: [],         // moves[i]: the move from line[i] to line[i + 1], as sent
  at: 0,             // the position on view
  error: null,       // the refusal of the last position asked
  flipped: false,
  ticket: 0,         // the latest request: an older answer is dropped
  board: null,       // the PlayBoard
};

const shown = () => page.line[page.at] || null;

function renderLine() {
  const list = $('explorer-line');
  list.replaceChildren(...page.moves.map((move, i) => {
    const after = page.line[i + 1];
    const button = document.createElement('button');
    button.type = 'button';
    button.className = i + 1 === page.at ? 'explorer-ply current' : 'explorer-ply';
    button.dataset.ply = String(i + 1);
    const number = i % 2 === 0 ? `${i / 2 + 1}. ` : '';
    button.textContent = number + movePeopleText(page.variant, {text: move, san: after ? after.moves[0] : move});
    button.addEventListener('click', () => goTo(i + 1));
    return button;
  }));
}

function show() {
  const p = shown();
  page.board.render({variant: page.variant, board: p ? p.board : null, legal: p && !p.over ? p.legal : [],
                     last: p ? p.last : null, flipped: page.flipped});
  const box = $('explorer-board');
  box.dataset.variant = page.variant || '';
  box.dataset.plies = String(page.at);
  box.dataset.fen = p ? p.fen : '';
  if (document.activeElement !== $('explorer-fen')) $('explorer-fen').value = p ? p.fen : (page.start || '');
  const status = $('explorer-status');
  status.textContent = page.error ? errorText(page.error) : p && p.over ? t('explorer.page.over') : '';
  status.dataset.state = page.error ? 'error' : '';
  renderLine();
  $('explorer-first').disabled = $('explorer-back').disabled = page.at === 0;
  $('explorer-forward').disabled = $('explorer-last').disabled = page.at >= page.moves.length;
  $('explorer-setup').href = p ? editorPath(page.variant, p.fen) : editorPath(page.variant || '');
  $('explorer-analyse').disabled = !p || p.over;
  renderPanels();
}

// The opening explorer and the endgame explorer of the position on view.
function renderPanels() {
  const p = shown();
  const fen = p ? p.fen : null;
  renderExplorerPanel($('explorer-openings-box'), {id: 'explorer-openings', variant: page.variant, fen, play});
  renderTablebasePanel($('explorer-tablebase'), {variant: page.variant, fen, side: p ? p.to_move : null, play});
}

// The address follows the position on view (the game's start: no FEN).
function follow() {
  const p = shown();
  const fen = p && (page.at > 0 || page.start) ? p.fen : null;
  if (currentPage() === 'explorer') history.replaceState({}, '', explorerPath(page.variant, fen));
}

// Asks the server for a position: `from` (a FEN, or null for the start) and `moves` played on it.
async function ask(from, moves) {
  const ticket = ++page.ticket;
  try {
    const answer = await api.position(page.variant, from, moves);
    return ticket === page.ticket ? answer : null;
  } catch (e) {
    if (ticket === page.ticket) { page.error = e; show(); }
    return null;
  }
}

// A new line from the game's start or a FEN.
async function begin(variant, fen) {
  page.variant = variant;
  page.start = fen || null;
  page.line = [];
  page.moves = [];
  page.at = 0;
  page.error = null;
  page.board.reset();
  show();
  // The address names the game at once; the position's FEN follows when it comes.
  if (currentPage() === 'explorer') history.replaceState({}, '', explorerPath(variant, page.start));
  const answer = await ask(page.start, []);
  if (!answer) return;
  page.line = [answer];
  show();
  follow();
}

// A move played on the position on view (a move's text): the line goes on with it, or, when it
// is the move already played there, forward.
async function play(text) {
  const p = shown();
  if (!p || p.over) return;
  page.board.reset();
  if (page.moves[page.at] === text && page.line[page.at + 1]) { goTo(page.at + 1); return; }
  const answer = await ask(p.fen, [text]);
  if (!answer) return;
  page.moves = [...page.moves.slice(0, page.at), text];
  page.line = [...page.line.slice(0, page.at + 1), answer];
  page.at += 1;
  page.error = null;
  show();
  follow();
}

function goTo(at) {
  if (at < 0 || at > page.moves.length || !page.line[at]) return;
  page.at = at;
  page.board.reset();
  show();
  follow();
}

// Opens the page on the address's game and FEN; without a game, the page as it was left (else
// international from the start).
export async function showExplorer(game) {
  showPage('explorer');
  document.title = `${t('explorer.page.title')} · doska`;
  const known = (id) => state.variants.some((v) => v.id === id);
  const variant = known(game) ? game : page.variant || (known('international') ? 'international' : variantOf('').id);
  const fen = new URLSearchParams(location.search).get('fen');
  fillVariantSelect($('explorer-variant'), variant);
  const p = shown();
  const same = page.variant === variant && (!game || (fen ? p && p.fen === fen : page.at === 0 && !page.start));
  if (same && (p || page.error)) { show(); follow(); return; }
  await begin(variant, fen);
}

export function setupExplorerPage() {
  page.board = new PlayBoard($('explorer-board'), {
    chooser: $('explorer-chooser'),
    canMove: () => currentPage() === 'explorer' && Boolean(shown()),
    onMove: (move) => play(move.text),
  });
  $('explorer-variant').addEventListener('change', () => navigate(explorerPath($('explorer-variant').value)));
  $('explorer-fen-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const fen = $('explorer-fen').value.trim();
    $('explorer-fen').blur();
    begin(page.variant, fen || null);
  });
  $('explorer-move-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const p = shown();
    const text = $('explorer-move').value.trim();
    if (!p || !text) return;
    $('explorer-move').value = '';
    play(typedMove(p.legal, text).text);
  });
  $('explorer-first').addEventListener('click', () => goTo(0));
  $('explorer-back').addEventListener('click', () => goTo(page.at - 1));
  $('explorer-forward').addEventListener('click', () => goTo(page.at + 1));
  $('explorer-last').addEventListener('click', () => goTo(page.moves.length));
  $('explorer-flip').addEventListener('click', () => { page.flipped = !page.flipped; show(); });
  $('explorer-analyse').addEventListener('click', () => {
    const p = shown();
    if (p && !p.over) analyseFrom({variant: page.variant, fen: p.fen, side: p.to_move});
  });
  // The arrow keys go back and forth, unless a field has the keys.
  document.addEventListener('keydown', (e) => {
    if (currentPage() !== 'explorer' || e.target.closest('input, select, textarea')) return;
    if (e.key === 'ArrowLeft') goTo(page.at - 1);
    else if (e.key === 'ArrowRight') goTo(page.at + 1);
  });
  // An answer of the explorers came, or the language changed: the panels are drawn again.
  events.on('render', () => { if (currentPage() === 'explorer') renderPanels(); });
  events.on('texts', () => {
    if (currentPage() !== 'explorer' || !page.variant) return;
    fillVariantSelect($('explorer-variant'), page.variant);
    document.title = `${t('explorer.page.title')} · doska`;
    show();
  });
}
