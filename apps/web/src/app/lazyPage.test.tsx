// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazyPage.tsx';

function Hello({ name }: { name: string }) {
  return <p>hello {name}</p>;
}

describe('lazyPage', () => {
  it('imports nothing until loaded or rendered, and only once', async () => {
    const importer = vi.fn(async () => ({ default: Hello }));
    const page = lazyPage(importer, { name: 'ETERNO' });
    expect(importer).not.toHaveBeenCalled();
    await Promise.all([page.load(), page.load()]);
    expect(importer).toHaveBeenCalledTimes(1);
    render(<page.Component />);
    expect(screen.getByText('hello ETERNO')).toBeTruthy();
  });

  it('suspends when rendered before it is loaded', async () => {
    const page = lazyPage(async () => ({ default: Hello }), { name: 'later' });
    render(
      <Suspense fallback={<p>loading</p>}>
        <page.Component />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('hello later')).toBeTruthy();
  });

  it('lets a failed import be retried', async () => {
    const importer = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue({ default: Hello });
    const page = lazyPage(importer, { name: 'x' });
    await expect(page.load()).rejects.toThrow('chunk failed');
    await expect(page.load()).resolves.toBeTruthy();
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
