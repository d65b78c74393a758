import { createFileRoute } from '@tanstack/react-router';
import { DebugVarsView } from '../views/info/DebugVarsView';

export const Route = createFileRoute('/debug_vars')({ component: DebugVarsView });
