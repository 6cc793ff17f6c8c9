// The client of the doska HTTP API (docs/api.md): one function per endpoint, and the event stream.

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
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
    throw new ApiError(response.status, message);
  }
  return payload;
}

export const api = {
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
  exportText: (id, format) =>
    request('GET', `/api/games/${encodeURIComponent(id)}/export?format=${encodeURIComponent(format)}`),
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
};

// Server-sent events of one game: `game` carries a game view, `info` the computer's search.
// EventSource reconnects by itself; close() ends the subscription.
export function subscribe(id, {onGame, onInfo, onReview, onError}) {
  const source = new EventSource(`/api/games/${encodeURIComponent(id)}/events`);
  source.addEventListener('game', (e) => {
    try { onGame(JSON.parse(e.data)); } catch (err) { if (onError) onError(err); }
  });
  source.addEventListener('info', (e) => {
    try { if (onInfo) onInfo(JSON.parse(e.data)); } catch (err) { if (onError) onError(err); }
  });
  source.addEventListener('review', (e) => {
    try { if (onReview) onReview(JSON.parse(e.data)); } catch (err) { if (onError) onError(err); }
  });
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
