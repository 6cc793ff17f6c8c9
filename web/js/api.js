// The client of the doska HTTP API (docs/api.md): one function per endpoint, and the event stream.

// A refused request: the HTTP status, the server's English text, and the stable code and
// parameters of the refusal (docs/api.md, "Errors") by which the page says it in its language.
export class ApiError extends Error {
  constructor(status, message, code = '', params = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.params = params;
  }
}

async function request(method, path, body) {
  const init = {method, headers: {}};
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (e) {
    throw new ApiError(0, String(e.message || e));
  }
  const type = response.headers.get('Content-Type') || '';
  const payload = type.includes('application/json') ? await response.json().catch(() => null)
                                                      : await response.text();
  if (!response.ok) {
    const message = payload && typeof payload === 'object' && payload.error ? payload.error
                    : typeof payload === 'string' && payload ? payload : `HTTP ${response.status}`;
    const coded = payload && typeof payload === 'object' && typeof payload.code === 'string';
    throw new ApiError(response.status, message, coded ? payload.code : '',
                       coded && payload.params && typeof payload.params === 'object' ? payload.params : {});
  }
  return payload;
}

export const api = {
  // Puzzles (docs/api.md, Puzzles): the games that have some, the next for the player, the day's,
  // and the player's moves so far checked.
  puzzleGames: () => request('GET', '/api/puzzles'),
  nextPuzzle: (game, theme) => request('GET', `/api/puzzles/${encodeURIComponent(game)}/next` +
                                              (theme ? `?theme=${encodeURIComponent(theme)}` : '')),
  dailyPuzzle: (game) => request('GET', `/api/puzzles/${encodeURIComponent(game)}/daily`),
  puzzleAttempt: (id, moves) => request('POST', `/api/puzzles/${encodeURIComponent(id)}/attempt`, {moves}),
  // The signed-in player's puzzle rating after each rated attempt in a game.
  puzzleHistory: (game) => request('GET', `/api/puzzles/${encodeURIComponent(game)}/history`),
  variants: () => request('GET', '/api/variants'),
  // The games this browser holds keys of ([{id, key}]): the server lists only those.
  mine: (held) => request('POST', '/api/games/mine', {games: held}),
  // With a key the view also names the side it holds (`you`).
  game: (id, key) => request('GET', `/api/games/${encodeURIComponent(id)}` +
                                    (key ? `?key=${encodeURIComponent(key)}` : '')),
  create: (spec) => request('POST', '/api/games', spec),
  move: (id, key, move) => request('POST', `/api/games/${encodeURIComponent(id)}/moves`, {key, move}),
  undo: (id, key) => request('POST', `/api/games/${encodeURIComponent(id)}/undo`, {key}),
  draw: (id, key, action) => request('POST', `/api/games/${encodeURIComponent(id)}/draw`, {key, action}),
  takeback: (id, key, action) => request('POST', `/api/games/${encodeURIComponent(id)}/takeback`, {key, action}),
  rematch: (id, key) => request('POST', `/api/games/${encodeURIComponent(id)}/rematch`, {key}),
  resign: (id, key) => request('POST', `/api/games/${encodeURIComponent(id)}/resign`, {key}),
  // `ply`: the FEN after the game's first plies (none: the position now).
  exportText: (id, format, ply = null) =>
    request('GET', `/api/games/${encodeURIComponent(id)}/export?format=${encodeURIComponent(format)}` +
      (ply === null || ply === undefined ? '' : `&ply=${ply}`)),
  analyse: (spec) => request('POST', '/api/analyse', spec),
  // Game review: start it (ms per position), and read what is done.
  startReview: (id, ms) => request('POST', `/api/games/${encodeURIComponent(id)}/review`, ms ? {ms} : {}),
  review: (id) => request('GET', `/api/games/${encodeURIComponent(id)}/review`),
  // The lobby: open challenges between people.
  seeks: () => request('GET', '/api/seeks'),
  createSeek: (spec) => request('POST', '/api/seeks', spec),
  seek: (id, key) => request('GET', `/api/seeks/${encodeURIComponent(id)}?key=${encodeURIComponent(key)}`),
  acceptSeek: (id) => request('POST', `/api/seeks/${encodeURIComponent(id)}/accept`, {}),
  cancelSeek: (id, key) => request('POST', `/api/seeks/${encodeURIComponent(id)}/cancel`, {key}),
  // Quick pairing (a seek's body): joins the oldest matching seek ({game, side, keys}) or creates
  // one ({seek, key}).
  quickSeek: (spec) => request('POST', '/api/seeks/quick', spec),
  abort: (id, key) => request('POST', `/api/games/${encodeURIComponent(id)}/abort`, {key}),
  // Chat of a game between people (docs/players-api.md, "Chat"): rooms `players` and `watchers`.
  chatLines: (id, key) => request('GET', `/api/games/${encodeURIComponent(id)}/chat` +
                                        (key ? `?key=${encodeURIComponent(key)}` : '')),
  say: (id, room, text, key) => request('POST', `/api/games/${encodeURIComponent(id)}/chat`,
                                        key ? {room, text, key} : {room, text}),
  // Accounts: the session is the cookie the server sets; fetch sends it (same origin), and a
  // browser's POST carries the Origin header the server asks for.
  account: () => request('GET', '/api/account'),
  register: (name, password) => request('POST', '/api/account/register', {name, password}),
  login: (name, password) => request('POST', '/api/account/login', {name, password}),
  logout: () => request('POST', '/api/account/logout', {}),
  sessions: () => request('GET', '/api/account/sessions'),
  endOtherSessions: () => request('POST', '/api/account/sessions/end-others', {}),
  changePassword: (current, password) => request('POST', '/api/account/password', {current, password}),
  closeAccount: (password) => request('POST', '/api/account/close', {password}),
  // Profiles and the games to watch.
  user: (name) => request('GET', `/api/users/${encodeURIComponent(name)}`),
  userHistory: (name) => request('GET', `/api/users/${encodeURIComponent(name)}/history`),
  userGames: (name, filters) => {
    const params = new URLSearchParams();
    for (const [field, value] of Object.entries(filters || {})) {
      if (value !== '' && value !== null && value !== undefined) params.set(field, String(value));
    }
    return request('GET', `/api/users/${encodeURIComponent(name)}/games?${params}`);
  },
  // The moves played from a position in the stored games, and the opening book's move.
  explorer: (variant, fen) =>
    request('GET', `/api/explorer/${encodeURIComponent(variant)}?fen=${encodeURIComponent(fen)}`),
  // A position (the game's start, or `fen`, then `moves`) with its board and legal moves, unsearched.
  position: (variant, fen, moves = []) => {
    const params = new URLSearchParams();
    if (fen) params.set('fen', fen);
    if (moves.length) params.set('moves', moves.join(' '));
    return request('GET', `/api/position/${encodeURIComponent(variant)}?${params}`);
  },
  tables: () => request('GET', '/api/tables'),
  // The endgame tables' value of a position and of each of its moves (404 outside them).
  tablebase: (variant, fen) =>
    request('GET', `/api/tablebase/${encodeURIComponent(variant)}?fen=${encodeURIComponent(fen)}`),
  tv: (variant) => request('GET', `/api/tv${variant ? `?variant=${encodeURIComponent(variant)}` : ''}`),
  // Tournaments (docs/api.md, Tournaments): the list, one, and a player's or its creator's steps.
  tournaments: () => request('GET', '/api/tournaments'),
  tournament: (id) => request('GET', `/api/tournaments/${encodeURIComponent(id)}`),
  createTournament: (spec) => request('POST', '/api/tournaments', spec),
  tournamentStep: (id, step) => request('POST', `/api/tournaments/${encodeURIComponent(id)}/${step}`, {}),
};

