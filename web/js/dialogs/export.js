// The export of the game on view as PDN, PGN or FEN: shown, copied or downloaded.
import {api} from '../api.js';
import {$, state} from '../state.js';
import {isChess} from '../variants.js';
import {attempt, copyText} from '../messages.js';

async function showExport(format) {
  const g = state.game;
  if (!g) return;
  const text = await attempt(() => api.exportText(g.id, format));
  if (text === null) return;
  $('export-text').value = text;
  $('export-text').dataset.format = format;
  $('dlg-export').showModal();
}

export function setupExportDialog() {
  $('btn-export-main').addEventListener('click', () => showExport(isChess(state.game.variant) ? 'pgn' : 'pdn'));
  $('btn-export-fen').addEventListener('click', () => showExport('fen'));
  $('export-copy').addEventListener('click', () => copyText($('export-text').value));
  $('export-download').addEventListener('click', () => {
    const format = $('export-text').dataset.format || 'txt';
    const blob = new Blob([$('export-text').value], {type: 'text/plain'});
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `doska-${state.game.id}.${format}`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  });
}
