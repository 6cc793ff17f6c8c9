// The page's views, one shown at a time (the home page, a game, the lobby, the games on now,
// one's account, a profile, the server's endgame tables, the board editor, the puzzles, the
// explorer, the tournaments), and the way the rooms go from one address to another.
import {$, events} from './state.js';

// The section of each view in index.html.
const VIEWS = {home: 'welcome', game: 'game', lobby: 'page-lobby', tv: 'page-tv', account: 'page-account',
               profile: 'page-profile', tables: 'page-tables', editor: 'page-editor', puzzles: 'page-puzzles',
               explorer: 'page-explorer',
               tournaments: 'page-tournaments', tournament: 'page-tournament'};

let shown = null;
let router = async () => {};

// Shows one view and hides the others; the rooms hear 'page' (the view's name) and start or
// stop what belongs to theirs (a list's stream, a board on TV).
export function showPage(name) {
  for (const [view, id] of Object.entries(VIEWS)) $(id).hidden = view !== name;
  const changed = shown !== name;
  shown = name;
  if (changed) events.emit('page', name);
}

export const currentPage = () => shown;

// app.js gives the function that shows the address.
export function setRouter(route) { router = route; }

// Goes to an address of the app (a link of the page): the address bar and the history follow.
export function navigate(path) {
  history.pushState({}, '', path);
  return router();
}

export const profilePath = (name) => `/@/${encodeURIComponent(name)}`;
