// What the browser remembers: the language and, per game id, the keys this browser holds
// ({keys: {white?, black?, any?}, links?}; `any` is a key whose side the link did not say).
// Games without a key open read-only.

const GAMES = 'doska.games';
const LANG = 'doska.lang';

function readGames() {
  try {
    const value = JSON.parse(localStorage.getItem(GAMES) || '{}');
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}

function writeGame(id, entry) {
  const all = readGames();
  all[id] = entry;
  localStorage.setItem(GAMES, JSON.stringify(all));
}

export const store = {
  keyOf(id) { return readGames()[id] || null; },

  // A key from a link: added to what is held for that game.
  saveKey(id, key, side, links) {
    const entry = readGames()[id] || {keys: {}};
    const slot = side || 'any';
    if (!side && Object.values(entry.keys).includes(key)) return;   // already known, with its side
    entry.keys[slot] = key;
    if (links) entry.links = links;
    writeGame(id, entry);
  },

  // The keys of a game this browser created.
  saveKeys(id, keys, links) {
    const entry = {keys: {...keys}};
    if (links) entry.links = links;
    writeGame(id, entry);
  },

  // One key of each game this browser holds, newest entries last ({id, key}), at most `limit`.
  held(limit = 500) {
    const all = Object.entries(readGames())
      .map(([id, entry]) => {
        const keys = entry && entry.keys ? Object.values(entry.keys).filter((k) => typeof k === 'string' && k) : [];
        return keys.length ? {id, key: keys[0]} : null;
      })
      .filter(Boolean);
    return all.slice(-limit);
  },

  language() { return localStorage.getItem(LANG); },
  saveLanguage(lang) { localStorage.setItem(LANG, lang); },
  // The page's settings: sound on or off, coordinates shown or not.
  setting(name, fallback) {
    const value = localStorage.getItem(`doska.setting.${name}`);
    return value === null ? fallback : value === 'on';
  },
  saveSetting(name, on) { localStorage.setItem(`doska.setting.${name}`, on ? 'on' : 'off'); },
  // A setting of several values (the board's and the pieces' colours); null if never chosen.
  choice(name) { return localStorage.getItem(`doska.setting.${name}`); },
  saveChoice(name, value) { localStorage.setItem(`doska.setting.${name}`, value); },
};
