/**
 * `metav1.Time` and `metav1.MicroTime` as text (apimachinery `pkg/apis/meta/v1/time.go`, `micro_time.go`): what
 * conditions, events and leases write and read.
 */

/** `metav1.Time` of epoch milliseconds: whole seconds, UTC. */
export function formatTime(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A MicroTime (`2006-01-02T15:04:05.000000Z`, UTC, six fractional digits) of epoch milliseconds. */
export function formatMicroTime(ms: number): string {
  const whole = Math.floor(ms);
  const micros = Math.floor((ms - whole) * 1000);
  const iso = new Date(whole).toISOString(); // …ss.mmmZ
  return `${iso.slice(0, 23)}${String(micros).padStart(3, '0')}Z`;
}

/** Epoch milliseconds of an RFC 3339 time (MicroTime or Time); `undefined` when it does not parse. */
export function parseTime(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/.exec(value);
  if (!m) return undefined;
  const base = Date.parse(`${m[1]}${m[3]}`);
  if (Number.isNaN(base)) return undefined;
  const frac = m[2] ? Number(`0.${m[2]}`) * 1000 : 0;
  return base + frac;
}
