import { perthToday } from '../../shared/domain/perth-time';
import { isWithinSchedulingHorizon, SCHEDULING_HORIZON_MESSAGE } from '../../shared/domain/slots';
import { invalid } from '../http/errors';

/**
 * Staff schedule at most 12 months ahead of Perth's today (decision 256): a job moved, booked or a
 * slot blocked later is a typing mistake (9999-12-31), refused with 400 naming the field.
 */
export function assertWithinSchedulingHorizon(now: Date, day: string, field: string): void {
  if (!isWithinSchedulingHorizon(day, perthToday(now)))
    throw invalid(SCHEDULING_HORIZON_MESSAGE, { [field]: SCHEDULING_HORIZON_MESSAGE });
}
