import type { z } from 'zod';
import { isAbnNotSet } from '../../shared/domain/abn';
import { formatDaysShort } from '../../shared/domain/business-hours';
import type { BusinessProfile } from '../../shared/domain/settings';
import { BUSINESS_LABELS } from '../../shared/domain/settings';
import type { BusinessView, businessForm } from '../../shared/schemas/settings';
import type { AppDeps } from '../deps';
import { recordSettingChanges, type SettingChange } from '../history/history';
import { lockSetting, readSettings, writeSetting } from './store';

/** The business profile in the form's flat shape: blank text for what is not given. */
export function businessView(b: BusinessProfile): BusinessView {
  return {
    name: b.name,
    abn: isAbnNotSet(b.abn) ? '' : b.abn,
    phone: b.phone,
    email: b.email,
    postalAddress: b.postalAddress,
    gstRegistered: b.gstRegistered,
    gstRegisteredFrom: b.gstRegistered ? b.gstRegisteredFrom : null,
    bankAccountName: b.payment.bank?.accountName ?? '',
    bsb: b.payment.bank?.bsb ?? '',
    bankAccountNumber: b.payment.bank?.accountNumber ?? '',
    payId: b.payment.payId ?? '',
    reviewUrl: b.reviewUrl,
    businessDays: [...b.businessDays].sort((x, y) => x - y),
    overdueReminders: b.overdueReminders,
  };
}

function profileOf(form: z.output<typeof businessForm>): BusinessProfile {
  const bank =
    form.bankAccountName && form.bsb && form.bankAccountNumber
      ? { accountName: form.bankAccountName, bsb: form.bsb, accountNumber: form.bankAccountNumber }
      : undefined;
  return {
    name: form.name,
    abn: form.abn,
    phone: form.phone,
    email: form.email,
    postalAddress: form.postalAddress,
    gstRegistered: form.gstRegistered,
    // A start date means nothing for a business not registered for GST.
    gstRegisteredFrom: form.gstRegistered ? form.gstRegisteredFrom : null,
    payment: { ...(bank ? { bank } : {}), ...(form.payId ? { payId: form.payId } : {}) },
    reviewUrl: form.reviewUrl,
    businessDays: form.businessDays,
    overdueReminders: form.overdueReminders,
  };
}

/** A field's value as the history shows it: "Yes"/"No", "Mon-Fri", blank as "(none)". */
function shown(key: keyof BusinessView, view: BusinessView): string {
  const value = view[key];
  if (key === 'businessDays') return formatDaysShort(value as number[]);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (key === 'abn' && value === '') return '(not set yet)';
  return value === null || value === '' ? '(none)' : String(value);
}

export async function readBusiness(deps: Pick<AppDeps, 'settings'>): Promise<BusinessView> {
  return businessView((await deps.settings.current()).business);
}

/**
 * Stores the business profile and one history line per changed field, in one transaction (decision
 * 280). Pages, emails and invoices read it when they are made, so nothing keeps an old copy.
 */
export async function updateBusiness(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock' | 'settings'>,
  form: z.output<typeof businessForm>,
  actorId: string,
): Promise<BusinessView> {
  const next = profileOf(form);
  const at = deps.clock.now();
  const saved = await deps.db.transaction(async (tx) => {
    await lockSetting(tx, 'business');
    const before = (await readSettings(tx, deps.config)).business;
    const was = businessView(before);
    const now = businessView(next);
    const changes: SettingChange[] = (Object.keys(BUSINESS_LABELS) as (keyof BusinessView)[])
      .filter((key) => shown(key, was) !== shown(key, now))
      .map((key) => ({
        subject: 'business',
        label: 'Business profile',
        at,
        actorId,
        kind: 'changed',
        field: BUSINESS_LABELS[key],
        from: shown(key, was),
        to: shown(key, now),
      }));
    if (changes.length === 0) return before;
    await writeSetting(tx, 'business', next, actorId, at);
    await recordSettingChanges(tx, changes);
    return next;
  });
  deps.settings.forget();
  return businessView(saved);
}
