const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a value from a URL can be the id of a report, file or message: anything else is "not
 * found" at once, before PostgreSQL would reject it as an invalid uuid.
 */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
