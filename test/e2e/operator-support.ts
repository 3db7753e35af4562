/**
 * Shared pieces of the sample operator's e2e tests (`operator.test.ts`, `operator-chaos.test.ts`): the example's
 * build, operator child processes with their JSON logs, the test's own expectation of a reconciled EtcdCluster
 * (written independently of the operator's code), and reconcile intervals for overlap checks.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';

export const REPO = path.resolve(__dirname, '..', '..');
export const EXAMPLE_DIR = path.join(REPO, 'examples', 'etcd-operator');
export const EXAMPLE_MAIN = path.join(EXAMPLE_DIR, 'dist', 'main.js');
export const CRD_DIR = path.join(REPO, 'generated', 'etcd.database.coreos.com', 'crds');
export const GROUP_VERSION = 'etcd.database.coreos.com/v1beta2';
export const FINALIZER = 'etcdclusters.etcd.database.coreos.com/cleanup';

/** Compiles the example as `npm run example:etcd` does (so the child processes run what a user runs). */
export function buildExample(): void {
  const res = spawnSync(process.execPath, [path.join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', EXAMPLE_DIR], { cwd: REPO, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`tsc -p examples/etcd-operator failed:\n${res.stdout}${res.stderr}`);
}

/** One JSON log line of the operator. */
export interface LogLine {
  level: string;
  /** Seconds since the epoch, millisecond precision. */
  ts: number;
  msg: string;
  logger?: string;
  pid?: number;
  namespace?: string;
  name?: string;
  outcome?: string;
  bindAddress?: string;
  error?: string;
  [k: string]: unknown;
}

/** The example running as a child process; its stderr is parsed into `lines`. */
export class OperatorProcess {
  readonly child: ChildProcess;
  readonly lines: LogLine[] = [];
  /** Lines that were not JSON (e.g. a usage error). */
  readonly text: string[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private waiters: Array<() => void> = [];
  private exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;

  constructor(
    readonly label: string,
    args: readonly string[],
  ) {
    this.child = spawn(process.execPath, [EXAMPLE_MAIN, ...args], { cwd: REPO, stdio: ['ignore', 'ignore', 'pipe'] });
    let buf = '';
    this.child.stderr!.setEncoding('utf8');
    this.child.stderr!.on('data', (chunk: string) => {
      buf += chunk;
      let i: number;
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        try {
          this.lines.push(JSON.parse(line) as LogLine);
        } catch {
          this.text.push(line);
        }
      }
      this.notify();
    });
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        this.exit = { code, signal };
        this.notify();
        resolve({ code, signal });
      });
    });
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  get running(): boolean {
    return this.exit === undefined;
  }

  private notify(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  /** The first line matching `p` (waiting for it), or a failure naming the process, with its last lines. */
  async waitForLine(what: string, p: (l: LogLine) => boolean, timeoutMs = 30_000): Promise<LogLine> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.lines.find(p);
      if (found) return found;
      if (!this.running) throw new Error(`${this.label} exited (${JSON.stringify(this.exit)}) before ${what}:\n${this.tail()}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`${this.label}: timed out after ${timeoutMs} ms waiting for ${what}:\n${this.tail()}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 500));
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** `host:port` of the metrics or probe server, from its start line. */
  async address(server: 'Starting metrics server' | 'Starting health probes'): Promise<string> {
    return String((await this.waitForLine(server, (l) => l.msg === server)).bindAddress);
  }

  reconcileLines(): LogLine[] {
    return this.lines.filter((l) => l.msg === 'reconcile start' || l.msg === 'reconcile end');
  }

  tail(n = 15): string {
    return [...this.lines.slice(-n).map((l) => JSON.stringify(l)), ...this.text.slice(-5)].join('\n');
  }

  /** Sends a signal (if still running). */
  kill(signal: NodeJS.Signals): void {
    if (this.running) this.child.kill(signal);
  }

  /** SIGKILL and wait: for cleanup. */
  async destroy(): Promise<void> {
    this.kill('SIGKILL');
    await this.exited;
  }
}

