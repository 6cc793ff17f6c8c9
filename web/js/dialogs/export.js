// The export of the game on view as PDN, PGN (the whole game) or FEN (the position on view):
// shown, copied or downloaded.
import {api} from '../api.js';
import {isChess} from '../variants.js';
import {$, state} from '../state.js';
import {attempt, copyText} from '../messages.js';
import {live, analysisBoard} from '../analysis/analysis.js';

// The FEN of the position on view, one line as the server's export: the analysis board's, else
// the game's at the ply on view (the server replays the game to it), else the game's now.
async function fenOnView(g) {
  if (analysisBoard()) return `${live.position.fen}\n`;
  return api.exportText(g.id, 'fen', state.viewPly);
}

async function showExport(format) {
  const g = state.game;
  if (!g) return;
  const text = await attempt(() => (format === 'fen' ? fenOnView(g) : api.exportText(g.id, format)));
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
