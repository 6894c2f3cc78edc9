// The shop's Chakra system as a lazy page meets it in the app: the recipes of the lazy parts' components have loaded
// with the page (src/app/lazy-recipes.ts). Tests that render such a page on its own take the system from here.
import '../../src/app/lazy-recipes';

export { shopSystem } from '../../src/app/theme';
