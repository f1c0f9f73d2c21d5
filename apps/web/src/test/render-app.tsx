import { render } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { createAppRouter } from '../router/index.tsx';

/** The whole app on an in-memory router starting at `path`. */
export function renderApp(path: string) {
  const router = createAppRouter([path]);
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}