/** A reconcile of one object by one process, from its start line to its end line (or `Infinity` if none). */
export interface Interval {
  label: string;
  key: string;
  start: number;
  end: number;
}

/** Pairs the `reconcile start` / `reconcile end` lines of each key in order; an unfinished one ends at `openEnd`. */
export function reconcileIntervals(label: string, lines: readonly LogLine[], openEnd = Number.POSITIVE_INFINITY): Interval[] {
  const open = new Map<string, number[]>();
  const out: Interval[] = [];
  for (const l of lines) {
    const key = `${l.namespace}/${l.name}`;
    if (l.msg === 'reconcile start') {
      const starts = open.get(key) ?? [];
      starts.push(l.ts * 1000);
      open.set(key, starts);
    } else if (l.msg === 'reconcile end') {
      const start = open.get(key)?.shift();
      if (start === undefined) throw new Error(`${label}: reconcile end of ${key} without a start`);
      out.push({ label, key, start, end: l.ts * 1000 });
    }
  }
  for (const [key, starts] of open) for (const start of starts) out.push({ label, key, start, end: openEnd });
  return out;
}

/** Pairs of intervals that overlap in time (`sameKeyOnly`: only of the same object). */
export function overlaps(intervals: readonly Interval[], sameKeyOnly: boolean): Array<[Interval, Interval]> {
  const sorted = [...intervals].sort((a, b) => a.start - b.start);
  const out: Array<[Interval, Interval]> = [];
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length && sorted[j]!.start < sorted[i]!.end; j++) {
      if (!sameKeyOnly || sorted[i]!.key === sorted[j]!.key) out.push([sorted[i]!, sorted[j]!]);
    }
  }
  return out;
}

/** The fields of the objects the checks read. */
export interface Meta {
  name?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  deletionTimestamp?: string;
  finalizers?: string[];
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: Array<{ apiVersion: string; kind: string; name: string; uid: string; controller?: boolean; blockOwnerDeletion?: boolean }>;
}
export interface Obj {
  apiVersion?: string;
  kind?: string;
  metadata?: Meta;
}
export interface Cluster extends Obj {
  spec: { size: number; version?: string; repository?: string };
  status?: {
    size?: number;
    phase?: string;
    selector?: string;
    conditions?: Array<{ type: string; status: string; reason: string; message: string; observedGeneration?: number; lastTransitionTime: string }>;
  };
}
export interface StatefulSetObj extends Obj {
  spec?: {
    replicas?: number;
    serviceName?: string;
    selector?: { matchLabels?: Record<string, string> };
    template?: { metadata?: Meta; spec?: { containers?: Array<{ name: string; image?: string; envFrom?: Array<{ configMapRef?: { name: string } }> }> } };
  };
}
export interface ServiceObj extends Obj {
  spec?: { clusterIP?: string; selector?: Record<string, string>; ports?: Array<{ name?: string; port: number }> };
}
export interface ConfigMapObj extends Obj {
  data?: Record<string, string>;
}

/** The objects of one namespace the checks compare, by name. */
export interface World {
  clusters: Map<string, Cluster>;
  statefulSets: Map<string, StatefulSetObj>;
  services: Map<string, ServiceObj>;
  configMaps: Map<string, ConfigMapObj>;
}

/**
 * What is wrong with the operator's work, as the test (not the operator) understands the sample's contract; `[]`
 * when every cluster is reconciled to its spec and nothing the operator created outlives its cluster.
 */
