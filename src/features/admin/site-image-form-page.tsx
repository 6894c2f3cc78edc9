// /heroimageform and /bannerbottomimage (SPEC.md §2, §5): one form per banner, a desktop and a mobile picker each
// showing the image the shop serves now. The admin form machine refuses an oversized or missing image and stays on
// the form after a save, counting saves so the previews ask for the fresh image.
import { Box, Image, Stack, Text } from '@chakra-ui/react';
import type { PickedFile } from '../../../domain/admin-forms';
import type { SiteImageSlot } from '../../../domain/site-images';
import type { AdminFormOutcome } from '../../../machines/admin-form.machine';
import { uploadSiteImage } from '../../api/admin';
import { heroImageUrl } from '../../api/image-urls';
import { paths } from '../../app/paths';
import { AdminFormFrame } from './admin-form-frame';
import { AdminImagePicker } from './admin-fields';
import { AdminPage } from './admin-page';
import { useAdminForm } from './use-admin-form';

interface SiteImageForm {
  form: 'heroImage' | 'bannerBottomImage';
  title: string;
  desktop: SiteImageSlot;
  mobile: SiteImageSlot;
}

const heroForm: SiteImageForm = { form: 'heroImage', title: 'Hero image Form', desktop: 'topbannerimg', mobile: 'topbannermobileimg' };
const bottomForm: SiteImageForm = {
  form: 'bannerBottomImage',
  title: 'Bottom Banner image Form',
  desktop: 'bottombannerimg',
  mobile: 'bottombannermobileimg',
};

const imageHelp = 'PNG or JPEG, at most 300 KB';

/** Nothing to load: the form starts empty and the previews come straight from the image endpoint. */
const loadNothing = () => Promise.resolve({ values: {}, record: null });

/** Uploads what was picked, desktop first; the first refusal stops the rest and is what the admin reads. */
async function uploadPicked(spec: SiteImageForm, files: Record<string, PickedFile[]>): Promise<AdminFormOutcome> {
  const uploads: [string, SiteImageSlot][] = [
    ['desktop', spec.desktop],
    ['mobile', spec.mobile],
  ];
  for (const [input, slot] of uploads) {
    const file = files[input]?.[0];
    if (!(file instanceof Blob)) continue;
    const outcome = await uploadSiteImage(slot, file);
    if (!outcome.ok) return outcome;
  }
  return { ok: true };
}

/** The image the shop serves now; `saves` in the address makes the browser fetch it again after an upload. */
function CurrentImage({ slot, saves, alt, narrow }: { slot: SiteImageSlot; saves: number; alt: string; narrow: boolean }) {
  return (
    <Stack gap="1" w="full" maxW={narrow ? '2xs' : 'full'}>
      <Text fontSize="xs" letterSpacing="0.12em" textTransform="uppercase" color="brand.goldText" fontWeight="600">
        On the shop now
      </Text>
      <Image
        src={`${heroImageUrl(slot)}&v=${saves}`}
        alt={alt}
        w="full"
        minH="16"
        objectFit="contain"
        rounded="md"
        bg="brand.roseSoft"
        borderWidth="1px"
        borderColor="brand.line"
      />
    </Stack>
  );
}

function SiteImageFormView({ spec }: { spec: SiteImageForm }) {
  const actor = useAdminForm(spec.form, {
    load: loadNothing,
    submit: ({ files }) => uploadPicked(spec, files),
    // Banner forms stay after a save (redirectDelayMs null), so this is never followed.
    listPath: paths.dashboard,
  });
  const { saves } = actor[0].context;
  return (
    <AdminPage title={spec.title} narrow>
      <AdminFormFrame actor={actor} title={spec.title} submitLabel="Upload">
        <Stack gap="3">
          <AdminImagePicker actor={actor} input="desktop" label="Desktop image" helperText={imageHelp} />
          <CurrentImage slot={spec.desktop} saves={saves} alt="Current desktop image" narrow={false} />
        </Stack>
        <Box h="1px" bg="brand.line" />
        <Stack gap="3">
          <AdminImagePicker actor={actor} input="mobile" label="Mobile image" helperText={imageHelp} />
          <CurrentImage slot={spec.mobile} saves={saves} alt="Current mobile image" narrow />
        </Stack>
      </AdminFormFrame>
    </AdminPage>
  );
}

export const HeroImagePage = () => <SiteImageFormView spec={heroForm} />;
export const BannerBottomImagePage = () => <SiteImageFormView spec={bottomForm} />;
