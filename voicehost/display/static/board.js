// The game board: shows the state voicehost pushes (server-sent events from /events) and
// sends nothing back. Every text from the game, a deck or a player is set as text
// (textContent, Text nodes), never as HTML. The words are the locale's, sent as the
// "page" event; docs/display.md describes the state.
"use strict";

(() => {
  const root = document.documentElement;
  const query = new URLSearchParams(location.search);
  const THEMES = ["normal", "high_contrast"];
  const LETTERS = ["A", "B", "C", "D"];
  let texts = null;
  let state = null;
  let skew = 0;            // this machine's clock minus the server's, in seconds
  let source = null;
  let retry = null;
  let lastMessage = Date.now();

  // ------------------------------------------------------------------ settings and words
  function settings(theme, scale) {
    theme = query.get("theme") || theme;
    scale = parseFloat(query.get("scale")) || scale;
    if (THEMES.includes(theme)) root.dataset.theme = theme;
    if (scale >= 0.5 && scale <= 3) root.style.setProperty("--scale", String(scale));
  }

  function word(key) {
    let node = texts;
    for (const part of key.split(".")) node = node ? node[part] : undefined;
    return typeof node === "string" ? node : "";
  }

  function t(key, fields) {
    return word(key).replace(/\{(\w+)\}/g, (whole, name) =>
      fields && name in fields ? String(fields[name]) : whole);
  }

  function el(tag, props, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat()) {
      if (child !== null && child !== undefined && child !== false) node.append(child);
    }
    return node;
  }

  function setText(id, text) {
    const node = document.getElementById(id);
    if (node.textContent !== text) node.textContent = text;
  }

  // ------------------------------------------------------------------ the game
  function questionSection(g) {
    const q = g.question;
    const heading = el("h2", {id: "question-heading", class: "question-heading"},
      el("span", {class: "question-number", text: t("question", {level: q.level})}),
      el("span", {class: "question-value", text: q.value.text}));
    const options = el("ol", {class: "options", "aria-label": word("options")},
      q.options.map((o) => el("li", {class: `option mark-${o.mark}`, "data-letter": o.letter},
        el("span", {class: "letter", text: o.letter}),
        el("span", {class: "option-text", text: o.text}),
        o.mark === "open" ? null : el("span", {class: "mark", text: markText(o.mark)}))));
    return el("section", {class: "question", "aria-labelledby": "question-heading"},
      heading, el("p", {class: "question-text", id: "question-text", text: q.text}), options);
  }

  function markText(mark) {
    const symbol = {right: "\u2713 ", wrong: "\u2717 ", locked: "\u25CF ", pending: "? "}[mark] || "";
    return symbol + word(`mark.${mark}`);
  }

  function panel(g) {
    const parts = [];
    if (g.over) {
      const over = g.over;
      let line = t("winners", {winners: names(over.winners), amount: over.best.text});
      if (!over.best.amount) line = word("nobody");
      else if (over.winners.length === 1) line = t("winner", {winner: over.winners[0], amount: over.best.text});
      parts.push(el("h2", {class: "panel-heading", text: word("over")}),
        el("p", {class: "panel-big", text: line}),
        el("ul", {class: "balances"}, over.balances.map((b) =>
          el("li", {text: t("balance", {player: b.name, amount: b.text})}))));
    } else if (g.call) {
      parts.push(el("h2", {class: "panel-heading", text: word("call")}),
        el("p", {class: "countdown", id: "countdown", "aria-live": "off"},
          el("span", {class: "countdown-number", id: "countdown-number"}),
          el("span", {class: "countdown-label", text: word("seconds")})));
    } else if (g.walk) {
      parts.push(el("p", {class: "panel-big", text: t("walk", {amount: g.walk.text})}));
    } else if (g.phase === "vote") {
      parts.push(el("p", {class: "panel-big", text: t("vote", {voter: g.speaker})}));
    } else if (g.phase === "pick_friend") {
      parts.push(el("p", {class: "panel-big", text: t("pick_friend", {player: g.player})}));
    }
    const life = g.lifeline;
    if (life && !g.over && !g.call) parts.push(...lifelineResult(life));
    if (g.guesses && !g.over) parts.push(el("p", {class: "panel-line", text: t("guesses", {count: g.guesses})}));
    return parts.length ? el("section", {class: "panel", id: "panel"}, parts) : null;
  }

  function lifelineResult(life) {
    const label = word(`lifeline.${life.name}`) || life.name;
    if (life.votes) {
      return [el("h2", {class: "panel-heading", text: word("audience")}),
        el("ul", {class: "votes", "aria-label": word("audience")}, life.votes.map((v) => {
          const bar = el("span", {class: "vote-bar"});
          bar.style.height = `${Math.max(0, Math.min(100, v.percent))}%`;  // CSSOM: allowed by the CSP
          return el("li", {class: "vote"},
            el("span", {class: "vote-percent", text: t("percent", {percent: v.percent})}),
            el("span", {class: "vote-track", "aria-hidden": "true"}, bar),
            el("span", {class: "vote-letter", text: v.option}));
        }))];
    }
    if (life.tip) {
      const out = [el("h2", {class: "panel-heading", text: label})];
      if (life.friend) {
        out.push(el("p", {class: "panel-big", text: t("friend_says", {friend: life.friend, option: life.tip})}));
      } else {
        if (life.sure) out.push(el("p", {class: "panel-line", text: word(`sure.${life.sure}`)}));
        const [first, second] = life.cards;
        out.push(el("p", {class: "panel-big", text: first === second
          ? t("friend_cards_same", {first}) : t("friend_cards", {first, second})}));
      }
      return out;
    }
    if (life.removed || life.call || life.guesses) return [];
    return [el("h2", {class: "panel-heading", text: label})];
  }

  function ladder(g) {
    const here = {};
    for (const p of g.players) {
      if (p.playing && p.level) (here[p.level] = here[p.level] || []).push(p.name);
    }
    const rungs = g.ladder.slice().reverse().map((r) => {
      const current = r.level === g.level && g.question;
      return el("li", {class: `rung${r.safe ? " safe" : ""}${current ? " current" : ""}`},
        el("span", {class: "rung-level", text: String(r.level)}),
        el("span", {class: "rung-value", text: r.value.text}),
        r.safe ? el("span", {class: "rung-safe", text: word("safe")}) : null,
        here[r.level] ? el("span", {class: "rung-players", text: here[r.level].join(", ")}) : null);
    });
    return el("aside", {class: "ladder", "aria-labelledby": "ladder-heading"},
      el("h2", {id: "ladder-heading", class: "side-heading", text: word("ladder")}),
      el("ol", {class: "rungs", reversed: true}, rungs));
  }

  function players(g) {
    const head = el("tr", {},
      el("th", {scope: "col", text: word("players")}),
      el("th", {scope: "col", class: "money", text: word("this_round")}),
      el("th", {scope: "col", class: "money", text: word("banked")}),
      el("th", {scope: "col", text: word("lifelines")}),
      el("th", {scope: "col", text: word("status")}));
    const rows = g.players.map((p) => {
      let status = "";
      if (p.answer) status = t("answered", {option: p.answer.option, mark: markText(p.answer.correct ? "right" : "wrong")});
      else if (p.locked) status = word("locked_in");
      else if (!p.playing && g.question && !g.over) status = word("out");
      const answered = p.answer ? (p.answer.correct ? " answered-right" : " answered-wrong") : "";
      return el("tr", {class: `player${p.turn ? " turn" : ""}${p.playing || g.over ? "" : " out"}${answered}`},
        el("th", {scope: "row", class: "player-name", text: p.name}),
        el("td", {class: "money", text: p.won.text}),
        el("td", {class: "money", text: p.bank.text}),
        el("td", {class: "lifelines"}, p.lifelines.map((l) =>
          el("span", {class: `lifeline${l.used ? " used" : ""}`},
            word(`lifeline.${l.name}`) || l.name,
            l.used ? el("span", {class: "visually-hidden", text: ` (${word("used")})`}) : null))),
        el("td", {class: "player-status"}, status ? el("span", {text: status}) : null));
    });
    return el("table", {class: "players"},
      el("caption", {class: "visually-hidden", text: word("players")}),
      el("thead", {}, head), el("tbody", {}, rows));
  }

  function names(list) {
    return list.length > 1 ? `${list.slice(0, -1).join(", ")} ${word("and")} ${list[list.length - 1]}` : list.join("");
  }

  function gameScreen(g) {
    const left = el("div", {class: "stage"},
      g.question ? questionSection(g) : el("p", {class: "welcome", text: word("title")}),
      panel(g), players(g));
    return el("div", {class: "game"}, left, ladder(g));
  }

  // ------------------------------------------------------------------ the kiosk's screens
  function scoreTable(id, heading, rows) {
    return el("section", {class: "scores", "aria-labelledby": id},
      el("h2", {id, class: "side-heading", text: heading}),
      rows.length
        ? el("ol", {class: "score-list"}, rows.map((r) => el("li", {class: "score"},
          el("span", {class: "score-place", text: String(r.place)}),
          el("span", {class: "score-player", text: r.player}),
          el("span", {class: "score-amount", text: r.text}))))
        : el("p", {class: "score-none", text: word("no_games")}));
  }

  function boothScreen(b, screen) {
    const top = [];
    if (screen === "results" && b.result) {
      const r = b.result;
      top.push(el("p", {class: "result", text: t("result", {player: r.player, amount: r.text})}));
      if (r.today) {
        top.push(el("p", {class: "result-place", text: t("place", {today: r.today, games: r.today_games, all_time: r.all_time})}));
      }
    } else {
      top.push(el("p", {class: "invitation", text: b.invitation}));
    }
    return el("div", {class: `booth ${screen}`}, top,
      el("div", {class: "score-tables"},
        scoreTable("today-heading", word("today"), b.today),
        scoreTable("all-time-heading", word("all_time"), b.all_time)));
  }

  // ------------------------------------------------------------------ the whole page
  let shown = "";  // what the main part was drawn from: drawn again only when it changes
  // ------------------------------------------------------------------ joining on a phone
  function joinBox(join) {
    const box = document.getElementById("join");
    box.hidden = !join;
    if (!join) return;
    setText("join-text", t("join", {url: join.url, code: join.code}));
    const img = document.getElementById("join-qr");
    const qr = typeof join.qr === "string" && join.qr.startsWith("/") ? join.qr : "";
    if (img.getAttribute("src") !== qr) img.setAttribute("src", qr);
    img.setAttribute("alt", word("qr"));
  }

  function render(s) {
    document.body.className = `screen-${s.screen}`;
    root.dataset.seq = String(s.seq);
    const drawn = JSON.stringify([s.screen, s.game, s.booth]);
    if (drawn !== shown) {
      shown = drawn;
      let content = null;
      if ((s.screen === "attract" || s.screen === "results") && s.booth) content = boothScreen(s.booth, s.screen);
      else if (s.screen === "game" && s.game) content = gameScreen(s.game);
      document.getElementById("main").replaceChildren(...(content ? [content] : []));
    }
    const g = s.game;
    setText("round", g && g.round && s.screen === "game" ? t("round", {round: g.round, rounds: g.rounds}) : "");
    setText("caption", s.caption || "");
    setText("heard", s.heard ? t("heard", {text: s.heard}) : "");
    joinBox(s.join);
    tick();
  }

  function tick() {
    const number = document.getElementById("countdown-number");
    const call = state && state.game && state.game.call;
    if (!number || !call) return;
    let left = call.seconds;
    if (call.running && call.ends_at) left = call.ends_at - (Date.now() / 1000 - skew);
    const shown = Math.max(0, Math.ceil(left - 1e-6));
    const text = String(shown);
    if (number.textContent !== text) number.textContent = text;
    document.getElementById("countdown").classList.toggle("urgent", shown <= 10);
  }

  function staticTexts() {
    setText("title", word("title"));
    setText("host", word("host"));
    setText("waiting-text", word("waiting"));
    document.title = word("title");
  }

  // A line that drops and comes back within AWAY_MS is not news; after that the page says
  // it is waiting, over the last state it had.
  const AWAY_MS = 2000;
  let awayTimer = null;
  function away(yes) {
    if (!yes) {
      clearTimeout(awayTimer);
      awayTimer = null;
      root.classList.remove("away", "empty");
    } else if (awayTimer === null && !root.classList.contains("away")) {
      awayTimer = setTimeout(() => { awayTimer = null; root.classList.add("away"); }, AWAY_MS);
    }
  }

  // ------------------------------------------------------------------ the connection
  function connect() {
    if (retry) clearTimeout(retry);
    retry = null;
    if (source) source.close();
    source = new EventSource("/events");
    lastMessage = Date.now();
    source.addEventListener("page", (e) => {
      const page = JSON.parse(e.data);
      texts = page.texts;
      shown = "";
      root.lang = page.lang;
      settings(page.theme, page.scale);
      staticTexts();
      lastMessage = Date.now();
    });
    source.addEventListener("clock", (e) => {
      skew = Date.now() / 1000 - JSON.parse(e.data).now;
      lastMessage = Date.now();
    });
    source.addEventListener("state", (e) => {
      state = JSON.parse(e.data);
      lastMessage = Date.now();
      if (!texts) return;
      away(false);
      render(state);
    });
    source.onerror = () => {
      away(true);
      if (source.readyState === EventSource.CLOSED) retry = setTimeout(connect, 1000);
    };
  }

  settings(root.dataset.theme, parseFloat(root.dataset.scale));
  connect();
  setInterval(() => {
    tick();
    // The server sends its clock at least every 15 s; a line silent for 40 s is dead.
    if (Date.now() - lastMessage > 40000) { away(true); connect(); }
  }, 250);
})();
