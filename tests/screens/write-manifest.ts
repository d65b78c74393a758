/**
 * Global teardown of `npm run screenshots`: writes visualizations/screens/manifest.json, one entry per
 * screenshot on disk and state it shows, for `npm run visualize` to put in the explorer.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
  writeFileSync(join(SCREENS_DIR, 'manifest.json'), `${JSON.stringify({ screens }, null, 2)}\n`);
  console.log(`screenshots: ${screens.length} entries in visualizations/screens/manifest.json`);
}
