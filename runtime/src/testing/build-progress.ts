/**
 * Progress of the control-plane build (`kubegen envtest build`, the first e2e run): what the `go` commands print on
 * stderr, summarised into a few lines a person can follow.
 *
 * Contract:
 * - every line starts with `kubegen envtest [m:ss]`, the time since the build started;
 * - apart from the lines the build itself writes through {@link BuildProgress.say} (its start, its end, a failure),
 *   at most one line is written per {@link BuildProgressOptions.intervalMs}: a summary of every step that is running
 *   or changed since the last line (`kube-apiserver: compiled 812/2104 packages (k8s.io/apiserver/pkg/server)`);
 * - while a step runs, a line is written at least once per {@link BuildProgressOptions.quietMs}, even when its `go`
 *   command prints nothing (one large module downloading, the linker), so the elapsed time keeps moving;
 * - the counts come from `go: downloading <module> <version>` lines (the go command's module fetches) and from the
 *   bare import paths `go build -v` prints as it compiles packages; packages Go finds in its build cache are not
 *   printed by Go and so not counted.
 */

/** One line of a `go` command's stderr, classified. */
export type GoOutputLine =
  | { kind: 'download'; module: string; version: string }
  | { kind: 'package'; importPath: string }
  | { kind: 'other'; text: string };

const DOWNLOAD = /^go: downloading (\S+) (\S+)$/;
// An import path alone on its line, as `go build -v` prints it; errors ("# pkg", "file.go:1:2: …") never look like this.
const IMPORT_PATH = /^[\w.~+-]+(?:\/[\w.~+-]+)*$/;

/** Classifies one stderr line of `go mod tidy`, `go list` or `go build -v`. */
export function classifyGoLine(line: string): GoOutputLine {
  const text = line.trimEnd();
  const [, module, version] = DOWNLOAD.exec(text) ?? [];
  if (module !== undefined && version !== undefined) return { kind: 'download', module, version };
  if (IMPORT_PATH.test(text) && !text.startsWith('go:')) return { kind: 'package', importPath: text };
  return { kind: 'other', text };
}

/** Options for {@link BuildProgress}. */
export interface BuildProgressOptions {
  /** Where lines go. */
  log: (line: string) => void;
  /** Least time between two summary lines. Default 5 s. */
  intervalMs?: number;
  /** While a step runs, a line is written at least this often, news or not. Default 30 s. */
  quietMs?: number;
  /** Clock, in ms. Default `Date.now`. */
  now?: () => number;
}

type Phase = 'waiting' | 'downloading' | 'resolving' | 'compiling' | 'linking' | 'done' | 'failed';

/** The state of one step (a module download, one binary's build) as the summary shows it. */
export class BuildStep {
  private phase: Phase = 'waiting';
  private phaseSince = 0;
  private startedAt: number | undefined;
  private downloads = 0;
  private lastDownload = '';
  private compiled = 0;
  private total: number | undefined;
  private lastPackage = '';
  private note = '';
  /** Set when the summary should show this step again. */
  changed = false;

  constructor(
    readonly name: string,
    private readonly now: () => number,
    /** The import path of the step's `main` package: once it is compiled, the linker runs. */
    private readonly mainPackage?: string,
  ) {}

  /** `downloading` (one module, by `go mod download`) or `resolving` (`go mod tidy` / `go list`: the dependencies). */
  begin(phase: 'downloading' | 'resolving', note = ''): void {
    this.enter(phase);
    this.note = note;
  }

  /** `go list -deps` answered: this many packages make the binary; compiling starts. */
  compiling(totalPackages: number): void {
    this.total = totalPackages;
    this.enter('compiling');
  }

  /** The step ended; `note` says what it produced (`downloaded`, `built`). */
  finish(note = 'done'): void {
    this.note = note;
    this.enter('done');
  }

  fail(): void {
    this.enter('failed');
  }

  /** One stderr line of this step's `go` command. */
  line(line: string): void {
    const parsed = classifyGoLine(line);
    if (parsed.kind === 'download') {
      this.downloads++;
      this.lastDownload = `${parsed.module} ${parsed.version}`;
      this.changed = true;
    } else if (parsed.kind === 'package' && (this.phase === 'compiling' || this.phase === 'linking')) {
      this.compiled++;
      this.lastPackage = parsed.importPath;
      if (parsed.importPath === this.mainPackage) this.enter('linking');
      this.changed = true;
    }
  }

