// The dialog to sign in or to register: a name and a password, the server's refusal under the
// fields in the page's language (bad_name and its reason, name_taken, bad_password, bad_login,
// too_many_logins, too_many_registrations).
import {api} from '../api.js';
import {t} from '../i18n.js';
import {$, events} from '../state.js';
import {errorText, toast} from '../messages.js';
import {setAccount} from './session.js';

let mode = 'login';

export function openLoginDialog(wanted = 'login') {
  setMode(wanted);
  showError('');
  $('login-password').value = '';
  const dialog = $('dlg-login');
  if (!dialog.open) dialog.showModal();
  $('login-name').focus();
}

function setMode(wanted) {
  mode = wanted === 'register' ? 'register' : 'login';
  for (const tab of [$('login-tab-login'), $('login-tab-register')]) {
    const selected = tab.dataset.mode === mode;
    tab.setAttribute('aria-selected', String(selected));
    tab.classList.toggle('selected', selected);
  }
  $('login-hint').hidden = mode !== 'register';
  $('login-password').autocomplete = mode === 'register' ? 'new-password' : 'current-password';
  $('login-submit').dataset.i18n = mode === 'register' ? 'account.register' : 'account.sign_in';
  $('login-submit').textContent = t($('login-submit').dataset.i18n);
  $('login-form').dataset.mode = mode;
}

function showError(text) {
  $('login-error').textContent = text;
  $('login-error').hidden = !text;
}

async function submit(event) {
  event.preventDefault();
  const name = $('login-name').value.trim();
  const password = $('login-password').value;
  const button = $('login-submit');
  if (button.disabled) return;
  button.disabled = true;
  showError('');
  try {
    const answer = mode === 'register' ? await api.register(name, password) : await api.login(name, password);
    setAccount(answer.account);
    $('dlg-login').close();
    $('login-password').value = '';
    toast(t(mode === 'register' ? 'account.welcome' : 'account.signed_in', {name: answer.account.name}), 'info');
  } catch (e) {
    showError(errorText(e));
  } finally {
    button.disabled = false;
  }
}

export function setupLoginDialog() {
  for (const tab of [$('login-tab-login'), $('login-tab-register')]) {
    tab.addEventListener('click', () => { setMode(tab.dataset.mode); showError(''); });
  }
  $('login-form').addEventListener('submit', submit);
  for (const field of ['login-name', 'login-password']) $(field).addEventListener('input', () => showError(''));
  events.on('texts', () => setMode(mode));
}
