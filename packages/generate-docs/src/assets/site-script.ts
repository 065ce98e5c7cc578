/**
 * The site's only script (assets/site.js): search over the version's prebuilt index. Plain
 * ES2017 in the browser, no module loader, no request: the index is a script the page loaded.
 * Results are links (Tab reaches them); the count is announced through a status region;
 * Escape clears the box; "/" focuses it.
 */
export const SITE_SCRIPT = `(function () {
  'use strict';
  var input = document.getElementById('site-search');
  var list = document.getElementById('site-search-results');
  var status = document.getElementById('site-search-status');
  var index = window.SPECGEN_SEARCH || [];
  var root = document.body.getAttribute('data-root') || './';
  if (!input || !list || !status) return;
  var LIMIT = 20;
  function rank(entry, q) {
    var t = entry.t.toLowerCase();
    var tail = t.slice(t.lastIndexOf('.') + 1);
    if (t === q || tail === q) return 0;
    if (t.indexOf(q) === 0 || tail.indexOf(q) === 0) return 1;
    if (t.indexOf(q) >= 0) return 2;
    if (entry.d.toLowerCase().indexOf(q) >= 0) return 3;
    return -1;
  }
  function show(q) {
    list.textContent = '';
    if (q.length < 2) { status.textContent = ''; return; }
    var found = [];
    for (var i = 0; i < index.length; i++) {
      var r = rank(index[i], q);
      if (r >= 0) found.push({ r: r, i: i });
    }
    found.sort(function (a, b) { return a.r - b.r || a.i - b.i; });
    for (var j = 0; j < Math.min(found.length, LIMIT); j++) {
      var e = index[found[j].i];
      var li = document.createElement('li');
      var a = document.createElement('a');
      a.href = root + e.u;
      a.textContent = e.t;
      var small = document.createElement('span');
      small.className = 'search-detail';
      small.textContent = ' ' + e.k + ' · ' + e.d;
      li.appendChild(a);
      li.appendChild(small);
      list.appendChild(li);
    }
    status.textContent = found.length === 0 ? 'No match' : found.length > LIMIT ? found.length + ' matches, the first ' + LIMIT + ' shown' : found.length + (found.length === 1 ? ' match' : ' matches');
  }
  input.addEventListener('input', function () { show(input.value.trim().toLowerCase()); });
  input.addEventListener('keydown', function (ev) {
    if (ev.key === 'Escape') { input.value = ''; show(''); }
    if (ev.key === 'ArrowDown' && list.firstChild) { ev.preventDefault(); list.firstChild.firstChild.focus(); }
  });
  document.addEventListener('keydown', function (ev) {
    var tag = (ev.target && ev.target.tagName) || '';
    if (ev.key === '/' && tag !== 'INPUT' && tag !== 'TEXTAREA') { ev.preventDefault(); input.focus(); }
  });
})();
`;
