/**
 * `npm run visualize`: regenerates visualizations/ from the live machine definitions (scripts/machines.ts),
 * with no network: `<id>.svg` and `<id>.mmd` per chart and index.html, the flow explorer, which
 * embeds coverage.json and screens/manifest.json when they exist.
 *
 * `npm run visualize -- --check` (`npm run visualize:check`) writes nothing and fails, naming the
 * files, when the committed outputs are not what the machines give now.
 */
import { fileURLToPath } from 'node:url';
import { charts } from './machines';
import { coverageGaps, readInputs } from './visualize/inputs';
import { generateOutputs, staleFiles, writeOutputs } from './visualize/outputs';

const dir = fileURLToPath(new URL('../visualizations/', import.meta.url));
const check = process.argv.includes('--check');

const inputs = readInputs(dir);
const { outputs, warnings } = await generateOutputs(charts, inputs);
for (const warning of warnings) console.warn(`visualize: ${warning}`);

if (check) {
  const gaps = coverageGaps(charts, inputs.coverage);
  if (gaps.length > 0) {
    console.error(`visualize: charts without full edge coverage (run npm run test:paths):\n  ${gaps.join('\n  ')}`);
    process.exit(1);
  }
  const stale = staleFiles(dir, outputs);
  if (stale.length > 0) {
    console.error(
      `visualize: visualizations/ is stale; run npm run visualize and commit the result:\n${stale.map((name) => `  visualizations/${name}`).join('\n')}`,
    );
    process.exit(1);
  }
  console.log(`visualize: visualizations/ is up to date (${outputs.size} files)`);
} else {
  writeOutputs(dir, outputs);
  console.log(
    `visualize: wrote ${outputs.size} files to visualizations/ (${charts.map((chart) => chart.id).join(', ')})`,
  );
}
