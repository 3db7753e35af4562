/**
 * The webhooks of Order (shop.example.dev) on the manager's one webhook server:
 * the defaulters and validators of its versions, and the conversion between them. `setupOrderWebhook` registers
 * them (src/main.ts calls it); the `+kubebuilder:webhook` markers make `kubegen generate` write the webhook
 * configurations that send the API server's requests here.
 *
 * `kubegen create webhook` adds what it creates later (another version's webhooks, the conversion) at the
 * `+kubegen:scaffold:…` markers of this file: keep them, edit everything else as you like.
 */
import { webhookManagedBy, type Logger, type Manager } from '@kubegen/runtime/controller';
import { converters, v1 } from '../generated/shop.example.dev';
// +kubegen:scaffold:imports

// +kubebuilder:webhook:path=/mutate-shop-example-dev-v1-order,mutating=true,failurePolicy=fail,sideEffects=None,groups=shop.example.dev,resources=orders,verbs=create;update,versions=v1,name=morder-v1.kb.io,admissionReviewVersions=v1

/** OrderCustomDefaulter sets defaults on an Order of v1 when it is created or updated: edit the object in place. */
export class OrderCustomDefaulter implements v1.OrderDefaulter {
  constructor(private readonly log: Logger) {}

  default(order: v1.Order): void {
    this.log.info('defaulting Order', { name: order.metadata?.name ?? '' });
    // TODO(user): set the defaults of fields the user left out, e.g. order.spec.someField ??= 'value'
  }
}

// +kubebuilder:webhook:path=/validate-shop-example-dev-v1-order,mutating=false,failurePolicy=fail,sideEffects=None,groups=shop.example.dev,resources=orders,verbs=create;update,versions=v1,name=vorder-v1.kb.io,admissionReviewVersions=v1

/**
 * OrderCustomValidator checks an Order of v1 when it is created, updated or deleted:
 * return warnings (or nothing) to allow, throw an Error to deny with its message. Set `verbs=create;update;delete` in
 * the marker above to be asked about deletes too.
 */
export class OrderCustomValidator implements v1.OrderValidator {
  constructor(private readonly log: Logger) {}

  validateCreate(order: v1.Order): string[] | undefined {
    this.log.info('validating the creation of an Order', { name: order.metadata?.name ?? '' });
    // TODO(user): check the new object, e.g. if (…) throw new Error('spec.someField: must be …');
    return undefined;
  }

  validateUpdate(oldOrder: v1.Order, order: v1.Order): string[] | undefined {
    this.log.info('validating an update of an Order', { name: order.metadata?.name ?? '', generation: oldOrder.metadata?.generation ?? 0 });
    // TODO(user): check the change, e.g. refuse changing an immutable field
    return undefined;
  }

  validateDelete(order: v1.Order): string[] | undefined {
    this.log.info('validating the deletion of an Order', { name: order.metadata?.name ?? '' });
    // TODO(user): check the deletion (the marker above must list the delete verb for this to be called)
    return undefined;
  }
}

// +kubegen:scaffold:webhook-classes

/** Registers the Order webhooks on the manager's webhook server. */
export function setupOrderWebhook(mgr: Manager): void {
  webhookManagedBy<v1.Order>(mgr)
    .for(v1.orderAdmission)
    .withDefaulter(new OrderCustomDefaulter(mgr.logger.withName('order-webhook')))
    .withValidator(new OrderCustomValidator(mgr.logger.withName('order-webhook')))
    .withConversion(converters)
    // +kubegen:scaffold:builder:v1
    .complete();
  // +kubegen:scaffold:webhook-builders
}
