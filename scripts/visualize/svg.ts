/**
 * A statechart as SVG, laid out offline with elkjs (layered, hierarchical): compound states
 * contain their children, parallel regions are dashed, a dot and an arrow mark each initial child,
 * final states have a double border. Text sizes are estimated without a DOM from the fixed advance
 * of a monospace font, so the same chart always gives the same bytes.
 *
 * Hooks for the explorer and the live view: each state `<g data-state-id="<state node id>">`, each
 * edge `<g data-edge-id="<Edge.id>" data-edge-source data-edge-event>`.
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkLabel, ElkNode, ElkPoint } from 'elkjs/lib/elk-api';
import { flattenStates, staysInSource, type Chart, type ChartEdge, type ChartState } from './model';

export const FONT_FAMILY = "ui-monospace, Menlo, Consolas, 'DejaVu Sans Mono', 'Liberation Mono', monospace";
/** The advance of a monospace character, in em. */
const ADVANCE = 0.6;

const SIZE = { name: 13, tags: 10, line: 11, label: 11 } as const;
const LINE_HEIGHT = { name: 18, tags: 14, line: 16 } as const;
const PAD = { x: 10, top: 8, bottom: 8, child: 14 } as const;
const MIN = { width: 96, height: 40 } as const;
const INITIAL_DOT = 12;
const LABEL_PAD = 4;
const LABEL_HEIGHT = 16;
const MARGIN = 16;

const COLOURS = {
  text: '#111827',
  muted: '#4b5563',
  stroke: '#475569',
  edge: '#64748b',
  state: '#ffffff',
  compound: '#f8fafc',
  root: '#f1f5f9',
  label: '#ffffff',
} as const;

export function textWidth(text: string, size: number): number {
  return Math.ceil(Array.from(text).length * size * ADVANCE);
}

const round = (value: number) => Math.round(value * 10) / 10;

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

// ---------------------------------------------------------------------------------------------
// What a state writes in its header

interface HeaderLine {
  text: string;
  size: number;
  height: number;
  kind: 'name' | 'tags' | 'invoke' | 'self';
  edge?: ChartEdge;
}

function headerLines(state: ChartState): HeaderLine[] {
  return [
    { text: state.key, size: SIZE.name, height: LINE_HEIGHT.name, kind: 'name' },
    ...(state.tags.length
      ? [{ text: `tags: ${state.tags.join(', ')}`, size: SIZE.tags, height: LINE_HEIGHT.tags, kind: 'tags' as const }]
      : []),
    ...state.invokes.map((invoke) => ({
      text: `invoke: ${invoke}`,
      size: SIZE.line,
      height: LINE_HEIGHT.line,
      kind: 'invoke' as const,
    })),
    ...state.selfEdges.map((edge) => ({
      text: `↻ ${edge.label}`,
      size: SIZE.line,
      height: LINE_HEIGHT.line,
      kind: 'self' as const,
      edge,
    })),
  ];
}

/** The final state's inner border sits this far inside the outer one. */
const FINAL_INSET = 4;

function headerBox(state: ChartState) {
  const lines = headerLines(state);
  const inset = state.kind === 'final' ? FINAL_INSET : 0;
  const width = Math.max(MIN.width, ...lines.map((line) => textWidth(line.text, line.size) + 2 * (PAD.x + inset)));
  const height = PAD.top + inset + lines.reduce((sum, line) => sum + line.height, 0) + PAD.bottom;
  return { lines, width, height };
}

// ---------------------------------------------------------------------------------------------
// The ELK graph

const initialId = (state: ChartState) => `__initial:${state.id}`;

/**
 * Layered, left to right. With INCLUDE_CHILDREN each compound state is a graph of its own in the
 * layered algorithm, which reads these options from it: so every compound node carries them.
 * Depth-first cycle breaking keeps the flow in the order the chart is written (the initial state on
 * the left, the outcomes on the right); back edges then run right to left.
 */
const LAYERED_OPTIONS: Record<string, string> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.edgeLabels.placement': 'CENTER',
  'elk.layered.cycleBreaking.strategy': 'DEPTH_FIRST',
  'elk.layered.spacing.nodeNodeBetweenLayers': '36',
  'elk.layered.spacing.edgeNodeBetweenLayers': '14',
  'elk.layered.spacing.edgeEdgeBetweenLayers': '10',
  'elk.spacing.nodeNode': '28',
  'elk.spacing.edgeNode': '14',
  'elk.spacing.edgeEdge': '10',
  'elk.spacing.edgeLabel': '3',
  'elk.spacing.componentComponent': '28',
};

const ROOT_OPTIONS: Record<string, string> = {
  ...LAYERED_OPTIONS,
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  // every coordinate relative to the whole drawing, whatever node or edge it belongs to
  'elk.json.shapeCoords': 'ROOT',
  'elk.json.edgeCoords': 'ROOT',
};

