/**
 * The small parts a tyre job uses besides the tyres (docs/decisions/432-valves-and-tpms-sensors.md):
 * valves and TPMS sensors, priced by the owner like every price, GST included.
 */
export const TYRE_PART_KINDS = ['valve', 'tpms-sensor'] as const;
export type TyrePartKind = (typeof TYRE_PART_KINDS)[number];

export const TYRE_PART_KIND_LABELS: Readonly<Record<TyrePartKind, string>> = {
  valve: 'Valve',
  'tpms-sensor': 'TPMS sensor',
};

/** At most this many of one part on one job in one go: more is a typing slip. */
export const TYRE_PART_MAX_QUANTITY = 20;
