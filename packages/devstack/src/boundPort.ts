/**
 * The port a server really bound, read back from its JSON log. Ponder does not fail on a taken
 * `--port`: it warns "Port in use" and tries the next one (42069 → 42070), so the port asked for is
 * not proof of the port served — and a health check on the asked port could reach another stack's
 * server. The server start waits for this line before it checks anything (docs/decisions/node-and-tooling.md).
 */

/** Log messages that name the listening port: Ponder's HTTP server and the API process (reader/main.ts). */
const LISTENING = new Set(['Created HTTP server', 'API listening']);

/** The port of the last "listening" line of `log` (JSON lines; other lines are skipped), or null. */
export function boundPortFromLog(log: string): number | null {
  let port: number | null = null;
  for (const line of log.split('\n')) {
    if (!line.startsWith('{')) continue;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof entry !== 'object' || entry === null) continue;
    const { msg, port: value } = entry as { msg?: unknown; port?: unknown };
    if (typeof msg === 'string' && LISTENING.has(msg) && Number.isInteger(value)) port = value as number;
  }
  return port;
}
