import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createQueryClient } from '../../../app/query-client.ts';
import { PageContextProvider } from '../../../keep-alive/page-context.ts';
import OnlineFormPage from './index.tsx';

/** Renders the online-form page as the menu entry `/onlineForm/<slug>` opens it, for the page's tests. */
export function showOnlinePage(slug: string, fullName: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <PageContextProvider
        value={{
          path: `/onlineForm/${slug}`,
          pathname: `/onlineForm/${slug}`,
          params: {},
          search: '',
          meta: { id: 'menu1', moduleId: 'm1', fullName },
        }}
      >
        <OnlineFormPage />
      </PageContextProvider>
    </QueryClientProvider>,
  );
}
