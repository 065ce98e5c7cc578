/**
 * The data explorer of the web page (runs in the browser; plain ES2020, no build step, served
 * inline with the page's CSP nonce). After sign-in, one table per resource the session may read:
 * the first page of records, columns = scalar fields in spec order; a `$filter` box whose 400
 * answer shows inline with a caret at its position; sorting by a click on a column header
 * (`$orderby`); previous/next pages (`$top`/`$skip`). Numbers are kept as the exact text the
 * server sent (Int64 arrive as JSON strings; JSON.parse's reviver source keeps Decimal digits).
 * The DOM is built with textContent only: record values never become markup.
 * Uses `cfg`, `$` and `base()` of the page script. Element ids and classes are used by the browser test.
 */
export const EXPLORER_SCRIPT = String.raw`
const EX_PAGE_SIZE = 20;

function exEl(tag, props, children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (k === 'text') node.textContent = v;
    else if (k === 'class') node.className = v;
    else if (k === 'hidden' || k === 'disabled') node[k] = v;
    else node.setAttribute(k, v);
  }
  for (const c of children || []) node.append(c);
  return node;
}

/** Every JSON number as the text it was written with (Chromium 114+ passes the source to revivers). */
function exParse(text) {
  return JSON.parse(text, (key, value, context) => (typeof value === 'number' && context && typeof context.source === 'string' ? context.source : value));
}

function exCell(field, value) {
  if (value === null || value === undefined) return exEl('td', { class: 'null', text: 'null' });
  const text = typeof value === 'string' ? value : String(value);
  const name = field.values ? field.values[text] : undefined;
  return exEl('td', { class: /^(Int|Decimal)/.test(field.type) ? 'num' : '', text: name ? text + ' ' + name : text });
}

/** "$filter: unknown field \"Foo\" at position 5" -> the message, and the filter with a caret under column 5. */
function exShowError(box, message, filter) {
  box.replaceChildren(exEl('span', { class: 'message', text: message }));
  const at = /^\$filter: .* at position (\d+)$/.exec(message);
  if (at && filter) {
    const column = Math.min(Number(at[1]), filter.length + 1);
    box.append(exEl('pre', { class: 'caret', text: filter + '\n' + ' '.repeat(column - 1) + '^' }));
  }
  box.hidden = false;
}

function exSection(resource) {
  const state = { skip: 0, sort: null, desc: false, filter: '' };
  const input = exEl('input', { type: 'text', class: 'filter-input', 'aria-label': '$filter of ' + resource.name, placeholder: '$filter, e.g. Id gt 100' });
  const error = exEl('div', { class: 'filter-error error', role: 'alert', hidden: true });
  const form = exEl('form', { class: 'filter' }, [input, exEl('button', { type: 'submit', text: 'Filter' })]);
  const headers = resource.fields.map((f) => {
    const button = exEl('button', { type: 'button', class: 'sort', text: f.name, title: f.type + ': click to sort' });
    button.addEventListener('click', () => {
      state.desc = state.sort === f.name ? !state.desc : false;
      state.sort = f.name;
      state.skip = 0;
      load();
    });
    return exEl('th', { 'data-field': f.name, 'aria-sort': 'none' }, [button]);
  });
  const tbody = exEl('tbody');
  const prev = exEl('button', { type: 'button', class: 'prev', text: 'Previous', disabled: true });
  const next = exEl('button', { type: 'button', class: 'next', text: 'Next', disabled: true });
  const range = exEl('span', { class: 'range' });
  prev.addEventListener('click', () => { state.skip = Math.max(0, state.skip - EX_PAGE_SIZE); load(); });
  next.addEventListener('click', () => { state.skip += EX_PAGE_SIZE; load(); });
  form.addEventListener('submit', (e) => { e.preventDefault(); state.filter = input.value.trim(); state.skip = 0; load(); });

  async function load() {
    const options = [['$select', resource.fields.map((f) => f.name).join(',')], ['$top', String(EX_PAGE_SIZE)], ['$skip', String(state.skip)]];
    if (state.sort) options.push(['$orderby', state.sort + (state.desc ? ' desc' : ' asc')]);
    if (state.filter) options.push(['$filter', state.filter]);
    const query = options.map(([k, v]) => k + '=' + encodeURIComponent(v)).join('&');
    const res = await fetch(base() + resource.path + '?' + query, { credentials: 'include', headers: { Accept: 'application/json' } });
    const text = await res.text();
    let data = text;
    try { data = exParse(text); } catch (e) { /* not JSON */ }
    if (res.status !== 200) {
      exShowError(error, typeof data === 'string' ? data : res.status + ' ' + res.statusText, state.filter);
      return;
    }
    error.hidden = true;
    tbody.replaceChildren(...data.map((record) => exEl('tr', {}, resource.fields.map((f) => exCell(f, record[f.name])))));
    for (const th of headers) {
      const field = th.getAttribute('data-field');
      th.setAttribute('aria-sort', state.sort === field ? (state.desc ? 'descending' : 'ascending') : 'none');
      th.firstChild.textContent = field + (state.sort === field ? (state.desc ? ' \u25bc' : ' \u25b2') : '');
    }
    range.textContent = data.length ? 'rows ' + (state.skip + 1) + '\u2013' + (state.skip + data.length) : 'no rows';
    prev.disabled = state.skip === 0;
    next.disabled = data.length < EX_PAGE_SIZE;
  }

  const table = exEl('table', {}, [exEl('thead', {}, [exEl('tr', {}, headers)]), tbody]);
  const section = exEl('section', { class: 'resource', id: 'resource-' + resource.name, 'data-resource': resource.name }, [
    exEl('h3', { text: resource.name + ' ' }, [exEl('code', { text: 'GET ' + resource.path })]),
    form, error,
    exEl('div', { class: 'table-wrap' }, [table]),
    exEl('div', { class: 'pager' }, [prev, range, next]),
  ]);
  load();
  return section;
}

/** Shows a table for every resource whose permission the session has. */
function showExplorer(permissions) {
  const readable = cfg.resources.filter((r) => r.permission === null || permissions.includes(r.permission));
  $('explorer-resources').replaceChildren(...readable.map(exSection));
  $('explorer-empty').hidden = readable.length > 0;
}
`;
