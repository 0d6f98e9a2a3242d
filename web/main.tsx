import '@mantine/core/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { installHttpErrorHandling } from './app/http-errors';
import { Providers } from './app/providers';
import { router } from './app/router';
import { bootSession } from './features/auth/session-sync';
import { announceVersionUpdate } from './features/version-check/version-check';
import { registerNavigator } from './lib/navigation';

installHttpErrorHandling();
registerNavigator(
  (to, options) => router.navigate(to, options),
  () => router.state.location.pathname,
);
// Before the first route renders: the message after a version reload, and the session check.
announceVersionUpdate();
void bootSession();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