  get running(): boolean {
    return this.phase !== 'waiting' && this.phase !== 'done' && this.phase !== 'failed';
  }

  /** What the summary line says about this step. */
  describe(): string {
    const downloaded = this.downloads > 0 ? `${plural(this.downloads, 'module')} downloaded` : '';
    const packages = () => `compiled ${this.compiled}${this.total === undefined ? '' : `/${this.total}`} packages`;
    switch (this.phase) {
      case 'downloading':
        return `${this.name}: downloading${this.note ? ` ${this.note}` : ''} (${clock(this.now() - this.phaseSince)})`;
      case 'resolving':
        return `${this.name}: resolving dependencies${downloaded ? `, ${downloaded} (last ${this.lastDownload})` : ''}`;
      case 'compiling':
        // Nothing compiled yet: either it is starting, or Go's build cache holds what was compiled so far.
        if (this.compiled === 0) return `${this.name}: compiling ${this.total ?? ''} packages`.replace('  ', ' ');
        return `${this.name}: ${packages()}${this.lastPackage ? ` (${this.lastPackage})` : ''}`;
      case 'linking':
        return `${this.name}: ${packages()}, linking (${clock(this.now() - this.phaseSince)})`;
      case 'done': {
        const took = `${this.name}: ${this.note} in ${clock(this.phaseSince - (this.startedAt ?? this.phaseSince))}`;
        if (this.total === undefined) return took;
        const cached = this.total - this.compiled;
        return `${took}, ${plural(this.compiled, 'package')} compiled${cached > 0 ? `, ${cached} from Go's build cache` : ''}`;
      }
      case 'failed':
        return `${this.name}: failed`;
      case 'waiting':
        return `${this.name}: waiting`;
    }
  }

  private enter(phase: Phase): void {
    if (this.startedAt === undefined) this.startedAt = this.now();
    this.phase = phase;
    this.phaseSince = this.now();
    this.changed = true;
  }
}

/**
 * The progress of one build: its steps, and the lines about them. Call {@link tick} on a timer (every second or so);
 * it decides whether a line is due.
 */
export class BuildProgress {
  private readonly log: (line: string) => void;
  private readonly intervalMs: number;
  private readonly quietMs: number;
  private readonly now: () => number;
  private readonly started: number;
  private lastLine: number;
  private readonly steps: BuildStep[] = [];

  constructor(options: BuildProgressOptions) {
    this.log = options.log;
    this.intervalMs = options.intervalMs ?? 5000;
    this.quietMs = Math.max(options.quietMs ?? 30_000, this.intervalMs);
    this.now = options.now ?? Date.now;
    this.started = this.now();
    this.lastLine = -Infinity;
  }

  /** A new step shown in the summary as `name: …`. */
  step(name: string, mainPackage?: string): BuildStep {
    const step = new BuildStep(name, this.now, mainPackage);
    this.steps.push(step);
    return step;
  }

  /** Writes `text` now, with the elapsed time (the build's start, end, failure). */
  say(text: string): void {
    this.log(`kubegen envtest [${this.elapsed()}] ${text}`);
  }

  /** The time since the build started, `m:ss`. */
  elapsed(): string {
    return clock(this.now() - this.started);
  }

  /**
   * Writes the summary line if one is due: at least `intervalMs` after the last one, and either a step changed or a
   * running step has been quiet for `quietMs`. Returns whether it wrote.
   */
  tick(): boolean {
    const now = this.now();
    if (now - this.lastLine < this.intervalMs) return false;
    const quiet = now - this.lastLine >= this.quietMs;
    const shown = this.steps.filter((s) => s.changed || (quiet && s.running));
    if (shown.length === 0) return false;
    for (const s of shown) s.changed = false;
    this.lastLine = now;
    this.say(shown.map((s) => s.describe()).join('; '));
    return true;
  }
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** `m:ss` (or `h:mm:ss`) for a duration in ms. */
export function clock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
