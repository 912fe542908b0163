// The phone page: join with the host's code, then the player's own card display. Every
// word comes from /phone/texts.json (the locale's lines.phones); every game text is set
// with textContent, never as HTML. The seat's token is an HttpOnly cookie: this script
// never sees it.
"use strict";
(function () {
  var T = {}, view = null, chosen = null, code = "", lastStatus = "", source = null;
  function $(id) { return document.getElementById(id); }
  function fill(template, fields) {
    return String(template || "").replace(/\{(\w+)\}/g, function (m, k) {
      return Object.prototype.hasOwnProperty.call(fields, k) ? String(fields[k]) : m;
    });
  }
  function status(text) {
    if (text !== lastStatus) { $("status").textContent = text; lastStatus = text; }
  }
  function refusedText(reason) { return (T.refused || {})[reason] || (T.refused || {}).bad_request || reason; }
  function post(path, body) {
    return fetch(path, { method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body) }).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (data) {
        if (!r.ok) { throw new Error(data.refused || "bad_request"); }
        return data;
      });
    });
  }
  function list(names) { return names.join(", "); }

  // ---------------------------------------------------------------- joining
  function showJoin() {
    $("join").hidden = false; $("game").hidden = true;
    $("code-label").textContent = T.code_label; $("code-go").textContent = T.code_go;
    $("names-label").textContent = T.names_label;
    var given = new URLSearchParams(location.search).get("code");
    if (given && /^[0-9]{6}$/.test(given)) { $("code").value = given; }
    status("");
    $("code").focus();
  }
  function askNames(ev) {
    ev.preventDefault();
    code = $("code").value.trim();
    post("/phone/names", { code: code }).then(function (data) {
      if (data.ask) { askHost(data.names); } else { showNames(data.names); }
    }).catch(function (e) { status(refusedText(e.message)); });
  }
  // Players numbered, not named: the host asks aloud who is on this phone; if nobody says,
  // the phone chooses from the list.
  function askHost(names) {
    $("names").hidden = true;
    status(T.host_asks);
    post("/phone/join", { code: code, name: "" }).then(function (data) {
      if (data.choose) { showNames(names); return; }
      history.replaceState(null, "", "/phone");
      start();
    }).catch(function (e) { status(refusedText(e.message)); });
  }
  function showNames(names) {
    var box = $("name-buttons");
    box.textContent = "";
    names.forEach(function (name) {
      var b = document.createElement("button");
      b.type = "button"; b.textContent = name;
      b.addEventListener("click", function () { join(name); });
      box.appendChild(b);
    });
    $("names").hidden = false;
    status(T.names_label);
    if (box.firstChild) { box.firstChild.focus(); }
  }
  function join(name) {
    post("/phone/join", { code: code, name: name }).then(function () {
      history.replaceState(null, "", "/phone");
      start();
    }).catch(function (e) { status(refusedText(e.message)); });
  }

  // ---------------------------------------------------------------- playing
  function start() {
    fetch("/phone/me", { credentials: "same-origin" }).then(function (r) {
      if (r.status === 503) { status(T.offline); setTimeout(start, 1000); return; }
      if (!r.ok) { showJoin(); return; }
      $("join").hidden = true; $("game").hidden = false;
      if (source) { source.close(); }
      source = new EventSource("/phone/events");
      source.addEventListener("view", function (ev) { render(JSON.parse(ev.data)); });
      source.onerror = function () {
        status(T.offline);
        if (source.readyState === EventSource.CLOSED) { setTimeout(start, 2000); }
      };
      source.onopen = function () { if (lastStatus === T.offline) { status(""); if (view) { render(view); } } };
    }).catch(function () { status(T.offline); setTimeout(start, 2000); });
  }
  function render(v) {
    if (!v) { return; }
    view = v;
    if (lastStatus === T.offline) { status(""); }  // a view came: connected again
    $("who").textContent = fill(T.you_are, { player: v.player });
    var q = v.question;
    $("level").textContent = q ? fill(T.level, { level: q.level, value: q.value }) : "";
    $("question").textContent = q ? q.text : "";
    var prompt = "";
    if (v.act === "answer") { prompt = T.answer_prompt; }
    else if (v.act === "vote") { prompt = fill(v.lifeline === "phone_friend" ? T.friend_prompt : T.vote_prompt, { player: v["for"] }); }
    $("prompt").textContent = prompt;
    var box = $("options"); box.textContent = "";
    if (q) {
      q.options.forEach(function (o) {
        var b = document.createElement("button");
        b.type = "button";
        b.textContent = fill(T.card, { letter: o.letter, text: o.text });
        var may = v.letters.indexOf(o.letter) >= 0;
        b.disabled = !may;
        if (v.mine === o.letter) { b.className = "chosen"; }
        b.addEventListener("click", function () { confirmCard(o.letter); });
        box.appendChild(b);
      });
    }
    if (!v.act) { $("confirm").hidden = true; chosen = null; }
    var mine = "";
    if (v.mine) { mine = fill(v.act === null && v.lifeline ? T.mine_vote : T.mine_answer, { letter: v.mine }); }
    $("mine").textContent = mine;
    var others = [];
    if (v.locked.length) { others.push(fill(T.locked_others, { names: list(v.locked) })); }
    if (v.waiting.length) { others.push(fill(T.waiting, { names: list(v.waiting) })); }
    if (v.voted.length) { others.push(fill(T.voted, { names: list(v.voted) })); }
    $("others").textContent = others.join(" ");
    var result = "";
    if (v.result && v.result.votes) {
      result = fill(T.audience, { shares: v.result.votes.map(function (s) {
        return fill(T.audience_share, { letter: s.option, percent: s.percent }); }).join(", ") });
    } else if (v.result && v.result.cards) {
      result = fill(T.friend_cards, { cards: v.result.cards.join(", ") });
    }
    $("result").textContent = result;
    var reveal = "";
    if (v.reveal) {
      // a reveal stays until the next one; once the next question is up, it says it was the last
      var last = q && v.reveal.question !== q.text;
      reveal = fill(last ? T.reveal_last : T.reveal, { letter: v.reveal.answer, text: v.reveal.answer_text });
      v.reveal.answers.forEach(function (a) {
        if (a.name === v.player) { reveal += " " + (a.correct ? T.you_right : fill(T.you_wrong, { letter: a.option })); }
      });
    }
    $("reveal").textContent = reveal;
    if (v.over) { status(T.over); }
    else if (v.act && !chosen) { status(prompt); }
    else if (!v.act && v.mine) { status(mine); }
    else if (!v.act) { status(v.playing ? T.wait : T.not_playing); }
    // The live region above says it already: shown (and read) once, not twice.
    $("prompt").hidden = prompt !== "" && lastStatus === prompt;
    $("mine").hidden = mine !== "" && lastStatus === mine;
  }
  function confirmCard(letter) {
    chosen = letter;
    var text = fill(view.act === "vote" ? T.confirm_vote : T.confirm_answer, { letter: letter });
    $("confirm-text").textContent = text;
    $("confirm").hidden = false;
    status(text);
    $("yes").focus();
  }
  function handIn() {
    var letter = chosen;
    if (!letter) { return; }
    $("confirm").hidden = true;
    status(T.sending);
    post("/phone/card", { option: letter }).then(function () {
      chosen = null;
      status(fill(view && view.act === "vote" ? T.mine_vote : T.mine_answer, { letter: letter }));
    }).catch(function (e) { chosen = null; status(refusedText(e.message)); });
  }
  function cancel() { chosen = null; $("confirm").hidden = true; if (view) { render(view); } }

  document.addEventListener("DOMContentLoaded", function () {
    fetch("/phone/texts.json").then(function (r) { return r.json(); }).then(function (texts) {
      T = texts;
      $("yes").textContent = T.lock_yes; $("no").textContent = T.lock_no;
      $("code-form").addEventListener("submit", askNames);
      $("yes").addEventListener("click", handIn);
      $("no").addEventListener("click", cancel);
      start();
    });
  });
})();
