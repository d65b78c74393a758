/**
 * Global teardown of `npm run screenshots`: writes visualizations/screens/manifest.json, one entry per
 * screenshot on disk and state it shows, for `npm run visualize` to put in the explorer, with the commit
 * they were taken from, which the explorer shows so that a stale picture can be seen for what it is, and
 * the font families their text was rendered in, by language (./fonts.ts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderedFonts } from './fonts';
import { LANGS, SCREENS_DIR, SHOTS, shotFile, VIEWPORTS } from './shots';

export default function writeManifest(): void {
  const screens = Object.values(SHOTS)
    .flatMap((shot) =>
      LANGS.flatMap((lang) =>
        VIEWPORTS.flatMap(({ width }) => {
          const file = shotFile(shot, lang, width);
          if (!existsSync(join(SCREENS_DIR, file))) return [];
          return [shot, ...(shot.also ?? [])].map(({ machine, state }) => ({
            machine,
            state,
            lang,
            width,
            file,
            caption: shot.caption,
          }));
        }),
      ),
    )
    .sort((a, b) => `${a.machine} ${a.state} ${a.file}`.localeCompare(`${b.machine} ${b.state} ${b.file}`, 'en'));
  mkdirSync(SCREENS_DIR, { recursive: true });
  writeFileSync(
    join(SCREENS_DIR, 'manifest.json'),
    `${JSON.stringify({ commit: takenFrom(), fonts: renderedFonts(), screens }, null, 2)}\n`,
  );
  console.log(`screenshots: ${screens.length} entries in visualizations/screens/manifest.json`);
}

/** HEAD, marked when the code differed from it (the screenshots' own folder aside: this run writes it). */
function takenFrom(): string {
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
  const head = git('rev-parse', '--short', 'HEAD');
  return git('status', '--porcelain', '--', '.', ':(exclude)visualizations')
    ? `${head} with uncommitted changes`
    : head;
}
