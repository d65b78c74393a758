import type { SnapshotFrom } from 'xstate';
import { checkBaseHost, type BaseHostProblem } from './base-host';
import type { debugVarsMachine } from './debug-vars.machine';

type DebugVarsSnapshot = SnapshotFrom<typeof debugVarsMachine>;

export const selectDraft = (snapshot: DebugVarsSnapshot): string => snapshot.context.draft;

export const selectStored = (snapshot: DebugVarsSnapshot): string | null => snapshot.context.stored;

/** Why the address cannot be saved, once the operator tried to save it. */
export function selectProblem(snapshot: DebugVarsSnapshot): BaseHostProblem | undefined {
  if (!snapshot.matches({ Editing: 'Invalid' })) return undefined;
  const check = checkBaseHost(snapshot.context.draft);
  return check.ok ? undefined : check.problem;
}

/** What the status line says: a host was saved, the default restored, or nothing yet. */
export function selectSaved(snapshot: DebugVarsSnapshot): 'custom' | 'default' | undefined {
  if (snapshot.matches({ Saved: 'Custom' })) return 'custom';
  if (snapshot.matches({ Saved: 'Default' })) return 'default';
  return undefined;
}
