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

// [pattern, {ru, uk}]: each translation is a function of the match's captures and a context
// object {side(name), sideOf(name), verb(name, plural form, singular form), n(count, one, few, many),
// again(text)} in that language.
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
    ru: (c) => `ход ${c[1]} не читается как поля доски (${c[2]})`, uk: (c) => `хід ${c[1]} не читається як поля дошки (${c[2]})`}],
  [/^move (\d+) ('.*'): (.*)$/, {
    ru: (c, x) => `ход ${c[1]} ${c[2]}: ${x.again(c[3])}`, uk: (c, x) => `хід ${c[1]} ${c[2]}: ${x.again(c[3])}`}],
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
    again: (inner) => localizeServerText(inner, lang, variant),
  };
  for (const [pattern, by] of TABLE) {
    const c = pattern.exec(text);
    if (c) return by[lang](c, x);
  }
  return text;
}
