import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // The request wrapper already toasts failures; repeating a failed call would toast again.
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
}
