/**
 * Semantic versions as the apiserver's CEL semver library parses and compares them (github.com/blang/semver/v4
 * `Parse` and `Compare`, k8s.io/apiserver `pkg/cel/library/semverlib.go` with its `normalize` flag, Kubernetes 1.33+).
 */
import { goQuote } from '../errors';

const NUMBERS = /^[0-9]*$/;
const ALPHANUM = /^[0-9A-Za-z-]*$/;
const UINT64_MAX = 2n ** 64n - 1n;

interface PRVersion {
  num?: bigint;
  str?: string;
}

export class Semver {
  constructor(
    readonly major: bigint,
    readonly minor: bigint,
    readonly patch: bigint,
    readonly pre: readonly PRVersion[],
  ) {}

  compare(o: Semver): number {
    for (const [a, b] of [
      [this.major, o.major],
      [this.minor, o.minor],
      [this.patch, o.patch],
    ] as const) {
      if (a !== b) return a > b ? 1 : -1;
    }
    if (this.pre.length === 0 && o.pre.length === 0) return 0;
    if (this.pre.length === 0) return 1;
    if (o.pre.length === 0) return -1;
    for (const [i, a] of this.pre.entries()) {
      const b = o.pre[i];
      if (b === undefined) return 1; // o's pre-release identifiers are a prefix of ours
      const c = comparePR(a, b);
      if (c !== 0) return c;
    }
    return this.pre.length === o.pre.length ? 0 : -1;
  }
}

function comparePR(a: PRVersion, b: PRVersion): number {
  if (a.num !== undefined && b.num === undefined) return -1;
  if (a.num === undefined && b.num !== undefined) return 1;
  if (a.num !== undefined && b.num !== undefined) return a.num === b.num ? 0 : a.num > b.num ? 1 : -1;
  const x = a.str ?? '';
  const y = b.str ?? '';
  return x === y ? 0 : x > y ? 1 : -1;
}

/** strconv.ParseUint(s, 10, 64) with Go's error text. */
function parseUint(s: string): bigint {
  if (s === '' || !/^[0-9]+$/.test(s)) throw new Error(`strconv.ParseUint: parsing ${goQuote(s)}: invalid syntax`);
  const v = BigInt(s);
  if (v > UINT64_MAX) throw new Error(`strconv.ParseUint: parsing ${goQuote(s)}: value out of range`);
  return v;
}

function hasLeadingZeroes(s: string): boolean {
  return s.length > 1 && s[0] === '0';
}

/** An int64 as Go's `types.Int(v.Major)` converts a uint64. */
export function asInt64(v: bigint): bigint {
  return BigInt.asIntN(64, v);
}

/** semver.Parse. */
export function parseSemver(s: string): Semver {
  if (s.length === 0) throw new Error('Version string empty');
  const [majorStr, minorStr, patchPart] = splitN(s, '.', 3);
  if (majorStr === undefined || minorStr === undefined || patchPart === undefined) throw new Error('No Major.Minor.Patch elements found');
  const numberPart = (p: string, what: string, What: string): bigint => {
    if (!NUMBERS.test(p)) throw new Error(`Invalid character(s) found in ${what} number ${goQuote(p)}`);
    if (hasLeadingZeroes(p)) throw new Error(`${What} number must not contain leading zeroes ${goQuote(p)}`);
    return parseUint(p);
  };
  const major = numberPart(majorStr, 'major', 'Major');
  const minor = numberPart(minorStr, 'minor', 'Minor');
  let patchStr = patchPart;
  let build: string[] = [];
  let prerelease: string[] = [];
  const plus = patchStr.indexOf('+');
  if (plus !== -1) {
    build = patchStr.slice(plus + 1).split('.');
    patchStr = patchStr.slice(0, plus);
  }
  const dash = patchStr.indexOf('-');
  if (dash !== -1) {
    prerelease = patchStr.slice(dash + 1).split('.');
    patchStr = patchStr.slice(0, dash);
  }
  const patch = numberPart(patchStr, 'patch', 'Patch');
  const pre: PRVersion[] = prerelease.map((p) => {
    if (p.length === 0) throw new Error('Prerelease is empty');
    if (NUMBERS.test(p)) {
      if (hasLeadingZeroes(p)) throw new Error(`Numeric PreRelease version must not contain leading zeroes ${goQuote(p)}`);
      return { num: parseUint(p) };
    }
    if (ALPHANUM.test(p)) return { str: p };
    throw new Error(`Invalid character(s) found in prerelease ${goQuote(p)}`);
  });
  for (const b of build) {
    if (b.length === 0) throw new Error('Build meta data is empty');
    if (!ALPHANUM.test(b)) throw new Error(`Invalid character(s) found in build meta data ${goQuote(b)}`);
  }
  return new Semver(major, minor, patch, pre);
}

function splitN(s: string, sep: string, n: number): string[] {
  const out: string[] = [];
  let rest = s;
  while (out.length < n - 1) {
    const i = rest.indexOf(sep);
    if (i < 0) break;
    out.push(rest.slice(0, i));
    rest = rest.slice(i + sep.length);
  }
  out.push(rest);
  return out;
}

/** The library's `normalizeAndParse`: no `v` prefix, missing minor/patch filled with 0, leading zeros dropped. */
export function normalizeAndParseSemver(input: string): Semver {
  const s = input.startsWith('v') ? input.slice(1) : input;
  const parts = splitN(s, '.', 3).map((p) => {
    if (p.length <= 1) return p;
    const t = p.replace(/^0+/, '');
    return t.length === 0 || !/^[0-9]/.test(t) ? `0${t}` : t;
  });
  if (parts.length < 3) {
    const last = parts.at(-1);
    if (last !== undefined && /[+-]/.test(last)) throw new Error('short version cannot contain PreRelease/Build meta data');
    while (parts.length < 3) parts.push('0');
  }
  return parseSemver(parts.join('.'));
}
