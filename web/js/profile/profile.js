// A player's profile at /@/<name>: ratings per game and speed, the rating graph, wins, draws
// and losses, and the games, filtered by game, result and rated, each opening the game and its
// review.
import {api} from '../api.js';
import {i18n, t} from '../i18n.js';
import {$, state, events} from '../state.js';
import {variantName, fillVariantSelect} from '../variants.js';
import {errorText} from '../messages.js';
import {currentPage, showPage} from '../pages.js';
import {modeText, playerElement, ratingText, speedName} from '../players.js';
import {playPath} from '../round/game.js';
import {seriesOf, seriesName, colourOf, ratingGraph} from './graph.js';

const PAGE = 20;

const profile = {
  name: null,
  user: null,
  series: [],
  chosen: new Set(),
  games: [],
  total: 0,
  loading: 0,     // the number of the latest request: older answers are dropped
};

export async function showProfile(name) {
  showPage('profile');
  const request = ++profile.loading;
  if (profile.name !== name) {
    Object.assign(profile, {name, user: null, series: [], chosen: new Set(), games: [], total: 0});
    fillGameFilter();
    for (const id of ['pg-variant', 'pg-result', 'pg-rated']) $(id).value = '';
  }
  $('profile-name').textContent = name;
  document.title = `${name} · doska`;
  let user;
  let history;
  try {
    [user, history] = await Promise.all([api.user(name), api.userHistory(name).catch(() => ({history: {}}))]);
  } catch (e) {
    if (request !== profile.loading) return;
    $('profile-body').hidden = true;
    $('profile-closed').hidden = true;
    $('profile-since').textContent = '';
    $('profile-missing').hidden = false;
    $('profile-missing').textContent = errorText(e);
    return;
  }
  if (request !== profile.loading) return;
  profile.user = user;
  profile.series = seriesOf(history.history);
  if (!profile.chosen.size) for (const s of profile.series) profile.chosen.add(s.id);
  $('profile-missing').hidden = true;
  $('profile-body').hidden = false;
  renderProfile();
  await loadGames(false);
}

function renderProfile() {
  const user = profile.user;
  if (!user) return;
  $('profile-name').textContent = user.name;
  $('profile-since').textContent = t('profile.since', {date: new Date(user.created).toLocaleDateString(i18n.lang)});
  $('profile-closed').hidden = !user.closed;
  const results = user.results || {games: 0, wins: 0, draws: 0, losses: 0};
  $('profile-results').replaceChildren(...[
    ['games', results.games], ['wins', results.wins], ['draws', results.draws], ['losses', results.losses],
    ['playing', user.playing || 0],
  ].map(([what, count]) => {
    const item = document.createElement('li');
    item.dataset.what = what;
    item.append(Object.assign(document.createElement('strong'), {textContent: String(count)}), ` ${t(`profile.count.${what}`)}`);
    return item;
  }));
  renderRatings(user.ratings || {});
  renderGraph();
}

function renderRatings(ratings) {
  const rows = $('rating-rows');
  rows.replaceChildren();
  for (const [variant, entry] of Object.entries(ratings)) {
    const speeds = Object.entries(entry.speeds || {}).filter(([, r]) => r.games > 0);
    for (const [speed, rating] of speeds) {
      const row = document.createElement('tr');
      row.dataset.variant = variant;
      row.dataset.speed = speed;
      row.append(...[variantName(variant), speedName(speed), ratingText(rating.rating, rating.provisional),
                     String(rating.games)].map((text) => Object.assign(document.createElement('td'), {textContent: text})));
      row.children[2].className = 'rating';
      rows.append(row);
    }
  }
  $('profile-no-ratings').hidden = rows.children.length > 0;
  rows.closest('.table-wrap').hidden = rows.children.length === 0;
}

function renderGraph() {
  const choices = $('graph-series');
  choices.replaceChildren(...profile.series.map((s, index) => {
    const label = document.createElement('label');
    label.className = 'check';
    const box = Object.assign(document.createElement('input'), {type: 'checkbox', checked: profile.chosen.has(s.id)});
    box.dataset.series = s.id;
    box.addEventListener('change', () => {
      if (box.checked) profile.chosen.add(s.id); else profile.chosen.delete(s.id);
      renderGraph();
    });
    const swatch = Object.assign(document.createElement('span'), {className: 'swatch'});
    swatch.style.background = colourOf(index);
    label.append(box, swatch, ` ${seriesName(s)}`);
    return label;
  }));
  $('graph-box').replaceChildren(profile.series.length ? ratingGraph(profile.series, profile.chosen)
      : Object.assign(document.createElement('p'), {className: 'muted', textContent: t('profile.no_ratings')}));
}

