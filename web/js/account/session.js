// Who is signed in (GET /api/account; the session is the server's HttpOnly cookie), and the top
// bar that says it: the name with its menu (profile, account, log out), or "Sign in".
import {api} from '../api.js';
import {t} from '../i18n.js';
import {$, state, events} from '../state.js';
import {toast} from '../messages.js';
import {profilePath} from '../pages.js';
import {openLoginDialog} from './dialog.js';

// Asks the server who this browser is; anything but an account (401 not_logged_in, no answer)
// is nobody.
export async function loadAccount() {
  let me = null;
  try {
    me = await api.account();
  } catch {
    me = null;
  }
  setAccount(me && me.name ? me : null);
}

export function setAccount(me) {
  const before = state.me ? state.me.name : null;
  state.me = me;
  renderTopbar();
  // Rooms redraw what depends on it (rated switches, the chat's field, the account page).
  if (before !== (me ? me.name : null) || me) events.emit('account');
}

function renderTopbar() {
  const me = state.me;
  $('btn-signin').hidden = Boolean(me);
  $('me').hidden = !me;
  $('me-menu').hidden = true;
  $('btn-me-menu').setAttribute('aria-expanded', 'false');
  if (!me) return;
  $('me-name').textContent = me.name;
  $('me-name').href = profilePath(me.name);
  $('me-profile').href = profilePath(me.name);
}

async function logout() {
  try {
    await api.logout();
  } catch (e) {
    toast(e);
    return;
  }
  setAccount(null);
  toast(t('account.logged_out'), 'info');
}

export function setupSession() {
  $('btn-signin').addEventListener('click', () => openLoginDialog('login'));
  const menu = $('me-menu');
  const button = $('btn-me-menu');
  button.addEventListener('click', (event) => {
    event.stopPropagation();
    menu.hidden = !menu.hidden;
    button.setAttribute('aria-expanded', String(!menu.hidden));
  });
  // A click elsewhere, or Escape, closes the menu.
  document.addEventListener('click', (event) => {
    if (!menu.hidden && !menu.contains(event.target)) {
      menu.hidden = true;
      button.setAttribute('aria-expanded', 'false');
    }
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !menu.hidden) { menu.hidden = true; button.focus(); }
  });
  $('btn-logout').addEventListener('click', () => { menu.hidden = true; logout(); });
}
