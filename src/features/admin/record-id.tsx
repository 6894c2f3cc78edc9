// The update screens' record id from the route, and what they show for an id no record can have (no call is made).
import { Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

/** A positive 32-bit row id, or null: such a route names no record, so the page asks the server nothing. */
export function rowIdOf(param: string | undefined): number | null {
  return param !== undefined && /^[1-9]\d{0,8}$/.test(param) ? Number(param) : null;
}

export function MissingRecord({ message, back }: { message: string; back: { to: string; label: string } }) {
  return (
    <Stack align="center" gap="3" py="6" textAlign="center">
      <Text color="brand.muted">{message}</Text>
      <Link asChild color="brand.leaf" fontWeight="medium">
        <RouterLink to={back.to}>{back.label}</RouterLink>
      </Link>
    </Stack>
  );
}
