// The submit button under a page's form: the shop's leaf pill, stretched to the form's width on phones.
import { Button } from '@chakra-ui/react';
import type { ButtonProps } from '@chakra-ui/react';

export function FormSubmitButton(props: ButtonProps) {
  return <Button type="submit" colorPalette="leaf" size="lg" rounded="full" px="12" alignSelf={{ base: 'stretch', sm: 'flex-start' }} {...props} />;
}
