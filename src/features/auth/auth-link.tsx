// A link between the account screens (Sign In, Sign Up, Forgot Password), in the shop's leaf green.
import type { ReactNode } from 'react';
import { Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link asChild color="brand.leaf" fontWeight="medium" textDecoration="underline" textUnderlineOffset="3px">
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}
