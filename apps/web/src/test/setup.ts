import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadFeatureNamespaces } from '../i18n/index.ts';

// The signed-in screens' namespaces are fetched with the shell in the app; here, before any test.
await loadFeatureNamespaces();

afterEach(() => {
  cleanup();
});
