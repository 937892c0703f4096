import { useRouteLoaderData } from 'react-router';
import type { loader } from '../root.tsx';

/** The root loader's data: language, messages, organisation name. Absent only if that loader failed. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>('root');
}
