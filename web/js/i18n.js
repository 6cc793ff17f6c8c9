// Every string of the UI, one file a language (web/i18n/<code>.json, the same keys in each). The
// language is the one remembered, else the first of the browser's languages that we have, else
// English.

export const LANGUAGES = [
  {code: 'ru', name: 'Русский'},
  {code: 'uk', name: 'Українська'},
  {code: 'en', name: 'English'},
];

// A language whose file does not come shows the English texts (or the keys, if English is the
// one missing).
async function load(code) {
  try {
    const response = await fetch(new URL(`../i18n/${code}.json`, import.meta.url));
    if (!response.ok) throw new Error(String(response.status));
    return [code, await response.json()];
  } catch {
    return [code, {}];
  }
}

// All of them at once (a few kilobytes each): the page starts with them, and a language chosen
// later needs no request.
const STRINGS = Object.fromEntries(await Promise.all(LANGUAGES.map(({code}) => load(code))));

export const i18n = {
  lang: 'en',

  init(saved, browserLanguages) {
    const wanted = [saved, ...(browserLanguages || [])].filter(Boolean);
    for (const tag of wanted) {
      const code = String(tag).toLowerCase().split('-')[0];
      if (STRINGS[code]) { this.set(code); return; }
    }
    this.set('en');
  },

  set(lang) {
    this.lang = STRINGS[lang] ? lang : 'en';
    document.documentElement.lang = this.lang;
  },

  // Elements name their string by data-i18n (text), data-i18n-title, data-i18n-aria, data-i18n-placeholder.
  apply(root) {
    for (const element of root.querySelectorAll('[data-i18n]')) element.textContent = t(element.dataset.i18n);
    for (const element of root.querySelectorAll('[data-i18n-title]')) element.title = t(element.dataset.i18nTitle);
    for (const element of root.querySelectorAll('[data-i18n-aria]')) {
      element.setAttribute('aria-label', t(element.dataset.i18nAria));
    }
    for (const element of root.querySelectorAll('[data-i18n-placeholder]')) {
      element.placeholder = t(element.dataset.i18nPlaceholder);
    }
  },
};

export function t(key, params = {}, fallback = undefined) {
  const text = STRINGS[i18n.lang][key] ?? STRINGS.en[key] ?? fallback ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (params[name] !== undefined ? String(params[name]) : `{${name}}`));
}

// Whether the page has the string `key` (in its language or in English).
export const hasText = (key) => STRINGS[i18n.lang][key] !== undefined || STRINGS.en[key] !== undefined;

// For tests and checks: the keys each language has.
export const catalogue = STRINGS;
