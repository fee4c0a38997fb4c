import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { TaskStatus, type ChannelEvent } from '@draw/shared';
import { bearerToken } from '../http/auth';
import { sameSecret } from '../digests';

export interface MetricsSources {
  socketsConnected(): number;
  queue(): { running: number; queued: number };
  tasksByStatus(): Promise<Record<string, number>>;
}

/** Prometheus metrics: HTTP latency, sockets, tasks, queue, engine latency and event-log lag. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const engineLatency = new Histogram({
    name: 'engine_task_duration_seconds',
    help: 'From start to finish of a task in the engine, by action and outcome',
    labelNames: ['action', 'status'],
    buckets: [0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600],
    registers: [registry],
  });
  const eventLag = new Histogram({
    name: 'event_log_lag_seconds',
    help: 'From an event being stamped to it being written to the log and sent to the room',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [registry],
  });
  const events = new Counter({
    name: 'channel_events_total',
    help: 'Channel events published',
    labelNames: ['type'],
    registers: [registry],
  });

  return {
    registry,
    httpDuration,
    /** Feed every published event here (ChannelHub observer). */
    observeEvent(event: ChannelEvent, sentAt: number) {
      events.inc({ type: event.type });
      eventLag.observe(Math.max(0, sentAt - event.at) / 1000);
      if (event.type !== 'task.updated') return;
      const task = event.data;
      const terminal = task.status === TaskStatus.Success || task.status === TaskStatus.Failure;
      if (terminal && task.startTime && task.finishTime) {
        engineLatency.observe(
          { action: task.action, status: task.status },
          (task.finishTime - task.startTime) / 1000,
        );
      }
    },
    bindSources(sources: MetricsSources) {
      new Gauge({
        name: 'sockets_connected',
        help: 'Connected Socket.IO clients',
        registers: [registry],
        collect() {
          this.set(sources.socketsConnected());
        },
      });
      new Gauge({
        name: 'task_queue_length',
        help: 'Tasks waiting in this process',
        registers: [registry],
        collect() {
          this.set(sources.queue().queued);
        },
      });
      new Gauge({
        name: 'tasks_running',
        help: 'Tasks being drawn by this process',
        registers: [registry],
        collect() {
          this.set(sources.queue().running);
        },
      });
      new Gauge({
        name: 'tasks_by_status',
        help: 'Stored tasks in each unfinished status (finished ones: engine_task_duration_seconds)',
        labelNames: ['status'],
        registers: [registry],
        async collect() {
          const counts = await sources.tasksByStatus();
          for (const [status, count] of Object.entries(counts)) this.set({ status }, count);
        },
      });
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

/**
 * Times every request and serves /metrics: behind METRICS_TOKEN when one is configured; without
 * one, open outside production and absent (404) in production, where it would tell anyone the
 * traffic, the queue and the routes.
 */
export const metricsPlugin = fp<{ metrics: Metrics; token: string; production: boolean }>(
  async (app: FastifyInstance, { metrics, token, production }) => {
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unknown';
      metrics.httpDuration.observe(
        { method: request.method, route, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!token && production) return reply.status(404).type('text/plain').send('Not found');
      if (token && !sameSecret(token, bearerToken(request.headers.authorization) ?? '')) {
        return reply.status(401).type('text/plain').send('Unauthorized');
      }
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  },
);