// A live analysis (GET /api/analysis/events): `position` on connect (the board, its legal moves),
// `analysis` after each depth (its lines), `done` last. Read with fetch rather than EventSource,
// so that a refusal's message is read and nothing reconnects by itself; the function returned
// leaves, and the server then stops the search.
export function streamAnalysis(spec, {onPosition, onAnalysis, onDone, onError}) {
  const params = new URLSearchParams();
  for (const name of ['game', 'variant', 'fen']) if (spec[name]) params.set(name, spec[name]);
  if (spec.moves && spec.moves.length) params.set('moves', spec.moves.join(' '));
  params.set('lines', String(spec.lines || 1));
  const controller = new AbortController();
  const handlers = {position: onPosition, analysis: onAnalysis, done: onDone};
  const fail = (e) => { if (!controller.signal.aborted) onError(e); };
  (async () => {
    try {
      const response = await fetch(`/api/analysis/events?${params}`, {signal: controller.signal});
      if (!response.ok) {
        const body = await response.json().catch(() => null);
        throw new ApiError(response.status, (body && body.error) || `HTTP ${response.status}`);
      }
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const {value, done} = await reader.read();
        if (done) return;
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /^event: (.*)$/m.exec(block);
          const data = /^data: (.*)$/m.exec(block);
          if (name && data && handlers[name[1]]) handlers[name[1]](JSON.parse(data[1]));
        }
      }
    } catch (e) {
      fail(e instanceof ApiError ? e : new ApiError(0, String(e.message || e)));
    }
  })();
  return () => controller.abort();
}

// Server-sent events of one game: `game` carries a game view, `info` the computer's search,
// `review` a step of its review, `chat` a new line of a room the stream may read (the players'
// room only with the key of a side), `watchers` the number of streams open on the game.
// EventSource reconnects by itself; close() ends the subscription.
export function subscribe(id, {key = null, onGame, onInfo, onReview, onChat, onWatchers, onError}) {
  const query = key ? `?key=${encodeURIComponent(key)}` : '';
  const source = new EventSource(`/api/games/${encodeURIComponent(id)}/events${query}`);
  const handlers = {game: onGame, info: onInfo, review: onReview, chat: onChat, watchers: onWatchers};
  for (const [name, handler] of Object.entries(handlers)) {
    source.addEventListener(name, (e) => {
      try { if (handler) handler(JSON.parse(e.data)); } catch (err) { if (onError) onError(err); }
    });
  }
  if (onError) source.addEventListener('error', () => onError(null));
  return () => source.close();
}

// The lobby's live list: `seeks` carries {"seeks": [...]} on connect and after every change.
export function subscribeLobby(onSeeks) {
  const source = new EventSource('/api/seeks/events');
  source.addEventListener('seeks', (e) => {
    try { onSeeks(JSON.parse(e.data).seeks || []); } catch { /* a damaged event: the next one comes */ }
  });
  return () => source.close();
}

// A tournament's live stream: `tournament` carries its view on connect and after each change
// (the news before it: joined, withdrawn, started, paired, game_over, standings, clock, berserk,
// finished, each to `onNews(name, data)`).
export function subscribeTournament(id, onView, onNews = () => {}) {
  const source = new EventSource(`/api/tournaments/${encodeURIComponent(id)}/events`);
  source.addEventListener('tournament', (e) => {
    try { onView(JSON.parse(e.data)); } catch { /* a damaged event: the next one comes */ }
  });
  for (const name of ['joined', 'withdrawn', 'started', 'paired', 'game_over', 'standings', 'clock', 'berserk', 'finished']) {
    source.addEventListener(name, (e) => {
      try { onNews(name, JSON.parse(e.data)); } catch { /* as above */ }
    });
  }
  return () => source.close();
}
