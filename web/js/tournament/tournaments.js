// The tournaments' views: the list and creation at /tournaments (list.js), one tournament at
// /tournaments/{id} (page.js), and berserk on the game page (berserk.js).
import {showPage, currentPage} from '../pages.js';
import {events} from '../state.js';
import {renderTournamentList, renderCreateForm, setupTournamentList} from './list.js';
import {openTournament, setupTournamentPage} from './page.js';
import {setupBerserk} from './berserk.js';

export async function showTournaments() {
  showPage('tournaments');
  await renderTournamentList();
}

export async function showTournament(id) {
  showPage('tournament');
  if (!(await openTournament(id))) await showTournaments();
}

export function setupTournaments() {
  setupTournamentList();
  setupTournamentPage();
  setupBerserk();
  events.on('account', () => { if (currentPage() === 'tournaments') renderCreateForm(); });
  events.on('texts', () => { if (currentPage() === 'tournaments') renderTournamentList(); });
}
