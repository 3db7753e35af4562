/**
 * yaml.v2 (v2.4.0) sorter.go `keyList.Less`, restricted to string keys (the only kind JSON objects have).
 *
 * It is a "natural" order over Unicode code points: at the first differing position, two letters compare
 * by code point; a non-letter sorts before a letter; otherwise the digit runs starting there are compared
 * numerically (with a quirk for runs after a non-zero digit and for leading zeros), then by run length,
 * then by code point. A shorter string that is a prefix of a longer one sorts first.
 *
 * Go sorts the map's keys (in random map order) with sort.Sort. Where `Less` is a strict weak order on a
 * key set, which is every realistic set, any correct sort gives Go's result, so Array#sort with this
 * comparator is exact. `Less` is not transitive on some sets (`a1a < a01 < a10 < a1a`: a letter sorts
 * after a digit, digit runs compare as numbers); there controller-gen's own output changes from run to
 * run with Go's map order, and we emit one fixed order: the keys pre-sorted by UTF-16 code units, then
 * sorted with this comparator.
 */

const LETTER = /^\p{L}$/u;
const DIGIT = /^\p{Nd}$/u;

function isLetter(cp: number): boolean {
  if (cp < 0x80) return (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a);
  return LETTER.test(String.fromCodePoint(cp));
}

/** Whether `cp` is a digit; undefined (a read past the end of a key) is not. */
function isDigit(cp: number | undefined): cp is number {
  if (cp === undefined) return false;
  if (cp < 0x80) return cp >= 0x30 && cp <= 0x39;
  return DIGIT.test(String.fromCodePoint(cp));
}

const ZERO = 0x30;

/** int64 wrap-around, as Go's `an = an*10 + int64(r-'0')` does. */
function wrap64(n: bigint): bigint {
  return BigInt.asIntN(64, n);
}

function runes(s: string): number[] {
  const out: number[] = [];
  // codePointAt is undefined exactly past the end
  for (let i = 0, cp = s.codePointAt(0); cp !== undefined; i += cp > 0xffff ? 2 : 1, cp = s.codePointAt(i)) out.push(cp);
  return out;
}

/** sorter.go keyList.Less(a, b) for two string keys. */
export function keyLess(a: string, b: string): boolean {
  return runeLess(runes(a), runes(b));
}

function runeLess(ar: readonly number[], br: readonly number[]): boolean {
  // the runes are numbers: a read is undefined exactly past the end
  for (let i = 0; ; i++) {
    const ai0 = ar[i];
    const bi0 = br[i];
    if (ai0 === undefined || bi0 === undefined) return ar.length < br.length;
    if (ai0 === bi0) continue;
    const al = isLetter(ai0);
    const bl = isLetter(bi0);
    if (al && bl) return ai0 < bi0;
    if (al || bl) return bl;
    let an = 0n;
    let bn = 0n;
    if (ai0 === ZERO || bi0 === ZERO) {
      for (let j = i - 1; j >= 0 && isDigit(ar[j]); j--) {
        if (ar[j] !== ZERO) {
          an = 1n;
          bn = 1n;
          break;
        }
      }
    }
    let ai = i;
    for (let c = ar[ai]; isDigit(c); c = ar[++ai]) an = wrap64(an * 10n + BigInt(c - ZERO));
    let bi = i;
    for (let c = br[bi]; isDigit(c); c = br[++bi]) bn = wrap64(bn * 10n + BigInt(c - ZERO));
    if (an !== bn) return an < bn;
    if (ai !== bi) return ai < bi;
    return ai0 < bi0;
  }
}

/** The keys of a JSON object in the order yaml.v2 writes them. */
export function sortKeysYamlV2(keys: readonly string[]): string[] {
  const decorated = [...keys].sort().map((key) => ({ key, r: runes(key) }));
  decorated.sort((x, y) => (runeLess(x.r, y.r) ? -1 : runeLess(y.r, x.r) ? 1 : 0));
  return decorated.map((d) => d.key);
}
