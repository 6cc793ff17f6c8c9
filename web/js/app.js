// The doska browser app: one page that creates, opens and plays games through the HTTP API
// (docs/api.md), with the live game kept up to date by the server's event stream. This module
// routes the address to its view and wires the parts of the page:
//   round/     the game on view: board, moves, controls, links
//   clock/     its clocks
//   analysis/  the live analysis of a position
//   review/    the engine's review of a game
//   lobby/     open challenges between people, quick pairing
//   account/   signing in, registering, one's account
//   chat/      the chat of a game between people
//   profile/   a player's ratings, graph and games
//   watch/     the games on now
//   editor/    the board editor
//   puzzles/   puzzles: a game's, a theme's, the day's, with the player's puzzle rating
//   explorer/  the opening explorer (also on the analysis board) and its page, with the endgame
//              tables' answer (tablebase/)
//   tournament/ the tournaments: list, creation, one tournament live, berserk
//   dialogs/   new game, import, export, stored games, rules
//   settings/  sound, coordinates, colours, language
import {api} from './api.js';
import {i18n} from './i18n.js';
import {store} from './store.js';
import {$, state, events} from './state.js';
import {attempt, toast} from './messages.js';
import {openGame, closeGame, setupVisibility} from './round/game.js';
import {setupRender} from './round/render.js';
import {setupMoveList} from './round/move-list.js';
import {setupMoveEntry} from './round/moving.js';
import {setupControls} from './round/controls.js';
import {setupClocks} from './clock/clock.js';
import {setupAnalysis} from './analysis/analysis.js';
import {setupReview, startReview} from './review/review.js';
import {setupLobby} from './lobby/lobby.js';
import {setupQuickPairing} from './lobby/quick.js';
import {setupSession, loadAccount} from './account/session.js';
import {setupLoginDialog} from './account/dialog.js';
import {setupAccountPage} from './account/page.js';
import {setupChat} from './chat/chat.js';
import {setupPlayers} from './round/players.js';
import {setupProfile, showProfile} from './profile/profile.js';
import {setupTv} from './watch/tv.js';
import {setupTables} from './tables/tables.js';
import {setupEditor, showEditor} from './editor/editor.js';
import {setupPuzzles, showPuzzles} from './puzzles/puzzles.js';
import {setupExplorerPage, showExplorer} from './explorer/page.js';
import {setupTournaments, showTournaments, showTournament} from './tournament/tournaments.js';
import {showPage, navigate, setRouter} from './pages.js';
import {setupSettings, setupLanguage} from './settings/settings.js';
import {setupNewGameDialog, setupImportDialog} from './dialogs/new-game.js';
import {setupExportDialog} from './dialogs/export.js';
import {setupGamesDialog} from './dialogs/games.js';
import {setupRules} from './dialogs/rules.js';

function refreshTexts() {
  i18n.apply(document);
  $('lang-select').value = i18n.lang;
  events.emit('texts');
}

function setupDialogs() {
  for (const button of document.querySelectorAll('dialog [data-close]')) {
    button.addEventListener('click', () => button.closest('dialog').close());
  }
}

// The addresses of the app (the server answers each with this page): a game, the lobby, the
// games on now, one's account, a profile, the server's tables, the board editor; anything else is
// the home page.
const ROUTES = [
  [/^\/play\/([^/]+)\/?$/, (match) => routeGame(decodeURIComponent(match[1]))],
  [/^\/lobby\/?$/, () => showPage('lobby')],
  [/^\/tv\/?$/, () => showPage('tv')],
  [/^\/tables\/?$/, () => showPage('tables')],
  [/^\/editor\/?$/, () => showEditor()],
  [/^\/puzzles(?:\/([^/]+))?\/?$/, (match) => showPuzzles(match[1] ? decodeURIComponent(match[1]) : null)],
  [/^\/explorer(?:\/([^/]+))?\/?$/, (match) => showExplorer(match[1] ? decodeURIComponent(match[1]) : null)],
  [/^\/tournaments\/?$/, () => showTournaments()],
  [/^\/tournaments\/([A-Za-z0-9]+)\/?$/, (match) => showTournament(match[1])],
  [/^\/account\/?$/, () => showPage('account')],
  [/^\/@\/([^/]+)\/?$/, (match) => showProfile(decodeURIComponent(match[1]))],
];

async function route() {
  for (const [pattern, show] of ROUTES) {
    const match = location.pathname.match(pattern);
    if (match) {
      if (show !== ROUTES[0][1]) closeGame();
      await show(match);
      return;
    }
  }
  closeGame();
  showPage('home');
}

async function routeGame(id) {
  const params = new URLSearchParams(location.search);
  const key = params.get('key');
  const side = params.get('side');
  const opened = await attempt(() => openGame(id, {key, side: side === 'white' || side === 'black' ? side : null}));
  if (opened === null && !state.game) showPage('home');
  // A profile's link to a game's review.
  else if (location.hash === '#review' && state.game && state.game.result.over) await startReview();
}

// A click on a link of the app goes to its view without loading the page again (a new tab, a
// download or a link elsewhere are left to the browser).
function setupLinks() {
  document.addEventListener('click', (event) => {
    const link = event.target.closest('a[href]');
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey ||
        event.shiftKey || event.altKey || link.target || link.hasAttribute('download')) return;
    const url = new URL(link.href, location.href);
    if (url.origin !== location.origin || url.pathname.startsWith('/api/') || /\.\w+$/.test(url.pathname)) return;
    // A link to a place on the same page (#...) is the browser's.
    if (url.pathname === location.pathname && url.search === location.search && url.hash) return;
    event.preventDefault();
    // A menu the link was in closes.
    for (const menu of document.querySelectorAll('.menu:not([hidden])')) menu.hidden = true;
    if (url.pathname + url.search + url.hash === location.pathname + location.search + location.hash) return;
    navigate(url.pathname + url.search + url.hash);
  });
}

async function main() {
  i18n.init(store.language(), navigator.languages || [navigator.language]);
  setupLanguage();
  i18n.apply(document);
  setupRender();
  setupMoveList();
  setupControls();
  setupClocks();
  setupAnalysis();
  setupReview();
  setupGamesDialog();
  setupDialogs();
  setupNewGameDialog();
  setupImportDialog();
  setupExportDialog();
  setupRules();
  setupVisibility();
  setupMoveEntry();
  setupSettings();
  setupLobby();
  setupQuickPairing();
  setupSession();
  setupLoginDialog();
  setupAccountPage();
  setupChat();
  setupPlayers();
  setupProfile();
  setupTv();
  setupTables();
  setupEditor();
  setupPuzzles();
  setupExplorerPage();
  setupTournaments();
  setupLinks();
  setRouter(route);
  events.on('language', refreshTexts);
  // The game view redrawn in the new language after the other parts.
  events.on('texts', () => events.emit('render'));
  try {
    state.variants = await api.variants();
  } catch (e) {
    toast(e.message || String(e));
  }
  window.addEventListener('popstate', route);
  await Promise.all([route(), loadAccount()]);
  document.body.dataset.ready = 'yes';
}

main();
