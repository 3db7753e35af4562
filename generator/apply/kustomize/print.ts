/**
 * Objects as YAML documents, as `kustomize build` and `kubectl … -o yaml` print them (both through sigs.k8s.io/yaml's
 * JSONToYAML, i.e. go-yaml v2): one document per object, separated by `---`; mapping keys sorted as go-yaml v2 sorts
 * them (`goYamlKeyLess`: letters after other characters, runs of digits by their number); sequences not indented
 * under their key; strings quoted where a YAML 1.1 reader would read them as another type.
 */
import { Document, isScalar, Scalar, visit, type Pair } from 'yaml';
import type { Manifest } from '../manifests';
import { v2NeedsQuotes } from './kyaml';

const LETTER = /\p{L}/u;
const DIGIT = /\p{Nd}/u;

/** go-yaml v2's `keyList.Less` for two string keys (sorter.go), over code points. */
export function goYamlKeyLess(a: string, b: string): boolean {
  const ar = Array.from(a);
  const br = Array.from(b);
  for (let i = 0; i < ar.length && i < br.length; i++) {
    if (ar[i] === br[i]) continue;
    const al = LETTER.test(ar[i]);
    const bl = LETTER.test(br[i]);
    if (al && bl) return ar[i].codePointAt(0)! < br[i].codePointAt(0)!;
    if (al || bl) return bl;
    let an = 0n;
    let bn = 0n;
    if (ar[i] === '0' || br[i] === '0') {
      for (let j = i - 1; j >= 0 && DIGIT.test(ar[j]); j--) {
        if (ar[j] !== '0') {
          an = 1n;
          bn = 1n;
          break;
        }
      }
    }
    let ai = i;
    let bi = i;
    // go-yaml accumulates in an int64 that may wrap; keys with 19+ digit runs are not worth the difference
    for (; ai < ar.length && DIGIT.test(ar[ai]); ai++) an = an * 10n + BigInt(ar[ai].codePointAt(0)! - 48);
    for (; bi < br.length && DIGIT.test(br[bi]); bi++) bn = bn * 10n + BigInt(br[bi].codePointAt(0)! - 48);
    if (an !== bn) return an < bn;
    if (ai !== bi) return ai < bi;
    return ar[i].codePointAt(0)! < br[i].codePointAt(0)!;
  }
  return ar.length < br.length;
}

function keyText(p: Pair): string {
  return isScalar(p.key) ? String(p.key.value) : String(p.key);
}

const sortEntries = (x: Pair, y: Pair): number => {
  const a = keyText(x);
  const b = keyText(y);
  return goYamlKeyLess(a, b) ? -1 : goYamlKeyLess(b, a) ? 1 : 0;
};

/**
 * One object as go-yaml v2 writes it: a string with a line break as a literal block; a string that would read back
 * as another type double-quoted; any other string plain, or single-quoted where plain cannot be written (`'*'`).
 */
export function printObject(object: unknown): string {
  const doc = new Document(object, { version: '1.1', aliasDuplicateObjects: false, sortMapEntries: sortEntries });
  visit(doc, {
    Scalar(_key, node: Scalar) {
      if (typeof node.value !== 'string') return;
      if (node.value.includes('\n')) node.type = Scalar.BLOCK_LITERAL;
      else if (v2NeedsQuotes(node.value)) node.type = Scalar.QUOTE_DOUBLE;
    },
  });
  return doc.toString({ lineWidth: 0, indentSeq: false, singleQuote: true, blockQuote: 'literal' });
}

export function printManifests(manifests: readonly Manifest[]): string {
  return manifests.map((m) => printObject(m.object)).join('---\n');
}
