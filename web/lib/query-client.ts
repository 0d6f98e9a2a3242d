import { QueryClient } from '@tanstack/react-query';

/**
 * One query client. No retries: the global error handler has already told the user, and a retried
 * 500 would only repeat the toast. Window focus refetches would flash the loading bar for nothing.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
