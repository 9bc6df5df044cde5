/* The web table's client: a Telegram Mini App, a Discord Activity, or a plain page (?token=, for tests).
 * Plain JavaScript, no framework, no build step, nothing fetched from another origin (docs/web-table.md).
 *
 * DOM hooks (stable: the browser tests use them)
 *   body[data-platform]   "telegram" | "discord" | "browser"
 *   body[data-state]      "connecting" | "outside" (a plain browser without a token) | "lobby" | "screen" | "error"
 *   body[data-session]    the session of the screen on show ("" in the lobby)
 *   body[data-version]    the version of the screen on show
 *   body[data-kind]       the screen's kind: board, summary, info, notice
 *   body[data-busy]       present while a press waits for its answer
 *   #status               "Connecting…", "Reconnecting…" (role=status)
 *   #title                the screen's title
 *   #notes li             the screen's notes (a polite live region)
 *   #board                the cards; its class says what: golf, layout, piles, sixcard, share (or empty)
 *   .card[data-code]      every card drawn: data-code is its code ("TD", "AS", "JK"), "back" for a face-down
 *                         card, "empty" for an empty place. A card that can be tapped is a <button class="card">
 *                         with data-press = the id of the screen button it presses, and an aria-label.
 *   .col[data-col]        a Golf column (1..7); #foundation, #stock (data-left = cards left), #holding, #discard
 *   .seat[data-seat]      a Six-card seat (index in table.seats); .seat.to-act, .seat.viewer
 *   #blocks p, #blocks pre  the screen's text blocks (pre: aligned tables such as scoreboards)
 *   #buttons button[data-id]  every button of the screen: data-id = its id, data-role, data-key, data-style
 *   #scoreboard           beside a match board: the match's live scoreboard (#scoreboard-title,
 *                         #scoreboard-blocks pre), hidden for anything else
 *   #refusal              the last refusal (role=alert), until the next press
 *   #toast                a line for this player alone ({type:'private'})
 *   #error, #error-text   a message the connection cannot go on after; #retry when trying again may help
 *   #lobby #play #daily   the lobby's two buttons (#game: the game Play Golf starts); #back leaves a session for the lobby (not in Telegram:
 *                         Telegram's own back button does)
 * Keyboard: every action is a <button> (Tab, Enter/Space); the terminal's keys (Button.key) press too.
 */
'use strict';

