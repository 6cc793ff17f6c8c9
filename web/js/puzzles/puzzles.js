// The puzzles page at /puzzles and /puzzles/{game} (docs/puzzles.md, after lichess's puzzle
// page): a game and a theme chosen, a puzzle near the player's puzzle rating (or the day's), its
// board played by clicking; each move is sent to the server, which answers right (with the
// opponent's reply, played on the board) or wrong (with the move that was right), so that the
// page never holds the solution. At the end the player's puzzle rating and its change. A move may
// also be typed in the game's notation; a failed puzzle may be tried again from its start (the
// server rates the first attempt only, so the page says the retry is not rated).
import {api} from '../api.js';
import {t} from '../i18n.js';
import {$, events} from '../state.js';
import {PlayBoard} from '../play-board.js';
import {typedMove} from '../move-picker.js';
import {PuzzleHistory} from './history.js';
import {sideName, variantName} from '../variants.js';
import {errorText} from '../messages.js';
import {currentPage, showPage} from '../pages.js';

const page = {
  games: null,       // GET /api/puzzles: [{game, name, count, themes}]
  game: null,
  puzzle: null,      // the server's view of the puzzle being played
  moves: [],         // the player's moves so far
  legal: [],
  board: null,       // the board view drawn
  last: null,        // {squares, captures} of the last move on the board
  outcome: null,     // the last attempt's answer
  retry: false,      // the puzzle is being tried again after a failure (not rated)
  drawn: null,       // the PlayBoard
  history: null,     // the PuzzleHistory: the signed-in player's rating graph in the game
  busy: false,
  ticket: 0,         // the latest request for a puzzle
};

export const puzzlesPath = (game) => `/puzzles${game ? `/${encodeURIComponent(game)}` : ''}`;

function renderBoard() {
  const box = $('puzzles-board');
  page.drawn.render({variant: page.game, board: page.board, legal: page.legal, last: page.last,
                     flipped: page.puzzle ? page.puzzle.side === 'black' : false});
  if (!page.board) return;
  box.dataset.game = page.game;
  box.dataset.puzzle = page.puzzle ? page.puzzle.id : '';
}

// The line under the board: whose move, right, solved, or the move that was right.
function renderStatus() {
  const status = $('puzzles-status');
  const p = page.puzzle;
  const o = page.outcome;
  let text = '';
  let kind = '';
  if (!p) {
    kind = 'none';
    text = t('puzzles.none');
  } else if (!o) {
    kind = 'play';
    text = t('puzzles.your_move', {side: sideName(p.game, p.side)});
  } else {
    kind = o.result;
    text = o.result === 'failed' ? t('puzzles.wrong', {move: o.expected})
        : o.result === 'solved' ? t('puzzles.solved') : t('puzzles.right');
  }
  status.textContent = text;
  status.dataset.state = kind;
  // The player's moves answered so far: a move's answer can be told from the one before it.
  status.dataset.moves = String(page.moves.length);
  $('puzzles-title').textContent = !p ? ''
      : p.date ? t('puzzles.daily_of', {date: p.date}) : t('puzzles.puzzle', {id: p.id, rating: p.rating});
  $('puzzles-themes').textContent = p ? p.themes.map((theme) => t(`puzzles.theme.${theme}`, {}, theme)).join(', ') : '';
  renderRating();
}

// The player's puzzle rating, with the change of the attempt just finished.
function renderRating() {
  const box = $('puzzles-rating');
  const finished = page.outcome && page.outcome.result !== 'right' ? page.outcome : null;
  const player = finished && finished.player ? finished.player : page.puzzle ? page.puzzle.player : null;
  box.dataset.diff = '';
  if (!page.puzzle) { box.textContent = ''; return; }
  if (!player) { box.textContent = t('puzzles.unrated'); return; }
  let text = t('puzzles.rating', {rating: player.provisional ? `${player.rating}?` : player.rating});
  if (!finished && page.retry) {
    text += ` — ${t('puzzles.retry_unrated')}`;
  } else if (finished && finished.rated) {
    const diff = player.diff;
    text += ` (${diff >= 0 ? '+' : ''}${diff})`;
    box.dataset.diff = String(diff);
  } else if (finished) {
    text += ` — ${t('puzzles.not_rated_again')}`;
  }
  box.textContent = text;
}

function show() {
  renderBoard();
  renderStatus();
  $('puzzles-next').hidden = !page.puzzle || !page.outcome || page.outcome.result === 'right';
  $('puzzles-retry').hidden = !page.puzzle || !page.outcome || page.outcome.result !== 'failed';
  $('puzzles-move').disabled = !canMove();
}

// The puzzle again from its start, after a failure.
function startOver(retry) {
  page.board = page.puzzle.board;
  page.legal = page.puzzle.legal;
  page.moves = [];
  page.last = null;
  page.outcome = null;
  page.retry = retry;
  page.drawn.reset();
}

