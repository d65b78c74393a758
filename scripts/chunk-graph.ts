import type { OutputBundle } from 'rolldown';

/** The chunks named and every chunk they import statically, recursively: what loading them loads. */
export function staticChunks(bundle: OutputBundle, roots: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    const output = bundle[fileName];
    if (seen.has(fileName) || output?.type !== 'chunk') return;
    seen.add(fileName);
    output.imports.forEach(visit);
  };
  for (const root of roots) visit(root);
  return seen;
}
