/**
 * The request log: one JSON line per request on stdout —
 *   {"time":"2026-12-02T10:00:00.000Z","level":"info","msg":"request","requestId":"…","method":"POST",
 *    "route":"/vault/withdrawals","status":409,"durationMs":12.3,"errorCode":"RESERVE_TOO_LOW"}
 * `level` is `error` for a 5xx answer, else `info`; `errorCode` only on an error answer. Never a body,
 * a header, a query string or a stack (an unexpected error's stack goes to the error log of
 * src/http/errors.ts, under the same request id).
 */
import type { RequestRecord, RequestSink } from './requestObserver.ts';

export type LogLine = (line: string) => void;

export const stdoutLine: LogLine = (line) => {
  process.stdout.write(`${line}\n`);
};

export function accessLogLine(r: RequestRecord, time: Date): string {
  return JSON.stringify({
    time: time.toISOString(),
    level: r.status >= 500 ? 'error' : 'info',
    msg: 'request',
    requestId: r.requestId,
    method: r.method,
    route: r.route,
    status: r.status,
    durationMs: Math.round(r.durationMs * 10) / 10,
    ...(r.errorCode === undefined ? {} : { errorCode: r.errorCode }),
  });
}

export function accessLog(write: LogLine = stdoutLine, clock: () => Date = () => new Date()): RequestSink {
  return (record) => write(accessLogLine(record, clock()));
}
