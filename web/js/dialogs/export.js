// The export of the game on view as PDN, PGN (the whole game) or FEN (the position on view):
// shown, copied or downloaded.
import {api} from '../api.js';
import {$, state} from '../state.js';
import {isChess} from '../variants.js';
import {attempt, copyText} from '../messages.js';
import {live, analysisBoard} from '../analysis/analysis.js';
import {reviewEntry} from '../review/review.js';

// The FEN of a list-FEN game (draughts, mill, wolf and sheep) as the server writes it:
// `S:W<squares>:B<squares>`, K before a king, the squares by number (runs of three or more men
// as a range, 31-50) or by rank then file, `:H<white>,<black>` for the stones in hand.
function listFen(board, toMove) {
  const numeric = (c) => /^\d+$/.test(c.name);
  const order = (c) => (numeric(c) ? Number(c.name) : c.y * 100 + c.x);
  const cells = board.cells.filter((c) => c.piece).sort((a, b) => order(a) - order(b));
  const man = (c) => c && numeric(c) && c.piece.kind === 'man';
  const list = (side) => {
    const mine = cells.filter((c) => c.piece.side === side);
    const items = [];
    for (let i = 0; i < mine.length; ++i) {
      let j = i;
      while (man(mine[i]) && man(mine[j + 1]) && Number(mine[j + 1].name) === Number(mine[j].name) + 1) ++j;
      if (j >= i + 2) {
        items.push(`${mine[i].name}-${mine[j].name}`);
        i = j;
      } else {
        items.push(`${mine[i].piece.kind === 'king' ? 'K' : ''}${mine[i].name}`);
      }
    }
    return items.join(',');
  };
  const hand = board.hand ? `:H${board.hand.white},${board.hand.black}` : '';
  return `${toMove === 'white' ? 'W' : 'B'}:W${list('white')}:B${list('black')}${hand}`;
}

// The FEN of the position on view, one line as the server's export: the analysis board's, else
// the game's (live: the server's export), else one of its history (written here, or for
// chess100 asked of the server).
async function fenOnView(g) {
  const ply = state.viewPly;
  if (!analysisBoard() && ply === null) return api.exportText(g.id, 'fen');
  const line = (fen) => `${fen}\n`;
  if (analysisBoard()) return line(live.position.fen);
  const known = reviewEntry(ply);
  if (known && known.fen) return line(known.fen);
  const snapshot = state.snapshots.get(ply);
  if (snapshot && !isChess(g.variant)) return line(listFen(snapshot.board, g.moves[ply].side));
  const answer = await api.analyse({variant: g.variant, fen: g.start_fen, depth: 1,
                                    moves: g.moves.slice(0, ply).map((m) => m.text)});
  return line(answer.fen);
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
