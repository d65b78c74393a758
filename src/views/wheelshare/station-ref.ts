import type { ActorRefFrom } from 'xstate';
import type { wheelshareMachine } from '../../../machines/wheelshare/wheelshare.machine';

/** The running station machine the parts of the view read and send to. */
export type StationRef = ActorRefFrom<typeof wheelshareMachine>;
