import type { ActorRefFrom } from 'xstate';
import type { vacuumMachine } from '../../../machines/vacuum/vacuum.machine';

export type VacuumRef = ActorRefFrom<typeof vacuumMachine>;
