import type { WidgetSpec } from './widget';
import type { WidgetSpec as HubWidgetSpec } from '../v1/widget';

export function convert_v1beta1_WidgetSpec_cron_To_v1(in_: WidgetSpec, out: HubWidgetSpec): void {
  out.schedule = in_.cron;
}

export function convert_v1_WidgetSpec_schedule_To_v1beta1(in_: HubWidgetSpec, out: WidgetSpec): void {
  out.cron = in_.schedule;
}
