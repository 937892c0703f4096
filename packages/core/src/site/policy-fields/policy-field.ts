export interface PolicyField {
  /** Stable: the policy's markers name it. Never reuse an id for another meaning. */
  readonly id: string;
  /** For the people who keep this list: what the item is. */
  readonly what: string;
  /** The database columns this item stands for, by table (the SQL names). */
  readonly columns?: Readonly<Record<string, readonly string[]>>;
}

/** An item of the list: its id, what it is, and the columns it stands for when it has any. */
export function item(id: string, what: string, columns?: PolicyField['columns']): PolicyField {
  return columns ? { id, what, columns } : { id, what };
}
