import { z } from 'zod';
import { systemAlert, systemHealth } from '../schemas/system';
import { defineContract } from './contract';

/**
 * The system's health for the owner (docs/decisions/400-system-health.md): admin only, a technician
 * gets 403. Prometheus reads /metrics, which is no API route (src/server/system/metrics.ts).
 */
export const system = {
  health: defineContract({
    method: 'GET',
    path: '/api/admin/system',
    access: 'admin',
    summary:
      "The system's figures: version, instances and their uptime, the last backup, messages waiting, free disk, database size, the TLS certificate's expiry, and the problems raised.",
    response: systemHealth,
  }),
  alerts: defineContract({
    method: 'GET',
    path: '/api/admin/system/alerts',
    access: 'admin',
    summary:
      "The problems the owner has been told of that have not cleared (an old backup, a message waiting, a full disk): the dashboard's banner.",
    response: z.array(systemAlert),
  }),
};
