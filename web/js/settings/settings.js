// The page's settings: sound, coordinates, board and piece colours, language.
import {store} from '../store.js';
import {i18n, t, LANGUAGES} from '../i18n.js';
import {svg} from '../svg.js';
import {$, events} from '../state.js';

export function setupSettings() {
  const sound = $('btn-sound');
  // A speaker, with waves when on and a cross when off (drawn: emoji fonts are not everywhere).
  const showSound = () => {
    const on = store.setting('sound', true);
    const icon = svg('svg', {viewBox: '0 0 24 24', width: 18, height: 18, 'aria-hidden': 'true'}, [
      svg('path', {d: 'M3 9h4l5-4v14l-5-4H3z', fill: 'currentColor'}),
      on ? svg('path', {d: 'M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12', fill: 'none',
                        stroke: 'currentColor', 'stroke-width': 2, 'stroke-linecap': 'round'})
         : svg('path', {d: 'M16 9l6 6M22 9l-6 6', fill: 'none', stroke: 'currentColor',
                        'stroke-width': 2, 'stroke-linecap': 'round'}),
    ]);
    sound.replaceChildren(icon);
    sound.setAttribute('aria-pressed', String(on));
  };
  sound.addEventListener('click', () => { store.saveSetting('sound', !store.setting('sound', true)); showSound(); });
  showSound();
  const coords = $('btn-coords');
  const showCoords = () => {
    const on = store.setting('coords', true);
    coords.setAttribute('aria-pressed', String(on));
    $('board').classList.toggle('no-coords', !on);
  };
  coords.addEventListener('click', () => { store.saveSetting('coords', !store.setting('coords', true)); showCoords(); });
  showCoords();
  // Board colours (wood, green, blue) and piece colours (classic, red and black, blue and gold).
  cycleButton($('btn-theme'), 'theme', ['wood', 'green', 'blue']);
  cycleButton($('btn-pieces'), 'pieces', ['classic', 'red', 'blue']);
  events.on('texts', () => {
    $('btn-theme').textContent = t(`theme.${document.documentElement.dataset.theme || 'wood'}`);
    $('btn-pieces').textContent = t(`pieces.${document.documentElement.dataset.pieces || 'classic'}`);
  });
}

// A setting on a button that steps through its values in turn, remembered, and set on the page
// as data-<name> (the style sheet follows it); the button names the value.
function cycleButton(button, name, values) {
  const current = () => (values.includes(store.choice(name)) ? store.choice(name) : values[0]);
  const show = () => {
    document.documentElement.dataset[name] = current();
    button.textContent = t(`${name}.${current()}`);
  };
  button.addEventListener('click', () => {
    store.saveChoice(name, values[(values.indexOf(current()) + 1) % values.length]);
    show();
  });
  show();
}

export function setupLanguage() {
  const select = $('lang-select');
  select.replaceChildren(...LANGUAGES.map(({code, name}) => {
    const option = document.createElement('option');
    option.value = code;
    option.textContent = name;
    return option;
  }));
  select.value = i18n.lang;
  select.addEventListener('change', () => {
    i18n.set(select.value);
    store.saveLanguage(select.value);
    events.emit('language');
  });
}
