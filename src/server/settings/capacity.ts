import type { z } from 'zod';
import { VANS_LABEL } from '../../shared/domain/settings';
import type { capacityForm, CapacityView } from '../../shared/schemas/capacity';
import type { AppDeps } from '../deps';
import { recordSettingChanges } from '../history/history';
import { lockSetting, readSettings, writeSetting } from './store';

export async function readCapacity(deps: Pick<AppDeps, 'settings'>): Promise<CapacityView> {
  return { vans: (await deps.settings.current()).capacity.vans };
}

/**
 * Stores the vans on the road and its history line in one transaction (decisions 280 and 302); the
 * same number again writes nothing. Booked jobs stay where they are: lowering the vans cancels
 * none, their slots simply show full until enough of them end.
 */
export async function updateCapacity(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock' | 'settings'>,
  form: z.output<typeof capacityForm>,
  actorId: string,
): Promise<CapacityView> {
  const at = deps.clock.now();
  const saved = await deps.db.transaction(async (tx) => {
    await lockSetting(tx, 'capacity');
    const before = (await readSettings(tx, deps.config)).capacity;
    if (before.vans === form.vans) return before;
    await writeSetting(tx, 'capacity', { vans: form.vans }, actorId, at);
    await recordSettingChanges(tx, [
      {
        subject: 'capacity',
        label: VANS_LABEL,
        at,
        actorId,
        kind: 'changed',
        field: VANS_LABEL,
        from: String(before.vans),
        to: String(form.vans),
      },
    ]);
    return { vans: form.vans };
  });
  deps.settings.forget();
  return { vans: saved.vans };
}
