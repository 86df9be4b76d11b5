import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** One registry per process; every service exposes it on GET /metrics. */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

export const busHandlerDuration = new Histogram({
  name: 'warmpath_bus_handler_seconds',
  help: 'Time spent answering a NATS request, by subject and outcome',
  labelNames: ['subject', 'outcome'],
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metricsRegistry],
});

export const httpRequestDuration = new Histogram({
  name: 'warmpath_http_request_seconds',
  help: 'Gateway HTTP request duration by method, route and status',
  labelNames: ['method', 'route', 'status'],
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});
