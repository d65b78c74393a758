/**
 * What the generator reads besides the machines, both committed under visualizations/:
 * - coverage.json, written by the path tests (`WRITE_COVERAGE=1 npx vitest run --project unit tests/paths`):
 *   `{"machines": {"<id>": {"covered": ["<Edge.id>", ...], "uncovered": ["<Edge.id>", ...]}}}`
 * - screens/manifest.json, written by `npm run screenshots` (tests/screens/): the commit they were taken
 *   from, and one entry per PNG.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyStateMachine } from 'xstate';
import { listEdges } from '../../machines/graph/statechart-edges';

/** The path tests' verdict on a chart: the ids of its edges they fire, and of those they do not. */
export interface MachineCoverage {
  covered: string[];
  uncovered: string[];
}

export interface CoverageReport {
  machines: Record<string, MachineCoverage>;
}

export interface ScreenEntry {
  /** The machine id. */
  machine: string;
  /** The state node id the screen shows (`purchase.SELECT_PAYMENT_METHOD.ChoosingMethod`). */
  state: string;
  lang: string;
  /** The viewport's width in CSS pixels (390 or 320). */
  width: number;
  /** Relative to visualizations/screens/, e.g. `purchase/SELECT_PRODUCT--list.en.390.png`. */
  file: string;
  /** What sets this screen apart from other screens of the same state (a product view, a method). */
  caption: string;
}

export interface GeneratorInputs {
  coverage: CoverageReport | undefined;
  screens: ScreenEntry[];
  /** The commit the screenshots were taken from (manifest.json's `commit`), when they were. */
  screensCommit?: string | undefined;
}

export const COVERAGE_FILE = 'coverage.json';
export const SCREENS_DIR = 'screens';
export const MANIFEST_FILE = `${SCREENS_DIR}/manifest.json`;
/** The manifest's `machine` for a screen that no chart drives: the explorer lists these pages apart. */
export const PAGES_WITHOUT_CHART = 'pages';

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`${path} is not valid JSON: ${String(error)}`);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readCoverage(path: string): CoverageReport | undefined {
  if (!existsSync(path)) return undefined;
  const report = readJson(path);
  if (!isRecord(report) || !isRecord(report.machines)) throw new Error(`${path}: expected {"machines": {...}}`);
  const machines: Record<string, MachineCoverage> = {};
  for (const [id, entry] of Object.entries(report.machines)) {
    if (!isRecord(entry) || !Array.isArray(entry.covered) || !Array.isArray(entry.uncovered)) {
      throw new Error(`${path}: machines.${id} needs covered and uncovered (lists of edge ids)`);
    }
    machines[id] = { covered: entry.covered.map(String), uncovered: entry.uncovered.map(String) };
  }
  return { machines };
}

function readScreens(dir: string): Pick<GeneratorInputs, 'screens' | 'screensCommit'> {
  const path = join(dir, MANIFEST_FILE);
  if (!existsSync(path)) return { screens: [] };
  const manifest = readJson(path);
  if (!isRecord(manifest) || !Array.isArray(manifest.screens) || typeof manifest.commit !== 'string') {
    throw new Error(`${path}: expected {"commit": "<the commit the screenshots were taken from>", "screens": [...]}`);
  }
  const screens = manifest.screens.map((entry: unknown, index): ScreenEntry => {
    const fields = ['machine', 'state', 'lang', 'file', 'caption'] as const;
    if (
      !isRecord(entry) ||
      fields.some((field) => typeof entry[field] !== 'string') ||
      typeof entry.width !== 'number'
    ) {
      throw new Error(`${path}: screens[${index}] needs ${fields.join(', ')} (strings) and width (a number)`);
    }
    return {
      machine: String(entry.machine),
      state: String(entry.state),
      lang: String(entry.lang),
      width: entry.width,
      file: String(entry.file),
      caption: String(entry.caption),
    };
  });
  return { screens, screensCommit: manifest.commit };
}

/** Reads coverage.json and the screens manifest of `dir`, when they exist. */
export function readInputs(dir: string): GeneratorInputs {
  return { coverage: readCoverage(join(dir, COVERAGE_FILE)), ...readScreens(dir) };
}

/**
 * Every chart the designers see has path tests that fire each of its edges, as coverage.json lists them
 * (npm run test:paths writes it): an edge of the chart not listed as covered, a new one included, and a
 * listed edge the chart no longer has are both gaps.
 */
export function coverageGaps(
  charts: readonly { id: string; machine: AnyStateMachine }[],
  coverage: CoverageReport | undefined,
): string[] {
  return charts.flatMap(({ id, machine }) => {
    const entry = coverage?.machines[id];
    if (!entry) return [`${id}: no path tests in coverage.json`];
    const edges = listEdges(machine).map((edge) => edge.id);
    const covered = new Set(entry.covered);
    const notCovered = edges.filter((edge) => !covered.has(edge));
    const gone = entry.covered.filter((edge) => !edges.includes(edge));
    return [
      ...(notCovered.length > 0 ? [`${id}: not covered: ${notCovered.join('; ')}`] : []),
      ...(gone.length > 0 ? [`${id}: covered but no longer in the chart: ${gone.join('; ')}`] : []),
    ];
  });
}
