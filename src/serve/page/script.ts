/**
 * The approval page's script (`/page.js`), plain ES2017 for any current browser, no build step.
 * The page works without it (forms post and redirect); with it, asks appear and leave as they
 * are parked and answered (server-sent events from `/events`; each card is rendered by the
 * server and fetched as HTML), times show in local time, and the name typed in the header goes
 * with every answer.
 */
export const PAGE_JS = `(function () {
  'use strict';
  var main = document.querySelector('main[data-view]');
  if (!main) return;
  var view = main.getAttribute('data-view');
  var instance = main.getAttribute('data-instance');
  var live = document.getElementById('live');
  var count = document.getElementById('pending-count');
  var list = document.getElementById('asks');

  function localTimes(root) {
    var times = root.querySelectorAll('time[datetime]');
    for (var i = 0; i < times.length; i++) {
      var d = new Date(times[i].getAttribute('datetime'));
      if (!isNaN(d.getTime())) times[i].textContent = d.toLocaleTimeString();
    }
  }
  localTimes(document);

  var nameInput = document.getElementById('answerer-name');
  if (nameInput) {
    try { nameInput.value = localStorage.getItem('toolgate.answerer') || ''; } catch (e) {}
    nameInput.addEventListener('change', function () {
      try { localStorage.setItem('toolgate.answerer', nameInput.value); } catch (e) {}
    });
  }
  document.addEventListener('submit', function (ev) {
    var form = ev.target;
    var a = form.querySelector('input[name="answerer"]');
    if (a && nameInput) a.value = nameInput.value;
    var buttons = form.querySelectorAll('button');
    setTimeout(function () { for (var i = 0; i < buttons.length; i++) buttons[i].disabled = true; }, 0);
  });

  if (!list || typeof EventSource === 'undefined' || (view !== 'pending' && view !== 'answered' && view !== 'ask')) return;

  function byId(id) {
    var cards = list.querySelectorAll('[data-ask-id]');
    for (var i = 0; i < cards.length; i++) if (cards[i].getAttribute('data-ask-id') === id) return cards[i];
    return null;
  }
  function recount() {
    if (!count || view !== 'pending') return;
    var n = list.querySelectorAll('[data-state="pending"]').length;
    count.textContent = n > 0 ? String(n) : '';
    document.title = (n > 0 ? '(' + n + ') ' : '') + document.title.replace(/^\\(\\d+\\) /, '');
    var empty = document.getElementById('empty');
    if (empty) empty.hidden = list.querySelector('[data-ask-id]') !== null;
  }
  function fromHtml(text) {
    var t = document.createElement('template');
    t.innerHTML = text.trim();
    return t.content.firstElementChild;
  }
  function get(url) {
    return fetch(url, { credentials: 'same-origin', headers: { 'x-toolgate-part': '1' } }).then(function (r) {
      if (r.status === 401) { location.reload(); throw new Error('signed out'); }
      if (!r.ok) throw new Error('HTTP ' + r.status);
      return r.text();
    });
  }
  function wanted(state) {
    return view === 'pending' ? state === 'pending' : view === 'answered' ? state !== 'pending' : false;
  }
  function show(id) {
    var back = encodeURIComponent(location.pathname + location.search);
    return get('/asks/' + encodeURIComponent(id) + '?part=card&back=' + back + (view === 'pending' ? '' : '&audit=1')).then(function (text) {
      var card = fromHtml(text);
      if (!card) return;
      var old = byId(id);
      if (old) {
        if (old.contains(document.activeElement) && card.getAttribute('data-state') === 'pending') return;
        old.replaceWith(card);
      } else if (wanted(card.getAttribute('data-state'))) {
        card.classList.add('fresh');
        list.insertBefore(card, list.firstChild);
      }
      localTimes(card);
      recount();
    }).catch(function () {});
  }
  function resync() {
    if (view === 'ask') { show(main.getAttribute('data-ask')); return; }
    var sep = location.search ? '&' : '?';
    get(location.pathname + location.search + sep + 'part=list').then(function (text) {
      var t = document.createElement('template');
      t.innerHTML = text;
      var fresh = t.content.querySelectorAll('[data-ask-id]');
      var keep = {};
      for (var i = fresh.length - 1; i >= 0; i--) {
        var id = fresh[i].getAttribute('data-ask-id');
        keep[id] = true;
        var old = byId(id);
        if (old && old.getAttribute('data-state') === fresh[i].getAttribute('data-state')) continue;
        if (old) old.replaceWith(fresh[i]); else list.insertBefore(fresh[i], list.firstChild);
        localTimes(fresh[i]);
      }
      var cards = list.querySelectorAll('[data-ask-id]');
      for (var j = 0; j < cards.length; j++) {
        var c = cards[j];
        if (!keep[c.getAttribute('data-ask-id')] && c.getAttribute('data-state') === 'pending') c.remove();
      }
      recount();
    }).catch(function () {});
  }

  var es = new EventSource('/events');
  es.addEventListener('hello', function (ev) {
    var hello = JSON.parse(ev.data);
    if (hello.instance !== instance) { location.reload(); return; }
    live.setAttribute('data-live', 'on');
    // Asks parked between rendering the page and this stream opening (or while it was down).
    resync();
  });
  es.addEventListener('ask', function (ev) {
    var e = JSON.parse(ev.data);
    if (view === 'ask' && e.id !== main.getAttribute('data-ask')) return;
    if (view === 'answered' && e.type === 'parked') return;
    var q = new URLSearchParams(location.search);
    if (q.get('session') !== null && q.get('session') !== e.session) return;
    if (q.get('project') !== null && q.get('project') !== e.project) return;
    show(e.id);
  });
  es.addEventListener('resync', resync);
  es.onerror = function () { live.setAttribute('data-live', 'off'); };
})();
`;
