import { SESSION_HEADER } from './session.js';

/**
 * The approval page's script (`/page.js`), plain ES2017 for any current browser, no build step.
 * It signs in (the token once per page; the sign-in it gets back stays in a variable of the
 * script — never in `sessionStorage`, `localStorage` or a cookie, which a browser keeps on disk
 * where the agent's user can read it), then fetches the view and every card with the sign-in in a
 * header, answers with `fetch`, and follows live updates by reading `/events` as a `fetch` stream
 * (an `EventSource` cannot send a header). Links between the page's views (Pending, Answered,
 * Grants, one ask) are followed inside the page (`history.pushState`), so moving between them
 * keeps the sign-in; a reload or a new tab signs in again (decisions 0025, 0064). Times show in
 * local time.
 */
export const PAGE_JS = `(function () {
  'use strict';
  var credential = null;
  var HEADER = ${JSON.stringify(SESSION_HEADER)};
  var main = document.querySelector('main[data-view]');
  if (!main) return;
  var view = main.getAttribute('data-view');
  var instance = main.getAttribute('data-instance');
  var live = document.getElementById('live');
  var holder = document.getElementById('view');
  var signin = document.getElementById('signin');
  var who = document.getElementById('who');
  var baseTitle = document.title;
  var stream = null;
  if (!holder || !signin) return;

  // In memory only: nothing of the sign-in reaches the browser's disk. A sign-in an older page
  // left in sessionStorage is removed.
  try { sessionStorage.removeItem('toolgate.session'); } catch (e) {}
  function session() { return credential; }
  function setSession(v) { credential = v || null; }
  function list() { return document.getElementById('asks'); }

  function localTimes(root) {
    var times = root.querySelectorAll('time[datetime]');
    for (var i = 0; i < times.length; i++) {
      var d = new Date(times[i].getAttribute('datetime'));
      if (!isNaN(d.getTime())) times[i].textContent = d.toLocaleTimeString();
    }
  }

  // A scroll box whose end has not been on screen says how much is below, and the card's approve
  // buttons wait until the end of every box has been shown: a tail after many empty lines cannot
  // pass unseen. Denying needs no reading.
  function watch(card) {
    if (!card || card.getAttribute('data-state') !== 'pending') return;
    var pres = card.querySelectorAll('.box pre');
    function update() {
      var all = true;
      for (var i = 0; i < pres.length; i++) {
        var pre = pres[i];
        var sign = pre.parentNode.querySelector('.more');
        var rest = pre.scrollHeight - pre.scrollTop - pre.clientHeight;
        if (rest <= 2) pre.setAttribute('data-seen', 'end');
        if (pre.getAttribute('data-seen') === 'end') { if (sign) sign.hidden = true; continue; }
        all = false;
        var line = parseFloat(getComputedStyle(pre).lineHeight) || 18;
        var n = Math.max(1, Math.ceil(rest / line));
        if (sign) { sign.textContent = '\u2193 ' + n + ' more line' + (n === 1 ? '' : 's') + ' below: scroll to the end to approve'; sign.hidden = false; }
      }
      var buttons = card.querySelectorAll('form.approve button');
      for (var j = 0; j < buttons.length; j++) buttons[j].disabled = !all || card.hasAttribute('data-busy');
      card.setAttribute('data-read', all ? 'all' : 'partly');
    }
    for (var k = 0; k < pres.length; k++) pres[k].addEventListener('scroll', update, { passive: true });
    card.toolgateRead = update;
    update();
  }
  function watchAll(root) {
    var cards = root.querySelectorAll('[data-ask-id]');
    for (var i = 0; i < cards.length; i++) watch(cards[i]);
  }

  function showSignIn(message) {
    setSession(null);
    if (stream) { stream.abort(); stream = null; }
    holder.textContent = '';
    if (who) who.hidden = true;
    if (live) live.setAttribute('data-live', 'off');
    document.title = 'Sign in · toolgate';
    signin.hidden = false;
    var err = document.getElementById('signin-error');
    if (err) { err.textContent = message || ''; err.hidden = !message; }
  }

  function request(url, options) {
    options = options || {};
    var headers = options.headers || {};
    headers[HEADER] = session() || '';
    headers['x-toolgate-part'] = '1';
    return fetch(url, { method: options.method || 'GET', headers: headers, body: options.body, credentials: 'omit', cache: 'no-store', signal: options.signal }).then(function (r) {
      if (r.status === 401) { showSignIn('Your sign-in has ended: sign in again.'); throw new Error('signed out'); }
      return r;
    });
  }
  function get(url) {
    return request(url).then(function (r) {
      return r.text().then(function (t) { if (!r.ok) throw new Error(t || 'HTTP ' + r.status); return t; });
    });
  }
  function fromHtml(text) {
    var t = document.createElement('template');
    t.innerHTML = text.trim();
    return t.content.firstElementChild;
  }
  function withPart(part) {
    return location.pathname + location.search + (location.search ? '&' : '?') + 'part=' + part;
  }

  function load() {
    signin.hidden = true;
    return get(withPart('view')).then(function (text) {
      var v = fromHtml(text);
      if (!v) return;
      holder.textContent = '';
      holder.appendChild(v);
      baseTitle = (v.getAttribute('data-title') || '').replace(/^\\(\\d+\\) /, '') + ' · toolgate';
      var name = document.getElementById('who-name');
      if (name) name.textContent = 'Signed in as ' + (v.getAttribute('data-who') || '');
      if (who) who.hidden = false;
      localTimes(v);
      watchAll(v);
      recount();
      follow();
    }, function (e) {
      if (e.message === 'signed out') return;
      holder.textContent = '';
      var p = document.createElement('p');
      p.className = 'error';
      p.setAttribute('role', 'alert');
      p.textContent = e.message;
      holder.appendChild(p);
    });
  }

  function byId(id) {
    var l = list();
    if (!l) return null;
    var cards = l.querySelectorAll('[data-ask-id]');
    for (var i = 0; i < cards.length; i++) if (cards[i].getAttribute('data-ask-id') === id) return cards[i];
    return null;
  }
  function recount() {
    var l = list();
    var count = document.getElementById('pending-count');
    var n = l && view === 'pending' ? l.querySelectorAll('[data-state="pending"]').length : 0;
    if (count && view === 'pending') count.textContent = n > 0 ? String(n) : '';
    document.title = (n > 0 ? '(' + n + ') ' : '') + baseTitle;
    var empty = document.getElementById('empty');
    if (empty && l) empty.hidden = l.querySelector('[data-ask-id]') !== null;
  }
  function wanted(state) {
    return view === 'pending' ? state === 'pending' : view === 'answered' ? state !== 'pending' : false;
  }
  // Pending asks are listed oldest first and a new one goes at the end, so an ask arriving never
  // moves a card (and its Approve button) under the pointer; answered asks are newest first.
  function place(l, card) {
    if (view === 'pending') l.appendChild(card); else l.insertBefore(card, l.firstChild);
  }
  function show(id, force) {
    var back = encodeURIComponent(location.pathname + location.search);
    return get('/asks/' + encodeURIComponent(id) + '?part=card&back=' + back + (view === 'pending' ? '' : '&audit=1')).then(function (text) {
      var card = fromHtml(text);
      var l = list();
      if (!card || !l) return;
      var old = byId(id);
      if (old) {
        if (!force && old.contains(document.activeElement) && card.getAttribute('data-state') === 'pending') return;
        // An ask answered elsewhere keeps its card's height on the pending view: the cards below stay put.
        if (view === 'pending') card.style.minHeight = old.getBoundingClientRect().height + 'px';
        old.replaceWith(card);
      } else if (wanted(card.getAttribute('data-state'))) {
        card.classList.add('fresh');
        place(l, card);
      }
      localTimes(card);
      watch(card);
      recount();
    }).catch(function () {});
  }
  function resync() {
    if (view === 'ask') { show(main.getAttribute('data-ask')); return; }
    get(withPart('list')).then(function (text) {
      var l = list();
      if (!l) return;
      var t = document.createElement('template');
      t.innerHTML = text;
      var fresh = t.content.querySelectorAll('[data-ask-id]');
      var keep = {};
      // In the order place() keeps: each new card lands where the list has it.
      var order = [];
      for (var k = 0; k < fresh.length; k++) order.push(fresh[k]);
      if (view !== 'pending') order.reverse();
      for (var i = 0; i < order.length; i++) {
        var id = order[i].getAttribute('data-ask-id');
        keep[id] = true;
        var old = byId(id);
        if (old && old.getAttribute('data-state') === order[i].getAttribute('data-state')) continue;
        if (old) old.replaceWith(order[i]); else place(l, order[i]);
        localTimes(order[i]);
        watch(order[i]);
      }
      var cards = l.querySelectorAll('[data-ask-id]');
      for (var j = 0; j < cards.length; j++) {
        var c = cards[j];
        if (!keep[c.getAttribute('data-ask-id')] && c.getAttribute('data-state') === 'pending') c.remove();
      }
      recount();
    }).catch(function () {});
  }

  function dispatch(name, data) {
    if (name === 'hello') {
      if (data.instance !== instance) { location.reload(); return; }
      if (live) live.setAttribute('data-live', 'on');
      // Asks parked between rendering the view and this stream opening (or while it was down).
      resync();
    } else if (name === 'ask') {
      if (view === 'ask' && data.id !== main.getAttribute('data-ask')) return;
      if (view === 'answered' && data.type === 'parked') return;
      var q = new URLSearchParams(location.search);
      if (q.get('session') !== null && q.get('session') !== data.session) return;
      if (q.get('project') !== null && q.get('project') !== data.project) return;
      show(data.id);
    } else if (name === 'resync') {
      resync();
    }
  }
  function block(text) {
    var name = 'message';
    var data = [];
    var lines = text.split('\\n');
    for (var i = 0; i < lines.length; i++) {
      var line = lines[i].replace(/\\r$/, '');
      if (line.indexOf('event:') === 0) name = line.slice(6).trim();
      else if (line.indexOf('data:') === 0) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length === 0) return;
    try { dispatch(name, JSON.parse(data.join('\\n'))); } catch (e) {}
  }
  function follow() {
    if (stream || (view !== 'pending' && view !== 'answered' && view !== 'ask') || typeof TextDecoder === 'undefined') return;
    var ctl = new AbortController();
    stream = ctl;
    request('/events', { signal: ctl.signal }).then(function (r) {
      if (!r.ok || !r.body) throw new Error('HTTP ' + r.status);
      var reader = r.body.getReader();
      var decoder = new TextDecoder();
      var buf = '';
      function pump() {
        return reader.read().then(function (x) {
          if (x.done) return;
          buf += decoder.decode(x.value, { stream: true });
          var at;
          while ((at = buf.search(/\\r?\\n\\r?\\n/)) >= 0) {
            var end = buf.slice(at).match(/^\\r?\\n\\r?\\n/)[0].length;
            block(buf.slice(0, at));
            buf = buf.slice(at + end);
          }
          return pump();
        });
      }
      return pump();
    }).catch(function () {}).then(function () {
      if (stream !== ctl) return;
      stream = null;
      if (live) live.setAttribute('data-live', 'off');
      setTimeout(function () { if (session()) follow(); }, 2000);
    });
  }

  function fields(form, submitter) {
    var data = new URLSearchParams();
    var els = form.elements;
    for (var i = 0; i < els.length; i++) {
      var el = els[i];
      if (!el.name || el.disabled || el.type === 'submit' || el.type === 'button') continue;
      if ((el.type === 'radio' || el.type === 'checkbox') && !el.checked) continue;
      data.append(el.name, el.value);
    }
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    return data.toString();
  }
  function signIn(form) {
    fetch('/signin', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: fields(form), credentials: 'omit', cache: 'no-store' }).then(function (r) {
      return r.json().then(function (j) {
        if (!r.ok || !j.session) throw new Error(j.error || 'HTTP ' + r.status);
        setSession(j.session);
        form.reset();
        load();
      });
    }).catch(function (e) { showSignIn(e.message); });
  }
  function answer(form, submitter) {
    var card = form.closest('[data-ask-id]');
    var buttons = card ? card.querySelectorAll('button') : form.querySelectorAll('button');
    if (card) card.setAttribute('data-busy', '');
    for (var i = 0; i < buttons.length; i++) buttons[i].disabled = true;
    var old = card ? card.querySelector('.answer-error') : null;
    if (old) old.remove();
    request(form.getAttribute('action'), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: fields(form, submitter) }).then(function (r) {
      return r.text().then(function (t) { if (!r.ok) throw new Error(t || 'HTTP ' + r.status); });
    }).then(function () {
      if (card) show(card.getAttribute('data-ask-id'), true);
    }, function (e) {
      if (e.message === 'signed out') return;
      if (card) card.removeAttribute('data-busy');
      for (var i = 0; i < buttons.length; i++) buttons[i].disabled = false;
      // Approve stays disabled while a box has not been read to its end.
      if (card && card.toolgateRead) card.toolgateRead();
      var p = document.createElement('p');
      p.className = 'error answer-error';
      p.setAttribute('role', 'alert');
      p.textContent = e.message;
      form.parentNode.insertBefore(p, form.nextSibling);
    });
  }
  // Revoking a grant: the view is loaded again, so the list shows what is in force now.
  function revoke(form) {
    var buttons = form.querySelectorAll('button');
    for (var i = 0; i < buttons.length; i++) buttons[i].disabled = true;
    request(form.getAttribute('action'), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: fields(form) }).then(function (r) {
      return r.text().then(function (t) { if (!r.ok) throw new Error(t || 'HTTP ' + r.status); });
    }).then(function () { load(); }, function (e) {
      if (e.message === 'signed out') return;
      for (var i = 0; i < buttons.length; i++) buttons[i].disabled = false;
      var p = document.createElement('p');
      p.className = 'error answer-error';
      p.setAttribute('role', 'alert');
      p.textContent = e.message;
      form.parentNode.insertBefore(p, form.nextSibling);
    });
  }
  document.addEventListener('submit', function (ev) {
    var form = ev.target;
    if (form.id === 'signin-form') { ev.preventDefault(); signIn(form); return; }
    if (form.classList.contains('revoke')) { ev.preventDefault(); revoke(form); return; }
    if (!form.classList.contains('answer')) return;
    ev.preventDefault();
    answer(form, ev.submitter);
  });
  // The page's own views, followed inside the page: a navigation would lose the sign-in.
  function viewOf(path) {
    if (path === '/') return { view: 'pending' };
    if (path === '/answered') return { view: 'answered' };
    if (path === '/grants') return { view: 'grants' };
    var rest = path.indexOf('/asks/') === 0 ? path.slice(6) : '';
    var m = rest !== '' && rest.indexOf('/') < 0 ? [path, rest] : null;
    if (m) { try { return { view: 'ask', ask: decodeURIComponent(m[1]) }; } catch (e) { return null; } }
    return null;
  }
  function go(url, push) {
    var v = viewOf(url.pathname);
    if (!v) return false;
    if (push) history.pushState(null, '', url.pathname + url.search + url.hash);
    view = v.view;
    main.setAttribute('data-view', v.view);
    if (v.ask !== undefined) main.setAttribute('data-ask', v.ask); else main.removeAttribute('data-ask');
    if (stream) { stream.abort(); stream = null; }
    if (live) live.setAttribute('data-live', 'off');
    if (session()) load(); else showSignIn();
    return true;
  }
  document.addEventListener('click', function (ev) {
    if (ev.defaultPrevented || ev.button !== 0 || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.altKey) return;
    var a = ev.target && ev.target.closest ? ev.target.closest('a[href]') : null;
    if (!a || a.target || a.hasAttribute('download')) return;
    var url = new URL(a.getAttribute('href'), location.href);
    if (url.origin !== location.origin) return;
    if (go(url, true)) ev.preventDefault();
  });
  window.addEventListener('popstate', function () { go(new URL(location.href), false); });
  var out = document.getElementById('signout');
  if (out) out.addEventListener('click', function () { showSignIn(); });

  if (session()) load(); else showSignIn();
})();
`;
