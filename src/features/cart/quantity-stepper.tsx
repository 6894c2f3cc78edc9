// − quantity + in one soft pill. Bounds come from the caller; a busy stepper keeps its buttons focusable (clicks are
// ignored by the machine) so keyboard focus is not lost while a change is saved.
import { Box, HStack, IconButton, Spinner, Text } from '@chakra-ui/react';
import { MinusIcon, PlusIcon } from '../../components/icons';

interface QuantityStepperProps {
  name: string;
  quantity: number;
  canDecrease: boolean;
  canIncrease: boolean;
  busy: boolean;
  onDecrease: () => void;
  onIncrease: () => void;
}

const stepStyles = {
  size: 'sm',
  variant: 'ghost',
  rounded: 'full',
  color: 'brand.leaf',
  _hover: { bg: 'brand.leafSoft' },
  _disabled: { color: 'brand.muted', opacity: 0.45, cursor: 'not-allowed', _hover: { bg: 'transparent' } },
} as const;

export function QuantityStepper({ name, quantity, canDecrease, canIncrease, busy, onDecrease, onIncrease }: QuantityStepperProps) {
  return (
    <HStack
      role="group"
      aria-label={`Quantity of ${name}`}
      aria-busy={busy}
      gap="1"
      p="1"
      borderWidth="1px"
      borderColor="brand.line"
      rounded="full"
      bg="brand.cream"
    >
      <IconButton {...stepStyles} aria-label={`Decrease quantity of ${name}`} disabled={!canDecrease} onClick={onDecrease}>
        <MinusIcon size={16} strokeWidth={1.8} />
      </IconButton>
      <Box minW="8" textAlign="center" aria-live="polite">
        {busy ? (
          <Spinner size="xs" color="brand.leaf" aria-label={`Updating ${name}`} />
        ) : (
          <Text as="span" fontWeight="600" fontVariantNumeric="tabular-nums" color="brand.ink">
            {quantity}
          </Text>
        )}
      </Box>
      <IconButton {...stepStyles} aria-label={`Increase quantity of ${name}`} disabled={!canIncrease} onClick={onIncrease}>
        <PlusIcon size={16} strokeWidth={1.8} />
      </IconButton>
    </HStack>
  );
}
