// A category's trigger button in the header, shared by the real menu and the look-alike shown until it loads.
import { Button } from '@chakra-ui/react';
import type { ComponentProps } from 'react';
import type { HeaderCategory } from '../../../domain/catalog';
import { ChevronDownIcon } from '../../components/icons';

type TriggerProps = ComponentProps<typeof Button> & { category: HeaderCategory };

export function CategoryTrigger({ category, ...props }: TriggerProps) {
  return (
    <Button variant="ghost" size="sm" color="brand.ink" fontWeight="500" _hover={{ color: 'brand.leaf', bg: 'brand.leafSoft' }} {...props}>
      {category.categoryName}
      <ChevronDownIcon size={16} />
    </Button>
  );
}
