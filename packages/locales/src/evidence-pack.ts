// The words of the evidence pack (issue 18): a document for the Belgian police or Unia, written in
// Dutch, French or English only, so its messages exist in those three languages and no others. The
// staff form that makes a pack speaks all five languages (`internal.json`, `casework.evidencePack`).
import en from '../en/evidence-pack.json' with { type: 'json' };
import fr from '../fr/evidence-pack.json' with { type: 'json' };
import nl from '../nl/evidence-pack.json' with { type: 'json' };
import type { Language } from './languages.ts';

export type EvidencePackMessages = typeof en;

/** The message file of the pack, present in these languages only (`completeness.test.ts` knows it). */
export const EVIDENCE_PACK_NAMESPACE = 'evidence-pack.json';
export const EVIDENCE_PACK_MESSAGE_LANGUAGES = ['nl', 'fr', 'en'] as const satisfies readonly Language[];

export const evidencePackMessages: Record<(typeof EVIDENCE_PACK_MESSAGE_LANGUAGES)[number], EvidencePackMessages> = {
  en,
  fr,
  nl,
};
