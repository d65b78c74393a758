/**
 * The generated files of visualizations/: `<id>.svg`, `<id>.mmd` per chart and index.html.
 * Generated in memory, so that `--check` can compare them with what is committed.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ChartEntry } from '../machines';
import { renderExplorer, unknownScreens, type RenderedChart } from './explorer';
import type { GeneratorInputs } from './inputs';
import { renderMermaid } from './mermaid';
import { chartOf } from './model';
import { renderSvg } from './svg';

export const INDEX_FILE = 'index.html';

/** File name (relative to visualizations/) -> content. */
export type Outputs = Map<string, string>;

export interface Generated {
  outputs: Outputs;
  /** Things worth telling whoever regenerates (screens of states that no longer exist ...). */
  warnings: string[];
}

export async function generateOutputs(entries: readonly ChartEntry[], inputs: GeneratorInputs): Promise<Generated> {
  const ids = entries.map((entry) => entry.id);
  const duplicate = ids.find((id, index) => ids.indexOf(id) !== index);
  if (duplicate) throw new Error(`two charts have the id ${duplicate}`);

  const outputs: Outputs = new Map();
  const rendered: RenderedChart[] = [];
  for (const entry of entries) {
    const chart = chartOf(entry.machine);
    const svg = await renderSvg(chart);
    outputs.set(`${entry.id}.svg`, svg);
    outputs.set(`${entry.id}.mmd`, renderMermaid(chart));
    rendered.push({ entry, chart, svg });
  }
  outputs.set(INDEX_FILE, renderExplorer(rendered, inputs));
  const warnings = unknownScreens(rendered, inputs.screens).map(
    (screen) => `screens/${screen.file}: ${screen.state} is not a state of any chart; the explorer leaves it out`,
  );
  return { outputs, warnings };
}

/** Generated files in `dir` that no chart produces any more. */
function orphans(dir: string, outputs: Outputs): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => /\.(svg|mmd)$/.test(name) && !outputs.has(name))
    .sort();
}

/** The files of `dir` that differ from `outputs`, are missing, or are left over: empty when up to date. */
export function staleFiles(dir: string, outputs: Outputs): string[] {
  const stale = [...outputs]
    .filter(([name, content]) => {
      const path = join(dir, name);
      return !existsSync(path) || readFileSync(path, 'utf8') !== content;
    })
    .map(([name]) => name);
  return [...stale, ...orphans(dir, outputs).map((name) => `${name} (no chart generates it any more)`)];
}

/** Writes `outputs` into `dir` and removes the diagrams of charts that are gone. */
export function writeOutputs(dir: string, outputs: Outputs): void {
  mkdirSync(dir, { recursive: true });
  for (const name of orphans(dir, outputs)) rmSync(join(dir, name));
  for (const [name, content] of outputs) writeFileSync(join(dir, name), content);
}
