/**
 * Parses a Go-style duration (`90s`, `1m30s`, `500ms`, `2h`) or a plain number of seconds, as envtest's
 * `KUBEBUILDER_CONTROLPLANE_START_TIMEOUT` accepts it, into milliseconds. Returns undefined for empty input.
 */
export function parseDuration(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const trimmed = text.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  let total = 0;
  let rest = trimmed;
  while (rest.length > 0) {
    const [match, amount, unit] = /^(\d+(?:\.\d+)?)(ms|s|m|h)/.exec(rest) ?? [];
    const scale = unit === undefined ? undefined : units[unit];
    if (match === undefined || amount === undefined || scale === undefined) throw new Error(`invalid duration "${text}" (expected e.g. 90s, 1m30s, 500ms)`);
    total += Number(amount) * scale;
    rest = rest.slice(match.length);
  }
  return total;
}