async function loadGames(more) {
  const name = profile.name;
  const request = profile.loading;
  const filters = {variant: $('pg-variant').value, result: $('pg-result').value, rated: $('pg-rated').value,
                   limit: PAGE, offset: more ? profile.games.length : 0};
  let answer;
  try {
    answer = await api.userGames(name, filters);
  } catch (e) {
    $('profile-games-total').textContent = errorText(e);
    return;
  }
  if (request !== profile.loading || name !== profile.name) return;
  profile.games = more ? profile.games.concat(answer.games || []) : answer.games || [];
  profile.total = answer.total || 0;
  renderGames();
}

// A summary's outcome (null while the game goes on) and result text ("1-0").
const outcomeOf = (game) => (game.result && game.result.over ? game.result.outcome : null);
const resultTextOf = (game) => (game.result && game.result.text) || '';

// The game from the profile's player's side: a win, a loss, a draw, aborted, or still played.
function resultFor(game) {
  const mine = game.players && game.players.white && game.players.white.name === profile.name ? 'white'
             : game.players && game.players.black && game.players.black.name === profile.name ? 'black' : null;
  const outcome = outcomeOf(game);
  if (!outcome) return 'playing';
  if (outcome === 'draw') return 'draw';
  if (outcome === 'aborted') return 'aborted';
  const winner = outcome === 'white_wins' ? 'white' : outcome === 'black_wins' ? 'black' : null;
  return !winner || !mine ? 'other' : winner === mine ? 'win' : 'loss';
}

function renderGames() {
  const rows = $('profile-game-rows');
  rows.replaceChildren();
  $('profile-games-total').textContent = t('profile.games_total', {count: profile.total});
  for (const game of profile.games) {
    const row = document.createElement('tr');
    row.dataset.id = game.id;
    const what = document.createElement('td');
    what.append(Object.assign(document.createElement('div'), {textContent: variantName(game.variant)}),
                Object.assign(document.createElement('div'), {className: 'muted',
                  textContent: `${modeText(game.rated, game.speed)} · ${new Date(game.created).toLocaleDateString(i18n.lang)}`}));
    const players = document.createElement('td');
    players.append(playerElement(game.players && game.players.white, {anonymous: t('side.white')}), ' \u2013 ',
                   playerElement(game.players && game.players.black, {anonymous: t('side.black')}));
    const result = document.createElement('td');
    const verdict = resultFor(game);
    result.dataset.result = verdict;
    const text = resultTextOf(game);
    result.textContent = [text === '*' ? '' : text, verdict === 'other' ? '' : t(`profile.verdict.${verdict}`)].filter(Boolean).join(' ');
    const links = document.createElement('td');
    links.className = 'links-cell';
    links.append(link(playPath(game.id), t('profile.open'), 'open-game'));
    if (outcomeOf(game) && outcomeOf(game) !== 'aborted') links.append(' ', link(`${playPath(game.id)}#review`, t('review'), 'review-game'));
    row.append(what, players, result, links);
    rows.append(row);
  }
  $('profile-games-more').hidden = profile.games.length >= profile.total;
}

function link(href, text, className) {
  return Object.assign(document.createElement('a'), {href, textContent: text, className});
}

// The game filter: every game, or one.
function fillGameFilter() {
  const select = $('pg-variant');
  const chosen = select.value;
  fillVariantSelect(select);
  select.prepend(Object.assign(document.createElement('option'), {value: '', textContent: t('profile.all_games')}));
  select.value = chosen;
  if (select.value !== chosen) select.value = '';
}

export function setupProfile() {
  events.on('page', (name) => { if (name === 'profile') fillGameFilter(); });
  events.on('texts', () => {
    if (currentPage() !== 'profile') return;
    fillGameFilter();
    renderProfile();
    renderGames();
  });
  // A finished rated game of this account changes its profile: shown again when it is on view.
  events.on('account', () => {
    if (currentPage() === 'profile' && state.me && state.me.name === profile.name) showProfile(profile.name);
  });
  for (const id of ['pg-variant', 'pg-result', 'pg-rated']) $(id).addEventListener('change', () => loadGames(false));
  $('profile-games-more').addEventListener('click', () => loadGames(true));
}
