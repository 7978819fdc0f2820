import { formatCents } from '../../shared/domain/money';
import type { Fees } from '../../shared/domain/settings';
import { FEE_LABELS } from '../../shared/domain/settings';
import { feesFromView, type FeesView, type feesForm } from '../../shared/schemas/settings';
import type { z } from 'zod';
import type { AppDeps } from '../deps';
import { recordSettingChanges, type SettingChange } from '../history/history';
import { lockSetting, readSettings, writeSetting } from './store';

/** The fees as the dashboard and the public pages read them (decision 290: estimates are made from the fees). */
export function feesView(fees: Fees): FeesView {
  return {
    callout: formatCents(fees.callout),
    punctureRepair: formatCents(fees.punctureRepair),
    fittingPerTyre: formatCents(fees.fittingPerTyre),
    balancingPerTyre: formatCents(fees.balancingPerTyre),
    prepaidDiscount: formatCents(fees.prepaidDiscount),
    cardSurchargePercent: formatCents(fees.cardSurchargeBasisPoints),
    estimates: {
      punctureRepair: formatCents(fees.callout + fees.punctureRepair),
      batteryOrEmergency: formatCents(fees.callout),
    },
  };
}

export async function readFees(deps: Pick<AppDeps, 'settings'>): Promise<FeesView> {
  return feesView((await deps.settings.current()).fees);
}

/**
 * Stores the fees and one history line per changed field, in one transaction (decision 280); a
 * form saved unchanged writes nothing. New quotes use them at once; booked jobs keep their price.
 */
export async function updateFees(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock' | 'settings'>,
  form: z.output<typeof feesForm>,
  actorId: string,
): Promise<FeesView> {
  const next = feesFromView(form);
  const at = deps.clock.now();
  const saved = await deps.db.transaction(async (tx) => {
    await lockSetting(tx, 'fees');
    const before = (await readSettings(tx, deps.config)).fees;
    const was = feesView(before);
    const now = feesView(next);
    const changes: SettingChange[] = (Object.keys(FEE_LABELS) as (keyof typeof FEE_LABELS)[])
      .filter((key) => was[key] !== now[key])
      .map((key) => ({
        subject: 'fees',
        label: 'Fees',
        at,
        actorId,
        kind: 'changed',
        field: FEE_LABELS[key],
        from: was[key],
        to: now[key],
      }));
    if (changes.length === 0) return before;
    await writeSetting(tx, 'fees', next, actorId, at);
    await recordSettingChanges(tx, changes);
    return next;
  });
  deps.settings.forget();
  return feesView(saved);
}
