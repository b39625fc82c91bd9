import './styles/theme.css';
import './styles/base.css';
import './styles/figures.css';
// The login page's few rules go with the entry's stylesheet: a preloaded stylesheet of their own went
// unused on every signed-in load (Chromium's "preloaded but not used" warning).
import './features/login/LoginPage.css';
import './i18n/index.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { ConfigErrorPage } from './app/ConfigErrorPage.tsx';
import { createAppRouter } from './app/router.ts';
import { loginPage } from './app/routes.tsx';
import { GlobalModal } from './components/modal/GlobalModal.tsx';
import { loadBootConfig, loadConfig } from './config.ts';
import { installLayout } from './layout/installLayout.ts';
import { getSession } from './session/session.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
installLayout(container);
// index.html already paints the boot screen: React takes the page over only when the app (or the
// config error) renders, so the first load does not build the same screen twice.
const root = createRoot(container);

// Without a session every path leads to /login: its chunk is fetched now, with the config, not after it.
// The login page needs only the config's boot fields; the rest (the deployments' address checks) is
// validated with the signed-in app (the guarded routes' loader) or the sign-in flow.
const signedIn = getSession() !== null;
if (!signedIn) loginPage.load().catch(() => undefined);

(signedIn ? loadConfig() : loadBootConfig()).then(
  () => {
    const router = createAppRouter();
    // A transition: React renders the app in slices and the page stays responsive while it does
    // (docs/decisions/web-speed.md).
    startTransition(() => {
      root.render(
        <StrictMode>
          <RouterProvider router={router} />
          <GlobalModal />
        </StrictMode>,
      );
    });
  },
  (error: unknown) => {
    root.render(<ConfigErrorPage error={error} />);
  },
);
