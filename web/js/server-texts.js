// The texts the server writes in English (why a game ended, the status lines under the board, the
// most common refusals) in Russian and Ukrainian. Each text is matched against a table of regular
// expressions; numbers, square lists and the like are kept, side names are translated. Anything
// unknown, and every text in English, is returned as it is.
//
// No browser dependency: the module is imported by the app and by the unit tests in node.

// Side names as the server writes them: "White"/"Black" (games), "white"/"black" (the service,
// e.g. "white ran out of time"; for wolf and sheep white is the sheep), "wolf"/"sheep".
const SIDES = {
  ru: {white: 'Белые', black: 'Чёрные', wolf: 'Волк', sheep: 'Овцы'},
  uk: {white: 'Білі', black: 'Чорні', wolf: 'Вовк', sheep: 'Вівці'},
};
// The genitive plural, for "the turn of ..."-like phrases.
const SIDES_OF = {
  ru: {white: 'белых', black: 'чёрных', wolf: 'волка', sheep: 'овец'},
  uk: {white: 'білих', black: 'чорних', wolf: 'вовка', sheep: 'овець'},
};
// The games by their ids (and the mill variants by the names the rules give them), as the page
// names them (web/i18n/*.json, variant.*).
const GAMES = {
  ru: {
    'international': 'международные шашки', 'russian': 'русские шашки', 'english': 'английские шашки',
    'international-giveaway': 'международные поддавки', 'russian-giveaway': 'русские поддавки',
    'english-giveaway': 'английские поддавки', 'wolf-sheep': 'волк и овцы', 'mill': 'мельница',
    'mill-mixed': 'смешанная мельница', 'mill-ceylon': 'цейлонская мельница', 'chess100': 'стоклеточные шахматы',
    'Mill': 'мельница', 'Mixed mill': 'смешанная мельница', 'Ceylon mill': 'цейлонская мельница',
  },
  uk: {
    'international': 'міжнародні шашки', 'russian': 'російські шашки', 'english': 'англійські шашки',
    'international-giveaway': 'міжнародні піддавки', 'russian-giveaway': 'російські піддавки',
    'english-giveaway': 'англійські піддавки', 'wolf-sheep': 'вовк і вівці', 'mill': 'млин',
    'mill-mixed': 'змішаний млин', 'mill-ceylon': 'цейлонський млин', 'chess100': 'стоклітинні шахи',
    'Mill': 'млин', 'Mixed mill': 'змішаний млин', 'Ceylon mill': 'цейлонський млин',
  },
};
// Verb endings that agree with the side: plural for White/Black/sheep, singular masculine for wolf.
const plural = (side) => side !== 'wolf';

function sideKey(name, variant) {
  const s = String(name).toLowerCase();
  if (variant === 'wolf-sheep' && s === 'white') return 'sheep';
  if (variant === 'wolf-sheep' && s === 'black') return 'wolf';
  return s;
}

// Russian and Ukrainian plural forms: one (1, 21), few (2-4, 22-24), many (0, 5-20, 25...).
function form(n, one, few, many) {
  const k = Math.abs(Number(n)) % 100, d = k % 10;
  if (k >= 11 && k <= 14) return many;
  if (d === 1) return one;
  if (d >= 2 && d <= 4) return few;
  return many;
}

const S = '(White|Black|white|black)';
// The colour word of a piece, lower or upper case.
const white = (name) => /^white$/i.test(name);
// The form of a mill FEN, as the server writes it after "expected".
const MILL_FEN = {
  ru: '<сторона>:W<пункты>:B<пункты>:H<запас белых>,<запас чёрных>',
  uk: '<сторона>:W<пункти>:B<пункти>:H<запас білих>,<запас чорних>',
};

