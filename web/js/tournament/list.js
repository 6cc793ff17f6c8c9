// The tournaments at /tournaments: upcoming, running and finished, each a link to its page, and
// the form that creates one (a signed-in player: Swiss or arena, game, time control, rounds or
// minutes, start time, rated).
import {api} from '../api.js';
import {t} from '../i18n.js';
import {$, state} from '../state.js';
import {variantName, fillVariantSelect} from '../variants.js';
import {attempt} from '../messages.js';
import {clockText} from '../players.js';
import {navigate} from '../pages.js';

export const tournamentPath = (id) => `/tournaments/${encodeURIComponent(id)}`;

// "Swiss, 5 rounds" or "Arena, 30 min".
export function formatText(v) {
  return v.system === 'swiss' ? t('tournament.swiss_rounds', {rounds: v.rounds})
                              : t('tournament.arena_minutes', {minutes: v.minutes});
}

export function whenText(ms) {
  return new Date(ms).toLocaleString(undefined, {dateStyle: 'medium', timeStyle: 'short'});
}

function row(v) {
  const tr = document.createElement('tr');
  tr.dataset.tournament = v.id;
  const link = Object.assign(document.createElement('a'), {href: tournamentPath(v.id), textContent: v.name});
  link.className = 'navlink';
  const cells = [link, variantName(v.variant), `${clockText(v.clock)} · ${formatText(v)}`,
                 String(v.players), whenText(v.starts_ms)];
  for (const content of cells) {
    const td = document.createElement('td');
    if (typeof content === 'string') td.textContent = content; else td.append(content);
    tr.append(td);
  }
  return tr;
}

// One group's table (upcoming, running or finished), or a line saying there is none.
function groupTable(list) {
  if (!list.length) return Object.assign(document.createElement('p'), {className: 'muted', textContent: t('tournament.none')});
  const table = document.createElement('table');
  table.className = 'games-table tournament-table';
  const head = document.createElement('tr');
  for (const key of ['tournament.col.name', 'games.col.game', 'tournament.col.format', 'tournament.col.players', 'tournament.col.starts']) {
    head.append(Object.assign(document.createElement('th'), {textContent: t(key)}));
  }
  const body = document.createElement('tbody');
  body.append(...list.map(row));
  const thead = document.createElement('thead');
  thead.append(head);
  table.append(thead, body);
  return table;
}

export async function renderTournamentList() {
  const answer = await attempt(() => api.tournaments());
  if (!answer) return;
  const groups = {created: 'tournaments-upcoming', started: 'tournaments-running', finished: 'tournaments-finished'};
  for (const [status, id] of Object.entries(groups)) {
    const list = answer.tournaments.filter((v) => v.status === status)
        .sort((a, b) => (status === 'finished' ? b.starts_ms - a.starts_ms : a.starts_ms - b.starts_ms));
    $(id).replaceChildren(groupTable(list));
  }
  renderCreateForm();
}

function renderCreateForm() {
  const signedIn = Boolean(state.me);
  $('tournament-form').hidden = !signedIn;
  $('tournament-form-note').hidden = signedIn;
  const arena = $('tournament-system').value === 'arena';
  $('tournament-rounds-row').hidden = arena;
  $('tournament-minutes-row').hidden = !arena;
  fillVariantSelect($('tournament-variant'), $('tournament-variant').value || 'international');
}

async function createTournament(event) {
  event.preventDefault();
  const system = $('tournament-system').value;
  const [initial, increment] = $('tournament-time').value.split('+').map(Number);
  const spec = {
    variant: $('tournament-variant').value,
    system,
    clock: {initial_s: initial, increment_s: increment},
    starts_in_s: Math.max(0, Math.round(Number($('tournament-starts').value) * 60)),
    rated: $('tournament-rated').checked,
  };
  const name = $('tournament-form-name').value.trim();
  if (name) spec.name = name;
  if (system === 'swiss') spec.rounds = Number($('tournament-rounds').value);
  else spec.minutes = Number($('tournament-minutes').value);
  const made = await attempt(() => api.createTournament(spec));
  if (made) await navigate(tournamentPath(made.id));
}

export function setupTournamentList() {
  $('tournament-system').addEventListener('change', renderCreateForm);
  $('tournament-form').addEventListener('submit', createTournament);
}

export {renderCreateForm};
