import type { ContentServicesForWeb } from '@app/core/site/content';
import { type Actor, authorize, type OperationDeps } from '../operation-context.ts';

/** The texts and numbers in force, as the editor shows them. Permission: content:edit. */
export async function readContent(deps: OperationDeps, actor: Actor, content: PublicContent) {
  await authorize(deps, actor, 'content:edit');
  return content;
}

export type PublicContent = Pick<ContentServicesForWeb, 'current' | 'emergencyNumbers'>;
