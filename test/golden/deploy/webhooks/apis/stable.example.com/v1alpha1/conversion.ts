import type { CronTabSpec } from './crontab';
import type { CronTabSpec as HubCronTabSpec } from '../v1/crontab';

export function convert_v1alpha1_CronTabSpec_cronSpec_To_v1(in_: CronTabSpec, out: HubCronTabSpec): void {
  out.schedule = in_.cronSpec;
}

export function convert_v1_CronTabSpec_schedule_To_v1alpha1(in_: HubCronTabSpec, out: CronTabSpec): void {
  out.cronSpec = in_.schedule;
}
