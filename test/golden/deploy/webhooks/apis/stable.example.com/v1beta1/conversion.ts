/**
 * Hand-written conversions between v1beta1 and the hub v1, for the fields the generator cannot match
 * (see docs/conversion.md for the naming convention).
 */
import type { CronTabSpec } from './crontab';
import type { CronTabSpec as HubCronTabSpec } from '../v1/crontab';

/** v1beta1 `cronSpec` was renamed `schedule` in v1. */
export function convert_v1beta1_CronTabSpec_cronSpec_To_v1(in_: CronTabSpec, out: HubCronTabSpec): void {
  out.schedule = in_.cronSpec;
}

export function convert_v1_CronTabSpec_schedule_To_v1beta1(in_: HubCronTabSpec, out: CronTabSpec): void {
  out.cronSpec = in_.schedule;
}

/** v1beta1 `timeout` is a string of seconds (`30s`), v1 `timeout` an integer number of seconds. */
export function convert_v1beta1_CronTabSpec_timeout_To_v1(in_: CronTabSpec, out: HubCronTabSpec): void {
  if (typeof in_.timeout !== 'string' || !/^-?\d+s$/.test(in_.timeout)) throw new Error(`invalid timeout ${JSON.stringify(in_.timeout)}`);
  out.timeout = Number(in_.timeout.slice(0, -1));
}

export function convert_v1_CronTabSpec_timeout_To_v1beta1(in_: HubCronTabSpec, out: CronTabSpec): void {
  out.timeout = `${in_.timeout}s`;
}