function elkNode(state: ChartState): ElkNode {
  const header = headerBox(state);
  if (state.children.length === 0) {
    return { id: state.id, width: header.width, height: Math.max(MIN.height, header.height) };
  }
  const marker: ElkNode[] = state.initial ? [{ id: initialId(state), width: INITIAL_DOT, height: INITIAL_DOT }] : [];
  return {
    id: state.id,
    layoutOptions: {
      ...LAYERED_OPTIONS,
      'elk.padding': `[top=${header.height + PAD.child / 2},left=${PAD.child},bottom=${PAD.child},right=${PAD.child}]`,
      'elk.nodeSize.constraints': 'MINIMUM_SIZE',
      'elk.nodeSize.minimum': `(${header.width}, ${header.height + MIN.height})`,
    },
    children: [...marker, ...state.children.map(elkNode)],
  };
}

function labelOf(text: string): ElkLabel {
  return { text, width: textWidth(text, SIZE.label) + 2 * LABEL_PAD, height: LABEL_HEIGHT };
}

/** ELK edge ids: `e<index of the chart edge>.<index of the target>`, and `i:<state id>` for initial arrows. */
function elkEdges(chart: Chart): ElkExtendedEdge[] {
  const drawn: ElkExtendedEdge[] = [];
  chart.edges.forEach((edge, index) => {
    if (staysInSource(edge)) return;
    edge.targets.forEach((target, targetIndex) => {
      drawn.push({
        id: `e${index}.${targetIndex}`,
        sources: [edge.source],
        targets: [target],
        // one label per edge, on its first arrow
        labels: targetIndex === 0 ? [labelOf(edge.label)] : [],
      });
    });
  });
  for (const state of flattenStates(chart.root)) {
    if (state.initial) drawn.push({ id: `i:${state.id}`, sources: [initialId(state)], targets: [state.initial] });
  }
  return drawn;
}

// ---------------------------------------------------------------------------------------------
// Rendering

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function boxesOf(node: ElkNode, boxes = new Map<string, Box>()): Map<string, Box> {
  for (const child of node.children ?? []) {
    boxes.set(child.id, { x: child.x ?? 0, y: child.y ?? 0, width: child.width ?? 0, height: child.height ?? 0 });
    boxesOf(child, boxes);
  }
  return boxes;
}

function pathOf(edge: ElkExtendedEdge): string {
  return (edge.sections ?? [])
    .map((section) => {
      const points: ElkPoint[] = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint];
      return points.map((point, i) => `${i === 0 ? 'M' : 'L'}${round(point.x)} ${round(point.y)}`).join(' ');
    })
    .join(' ');
}

/** Where a label goes when ELK placed none: the middle of the edge's longest segment. */
function fallbackLabelBox(edge: ElkExtendedEdge, label: ElkLabel): Box {
  const points = (edge.sections ?? []).flatMap((section) => [
    section.startPoint,
    ...(section.bendPoints ?? []),
    section.endPoint,
  ]);
  let best = { x: 0, y: 0, length: -1 };
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    if (!a || !b) continue;
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    if (length > best.length) best = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, length };
  }
  const width = label.width ?? 0;
  const height = label.height ?? 0;
  return { x: best.x - width / 2, y: best.y - height / 2, width, height };
}

function text(x: number, y: number, content: string, attributes: string): string {
  return `<text x="${round(x)}" y="${round(y)}" ${attributes}>${escapeXml(content)}</text>`;
}

function rect(box: Box, attributes: string, inset = 0): string {
  return `<rect x="${round(box.x + inset)}" y="${round(box.y + inset)}" width="${round(box.width - 2 * inset)}" height="${round(box.height - 2 * inset)}" ${attributes}/>`;
}

function edgeAttributes(edge: ChartEdge): string {
  return `data-edge-id="${escapeXml(edge.id)}" data-edge-source="${escapeXml(edge.source)}" data-edge-event="${escapeXml(edge.eventType)}"`;
}

