/**
 * The process's default logger (controller-runtime's `log.SetLogger` / `log.Log`): what every runtime component
 * logs through when it is given no logger — informers and reflectors, event recorders, leader electors,
 * controllers, the REST client's `Warning` headers.
 *
 * `defaultLogger()` returns a *delegating* logger: components built before `setDefaultLogger` is called (module-level
 * predicates, clients made while flags are parsed) still write to the logger set later, as controller-runtime's
 * delegating `log.Log` does. Until it is called, records go to standard error as JSON lines at verbosity 0.
 */

import { jsonLogger } from './encoders';
import type { LogFields, Logger } from '../observe/logger';

let current: Logger | undefined;
let generation = 0;

function target(): Logger {
  current ??= jsonLogger();
  return current;
}

/** Replaces the default logger (for every component built without one, before or after this call). */
export function setDefaultLogger(logger: Logger): void {
  current = logger;
  generation++;
}

type Step = { kind: 'name'; name: string } | { kind: 'values'; fields: LogFields } | { kind: 'v'; level: number };

/** A logger that applies its steps to the current default logger, re-derived only when that logger changes. */
class DelegatingLogger implements Logger {
  private resolved: Logger | undefined;
  private resolvedAt = -1;

  constructor(private readonly steps: readonly Step[]) {}

  private get delegate(): Logger {
    if (this.resolvedAt !== generation || this.resolved === undefined) {
      let l = target();
      for (const s of this.steps) l = s.kind === 'name' ? l.withName(s.name) : s.kind === 'values' ? l.withValues(s.fields) : l.v(s.level);
      this.resolved = l;
      this.resolvedAt = generation;
    }
    return this.resolved;
  }

  info(msg: string, fields?: LogFields): void {
    this.delegate.info(msg, fields);
  }

  error(err: unknown, msg: string, fields?: LogFields): void {
    this.delegate.error(err, msg, fields);
  }

  enabled(): boolean {
    return this.delegate.enabled();
  }

  withValues(fields: LogFields): Logger {
    return new DelegatingLogger([...this.steps, { kind: 'values', fields: { ...fields } }]);
  }

  withName(name: string): Logger {
    return new DelegatingLogger([...this.steps, { kind: 'name', name }]);
  }

  v(level: number): Logger {
    return new DelegatingLogger([...this.steps, { kind: 'v', level }]);
  }
}

const root = new DelegatingLogger([]);

/** The default logger: delegates to the one `setDefaultLogger` set (JSON lines on stderr until then). */
export function defaultLogger(): Logger {
  return root;
}
