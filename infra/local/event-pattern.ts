// The part of EventBridge pattern matching the pipelines use: each key lists the accepted values.
export function matchesPattern(pattern: Readonly<Record<'source' | 'detail-type', readonly string[]>>, event: Record<string, unknown>): boolean {
  return Object.entries(pattern).every(([key, accepted]) => accepted.includes(String(event[key])));
}
