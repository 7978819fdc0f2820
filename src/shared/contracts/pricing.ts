import { z } from 'zod';
import { tyrePriceResponse } from '../schemas/pricing';
import { defineContract } from './contract';

export const pricing = {
  tyrePrice: defineContract({
    method: 'GET',
    path: '/api/tyre-pricing/:size',
    access: 'public',
    summary: 'The price of one tyre of a size (205/55R16); 404 with callbackRequired when the size has no price.',
    params: z.object({ size: z.string().max(40) }),
    response: tyrePriceResponse,
  }),
};
