import type { LeadFilters } from '@prospector/contracts';
import type { CoreDeps } from '../deps';

/** What a run asks the Leads Finder's import for. */
export interface LeadImportRequest {
  workspaceId: string;
  personaIds: string[];
  filters: LeadFilters;
  /** The most new contacts to add. */
  limit: number;
  onProgress?: (progress: LeadImportCounts) => void | Promise<void>;
}

/** What a run records of an import. */
export interface LeadImportCounts {
  /** People Apollo matched, when known. */
  found: number | null;
  added: number;
  revealed: number;
  skippedDuplicates: number;
  skippedNoEmail: number;
  pagesRead: number;
}

export type LeadImporter = (deps: CoreDeps, request: LeadImportRequest) => Promise<LeadImportCounts>;
