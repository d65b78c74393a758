// The flow explorer's script (visualizations/index.html), inlined by scripts/visualize/explorer.ts.
// Plain browser JavaScript: the page must work opened from disk, with no build and no network.
(() => {
  'use strict';

  const data = JSON.parse(document.getElementById('explorer-data').textContent);
  const machines = new Map(data.machines.map((machine) => [machine.id, machine]));
  const list = document.getElementById('machine-list');
  const pageList = document.getElementById('page-list');
  const viewport = document.getElementById('viewport');
  const stage = document.getElementById('stage');
  const details = document.getElementById('details');
  const chartTitle = document.getElementById('chart-title');
  const coverageToggle = document.getElementById('show-coverage');

  let machine;
  let svg;
  const view = { scale: 1, x: 0, y: 0 };
  /** A pointer drag that pans the chart; the click that ends it selects nothing. */
  let drag;
  let dragged = false;

  // ---------------------------------------------------------------------------------------------
  // Small DOM helpers

  function element(tag, attributes, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (name === 'onClick') node.addEventListener('click', value);
      else node.setAttribute(name, value === true ? '' : String(value));
    }
    for (const child of children.flat()) {
      if (child === undefined || child === null || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  const code = (text) => element('code', {}, text);

  function definitionList(rows) {
    return element(
      'dl',
      {},
      rows
        .filter(([, value]) => value !== undefined && value !== null)
        .flatMap(([term, value]) => [element('dt', {}, term), element('dd', {}, value)]),
    );
  }

  const cssEscape = (value) => (window.CSS && CSS.escape ? CSS.escape(value) : value.replace(/["\\]/g, '\\$&'));

  const stateElement = (id) => stage.querySelector(`[data-state-id="${cssEscape(id)}"]`);
  const edgeElement = (id) => stage.querySelector(`[data-edge-id="${cssEscape(id)}"]`);

  const statePath = (id) => {
    const state = machine.states[id];
    return state ? state.path || machine.id : id;
  };

  // ---------------------------------------------------------------------------------------------
  // Machine list

  for (const entry of data.machines) {
    const coverage = entry.coverage ? `${entry.coverage.covered}/${entry.coverage.edges} transitions covered` : '';
    // the machine itself is not counted as one of its states
    const stateCount = Object.keys(entry.states).length - 1;
    const edgeCount = Object.keys(entry.edges).length;
    list.append(
      element(
        'li',
        {},
        element(
          'button',
          { type: 'button', class: 'machine', 'data-machine': entry.id, onClick: () => selectMachine(entry.id) },
          element('span', { class: 'machine__title' }, entry.title),
          element(
            'span',
            { class: 'machine__meta' },
            `${entry.id} · ${stateCount} states · ${edgeCount} transitions`,
            coverage ? ` · ${coverage}` : '',
          ),
          element('span', { class: 'machine__description' }, entry.description),
        ),
      ),
    );
  }

  const PAGE_HASH = 'page:';

  for (const [name, screens] of Object.entries(data.pages)) {
    pageList.append(
      element(
        'li',
        {},
        element(
          'button',
          { type: 'button', class: 'machine', 'data-page': name, onClick: () => selectPage(name) },
          element('span', { class: 'machine__title' }, name),
          element('span', { class: 'machine__meta' }, `${screens.length} screens`),
        ),
      ),
    );
  }

  /** Marks the machine or page shown as the current one in the lists. */
  function markCurrent({ machineId, page }) {
    for (const button of list.querySelectorAll('[data-machine]')) {
      button.setAttribute('aria-current', String(button.dataset.machine === machineId));
    }
    for (const button of pageList.querySelectorAll('[data-page]')) {
      button.setAttribute('aria-current', String(button.dataset.page === page));
    }
  }

  /** A page no chart drives: no diagram, its screens only. */
  function selectPage(name, { updateHash = true } = {}) {
    const screens = data.pages[name];
    if (!screens) return;
    machine = undefined;
    svg = undefined;
    markCurrent({ page: name });
    chartTitle.textContent = `Page ${name} (no chart)`;
    Object.assign(view, { scale: 1, x: 0, y: 0 });
    apply();
    stage.replaceChildren(element('p', { class: 'note' }, 'No chart drives this page: its screens are beside.'));
    details.replaceChildren(
      element('h2', { id: 'details-title' }, `Page ${name}`),
      element('h3', {}, `Screens (${screens.length})`),
      screenGallery(
        screens.map((screen) => ({ ...screen, state: name })),
        name,
        (id) => id,
      ),
    );
    if (updateHash && location.hash !== `#${PAGE_HASH}${name}`) history.replaceState(null, '', `#${PAGE_HASH}${name}`);
  }

  // ---------------------------------------------------------------------------------------------
  // The chart

  function decorate() {
    for (const node of svg.querySelectorAll('[data-state-id]')) {
      const state = machine.states[node.dataset.stateId];
      node.setAttribute('tabindex', '0');
      node.setAttribute('role', 'button');
      node.setAttribute('aria-label', `State ${state ? state.path || machine.id : node.dataset.stateId}`);
    }
    for (const node of svg.querySelectorAll('[data-edge-id]')) {
      const edge = machine.edges[node.dataset.edgeId];
      node.setAttribute('tabindex', '0');
      node.setAttribute('role', 'button');
      if (!edge) continue;
      const targets = edge.targets.length ? edge.targets.map(statePath).join(', ') : 'itself';
      node.setAttribute('aria-label', `Transition ${edge.label} from ${statePath(edge.source)} to ${targets}`);
      if (edge.covered === false) node.classList.add('is-uncovered');
    }
  }

  function selectMachine(id, { updateHash = true } = {}) {
    const next = machines.get(id);
    if (!next) return;
    machine = next;
    markCurrent({ machineId: id });
    chartTitle.textContent = `${machine.title} (${machine.id})`;
    stage.innerHTML = machine.svg;
    svg = stage.querySelector('svg');
    decorate();
    fit('width');
    showMachine();
    if (updateHash && location.hash !== `#${id}`) history.replaceState(null, '', `#${id}`);
  }

  function clearSelection() {
    for (const node of stage.querySelectorAll('.is-selected, .is-related')) {
      node.classList.remove('is-selected', 'is-related');
    }
  }

  function outgoing(stateId) {
    return Object.entries(machine.edges).filter(([, edge]) => edge.source === stateId);
  }

  function incoming(stateId) {
    return Object.entries(machine.edges).filter(([, edge]) => edge.targets.includes(stateId));
  }

  /** Screens of the state, then of its descendants (a compound state shows what its children show). */
  function screensOf(stateId) {
    const own = (machine.screens[stateId] || []).map((screen) => ({ ...screen, state: stateId }));
    const below = Object.keys(machine.states)
      .filter((id) => id !== stateId && id.startsWith(`${stateId}.`))
      .flatMap((id) => (machine.screens[id] || []).map((screen) => ({ ...screen, state: id })));
    return [...own, ...below];
  }

  const stateLink = (id) =>
    element(
      'button',
      { type: 'button', class: 'link', onClick: () => selectState(id, { reveal: true }) },
      statePath(id),
    );

  const edgeLink = (id) =>
    element(
      'button',
      { type: 'button', class: 'link', onClick: () => selectEdge(id, { reveal: true }) },
      machine.edges[id].label,
    );

  function coverageText(edge) {
    if (edge.covered === null) return element('span', {}, 'unknown (no coverage report for this machine)');
    return edge.covered
      ? element('span', { class: 'coverage--covered' }, 'covered by the path tests')
      : element('span', { class: 'coverage--uncovered' }, 'not covered by any path test');
  }

  function showMachine() {
    clearSelection();
    const stateCount = Object.keys(machine.states).length - 1;
    const edges = Object.values(machine.edges);
    details.replaceChildren(
      element('h2', { id: 'details-title' }, machine.title),
      element('p', { class: 'note' }, machine.description),
      definitionList([
        ['Machine', code(machine.id)],
        ['States', String(stateCount)],
        ['Transitions', String(edges.length)],
        [
          'Coverage',
          machine.coverage ? `${machine.coverage.covered} of ${machine.coverage.edges} transitions` : 'no report',
        ],
      ]),
      element('p', { class: 'note' }, 'Select a state to see its screens, or a transition to see its event and guard.'),
    );
  }

  /** The screens' languages and widths the gallery shows; kept while the designer moves between states. */
  const screenFilter = { lang: '', width: '' };

  function filterSelect(label, key, values, onChange) {
    const select = element(
      'select',
      {},
      element('option', { value: '' }, 'all'),
      values.map((value) => element('option', { value, selected: String(value) === screenFilter[key] }, value)),
    );
    select.addEventListener('change', () => {
      screenFilter[key] = select.value;
      onChange();
    });
    return element('label', {}, `${label} `, select);
  }

  /**
   * A state's (or a page's) screens, filtered by language and phone width (each screen exists in four languages and
   * two widths); `nameOf` names the state a screen shows.
   */
  function screenGallery(screens, stateId, nameOf = statePath) {
    const figures = element('div', { class: 'screens' });
    const render = () =>
      figures.replaceChildren(
        ...screens
          .filter((screen) => !screenFilter.lang || screen.lang === screenFilter.lang)
          .filter((screen) => !screenFilter.width || String(screen.width) === screenFilter.width)
          .map((screen) => {
            const where = `${screen.caption} · ${screen.lang} · ${screen.width} px`;
            return element(
              'figure',
              {},
              element('img', { src: screen.src, alt: `${nameOf(screen.state)}, ${where}`, loading: 'lazy' }),
              element('figcaption', {}, `${screen.state === stateId ? '' : `${nameOf(screen.state)} · `}${where}`),
            );
          }),
      );
    render();
    const distinct = (key) => [...new Set(screens.map((screen) => screen[key]))];
    return element(
      'div',
      {},
      element(
        'div',
        { class: 'screen-filters' },
        filterSelect('Language', 'lang', distinct('lang'), render),
        filterSelect('Width', 'width', distinct('width'), render),
      ),
      figures,
    );
  }

  function selectState(id, { reveal = false } = {}) {
    const state = machine.states[id];
    const node = stateElement(id);
    if (!state || !node) return;
    clearSelection();
    node.classList.add('is-selected');
    const leaving = outgoing(id);
    const entering = incoming(id);
    for (const [edgeId] of [...leaving, ...entering]) edgeElement(edgeId)?.classList.add('is-related');
    if (reveal) revealNode(node);

    const screens = screensOf(id);
    details.replaceChildren(
      element('h2', { id: 'details-title' }, `State ${state.key}`),
      definitionList([
        ['Id', code(id)],
        ['Type', state.kind],
        ['Parent', state.parent ? stateLink(state.parent) : null],
        ['Initial child', state.initial ? stateLink(state.initial) : null],
        ['Tags', state.tags.length ? state.tags.join(', ') : null],
        [
          'Invokes',
          state.invokes.length
            ? element(
                'ul',
                {},
                state.invokes.map((name) => element('li', {}, code(name))),
              )
            : null,
        ],
      ]),
      element('h3', {}, `Leaves by (${leaving.length})`),
      leaving.length
        ? element(
            'ul',
            {},
            leaving.map(([edgeId, edge]) =>
              element(
                'li',
                {},
                edgeLink(edgeId),
                ` → ${edge.targets.length ? edge.targets.map(statePath).join(', ') : 'stays'}`,
              ),
            ),
          )
        : element('p', { class: 'note' }, 'No transitions leave this state.'),
      element('h3', {}, `Entered by (${entering.length})`),
      entering.length
        ? element(
            'ul',
            {},
            entering.map(([edgeId, edge]) => element('li', {}, edgeLink(edgeId), ` from ${statePath(edge.source)}`)),
          )
        : element('p', { class: 'note' }, 'No transition targets this state directly.'),
      element('h3', {}, `Screens (${screens.length})`),
      screens.length
        ? screenGallery(screens, id)
        : element('p', { class: 'note' }, 'No screenshot of this state (npm run screenshots takes them).'),
    );
  }

  function selectEdge(id, { reveal = false } = {}) {
    const edge = machine.edges[id];
    const node = edgeElement(id);
    if (!edge || !node) return;
    clearSelection();
    node.classList.add('is-selected');
    for (const stateId of [edge.source, ...edge.targets]) stateElement(stateId)?.classList.add('is-related');
    if (reveal) revealNode(node);
    details.replaceChildren(
      element('h2', { id: 'details-title' }, `Transition ${edge.label}`),
      definitionList([
        ['Event', code(edge.eventType)],
        ['Guard', edge.guard ? code(edge.guard) : 'none'],
        ['Source', stateLink(edge.source)],
        [
          'Targets',
          edge.targets.length
            ? element(
                'ul',
                {},
                edge.targets.map((target) => element('li', {}, stateLink(target))),
              )
            : 'none: it stays in its source (actions only)',
        ],
        ['Coverage', coverageText(edge)],
        ['Id', code(id)],
      ]),
    );
  }

  /** The innermost state or edge at a DOM node: an edge inside a state wins. */
  function hit(target) {
    return target instanceof Element ? target.closest('[data-edge-id], [data-state-id]') : null;
  }

  function activate(node) {
    if (node.dataset.edgeId) selectEdge(node.dataset.edgeId);
    else selectState(node.dataset.stateId);
  }

  stage.addEventListener('click', (event) => {
    if (dragged) return;
    const node = hit(event.target);
    if (node) activate(node);
  });

  stage.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    const node = hit(event.target);
    if (!node) return;
    event.preventDefault();
    event.stopPropagation();
    activate(node);
  });

  coverageToggle.addEventListener('change', () => {
    document.body.classList.toggle('show-coverage', coverageToggle.checked);
  });
  document.body.classList.toggle('show-coverage', coverageToggle.checked);

  // ---------------------------------------------------------------------------------------------
  // Pan and zoom

  function apply() {
    stage.style.transform = `translate(${view.x}px, ${view.y}px) scale(${view.scale})`;
  }

  function chartSize() {
    return { width: Number(svg.getAttribute('width')), height: Number(svg.getAttribute('height')) };
  }

  function fit(mode) {
    // A page without a chart has nothing to fit.
    if (!svg) return;
    const { width, height } = chartSize();
    const box = viewport.getBoundingClientRect();
    if (mode === 'actual') view.scale = 1;
    else if (mode === 'all') view.scale = Math.min(box.width / width, box.height / height, 2);
    else view.scale = Math.min(box.width / width, 2);
    view.x = Math.max(0, (box.width - width * view.scale) / 2);
    view.y = mode === 'all' ? Math.max(0, (box.height - height * view.scale) / 2) : 0;
    apply();
  }

  function zoomAt(factor, clientX, clientY) {
    const box = viewport.getBoundingClientRect();
    const px = clientX === undefined ? box.width / 2 : clientX - box.left;
    const py = clientY === undefined ? box.height / 2 : clientY - box.top;
    const scale = Math.min(Math.max(view.scale * factor, 0.1), 4);
    view.x = px - ((px - view.x) * scale) / view.scale;
    view.y = py - ((py - view.y) * scale) / view.scale;
    view.scale = scale;
    apply();
  }

  /** Pans so that a state or edge chosen from the panel is in sight. */
  function revealNode(node) {
    const box = viewport.getBoundingClientRect();
    const target = node.getBoundingClientRect();
    const inside =
      target.left >= box.left && target.right <= box.right && target.top >= box.top && target.bottom <= box.bottom;
    if (!inside) {
      view.x += box.left + box.width / 2 - (target.left + target.width / 2);
      view.y += box.top + box.height / 2 - (target.top + target.height / 2);
      apply();
    }
    node.focus({ preventScroll: true });
  }

  for (const button of document.querySelectorAll('[data-zoom]')) {
    button.addEventListener('click', () => {
      const mode = button.dataset.zoom;
      if (mode === 'in') zoomAt(1.25);
      else if (mode === 'out') zoomAt(0.8);
      else fit(mode);
    });
  }

  viewport.addEventListener(
    'wheel',
    (event) => {
      event.preventDefault();
      zoomAt(event.deltaY < 0 ? 1.1 : 1 / 1.1, event.clientX, event.clientY);
    },
    { passive: false },
  );

  viewport.addEventListener('keydown', (event) => {
    if (event.target !== viewport) return;
    const step = 60;
    const moves = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    if (moves[event.key]) {
      view.x += moves[event.key][0];
      view.y += moves[event.key][1];
      apply();
    } else if (event.key === '+' || event.key === '=') zoomAt(1.25);
    else if (event.key === '-') zoomAt(0.8);
    else return;
    event.preventDefault();
  });

  viewport.addEventListener('pointerdown', (event) => {
    if (event.button !== 0) return;
    drag = { x: event.clientX, y: event.clientY, viewX: view.x, viewY: view.y, id: event.pointerId };
    dragged = false;
  });
  viewport.addEventListener('pointermove', (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!dragged && Math.hypot(dx, dy) < 4) return;
    if (!dragged) {
      dragged = true;
      viewport.setPointerCapture(event.pointerId);
      viewport.classList.add('is-panning');
    }
    view.x = drag.viewX + dx;
    view.y = drag.viewY + dy;
    apply();
  });
  const endDrag = () => {
    drag = undefined;
    viewport.classList.remove('is-panning');
    // the click that ends a drag is not a selection; later clicks are
    setTimeout(() => {
      dragged = false;
    });
  };
  viewport.addEventListener('pointerup', endDrag);
  viewport.addEventListener('pointercancel', endDrag);

  /** `#purchase` shows a machine, `#page:contact` a page without a chart. */
  function showFromHash() {
    const id = decodeURIComponent(location.hash.slice(1));
    if (id.startsWith(PAGE_HASH) && data.pages[id.slice(PAGE_HASH.length)]) {
      selectPage(id.slice(PAGE_HASH.length), { updateHash: false });
      return true;
    }
    if (!machines.has(id)) return false;
    if (!machine || machine.id !== id) selectMachine(id, { updateHash: false });
    return true;
  }

  window.addEventListener('hashchange', showFromHash);
  if (!showFromHash()) selectMachine(data.machines[0].id, { updateHash: false });
})();
