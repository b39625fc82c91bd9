import './styles/theme.css';
import './styles/base.css';
import './i18n/index.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { BootScreen } from './app/BootScreen.tsx';
import { ConfigErrorPage } from './app/ConfigErrorPage.tsx';
import { createAppRouter } from './app/router.ts';
import { GlobalModal } from './components/modal/GlobalModal.tsx';
import { loadConfig } from './config.ts';
import { installLayout } from './layout/installLayout.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
installLayout(container);
const root = createRoot(container);
root.render(<BootScreen />);

loadConfig().then(
  () => {
    const router = createAppRouter();
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
        <GlobalModal />
      </StrictMode>,
    );
  },
  (error: unknown) => {
    root.render(<ConfigErrorPage error={error} />);
  },
);
