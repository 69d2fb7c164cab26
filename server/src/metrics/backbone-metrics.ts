import { Counter, Gauge, type Registry } from 'prom-client';
import type { Db } from '../db/client';
import type { EventBus } from '../events/event-bus';
import type { NoticeBus } from '../events/notice-bus';
import { secondsSinceOldestAfter } from '../events/outbox';
import { countJobs } from '../jobs/jobs.repository';

export interface BackboneSources {
  db: Db;
  events: EventBus;
  notices: NoticeBus;
  /** This instance's open GET /api/events streams. */
  streams: { readonly size: number };
  /** The job kind of video conversions, whose queue is reported on its own. */
  processingJobKind: string;
}

/**
 * The event and job backbone, as Prometheus sees it. Counters count what this instance saw; the job
 * gauges read the shared jobs table, so every instance reports the same, cluster-wide, figures.
 */
export function registerBackboneMetrics(registry: Registry, sources: BackboneSources): void {
  const { db, events, notices, streams, processingJobKind } = sources;
  const registers = [registry];

  new Gauge({
    name: 'lectern_event_streams',
    help: 'Open GET /api/events streams on this instance',
    registers,
    collect() {
      this.set(streams.size);
    },
  });

  // Every instance reads every committed event: the rate on any one instance is the rate written.
  const written = new Counter({
    name: 'lectern_events_total',
    help: 'Committed events this instance read from the outbox, by type',
    labelNames: ['type'] as const,
    registers,
  });
  events.subscribe((event) => written.inc({ type: event.payload.type }));

  const heard = new Counter({
    name: 'lectern_notices_total',
    help: 'Ephemeral notices (signals, progress, ended sessions) this instance heard, by type',
    labelNames: ['type'] as const,
    registers,
  });
  notices.subscribe((notice) =>
    heard.inc({ type: notice.kind === 'event' ? notice.payload.type : notice.kind }),
  );

  new Gauge({
    name: 'lectern_outbox_lag_seconds',
    help: 'Age of the oldest committed event this instance has not yet handed to its streams (0 when caught up)',
    registers,
    async collect() {
      this.set(await secondsSinceOldestAfter(db, events.lastId()));
    },
  });

  new Gauge({
    name: 'lectern_jobs',
    help: 'Jobs queued, running and failed (kept until deleted), per kind, across all instances',
    labelNames: ['kind', 'state'] as const,
    registers,
    async collect() {
      const counts = await countJobs(db);
      this.reset();
      for (const { kind, state, count } of counts) this.set({ kind, state }, count);
    },
  });

  new Gauge({
    name: 'lectern_processing_queue_length',
    help: 'Video conversions waiting for a worker, across all instances',
    registers,
    async collect() {
      const counts = await countJobs(db);
      const queued = counts.find((c) => c.kind === processingJobKind && c.state === 'queued');
      this.set(queued?.count ?? 0);
    },
  });
}
