/**
 * The webhook builder (controller-runtime `pkg/builder/webhook.go`): a kind's defaulter, validator and conversion on
 * the manager's one webhook server.
 *
 * ```ts
 * webhookManagedBy<CronTab>(mgr)
 *   .for(cronTabAdmission)                                   // generated: the kind's GVK and admission paths
 *   .withDefaulter({ default(c) { c.spec.replicas ??= 1; } }) // POST /mutate-stable-example-com-v1-crontab
 *   .withValidator({ validateCreate(c) { … } })              // POST /validate-stable-example-com-v1-crontab
 *   .withConversion(converters)                              // generated per group: POST /convert
 *   .complete();
 * ```
 *
 * Contract:
 * - `for(kind)` once (`For(...) should only be called once`), and before `complete` (`For() must be called with a
 *   valid object`); nothing to register → `no defaulter, validator or conversion given for <gvk>`;
 * - the paths are kubebuilder's (`/mutate-<group with - for .>-<version>-<lowercase kind>`, `/validate-…`), or
 *   `withDefaulterCustomPath` / `withValidatorCustomPath` (which must start with `/`);
 * - a path that already has a webhook throws `a webhook is already registered at <path>` (controller-runtime skips
 *   it silently, which hides a second defaulter that never runs);
 * - `withConversion(converters)` serves the group's conversions at `/convert`, once per group: a group already
 *   served (by another kind's builder, or generated `registerConversions`) is left as it is;
 * - everything is registered by `complete()`, on `mgr.getWebhookServer()` — so the manager runs the server.
 */

import type { GroupConverters } from '../conversion';
import type { AdmissionKind } from '../webhook/admission/server';
import type { CustomDefaulter, CustomValidator } from '../webhook/admission/custom';
import { BuilderError } from './builder';
import type { Manager } from './manager';

/** See the module doc. */
export class WebhookBuilder<T extends object> {
  private kind: AdmissionKind | undefined;
  private forCalls = 0;
  private defaulter: CustomDefaulter<T> | undefined;
  private validator: CustomValidator<T> | undefined;
  private defaulterPath: string | undefined;
  private validatorPath: string | undefined;
  private converters: GroupConverters | undefined;

  constructor(private readonly mgr: Manager) {}

  /** The kind the webhooks are for: its generated `<kind>Admission` binding (GVK and paths). */
  for(kind: AdmissionKind): this {
    this.forCalls++;
    this.kind ??= kind;
    return this;
  }

  /** Defaulting of the kind (controller-runtime's `WithDefaulter`). */
  withDefaulter(defaulter: CustomDefaulter<T>): this {
    this.defaulter = defaulter;
    return this;
  }

  /** Validation of the kind (controller-runtime's `WithValidator`). */
  withValidator(validator: CustomValidator<T>): this {
    this.validator = validator;
    return this;
  }

  /** Serves the defaulter at `path` instead of `/mutate-…`. */
  withDefaulterCustomPath(path: string): this {
    this.defaulterPath = customPath(path);
    return this;
  }

  /** Serves the validator at `path` instead of `/validate-…`. */
  withValidatorCustomPath(path: string): this {
    this.validatorPath = customPath(path);
    return this;
  }

  /** Serves the conversions of the kind's API group (the generated `converters`) at `/convert`. */
  withConversion(converters: GroupConverters): this {
    this.converters = converters;
    return this;
  }

  /** Registers everything on the manager's webhook server. */
  complete(): void {
    if (this.forCalls > 1) throw new BuilderError('For(...) should only be called once, could not assign multiple objects for webhook registration');
    const kind = this.kind;
    if (!kind) throw new BuilderError('For() must be called with a valid object');
    const gvk = `${kind.group ? `${kind.group}/` : ''}${kind.version}, Kind=${kind.kind}`;
    if (!this.defaulter && !this.validator && !this.converters) throw new BuilderError(`no defaulter, validator or conversion given for ${gvk}`);
    if (this.converters && this.converters.group !== kind.group) {
      throw new BuilderError(`the conversions given are of group ${JSON.stringify(this.converters.group)}, not of ${gvk}`);
    }
    const server = this.mgr.getWebhookServer();
    const mutate = this.defaulterPath ?? kind.mutatePath;
    const validate = this.validatorPath ?? kind.validatePath;
    for (const [path, given] of [[mutate, this.defaulter], [validate, this.validator]] as const) {
      if (given && server.isRegistered(path)) throw new BuilderError(`a webhook is already registered at ${path}`);
    }
    if (this.defaulter && mutate === validate && this.validator) throw new BuilderError(`the defaulter and the validator of ${gvk} cannot share the path ${mutate}`);
    const log = this.mgr.logger.withName('webhook');
    if (this.defaulter) {
      server.defaulter<T>(kind, this.defaulter, { path: mutate });
      log.info('Registering a mutating webhook', { GVK: gvk, path: mutate });
    }
    if (this.validator) {
      server.validator<T>(kind, this.validator, { path: validate });
      log.info('Registering a validating webhook', { GVK: gvk, path: validate });
    }
    if (this.converters && !server.conversionGroups.includes(this.converters.group)) {
      server.register(this.converters);
      log.info('Conversion webhook enabled', { group: this.converters.group });
    }
  }
}

function customPath(path: string): string {
  if (typeof path !== 'string' || !path.startsWith('/')) throw new BuilderError(`custom path ${JSON.stringify(path)} must start with "/"`);
  return path;
}

/** Starts a webhook builder on `mgr` (controller-runtime's `NewWebhookManagedBy`). */
export function webhookManagedBy<T extends object>(mgr: Manager): WebhookBuilder<T> {
  return new WebhookBuilder<T>(mgr);
}
