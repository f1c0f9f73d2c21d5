import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Answers: the data of each route's success envelope (schema.response), see core/response-schema.ts.
// ---------------------------------------------------------------------------------------------

export const dashboardAnswer = z.object({
  userCount: z.number(),
  organizeCount: z.number(),
  positionCount: z.number(),
  roleCount: z.number(),
  onlineUserCount: z.number(),
  signIns: z.array(z.object({ date: z.string(), count: z.number() })),
});
