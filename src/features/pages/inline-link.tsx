// A link inside running text to another screen of the shop, styled like the rest of the prose links.
import type { ReactNode } from 'react';
import { Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

export function InlineLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link asChild color="brand.leaf" fontWeight="medium" textDecoration="underline">
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}
