// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config.ts';
import { RouteError } from './BootScreen.tsx';

function failingRoute(error: unknown) {
  return createMemoryRouter([
    {
      path: '/',
      loader: () => {
        throw error;
      },
      Component: () => null,
      ErrorBoundary: RouteError,
    },
  ]);
}

describe('RouteError', () => {
  it('shows the config error page when the whole config fails its checks in a loader', async () => {
    const error = new ConfigError('config.json: "deployments" is invalid: Invalid deployments: contracts.USDT');
    render(<RouterProvider router={failingRoute(error)} />);
    expect(await screen.findByText('ETERNO cannot start')).toBeTruthy();
    expect(screen.getByText(error.message)).toBeTruthy();
  });

  it('shows the route error for anything else', async () => {
    render(<RouterProvider router={failingRoute(new Error('chunk failed'))} />);
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    expect(screen.getByText('chunk failed')).toBeTruthy();
  });
});
