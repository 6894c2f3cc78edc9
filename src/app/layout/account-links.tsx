// The account menu of SPEC.md §2 "Header": Sign In / Sign Up for visitors; My Account, Dashboard (flagged users
// only) and Log Out once signed in. `layout` picks the header row or the off-canvas list.
import { Button, Stack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../paths';
import { useSession } from '../session-store';
import { useLogOut } from '../use-log-out';

interface AccountLinksProps {
  layout: 'row' | 'list';
  onNavigate?: () => void;
}

export function AccountLinks({ layout, onNavigate }: AccountLinksProps) {
  const session = useSession();
  const logOut = useLogOut();
  const list = layout === 'list';
  const linkStyle = {
    variant: 'ghost' as const,
    size: list ? ('md' as const) : ('sm' as const),
    color: 'brand.ink',
    fontWeight: '500',
    justifyContent: list ? 'flex-start' : 'center',
    px: list ? '0' : '3',
    _hover: { color: 'brand.leaf', bg: list ? 'transparent' : 'brand.leafSoft' },
  };

  const links = session.isLoggedIn
    ? [
        { label: 'My Account', to: paths.account },
        ...(session.hasDashboardAccess ? [{ label: 'Dashboard', to: paths.dashboard }] : []),
      ]
    : [
        { label: 'Sign In', to: paths.login },
        { label: 'Sign Up', to: paths.signup },
      ];

  return (
    <Stack direction={list ? 'column' : 'row'} gap={list ? '1' : '0'} align={list ? 'stretch' : 'center'}>
      {links.map((link) => (
        <Button key={link.to} asChild {...linkStyle}>
          <RouterLink to={link.to} onClick={onNavigate}>
            {link.label}
          </RouterLink>
        </Button>
      ))}
      {session.isLoggedIn ? (
        <Button
          {...linkStyle}
          onClick={() => {
            onNavigate?.();
            logOut();
          }}
        >
          Log Out
        </Button>
      ) : null}
    </Stack>
  );
}