(() => {
  // The page's own words (everything else comes worded by the server).
  const TEXTS = {
    en: {
      usual: 'Golf, the usual rules',
      connecting: 'Connecting…', reconnecting: 'Connection lost. Reconnecting…', unreachable: 'The table cannot be reached. Check your connection.',
      retry: 'Try again', outside: 'Open the table from Telegram or Discord.', play: 'Play Golf', daily: "Today's daily", back: 'Back',
      signin: 'Signing in failed.', playCol: 'Play {card} from column {n}', playCard: 'Play {card}', place: 'Place {n}', down: 'face-down card',
      holding: 'In hand', discard: 'Discard pile', foundation: 'Foundation',
    },
    de: {
      usual: 'Golf, die üblichen Regeln',
      connecting: 'Verbinde…', reconnecting: 'Verbindung verloren. Verbinde neu…', unreachable: 'Der Tisch ist nicht erreichbar. Prüfe deine Verbindung.',
      retry: 'Erneut versuchen', outside: 'Öffne den Tisch aus Telegram oder Discord.', play: 'Golf spielen', daily: 'Heutige Tagesrunde', back: 'Zurück',
      signin: 'Anmeldung fehlgeschlagen.', playCol: '{card} aus Spalte {n} spielen', playCard: '{card} spielen', place: 'Platz {n}', down: 'verdeckte Karte',
      holding: 'In der Hand', discard: 'Ablagestapel', foundation: 'Ablage',
    },
    es: {
      usual: 'Golf, las reglas de siempre',
      connecting: 'Conectando…', reconnecting: 'Conexión perdida. Reconectando…', unreachable: 'No se puede llegar a la mesa. Revisa tu conexión.',
      retry: 'Reintentar', outside: 'Abre la mesa desde Telegram o Discord.', play: 'Jugar al Golf', daily: 'Reto de hoy', back: 'Volver',
      signin: 'No se pudo iniciar sesión.', playCol: 'Jugar {card} de la columna {n}', playCard: 'Jugar {card}', place: 'Lugar {n}', down: 'carta boca abajo',
      holding: 'En la mano', discard: 'Descartes', foundation: 'Base',
    },
    fr: {
      usual: 'Golf, les règles habituelles',
      connecting: 'Connexion…', reconnecting: 'Connexion perdue. Reconnexion…', unreachable: 'La table est injoignable. Vérifie ta connexion.',
      retry: 'Réessayer', outside: 'Ouvre la table depuis Telegram ou Discord.', play: 'Jouer au Golf', daily: 'Le défi du jour', back: 'Retour',
      signin: 'La connexion a échoué.', playCol: 'Jouer {card} de la colonne {n}', playCard: 'Jouer {card}', place: 'Place {n}', down: 'carte face cachée',
      holding: 'En main', discard: 'Défausse', foundation: 'Fondation',
    },
    pt_BR: {
      usual: 'Golf, as regras de sempre',
      connecting: 'Conectando…', reconnecting: 'Conexão perdida. Reconectando…', unreachable: 'Não foi possível acessar a mesa. Verifique sua conexão.',
      retry: 'Tentar de novo', outside: 'Abra a mesa pelo Telegram ou pelo Discord.', play: 'Jogar Golf', daily: 'Desafio de hoje', back: 'Voltar',
      signin: 'Falha ao entrar.', playCol: 'Jogar {card} da coluna {n}', playCard: 'Jogar {card}', place: 'Lugar {n}', down: 'carta virada para baixo',
      holding: 'Na mão', discard: 'Descarte', foundation: 'Fundação',
    },
    ru: {
      usual: 'Golf, обычные правила',
      connecting: 'Подключение…', reconnecting: 'Связь потеряна. Переподключение…', unreachable: 'Стол недоступен. Проверь подключение.',
      retry: 'Повторить', outside: 'Открой стол из Telegram или Discord.', play: 'Играть в Гольф', daily: 'Задача дня', back: 'Назад',
      signin: 'Не удалось войти.', playCol: 'Сыграть {card} из столбца {n}', playCard: 'Сыграть {card}', place: 'Место {n}', down: 'карта рубашкой вверх',
      holding: 'В руке', discard: 'Сброс', foundation: 'База',
    },
  };

  const $ = (id) => document.getElementById(id);
  const body = document.body;
  const query = new URLSearchParams(location.search);
  const hash = new URLSearchParams(location.hash.slice(1));
  const PLATFORM = hash.has('tgWebAppData') ? 'telegram'
    : query.has('frame_id') && query.has('instance_id') ? 'discord' : 'browser';
  // Every path of the bot's own origin: under Discord's proxy all of them go through /.proxy.
  const BASE = PLATFORM === 'discord' ? '/.proxy/' : new URL('./', location.href).pathname;
  const REDUCED = matchMedia('(prefers-reduced-motion: reduce)');
  body.dataset.platform = PLATFORM;

  let lang = 'en';
  let words = TEXTS.en;
  const say = (key, values) => (words[key] || TEXTS.en[key]).replace(/\{(\w+)\}/g, (_, k) => values[k]);

  function speak(code) {
    const c = String(code || '').replace('-', '_');
    lang = TEXTS[c] ? c : c.toLowerCase().startsWith('pt') ? 'pt_BR' : TEXTS[c.slice(0, 2).toLowerCase()] ? c.slice(0, 2).toLowerCase() : 'en';
    words = TEXTS[lang];
    document.documentElement.lang = (code ? String(code) : lang).replace('_', '-');
    $('play').textContent = say('play');
    $('daily').textContent = say('daily');
    $('game').options[0].textContent = say('usual');
    $('back').textContent = '‹ ' + say('back');
    $('retry').textContent = say('retry');
  }

  // ---- cards -------------------------------------------------------------------------------------------
  const SUITS = { S: '♠', H: '♥', D: '♦', C: '♣' };
  const pretty = (code) => (code === 'JK' ? 'Joker' : (code[0] === 'T' ? '10' : code[0]) + (SUITS[code[1]] || ''));
  const red = (code) => code && (code[1] === 'H' || code[1] === 'D');

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  /** A card: code (or null: face down, 'empty': an empty place); press: the button it presses, if any. */
  function card(code, press, label) {
    const shown = code || 'back';
    const e = el(press ? 'button' : 'span', 'card');
    e.dataset.code = shown;
    const img = el('img');
    img.src = BASE + 'cards/' + shown + '.png';
    img.alt = press ? '' : code === 'empty' ? '' : code ? pretty(code) : say('down');
    img.draggable = false;
    e.append(img);
    if (press) {
      e.type = 'button';
      e.dataset.press = press.id;
      e.setAttribute('aria-label', label || press.label);
      e.addEventListener('click', () => pressButton(press));
    }
    if (code && code !== 'empty') e.classList.add(red(code) ? 'red' : 'black');
    return e;
  }

  // ---- the screen ---------------------------------------------------------------------------------------
  let shown = null; // the screen on show
  const buttonsOf = (s) => (s.buttons || []).flat();
  const find = (s, test) => buttonsOf(s).find((b) => b.enabled && test(b));
  const byKey = (s, key, role) => find(s, (b) => b.key === key && (!role || b.role === role));

  function drawGolf(board, s) {
    const root = el('div', 'golf');
    const cols = el('div', 'columns');
    board.columns.forEach((column, i) => {
      const col = el('div', 'col');
      col.dataset.col = String(i + 1);
      if (!column.length) col.append(card('empty'));
      column.forEach((code, r) => {
        const last = r === column.length - 1;
        const b = last && board.playable[i] ? byKey(s, String(i + 1), 'column') : null;
        const c = card(code, b, b && say('playCol', { card: pretty(code), n: i + 1 }));
        if (b) c.classList.add('playable');
        col.append(c);
      });
      cols.append(col);
    });
    root.append(cols, piles(board, s));
    return root;
  }

  function piles(board, s) {
    const row = el('div', 'piles');
    if (!board.layout || board.layout.stock) {
      const b = find(s, (x) => x.role === 'stock');
      const st = card(board.stock_left ? null : 'empty', b, b && b.label);
      st.id = 'stock';
      st.dataset.left = String(board.stock_left);
      st.append(el('span', 'count', String(board.stock_left)));
      row.append(st);
    }
    const f = card(board.foundation || 'empty', null);
    f.id = 'foundation';
    f.title = say('foundation');
    row.append(f);
    return row;
  }

  function drawLayout(board, s) {
    const lay = board.layout;
    const root = el('div', lay.piles ? 'piles-layout' : 'layout');
    const tap = (spot) => (spot.playable && spot.key ? byKey(s, spot.key, 'column') : null);
    const spotCard = (spot) => {
      const b = tap(spot);
      const c = card(spot.card, b, b && spot.card && say('playCard', { card: pretty(spot.card) }));
      if (b) c.classList.add('playable');
      else if (spot.free) c.classList.add('free');
      return c;
    };
    if (lay.piles) {
      // as the pictures: at most 9 piles side by side, rows as even as can be
      const count = lay.lines.length;
      const rows = Math.ceil(count / 9);
      const size = Math.ceil(count / rows);
      for (let i = 0; i < count; i += size) {
        const line = el('div', 'columns');
        line.style.setProperty('--n', String(Math.max(size, 7)));
        lay.lines.slice(i, i + size).forEach((pile, p) => {
          const col = el('div', 'col');
          col.dataset.col = String(i + p + 1);
          const left = pile.filter((spot) => !spot.gone);
          if (!left.length) col.append(card('empty'));
          left.forEach((spot) => col.append(spotCard(spot)));
          line.append(col);
        });
        root.append(line);
      }
    } else {
      // rows across the table, each half a card below the one above; places in half cards (a card = 1 wide)
      const half = 0.53;
      const across = Math.max(...lay.places.map((p) => Math.max(...p)));
      const w = across * half + 1;
      const h = (lay.lines.length - 1) * 0.7 + 1.4;
      root.style.aspectRatio = `${w} / ${h}`;
      lay.lines.forEach((line, r) => line.forEach((spot, k) => {
        if (spot.gone) return;
        const c = spotCard(spot);
        c.style.left = `${(lay.places[r][k] * half * 100) / w}%`;
        c.style.top = `${(r * 0.7 * 100) / h}%`;
        c.style.width = `${100 / w}%`;
        root.append(c);
      }));
    }
    const wrap = el('div', 'golf');
    wrap.append(root, piles(board, s));
    return wrap;
  }

  function drawTable(t, s) {
    const root = el('div', 'sixcard');
    const others = el('div', 'others');
    const mine = t.viewer === null || t.viewer === undefined ? null : t.viewer;
    t.seats.forEach((seat, i) => {
      const box = el('section', 'seat');
      box.dataset.seat = String(i);
      if ((t.to_act || []).includes(i)) box.classList.add('to-act');
      if (i === mine) box.classList.add('viewer');
      const head = el('h2', 'seat-name');
      head.append(el('span', 'name', ((t.to_act || []).includes(i) ? '▶ ' : '') + seat.name));
      const total = seat.score === null || seat.score === undefined ? String(seat.total) : `${seat.score} · ${seat.total}`;
      head.append(el('span', 'total', total));
      const grid = el('div', 'grid');
      seat.cards.forEach((code, p) => {
        const b = i === mine && !t.over ? byKey(s, String(p + 1), 'column') : null;
        const label = b && `${say('place', { n: p + 1 })}: ${code ? pretty(code) : say('down')}`;
        const c = card(code, b, label);
        if (b) c.classList.add('playable');
        if (seat.paired && seat.paired[p % 3]) c.classList.add('paired');
        grid.append(c);
      });
      box.append(head, grid);
      (i === mine ? root : others).append(box);
    });
    const middle = el('div', 'middle');
    const stockButton = find(s, (b) => b.role === 'stock');
    const st = card(t.stock ? null : 'empty', stockButton, stockButton && stockButton.label);
    st.id = 'stock';
    st.dataset.left = String(t.stock);
    st.append(el('span', 'count', String(t.stock)));
    const hold = card(t.holding || 'empty', null);
    hold.id = 'holding';
    hold.title = say('holding');
    if (!t.holding) hold.classList.add('idle');
    const take = byKey(s, 'p') || byKey(s, 'x');
    const dis = card(t.discard || 'empty', take, take && take.label);
    dis.id = 'discard';
    dis.title = say('discard');
    middle.append(st, hold, dis);
    root.prepend(others, middle);
    if (mine === null) root.classList.add('place-view');
    return root;
  }

  function drawShare(sh) {
    const root = el('div', 'share');
    root.append(el('p', 'share-title', sh.title), el('p', 'share-score', sh.score), el('p', 'squares', sh.squares));
    if (sh.standing) root.append(el('p', 'standing', sh.standing));
    return root;
  }

  function drawScorecard(sc) {
    const strip = el('ol', 'scorecard');
    strip.setAttribute('aria-hidden', 'true'); // the aligned block below says it in words
    for (let i = 0; i < sc.holes; i += 1) {
      const li = el('li');
      li.append(el('small', '', String(i + 1)));
      const score = sc.scores[i];
      if (score !== undefined) {
        li.append(el('b', '', String(score)));
        li.className = score < sc.par ? 'under' : score === sc.par ? 'par' : 'over';
      } else li.append(el('b', '', '·'));
      strip.append(li);
    }
    return strip;
  }

  const aligned = (b) => b.split('\n').length > 1 && b.split('\n').some((l) => l.trim().includes('  '));

  function drawScreen(s) {
    const before = REDUCED.matches || !shown || shown.session !== s.session ? null : positions();
    shown = s;
    body.dataset.state = 'screen';
    body.dataset.session = s.session || '';
    body.dataset.version = String(s.version || 0);
    body.dataset.kind = s.kind || '';
    $('lobby').hidden = true;
    $('screen').hidden = false;
    $('back').hidden = PLATFORM === 'telegram';
    tg.back(true);
    $('title').textContent = s.title || '';
    document.title = s.title || 'Golf';

    const notes = $('notes');
    notes.replaceChildren(...(s.notes || []).map((n) => el('li', '', n)));

    const board = $('board');
    board.className = '';
    let drawn = null;
    if (s.table) drawn = drawTable(s.table, s);
    else if (s.board && s.board.layout) drawn = drawLayout(s.board, s);
    else if (s.board) drawn = drawGolf(s.board, s);
    else if (s.share) drawn = drawShare(s.share);
    board.replaceChildren(...(drawn ? [drawn] : []));
    if (drawn) board.className = drawn.className.split(' ')[0];
    if (s.scorecard) board.append(drawScorecard(s.scorecard));

    // text blocks: the Six-card grids are drawn (skip them), the scorecard's table stays as words
    const blocks = $('blocks');
    blocks.replaceChildren();
    for (const b of s.blocks || []) {
      if (!b || (s.table && aligned(b)) || (s.share && b.startsWith(s.share.title))) continue;
      blocks.append(aligned(b) ? el('pre', '', b) : el('p', '', b));
    }

    const bar = $('buttons');
    bar.replaceChildren();
    for (const row of s.buttons || []) {
      const line = el('div', 'row');
      for (const b of row) {
        const e = el('button', b.style || 'secondary', b.label);
        e.type = 'button';
        e.disabled = !b.enabled;
        e.dataset.id = b.id;
        e.dataset.role = b.role || 'other';
        e.dataset.key = b.key || '';
        e.dataset.style = b.style || 'secondary';
        if (b.key) e.setAttribute('aria-keyshortcuts', b.key);
        e.addEventListener('click', () => pressButton(b));
        line.append(e);
      }
      bar.append(line);
    }
    if (before) animate(before);
  }

  // ---- moving cards (FLIP: where each card was, where it is, a transform back to none) -------------------
  function positions() {
    const at = new Map();
    for (const c of $('board').querySelectorAll('.card')) {
      const code = c.dataset.code;
      if (code === 'back' || code === 'empty') continue;
      if (!at.has(code)) at.set(code, []);
      at.get(code).push(c.getBoundingClientRect());
    }
    return at;
  }

  function animate(before) {
    const moved = [];
    for (const c of $('board').querySelectorAll('.card')) {
      const list = before.get(c.dataset.code);
      if (c.dataset.code === 'back' || c.dataset.code === 'empty') continue;
      if (!list || !list.length) {
        c.classList.add('appear');
        continue;
      }
      const was = list.shift();
      const now = c.getBoundingClientRect();
      const dx = was.left - now.left;
      const dy = was.top - now.top;
      if (Math.abs(dx) + Math.abs(dy) < 2) continue;
      c.style.transform = `translate(${dx}px, ${dy}px) scale(${was.width / (now.width || 1)})`;
      c.style.transformOrigin = '0 0';
      c.classList.add('moving');
      moved.push(c);
    }
    if (!moved.length) return;
    void document.body.offsetWidth; // the start positions take effect before the transition
    for (const c of moved) {
      c.style.transition = 'transform 220ms ease-out';
      c.style.transform = '';
      c.addEventListener('transitionend', () => {
        c.style.transition = '';
        c.classList.remove('moving');
      }, { once: true });
    }
  }

  // ---- messages ----------------------------------------------------------------------------------------
  function refusal(text) {
    const r = $('refusal');
    r.textContent = text || '';
    r.hidden = !text;
  }

  let toastTimer = 0;
  function toast(text) {
    const t = $('toast');
    t.textContent = text;
    t.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { t.hidden = true; }, 6000);
  }
  $('toast').addEventListener('click', () => { $('toast').hidden = true; });

  function status(text) {
    $('status').textContent = text || '';
    $('status').hidden = !text;
  }

  function fail(text, canRetry) {
    body.dataset.state = 'error';
    status('');
    $('error-text').textContent = text;
    $('error').hidden = false;
    $('retry').hidden = !canRetry;
    $('lobby').hidden = true;
  }

  // ---- the WebSocket ----------------------------------------------------------------------------------
  let token = '';
  let ws = null;
  let signedIn = false; // a welcome came: a lost connection is tried again (with backoff)
  let stopped = false; // the server said the connection cannot go on
  let attempt = 0;
  let wanted = null; // what to show again after a reconnect: {op:'open'|'play'|'daily', ...}
  let pressing = false;

  function connect() {
    if (stopped) return;
    const url = new URL(BASE + 'ws', location.href);
    url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
    status(signedIn ? say('reconnecting') : say('connecting'));
    const socket = new WebSocket(url.href);
    ws = socket;
    socket.onopen = () => socket.send(JSON.stringify({ op: 'hello', token }));
    socket.onmessage = (e) => {
      let frame;
      try { frame = JSON.parse(e.data); } catch { return; }
      receive(frame);
    };
    socket.onclose = () => {
      if (ws !== socket) return;
      ws = null;
      setBusy(false);
      if (stopped) return;
      if (!signedIn && attempt >= 3) {
        fail(say('unreachable'), true);
        return;
      }
      attempt += 1;
      const wait = Math.min(30000, 1000 * 2 ** Math.min(attempt - 1, 5)) * (0.75 + Math.random() / 2);
      status(signedIn ? say('reconnecting') : say('connecting'));
      setTimeout(connect, wait);
    };
  }

  function send(frame) {
    if (ws && ws.readyState === WebSocket.OPEN) {
      ws.send(JSON.stringify(frame));
      return true;
    }
    return false;
  }

  let busyTimer = 0;
  function setBusy(on) {
    pressing = on;
    clearTimeout(busyTimer);
    if (on) busyTimer = setTimeout(() => setBusy(false), 8000); // never locked out by an answer that is lost
    if (on) body.dataset.busy = '';
    else delete body.dataset.busy;
  }

  function receive(f) {
    switch (f.type) {
      case 'welcome':
        signedIn = true;
        attempt = 0;
        status('');
        if (f.language) speak(f.language);
        if (wanted) send(wanted);
        else lobby();
        break;
      case 'screen':
        if (pressing && PLATFORM === 'telegram') tg.post('web_app_trigger_haptic_feedback', { type: 'impact', impact_style: 'light' });
        setBusy(false);
        if (f.screen.session) wanted = { op: 'open', session: f.screen.session };
        drawScreen(f.screen);
        break;
      case 'refused':
        if (PLATFORM === 'telegram') tg.post('web_app_trigger_haptic_feedback', { type: 'notification', notification_type: 'error' });
        setBusy(false);
        if (f.screen) drawScreen(f.screen);
        else if (!shown) lobby(); // e.g. a session to open that is not the player's
        refusal(f.message);
        break;
      case 'private':
        toast(f.message);
        break;
      case 'scoreboard':
        drawScoreboard(f.screen);
        break;
      case 'error':
        stopped = true;
        setBusy(false);
        fail(f.message, false);
        if (ws) ws.close();
        break;
      default:
        break;
    }
  }

  function pressButton(b) {
    if (!b.enabled || pressing) return;
    refusal('');
    if (send({ op: 'press', id: b.id })) setBusy(true);
  }

  // The live scoreboard beside a match board (null: take it down).
  function drawScoreboard(s) {
    const side = $('scoreboard');
    side.hidden = !s;
    body.classList.toggle('with-scoreboard', !!s);
    if (!s) return;
    $('scoreboard-title').textContent = s.title || '';
    $('scoreboard-blocks').replaceChildren(
      ...(s.blocks || []).filter(Boolean).map((b) => (aligned(b) ? el('pre', '', b) : el('p', '', b))));
  }

  function lobby() {
    drawScoreboard(null);
    shown = null;
    wanted = null;
    body.dataset.state = 'lobby';
    body.dataset.session = '';
    body.dataset.version = '';
    $('screen').hidden = true;
    $('back').hidden = true;
    $('title').textContent = '';
    $('lobby').hidden = false;
    refusal('');
    tg.back(false);
  }

  function go(frame) {
    refusal('');
    wanted = frame;
    send(frame);
  }

  $('play').addEventListener('click', () => go({ op: 'play', rules: $('game').value }));

  // The lobby's choice of game: Golf under the place's usual rules, a rule set, or a game of the family
  // (the server's list, /api/config); a round in progress is resumed whatever is chosen.
  async function offerGames() {
    try {
      const config = await (await fetch(BASE + 'api/config')).json();
      for (const g of config.games || []) {
        const option = el('option', '', g.label);
        option.value = g.name;
        $('game').append(option);
      }
    } catch (e) { /* the usual rules only */ }
  }
  $('daily').addEventListener('click', () => go({ op: 'daily' }));
  $('back').addEventListener('click', lobby);
  $('retry').addEventListener('click', () => location.reload());

  document.addEventListener('keydown', (e) => {
    if (!shown || e.ctrlKey || e.metaKey || e.altKey || e.key.length !== 1 || e.key === ' ') return;
    const b = buttonsOf(shown).find((x) => x.key === e.key);
    if (b && b.enabled) {
      e.preventDefault();
      pressButton(b);
    }
  });

  // ---- Telegram: the Mini App bridge without telegram-web-app.js (its documented postEvent) --------------
  const tg = {
    backShown: null,
    back(visible) {
      if (PLATFORM !== 'telegram' || tg.backShown === visible) return;
      tg.backShown = visible;
      tg.post('web_app_setup_back_button', { is_visible: visible });
    },
    post(type, data) {
      try {
        const proxy = window.TelegramWebviewProxy;
        if (proxy && proxy.postEvent) proxy.postEvent(type, JSON.stringify(data === undefined ? {} : data));
        else if (window.external && 'notify' in window.external) window.external.notify(JSON.stringify({ eventType: type, eventData: data }));
        else if (window.parent !== window) window.parent.postMessage(JSON.stringify({ eventType: type, eventData: data }), 'https://web.telegram.org');
      } catch { /* not inside Telegram after all */ }
    },
    receive(type, data) {
      if (type === 'back_button_pressed') lobby();
      else if (type === 'theme_changed' && data && data.theme_params) tg.theme(data.theme_params);
    },
    theme(p) {
      const vars = { bg_color: '--bg', text_color: '--text', hint_color: '--hint', button_color: '--button',
        button_text_color: '--button-text', secondary_bg_color: '--secondary-bg' };
      for (const [k, v] of Object.entries(vars)) if (p[k]) document.documentElement.style.setProperty(v, p[k]);
    },
  };

  async function startTelegram() {
    window.Telegram = window.Telegram || {};
    window.Telegram.WebView = { receiveEvent: (type, data) => tg.receive(type, data) };
    window.addEventListener('message', (e) => {
      if (e.source !== window.parent) return;
      let m;
      try { m = typeof e.data === 'string' ? JSON.parse(e.data) : e.data; } catch { return; }
      if (m && m.eventType) tg.receive(m.eventType, m.eventData);
    });
    try { tg.theme(JSON.parse(hash.get('tgWebAppThemeParams') || '{}')); } catch { /* no theme */ }
    const initData = hash.get('tgWebAppData') || '';
    try { speak(JSON.parse(new URLSearchParams(initData).get('user') || '{}').language_code); } catch { /* en */ }
    tg.post('web_app_ready');
    tg.post('web_app_expand');
    return signIn('api/auth/telegram', { init_data: initData });
  }

  async function signIn(path, payload) {
    let r;
    try {
      r = await fetch(BASE + path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(payload) });
    } catch {
      throw new Error(say('unreachable'));
    }
    let answer = {};
    try { answer = await r.json(); } catch { /* not JSON */ }
    if (!r.ok || !answer.token) throw new Error(answer.error || say('signin'));
    if (answer.language) speak(answer.language);
    return answer;
  }

  // ---- Discord: the minimal RPC of the Embedded App SDK (@discord/embedded-app-sdk), written out --------
  // The SDK talks to Discord's client through postMessage to the parent frame: messages are
  // [opcode, payload]; opcode 0 HANDSHAKE {v, encoding, client_id, frame_id}, 1 FRAME {cmd, args, nonce}
  // (answers: FRAME {cmd, nonce, data, evt}; evt 'ERROR' for a failed command), 2 CLOSE {code, message}.
  // After the handshake Discord sends a FRAME {cmd:'DISPATCH', evt:'READY'}; then AUTHORIZE gives a code,
  // our backend trades it for an access token, and AUTHENTICATE hands that token to Discord's client.
  const discord = {
    waiting: new Map(),
    ready: null,
    send(op, payload) { window.parent.postMessage([op, payload], '*'); },
    command(cmd, args) {
      const nonce = crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2);
      return new Promise((resolve, reject) => {
        discord.waiting.set(nonce, { resolve, reject });
        discord.send(1, { cmd, args, nonce });
      });
    },
    listen() {
      let onReady;
      discord.ready = new Promise((resolve) => { onReady = resolve; });
      window.addEventListener('message', (e) => {
        if (e.source !== window.parent || !Array.isArray(e.data)) return;
        const [op, m] = e.data;
        if (op === 2) fail((m && m.message) || say('signin'), false);
        if (op !== 1 || !m) return;
        if (m.cmd === 'DISPATCH' && m.evt === 'READY') onReady(m.data);
        const w = m.nonce && discord.waiting.get(m.nonce);
        if (!w) return;
        discord.waiting.delete(m.nonce);
        if (m.evt === 'ERROR') w.reject(new Error((m.data && m.data.message) || say('signin')));
        else w.resolve(m.data || {});
      });
    },
  };

  async function startDiscord() {
    let config;
    try {
      config = await (await fetch(BASE + 'api/config')).json();
    } catch {
      throw new Error(say('unreachable'));
    }
    const clientId = config.client_id || config.discord_client_id;
    discord.listen();
    discord.send(0, { v: 1, encoding: 'json', client_id: clientId, frame_id: query.get('frame_id') });
    await discord.ready;
    const { code } = await discord.command('AUTHORIZE', {
      client_id: clientId, response_type: 'code', state: '', prompt: 'none', scope: ['identify'],
    });
    const answer = await signIn('api/auth/discord', { code, guild: query.get('guild_id') || '' });
    await discord.command('AUTHENTICATE', { access_token: answer.access_token });
    return answer;
  }

  // ---- start --------------------------------------------------------------------------------------------
  async function start() {
    speak(navigator.language);
    status(say('connecting'));
    let session = query.get('session') || hash.get('tgWebAppStartParam') || '';
    try {
      if (PLATFORM === 'telegram' || PLATFORM === 'discord') {
        const answer = await (PLATFORM === 'telegram' ? startTelegram() : startDiscord());
        token = answer.token;
        session = session || answer.start || '';
      } else {
        token = query.get('token') || '';
        if (!token) {
          status('');
          body.dataset.state = 'outside';
          $('error-text').textContent = say('outside');
          $('error').hidden = false;
          return;
        }
      }
    } catch (e) {
      fail(e.message || say('signin'), true);
      return;
    }
    if (session) wanted = { op: 'open', session };
    offerGames();
    connect();
  }

  start();
})();
