/** Admission for backups. */
import type { EventEmitter } from 'node:events';

/**
 * +kubebuilder:webhookconfiguration:mutating=true,name=backup-mutating-configuration
 * +kubebuilder:webhookconfiguration:mutating=false,name=backup-validating-configuration
 */

// +kubebuilder:webhook:path=/mutate-batch-example-com-v1-backup,mutating=true,failurePolicy=fail,sideEffects=None,groups=batch.example.com,resources=backups,verbs=create;update,versions=v1,name=mbackup.batch.example.com,admissionReviewVersions=v1
// +kubebuilder:webhook:path=/mutate-batch-example-com-v1-restore,mutating=true,failurePolicy=Ignore,matchPolicy=exact,sideEffects=noneondryrun,timeoutSeconds=5,groups=batch.example.com;core,resources=restores;restores/status,verbs=CREATE;Update;delete;connect,versions=v1;v1beta1,name=mrestore.batch.example.com,admissionReviewVersions=v1;v1beta1,reinvocationPolicy=IfNeeded,serviceName=backup-webhooks,serviceNamespace=backup-system,servicePort=9443,webhookVersions=v1
// +kubebuilder:webhook:path=/mutate-pods,mutating=true,failurePolicy=fail,sideEffects=None,groups=core,resources=pods,verbs=*,versions=v1,name=apod.batch.example.com,admissionReviewVersions=v1,reinvocationPolicy=never,matchPolicy=Equivalent

/** BackupWebhook defaults and validates backups. */
export interface BackupWebhook {
  events: EventEmitter;
}

// +kubebuilder:webhook:path=/validate-batch-example-com-v1-backup,mutating=false,failurePolicy=fail,sideEffects=None,groups=batch.example.com,resources=backups,verbs=create;update,versions=v1,name=vbackup.batch.example.com,admissionReviewVersions=v1
// +kubebuilder:webhook:url="https://admission.example.com:8443/validate-schedules",mutating=false,failurePolicy=ignore,matchPolicy=Exact,sideEffects=NoneOnDryRun,timeoutSeconds=30,groups=batch.example.com,resources=schedules,verbs=delete,versions=v1,name=vschedule.batch.example.com,admissionReviewVersions=v1
// +kubebuilder:webhook:path=/validate-any,mutating=false,failurePolicy=Fail,sideEffects=None,timeoutSeconds=1,groups=*,resources=*,verbs=*,versions=*,name=aany.batch.example.com,admissionReviewVersions={v1,v1beta1},servicePort=443