export function divergences(w: World): string[] {
  const out: string[] = [];
  const uids = new Set<string>();
  for (const [name, c] of w.clusters) {
    const uid = c.metadata?.uid ?? '';
    uids.add(uid);
    if (c.metadata?.deletionTimestamp) {
      out.push(`cluster ${name}: still deleting`);
      continue;
    }
    const size = c.spec.size;
    const gen = c.metadata?.generation;
    const controlled = (o: Obj | undefined, what: string): boolean => {
      if (!o) {
        out.push(`cluster ${name}: ${what} missing`);
        return false;
      }
      const refs = (o.metadata?.ownerReferences ?? []).filter((r) => r.controller);
      if (refs.length !== 1 || refs[0]!.uid !== uid || refs[0]!.kind !== 'EtcdCluster' || refs[0]!.apiVersion !== GROUP_VERSION || refs[0]!.name !== name) {
        out.push(`cluster ${name}: ${what} has controller references ${JSON.stringify(refs)}`);
      }
      return true;
    };
    if (!(c.metadata?.finalizers ?? []).includes(FINALIZER)) out.push(`cluster ${name}: no finalizer`);
    const sts = w.statefulSets.get(name);
    if (controlled(sts, 'StatefulSet')) {
      if (sts!.spec?.replicas !== size) out.push(`cluster ${name}: StatefulSet replicas ${sts!.spec?.replicas}, want ${size}`);
      const image = sts!.spec?.template?.spec?.containers?.find((x) => x.name === 'etcd')?.image;
      const want = `${c.spec.repository ?? 'quay.io/coreos/etcd'}:v${c.spec.version ?? '3.5.17'}`;
      if (image !== want) out.push(`cluster ${name}: image ${image}, want ${want}`);
      if (sts!.spec?.serviceName !== name) out.push(`cluster ${name}: serviceName ${sts!.spec?.serviceName}`);
    }
    const svc = w.services.get(name);
    if (controlled(svc, 'Service')) {
      if (svc!.spec?.clusterIP !== 'None') out.push(`cluster ${name}: Service clusterIP ${svc!.spec?.clusterIP}`);
      const ports = (svc!.spec?.ports ?? []).map((p) => `${p.name}:${p.port}`).sort();
      if (ports.join(',') !== 'client:2379,peer:2380') out.push(`cluster ${name}: Service ports ${ports.join(',')}`);
    }
    const cm = w.configMaps.get(`${name}-config`);
    if (controlled(cm, 'ConfigMap')) {
      const members = (cm!.data?.ETCD_INITIAL_CLUSTER ?? '').split(',').filter((m) => m !== '');
      const want = Array.from({ length: size }, (_, i) => `${name}-${i}=http://${name}-${i}.${name}.${c.metadata?.namespace}.svc:2380`);
      if (members.join(',') !== want.join(',')) out.push(`cluster ${name}: ETCD_INITIAL_CLUSTER ${members.join(',')}, want ${want.join(',')}`);
    }
    const cond = (type: string) => c.status?.conditions?.find((x) => x.type === type);
    const available = cond('Available');
    const progressing = cond('Progressing');
    if (available?.status !== 'True' || available.observedGeneration !== gen) out.push(`cluster ${name}: Available ${JSON.stringify(available)} at generation ${gen}`);
    if (progressing?.status !== 'False' || progressing.observedGeneration !== gen) out.push(`cluster ${name}: Progressing ${JSON.stringify(progressing)} at generation ${gen}`);
    if (c.status?.phase !== 'Running') out.push(`cluster ${name}: phase ${c.status?.phase}`);
  }
  // nothing the operator created outlives its cluster (envtest has no garbage collector: only the finalizer cleans up)
  for (const [kind, objects] of [
    ['StatefulSet', w.statefulSets],
    ['Service', w.services],
    ['ConfigMap', w.configMaps],
  ] as const) {
    for (const [name, o] of objects as Map<string, Obj>) {
      const ref = (o.metadata?.ownerReferences ?? []).find((r) => r.controller && r.kind === 'EtcdCluster');
      if (ref && !uids.has(ref.uid)) out.push(`${kind} ${name}: controlled by the deleted cluster ${ref.name} (${ref.uid})`);
    }
  }
  return out;
}

/** A seeded PRNG (mulberry32), so a failing chaos run can be repeated with its seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
