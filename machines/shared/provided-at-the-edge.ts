/**
 * The body of a machine's default actor (`fromPromise(providedAtTheEdge('fetchMenu'))`, likewise
 * `fromCallback`). The real actor comes in with `machine.provide()` at the edge (src/actors), tests
 * provide fakes: a default that runs is a wiring mistake, so it fails the actor at once — and the
 * machine with it, unless the chart handles that error — instead of letting the flow go on as if
 * the effect had happened.
 */
export function providedAtTheEdge(actor: string) {
  return (): never => {
    throw new Error(`${actor} is provided at the edge`);
  };
}
