/**
 * A statechart as Mermaid `stateDiagram-v2` text: the machine is the outer composite state, nested
 * states keep their nesting, `[*]` marks each initial child and final states lead to `[*]`,
 * parallel regions are separated by `--`, transitions are labelled `event [guard]`.
 */
import { flattenStates, type Chart, type ChartEdge, type ChartState } from './model';

/** Mermaid ids: letters, digits and `_` only, so `purchase.SELECT_PRODUCT` -> `purchase__SELECT_PRODUCT`. */
function mermaidIds(chart: Chart): Map<string, string> {
  const ids = new Map<string, string>();
  const taken = new Set<string>();
  for (const state of flattenStates(chart.root)) {
    const base = state.id.replace(/\./g, '__').replace(/[^A-Za-z0-9_]/g, '_');
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}_${n}`;
    taken.add(id);
    ids.set(state.id, id);
  }
  return ids;
}

/** Mermaid ends a label at `:` or `;`, and reads `#` and quotes specially. */
function mermaidText(text: string): string {
  return text.replace(/:\s*/g, ' ').replace(/[;#"]/g, ' ').replace(/\s+/g, ' ').trim();
}

export function renderMermaid(chart: Chart): string {
  const ids = mermaidIds(chart);
  const idOf = (stateId: string) => {
    const id = ids.get(stateId);
    if (!id) throw new Error(`${stateId} is not a state of ${chart.id}`);
    return id;
  };
  // each transition is written in the innermost state that contains its source and its targets
  const edgesByContainer = new Map<string, ChartEdge[]>();
  const parents = new Map<string, string | undefined>();
  for (const state of flattenStates(chart.root)) {
    for (const child of state.children) parents.set(child.id, state.id);
  }
  parents.set(chart.root.id, undefined);
  const ancestors = (stateId: string): string[] => {
    const parent = parents.get(stateId);
    return parent === undefined ? [stateId] : [stateId, ...ancestors(parent)];
  };
  const containerOf = (edge: ChartEdge): string => {
    const ends = [edge.source, ...edge.targets].map((id) => ancestors(id).slice(1));
    const [first = [], ...rest] = ends;
    return first.find((candidate) => rest.every((chain) => chain.includes(candidate))) ?? chart.root.id;
  };
  for (const edge of chart.edges) {
    const container = edge.source === chart.root.id ? chart.root.id : containerOf(edge);
    edgesByContainer.set(container, [...(edgesByContainer.get(container) ?? []), edge]);
  }

  const lines: string[] = ['stateDiagram-v2', '  direction LR'];
  const write = (state: ChartState, depth: number, outer: boolean) => {
    const pad = '  '.repeat(depth);
    const id = idOf(state.id);
    lines.push(`${pad}state "${mermaidText(state.key)}" as ${id}`);
    const notes = [
      ...(state.tags.length ? [`tags ${state.tags.join(', ')}`] : []),
      ...state.invokes.map((invoke) => `invoke ${invoke}`),
    ];
    for (const note of notes) lines.push(`${pad}${id} : ${mermaidText(note)}`);
    if (state.kind === 'final') lines.push(`${pad}${id} --> [*]`);
    if (state.children.length === 0 && !(edgesByContainer.get(state.id) ?? []).length) return;
    lines.push(`${pad}state ${id} {`);
    if (state.initial) lines.push(`${pad}  [*] --> ${idOf(state.initial)}`);
    state.children.forEach((child, index) => {
      if (state.kind === 'parallel' && index > 0) lines.push(`${pad}  --`);
      write(child, depth + 1, false);
    });
    for (const edge of edgesByContainer.get(state.id) ?? []) {
      const targets = edge.targets.length ? edge.targets : [edge.source];
      for (const target of targets) {
        lines.push(`${pad}  ${idOf(edge.source)} --> ${idOf(target)} : ${mermaidText(edge.label)}`);
      }
    }
    lines.push(`${pad}}`);
    if (outer) lines.push(`${pad}[*] --> ${id}`);
  };
  write(chart.root, 1, true);
  return `${lines.join('\n')}\n`;
}
