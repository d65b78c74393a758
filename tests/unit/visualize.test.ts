/// <reference types="node" />
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPromise, setup } from 'xstate';
import { listEdges } from '../../machines/graph/statechart-edges';
import { coverageGaps, type GeneratorInputs } from '../../scripts/visualize/inputs';
import { renderMermaid } from '../../scripts/visualize/mermaid';
import { chartOf, flattenStates } from '../../scripts/visualize/model';
import { generateOutputs, staleFiles, writeOutputs } from '../../scripts/visualize/outputs';
import { renderSvg } from '../../scripts/visualize/svg';

/** A small chart with every kind of state and edge the diagrams draw. */
const toy = setup({
  actors: { load: fromPromise(() => Promise.resolve(1)) },
  guards: { isBig: (_, size: number) => size > 10, isIn: (_, _mode: string) => true },
  delays: { wait: 100 },
}).createMachine({
  id: 'toy',
  type: 'parallel',
  states: {
    work: {
      initial: 'Loading',
      states: {
        Loading: {
          tags: ['busy'],
          invoke: {
            id: 'load',
            src: 'load',
            onDone: [
              { guard: { type: 'isBig', params: ({ event }) => event.output }, target: 'Big' },
              { target: 'Small' },
            ],
            onError: 'Failed',
          },
        },
        Big: { after: { wait: 'Small' } },
        Small: {
          on: {
            poke: { guard: { type: 'isIn', params: 'ready' }, actions: () => {} },
            finish: 'Done',
          },
        },
        Failed: { always: 'Small' },
        Done: { type: 'final' },
      },
    },
    light: {
      initial: 'Off',
      states: { Off: { on: { toggle: 'On' } }, On: { on: { toggle: 'Off' } } },
    },
  },
});

const entry = { id: 'toy', title: 'Toy', description: 'A toy chart.', machine: toy };
const noInputs: GeneratorInputs = { coverage: undefined, screens: [] };

const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const attributeValues = (svg: string, name: string) =>
  [...svg.matchAll(new RegExp(`\\s${name}="([^"]*)"`, 'g'))].map((match) => unescape(match[1] ?? ''));

const texts = (svg: string) =>
  [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => unescape(match[1] ?? ''));

/** The group of a state, up to (not including) its first child state. */
const stateGroup = (svg: string, id: string) => {
  const start = svg.indexOf(`data-state-id="${id}"`);
  const next = svg.indexOf('data-state-id=', start + 1);
  return svg.slice(start, next === -1 ? undefined : next);
};

describe('chart labels', () => {
  const labels = Object.fromEntries(chartOf(toy).edges.map((edge) => [edge.id, edge.label]));

  it('writes done and error events with the actor, delays with their length and name, guards with fixed params', () => {
    expect(labels).toEqual({
      'toy.work.Loading -> toy.work.Big on xstate.done.actor.load [isBig]': 'done: load [isBig]',
      'toy.work.Loading -> toy.work.Small on xstate.done.actor.load': 'done: load',
      'toy.work.Loading -> toy.work.Failed on xstate.error.actor.load': 'error: load',
      'toy.work.Big -> toy.work.Small on xstate.after.wait.toy.work.Big': 'after 100ms (wait)',
      'toy.work.Small -> self on poke [isIn]': 'poke [isIn(ready)]',
      'toy.work.Small -> toy.work.Done on finish': 'finish',
      'toy.work.Failed -> toy.work.Small on (always)': 'always',
      'toy.light.Off -> toy.light.On on toggle': 'toggle',
      'toy.light.On -> toy.light.Off on toggle': 'toggle',
    });
  });
});