function fillGames() {
  const select = $('puzzles-game');
  select.replaceChildren(...page.games.map((g) => {
    const option = document.createElement('option');
    option.value = g.game;
    option.textContent = variantName(g.game);
    return option;
  }));
  select.value = page.game || '';
}

function fillThemes() {
  const select = $('puzzles-theme');
  const kept = select.value;
  const entry = page.games.find((g) => g.game === page.game);
  const themes = entry ? entry.themes : [];
  const any = document.createElement('option');
  any.value = '';
  any.textContent = t('puzzles.theme.any');
  select.replaceChildren(any, ...themes.map((theme) => {
    const option = document.createElement('option');
    option.value = theme;
    option.textContent = t(`puzzles.theme.${theme}`, {}, theme);
    return option;
  }));
  select.value = themes.includes(kept) ? kept : '';
}

// A new puzzle: the next one for the player (of the theme chosen), or the day's.
// Only the latest request's answer is shown (a theme chosen twice quickly asks twice).
async function load(kind) {
  if (!page.game) return;
  const ticket = ++page.ticket;
  page.busy = true;
  $('puzzles-board').dataset.loading = 'yes';
  try {
    const theme = $('puzzles-theme').value;
    const puzzle = kind === 'daily' ? await api.dailyPuzzle(page.game) : await api.nextPuzzle(page.game, theme);
    if (ticket !== page.ticket) return;
    page.puzzle = puzzle;
    startOver(false);
    if (!page.history.shown || page.history.shown.game !== page.game || !puzzle.player) {
      page.history.show(page.game, Boolean(puzzle.player));
    }
  } catch (e) {
    if (ticket !== page.ticket) return;
    page.puzzle = null;
    page.board = null;
    show();
    $('puzzles-status').textContent = errorText(e);
    return;
  } finally {
    if (ticket === page.ticket) {
      page.busy = false;
      $('puzzles-board').dataset.loading = 'no';
    }
  }
  show();
}

// A move chosen on the board or typed: sent with the ones before it, the answer drawn. Answers
// whether the server took it.
async function play(move) {
  page.busy = true;
  page.moves.push(move.text);
  const before = page.last;
  page.last = {squares: move.path || [], captures: move.captures || []};
  try {
    const answer = await api.puzzleAttempt(page.puzzle.id, page.moves);
    page.outcome = answer;
    // The player's rating after a finished attempt is the one a retry shows.
    if (answer.player) page.puzzle.player = answer.player;
    if (answer.rated) page.history.show(page.game, true);
    page.board = answer.board;
    page.last = answer.last || page.last;
    page.legal = answer.result === 'right' ? answer.legal : [];
  } catch (e) {
    page.moves.pop();
    page.last = before;
    page.busy = false;
    show();
    $('puzzles-status').textContent = errorText(e);
    return false;
  }
  page.busy = false;
  show();
  return true;
}

// Moves are taken while the puzzle goes on and no answer is awaited.
const canMove = () => !page.busy && Boolean(page.puzzle) && !(page.outcome && page.outcome.result !== 'right');

// Opens the page on the address's game (else the one chosen before, else the first with puzzles).
export async function showPuzzles(game) {
  showPage('puzzles');
  document.title = `${t('puzzles.title')} · doska`;
  if (!page.games) {
    try {
      page.games = (await api.puzzleGames()).games;
    } catch (e) {
      page.games = [];
      $('puzzles-status').textContent = errorText(e);
    }
  }
  const known = (id) => page.games.some((g) => g.game === id);
  const wanted = known(game) ? game : known(page.game) ? page.game : page.games.length ? page.games[0].game : null;
  const changed = wanted !== page.game || !page.puzzle;
  page.game = wanted;
  fillGames();
  fillThemes();
  if (changed) await load('next');
  else show();
}

export function setupPuzzles() {
  page.drawn = new PlayBoard($('puzzles-board'), {chooser: $('puzzles-chooser'), canMove, onMove: play});
  page.history = new PuzzleHistory($('puzzles-history'));
  $('puzzles-game').addEventListener('change', () => {
    page.game = $('puzzles-game').value;
    history.replaceState({}, '', puzzlesPath(page.game));
    fillThemes();
    load('next');
  });
  $('puzzles-theme').addEventListener('change', () => load('next'));
  $('puzzles-next').addEventListener('click', () => load('next'));
  $('puzzles-retry').addEventListener('click', () => { startOver(true); show(); });
  $('puzzles-move-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    const input = $('puzzles-move');
    const text = input.value.trim();
    if (!text || !canMove()) return;
    if (await play(typedMove(page.legal, text))) input.value = '';
    input.focus();
  });
  $('puzzles-daily').addEventListener('click', () => load('daily'));
  events.on('texts', () => {
    if (currentPage() !== 'puzzles' || !page.games) return;
    fillGames();
    fillThemes();
    show();
    page.history.draw();
  });
}
