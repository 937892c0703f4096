import type { SiteSettings } from '@app/core/site/site-settings';
import { useRouteLoaderData } from 'react-router';
import type { RootData } from './root-data.ts';

/** The organisation's settings (name, contact, emergency numbers), from the root loader. */
export function useSite(): SiteSettings | undefined {
  return useRouteLoaderData<RootData>('root')?.site;
}
