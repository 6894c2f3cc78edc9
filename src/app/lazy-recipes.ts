// The recipes of the Chakra components that only lazy parts of the app draw: forms, dialogs, the drawer, menus, tables,
// tabs, toasts. They load beside the first lazy part (loadLazyPart, src/app/lazy-route.ts) instead of with a first
// visit's download, and join the shop's system before that part renders. Recipes that components use inside other
// components come along: the checkbox's checkmark, the radio group's radiomark, the input group's addon.
import { alertSlotRecipe } from '@chakra-ui/react/theme/recipes/alert';
import { badgeRecipe } from '@chakra-ui/react/theme/recipes/badge';
import { checkboxSlotRecipe } from '@chakra-ui/react/theme/recipes/checkbox';
import { checkmarkRecipe } from '@chakra-ui/react/theme/recipes/checkmark';
import { containerRecipe } from '@chakra-ui/react/theme/recipes/container';
import { dialogSlotRecipe } from '@chakra-ui/react/theme/recipes/dialog';
import { drawerSlotRecipe } from '@chakra-ui/react/theme/recipes/drawer';
import { fieldSlotRecipe } from '@chakra-ui/react/theme/recipes/field';
import { fieldsetSlotRecipe } from '@chakra-ui/react/theme/recipes/fieldset';
import { iconRecipe } from '@chakra-ui/react/theme/recipes/icon';
import { inputAddonRecipe } from '@chakra-ui/react/theme/recipes/input-addon';
import { inputRecipe } from '@chakra-ui/react/theme/recipes/input';
import { listSlotRecipe } from '@chakra-ui/react/theme/recipes/list';
import { menuSlotRecipe } from '@chakra-ui/react/theme/recipes/menu';
import { nativeSelectSlotRecipe } from '@chakra-ui/react/theme/recipes/native-select';
import { radioGroupSlotRecipe } from '@chakra-ui/react/theme/recipes/radio-group';
import { radiomarkRecipe } from '@chakra-ui/react/theme/recipes/radiomark';
import { separatorRecipe } from '@chakra-ui/react/theme/recipes/separator';
import { tableSlotRecipe } from '@chakra-ui/react/theme/recipes/table';
import { tabsSlotRecipe } from '@chakra-ui/react/theme/recipes/tabs';
import { textareaRecipe } from '@chakra-ui/react/theme/recipes/textarea';
import { toastSlotRecipe } from '@chakra-ui/react/theme/recipes/toast';
import { addRecipes } from './theme';
import type { Recipes } from './theme';

export const lazyPartsRecipes: Recipes = {
  recipes: {
    badge: badgeRecipe,
    checkmark: checkmarkRecipe,
    container: containerRecipe,
    icon: iconRecipe,
    input: inputRecipe,
    inputAddon: inputAddonRecipe,
    radiomark: radiomarkRecipe,
    separator: separatorRecipe,
    textarea: textareaRecipe,
  },
  slotRecipes: {
    alert: alertSlotRecipe,
    checkbox: checkboxSlotRecipe,
    dialog: dialogSlotRecipe,
    drawer: drawerSlotRecipe,
    field: fieldSlotRecipe,
    fieldset: fieldsetSlotRecipe,
    list: listSlotRecipe,
    menu: menuSlotRecipe,
    nativeSelect: nativeSelectSlotRecipe,
    radioGroup: radioGroupSlotRecipe,
    table: tableSlotRecipe,
    tabs: tabsSlotRecipe,
    toast: toastSlotRecipe,
  },
};

addRecipes(lazyPartsRecipes);