function renderState(state: ChartState, boxes: Map<string, Box>, depth: number): string {
  const box = boxes.get(state.id);
  if (!box) throw new Error(`ELK placed no box for ${state.id}`);
  const { lines } = headerBox(state);
  const inset = state.kind === 'final' ? FINAL_INSET : 0;
  const fill = depth === 0 ? COLOURS.root : state.children.length ? COLOURS.compound : COLOURS.state;
  const frame = state.region
    ? rect(box, `rx="6" fill="none" stroke="${COLOURS.stroke}" stroke-width="1.2" stroke-dasharray="6 4"`)
    : rect(box, `rx="10" fill="${fill}" stroke="${COLOURS.stroke}" stroke-width="1.5"`);
  const parts = [frame];
  if (state.kind === 'final') {
    parts.push(rect(box, `rx="7" fill="none" stroke="${COLOURS.stroke}" stroke-width="1.5"`, FINAL_INSET));
  }
  let y = box.y + PAD.top + inset;
  const x = box.x + PAD.x + inset;
  for (const line of lines) {
    const baseline = y + line.height - (line.height - line.size) / 2 - 2;
    if (line.kind === 'name') {
      parts.push(text(x, baseline, line.text, `font-size="${line.size}" font-weight="700" fill="${COLOURS.text}"`));
    } else if (line.kind === 'tags') {
      parts.push(text(x, baseline, line.text, `font-size="${line.size}" font-style="italic" fill="${COLOURS.muted}"`));
    } else if (line.kind === 'invoke') {
      parts.push(text(x, baseline, line.text, `font-size="${line.size}" fill="${COLOURS.muted}"`));
    } else if (line.edge) {
      parts.push(
        `<g class="edge edge--self" ${edgeAttributes(line.edge)}>${text(x, baseline, line.text, `font-size="${line.size}" fill="${COLOURS.text}"`)}</g>`,
      );
    }
    y += line.height;
  }
  const children = state.children.map((child) => renderState(child, boxes, depth + 1));
  const kindClass = state.region ? 'region' : state.kind;
  return `<g class="state state--${kindClass}" data-state-id="${escapeXml(state.id)}">${parts.join('')}${children.join('')}</g>`;
}

function renderInitial(state: ChartState, boxes: Map<string, Box>, edge: ElkExtendedEdge | undefined, arrow: string) {
  const dot = boxes.get(initialId(state));
  if (!dot || !edge) return '';
  const radius = INITIAL_DOT / 2;
  return `<g class="initial"><circle cx="${round(dot.x + radius)}" cy="${round(dot.y + radius)}" r="${radius - 1}" fill="${COLOURS.text}"/><path d="${pathOf(edge)}" fill="none" stroke="${COLOURS.text}" stroke-width="1.3" marker-end="url(#${arrow})"/></g>`;
}

function renderEdge(edge: ChartEdge, arrows: ElkExtendedEdge[], arrow: string): string {
  const paths = arrows.map(
    (drawn) =>
      `<path d="${pathOf(drawn)}" fill="none" stroke="${COLOURS.edge}" stroke-width="1.3" marker-end="url(#${arrow})"/>`,
  );
  const first = arrows[0];
  const label = first?.labels?.[0];
  let labelSvg = '';
  if (first && label) {
    const box =
      label.x === undefined || label.y === undefined
        ? fallbackLabelBox(first, label)
        : { x: label.x, y: label.y, width: label.width ?? 0, height: label.height ?? 0 };
    labelSvg =
      rect(box, `rx="3" fill="${COLOURS.label}" fill-opacity="0.92"`) +
      text(box.x + LABEL_PAD, box.y + box.height - 4, edge.label, `font-size="${SIZE.label}" fill="${COLOURS.text}"`);
  }
  return `<g class="edge" ${edgeAttributes(edge)}>${paths.join('')}${labelSvg}</g>`;
}

const elk = new ELK();

/** The chart as an SVG document (no XML declaration, so that it can also be inlined in HTML). */
export async function renderSvg(chart: Chart): Promise<string> {
  const graph: ElkNode = {
    id: '__graph',
    layoutOptions: ROOT_OPTIONS,
    children: [elkNode(chart.root)],
    edges: elkEdges(chart),
  };
  const laidOut = await elk.layout(graph);
  const boxes = boxesOf(laidOut);
  const byId = new Map((laidOut.edges ?? []).map((edge) => [edge.id, edge]));
  const arrow = `${chart.id}-arrow`;

  const states = renderState(chart.root, boxes, 0);
  const initials = flattenStates(chart.root)
    .map((state) => renderInitial(state, boxes, byId.get(`i:${state.id}`), arrow))
    .join('');
  const edges = chart.edges
    .map((edge, index) => {
      if (staysInSource(edge)) return '';
      const arrows = edge.targets.flatMap((_, targetIndex) => byId.get(`e${index}.${targetIndex}`) ?? []);
      return renderEdge(edge, arrows, arrow);
    })
    .join('');

  const width = Math.ceil((laidOut.width ?? 0) + 2 * MARGIN);
  const height = Math.ceil((laidOut.height ?? 0) + 2 * MARGIN);
  const defs = `<defs><marker id="${arrow}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0 1L9 5L0 9z" fill="${COLOURS.edge}"/></marker></defs>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" font-family="${escapeXml(FONT_FAMILY)}" data-machine-id="${escapeXml(chart.id)}" role="img" aria-label="${escapeXml(`Statechart of ${chart.id}`)}">`,
    `<title>${escapeXml(`Statechart of ${chart.id}`)}</title>`,
    defs,
    `<g transform="translate(${MARGIN} ${MARGIN})">`,
    states,
    initials,
    edges,
    '</g>',
    '</svg>',
    '',
  ].join('\n');
}
