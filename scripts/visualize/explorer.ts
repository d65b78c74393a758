/**
 * visualizations/index.html: the flow explorer. One self-contained page that works opened from
 * disk (file://): the charts' SVG and everything the panel shows are embedded as JSON, the page's
 * script and styles are inlined (explorer.client.js, explorer.css); only the screenshots are
 * separate files, referenced with relative `<img src>`.
 */
import { readFileSync } from 'node:fs';
import type { ChartEntry } from '../machines';
import type { GeneratorInputs, ScreenEntry } from './inputs';
import { escapeXml } from './svg';
import { PAGES_WITHOUT_CHART, SCREENS_DIR } from './inputs';
import { flattenStates, type Chart } from './model';

export interface RenderedChart {
  entry: Pick<ChartEntry, 'id' | 'title' | 'description'>;
  chart: Chart;
  svg: string;
}

interface ExplorerState {
  key: string;
  /** The path from the machine, e.g. `SELECT_PAYMENT_METHOD.ChoosingMethod`. */
  path: string;
  kind: string;
  parent: string | null;
  tags: string[];
  invokes: string[];
  initial: string | null;
}

interface ExplorerEdge {
  label: string;
  eventType: string;
  guard: string | null;
  source: string;
  targets: string[];
  /** null when coverage.json has no entry for the machine. */
  covered: boolean | null;
}

interface ExplorerScreen {
  lang: string;
  width: number;
  src: string;
  caption: string;
}

interface ExplorerMachine {
  id: string;
  title: string;
  description: string;
  coverage: { edges: number; covered: number } | null;
  svg: string;
  states: Record<string, ExplorerState>;
  edges: Record<string, ExplorerEdge>;
  /** By state id. */
  screens: Record<string, ExplorerScreen[]>;
}

const explorerScreen = (screen: ScreenEntry): ExplorerScreen => ({
  lang: screen.lang,
  width: screen.width,
  src: `${SCREENS_DIR}/${screen.file}`,
  caption: screen.caption,
});

/** The pages no chart drives (the welcome page, the information pages …), by page. */
function pagesData(inputs: GeneratorInputs): Record<string, ExplorerScreen[]> {
  const pages: Record<string, ExplorerScreen[]> = {};
  for (const screen of inputs.screens) {
    if (screen.machine !== PAGES_WITHOUT_CHART) continue;
    (pages[screen.state.slice(PAGES_WITHOUT_CHART.length + 1)] ??= []).push(explorerScreen(screen));
  }
  return pages;
}

function machineData({ entry, chart, svg }: RenderedChart, inputs: GeneratorInputs): ExplorerMachine {
  const coverage = inputs.coverage?.machines[chart.id];
  // Covered means listed as covered: an edge added since the path tests last ran shows as not covered.
  const covered = new Set(coverage?.covered ?? []);
  const states: Record<string, ExplorerState> = {};
  const visit = (state: Chart['root'], parent: string | null, path: string) => {
    states[state.id] = {
      key: state.key,
      path,
      kind: state.region ? 'region' : state.kind,
      parent,
      tags: state.tags,
      invokes: state.invokes,
      initial: state.initial ?? null,
    };
    for (const child of state.children) visit(child, state.id, path ? `${path}.${child.key}` : child.key);
  };
  visit(chart.root, null, '');
  const edges: Record<string, ExplorerEdge> = {};
  for (const edge of chart.edges) {
    edges[edge.id] = {
      label: edge.label,
      eventType: edge.eventType,
      guard: edge.guardLabel ?? null,
      source: edge.source,
      targets: edge.targets,
      covered: coverage ? covered.has(edge.id) : null,
    };
  }
  const screens: Record<string, ExplorerScreen[]> = {};
  for (const screen of inputs.screens) {
    if (screen.machine !== chart.id || !(screen.state in states)) continue;
    (screens[screen.state] ??= []).push(explorerScreen(screen));
  }
  return {
    id: chart.id,
    title: entry.title,
    description: entry.description,
    coverage: coverage
      ? { edges: chart.edges.length, covered: chart.edges.filter((edge) => covered.has(edge.id)).length }
      : null,
    svg,
    states,
    edges,
    screens,
  };
}

/**
 * Screens whose machine or state is not in the charts (a renamed state, a removed machine); a page no chart drives
 * is listed apart, not unknown.
 */
export function unknownScreens(charts: readonly RenderedChart[], screens: readonly ScreenEntry[]): ScreenEntry[] {
  const known = new Set(charts.flatMap(({ chart }) => flattenStates(chart.root).map((state) => state.id)));
  return screens.filter((screen) => screen.machine !== PAGES_WITHOUT_CHART && !known.has(screen.state));
}

const asset = (name: string) => readFileSync(new URL(`./${name}`, import.meta.url), 'utf8');

/** JSON inside a <script> element: nothing in it may close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** Which code the screenshots show: a screen changed since that commit still shows as it was. */
const screensTakenFrom = (commit: string | undefined) =>
  commit
    ? `<p class="top__screens">Screenshots taken from commit <code>${escapeXml(commit)}</code> (npm run screenshots): a screen changed since then still shows as it was.</p>`
    : '<p class="top__screens">No screenshots yet (npm run screenshots takes them).</p>';

export function renderExplorer(charts: readonly RenderedChart[], inputs: GeneratorInputs): string {
  const data = { machines: charts.map((rendered) => machineData(rendered, inputs)), pages: pagesData(inputs) };
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>PayPoint statecharts</title>
<!-- Generated by npm run visualize from the machine definitions; do not edit. -->
<style>
${asset('explorer.css')}</style>
</head>
<body>
<header class="top">
  <h1>PayPoint statecharts</h1>
  <p>Choose a machine, then a state (its screens) or a transition (its event and guard). Drag to pan, wheel or the buttons to zoom.</p>
  ${screensTakenFrom(inputs.screensCommit)}
</header>
<nav class="machines" aria-labelledby="machines-title">
  <h2 id="machines-title">Machines</h2>
  <ul id="machine-list"></ul>
  <h2 id="pages-title">Pages without a chart</h2>
  <ul id="page-list" aria-labelledby="pages-title"></ul>
</nav>
<main class="chart">
  <div class="toolbar" role="toolbar" aria-label="Chart view">
    <h2 id="chart-title" class="toolbar__title"></h2>
    <button type="button" data-zoom="in" aria-label="Zoom in">+</button>
    <button type="button" data-zoom="out" aria-label="Zoom out">−</button>
    <button type="button" data-zoom="width">Fit width</button>
    <button type="button" data-zoom="all">Fit all</button>
    <button type="button" data-zoom="actual">100%</button>
    <label class="toolbar__coverage"><input type="checkbox" id="show-coverage" checked> Mark uncovered transitions</label>
  </div>
  <div id="viewport" class="viewport" tabindex="0" aria-label="Chart (arrow keys pan, + and − zoom)">
    <div id="stage" class="stage"></div>
  </div>
</main>
<aside class="details" aria-labelledby="details-title">
  <div id="details" aria-live="polite"></div>
</aside>
<script type="application/json" id="explorer-data">${scriptJson(data)}</script>
<script>
${asset('explorer.client.js')}</script>
</body>
</html>
`;
}
