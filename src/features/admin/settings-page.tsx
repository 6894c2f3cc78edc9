// /adminsettings (Settings, issue 41): the shop's legal details printed on its GST documents, the documents' number
// prefixes and the accountant's settings. The admin form machine (shopSettings) owns the rules (the server's, from
// domain/shop-settings.ts), messages and toasts; this module only says how the form loads and saves.
import { gstCodeOf, shopState } from '../../../domain/indian-states';
import { prefixMax } from '../../../domain/shop-settings';
import type { ShopSettings } from '../../../domain/shop-settings';
import { getShopSettings, saveShopSettings } from '../../api/admin';
import { paths } from '../../app/paths';
import { AdminFormFrame } from './admin-form-frame';
import { AdminPage } from './admin-page';
import { AdminReadOnlyField, AdminSelect, AdminTextField } from './admin-fields';
import { useAdminForm } from './use-admin-form';

const placeOfSupplyChoices = [
  { value: 'delivery', label: 'Where it is delivered (default)' },
  { value: 'buyer', label: 'The buyer’s own address' },
];

const formValues = (settings: ShopSettings): Record<string, string> => ({
  legalName: settings.legalName,
  tradeName: settings.tradeName,
  address: settings.address,
  gstin: settings.gstin,
  invoicePrefix: settings.invoicePrefix,
  creditNotePrefix: settings.creditNotePrefix,
  signatory: settings.signatory,
  lowStockThreshold: String(settings.lowStockThreshold),
  giftPlaceOfSupply: settings.giftPlaceOfSupply,
});

const settingsOf = (values: Record<string, string>): ShopSettings => ({
  legalName: values.legalName ?? '',
  tradeName: values.tradeName ?? '',
  address: values.address ?? '',
  state: shopState,
  gstin: values.gstin ?? '',
  invoicePrefix: values.invoicePrefix ?? '',
  creditNotePrefix: values.creditNotePrefix ?? '',
  signatory: values.signatory ?? '',
  lowStockThreshold: Number(values.lowStockThreshold ?? ''),
  giftPlaceOfSupply: values.giftPlaceOfSupply === 'buyer' ? 'buyer' : 'delivery',
});

export function SettingsPage() {
  const actor = useAdminForm('shopSettings', {
    load: async () => {
      const settings = await getShopSettings();
      return { values: formValues(settings), record: settings };
    },
    submit: ({ values }) => saveShopSettings(settingsOf(values)),
    listPath: paths.dashboard,
  });
  return (
    <AdminPage title="Settings" back={{ to: paths.dashboard, label: 'Dashboard' }} narrow>
      <AdminFormFrame actor={actor} title="Settings" submitLabel="Save">
        <AdminTextField actor={actor} name="legalName" label="Legal name" helperText="As registered for GST, printed on every invoice" />
        <AdminTextField actor={actor} name="tradeName" label="Trade name" helperText="The name the shop trades under" />
        <AdminTextField actor={actor} name="address" label="Address" multiline helperText="The principal place of business, one line per line" />
        <AdminReadOnlyField
          name="state"
          label="State and GST state code"
          value={`${shopState} (${gstCodeOf(shopState)})`}
          helperText="Tax is worked out for a shop in this state; the GSTIN must be of it"
        />
        <AdminTextField actor={actor} name="gstin" label="GSTIN" helperText={`15 characters, starting with ${gstCodeOf(shopState)}`} />
        <AdminTextField
          actor={actor}
          name="invoicePrefix"
          label="Invoice number prefix"
          helperText={`Letters, digits, - and /; at most ${prefixMax}: PS gives PS/26-27/000123`}
        />
        <AdminTextField actor={actor} name="creditNotePrefix" label="Credit note prefix" helperText="Its own series, e.g. CN" />
        <AdminTextField actor={actor} name="signatory" label="Signatory" helperText="Who signs the invoices for the shop" />
        <AdminTextField actor={actor} name="lowStockThreshold" label="Low stock below" inputMode="numeric" helperText="A flower with fewer in stock counts as low" />
        <AdminSelect
          actor={actor}
          name="giftPlaceOfSupply"
          label="Place of supply of a gift"
          placeholder="Choose"
          choices={placeOfSupplyChoices}
          helperText="Ask your accountant: the law names the buyer’s place for goods sent to someone else on their word"
        />
      </AdminFormFrame>
    </AdminPage>
  );
}
