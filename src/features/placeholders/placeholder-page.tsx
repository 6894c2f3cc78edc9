// A tidy stand-in for a screen whose issue has not landed yet: its title from the spec and a short note.
import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { FlowerMark } from '../../components/icons';
import { paths } from '../../app/paths';

export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Stack align="center" textAlign="center" gap="5" py={{ base: '16', md: '28' }} px="6" maxW="xl" mx="auto">
      <FlowerMark size={44} />
      <Heading as="h1" fontSize={{ base: '3xl', md: '5xl' }} color="brand.leaf" fontWeight="600">
        {title}
      </Heading>
      <Text color="brand.muted" fontSize="lg">
        This part of the shop opens soon.
      </Text>
      <Button asChild variant="outline" colorPalette="leaf" rounded="full" px="8">
        <RouterLink to={paths.home}>Continue browsing</RouterLink>
      </Button>
    </Stack>
  );
}
