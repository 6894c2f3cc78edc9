// The visible step indicator of Sign Up and the Forgot Password stepper: numbered circles, done steps ticked, the
// current step marked with aria-current for screen readers.
import { Box, Flex, Text } from '@chakra-ui/react';

interface StepIndicatorProps {
  label: string;
  steps: readonly string[];
  current: number;
}

export function StepIndicator({ label, steps, current }: StepIndicatorProps) {
  return (
    <Flex as="ol" aria-label={label} listStyleType="none" align="flex-start" mb={{ base: '6', md: '8' }} gap="0">
      {steps.map((title, index) => {
        const done = index < current;
        const active = index === current;
        return (
          <Flex
            as="li"
            key={title}
            aria-current={active ? 'step' : undefined}
            flex="1"
            direction="column"
            align="center"
            position="relative"
            textAlign="center"
          >
            {index > 0 ? (
              <Box
                aria-hidden="true"
                position="absolute"
                top="4"
                right="50%"
                width="calc(100% - 2.5rem)"
                mr="5"
                h="2px"
                borderRadius="full"
                bg={index <= current ? 'brand.leaf' : 'brand.line'}
              />
            ) : null}
            <Flex
              aria-hidden="true"
              w="8"
              h="8"
              borderRadius="full"
              align="center"
              justify="center"
              fontSize="sm"
              fontWeight="semibold"
              borderWidth="2px"
              borderColor={done || active ? 'brand.leaf' : 'brand.line'}
              bg={done ? 'brand.leaf' : active ? 'brand.leafSoft' : 'white'}
              color={done ? 'white' : active ? 'brand.leaf' : 'brand.muted'}
            >
              {done ? '✓' : index + 1}
            </Flex>
            <Text
              mt="2"
              px="1"
              fontSize={{ base: 'xs', md: 'sm' }}
              fontWeight={active ? 'semibold' : 'medium'}
              color={active || done ? 'brand.leaf' : 'brand.muted'}
              lineHeight="1.3"
            >
              {title}
              {done ? <Box as="span" srOnly>{' (done)'}</Box> : null}
            </Text>
          </Flex>
        );
      })}
    </Flex>
  );
}
