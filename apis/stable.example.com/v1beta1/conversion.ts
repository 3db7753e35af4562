/**
 * Hand-written conversions between v1beta1 and the hub v1 (the storage version), for the field the generator
 * cannot match by name: v1beta1 `cronSpec` is v1 `schedule`. Named by the convention in docs/conversion.md:
 * `convert_<fromVersion>_<FromType>_<field>_To_<toVersion>`.
 */
import type { CronTabSpec } from './crontab';
import type { CronTabSpec as HubCronTabSpec } from '../v1/crontab';

/** v1beta1 `cronSpec` → v1 `schedule`. */
export function convert_v1beta1_CronTabSpec_cronSpec_To_v1(in_: CronTabSpec, out: HubCronTabSpec): void {
  out.schedule = in_.cronSpec;
}

/** v1 `schedule` → v1beta1 `cronSpec`. */
export function convert_v1_CronTabSpec_schedule_To_v1beta1(in_: HubCronTabSpec, out: CronTabSpec): void {
  out.cronSpec = in_.schedule;
}
