import type { Persona } from '@prospector/contracts';
import type { CoreDeps } from '../deps';
import { loadPersona } from './persona-store';

/** GET /api/personas/{id}. */
export async function getPersona(deps: CoreDeps, workspaceId: string, id: string): Promise<Persona> {
  return loadPersona(deps.db, workspaceId, id);
}