describe('SVG', () => {
  it('has a group for every state and every edge, with the ids the explorer and the live view use', async () => {
    const svg = await renderSvg(chartOf(toy));
    const stateIds = flattenStates(chartOf(toy).root).map((state) => state.id);
    expect(attributeValues(svg, 'data-state-id').sort()).toEqual([...stateIds].sort());
    expect(attributeValues(svg, 'data-edge-id').sort()).toEqual(
      listEdges(toy)
        .map((edge) => edge.id)
        .sort(),
    );
  });

  it('writes every edge label, the tags and the invocations', async () => {
    const svg = await renderSvg(chartOf(toy));
    const written = texts(svg);
    for (const edge of chartOf(toy).edges) {
      // an edge that stays in its state is written inside it
      expect(written).toContain(edge.targets.length ? edge.label : `↻ ${edge.label}`);
    }
    expect(written).toContain('tags: busy');
    expect(written).toContain('invoke: load');
  });

  it('marks final states with a double border, regions with dashes and each initial child with a dot and an arrow', async () => {
    const svg = await renderSvg(chartOf(toy));
    expect(stateGroup(svg, 'toy.work.Done').match(/<rect /g)).toHaveLength(2);
    expect(stateGroup(svg, 'toy.work.Small').match(/<rect /g)).toHaveLength(1);
    expect(stateGroup(svg, 'toy.work')).toContain('stroke-dasharray');
    expect(stateGroup(svg, 'toy.light')).toContain('stroke-dasharray');
    // two compound states with an initial child (the parallel root has none)
    expect(svg.match(/<g class="initial"><circle [^>]+\/><path d="M[^"]+"/g)).toHaveLength(2);
  });

  it('is the same, byte for byte, every time', async () => {
    const first = await generateOutputs([entry], noInputs);
    const second = await generateOutputs([entry], noInputs);
    expect([...second.outputs.keys()]).toEqual(['toy.svg', 'toy.mmd', 'index.html']);
    expect(second.outputs).toEqual(first.outputs);
    // coordinates rounded to a tenth, so that float noise cannot change a byte
    const svg = first.outputs.get('toy.svg') ?? '';
    expect(svg).not.toMatch(/NaN|undefined/);
    const coordinates = [...attributeValues(svg, '(?:x|y|width|height|cx|cy)'), ...attributeValues(svg, 'd')];
    expect(coordinates.join(' ')).not.toMatch(/\d\.\d{2,}/);
  });
});

describe('Mermaid', () => {
  const text = renderMermaid(chartOf(toy));

  it('is a stateDiagram-v2 with every state, nested, and the initial and final markers', () => {
    expect(text.startsWith('stateDiagram-v2\n')).toBe(true);
    for (const state of flattenStates(chartOf(toy).root)) {
      expect(text).toContain(`state "${state.key}" as ${state.id.replace(/\./g, '__')}`);
    }
    expect(text).toContain('state toy__work {');
    expect(text).toContain('[*] --> toy__work__Loading');
    expect(text).toContain('[*] --> toy__light__Off');
    expect(text).toContain('toy__work__Done --> [*]');
    // the parallel regions are separated
    expect(text).toMatch(/state toy__work \{[\s\S]*\n {4}--\n[\s\S]*state toy__light \{/);
  });

  it('labels every transition with its event and guard (Mermaid ends a label at a colon, so none is written)', () => {
    expect(text).toContain('toy__work__Loading --> toy__work__Big : done load [isBig]');
    expect(text).toContain('toy__work__Loading --> toy__work__Failed : error load');
    expect(text).toContain('toy__work__Big --> toy__work__Small : after 100ms (wait)');
    expect(text).toContain('toy__work__Small --> toy__work__Small : poke [isIn(ready)]');
    expect(text).toContain('toy__work__Failed --> toy__work__Small : always');
    expect(text).toContain('toy__light__Off --> toy__light__On : toggle');
    const transitions = text.split('\n').filter((line) => / --> toy__/.test(line) && !line.includes('[*]'));
    expect(transitions).toHaveLength(listEdges(toy).length);
    for (const line of transitions) expect(line.split(' : ')[1]).not.toMatch(/[:;#]/);
  });
});

describe('the explorer page', () => {
  it('embeds the charts, the coverage of each edge and the screens of each state', async () => {
    const uncovered = 'toy.light.On -> toy.light.Off on toggle';
    const covered = 'toy.light.Off -> toy.light.On on toggle';
    const { outputs, warnings } = await generateOutputs([entry], {
      // The toy's other edges are listed nowhere, as a new edge is before the path tests run again.
      coverage: { machines: { toy: { covered: [covered], uncovered: [uncovered] } } },
      screens: [
        {
          machine: 'toy',
          state: 'toy.work.Small',
          lang: 'he',
          width: 320,
          file: 'toy/work.Small.he.320.png',
          caption: 'small',
        },
        {
          machine: 'toy',
          state: 'toy.work.Gone',
          lang: 'en',
          width: 390,
          file: 'toy/work.Gone.en.390.png',
          caption: 'renamed',
        },
      ],
    });
    const html = outputs.get('index.html') ?? '';
    const json = /<script type="application\/json" id="explorer-data">(.*)<\/script>/.exec(html)?.[1] ?? '';
    const data = JSON.parse(json) as {
      machines: {
        id: string;
        svg: string;
        coverage: { edges: number; covered: number };
        edges: Record<string, { covered: boolean | null }>;
        screens: Record<string, { src: string; lang: string; width: number }[]>;
      }[];
    };
    const [machine] = data.machines;
    expect(machine?.id).toBe('toy');
    expect(machine?.svg).toBe(outputs.get('toy.svg'));
    expect(machine?.edges[uncovered]?.covered).toBe(false);
    expect(machine?.edges[covered]?.covered).toBe(true);
    const edges = Object.values(machine?.edges ?? {});
    expect(edges.length).toBeGreaterThan(2);
    expect(edges.filter((edge) => edge.covered === true)).toHaveLength(1);
    expect(machine?.coverage).toEqual({ edges: edges.length, covered: 1 });
    expect(machine?.screens).toEqual({
      'toy.work.Small': [{ lang: 'he', width: 320, src: 'screens/toy/work.Small.he.320.png', caption: 'small' }],
    });
    expect(warnings).toEqual([expect.stringContaining('toy.work.Gone is not a state of any chart')]);
    expect(html).toContain('No screenshots yet');
    // nothing to fetch: no external address, no fetch of local files
    expect(html).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    expect(html).not.toMatch(/fetch\(/);
  });
});

describe('the explorer page', () => {
  it('says which commit the screenshots were taken from', async () => {
    const { outputs } = await generateOutputs([entry], { ...noInputs, screensCommit: 'abc1234' });
    expect(outputs.get('index.html')).toContain('Screenshots taken from commit <code>abc1234</code>');
  });
});

describe('check mode', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('names the files that are stale, missing or left over, and nothing when up to date', async () => {
    dir = mkdtempSync(join(tmpdir(), 'visualize-'));
    const { outputs } = await generateOutputs([entry], noInputs);
    writeOutputs(dir, outputs);
    expect(staleFiles(dir, outputs)).toEqual([]);

    writeFileSync(join(dir, 'toy.mmd'), `${outputs.get('toy.mmd') ?? ''}\n  toy --> toy : by hand\n`);
    writeFileSync(join(dir, 'gone.svg'), '<svg/>');
    rmSync(join(dir, 'index.html'));
    expect(staleFiles(dir, outputs)).toEqual(['toy.mmd', 'index.html', 'gone.svg (no chart generates it any more)']);

    writeOutputs(dir, outputs);
    expect(staleFiles(dir, outputs)).toEqual([]);
  });

  it('fails coverage that does not list every edge of the chart as covered, or lists an edge it no longer has', () => {
    const all = listEdges(toy).map((edge) => edge.id);
    const toggleOff = 'toy.light.On -> toy.light.Off on toggle';
    expect(all).toContain(toggleOff);
    const report = (covered: string[]) => ({ machines: { toy: { covered, uncovered: [] } } });

    expect(coverageGaps([entry], report(all))).toEqual([]);
    // An edge the path tests have not fired yet, e.g. one added since they last ran.
    expect(coverageGaps([entry], report(all.filter((id) => id !== toggleOff)))).toEqual([
      `toy: not covered: ${toggleOff}`,
    ]);
    expect(coverageGaps([entry], report([...all, 'toy.light.Off -> toy.light.Dim on dim']))).toEqual([
      'toy: covered but no longer in the chart: toy.light.Off -> toy.light.Dim on dim',
    ]);
    expect(coverageGaps([entry], undefined)).toEqual(['toy: no path tests in coverage.json']);
  });
});
