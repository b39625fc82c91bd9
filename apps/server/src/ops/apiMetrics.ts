/**
 * The API's request metrics (docs/operations.md, "Monitoring"):
 *   eterno_http_requests_total{method,route,status}        every answered request
 *   eterno_http_request_duration_seconds{method,route}     how long the answers took (histogram)
 *   eterno_http_errors_total{code}                         error answers by the API's error code
 *   eterno_signer_refusals_total{kind,reason}              refusals of the routes that sign (a withdrawal
 *                                                          voucher, a deposit authorisation, an exchange quote)
 *                                                          by error code
 * Labels are bounded: a route is its pattern (or "(unmatched)"), a code one of the API's codes.
 */
import { Counter, Histogram, type Registry } from './prometheus.ts';
import type { RequestRecord, RequestSink } from './requestObserver.ts';

/** Seconds: from a cached read (about a millisecond) to a slow signature under load. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/** The routes that sign something for a user, by the kind of signature. */
export const SIGNING_ROUTES: Readonly<Record<string, string>> = {
  'POST /vault/withdrawals': 'withdrawal_voucher',
  'POST /vault/deposits': 'deposit',
  'POST /vault/exchange-quotes': 'exchange_quote',
};

export type ApiMetrics = {
  requests: Counter<'method' | 'route' | 'status'>;
  duration: Histogram<'method' | 'route'>;
  errors: Counter<'code'>;
  signerRefusals: Counter<'kind' | 'reason'>;
  /** The sink for ./requestObserver.ts. */
  record: RequestSink;
};

export function registerApiMetrics(registry: Registry): ApiMetrics {
  const requests = registry.register(
    new Counter('eterno_http_requests_total', 'Requests answered by the API, by route pattern, method and status.', [
      'method',
      'route',
      'status',
    ]),
  );
  const duration = registry.register(
    new Histogram(
      'eterno_http_request_duration_seconds',
      'Time from a request reaching the API to its answer, by route pattern.',
      ['method', 'route'],
      DURATION_BUCKETS,
    ),
  );
  const errors = registry.register(
    new Counter('eterno_http_errors_total', "Error answers by the API's error code.", ['code']),
  );
  const signerRefusals = registry.register(
    new Counter(
      'eterno_signer_refusals_total',
      'Refusals of the routes that sign (withdrawal voucher, deposit, exchange quote), by error code.',
      ['kind', 'reason'],
    ),
  );
  const record = (r: RequestRecord) => {
    requests.inc({ method: r.method, route: r.route, status: String(r.status) });
    duration.observe({ method: r.method, route: r.route }, r.durationMs / 1000);
    if (r.status < 400) return;
    const code = r.errorCode ?? 'UNKNOWN';
    errors.inc({ code });
    const kind = SIGNING_ROUTES[`${r.method} ${r.route}`];
    if (kind !== undefined) signerRefusals.inc({ kind, reason: code });
  };
  return { requests, duration, errors, signerRefusals, record };
}
