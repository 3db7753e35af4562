/**
 * The `Accept` header as the apiserver negotiates it (k8s.io/apiserver's negotiation.NegotiateOutputMediaType): media
 * ranges in order, each with its parameters (`as`, `g`, `v` name a transformed object: a Table, an aggregated
 * discovery list); the first range the endpoint serves wins, none a 406.
 */

import { StatusError } from '@kubegen/runtime';

/** One media range of an Accept header: `type/subtype` and its parameters (lower-cased names, values as sent). */
export interface MediaRange {
  readonly type: string;
  readonly params: ReadonlyMap<string, string>;
}

/** At most this many ranges are read (the header is untrusted). */
const MAX_RANGES = 32;

/** The ranges of an Accept header in order; an absent or empty header is `*\/*`. */
export function parseAccept(header: string | undefined): MediaRange[] {
  const out: MediaRange[] = [];
  for (const part of (header ?? '').split(',').slice(0, MAX_RANGES)) {
    const [type = '', ...params] = part.split(';').map((p) => p.trim());
    if (type === '') continue;
    const map = new Map<string, string>();
    for (const p of params) {
      const eq = p.indexOf('=');
      if (eq > 0) map.set(p.slice(0, eq).trim().toLowerCase(), p.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1'));
    }
    out.push({ type: type.toLowerCase(), params: map });
  }
  return out.length > 0 ? out : [{ type: '*/*', params: new Map() }];
}

/** Whether a range accepts JSON (`application/json`, `application/*`, `*\/*`). */
export function acceptsJson(r: MediaRange): boolean {
  return r.type === 'application/json' || r.type === 'application/*' || r.type === '*/*';
}

/** The transformed object a JSON range asks for (`as`, `g`, `v`), or `undefined` for the plain object. */
export function transform(r: MediaRange): { as: string; group: string; version: string } | undefined {
  const as = r.params.get('as');
  if (as === undefined) return undefined;
  return { as, group: r.params.get('g') ?? '', version: r.params.get('v') ?? '' };
}

/** 406 when no range is served (negotiation's NewNotAcceptableError). */
export function notAcceptable(accepted: readonly string[]): StatusError {
  return new StatusError({ code: 406, reason: 'NotAcceptable', message: `only the following media types are accepted: ${accepted.join(', ')}` });
}
