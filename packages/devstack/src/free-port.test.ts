import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canBind, ephemeralStart, freePort, portOrFree } from './free-port.ts';

describe('freePort', () => {
  it('reads the first port of the ephemeral range, and falls back to 32768', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'eterno-port-'));
    await writeFile(join(dir, 'range'), '40000\t60999\n');
    expect(ephemeralStart(join(dir, 'range'))).toBe(40_000);
    await writeFile(join(dir, 'bad'), 'nonsense');
    expect(ephemeralStart(join(dir, 'bad'))).toBe(32_768);
    expect(ephemeralStart(join(dir, 'missing'))).toBe(32_768);
  });

  it('gives distinct bindable ports below the range the kernel gives client sockets', async () => {
    const end = ephemeralStart();
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    expect(new Set(ports).size).toBe(20);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(10_000);
      expect(port).toBeLessThan(end);
      expect(await canBind(port)).toBe(true);
    }
  });

  it('never gives a port a server is listening on', async () => {
    const srv = createServer();
    const port = await freePort();
    await new Promise<void>((r) => srv.listen(port, '127.0.0.1', r));
    try {
      expect(await canBind(port)).toBe(false);
      expect(await portOrFree(port)).not.toBe(port);
    } finally {
      await new Promise((r) => srv.close(r));
    }
    expect(await portOrFree(port)).toBe(port);
  });
});
