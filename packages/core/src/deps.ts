import type { AppDb } from '@prospector/db';
import type { Clock } from './clock';

/** What every use case needs: the database and the time. */
export interface CoreDeps {
  db: AppDb;
  clock: Clock;
}

/** The part of a job queue (pg-boss) that use cases enqueue through. */
export interface JobQueue {
  send(name: string, data: object): Promise<string | null>;
}
