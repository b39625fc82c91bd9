import { describe, expect, it } from 'vitest';
import { boundPortFromLog } from './boundPort.ts';

describe('boundPortFromLog', () => {
  it("reads the port Ponder really bound after a 'Port in use' warning", () => {
    const log = [
      '{"level":40,"time":1,"msg":"Port in use","port":42069}',
      'not json',
      '{"level":30,"time":2,"msg":"Created HTTP server","port":42070,"hostname":"127.0.0.1","duration":65.6}',
      '{"level":30,"time":3,"msg":"Started returning 200 responses","endpoint":"/health"}',
    ].join('\n');
    expect(boundPortFromLog(log)).toBe(42070);
  });

  it("reads the API process's line, and the last one when there are several", () => {
    const log = [
      '{"level":30,"msg":"Created HTTP server","port":20427}',
      '{"level":"info","msg":"API listening","port":42069,"hostname":"127.0.0.1"}',
    ].join('\n');
    expect(boundPortFromLog(log)).toBe(42069);
  });

  it('is null before the server listens, or for a line without a whole port', () => {
    expect(boundPortFromLog('')).toBeNull();
    expect(boundPortFromLog('{"msg":"Port in use","port":42069}\n{"msg":"Created HTTP server"}')).toBeNull();
    expect(boundPortFromLog('{"msg":"Created HTTP server","port":"42069"}\n{"msg":"Created HTTP server"')).toBeNull();
  });
});
