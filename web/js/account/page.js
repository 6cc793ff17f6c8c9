// One's account at /account: where one is signed in (and logging out everywhere else), the
// password, and closing the account.
import {api} from '../api.js';
import {i18n, t} from '../i18n.js';
import {$, state, events} from '../state.js';
import {errorText, toast} from '../messages.js';
import {currentPage, navigate} from '../pages.js';
import {openLoginDialog} from './dialog.js';
import {setAccount, loadAccount} from './session.js';

let sessions = [];

const dateText = (value) => (value ? new Date(value).toLocaleString(i18n.lang) : '');

async function showAccountPage() {
  const me = state.me;
  $('account-out').hidden = Boolean(me);
  $('account-in').hidden = !me;
  if (!me) return;
  $('account-summary').textContent = t('account.summary', {name: me.name, date: dateText(me.created)});
  try {
    sessions = (await api.sessions()).sessions || [];
  } catch (e) {
    if (e.status === 401) { await loadAccount(); return; }
    toast(e);
    sessions = [];
  }
  renderSessions();
}

// "Chrome, Linux" from a browser's User-Agent (the whole of it in the row's tooltip).
function deviceName(agent) {
  if (!agent) return '';
  const browser = [['YaBrowser', 'Yandex Browser'], ['Edg/', 'Edge'], ['OPR/', 'Opera'], ['Firefox/', 'Firefox'],
                   ['Chrome/', 'Chrome'], ['Safari/', 'Safari']].find(([mark]) => agent.includes(mark));
  const system = [['Android', 'Android'], ['iPhone', 'iPhone'], ['iPad', 'iPad'], ['Windows', 'Windows'],
                  ['Mac OS', 'macOS'], ['Linux', 'Linux']].find(([mark]) => agent.includes(mark));
  const parts = [browser && browser[1], system && system[1]].filter(Boolean);
  return parts.length ? parts.join(', ') : agent;
}

function renderSessions() {
  const rows = $('session-rows');
  rows.replaceChildren();
  for (const session of sessions) {
    const row = document.createElement('tr');
    row.dataset.session = session.id;
    if (session.current) row.classList.add('current');
    const device = document.createElement('td');
    device.textContent = deviceName(session.agent) || t('account.unknown_device');
    if (session.agent) device.title = session.agent;
    if (session.current) {
      device.append(' ', Object.assign(document.createElement('strong'), {textContent: t('account.this_device')}));
    }
    row.append(device, ...[session.created, session.last_seen].map((value) =>
      Object.assign(document.createElement('td'), {textContent: dateText(value)})));
    rows.append(row);
  }
  $('btn-end-others').disabled = !sessions.some((s) => !s.current);
}

async function endOthers() {
  try {
    const answer = await api.endOtherSessions();
    toast(t('account.ended', {count: answer.ended}), 'info');
  } catch (e) {
    toast(e);
  }
  await showAccountPage();
}

function formError(id, text) {
  $(id).textContent = text;
  $(id).hidden = !text;
}

async function changePassword(event) {
  event.preventDefault();
  formError('password-error', '');
  try {
    await api.changePassword($('pw-current').value, $('pw-new').value);
  } catch (e) {
    formError('password-error', errorText(e));
    return;
  }
  $('pw-current').value = '';
  $('pw-new').value = '';
  toast(t('account.password_changed'), 'info');
  await showAccountPage();
}

async function closeAccount() {
  $('dlg-close-account').close();
  formError('close-error', '');
  try {
    await api.closeAccount($('close-password').value);
  } catch (e) {
    formError('close-error', errorText(e));
    return;
  }
  $('close-password').value = '';
  setAccount(null);
  toast(t('account.closed'), 'info');
  await navigate('/');
}

export function setupAccountPage() {
  events.on('page', (name) => { if (name === 'account') showAccountPage(); });
  events.on('account', () => { if (currentPage() === 'account') showAccountPage(); });
  events.on('texts', () => {
    if (currentPage() === 'account' && state.me) {
      $('account-summary').textContent = t('account.summary', {name: state.me.name, date: dateText(state.me.created)});
      renderSessions();
    }
  });
  $('account-signin').addEventListener('click', () => openLoginDialog('login'));
  $('btn-end-others').addEventListener('click', endOthers);
  $('password-form').addEventListener('submit', changePassword);
  // Closing asks for the password, then for a confirmation.
  $('close-form').addEventListener('submit', (event) => {
    event.preventDefault();
    if (!$('close-password').value) { formError('close-error', t('account.password_needed')); return; }
    formError('close-error', '');
    $('dlg-close-account').showModal();
  });
  $('close-yes').addEventListener('click', closeAccount);
}
