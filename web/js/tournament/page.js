// One tournament at /tournaments/{id}: its standings kept live by its event stream, the games
// in progress with links to watch them, join and withdraw, start and end for its creator, the
// player's own game to enter, and the podium once it is over.
import {api, subscribeTournament} from '../api.js';
import {t} from '../i18n.js';
import {$, state, events} from '../state.js';
import {variantName} from '../variants.js';
import {attempt} from '../messages.js';
import {clockText, modeText, speedOf} from '../players.js';
import {currentPage} from '../pages.js';
import {playPath} from '../round/game.js';
import {enterGame} from '../lobby/seeks.js';
import {formatText, whenText} from './list.js';
import {noteArenaGame} from './berserk.js';

const shown = {id: null, view: null, me: null, unsubscribe: null};

function cell(content, className = '') {
  const td = document.createElement('td');
  if (typeof content === 'string') td.textContent = content; else td.append(content);
  if (className) td.className = className;
  return td;
}

function standingRow(row, arena) {
  const tr = document.createElement('tr');
  tr.dataset.player = row.name;
  const name = Object.assign(document.createElement('a'), {href: `/@/${encodeURIComponent(row.name)}`, textContent: row.name});
  name.className = 'navlink';
  const cells = [cell(String(row.rank)), cell(name), cell(String(row.rating)), cell(String(row.points), 'points')];
  if (arena) {
    const sheet = (row.sheet || []).map((e) => `${e.points}${e.berserk ? '*' : ''}`).join(' ');
    cells.push(cell(`${row.fire ? '🔥 ' : ''}${sheet}`));
  } else {
    cells.push(cell(String(row.buchholz)));
  }
  if (row.withdrawn) tr.classList.add('muted');
  tr.append(...cells);
  return tr;
}

function boardRow(b) {
  const tr = document.createElement('tr');
  tr.dataset.game = b.game;
  const watch = Object.assign(document.createElement('a'), {href: playPath(b.game), textContent: t('tournament.watch')});
  watch.className = 'navlink';
  tr.append(cell(b.round ? String(b.round) : ''), cell(`${b.white}${b.white_berserk ? ' *' : ''}`),
            cell(`${b.black}${b.black_berserk ? ' *' : ''}`), cell(watch));
  return tr;
}

function renderPodium(v) {
  const podium = $('tournament-podium');
  podium.hidden = v.status !== 'finished';
  if (podium.hidden) return;
  const places = v.standings.slice(0, 3);
  podium.replaceChildren(...places.map((row, index) => {
    const step = document.createElement('div');
    step.className = `podium-step podium-${index + 1}`;
    step.dataset.place = String(index + 1);
    step.textContent = `${index + 1}. ${row.name} · ${row.points}`;
    return step;
  }));
}

function renderActions(v) {
  const me = shown.me;
  const signedIn = Boolean(state.me);
  const joined = Boolean(me && me.joined);
  const open = v.status === 'created' || (v.status === 'started' && v.system === 'arena');
  $('tournament-join').hidden = !signedIn || joined || !open;
  $('tournament-withdraw').hidden = !signedIn || !joined || v.status === 'finished';
  const creator = signedIn && state.me.name === v.creator;
  $('tournament-start').hidden = !creator || v.status !== 'created';
  $('tournament-stop').hidden = !creator || v.status !== 'started';
  const game = me && me.game;
  $('tournament-my-game').hidden = !game;
  if (game && v.system === 'arena') noteArenaGame(game.game, v.id);
}

function render() {
  const v = shown.view;
  if (!v || currentPage() !== 'tournament') return;
  $('tournament-name').textContent = v.name;
  $('tournament-facts').textContent = [variantName(v.variant), clockText(v.clock),
    modeText(v.rated, speedOf(v.clock)), formatText(v), whenText(v.starts_ms)].join(' · ');
  const status = v.status === 'started' && v.system === 'swiss' ? t('tournament.round_of', {round: v.round, rounds: v.rounds})
      : v.status === 'started' && v.ends_ms ? t('tournament.ends_at', {time: whenText(v.ends_ms)})
      : t(`tournament.status.${v.status}`);
  $('tournament-status').textContent = status;
  $('tournament-status').dataset.status = v.status;
  const arena = v.system === 'arena';
  $('tournament-extra-col').textContent = arena ? t('tournament.col.sheet') : t('tournament.col.buchholz');
  $('tournament-standings').replaceChildren(...v.standings.map((row) => standingRow(row, arena)));
  const ongoing = v.boards.filter((b) => b.outcome === 'ongoing');
  $('tournament-boards').replaceChildren(...ongoing.map(boardRow));
  $('tournament-boards-empty').hidden = ongoing.length > 0;
  renderPodium(v);
  renderActions(v);
}

// The viewer's own part (joined, the game he plays now) is not in the stream: asked again after
// each change that may touch it.
async function refreshMe() {
  if (!shown.id || !state.me) { shown.me = null; render(); return; }
  const id = shown.id;
  const v = await api.tournament(id).catch(() => null);
  if (!v || shown.id !== id) return;
  shown.me = v.me || null;
  render();
}

// Keeps a view unless the one shown is newer: the answer to the page's own request (join, start,
// ...) may arrive after the stream has brought later news, and must not take the page back.
function take(view) {
  if (shown.view && Number(view.version) < Number(shown.view.version)) return false;
  shown.view = view;
  return true;
}

function stopListening() {
  if (shown.unsubscribe) shown.unsubscribe();
  shown.unsubscribe = null;
}

export async function openTournament(id) {
  stopListening();
  shown.id = id;
  shown.view = null;
  shown.me = null;
  const v = await attempt(() => api.tournament(id));
  if (!v || shown.id !== id) return false;
  shown.view = v;
  shown.me = v.me || null;
  render();
  shown.unsubscribe = subscribeTournament(id, (view) => {
    if (take(view)) render();
  }, (name) => {
    if (['joined', 'withdrawn', 'started', 'paired', 'game_over', 'finished'].includes(name)) refreshMe();
  });
  return true;
}

async function step(name) {
  const v = await attempt(() => api.tournamentStep(shown.id, name));
  if (!v) return;
  if (take(v)) shown.me = v.me || null;
  else refreshMe();
  render();
}

export function setupTournamentPage() {
  $('tournament-join').addEventListener('click', () => step('join'));
  $('tournament-withdraw').addEventListener('click', () => step('withdraw'));
  $('tournament-start').addEventListener('click', () => step('start'));
  $('tournament-stop').addEventListener('click', () => step('stop'));
  $('tournament-my-game').addEventListener('click', async () => {
    const game = shown.me && shown.me.game;
    if (game) await enterGame(game.game, game.side, game.key);
  });
  events.on('page', (name) => {
    if (name !== 'tournament') { stopListening(); shown.id = null; }
  });
  events.on('account', refreshMe);
  events.on('texts', render);
}