// [pattern, {ru, uk}]: each translation is a function of the match's captures and a context
// object {side(name), sideOf(name), verb(name, plural form, singular form), n(count, one, few, many),
// game(id or name), again(text)} in that language.
const TABLE = [
  // ---- the ends of games
  [/^draw agreed$/, {ru: () => 'ничья по соглашению', uk: () => 'нічия за згодою'}],
  [/^threefold repetition$/, {ru: () => 'троекратное повторение позиции', uk: () => 'триразове повторення позиції'}],
  [/^threefold repetition \(same position, hands and side to move\)$/, {
    ru: () => 'троекратное повторение (та же позиция, те же фишки в запасе и та же очередь хода)',
    uk: () => 'триразове повторення (та сама позиція, ті самі фішки в запасі й та сама черга ходу)'}],
  [new RegExp(`^${S} resigned$`), {
    ru: (c, x) => `${x.side(c[1])} ${x.verb(c[1], 'сдались', 'сдался')}`,
    uk: (c, x) => `${x.side(c[1])} ${x.verb(c[1], 'здалися', 'здався')}`}],
  [/^the (wolf|sheep) resigned$/, {
    ru: (c, x) => `${x.side(c[1])} ${x.verb(c[1], 'сдались', 'сдался')}`,
    uk: (c, x) => `${x.side(c[1])} ${x.verb(c[1], 'здалися', 'здався')}`}],
  [new RegExp(`^${S} ran out of time$`), {
    ru: (c, x) => `у ${x.sideOf(c[1])} истекло время`,
    uk: (c, x) => `у ${x.sideOf(c[1])} сплив час`}],
  [new RegExp(`^${S} cannot move$`), {
    ru: (c, x) => `у ${x.sideOf(c[1])} нет хода`, uk: (c, x) => `у ${x.sideOf(c[1])} немає ходу`}],
  [new RegExp(`^${S} has no pieces$`), {
    ru: (c, x) => `у ${x.sideOf(c[1])} не осталось шашек`, uk: (c, x) => `у ${x.sideOf(c[1])} не лишилося шашок`}],
  [new RegExp(`^${S} has only (\\d+) pieces left$`), {
    ru: (c, x) => `у ${x.sideOf(c[1])} осталось только ${c[2]} ${x.n(c[2], 'фишка', 'фишки', 'фишек')}`,
    uk: (c, x) => `у ${x.sideOf(c[1])} лишилося тільки ${c[2]} ${x.n(c[2], 'фішка', 'фішки', 'фішок')}`}],
  [/^(\d+) moves of each player without a removal$/, {
    ru: (c, x) => `${c[1]} ${x.n(c[1], 'ход', 'хода', 'ходов')} каждого игрока без снятия фишки`,
    uk: (c, x) => `${c[1]} ${x.n(c[1], 'хід', 'ходи', 'ходів')} кожного гравця без зняття фішки`}],
  [/^(\d+) moves of each player with kings only, without capture$/, {
    ru: (c, x) => `${c[1]} ${x.n(c[1], 'ход', 'хода', 'ходов')} каждого игрока только дамками, без взятия`,
    uk: (c, x) => `${c[1]} ${x.n(c[1], 'хід', 'ходи', 'ходів')} кожного гравця тільки дамками, без взяття`}],
  [new RegExp(`^${S} has not taken the lone king by its (\\d+)th move$`), {
    ru: (c, x) => `${x.side(c[1])} не поймали одинокую дамку к своему ${c[2]}-му ходу`,
    uk: (c, x) => `${x.side(c[1])} не впіймали самотню дамку до свого ${c[2]}-го ходу`}],
  [/^the ending is not won within 5 moves$/, {
    ru: () => 'окончание не выиграно за 5 ходов', uk: () => 'закінчення не виграно за 5 ходів'}],
  [/^the balance of forces has not changed for (\d+) moves with kings on both sides$/, {
    ru: (c, x) => `соотношение сил не менялось ${c[1]} ${x.n(c[1], 'ход', 'хода', 'ходов')} при дамках у обеих сторон`,
    uk: (c, x) => `співвідношення сил не змінювалося ${c[1]} ${x.n(c[1], 'хід', 'ходи', 'ходів')} за дамок в обох сторін`}],
  [new RegExp(`^${S} has not won against the king on the long diagonal by its (\\d+)th move$`), {
    ru: (c, x) => `${x.side(c[1])} не выиграли против дамки на большой дороге к своему ${c[2]}-му ходу`,
    uk: (c, x) => `${x.side(c[1])} не виграли проти дамки на великій дорозі до свого ${c[2]}-го ходу`}],
  [new RegExp(`^${S}'s king was captured$`), {
    ru: (c, x) => `король ${x.sideOf(c[1])} взят`, uk: (c, x) => `короля ${x.sideOf(c[1])} взято`}],
  [new RegExp(`^${S}'s king crossed an attacked square in castling$`), {
    ru: (c, x) => `король ${x.sideOf(c[1])} при рокировке прошёл через атакованное поле`,
    uk: (c, x) => `король ${x.sideOf(c[1])} під час рокіровки пройшов через атаковане поле`}],
  [new RegExp(`^${S} is checkmated$`), {
    ru: (c, x) => `${x.side(c[1])} получили мат`, uk: (c, x) => `${x.side(c[1])} отримали мат`}],
  [new RegExp(`^${S} is stalemated$`), {
    ru: (c, x) => `${x.side(c[1])} получили пат`, uk: (c, x) => `${x.side(c[1])} отримали пат`}],
  [/^50 moves of each player without a capture or a pawn move$/, {
    ru: () => '50 ходов каждого игрока без взятия и хода пешкой',
    uk: () => '50 ходів кожного гравця без взяття й ходу пішаком'}],
  [/^neither side can checkmate$/, {
    ru: () => 'ни одна сторона не может поставить мат', uk: () => 'жодна сторона не може поставити мат'}],
  [/^the wolf is past the sheep$/, {ru: () => 'волк прошёл за овец', uk: () => 'вовк пройшов за овець'}],
  [/^the wolf cannot move$/, {ru: () => 'волку некуда ходить', uk: () => 'вовкові нікуди ходити'}],
  [/^the sheep cannot move$/, {ru: () => 'овцам некуда ходить', uk: () => 'вівцям нікуди ходити'}],

  // ---- status lines
  [/^in hand: White (\d+), Black (\d+)$/, {
    ru: (c) => `в запасе: белые ${c[1]}, чёрные ${c[2]}`, uk: (c) => `у запасі: білі ${c[1]}, чорні ${c[2]}`}],
  [new RegExp(`^${S} closed a mill and plays again$`), {
    ru: (c, x) => `${x.side(c[1])} построили мельницу и ходят ещё раз`,
    uk: (c, x) => `${x.side(c[1])} склали млин і ходять ще раз`}],
  [/^without a removal: White (\d+), Black (\d+) of (\d+) moves$/, {
    ru: (c, x) => `без снятия фишки: белые ${c[1]}, чёрные ${c[2]} из ${c[3]} ${x.n(c[3], 'хода', 'ходов', 'ходов')}`,
    uk: (c, x) => `без зняття фішки: білі ${c[1]}, чорні ${c[2]} з ${c[3]} ${x.n(c[3], 'ходу', 'ходів', 'ходів')}`}],
  [/^this position has stood (\d+) times$/, {
    ru: (c, x) => `эта позиция повторилась ${c[1]} ${x.n(c[1], 'раз', 'раза', 'раз')}`,
    uk: (c, x) => `ця позиція повторилася ${c[1]} ${x.n(c[1], 'раз', 'рази', 'разів')}`}],
  [new RegExp(`^${S} is in check$`), {
    ru: (c, x) => `${x.side(c[1])} под шахом`, uk: (c, x) => `${x.side(c[1])} під шахом`}],
  [/^50-move rule: (\d+) of 100 plies$/, {
    ru: (c) => `правило 50 ходов: ${c[1]} из 100 полуходов`, uk: (c) => `правило 50 ходів: ${c[1]} зі 100 півходів`}],
  [/^extra pawn right: ((?:White|Black)(?:, (?:White|Black))*)$/, {
    ru: (c, x) => `право лишнего хода пешкой: ${c[1].split(', ').map(x.side).join(', ')}`,
    uk: (c, x) => `право зайвого ходу пішаком: ${c[1].split(', ').map(x.side).join(', ')}`}],
  [/^kings only: (\d+) of (\d+) plies$/, {
    ru: (c, x) => `только дамки: ${c[1]} из ${c[2]} ${x.n(c[2], 'полухода', 'полуходов', 'полуходов')}`,
    uk: (c, x) => `тільки дамки: ${c[1]} з ${c[2]} ${x.n(c[2], 'півходу', 'півходів', 'півходів')}`}],
  [/^(ending|balance|long diagonal): (\d+) plies since it was established$/, {
    ru: (c, x) => `${{ending: 'окончание', balance: 'соотношение сил', 'long diagonal': 'большая дорога'}[c[1]]}: ` +
                  `${c[2]} ${x.n(c[2], 'полуход', 'полухода', 'полуходов')} с момента возникновения`,
    uk: (c, x) => `${{ending: 'закінчення', balance: 'співвідношення сил', 'long diagonal': 'велика дорога'}[c[1]]}: ` +
                  `${c[2]} ${x.n(c[2], 'півхід', 'півходи', 'півходів')} від моменту виникнення`}],
  [/^you may huff \(type: huff <square>\):(.*)$/, {
    ru: (c) => `можно взять за фук (введите: huff <поле>):${c[1]}`,
    uk: (c) => `можна взяти за фук (введіть: huff <поле>):${c[1]}`}],
  [/^the wolf's first move places it on any free dark square \(such as (\w+)\)$/, {
    ru: (c) => `первым ходом волк ставится на любое свободное тёмное поле (например, ${c[1]})`,
    uk: (c) => `першим ходом вовк ставиться на будь-яке вільне темне поле (наприклад, ${c[1]})`}],

  // ---- the most common refusals
  [/^the game is over: (.*)$/, {
    ru: (c, x) => `игра окончена: ${x.again(c[1])}`, uk: (c, x) => `гру закінчено: ${x.again(c[1])}`}],
  [new RegExp(`^it is not ${S}'s turn$`), {
    ru: (c, x) => `сейчас не ход ${x.sideOf(c[1])}`, uk: (c, x) => `зараз не хід ${x.sideOf(c[1])}`}],
  [new RegExp(`^illegal move ('.*') for ${S}( \\(a capture is compulsory\\))?$`), {
    ru: (c, x) => `недопустимый ход ${c[1]} для ${x.sideOf(c[2])}${c[3] ? ' (взятие обязательно)' : ''}`,
    uk: (c, x) => `неприпустимий хід ${c[1]} для ${x.sideOf(c[2])}${c[3] ? ' (взяття обов’язкове)' : ''}`}],
  [new RegExp(`^illegal move ('.*'): ${S} has no move$`), {
    ru: (c, x) => `недопустимый ход ${c[1]}: у ${x.sideOf(c[2])} нет хода`,
    uk: (c, x) => `неприпустимий хід ${c[1]}: у ${x.sideOf(c[2])} немає ходу`}],
  [/^wolf and sheep has no draw \(RULINGS §2\)$/, {
    ru: () => 'в игре «волк и овцы» ничьей не бывает', uk: () => 'у грі «вовк і вівці» нічиєї не буває'}],
  [/^illegal move$/, {ru: () => 'недопустимый ход', uk: () => 'неприпустимий хід'}],
  [/^illegal move (\S+) for the (wolf|sheep)$/, {
    ru: (c, x) => `недопустимый ход ${c[1]} для ${x.sideOf(c[2])}`, uk: (c, x) => `неприпустимий хід ${c[1]} для ${x.sideOf(c[2])}`}],
  [/^illegal move (.+)$/, {ru: (c) => `недопустимый ход ${c[1]}`, uk: (c) => `неприпустимий хід ${c[1]}`}],
  [/^the computer is thinking$/, {ru: () => 'компьютер думает', uk: () => 'комп’ютер думає'}],
  [/^a draw offer is already standing$/, {ru: () => 'ничья уже предложена', uk: () => 'нічию вже запропоновано'}],
  [/^you have offered a draw already$/, {ru: () => 'вы уже предложили ничью', uk: () => 'ви вже запропонували нічию'}],

  // ---- take-back, rematch, review, analysis and the lobby
  [/^undo is for games against the computer; between people, offer a draw or resign$/, {
    ru: () => 'отмена хода — для игры с компьютером; между людьми предложите ничью или сдайтесь',
    uk: () => 'скасування ходу — для гри з комп’ютером; між людьми запропонуйте нічию або здайтеся'}],
  [/^the game ended by (resignation|agreement|time); nothing to take back$/, {
    ru: (c) => `партия окончена (${{resignation: 'сдача', agreement: 'соглашение', time: 'время'}[c[1]]}); возвращать нечего`,
    uk: (c) => `партію закінчено (${{resignation: 'здача', agreement: 'згода', time: 'час'}[c[1]]}); повертати нічого`}],
  [/^nothing to take back: you have not moved yet$/, {
    ru: () => 'возвращать нечего: вы ещё не ходили', uk: () => 'повертати нічого: ви ще не ходили'}],
  [/^against the computer, take back with undo$/, {
    ru: () => 'в игре с компьютером ход отменяется кнопкой «Вернуть ход»',
    uk: () => 'у грі з комп’ютером хід скасовують кнопкою «Повернути хід»'}],
  [/^you have asked already$/, {ru: () => 'вы уже попросили', uk: () => 'ви вже попросили'}],
  [/^there is no request to take back a move to (accept|decline)$/, {
    ru: (c) => `нет просьбы вернуть ход, которую можно ${c[1] === 'accept' ? 'принять' : 'отклонить'}`,
    uk: (c) => `немає прохання повернути хід, яке можна ${c[1] === 'accept' ? 'прийняти' : 'відхилити'}`}],
  [/^a rematch is offered once the game has ended$/, {
    ru: () => 'реванш можно предложить после окончания партии', uk: () => 'реванш можна запропонувати після закінчення партії'}],
  [/^a game between two people is reviewed once it has ended \(fair play\)$/, {
    ru: () => 'партию двух людей можно разобрать после её окончания (честная игра)',
    uk: () => 'партію двох людей можна розібрати після її закінчення (чесна гра)'}],
  [/^analysis is not offered during a game between two people; it opens when the game ends$/, {
    ru: () => 'анализ недоступен во время партии двух людей; он откроется, когда партия закончится',
    uk: () => 'аналіз недоступний під час партії двох людей; він відкриється, коли партія закінчиться'}],
  [/^you have (\d+) analyses running; ask again when one has ended$/, {
    ru: (c, x) => `у вас уже ${c[1]} ${x.n(c[1], 'анализ', 'анализа', 'анализов')}; попробуйте снова, когда один закончится`,
    uk: (c, x) => `у вас уже ${c[1]} ${x.n(c[1], 'аналіз', 'аналізи', 'аналізів')}; спробуйте знову, коли один закінчиться`}],
  [/^the engine is busy with other analyses; ask again shortly$/, {
    ru: () => 'движок занят другими анализами; попробуйте чуть позже', uk: () => 'рушій зайнятий іншими аналізами; спробуйте трохи згодом'}],
  [/^a seek is for a game between two people$/, {
    ru: () => 'вызов — для партии двух людей', uk: () => 'виклик — для партії двох людей'}],
  [/^a seek starts from a position \(fen\), not a record$/, {
    ru: () => 'вызов начинается с позиции (FEN), а не с записи партии', uk: () => 'виклик починається з позиції (FEN), а не з запису партії'}],
  [/^no seek (\S+) \(taken, cancelled or expired\)$/, {
    ru: (c) => `нет вызова ${c[1]} (принят, отменён или устарел)`, uk: (c) => `немає виклику ${c[1]} (прийнятий, скасований або застарілий)`}],
  [/^no seek (\S+)$/, {ru: (c) => `нет вызова ${c[1]}`, uk: (c) => `немає виклику ${c[1]}`}],
  [/^this key is not the seek's$/, {ru: () => 'этот ключ не от этого вызова', uk: () => 'цей ключ не від цього виклику'}],
  [/^the seek was accepted: the game has begun$/, {
    ru: () => 'вызов принят: партия началась', uk: () => 'виклик прийнято: партія почалася'}],

  // ---- a move typed in the game's notation (keyboard entry)
  [/^(?:an )?empty move$/, {ru: () => 'пустой ход', uk: () => 'порожній хід'}],
  [/^ambiguous move ('.*'): it can be (.*)$/, {
    ru: (c) => `неоднозначный ход ${c[1]}: это может быть ${c[2].replace(/ or /g, ' или ')}`,
    uk: (c) => `неоднозначний хід ${c[1]}: це може бути ${c[2].replace(/ or /g, ' або ')}`}],
  [/^move ('.*') is not a move such as (\S+) or (\S+)$/, {
    ru: (c) => `${c[1]} — не ход вида ${c[2]} или ${c[3]}`, uk: (c) => `${c[1]} — не хід на кшталт ${c[2]} або ${c[3]}`}],
  [/^move ('.*') needs two squares$/, {
    ru: (c) => `в ходе ${c[1]} нужны два поля`, uk: (c) => `у ході ${c[1]} потрібні два поля`}],
  [/^move ('.*') cannot be read as squares of (.*)$/, {
    ru: (c, x) => `ход ${c[1]} не читается как поля доски (${x.game(c[2])})`,
    uk: (c, x) => `хід ${c[1]} не читається як поля дошки (${x.game(c[2])})`}],
  [/^move (\d+) ('.*?'): (.*)$/, {
    ru: (c, x) => `ход ${c[1]} ${c[2]}: ${x.again(c[3])}`, uk: (c, x) => `хід ${c[1]} ${c[2]}: ${x.again(c[3])}`}],
  // ---- the parsers of positions (FEN), moves and records, with the prefixes the server adds
  // Prefixes: what was being read, then its own text translated again.
  [/^(?:record|pdn): (.*)$/, {
    ru: (c, x) => `запись партии: ${x.again(c[1])}`, uk: (c, x) => `запис партії: ${x.again(c[1])}`}],
  [/^game starting on line (\d+): (.*)$/, {
    ru: (c, x) => `партия со строки ${c[1]}: ${x.again(c[2])}`, uk: (c, x) => `партія з рядка ${c[1]}: ${x.again(c[2])}`}],
  [/^game (\d+): (.*)$/, {
    ru: (c, x) => `партия ${c[1]}: ${x.again(c[2])}`, uk: (c, x) => `партія ${c[1]}: ${x.again(c[2])}`}],
  [/^line (\d+): (.*)$/, {
    ru: (c, x) => `строка ${c[1]}: ${x.again(c[2])}`, uk: (c, x) => `рядок ${c[1]}: ${x.again(c[2])}`}],
  [/^move (\d+): (.*)$/, {
    ru: (c, x) => `ход ${c[1]}: ${x.again(c[2])}`, uk: (c, x) => `хід ${c[1]}: ${x.again(c[2])}`}],
  [/^move ('.*?'): (.*)$/, {
    ru: (c, x) => `ход ${c[1]}: ${x.again(c[2])}`, uk: (c, x) => `хід ${c[1]}: ${x.again(c[2])}`}],
  [/^FEN rank (\d+): (.*)$/, {
    ru: (c, x) => `позиция, ряд ${c[1]}: ${x.again(c[2])}`, uk: (c, x) => `позиція, ряд ${c[1]}: ${x.again(c[2])}`}],
  [/^FEN: (.*)$/, {ru: (c, x) => `позиция: ${x.again(c[1])}`, uk: (c, x) => `позиція: ${x.again(c[1])}`}],
  [/^FEN ('.*?'): (.*)$/, {
    ru: (c, x) => `позиция ${c[1]}: ${x.again(c[2])}`, uk: (c, x) => `позиція ${c[1]}: ${x.again(c[2])}`}],

  // Positions (FEN) of draughts, mill and wolf and sheep.
  [/^empty FEN$/, {ru: () => 'позиция не задана', uk: () => 'позицію не задано'}],
  [/^side to move must be W or B, not ('.*')$/, {
    ru: (c) => `очередь хода пишется W или B, а не ${c[1]}`, uk: (c) => `черга ходу пишеться W або B, а не ${c[1]}`}],
  [/^side to move must be W \(sheep\) or B \(wolf\), not ('.*')$/, {
    ru: (c) => `очередь хода пишется W (овцы) или B (волк), а не ${c[1]}`,
    uk: (c) => `черга ходу пишеться W (вівці) або B (вовк), а не ${c[1]}`}],
  [/^empty field (\d+)$/, {ru: (c) => `пустое поле записи ${c[1]}`, uk: (c) => `порожнє поле запису ${c[1]}`}],
  [/^field ('.*') must start with W or B$/, {
    ru: (c) => `поле записи ${c[1]} должно начинаться с W или B`, uk: (c) => `поле запису ${c[1]} має починатися з W або B`}],
  [/^field ('.*') must start with W, B or H \(.*\)$/, {
    ru: (c) => `поле записи ${c[1]} должно начинаться с W, B или H (${MILL_FEN.ru})`,
    uk: (c) => `поле запису ${c[1]} має починатися з W, B або H (${MILL_FEN.uk})`}],
  [/^pieces of one colour are listed twice$/, {
    ru: () => 'шашки одного цвета перечислены дважды', uk: () => 'шашки одного кольору перелічено двічі'}],
  [/^the (white|black) pieces are listed twice$/, {
    ru: (c) => `${white(c[1]) ? 'белые' : 'чёрные'} фишки перечислены дважды`,
    uk: (c) => `${white(c[1]) ? 'білі' : 'чорні'} фішки перелічено двічі`}],
  [/^the (sheep|wolf) are listed twice$/, {
    ru: (c) => `${c[1] === 'wolf' ? 'волк указан' : 'овцы перечислены'} дважды`,
    uk: (c) => `${c[1] === 'wolf' ? 'вовка вказано' : 'вівці перелічено'} двічі`}],
  [/^empty square in the list$/, {ru: () => 'пустое поле в списке', uk: () => 'порожнє поле в списку'}],
  [/^bad square range ('.*')$/, {ru: (c) => `неверный диапазон полей ${c[1]}`, uk: (c) => `хибний діапазон полів ${c[1]}`}],
  [/^('.*') is not a square of (\S+)$/, {
    ru: (c, x) => `${c[1]} — не поле доски (${x.game(c[2])})`, uk: (c, x) => `${c[1]} — не поле дошки (${x.game(c[2])})`}],
  [/^square (\S+) is given twice$/, {ru: (c) => `поле ${c[1]} указано дважды`, uk: (c) => `поле ${c[1]} вказано двічі`}],
  [/^point (\S+) is given twice$/, {ru: (c) => `пункт ${c[1]} указан дважды`, uk: (c) => `пункт ${c[1]} вказано двічі`}],
  [/^a (white|black) man on (\S+) would be a king; write K(\S+)$/, {
    ru: (c) => `${white(c[1]) ? 'белая' : 'чёрная'} шашка на ${c[2]} уже была бы дамкой; пишите K${c[3]}`,
    uk: (c) => `${white(c[1]) ? 'біла' : 'чорна'} шашка на ${c[2]} вже була б дамкою; пишіть K${c[3]}`}],
  [/^too many fields$/, {ru: () => 'слишком много полей записи', uk: () => 'забагато полів запису'}],
  [/^expected <side>:W<points>:B<points>:H<white in hand>,<black in hand>$/, {
    ru: () => `ожидается ${MILL_FEN.ru}`, uk: () => `очікується ${MILL_FEN.uk}`}],
  [/^the hands are given twice$/, {ru: () => 'запас указан дважды', uk: () => 'запас вказано двічі'}],
  [/^the hands must be written H<white>,<black>, not ('.*')$/, {
    ru: (c) => `запас пишется H<белые>,<чёрные>, а не ${c[1]}`, uk: (c) => `запас пишеться H<білі>,<чорні>, а не ${c[1]}`}],
  [/^bad number of pieces in hand ('.*'): 0 to (\d+)$/, {
    ru: (c) => `неверное число фишек в запасе ${c[1]}: от 0 до ${c[2]}`,
    uk: (c) => `хибне число фішок у запасі ${c[1]}: від 0 до ${c[2]}`}],
  [/^('.*') is not a point of the mill board( \(.*\))?$/, {
    ru: (c) => `${c[1]} — не пункт доски мельницы${c[2] ?? ''}`, uk: (c) => `${c[1]} — не пункт дошки млина${c[2] ?? ''}`}],
  [new RegExp(`^${S} has (\\d+) pieces on the board and in hand; (\\S+) gives (\\d+)$`), {
    ru: (c, x) => `у ${x.sideOf(c[1])} ${c[2]} ${x.n(c[2], 'фишка', 'фишки', 'фишек')} на доске и в запасе; ` +
                  `в игре «${x.game(c[3])}» их ${c[4]}`,
    uk: (c, x) => `у ${x.sideOf(c[1])} ${c[2]} ${x.n(c[2], 'фішка', 'фішки', 'фішок')} на дошці й у запасі; ` +
                  `у грі «${x.game(c[3])}» їх ${c[4]}`}],
  [/^('.*') is not a dark square a1\.\.h8( \(write a placement as (\S+), a move as (\S+)\))?$/, {
    ru: (c) => `${c[1]} — не тёмное поле a1..h8${c[2] ? ` (постановка пишется как ${c[3]}, ход — как ${c[4]})` : ''}`,
    uk: (c) => `${c[1]} — не темне поле a1..h8${c[2] ? ` (постановку пишуть як ${c[3]}, хід — як ${c[4]})` : ''}`}],
  [/^there is only one wolf$/, {ru: () => 'волк только один', uk: () => 'вовк лише один'}],
  [/^there must be exactly four sheep, not (\d+)$/, {
    ru: (c) => `овец должно быть ровно четыре, а не ${c[1]}`, uk: (c) => `овець має бути рівно чотири, а не ${c[1]}`}],
  [/^the sheep cannot move before the wolf is placed \(write B:\.\.\.\)$/, {
    ru: () => 'овцы не ходят, пока волк не поставлен (пишите B:...)',
    uk: () => 'вівці не ходять, доки вовка не поставлено (пишіть B:...)'}],

  // Moves of draughts, mill and wolf and sheep.
  [/^write a move of more than two squares with separators \((.*)\)$/, {
    ru: (c) => `ход больше чем через два поля пишите с разделителями (${c[1]})`,
    uk: (c) => `хід більш ніж через два поля пишіть із роздільниками (${c[1]})`}],
  [/^('.*') is not a mill move \(write a placement \((\S+)\), a move \((\S+)\), and a removal after x \((.*)\)\)$/, {
    ru: (c) => `${c[1]} — не ход мельницы (пишите постановку (${c[2]}), ход (${c[3]}) и снятие после x (${c[4]}))`,
    uk: (c) => `${c[1]} — не хід млина (пишіть постановку (${c[2]}), хід (${c[3]}) і зняття після x (${c[4]}))`}],
  [new RegExp(`^${S} has no pieces in hand: move a piece on the board \\(from-to, e\\.g\\. (\\S+)\\)$`), {
    ru: (c, x) => `у ${x.sideOf(c[1])} нет фишек в запасе: ходите фишкой на доске (откуда-куда, например ${c[2]})`,
    uk: (c, x) => `у ${x.sideOf(c[1])} немає фішок у запасі: ходіть фішкою на дошці (звідки-куди, наприклад ${c[2]})`}],
  [/^(\S+) is occupied$/, {ru: (c) => `${c[1]} занят`, uk: (c) => `${c[1]} зайнятий`}],
  [new RegExp(`^${S} still has (\\d+) pieces in hand and must place one \\(e\\.g\\. (\\S+)\\)$`), {
    ru: (c, x) => `у ${x.sideOf(c[1])} ещё ${c[2]} ${x.n(c[2], 'фишка', 'фишки', 'фишек')} в запасе, надо поставить одну (например ${c[3]})`,
    uk: (c, x) => `у ${x.sideOf(c[1])} ще ${c[2]} ${x.n(c[2], 'фішка', 'фішки', 'фішок')} у запасі, треба поставити одну (наприклад ${c[3]})`}],
  [/^there is no (white|black) piece on (\S+)( to remove)?$/, {
    ru: (c) => `на ${c[2]} нет ${white(c[1]) ? 'белой' : 'чёрной'} фигуры${c[3] ? ', снимать нечего' : ''}`,
    uk: (c) => `на ${c[2]} немає ${white(c[1]) ? 'білої' : 'чорної'} фігури${c[3] ? ', знімати нічого' : ''}`}],
  [/^(\S+) and (\S+) are not adjacent \(a piece flies only when its side has (\d+) pieces on the board and none in hand\)$/, {
    ru: (c, x) => `${c[1]} и ${c[2]} не соседние (фишка летает, только когда у её стороны ${c[3]} ` +
                  `${x.n(c[3], 'фишка', 'фишки', 'фишек')} на доске и ни одной в запасе)`,
    uk: (c, x) => `${c[1]} і ${c[2]} не сусідні (фішка літає, лише коли в її сторони ${c[3]} ` +
                  `${x.n(c[3], 'фішка', 'фішки', 'фішок')} на дошці й жодної в запасі)`}],
  [/^(\S+) closes no mill, so it removes nothing$/, {
    ru: (c) => `${c[1]} не строит мельницу, поэтому ничего не снимает`, uk: (c) => `${c[1]} не складає млин, тож нічого не знімає`}],
  [new RegExp(`^in (.+) a mill closed by (a move|a placement) removes nothing: ${S} plays again$`), {
    ru: (c, x) => `в игре «${x.game(c[1])}» мельница, построенная ${c[2] === 'a move' ? 'ходом' : 'постановкой'}, ` +
                  `ничего не снимает: ${x.side(c[3])} ходят ещё раз`,
    uk: (c, x) => `у грі «${x.game(c[1])}» млин, складений ${c[2] === 'a move' ? 'ходом' : 'постановкою'}, ` +
                  `нічого не знімає: ${x.side(c[3])} ходять ще раз`}],
  [/^(\S+) closes a mill: add the piece to remove, e\.g\. (\S+)$/, {
    ru: (c) => `${c[1]} строит мельницу: допишите снимаемую фишку, например ${c[2]}`,
    uk: (c) => `${c[1]} складає млин: допишіть фішку, яку знімаєте, наприклад ${c[2]}`}],
  [new RegExp(`^${S} has no piece on the board: (\\S+) removes nothing$`), {
    ru: (c, x) => `у ${x.sideOf(c[1])} нет фишек на доске: ${c[2]} ничего не снимает`,
    uk: (c, x) => `у ${x.sideOf(c[1])} немає фішок на дошці: ${c[2]} нічого не знімає`}],
  [new RegExp(`^(\\S+) stands in a mill and may not be removed while ${S} has pieces outside mills$`), {
    ru: (c, x) => `${c[1]} стоит в мельнице, её нельзя снять, пока у ${x.sideOf(c[2])} есть фишки вне мельниц`,
    uk: (c, x) => `${c[1]} стоїть у млині, її не можна зняти, доки в ${x.sideOf(c[2])} є фішки поза млинами`}],
  [/^('.*') is not a legal move$/, {ru: (c) => `${c[1]} — недопустимый ход`, uk: (c) => `${c[1]} — неприпустимий хід`}],
  [/^the game is over$/, {ru: () => 'игра окончена', uk: () => 'гру закінчено'}],
  [/^the wolf is already placed; write a move such as (\S+)$/, {
    ru: (c) => `волк уже поставлен; пишите ход, например ${c[1]}`, uk: (c) => `вовка вже поставлено; пишіть хід, наприклад ${c[1]}`}],
  [/^the wolf must first be placed \(write a square such as (\S+)\)$/, {
    ru: (c) => `сначала надо поставить волка (пишите поле, например ${c[1]})`,
    uk: (c) => `спершу треба поставити вовка (пишіть поле, наприклад ${c[1]})`}],

  // Chess on a 10x10 board: positions and moves.
  [/^FEN needs 4 to 7 fields \(placement, side, castling, en passant, halfmove, fullmove, extra pawn\), found (\d+)$/, {
    ru: (c) => `в позиции нужно от 4 до 7 полей (расстановка, очередь хода, рокировки, взятие на проходе, ` +
               `полуходы, номер хода, лишняя пешка), а их ${c[1]}`,
    uk: (c) => `у позиції потрібно від 4 до 7 полів (розстановка, черга ходу, рокіровки, взяття на проході, ` +
               `півходи, номер ходу, зайвий пішак), а їх ${c[1]}`}],
  [/^FEN placement has (\d+) ranks, expected 10 separated by '\/'$/, {
    ru: (c, x) => `в расстановке ${c[1]} ${x.n(c[1], 'ряд', 'ряда', 'рядов')}, а нужно 10 через '/'`,
    uk: (c, x) => `у розстановці ${c[1]} ${x.n(c[1], 'ряд', 'ряди', 'рядів')}, а потрібно 10 через '/'`}],
  [/^(\d+) is not a count of 1 to 10 empty squares$/, {
    ru: (c) => `${c[1]} — не число пустых полей от 1 до 10`, uk: (c) => `${c[1]} — не число порожніх полів від 1 до 10`}],
  [/^('.*') is not a piece letter \(KQRBNGJP, lower case for Black\)$/, {
    ru: (c) => `${c[1]} — не буква фигуры (KQRBNGJP, строчные — для чёрных)`,
    uk: (c) => `${c[1]} — не літера фігури (KQRBNGJP, малі — для чорних)`}],
  [/^FEN rank (\d+) ('.*') does not describe exactly 10 squares$/, {
    ru: (c) => `ряд ${c[1]} позиции ${c[2]} описывает не ровно 10 полей`, uk: (c) => `ряд ${c[1]} позиції ${c[2]} описує не рівно 10 полів`}],
  [/^a (white|black) pawn on (\S+), its promotion rank$/i, {
    ru: (c) => `${white(c[1]) ? 'белая' : 'чёрная'} пешка на ${c[2]}, на своём поле превращения`,
    uk: (c) => `${white(c[1]) ? 'білий' : 'чорний'} пішак на ${c[2]}, на своєму полі перетворення`}],
  [/^(white|black) has (\d+) kings, expected one$/i, {
    ru: (c, x) => `у ${white(c[1]) ? 'белых' : 'чёрных'} ${c[2]} ${x.n(c[2], 'король', 'короля', 'королей')}, а должен быть один`,
    uk: (c, x) => `у ${white(c[1]) ? 'білих' : 'чорних'} ${c[2]} ${x.n(c[2], 'король', 'королі', 'королів')}, а має бути один`}],
  [/^FEN side to move ('.*') is not w or b$/, {
    ru: (c) => `очередь хода ${c[1]} — не w и не b`, uk: (c) => `черга ходу ${c[1]} — не w і не b`}],
  [/^FEN castling field ('.*'): rights are written by rook file, A J a j \(or -\)$/, {
    ru: (c) => `поле рокировок ${c[1]}: права пишутся вертикалью ладьи, A J a j (или -)`,
    uk: (c) => `поле рокіровок ${c[1]}: права пишуть вертикаллю тури, A J a j (або -)`}],
  [/^FEN castling field ('.*') repeats (\S)$/, {
    ru: (c) => `в поле рокировок ${c[1]} повторяется ${c[2]}`, uk: (c) => `у полі рокіровок ${c[1]} повторюється ${c[2]}`}],
  [/^FEN castling right (\S) needs the (white|black) king on (\S+) and a rook on (\S+)$/i, {
    ru: (c) => `для права рокировки ${c[1]} нужны ${white(c[2]) ? 'белый' : 'чёрный'} король на ${c[3]} и ладья на ${c[4]}`,
    uk: (c) => `для права рокіровки ${c[1]} потрібні ${white(c[2]) ? 'білий' : 'чорний'} король на ${c[3]} і тура на ${c[4]}`}],
  [/^FEN en passant field ('.*') is not a square or -$/, {
    ru: (c) => `поле взятия на проходе ${c[1]} — не поле и не -`, uk: (c) => `поле взяття на проході ${c[1]} — не поле і не -`}],
  [/^FEN en passant square (\S+) does not follow a (white|black) pawn's double step$/i, {
    ru: (c) => `поле взятия на проходе ${c[1]} не следует за двойным ходом ${white(c[2]) ? 'белой' : 'чёрной'} пешки`,
    uk: (c) => `поле взяття на проході ${c[1]} не йде за подвійним ходом ${white(c[2]) ? 'білого' : 'чорного'} пішака`}],
  [/^FEN halfmove clock ('.*') is not a number$/, {
    ru: (c) => `счётчик полуходов ${c[1]} — не число`, uk: (c) => `лічильник півходів ${c[1]} — не число`}],
  [/^FEN fullmove number ('.*') is not a number from 1$/, {
    ru: (c) => `номер хода ${c[1]} — не число от 1`, uk: (c) => `номер ходу ${c[1]} — не число від 1`}],
  [/^FEN extra pawn field ('.*'): write E for White, e for Black, or -$/, {
    ru: (c) => `поле лишней пешки ${c[1]}: пишите E для белых, e для чёрных или -`,
    uk: (c) => `поле зайвого пішака ${c[1]}: пишіть E для білих, e для чорних або -`}],
  [/^('.*') is not a legal move here$/, {
    ru: (c) => `${c[1]} — здесь недопустимый ход`, uk: (c) => `${c[1]} — тут неприпустимий хід`}],
  [/^this move does not promote$/, {ru: () => 'этот ход не превращает пешку', uk: () => 'цей хід не перетворює пішака'}],
  [/^a pawn on (\S+) can only become (.*) \(RULINGS §4\.3\)$/, {
    ru: (c) => `пешка на ${c[1]} может стать только ${c[2]}`, uk: (c) => `пішак на ${c[1]} може стати тільки ${c[2]}`}],
  [/^this move places no extra pawn$/, {ru: () => 'этот ход не ставит лишнюю пешку', uk: () => 'цей хід не ставить зайвого пішака'}],
  [/^the extra pawn can only go on an empty square of rank (\d+)$/, {
    ru: (c) => `лишнюю пешку можно поставить только на пустое поле ${c[1]}-го ряда`,
    uk: (c) => `зайвого пішака можна поставити тільки на порожнє поле ${c[1]}-го ряду`}],
  [/^('.*') promotes: add the piece letter \(RULINGS §4\.3\), e\.g\. (\S+)$/, {
    ru: (c) => `${c[1]} — превращение: допишите букву фигуры, например ${c[2]}`,
    uk: (c) => `${c[1]} — перетворення: допишіть літеру фігури, наприклад ${c[2]}`}],
  [/^('.*') reaches the enemy king's square: add @ and the extra pawn's square, e\.g\. (\S+)$/, {
    ru: (c) => `${c[1]} доходит до поля короля противника: допишите @ и поле лишней пешки, например ${c[2]}`,
    uk: (c) => `${c[1]} доходить до поля короля суперника: допишіть @ і поле зайвого пішака, наприклад ${c[2]}`}],
  [/^('.*') is ambiguous: (.*)$/, {
    ru: (c) => `${c[1]} — неоднозначный ход: ${c[2].replace(/ or /g, ' или ')}`,
    uk: (c) => `${c[1]} — неоднозначний хід: ${c[2].replace(/ or /g, ' або ')}`}],
  [/^('.*') is not a long algebraic move \((.*)\)$/, {
    ru: (c) => `${c[1]} — не ход в полной алгебраической записи (${c[2]})`,
    uk: (c) => `${c[1]} — не хід у повній алгебраїчній нотації (${c[2]})`}],
  [/^('.*') is not a move: write long algebraic \((.*)\) or SAN \((.*)\)$/, {
    ru: (c) => `${c[1]} — не ход: пишите в полной алгебраической записи (${c[2]}) или в краткой (${c[3]})`,
    uk: (c) => `${c[1]} — не хід: пишіть у повній алгебраїчній нотації (${c[2]}) або в короткій (${c[3]})`}],
  [/^('.*') is not legal here: castling needs the rights, the king and rook on their squares and the squares between them empty$/, {
    ru: (c) => `${c[1]} здесь недопустим: для рокировки нужны права, король и ладья на своих полях и пустые поля между ними`,
    uk: (c) => `${c[1]} тут неприпустимий: для рокіровки потрібні права, король і тура на своїх полях і порожні поля між ними`}],

  // Records: draughts PDN, and the records of the other games.
  [/^no game in the text$/, {ru: () => 'в тексте нет партии', uk: () => 'у тексті немає партії'}],
  [/^the input ends inside the variation opened on line (\d+) \(missing '\)'\)$/, {
    ru: (c) => `текст кончается внутри варианта, открытого в строке ${c[1]} (нет ')')`,
    uk: (c) => `текст закінчується всередині варіанта, відкритого в рядку ${c[1]} (немає ')')`}],
  [/^a tag inside the variation opened on line (\d+) \(missing '\)'\)$/, {
    ru: (c) => `тег внутри варианта, открытого в строке ${c[1]} (нет ')')`,
    uk: (c) => `тег усередині варіанта, відкритого в рядку ${c[1]} (немає ')')`}],
  [/^'\)' closes no variation$/, {ru: () => `')' не закрывает никакого варианта`, uk: () => `')' не закриває жодного варіанта`}],
  [/^'\}' closes no comment$/, {ru: () => `'}' не закрывает никакого комментария`, uk: () => `'}' не закриває жодного коментаря`}],
  [/^'\]' closes no tag$/, {ru: () => `']' не закрывает никакого тега`, uk: () => `']' не закриває жодного тегу`}],
  [/^the comment '\{' is not closed with '\}'$/, {
    ru: () => `комментарий '{' не закрыт '}'`, uk: () => `коментар '{' не закрито '}'`}],
  [/^the tag has no name \('\[' must be followed by a name\)$/, {
    ru: () => `у тега нет имени (после '[' должно идти имя)`, uk: () => `тег не має імені (після '[' має йти ім’я)`}],
  [/^the tag (\S+) has no value in double quotes$/, {
    ru: (c) => `у тега ${c[1]} нет значения в двойных кавычках`, uk: (c) => `тег ${c[1]} не має значення в подвійних лапках`}],
  [/^the value of the tag (\S+) is not closed with '"' on its line$/, {
    ru: (c) => `значение тега ${c[1]} не закрыто '"' в своей строке`, uk: (c) => `значення тегу ${c[1]} не закрито '"' у своєму рядку`}],
  [/^the tag (\S+) is not closed with '\]'$/, {
    ru: (c) => `тег ${c[1]} не закрыт ']'`, uk: (c) => `тег ${c[1]} не закрито ']'`}],
  [/^'\$' must be followed by the number of a NAG$/, {
    ru: () => `после '$' должен идти номер оценки`, uk: () => `після '$' має йти номер оцінки`}],
  [/^NAG \$(\S+) is out of the range 0-255$/, {
    ru: (c) => `оценка $${c[1]} вне диапазона 0-255`, uk: (c) => `оцінка $${c[1]} поза діапазоном 0-255`}],
  [/^setup commands ('.*') inside move text are not supported$/, {
    ru: (c) => `команды расстановки ${c[1]} внутри ходов не поддерживаются`,
    uk: (c) => `команди розстановки ${c[1]} усередині ходів не підтримуються`}],
  [/^('.*') is not a move, move number, annotation or result$/, {
    ru: (c) => `${c[1]} — не ход, не номер хода, не пометка и не результат`,
    uk: (c) => `${c[1]} — не хід, не номер ходу, не позначка і не результат`}],
  [/^an empty move in ('.*')$/, {ru: (c) => `пустой ход в ${c[1]}`, uk: (c) => `порожній хід у ${c[1]}`}],
  [/^a tag without '\]'$/, {ru: () => `тег без ']'`, uk: () => `тег без ']'`}],
  [/^a tag must be \[Name "value"\]$/, {
    ru: () => 'тег пишется так: [Имя "значение"]', uk: () => 'тег пишуть так: [Ім’я "значення"]'}],
  [/^'\)' without '\('$/, {ru: () => `')' без '('`, uk: () => `')' без '('`}],
  [/^a word too long for a move$/, {ru: () => 'слово слишком длинное для хода', uk: () => 'слово задовге для ходу'}],
  [/^cannot read on$/, {ru: () => 'дальше прочитать не удаётся', uk: () => 'далі прочитати не вдається'}],
  [/^GameType ('.*') does not start with a number$/, {
    ru: (c) => `тег GameType ${c[1]} не начинается с числа`, uk: (c) => `тег GameType ${c[1]} не починається з числа`}],
  [/^GameType (\d+) is not a draughts variant of doska \((.*)\)$/, {
    ru: (c) => `GameType ${c[1]} — не вид шашек, известный программе (20 — международные, 21 — английские, 25 — русские)`,
    uk: (c) => `GameType ${c[1]} — не вид шашок, відомий програмі (20 — міжнародні, 21 — англійські, 25 — російські)`}],
  [/^Variant ('.*') does not agree with GameType ('.*')$/, {
    ru: (c) => `тег Variant ${c[1]} не согласуется с GameType ${c[2]}`, uk: (c) => `тег Variant ${c[1]} не узгоджується з GameType ${c[2]}`}],
  [/^Variant ('.*') is not known \(.*\)$/, {
    ru: (c) => `вид игры ${c[1]} неизвестен (нужен идентификатор вида, например russian-giveaway или giveaway)`,
    uk: (c) => `вид гри ${c[1]} невідомий (потрібен ідентифікатор виду, наприклад russian-giveaway або giveaway)`}],
  // Quoted text of the player followed by what is wrong with it (the moves of chess on 10x10).
  [/^('[^']*'): (.*)$/, {ru: (c, x) => `${c[1]}: ${x.again(c[2])}`, uk: (c, x) => `${c[1]}: ${x.again(c[2])}`}],
];

// The text in the language `lang` ('en', 'ru', 'uk'); `variant` (a game id such as 'wolf-sheep')
// names the sides where the server says white and black for the sheep and the wolf.
export function localizeServerText(text, lang, variant = '') {
  if (typeof text !== 'string' || !SIDES[lang]) return text;
  const x = {
    side: (name) => SIDES[lang][sideKey(name, variant)] ?? name,
    sideOf: (name) => SIDES_OF[lang][sideKey(name, variant)] ?? name,
    verb: (name, many, one) => (plural(sideKey(name, variant)) ? many : one),
    n: form,
    game: (id) => GAMES[lang][id] ?? id,
    again: (inner) => localizeServerText(inner, lang, variant),
  };
  for (const [pattern, by] of TABLE) {
    const c = pattern.exec(text);
    if (c) return by[lang](c, x);
  }
  return text;
}
