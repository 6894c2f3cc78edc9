// A user as the shop stores them and shows them back: the account's own details and the admin's customer lists alike.
import { z } from 'zod/mini';

/** `id` is the user's external id; names and mobile stay null until the user fills them in. */
export const storedUser = z.object({
  id: z.string(),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  email: z.string(),
  mobileNumber: z.nullable(z.string()),
});
