// The games on now at /tv (GET /api/tv, highest rated first): the first one live on a small
// board, the list with the players, their ratings and how many watch, each opening /play/<id>
// (without a key: watching).
import {api, subscribe} from '../api.js';
import {t} from '../i18n.js';
import {$, events} from '../state.js';
import {SquareBoard} from '../square-board.js';
import {MillBoard} from '../mill-board.js';
import {familyOf, sideName, variantName, fillVariantSelect} from '../variants.js';
import {currentPage, navigate} from '../pages.js';
import {clockText, modeText, playerElement} from '../players.js';
import {playPath} from '../round/game.js';

// The list is asked for again this often while the page is shown (it has no stream).
const REFRESH_MS = 5000;

const tv = {
  games: [],
  timer: null,
  top: null,          // {id, unsubscribe, view}: the game on the board
  request: 0,
};

async function refresh() {
  const request = ++tv.request;
  let answer;
  try {
    answer = await api.tv($('tv-variant').value);
  } catch {
    return;   // the next refresh tries again
  }
  if (request !== tv.request || currentPage() !== 'tv') return;
  tv.games = answer.games || [];
  renderList();
  showTop(tv.games[0] || null);
}

function renderList() {
  const rows = $('tv-rows');
  rows.replaceChildren();
  $('tv-empty').hidden = tv.games.length > 0;
  for (const game of tv.games) {
    const row = document.createElement('tr');
    row.dataset.id = game.id;
    const what = document.createElement('td');
    what.append(Object.assign(document.createElement('div'), {textContent: variantName(game.variant)}),
                Object.assign(document.createElement('div'), {className: 'muted', textContent: modeText(game.rated, game.speed)}));
    const players = document.createElement('td');
    players.append(playerElement(game.players && game.players.white, {anonymous: sideName(game.variant, 'white')}),
                   ' \u2013 ',
                   playerElement(game.players && game.players.black, {anonymous: sideName(game.variant, 'black')}));
    const watch = document.createElement('td');
    watch.append(Object.assign(document.createElement('a'), {href: playPath(game.id), className: 'watch-game', textContent: t('tv.watch')}));
    const plies = cell(String(game.plies));
    plies.dataset.label = t('tv.col.plies');
    const watchers = cell(String(game.watchers ?? 0));
    watchers.dataset.label = t('tv.col.watchers');
    watchers.className = 'tv-watchers';
    row.append(what, players, plies, watchers, watch);
    rows.append(row);
  }
}

const cell = (text) => Object.assign(document.createElement('td'), {textContent: text});

// The first game, live on the board through its stream (no key: a watcher's stream).
function showTop(game) {
  $('tv-top').hidden = !game;
  if (!game) { dropTop(); return; }
  if (!tv.top || tv.top.id !== game.id) {
    dropTop();
    tv.top = {id: game.id, view: null, summary: game, unsubscribe: null};
    const top = tv.top;
    top.unsubscribe = subscribe(game.id, {onGame: (view) => { if (tv.top === top) { top.view = view; renderTop(); } }});
  }
  tv.top.summary = game;
  renderTop();
}

function dropTop() {
  if (tv.top && tv.top.unsubscribe) tv.top.unsubscribe();
  tv.top = null;
  $('tv-board').replaceChildren();
}

function renderTop() {
  const top = tv.top;
  if (!top) return;
  const game = top.summary;
  const view = top.view;
  $('tv-top').dataset.id = top.id;
  $('tv-watch').href = playPath(top.id);
  $('tv-top-head').textContent = `${variantName(game.variant)} · ${modeText(game.rated, game.speed)}` +
      (view && view.clock ? ` · ${clockText({initial_s: view.clock.initial_ms / 1000, increment_s: view.clock.increment_ms / 1000})}` : '');
  const players = (view && view.players) || game.players || {};
  for (const side of ['white', 'black']) {
    $(`tv-top-${side}`).replaceChildren(playerElement(players[side], {anonymous: sideName(game.variant, side)}));
  }
  if (!view) return;
  // A board to look at: it takes no pointer (a click opens the game).
  const box = $('tv-board');
  const BoardType = view.board.kind === 'mill' ? MillBoard : SquareBoard;
  const board = new BoardType(box, () => {});
  board.destroy();
  board.render(view.board, {flipped: false, family: familyOf(view.variant),
                            marks: {lastSquares: view.last ? view.last.squares : [],
                                    lastCaptures: view.last ? view.last.captures : [],
                                    letters: {general: t('piece.general.letter'), jester: t('piece.jester.letter')}}});
  box.dataset.plies = String(view.moves.length);
  box.dataset.variant = view.variant;
}

function fillFilter() {
  const select = $('tv-variant');
  const chosen = select.value;
  fillVariantSelect(select);
  select.prepend(Object.assign(document.createElement('option'), {value: '', textContent: t('profile.all_games')}));
  select.value = chosen;
  if (select.value !== chosen) select.value = '';
}

function start() {
  fillFilter();
  refresh();
  clearInterval(tv.timer);
  tv.timer = setInterval(refresh, REFRESH_MS);
}

function stop() {
  clearInterval(tv.timer);
  tv.timer = null;
  tv.request++;
  dropTop();
}

export function setupTv() {
  events.on('page', (name) => { if (name === 'tv') start(); else stop(); });
  events.on('texts', () => {
    if (currentPage() !== 'tv') return;
    fillFilter();
    renderList();
    renderTop();
  });
  $('tv-variant').addEventListener('change', () => { dropTop(); refresh(); });
  const open = () => { if (tv.top) navigate(playPath(tv.top.id)); };
  $('tv-board').addEventListener('click', open);
  $('tv-board').addEventListener('keydown', (event) => { if (event.key === 'Enter') open(); });
}
